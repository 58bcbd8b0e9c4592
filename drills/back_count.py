"""Back-counting and boxes: from behind a table, whether a round is worth playing at the count,
and, playing, on how many boxes.

Asked at a back-counting table (``/table`` set up to watch rounds: :class:`~drills.base.
AskedAtTable`) before each round, each answer an attempt re-drilled from the mistakes page. The
count is the learner's, as the table's other count questions give it (system, true-count
rounding, the running count with every card seen, the cards in the discard tray)::

    enter out bankroll 2000 risk 0.05 hi-lo floor half rc +7 played 130  # come in or watch?
    enter in bankroll 2000 risk 0.05 hi-lo floor half rc -2 played 200   # stay or leave?
    boxes 3 bankroll 2000 risk 0.05 hi-lo floor half rc +7 played 130    # 1, 2 or 3 boxes?

with the learner's bankroll then and the risk of ruin of the table's ramp.

**Enter or leave**: a round is worth playing where the player's edge at the count (the count
study's exact edge with the indices, :mod:`trainer.engine.indices.edge`, at the nearest count of
its grid) is above 0. Watching where it is above 0 gives up the edge on the ramp's bet at that
count; playing where it is below gives up the edge on a table-minimum bet: each cost in bets of
the table minimum. At an edge of exactly 0 either is right.

**Boxes**: with ``n`` boxes of ``b`` each, the round expects ``n b e`` and its variance is
``n b^2 v (1 + (n - 1) r)``: two boxes at one table share the dealer's hand, and their results
are correlated by about :data:`BOX_CORRELATION`. The ramp's utility (Kelly's, at the fraction
that keeps the risk of ruin chosen: :func:`~trainer.engine.indices.edge.kelly_fraction`) is the
expectation less the variance over ``2 f B``; each ``n`` is worth it with its best bet per box
(the Kelly bet for that variance, in whole table units, within the limits and the bankroll), and
the right number of boxes is the one worth most (the fewest, among equals). Where the edge is
below 0, one box at the minimum loses least. A wrong number costs the utility it gives up, in
bets of the table minimum. (More boxes also deal more cards a round, so fewer rounds a shoe: not
priced here.)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from drills.base import (
    AskedAtTable,
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    Question,
)
from drills.base import LearnerState as LearnerState
from drills.caches import Caches
from drills.count_study import (
    COUNT,
    PLAYED,
    ROUNDING,
    SYSTEM,
    read_rounding,
    read_system,
    signed,
    signed_notation,
    study_for,
)
from drills.counting.notation import CARDS_PER_DECK
from drills.table_play import TableCount
from trainer.engine.indices.edge import MAX_BANKROLL, ROUND_VARIANCE, EdgeTable, kelly_fraction
from trainer.engine.play.table_setup import MAX_BOXES
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, number, say
from trainer.words import signed as signed_number

__all__ = [
    "BOX_CORRELATION",
    "DRILL",
    "SLUG",
    "BackCount",
    "best_boxes",
    "boxes_notation",
    "edge_at",
    "enter_notation",
]

SLUG = "back-count"
# The correlation of two boxes' results at one table (they share the dealer's hand): about 0.5
# (Griffin, "The Theory of Blackjack", 6th ed., ch. 9; Schlesinger, "Blackjack Attack", 3rd ed.,
# ch. 6, uses 0.5 for two hands).
BOX_CORRELATION = Fraction(1, 2)
_MONEY = r" bankroll (?P<bankroll>[0-9]{1,10}) risk (?P<risk>0\.[0-9]{1,4})"
_COUNT = rf" {SYSTEM} {ROUNDING} rc {COUNT} {PLAYED}"
_QUESTION_RE = re.compile(rf"(?:enter (?P<now>in|out)|boxes (?P<boxes>[1-3])){_MONEY}{_COUNT}")
_ANSWERS = {"P": N_("play"), "W": N_("watch")}


def _money(bankroll: Fraction, risk: Fraction) -> str:
    whole = max(1, min(int(bankroll), MAX_BANKROLL))
    return f" bankroll {whole} risk {float(risk):g}"


def enter_notation(playing: bool, bankroll: Fraction, risk: Fraction, count: TableCount) -> str:
    """The enter-or-leave question where the learner is ``playing`` (else watching) with
    ``bankroll`` now."""
    return f"enter {'in' if playing else 'out'}{_money(bankroll, risk)}{count.suffix()}"


def boxes_notation(boxes: int, bankroll: Fraction, risk: Fraction, count: TableCount) -> str:
    """The how-many-boxes question for a learner with ``boxes`` boxes and ``bankroll`` now."""
    return f"boxes {boxes}{_money(bankroll, risk)}{count.suffix()}"


@dataclass(frozen=True)
class _Asked:
    count: TableCount
    playing: bool = False  # enter: the learner played the last round
    boxes: int = 0  # boxes: how many the learner has (0: an enter question)
    bankroll: Fraction = Fraction(0)
    risk: Fraction = Fraction(0)


def _count(match: re.Match[str], rules: Rules) -> TableCount:
    system = read_system(match["system"])
    convention, resolution = read_rounding(match["convention"], match["resolution"])
    played = int(match["played"])
    if played > rules.decks * CARDS_PER_DECK - CARDS_PER_DECK // 4:
        raise InvalidQuestionError(f"{played} cards played leaves too few in the shoe")
    return TableCount(system, convention, resolution, int(match["count"]), played)


def read_question(notation: str, rules: Rules) -> _Asked:
    """:raises InvalidQuestionError: for a notation the table could not have written."""
    match = _QUESTION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError(
            "a back-counting question reads like 'enter out bankroll 2000 risk 0.05 hi-lo floor "
            "half rc +7 played 130' or 'boxes 3 bankroll 2000 ...'"
        )
    boxes = int(match["boxes"]) if match["boxes"] else 0
    bankroll, risk = Fraction(int(match["bankroll"])), Fraction(match["risk"])
    if boxes > MAX_BOXES or not rules.min_bet <= bankroll or not 0 < risk < 1:
        raise InvalidQuestionError("boxes 1 to 3, a bankroll of the minimum or more, a risk 0-1")
    playing = match["now"] == "in"
    return _Asked(_count(match, rules), playing, boxes, bankroll, risk)


def edge_at(table: EdgeTable, count: Fraction) -> float:
    """The player's edge (with the indices) at the count of the study's grid nearest ``count``
    (its ends beyond them), as the bet ramp reads it."""
    return min(table.counts, key=lambda row: abs(row.count - count)).indices


def _kelly_bet(rules: Rules, edge: float, bankroll: Fraction, risk: float, share: float) -> int:
    """The best bet per box, in table units, for a box whose variance is ``share`` of the whole
    round's (one to ``share`` boxes): the Kelly bet for it, within the limits and the bankroll
    shared among ``boxes``."""
    unit = rules.min_bet
    ideal = kelly_fraction(risk) * float(bankroll) * edge / (ROUND_VARIANCE * share)
    units = max(1, round(ideal / float(unit)))
    if rules.max_bet is not None:
        units = min(units, int(rules.max_bet / unit))
    return units


def box_values(rules: Rules, edge: float, bankroll: Fraction, risk: float) -> dict[int, float]:
    """What each number of boxes is worth (the ramp's utility, money) with its best bet."""
    fraction = kelly_fraction(risk)
    unit = float(rules.min_bet)
    found: dict[int, float] = {}
    for n in range(1, MAX_BOXES + 1):
        spread = 1 + (n - 1) * float(BOX_CORRELATION)
        units = _kelly_bet(rules, edge, bankroll, risk, spread)
        units = max(1, min(units, int(bankroll / rules.min_bet) // n))
        bet = units * unit
        variance = n * bet * bet * ROUND_VARIANCE * spread
        found[n] = n * bet * edge - variance / (2 * fraction * float(bankroll))
    return found


def best_boxes(rules: Rules, edge: float, bankroll: Fraction, risk: float, boxes: int) -> int:
    """The number of boxes (1 to ``boxes``) worth most at ``edge``; the fewest among equals."""
    values = box_values(rules, edge, bankroll, risk)
    return max(range(1, boxes + 1), key=lambda n: (round(values[n], 9), -n))


class BackCount(Drill, AskedAtTable):
    slug = SLUG
    title = N_("Back-counting and boxes")
    description = N_(
        "Watching a table from behind it: come in when the count gives you the edge, leave when "
        "it does not, and play as many boxes as the count and your bankroll are worth. Asked "
        "at a table set up to watch rounds; re-drill the ones you got wrong."
    )
    template = "drills/table_play.html"  # one page for the table's drills
    situation_template = "drills/_back_count_situation.html"
    choice_word = "choice"

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        asked = read_question(notation, rules)
        count = asked.count
        view: dict[str, Any] = {
            "system": count.system.name,
            "running": signed(count.running),
            "played": count.played,
            "rounding": say(
                "%(convention)s, decks to the %(resolution)s deck",
                convention=count.convention,
                resolution=count.resolution,
            ),
            "boxes": asked.boxes,
            "playing": asked.playing,
            "bankroll": number(asked.bankroll),
            "keys": (
                [(str(n), number(n), True) for n in range(1, asked.boxes + 1)]
                if asked.boxes
                else [("P", say("Play"), True), ("W", say("Watch"), True)]
            ),
        }
        if asked.boxes:
            prompt = say("How many boxes do you play this round?")
        elif asked.playing:
            prompt = say("You played the last round: play this one, or leave the table?")
        else:
            prompt = say("You are watching: come in for this round, or watch on?")
        return Question(notation=notation, prompt=prompt, view=view)

    def skill(self, notation: str, rules: Rules) -> str:
        """Entering or leaving, or the boxes, at the count played by (``"vegas-6d-s17: enter
        hi-lo tc +2"``)."""
        asked = read_question(notation, rules)
        count = asked.count
        kind = "tc" if count.system.balanced else "rc"
        value = round(count.played_by(rules.decks))
        what = "boxes" if asked.boxes else "enter"
        return f"{rules.notation()}: {what} {count.system.slug} {kind} {signed_notation(value)}"

    def skill_words(self, key: str) -> str:
        """``"Back-counting: enter or leave at a Hi-Lo true count of +2"``."""
        words = key.split()
        if len(words) < 4 or words[-2] not in ("tc", "rc") or words[-4] not in ("enter", "boxes"):
            return super().skill_words(key)
        if words[-4] == "boxes":
            return say("How many boxes at a count of %(count)s", count=words[-1])
        return say("Whether to play or watch at a count of %(count)s", count=words[-1])

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("answer", ""))[:2].strip().upper()

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        asked = read_question(notation, rules)
        table = study_for(rules, asked.count.system, caches=caches).edge
        played_by = asked.count.played_by(rules.decks)
        edge = edge_at(table, played_by)
        answer = (answer_text or "").strip().upper()
        if asked.boxes:
            return _grade_boxes(rules, asked, edge, played_by, answer)
        if answer not in _ANSWERS:
            raise InvalidAnswerError(
                say(
                    "Answer with P (play the round) or W (watch it); %(answer)s is not one.",
                    answer=repr(answer_text[:4]),
                )
            )
        right = "P" if edge > 0 else "W"
        cost = Fraction(0)
        if answer == "W" and edge > 0:  # the ramp's bet at the count, its edge given up
            units = _kelly_bet(rules, edge, asked.bankroll, float(asked.risk), 1.0)
            cost = Fraction(f"{edge:.6f}") * units
        elif answer == "P" and edge < 0:  # a table-minimum bet at a count against the player
            cost = Fraction(f"{-edge:.6f}")
        return Grade(
            correct=answer == right or edge == 0,
            answer=say(_ANSWERS[answer]),
            right_answer=say(_ANSWERS[right]),
            explanation=_explain_enter(asked, edge, played_by, right),
            ev_cost=cost,
        )


def _grade_boxes(
    rules: Rules, asked: _Asked, edge: float, played_by: Fraction, answer: str
) -> Grade:
    if not (answer.isdecimal() and answer.isascii() and 1 <= int(answer) <= asked.boxes):
        raise InvalidAnswerError(
            say("Answer with a number of boxes from 1 to %(most)s.", most=number(asked.boxes))
        )
    risk = float(asked.risk)
    values = box_values(rules, edge, asked.bankroll, risk)
    right = best_boxes(rules, edge, asked.bankroll, risk, asked.boxes)
    chosen = int(answer)
    lost = max(values[right] - values[chosen], 0.0)
    return Grade(
        correct=chosen == right or abs(values[right] - values[chosen]) < 1e-9,
        answer=number(chosen),
        right_answer=number(right),
        explanation=_explain_boxes(asked, edge, played_by, right, values),
        ev_cost=Fraction(f"{lost / float(rules.min_bet):.6f}"),
    )


def _count_words(asked: _Asked, played_by: Fraction) -> str:
    if asked.count.system.balanced:
        return say("a true count of %(count)s", count=signed(round(played_by)))
    return say("a running count of %(count)s", count=signed(round(played_by)))


def _explain_enter(asked: _Asked, edge: float, played_by: Fraction, right: str) -> str:
    at = _count_words(asked, played_by)
    worth = say(
        "At %(count)s you have an edge of %(edge)s per unit staked (with the indices).",
        count=at,
        edge=f"{signed_number(edge * 100, 2)}%",
    )
    if right == "P":
        then = say("A round with the edge is worth playing: come in, or stay.")
    else:
        then = say(
            "Without the edge every round costs you: watch, or leave, until the count rises."
        )
    return f"{worth} {then}"


def _explain_boxes(
    asked: _Asked, edge: float, played_by: Fraction, right: int, values: dict[int, float]
) -> str:
    at = _count_words(asked, played_by)
    worth = say(
        "At %(count)s you have an edge of %(edge)s per unit staked (with the indices).",
        count=at,
        edge=f"{signed_number(edge * 100, 2)}%",
    )
    each = ", ".join(
        say("%(boxes)s: %(value)s", boxes=number(n), value=number(v, 2))
        for n, v in sorted(values.items())
        if n <= asked.boxes
    )
    why = say(
        "Two boxes share the dealer's hand, so their results move together (about half): more "
        "boxes add less risk than a bigger bet on one. What each number of boxes is worth with "
        "its best bet, for your bankroll of %(bankroll)s (expectation less risk): %(each)s. "
        "Play %(right)s.",
        bankroll=number(asked.bankroll),
        each=each,
        right=number(right),
    )
    return f"{worth} {why}"


DRILL = BackCount()
