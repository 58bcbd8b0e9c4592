"""A table's settings in words, for its page: who sits there, the count kept, what is graded,
the mode, and the pace and distraction it is dealt with. Each part is a catalogue phrase of its
own, the parts a list (``"; "``), so that each is said whole in the learner's language."""

from __future__ import annotations

from fractions import Fraction

from babel import numbers as babel_numbers

from drills.table_session import DISTRACTIONS, PACES, TableSpec
from trainer.words import MINUS, N_, locale, plural, say

__all__ = ["settings_words"]

# What is graded, as the settings' line names it (the set-up form's words, short).
_GRADED = {
    "strategy": N_("basic strategy"),
    "deviations": N_("deviations"),
    "bets": N_("bets"),
    "insurance": N_("insurance and even money"),
    "counts": N_("counts"),
    "tray": N_("the discard tray"),
    "cover": N_("cover"),
}
_ROUNDING = {
    "floor": N_("rounded down"),
    "truncate": N_("rounded toward zero"),
    "round": N_("rounded to the nearest"),
}
_STEP = {
    "full": N_("to the full deck"),
    "half": N_("to the half deck"),
    "quarter": N_("to the quarter deck"),
}


def settings_words(spec: TableSpec) -> str:
    """The table's settings in one line, for its page."""
    parts = [say("%(seats)s, %(boxes)s", seats=plural("%(count)s other seat",
             "%(count)s other seats", spec.others), boxes=_boxes(spec))]  # fmt: skip
    if spec.co_bettors:
        parts[0] = plural(
            "%(seats)s, %(count)s co-bettor on each",
            "%(seats)s, %(count)s co-bettors on each",
            spec.co_bettors,
            seats=parts[0],
        )
    if spec.graded - {"strategy", "insurance"}:
        # The count named where something graded reads it (insurance by the count is graded
        # with the deviations only).
        parts.append(
            say(
                "%(system)s (%(rounding)s, decks %(step)s)",
                system=spec.system.name,
                rounding=say(_ROUNDING.get(spec.convention, spec.convention)),
                step=say(_STEP.get(spec.resolution, spec.resolution)),
            )
        )
    # Where the players deal no index play is graded (the count study is the casino's), and a
    # bet only where the learner may punt (a punter's stake, made on their cards: 002 home,
    # where the deal passes, or a punter's seat at 004); insurance only where it is offered.
    banks_only = spec.deals and spec.rules.players_bank and not spec.punter_seat
    moot = (
        ({"deviations"} if spec.deals else set())
        | ({"bets"} if banks_only else set())
        | (set() if spec.rules.insurance else {"insurance"})
    )
    graded = [say(_GRADED[g]) for g in _GRADED if g in spec.graded - moot]
    if banks_only and "strategy" in spec.graded:  # the learner's draws are the bank's (004)
        graded[0] = say("the banker's draws")
    parts.append(
        say("graded: %(what)s", what=", ".join(graded)) if graded else say("graded: nothing")
    )
    parts.append(_mode_words(spec))
    parts += _conditions_words(spec)
    return "; ".join(parts)


def _boxes(spec: TableSpec) -> str:
    """Whose the boxes are, or where the players deal, whose the deal (or the bank) is."""
    if not spec.deals:
        return plural("%(count)s box of yours", "%(count)s boxes of yours", spec.boxes)
    seat = spec.punter_seat
    if spec.rules.players_bank:
        if seat:
            return say("a start at seat %(seat)s from the banker's left (the bank passes left"
                       " after the talia)", seat=str(seat))  # fmt: skip
        return say("the bank held by you (the bank passes left after the talia)")
    if spec.rules.deal_auction:  # a natural's deal is sold, not taken (002's auction)
        if seat:
            return say("a start at seat %(seat)s from the dealer's left (the deal is sold"
                       " when a natural would take it)", seat=str(seat))  # fmt: skip
        return say("the deal held by you first (it is sold when a natural would take it)")
    if seat:
        return say("a start at seat %(seat)s from the dealer's left (the deal passes to"
                   " naturals)", seat=str(seat))  # fmt: skip
    return say("the deal held by you first (it passes to naturals)")


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _conditions_words(spec: TableSpec) -> list[str]:
    """The pace and the distraction, where there are any (with JavaScript)."""
    said = []
    if spec.pace:
        said.append(_lower_first(say(PACES[str(spec.pace)])))
    if spec.distraction != "none":
        said.append(_lower_first(say(DISTRACTIONS[spec.distraction])))
    return said


def _share_of_a_bet(value: Fraction) -> str:
    """A threshold in bets to at most three places ("0.05"; "0,05" in Russian)."""
    text = babel_numbers.format_decimal(float(value), format="#,##0.###", locale=locale())
    return text.replace("-", MINUS)


def _mode_words(spec: TableSpec) -> str:
    """The mode, and in training what it stops for."""
    if spec.mode != "training":
        return say("test mode")
    if spec.stop_at == 0:
        if spec.stop_unpriced:
            return say("training mode, stopping for every mistake")
        return say("training mode, stopping for every mistake, not for a count")
    at = _share_of_a_bet(spec.stop_at)
    if spec.stop_unpriced:
        return say("training mode, stopping for mistakes costing %(at)s of a bet or more", at=at)
    return say(
        "training mode, stopping for mistakes costing %(at)s of a bet or more, not for a count",
        at=at,
    )
