"""Basic strategy: a two-card hand against the dealer's up card; the learner names the play.

The right play is the basic-strategy chart's for the rules (the strategy engine computes the
chart, :func:`trainer.engine.strategy.chart`, cached on disk): the first action of the cell's
code (``D/H``: double, where the hand may double). The EVs shown and the cost of a mistake are
the chart cell's (per unit of the initial bet, conditional on no dealer natural in peek games,
as the engine defines them). Nothing here computes an EV.

Notation: the situation as the engine writes it, ``"TS 6H v 9D"`` (suits may be left out:
``"T6v9"``). Against an ace where the rules offer insurance, the quiz first asks
``"TS 6H v AD insurance"``: answer ``I`` (take insurance, or even money on a natural) or ``N``;
that question is graded by the engine's EV of the insurance bet for this exact hand. Plays are
answered ``H``, ``S``, ``D``, ``P`` or ``R``.

Rules: a preset, or a preset with options changed (:func:`rules_with`); pages carry the changed
options as :func:`options_text` (``"decks=2,surrender=none"``) and the store keeps them as
``rules_options``.

Hand mixes (``learner.options["mix"]``): ``shoe`` (the first hand off a freshly shuffled
:class:`~trainer.engine.shoe.Shoe`), ``cells`` (every chart cell equally), ``hard``, ``soft``,
``pairs``, ``weakest`` (the learner's least accurate cells under these rules, from the attempts
the caller passes in ``learner.recent``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from drills.base import (
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    LearnerState,
    Question,
)
from trainer.engine.cards import Card, InvalidCardError, Rank, Suit
from trainer.engine.hand import Hand, Situation
from trainer.engine.rules import InvalidRulesError, Rules, find_preset, option_to_text
from trainer.engine.shoe import Shoe
from trainer.engine.strategy import Action, Chart, InvalidSituationError, action_evs, chart

__all__ = [
    "DRILL",
    "INSURANCE_KEYS",
    "MIXES",
    "PLAY_KEYS",
    "Cell",
    "StrategyQuiz",
    "cell_of",
    "cells_for",
    "options_text",
    "parse_options_text",
    "read_situation",
    "rules_with",
]

SLUG = "basic-strategy"
INSURANCE_SUFFIX = " insurance"

# The answer keys, in the order the buttons show them.
PLAY_KEYS: dict[str, str] = {
    "H": "Hit",
    "S": "Stand",
    "D": "Double",
    "P": "Split",
    "R": "Surrender",
}
INSURANCE_KEYS: dict[str, str] = {"I": "Take insurance", "N": "No insurance"}
EVEN_MONEY_KEYS: dict[str, str] = {"I": "Take even money", "N": "No, play the natural"}

MIXES: dict[str, str] = {
    "shoe": "As dealt from a shoe",
    "cells": "Every chart cell equally",
    "hard": "Hard totals only",
    "soft": "Soft totals only",
    "pairs": "Pairs only",
    "weakest": "My weakest cells",
}
DEFAULT_MIX = "shoe"
SECTIONS = ("hard", "soft", "pairs")
UP_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
# How many of the weakest cells the "weakest" mix draws from.
WEAKEST_POOL = 8
# Two EVs closer than this are a tie: either play is right.
_TIE = 1e-9
_TEN_RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
_SUITS = tuple(Suit)


@dataclass(frozen=True)
class Cell:
    """A chart cell by its keys: ``Cell("hard", "16", "10")``, ``Cell("pairs", "8-8", "A")``.

    Insurance questions use the pseudo-section ``"insurance"`` (never a chart cell).
    """

    section: str
    row: str
    up: str

    def __str__(self) -> str:
        return f"{self.section} {self.row} v {self.up}"

    @classmethod
    def parse(cls, text: str) -> Cell:
        """Read ``str(cell)`` back.

        :raises ValueError: when the text is not a cell.
        """
        parts = text.split()
        if len(parts) != 4 or parts[2] != "v" or parts[0] not in SECTIONS:
            raise ValueError(f"{text!r} is not a chart cell like 'hard 16 v 10'")
        return cls(parts[0], parts[1], parts[3])


@dataclass(frozen=True)
class Play:
    """A play question worked out: the cell, the legal plays with their EVs, the right one."""

    situation: Situation
    cell: Cell
    code: str
    evs: dict[str, float]  # legal plays only, by key
    right: str
    insurance: bool = False
    natural: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def keys(self) -> dict[str, str]:
        if not self.insurance:
            return PLAY_KEYS
        return EVEN_MONEY_KEYS if self.natural else INSURANCE_KEYS


# -- rules ------------------------------------------------------------------------------------


def rules_with(preset: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The preset ``preset`` with ``options`` changed (text or JSON values, as ``Rules.replace``
    reads them).

    :raises InvalidRulesError: for an unknown preset, an unknown option or a bad value.
    """
    rules = find_preset(preset)
    return rules.replace(**dict(options)) if options else rules


def changed_options(base: Rules, wanted: Mapping[str, str]) -> dict[str, str]:
    """Of ``wanted`` (every option as text), those that differ from ``base``, as text.

    :raises InvalidRulesError: for an unknown option or a bad value.
    """
    changed: dict[str, str] = {}
    for option, text in wanted.items():
        value = base.replace(**{option: text})
        if getattr(value, option) != getattr(base, option):
            changed[option] = option_to_text(option, getattr(value, option))
    return changed


def options_text(options: Mapping[str, str] | None) -> str:
    """``{"decks": "2", "surrender": "none"}`` -> ``"decks=2,surrender=none"`` (sorted)."""
    chosen = options or {}
    return ",".join(f"{name}={chosen[name]}" for name in sorted(chosen))


def parse_options_text(text: str) -> dict[str, str]:
    """Read :func:`options_text` back.

    :raises InvalidRulesError: for text that is not ``name=value`` pairs.
    """
    options: dict[str, str] = {}
    for part in filter(None, (text or "").split(",")):
        name, equals, value = part.partition("=")
        if not equals or not name.strip():
            raise InvalidRulesError(f"{part!r} is not a rule option written name=value")
        options[name.strip()] = value.strip()
    return options


# -- cells and hands --------------------------------------------------------------------------


def up_label(card: Card) -> str:
    return "A" if card.is_ace else str(card.value)


def _value_label(value: int) -> str:
    return "A" if value == 1 else str(value)


def is_split_pair(hand: Hand, rules: Rules) -> bool:
    """Whether the chart reads this two-card hand on a pairs row."""
    first, second = hand.cards
    if first.rank == second.rank:
        return True
    return rules.split_by == "value" and first.value == second.value


def cell_of(situation: Situation, rules: Rules) -> Cell:
    """The chart cell of a two-card hand against an up card."""
    hand = situation.hand
    up = up_label(situation.up)
    if is_split_pair(hand, rules):
        value = _value_label(hand.cards[0].value)
        return Cell("pairs", f"{value}-{value}", up)
    return Cell("soft" if hand.is_soft else "hard", str(hand.total), up)


def cells_for(rules: Rules, section: str | None = None) -> list[Cell]:
    """Every chart cell a two-card hand can land in under ``rules`` (21s excluded: no choice)."""
    return list(_cells(rules.split_by, section))


@lru_cache(maxsize=16)
def _cells(split_by: str, section: str | None) -> tuple[Cell, ...]:
    rows: list[tuple[str, str]] = []
    if section in (None, "hard"):
        top = 20 if split_by == "rank" else 19
        rows += [("hard", str(total)) for total in range(5, top + 1)]
    if section in (None, "soft"):
        rows += [("soft", str(total)) for total in range(13, 21)]
    if section in (None, "pairs"):
        rows += [("pairs", f"{v}-{v}") for v in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")]
    return tuple(Cell(sec, row, up) for sec, row in rows for up in UP_LABELS)


def _card_of_value(value: int, rng: random.Random, *, rank: Rank | None = None) -> Card:
    if rank is None:
        rank = rng.choice(_TEN_RANKS) if value == 10 else _rank_of(value)
    return Card(rank, rng.choice(_SUITS))


def _rank_of(value: int) -> Rank:
    return Rank.parse("A" if value == 1 else str(value))


def hand_for(cell: Cell, rng: random.Random) -> Situation:
    """A random two-card hand and up card of that cell.

    The three cards are all different, so that any pack holds them.
    """
    up_value = 1 if cell.up == "A" else int(cell.up)
    values: list[tuple[int, Rank | None]]
    if cell.section == "pairs":
        value = 1 if cell.row == "A-A" else int(cell.row.split("-")[0])
        rank = rng.choice(_TEN_RANKS) if value == 10 else _rank_of(value)
        values = [(value, rank), (value, rank)]
    elif cell.section == "soft":
        values = [(1, None), (int(cell.row) - 11, None)]
    else:
        total = int(cell.row)
        splits = [(a, total - a) for a in range(2, 11) if a < total - a <= 10]
        if splits:
            first, second = rng.choice(splits)
            values = [(first, None), (second, None)]
        else:  # hard 20 with pairs split by rank: two ten-value cards of different ranks
            first_rank, second_rank = rng.sample(_TEN_RANKS, 2)
            values = [(10, first_rank), (10, second_rank)]
    while True:
        cards = [_card_of_value(v, rng, rank=r) for v, r in values]
        up = _card_of_value(up_value, rng)
        if len({*cards, up}) == 3:
            break
    rng.shuffle(cards)
    return Situation(Hand.of(cards), up)


# -- reading and working out a question -------------------------------------------------------


def read_situation(notation: str, rules: Rules) -> tuple[Situation, bool]:
    """The situation a notation names and whether it is the insurance question.

    :raises InvalidQuestionError: for anything this quiz could not have dealt under ``rules``.
    """
    text = (notation or "").strip()
    insurance = text.lower().endswith(INSURANCE_SUFFIX)
    if insurance:
        text = text[: -len(INSURANCE_SUFFIX)]
    try:
        situation = Situation.parse(text)
    except InvalidCardError as error:
        raise InvalidQuestionError(
            f"the question is not a hand against an up card: {error}"
        ) from None
    hand = situation.hand
    if len(hand) != 2:
        raise InvalidQuestionError(f"a basic-strategy question is a two-card hand, not {len(hand)}")
    _check_pack(situation, rules)
    offers_insurance = situation.up.is_ace and rules.insurance
    if insurance and not offers_insurance:
        raise InvalidQuestionError(
            "insurance is only asked against an ace, at a table that offers it"
        )
    if hand.is_two_card_21 and not insurance:
        raise InvalidQuestionError("a natural has no play to choose")
    return situation, insurance


def _check_pack(situation: Situation, rules: Rules) -> None:
    cards = [*situation.hand.cards, situation.up]
    suited = Counter(card for card in cards if card.suit is not None)
    for card, count in suited.items():
        if count > rules.decks:
            raise InvalidQuestionError(
                f"{rules.decks} pack{'s' if rules.decks > 1 else ''} hold {card} "
                f"{rules.decks} time{'s' if rules.decks > 1 else ''}, not {count}"
            )


def work_out(notation: str, rules: Rules) -> Play:
    """Everything about one question: its cell, the legal answers with their EVs, the right one.

    :raises InvalidQuestionError: for a notation this quiz could not have asked.
    """
    situation, insurance = read_situation(notation, rules)
    if insurance:
        return _insurance_play(situation, rules)
    table = chart(rules)
    cell = cell_of(situation, rules)
    try:
        code = table.code(cell.section, cell.row, cell.up)
        cell_evs = table.evs[cell.section][cell.row][cell.up]
    except KeyError:
        raise InvalidQuestionError(f"the chart for these rules has no cell {cell}") from None
    evs = {key: float(cell_evs[key]) for key in PLAY_KEYS if key in cell_evs}
    right = code[0]
    return Play(situation=situation, cell=cell, code=code, evs=evs, right=right)


def _insurance_play(situation: Situation, rules: Rules) -> Play:
    hand, up = situation.hand, situation.up
    try:
        engine_evs = action_evs(rules, hand, up)
    except InvalidSituationError as error:
        raise InvalidQuestionError(f"the strategy engine cannot read this hand: {error}") from None
    natural = hand.is_two_card_21
    if natural:
        # Even money (1 unit for sure) against playing the natural out.
        taken, declined = engine_evs[Action.EVEN_MONEY], engine_evs[Action.STAND]
    else:
        # The insurance bet alone: half the bet at 2:1; declining it is worth nothing.
        taken, declined = engine_evs[Action.INSURANCE], 0.0
    evs = {"I": float(taken), "N": float(declined)}
    right = "I" if taken > declined + _TIE else "N"
    cell = Cell("insurance", "natural" if natural else str(hand.total), "A")
    return Play(
        situation=situation,
        cell=cell,
        code=right,
        evs=evs,
        right=right,
        insurance=True,
        natural=natural,
    )


def cost_of_answer(play: Play, answer: str) -> float:
    """EV given up by ``answer`` (per unit of the initial bet; 0 for the best)."""
    return max(max(play.evs.values()) - play.evs[answer], 0.0)


def illegal_reason(play: Play, answer: str, rules: Rules) -> str:
    """Why a play that is not in ``play.evs`` is not allowed, in one sentence."""
    hand = play.situation.hand
    if answer == "P":
        if rules.max_split_hands == 1:
            return "these rules allow no splitting"
        return f"{hand} is not a pair you may split"
    if answer == "D":
        if rules.double_on == "none":
            return "these rules allow no doubling"
        return (
            f"these rules allow doubling on {rules.double_on} only, and this hand is {hand.total}"
        )
    if answer == "R":
        if rules.surrender == "none":
            return "these rules allow no surrender"
        if play.situation.up.is_ace and not rules.surrender_vs_ace:
            return "these rules allow no surrender against an ace"
        return "surrender is not allowed here"
    return "that play is not allowed here"


def explain(play: Play) -> str:
    """Why the right answer is right, in a sentence."""
    if play.insurance:
        taken = play.evs["I"]
        if play.natural:
            return (
                f"Even money is worth {_percent(taken)} of the bet for sure; playing the natural "
                f"out is worth {_percent(play.evs['N'])} on average."
            )
        return (
            f"The insurance bet is worth {_percent(taken)} of your bet on average "
            f"(it pays 2:1 when the dealer has a ten-value card under the ace): "
            + ("take it." if play.right == "I" else "decline it.")
        )
    meaning = {
        "H": "hit",
        "S": "stand",
        "P": "split",
        "D/H": "double, else hit",
        "D/S": "double, else stand",
        "R/H": "surrender, else hit",
        "R/S": "surrender, else stand",
        "R/P": "surrender, else split",
    }.get(play.code, play.code)
    row = play.cell.row if play.cell.section == "pairs" else f"{play.cell.section} {play.cell.row}"
    return (
        f"The chart for these rules says {play.code} ({meaning}) for {row} against "
        f"{'an ace' if play.cell.up == 'A' else play.cell.up}: {PLAY_KEYS[play.right].lower()}."
    )


def _percent(value: float) -> str:
    return f"{value * 100:+.2f}%"


# -- the drill --------------------------------------------------------------------------------


class StrategyQuiz(Drill):
    slug = SLUG
    title = "Basic strategy"
    description = (
        "Your two cards against the dealer's up card: hit, stand, double, split or surrender? "
        "The right play comes from the exact EVs for the rules you choose."
    )
    template = "drills/strategy_quiz.html"
    situation_template = "drills/_strategy_situation.html"

    def new_question(self, rng: random.Random, rules: Rules, learner: LearnerState) -> Question:
        mix = learner.options.get("mix", DEFAULT_MIX)
        return self.next_question(
            rng,
            rules,
            mix=mix,
            last_question=learner.recent[0].question if learner.recent else None,
            tally=cell_tally(learner.recent, rules) if mix == "weakest" else {},
        )

    def next_question(
        self,
        rng: random.Random,
        rules: Rules,
        *,
        mix: str,
        last_question: str | None,
        tally: Mapping[Cell, tuple[int, int]],
    ) -> Question:
        """:meth:`new_question` from what it reads of the learner: the question answered last
        under these rules (an insurance question's play comes next) and, for the ``weakest``
        mix, the learner's :func:`cell_tally` under these rules (other mixes ignore it)."""
        follow_up = _after_insurance(last_question, rules)
        if follow_up is not None:
            return self.question(follow_up, rules)
        if mix not in MIXES:
            mix = DEFAULT_MIX
        note = ""
        if mix == "shoe":
            situation = deal_from_shoe(rules, rng)
        else:
            pool: Sequence[Cell]
            if mix == "weakest":
                pool = weakest_of(tally)
                if not pool:
                    note = "No mistakes yet under these rules: every cell comes up equally."
                    pool = cells_for(rules)
            else:
                pool = cells_for(rules, None if mix == "cells" else mix)
            situation = hand_for(rng.choice(pool), rng)
        insurance = situation.up.is_ace and rules.insurance
        notation = str(situation) + (INSURANCE_SUFFIX if insurance else "")
        question = self.question(notation, rules)
        if note:
            question = Question(question.notation, question.prompt, {**question.view, "note": note})
        return question

    def timed_hands(
        self,
        rng: random.Random,
        rules: Rules,
        *,
        mix: str,
        tally: Mapping[Cell, tuple[int, int]],
        count: int,
    ) -> tuple[str, ...]:
        """The hands of a timed run: plays only, so the insurance question is left out and a
        natural (which has no play) is dealt again; fresh hands, whatever was answered before."""
        hands: list[str] = []
        while len(hands) < count:
            question = self.next_question(rng, rules, mix=mix, last_question=None, tally=tally)
            situation, _ = read_situation(question.notation, rules)
            if not situation.hand.is_two_card_21:
                hands.append(str(situation))
        return tuple(hands)

    def question(self, notation: str, rules: Rules) -> Question:
        play = work_out(notation, rules)
        canonical = str(play.situation) + (INSURANCE_SUFFIX if play.insurance else "")
        if play.insurance:
            prompt = (
                "You have a natural and the dealer shows an ace. Even money?"
                if play.natural
                else "The dealer shows an ace. Do you take insurance?"
            )
        else:
            prompt = "Your play?"
        view: dict[str, Any] = {
            "hand": play.situation.hand,
            "up": play.situation.up,
            "play": play,
            "keys": [(key, label, key in play.evs) for key, label in play.keys.items()],
        }
        return Question(notation=canonical, prompt=prompt, view=view)

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("answer", "")).strip().upper()

    def grade(self, notation: str, answer_text: str, rules: Rules) -> Grade:
        play = work_out(notation, rules)
        answer = (answer_text or "").strip().upper()
        keys = play.keys
        if answer not in keys:
            letters = ", ".join(keys)
            raise InvalidAnswerError(f"Answer with one of {letters}; {answer_text!r} is not one.")
        if answer not in play.evs:
            why = illegal_reason(play, answer, rules)
            raise InvalidAnswerError(f"{keys[answer]} is not allowed for this hand: {why}.")
        cost = cost_of_answer(play, answer)
        correct = answer == play.right or cost < _TIE
        return Grade(
            correct=correct,
            answer=answer,
            right_answer=play.right,
            explanation=explain(play),
            ev_cost=Fraction(f"{cost:.6f}"),
        )


def deal_from_shoe(rules: Rules, rng: random.Random) -> Situation:
    """The first hand off a freshly shuffled shoe: player, dealer up, player. Naturals are dealt
    again unless the dealer shows an ace at a table with insurance (then even money is asked)."""
    while True:
        shoe = Shoe(rules, rng)
        first, up, second = shoe.draw(), shoe.draw(), shoe.draw()
        situation = Situation(Hand.of([first, second]), up)
        if not situation.hand.is_two_card_21 or (up.is_ace and rules.insurance):
            return situation


def _after_insurance(last_question: str | None, rules: Rules) -> str | None:
    """After an insurance question on a hand that is not a natural, its play comes next."""
    if last_question is None or not last_question.endswith(INSURANCE_SUFFIX):
        return None
    try:
        situation, _ = read_situation(last_question, rules)
    except InvalidQuestionError:
        return None
    return None if situation.hand.is_two_card_21 else str(situation)


def weakest_cells(recent: Sequence[Any], rules: Rules) -> list[Cell]:
    """The cells this learner gets wrong most, worst first (only cells with a mistake).

    ``recent`` holds past attempts under ``rules`` (anything with ``question`` and ``correct``).
    """
    return weakest_of(cell_tally(recent, rules))


def weakest_of(tally: Mapping[Cell, tuple[int, int]]) -> list[Cell]:
    """Of a :func:`cell_tally`, the cells with a mistake, least accurate first (then the most
    answered, then by name), at most :data:`WEAKEST_POOL` of them."""
    weak = [
        (right / total, -total, str(cell), cell)
        for cell, (right, total) in tally.items()
        if right < total
    ]
    weak.sort()
    return [cell for *_, cell in weak[:WEAKEST_POOL]]


def cell_tally(recent: Sequence[Any], rules: Rules) -> dict[Cell, tuple[int, int]]:
    """Per chart cell: (right answers, answers), over play questions (insurance left out)."""
    return tally_by_cell(((a.question, int(bool(a.correct)), 1) for a in recent), rules)


def tally_by_cell(
    counts: Iterable[tuple[str, int, int]], rules: Rules
) -> dict[Cell, tuple[int, int]]:
    """Per chart cell: (right answers, answers), from (question, right, answers) counts, such as
    a store's per-question tally; insurance questions and notations these rules could not have
    dealt are left out."""
    tally: dict[Cell, list[int]] = {}
    known = _play_cells(rules)
    for question, right, answers in counts:
        if question not in known:
            if len(known) >= _PLAY_CELLS_KEPT:
                known.clear()
            known[question] = _play_cell(question, rules)
        cell = known[question]
        if cell is None:
            continue
        sums = tally.setdefault(cell, [0, 0])
        sums[0] += right
        sums[1] += answers
    return {cell: (right, total) for cell, (right, total) in tally.items()}


# How many notations' cells are remembered per set of rules.
_PLAY_CELLS_KEPT = 20_000


@lru_cache(maxsize=16)
def _play_cells(rules: Rules) -> dict[str, Cell | None]:
    """The cells of the play questions seen under ``rules`` (hashing a Rules is slow, so the
    memo is one dict per rules rather than an lru_cache keyed by question and rules)."""
    return {}


def _play_cell(question: str, rules: Rules) -> Cell | None:
    """The chart cell of a play question's notation; None for insurance or a bad notation."""
    try:
        situation, insurance = read_situation(question, rules)
    except InvalidQuestionError:
        return None
    return None if insurance else cell_of(situation, rules)


def chart_for(rules: Rules) -> Chart:
    """The chart these rules play (from the disk cache when there is one)."""
    return chart(rules)


DRILL = StrategyQuiz()
