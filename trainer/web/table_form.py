"""A table step's form read: the step it sends where the table waits, and its answers by ask
name (:func:`read_step`), every field bounded before it is read; the view
(:mod:`trainer.web.views.table`) replays the step before anything is stored."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from urllib.parse import quote, unquote

from drills import InvalidAnswerError, get_drill
from drills import path as steps
from drills.bet_sizing import default_bankroll
from drills.table_dealing import dealer_step
from drills.table_session import MONEY_RE, TableSpec, read_digits, step_asks
from trainer.engine.play.table_game import PLAYS, Ask, InvalidStepError
from trainer.engine.play.table_steps import END
from trainer.engine.rulebook.rules import Rules
from trainer.web import table_view
from trainer.web.caches import app_caches
from trainer.web.views import drills as drill_road
from trainer.words import N_, number, plain_amount, quoted, say

__all__ = [
    "BET_KEYS",
    "COUNT_FIELDS",
    "PLAY_LETTERS",
    "bet_units",
    "count_answers",
    "count_field_errors",
    "money_defaults",
    "read_step",
    "setup_defaults",
]

PLAY_LETTERS = ("H", "S", "D", "P", "R")
BET_KEYS = 8  # keys 1 to 8 bet that many units (a punter's stake: the amounts bet_units gives)
# A punter's stake on the cards seen (002 home, 004) is the ramp's Kelly stake on their edge, a
# share of the bankroll: tens or hundreds of units, not 1 to 8. Its keys run 1-2-5 up to the
# largest stake the table takes.
_STEPS = (1, 2, 5)


def money_defaults(rules: Rules) -> dict[str, str]:
    """The set-up form's money under ``rules``: the bet-sizing drill's default bankroll (2,000
    table minimums: a smaller one makes the ramp's own risk of ruin far above the 5% it aims
    at, for the minimum bets where the count gives no edge), a unit of the table minimum."""
    return {
        "bankroll": table_view.money_notation(default_bankroll(rules)),
        "unit": table_view.money_notation(rules.min_bet),
    }


def setup_defaults(rules: Rules, passed: frozenset[str] | None) -> dict[str, object]:
    """What the set-up form shows unless the learner changed it: the money, the limits in
    words, and what is graded (what the learner's path has taught them: ``passed``, the steps
    they are past; ``narrowed`` where that leaves a check out)."""
    graded = steps.table_checks(passed)
    high = rules.max_bet
    low = table_view.money(rules.min_bet)
    return {
        **money_defaults(rules),
        "limits": say("%(low)s to %(high)s", low=low, high=table_view.money(high))
        if high is not None
        else say("%(low)s or more", low=low),
        "graded": graded,
        "narrowed": len(graded) < len(steps.TABLE_CHECKS),
    }


def bet_units(spec: TableSpec) -> tuple[int, ...]:
    """How many units each of the keys 1 to 8 bets: that many at a casino table; at a table
    where the punter stakes on the cards seen, 1 and then the 1-2-5 series up to the table
    maximum (or the bankroll where there is none)."""
    plain = tuple(range(1, BET_KEYS + 1))
    if not spec.deals or spec.unit <= 0:
        return plain
    most = spec.bankroll if spec.rules.max_bet is None else min(spec.bankroll, spec.rules.max_bet)
    top = int(most / spec.unit)
    if top <= BET_KEYS:
        return plain
    series = [step * 10**power for power in range(12) for step in _STEPS]
    series = [units for units in series if 1 < units <= top]
    return (1, *series[-(BET_KEYS - 1) :])


def bet_keys(spec: TableSpec, net: Fraction) -> dict[str, object]:
    """The bet keys' amounts (``bet_amounts``), whether they are not 1 to 8 units
    (``bet_scaled``), and those whose bet (on each box) the bankroll left (``net`` won so far)
    cannot cover (``bets_over``): shown disabled (a learner down to 19 chips pressed 20 to be
    told so)."""
    units = bet_units(spec)
    left, boxes = spec.bankroll + net, 1 if spec.deals or spec.wong else spec.boxes
    return {
        "bet_amounts": {n: table_view.money(spec.unit * u) for n, u in enumerate(units, 1)},
        "bet_scaled": units != tuple(range(1, BET_KEYS + 1)),
        "bets_over": {n for n, u in enumerate(units, 1) if spec.unit * u * boxes > left},
    }


# Why a step is refused, in the learner's language (the view makes each a sentence).
_DEALER_KEYS = {
    "deal": N_("deal the next round"),
    "double": N_("double the bets with D, or not with N"),
    "draw": N_("draw with H, or stand with S"),
    "redouble": N_("redouble your stake with D, or not with N"),
}
_NO_AMOUNT = {
    "stake": N_("a stake is an amount, such as %(amount)s"),
    "bet": N_("a bet is an amount, such as %(amount)s"),
    "insurance": N_("insurance is an amount, such as %(amount)s"),
}
# A negative amount, said as such (it was "not an amount": a Russian reader's walk).
_BELOW_ZERO = {
    "stake": N_("a stake is an amount above zero, not %(typed)s"),
    "bet": N_("a bet is an amount above zero, not %(typed)s"),
    "insurance": N_("insurance is an amount of zero or more, not %(typed)s"),
}
# Past ten digits: an amount, too big for any table (a walk's 20 nines, cut to 12 by the field,
# read "not an amount").
_TOO_MUCH = {
    "stake": N_("a stake of %(typed)s is more than any table takes"),
    "bet": N_("a bet of %(typed)s is more than any table takes"),
    "insurance": N_("insurance of %(typed)s is more than any table takes"),
}
_NOT_AN_AMOUNT = {
    "stake": N_("a stake is an amount, not %(typed)s"),
    "bet": N_("a bet is an amount, not %(typed)s"),
    "insurance": N_("insurance is an amount, not %(typed)s"),
}


def _box_amount(
    form: Mapping[str, str], box: int, boxes: int, what: str, unit: Fraction
) -> Fraction:
    """Box ``box``'s amount; where there are several, a refusal names the box (a walk typed 80
    in box 1, left box 2 empty, and read only "a bet is an amount, such as 10")."""
    field = f"bet{box}"  # the field the refusal puts the focus in
    try:
        return _amount(form.get(field, ""), what, unit)
    except InvalidStepError as error:
        why = (
            str(error)
            if boxes == 1
            else say("box %(box)s: %(why)s", box=number(box + 1), why=str(error))
        )
        raise InvalidStepError(why, field) from None


def _amount(text: str, what: str, unit: Fraction) -> Fraction:
    """The amount typed for ``what`` (a stake, a bet, insurance), in its ASCII notation."""
    text = plain_amount((text or "")[:24])
    if not text or len(text) > 12:
        raise InvalidStepError(say(_NO_AMOUNT[what], amount=table_view.money(unit)))
    if text[:1] in "-\u2212" and MONEY_RE.fullmatch(text[1:]):  # an amount, below zero
        raise InvalidStepError(say(_BELOW_ZERO[what], typed=quoted(text[:12])))
    if re.fullmatch(r"[0-9]{11,}(?:\.[0-9]{1,2})?", text):
        raise InvalidStepError(say(_TOO_MUCH[what], typed=quoted(text[:12])))
    if not MONEY_RE.fullmatch(text):  # no exponent, no infinity: digits and cents only
        raise InvalidStepError(say(_NOT_AN_AMOUNT[what], typed=quoted(text[:12])))
    return Fraction(Decimal(text))


def ends_here(ask: Ask) -> bool:
    """Whether the learner may end the table where it waits, after a round at least (then its
    summary): for the next round's bet or deal, nothing of it dealt; or, where a punter stakes
    on cards dealt (002 home, 004), for that round's first stake (a punter could only end a
    table by playing out its pack: a walk)."""
    between = ask.kind in ("bet", "deal") and ask.round is None
    return (between or ask.opens) and ask.number > 1


def read_step(ask: Ask, form: Mapping[str, str], spec: TableSpec) -> tuple[str, dict[str, str]]:
    """The step a form sends where the table waits at ``ask``, and its answers by ask name.

    :raises InvalidStepError: for a form that sends no step of that kind.
    """
    money = table_view.money_notation  # the answers stored, read back
    if form.get("end", "")[:2] == "1" and ends_here(ask):  # else read as the step asked
        return END, {}
    if ask.kind == "count":
        rc, tc = form.get("running", "")[:8], form.get("true", "")[:8]
        # Where the tray is judged, the true count is graded as the learner's conversion.
        answers = {"rc": rc, "tc": tc, "decks": form.get("decks_left", "")[:8], "convert": tc}
        return _COUNT_STEP + " " + " ".join(quote(answers[k], safe="") for k in _COUNTS), answers
    if ask.kind in ("deal", "double", "draw", "redouble"):
        letter = form.get("answer", "")[:2].upper()
        step = dealer_step(ask.kind, letter)
        if step is None:
            raise InvalidStepError(say(_DEALER_KEYS[ask.kind]))
        name = {"draw": "dealer", "double": "double", "redouble": "redouble"}.get(ask.kind)
        return step, ({name: letter} if name else {})
    if ask.kind == "bet" and spec.wong and form.get("watch", "")[:2] == "1":
        return "watch", {"wong": "W"}
    if ask.kind == "bet":
        boxes = 1 if spec.deals else spec.boxes  # a punter (002 home, 004) stakes on one hand
        if spec.wong:  # back-counting: on one to all the learner's boxes, as chosen
            boxes = read_digits(form.get("boxes", ""), 1) or 0
            if not 1 <= boxes <= spec.boxes:
                raise InvalidStepError(say("play 1 to %(most)s boxes, or watch the round",
                                           most=number(spec.boxes)))  # fmt: skip
        units = form.get("units", "")
        if units:
            count = read_digits(units, 1)
            if count is None or not 1 <= count <= BET_KEYS:
                raise InvalidStepError(say("bet 1 to %(most)s units", most=number(BET_KEYS)))
            bets = [spec.unit * bet_units(spec)[count - 1]] * boxes
        else:
            what = "stake" if spec.deals else "bet"
            bets = [_box_amount(form, box, boxes, what, spec.unit) for box in range(boxes)]
        text = "bet " + " ".join(str(bet) for bet in bets)
        if spec.deals:  # a punter's stake, on the cards seen
            return text, {"stake": money(bets[0])}
        placed = {f"bet{box}": money(bet) for box, bet in enumerate(bets)}
        return text, ({"wong": "P", "boxes": str(boxes), **placed} if spec.wong else placed)
    answer = form.get("answer", "")[:2].upper()
    if ask.kind == "insurance":
        part = form.get("insure_amount", "").strip()
        if not answer and part:  # part of the insurance allowed: graded as taking it
            return f"insure part {_amount(part, 'insurance', spec.unit)}", {"insurance": "I"}
        if answer not in ("I", "N"):
            raise InvalidStepError(say("answer insurance with I (take it) or N (no)"))
        return f"insure {1 if answer == 'I' else 0}", {"insurance": answer}
    if ask.kind == "play":
        if answer not in PLAY_LETTERS:
            raise InvalidStepError(say("a play is H, S, D, P or R"))
        reason = ask.why_illegal(PLAYS[answer])  # the replay's check, and a natural's early
        if reason is not None:
            raise InvalidStepError(reason)
        return answer, {"play": answer}
    raise InvalidStepError(say("the shoe is played out: no more rounds from it"))


# A count check's step carries the counts given (each quoted, so that it has no space): a
# count given again after one taken back is stored with no attempts, and the replay shows
# its numbers from the step (the table's replay reads only the step's first word).
_COUNT_STEP, _COUNTS = "count", ("rc", "tc", "decks")


# A count check's form fields, by the ask each answers (the true count is graded as a
# conversion where the tray is judged), in the order the form shows them.
COUNT_FIELDS = {"rc": "running", "decks": "decks_left", "tc": "true", "convert": "true"}


def count_field_errors(
    spec: TableSpec, ask: Ask, answers: Mapping[str, str], rules: Rules
) -> dict[str, str]:
    """What is wrong with each field of a count check refused (:func:`read_step`'s
    ``answers``), by field name: each answer read alone (a conversion from the right counts,
    so that a running count left empty is not blamed on the true count). Empty for any other
    step, or where no one answer is refused by itself (the step's refusal is then said above it)."""
    if ask.kind != "count":
        return {}
    errors: dict[str, str] = {}
    for asked in step_asks(spec, ask, caches=app_caches()):
        field = COUNT_FIELDS.get(asked.name)
        if field is None or field in errors:
            continue
        try:  # read as the drill road reads it (only it grades an answer)
            drill_road.grade_answers(
                [(get_drill(asked.drill), asked.notation, answers.get(asked.name, ""))], rules
            )
        except InvalidAnswerError as error:
            errors[field] = str(error)
    return errors


def count_answers(step: str) -> dict[str, str]:
    """A count check's answers by ask name, from its step's text (none from a bare
    ``count``, as steps were stored before they carried the counts)."""
    parts = step.split(" ")
    if parts[0] != _COUNT_STEP or len(parts) != len(_COUNTS) + 1:
        return {}
    answers = {name: unquote(text) for name, text in zip(_COUNTS, parts[1:], strict=True)}
    return {**answers, "convert": answers["tc"]}
