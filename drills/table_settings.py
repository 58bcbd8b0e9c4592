"""A table's settings in words, for its page: who sits there, the count kept, what is graded,
the mode, and the pace and distraction it is dealt with."""

from __future__ import annotations

from drills.table_session import DISTRACTIONS, GRADED, PACES, TableSpec
from trainer.words import plural

__all__ = ["settings_words"]


# Where the players deal, whose the deal (or bank) is: by whether the bank passes (004) or the
# deal (002 home), then by whether the learner holds it first or starts as a punter.
_WHOSE = {
    True: (
        "held by you",
        "(the bank passes left after the talia, every card of both packs played once)",
    ),
    False: ("held by you first (it passes to naturals)", "(the deal passes to naturals)"),
}


def settings_words(spec: TableSpec) -> str:
    """The table's settings in one line, for its page."""
    seats = plural("%(count)s other seat", "%(count)s other seats", spec.others)
    boxes = plural("%(count)s box", "%(count)s boxes", spec.boxes)
    if spec.deals:
        bank = spec.rules.players_bank
        boxes = "the " + ("bank" if bank else "deal")
        if spec.punter_seat:
            banker = "banker" if bank else "dealer"
            boxes = f"a start at seat {spec.punter_seat} from the {banker}'s left"
    if spec.co_bettors:
        boxes += plural(
            " with %(count)s co-bettor on each",
            " with %(count)s co-bettors on each",
            spec.co_bettors,
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
    graded = ", ".join(GRADED[g].split(" (")[0].lower() for g in GRADED if g in spec.graded - moot)
    whose = _WHOSE[spec.rules.players_bank][bool(spec.punter_seat)] if spec.deals else "of yours"
    return (
        f"{seats}, {boxes} {whose}; {spec.system.name} ({spec.convention}, decks to the "
        f"{spec.resolution} deck); graded: {graded or 'nothing'}; {_mode_words(spec)}"
        f"{_conditions_words(spec)}"
    )


def _conditions_words(spec: TableSpec) -> str:
    """The pace and the distraction, where there are any (with JavaScript)."""
    said = []
    if spec.pace:
        said.append(PACES[str(spec.pace)].lower())
    if spec.distraction != "none":
        said.append(DISTRACTIONS[spec.distraction].lower())
    return "; " + ", ".join(said) if said else ""


def _mode_words(spec: TableSpec) -> str:
    """The mode, and in training what it stops for."""
    if spec.mode != "training":
        return f"{spec.mode} mode"
    at = f"{float(spec.stop_at):g}"
    counts = "" if spec.stop_unpriced else ", not for a count"
    if spec.stop_at == 0:
        return f"training mode, stopping for every mistake{counts}"
    return f"training mode, stopping for mistakes costing {at} of a bet or more{counts}"
