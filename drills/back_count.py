"""Back-counting and boxes: from behind a table, whether a round is worth playing at the count,
and, playing, on how many boxes.

Asked at a back-counting table (``/table`` set up to watch rounds: :class:`~drills.base.
AskedAtTable`) before each round, each answer an attempt re-drilled from the mistakes page. The
count is the learner's, as the table's other count questions give it (system, true-count
rounding, the running count with every card seen, the cards in the discard tray)::

    enter out bankroll 2000 risk 0.05 hi-lo floor half rc +7 played 130  # come in or watch?
    enter in bankroll 2000 risk 0.05 hi-lo floor half rc -2 played 200   # stay or leave?
    boxes 3 others 2 bankroll 2000 risk 0.05 hi-lo floor half rc +7 played 130  # 1, 2 or 3?

with the learner's bankroll then and the risk of ruin of the table's ramp (and, for the boxes,
the other seats at the table).

**Come in or watch, stay or leave**: two thresholds, both from the count study's exact edge
with the indices (:mod:`trainer.engine.indices.edge`, at the nearest count of its grid):

- watching, **come in** where the edge at the count is above 0 (a round watched costs nothing;
  one played at an edge above 0 wins it on the ramp's bet, below 0 loses it on a table-minimum
  bet);
- seated, **stay** while the edge is no worse than an ordinary player's, the house's edge over
  the shoe (:func:`ordinary_edge`: basic strategy, flat bets, the share-weighted mean of the
  study's basic-strategy edge by count; 0 where the game off the top favours the player), and
  **leave** below it. Leaving is what marks a back-counter (an ordinary player sits through the
  shoe), so it is priced as being seen: it costs what the table expects to win from an ordinary
  player in a round, that edge on a minimum bet. Staying costs the edge at the count on a
  minimum bet (the ramp's bet where it is above 0).

Each choice is worth its value in bets of the table minimum; the right one is worth most
(either, where they are worth the same), and a wrong one costs the difference. The answer is
stored as its key (``C`` come in, ``W`` watch, ``S`` stay, ``L`` leave; ``P``, to be at the
table, and ``W``, behind it, are read too), in every language alike.

**Boxes**: with ``n`` boxes of ``b`` each, the round expects ``n b e`` and its variance is
``n b^2 v (1 + (n - 1) r)``: two boxes at one table share the dealer's hand, and their results
are correlated by about :data:`BOX_CORRELATION`. The ramp's utility (Kelly's, at the fraction
that keeps the risk of ruin chosen: :func:`~trainer.engine.indices.edge.kelly_fraction`) is the
expectation less the variance over ``2 f B``; each ``n`` is worth it with its best bet per box
(the Kelly bet for that variance, in whole table units, within the limits and the bankroll), and
the right number of boxes is the one worth most (the fewest, among equals). Where the edge is
below 0, one box at the minimum loses least. A wrong number costs the utility it gives up, in
bets of the table minimum.

**The cards more boxes use**: a box is one more hand a round, so more boxes bring the cut card
out sooner and the shoe deals fewer rounds. With ``k`` other seats, every hand (the dealer's
too) taken as using the same number of cards on average, a round of one box uses ``k + 2``
hands, so each box past the first costs ``1 / (k + 2)`` of a round (:func:`rounds_lost`). A
round given up is priced at what a round is worth to a back-counter on average
(:func:`round_worth`: over the counts of the study, as often as each comes up, the best
number of boxes' utility where it is above 0, else 0, the round watched), and that price is
taken off each number of boxes' utility before the best is chosen. Approximated: the rounds
lost are at the end of the shoe, where the counts stray further than on average (so a round
there is worth a little more than priced); the learner's later rounds are taken as played
without this correction; a player's hand and the dealer's as the same size (a player's who
splits or doubles is a little longer, the dealer's a little longer when she draws to 17). The
``others`` of the notation is the number of other seats (``boxes 3 others 2 bankroll ...``);
an older question without it is graded without the cards priced.
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
    rounding_words,
    signed,
    signed_notation,
    study_for,
)
from drills.table_count import TableCount, read_count
from trainer.engine.indices.edge import MAX_BANKROLL, ROUND_VARIANCE, EdgeTable, kelly_fraction
from trainer.engine.play.table_setup import MAX_BOXES
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, number, percent, quoted, say

__all__ = [
    "BOX_CORRELATION",
    "DRILL",
    "SLUG",
    "BackCount",
    "best_boxes",
    "boxes_notation",
    "edge_at",
    "enter_notation",
    "best_of",
    "exit_edge",
    "ordinary_edge",
    "priced_values",
    "round_worth",
    "rounds_lost",
]

SLUG = "back-count"
# The correlation of two boxes' results at one table (they share the dealer's hand): about 0.5
# (Griffin, "The Theory of Blackjack", 6th ed., ch. 9; Schlesinger, "Blackjack Attack", 3rd ed.,
# ch. 6, uses 0.5 for two hands).
BOX_CORRELATION = Fraction(1, 2)
_MONEY = r" bankroll (?P<bankroll>[0-9]{1,10}) risk (?P<risk>0\.[0-9]{1,4})"
_COUNT = rf" {SYSTEM} {ROUNDING} rc {COUNT} {PLAYED}"
_QUESTION_RE = re.compile(
    rf"(?:enter (?P<now>in|out)|boxes (?P<boxes>[1-3])(?: others (?P<others>[0-6]))?)"
    rf"{_MONEY}{_COUNT}"
)
# The keys of each state's two choices, and the words of each (as the buttons say them).
_KEYS = {False: ("C", "W"), True: ("S", "L")}  # watching: come in, watch; seated: stay, leave
_WORDS = {"C": N_("Come in"), "W": N_("Watch"), "S": N_("Stay"), "L": N_("Leave")}
# What each answer read means: at the table this round (True) or behind it; ``P`` and ``W``
# are what the table's form sends (a bet, or watching), and what attempts stored before.
_AT_TABLE = {"C": True, "S": True, "P": True, "W": False, "L": False}


def _money(bankroll: Fraction, risk: Fraction) -> str:
    whole = max(1, min(int(bankroll), MAX_BANKROLL))
    return f" bankroll {whole} risk {float(risk):g}"


def enter_notation(playing: bool, bankroll: Fraction, risk: Fraction, count: TableCount) -> str:
    """The enter-or-leave question where the learner is ``playing`` (else watching) with
    ``bankroll`` now."""
    return f"enter {'in' if playing else 'out'}{_money(bankroll, risk)}{count.suffix()}"


def boxes_notation(
    boxes: int, bankroll: Fraction, risk: Fraction, count: TableCount, others: int
) -> str:
    """The how-many-boxes question for a learner with ``boxes`` boxes and ``bankroll`` now,
    at a table with ``others`` other seats."""
    return f"boxes {boxes} others {others}{_money(bankroll, risk)}{count.suffix()}"


@dataclass(frozen=True)
class _Asked:
    count: TableCount
    playing: bool = False  # enter: the learner played the last round
    boxes: int = 0  # boxes: how many the learner has (0: an enter question)
    bankroll: Fraction = Fraction(0)
    risk: Fraction = Fraction(0)
    others: int | None = None  # boxes: the other seats (None: an older question, cards unpriced)


def read_question(notation: str, rules: Rules) -> _Asked:
    """:raises InvalidQuestionError: for a notation the table could not have written."""
    match = _QUESTION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a back-counting question names what it asks, the bankroll, the risk of ruin, "
               "the counting system, the rounding, the count and the cards played")
        )  # fmt: skip
    boxes = int(match["boxes"]) if match["boxes"] else 0
    bankroll, risk = Fraction(int(match["bankroll"])), Fraction(match["risk"])
    if boxes > MAX_BOXES or not rules.min_bet <= bankroll or not 0 < risk < 1:
        raise InvalidQuestionError.said_as(
            N_("a back-counting question plays 1 to %(most)s boxes, with a bankroll of at least "
               "the table's minimum and a risk of ruin above 0 and below 1"),
            most=number(MAX_BOXES),
        )  # fmt: skip
    playing = match["now"] == "in"
    others = int(match["others"]) if match["others"] else None
    return _Asked(read_count(match, rules), playing, boxes, bankroll, risk, others)


def edge_at(table: EdgeTable, count: Fraction) -> float:
    """The player's edge (with the indices) at the count of the study's grid nearest ``count``
    (its ends beyond them), as the bet ramp reads it."""
    return min(table.counts, key=lambda row: abs(row.count - count)).indices


def ordinary_edge(table: EdgeTable) -> float:
    """The edge of an ordinary player over the shoe (basic strategy, flat bets): the study's
    basic-strategy edge by count weighted by how often each count comes up."""
    shares = sum(row.share for row in table.counts)
    return sum(row.share * row.basic for row in table.counts) / shares


def exit_edge(table: EdgeTable) -> float:
    """The edge below which a seated back-counter leaves: an ordinary player's, or 0 where
    that favours the player (leaving at a count with the edge never pays)."""
    return min(0.0, ordinary_edge(table))


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


def rounds_lost(boxes: int, others: int) -> Fraction:
    """The rounds of the shoe that ``boxes`` boxes give up against one, at a table with
    ``others`` other seats: each box past the first is one more hand of the ``others + 2``
    (the dealer's, the others', one box) a round takes, every hand as long on average."""
    return Fraction(boxes - 1, others + 2)


def round_worth(
    table: EdgeTable, rules: Rules, bankroll: Fraction, risk: float, boxes: int
) -> float:
    """What a round is worth to a back-counter on average (money, the ramp's utility): at
    each count of the study, as often as it comes up, the best of 1 to ``boxes`` boxes'
    utility where it is above 0, else 0 (the round watched)."""
    shares = sum(row.share for row in table.counts)
    worth = 0.0
    for row in table.counts:
        values = box_values(rules, row.indices, bankroll, risk)
        worth += row.share * max(0.0, *(values[n] for n in range(1, boxes + 1)))
    return worth / shares


def priced_values(rules: Rules, edge: float, asked: _Asked, table: EdgeTable) -> dict[int, float]:
    """Each number of boxes' utility at ``edge`` less the rounds its cards give up, each at a
    round's worth on average (as :func:`box_values` where the other seats are not known)."""
    risk = float(asked.risk)
    values = box_values(rules, edge, asked.bankroll, risk)
    if asked.others is None:
        return values
    worth = round_worth(table, rules, asked.bankroll, risk, asked.boxes)
    return {n: v - float(rounds_lost(n, asked.others)) * worth for n, v in values.items()}


def best_of(values: dict[int, float], boxes: int) -> int:
    """The number of boxes (1 to ``boxes``) worth most; the fewest among equals."""
    return max(range(1, boxes + 1), key=lambda n: (round(values[n], 9), -n))


def best_boxes(rules: Rules, edge: float, bankroll: Fraction, risk: float, boxes: int) -> int:
    """The number of boxes (1 to ``boxes``) worth most at ``edge``, the cards they use not
    priced; the fewest among equals."""
    return best_of(box_values(rules, edge, bankroll, risk), boxes)


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
            "rounding": rounding_words(count.convention, count.resolution),
            "boxes": asked.boxes,
            "playing": asked.playing,
            "bankroll": number(asked.bankroll),
            "keys": (
                [(str(n), number(n), True) for n in range(1, asked.boxes + 1)]
                if asked.boxes
                else [(key, say(_WORDS[key]), True) for key in _KEYS[asked.playing]]
            ),
        }
        if asked.boxes:
            prompt = say("How many boxes do you play this round?")
        elif asked.playing:
            prompt = say("You played the last round: stay for this one, or leave the table?")
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
        return say("Whether to come in or leave at a count of %(count)s", count=words[-1])

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
            return _grade_boxes(rules, asked, table, edge, played_by, answer)
        return _grade_enter(rules, asked, table, edge, played_by, answer)


def _grade_enter(
    rules: Rules, asked: _Asked, table: EdgeTable, edge: float, played_by: Fraction, answer: str
) -> Grade:
    """Come in or watch (watching), stay or leave (seated): each choice's value in bets of the
    table minimum, a wrong one costing the difference (the module's docstring)."""
    join, stay_out = _KEYS[asked.playing]
    if answer not in _AT_TABLE or (answer in _KEYS[not asked.playing] and answer != "W"):
        raise InvalidAnswerError(
            say(
                "Answer with %(first)s (%(first_word)s) or %(second)s (%(second_word)s); "
                "%(answer)s is not one.",
                first=join,
                first_word=say(_WORDS[join]).lower(),
                second=stay_out,
                second_word=say(_WORDS[stay_out]).lower(),
                answer=quoted(answer[:4]),
            )
        )
    units = _kelly_bet(rules, edge, asked.bankroll, float(asked.risk), 1.0) if edge > 0 else 1
    floor = exit_edge(table)
    value = {join: Fraction(f"{edge:.6f}") * units}  # the round played, on the ramp's bet
    value[stay_out] = Fraction(f"{floor:.6f}") if asked.playing else Fraction(0)
    chosen = join if _AT_TABLE[answer] else stay_out
    right = max((join, stay_out), key=lambda key: value[key])
    return Grade(
        correct=value[chosen] == value[right],
        answer=chosen,
        right_answer=right,
        explanation=_explain_enter(asked, edge, floor, played_by, right),
        ev_cost=value[right] - value[chosen],
    )


def _grade_boxes(
    rules: Rules, asked: _Asked, table: EdgeTable, edge: float, played_by: Fraction, answer: str
) -> Grade:
    if not (answer.isdecimal() and answer.isascii() and 1 <= int(answer) <= asked.boxes):
        raise InvalidAnswerError(
            say("Answer with a number of boxes from 1 to %(most)s.", most=number(asked.boxes))
        )
    values = priced_values(rules, edge, asked, table)
    right = best_of(values, asked.boxes)
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


def _explain_enter(
    asked: _Asked, edge: float, floor: float, played_by: Fraction, right: str
) -> str:
    """The rule in one sentence (a verdict's why), then what it gives at this count."""
    at, now, low = (
        _count_words(asked, played_by),
        percent(edge, 2, sign=True),
        percent(floor, 2, sign=True),
    )
    if not asked.playing:
        rule = say(
            "Come in only where your edge at the count is above 0: at %(count)s it is "
            "%(edge)s per unit staked (with the indices).",
            count=at,
            edge=now,
        )
        then = {
            "C": say("The round is worth playing, on the ramp's bet: come in."),
            "W": say("Watching costs nothing: watch on until the count rises."),
        }[right]
    else:
        rule = say(
            "Seated, stay while your edge is no worse than an ordinary player's over the shoe "
            "(%(floor)s: basic strategy, flat bets), because leaving is what marks a "
            "back-counter, and leave below it: at %(count)s it is %(edge)s (with the indices).",
            floor=low,
            count=at,
            edge=now,
        )
        if right == "L":
            then = say(
                "This round costs you more than being seen leaving: leave, and watch until "
                "the count rises."
            )
        elif edge > 0:
            then = say("The round is worth playing, on the ramp's bet: stay.")
        else:
            then = say(
                "Staying costs no more than the table wins from anyone who sits, and leaving "
                "would mark you: stay."
            )
    return f"{rule} {then}"


def _explain_boxes(
    asked: _Asked, edge: float, played_by: Fraction, right: int, values: dict[int, float]
) -> str:
    at = _count_words(asked, played_by)
    worth = say(
        "At %(count)s you have an edge of %(edge)s per unit staked (with the indices).",
        count=at,
        edge=percent(edge, 2, sign=True),
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
    if asked.others is None:
        return f"{worth} {why}"
    cards = say(
        "Each box past the first is one more hand a round of the %(hands)s the table deals "
        "(the dealer's, %(others)s other seats', yours): the cut card comes sooner, and each "
        "costs that share of a round, as much as an average round is worth to you; taken off "
        "above.",
        hands=number(asked.others + 2),
        others=number(asked.others),
    )
    return f"{worth} {why} {cards}"


DRILL = BackCount()
