"""The basic-strategy quiz's situations and chart cells: reading a question's situation, the cell
it falls in, a hand dealt for a cell, and a learner's accuracy per cell (the weakest mix, the
heat map).

At 004 as its text deals it (``deal_faces=all-down``) no banker card is shown: a cell is a row of
the punters' chart of one column, by the cards drawn so far (the banker reads the draws), and its
column is :func:`drawn_label` in place of an up card: ``Cell("hard", "16", "?1")``, hard 16
after one card drawn. Its questions read ``"TS 2H 4C v ?"`` (:mod:`drills.face_down_play`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from drills import face_down_play
from drills.base import InvalidQuestionError
from drills.method3_figures import GamePendingError, banker_fixed_point
from drills.refusals import NATURAL, check_pack
from drills.strategy_chart import EVEN_MONEY_KEYS, INSURANCE_KEYS, PLAY_KEYS
from trainer.engine.banker.face_down import (
    face_down_game,
    is_soft,
    punter_reach,
    total_of,
)
from trainer.engine.deck.cards import Card, InvalidCardError, Rank, Suit
from trainer.engine.deck.hand import Hand, Situation
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.chart import code_words
from trainer.words import N_, number, plural, say

INSURANCE_SUFFIX = " insurance"
# At 002's deal method 3 a question names whether the dealer doubled (:mod:`drills.method3_quiz`).
DOUBLED_SUFFIX, NOT_DOUBLED_SUFFIX = " doubled", " not doubled"
# Two plays in one heat-map cell there: the first when the dealer did not double, the second
# when he did ("S·H": :func:`drills.method3_quiz.heat_code`).
BOTH = "·"
SECTIONS = ("hard", "soft", "pairs")
UP_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
# How many of the weakest cells the "weakest" mix draws from.
WEAKEST_POOL = 8
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
    """Every chart cell a two-card hand can land in under ``rules`` against an up card (21s
    excluded: no choice), as the deviations and the index chart read them."""
    return list(_cells(rules.split_by, section))


def quiz_cells(rules: Rules, section: str | None = None) -> list[Cell]:
    """The cells the basic-strategy quiz asks: :func:`cells_for`, or at 004 as dealt every row
    of the chart of one column a punter playing it meets, by the cards drawn."""
    if face_down_game(rules):
        return [cell for cell in _face_down_hands(rules) if section in (None, cell.section)]
    return cells_for(rules, section)


# -- 004 as dealt: no banker card -------------------------------------------------------------


def drawn_label(drawn: int) -> str:
    """A face-down cell's column: the cards the punter drew so far (``"?0"``: none)."""
    return f"?{drawn}"


def face_down_cell(hand: Hand) -> Cell:
    """The cell of a punter's hand at 004 as dealt: its row, by the cards drawn."""
    return Cell("soft" if hand.is_soft else "hard", str(hand.total), drawn_label(len(hand) - 2))


@lru_cache(maxsize=8)
def _face_down_hands(rules: Rules) -> dict[Cell, tuple[tuple[tuple[int, ...], float], ...]]:
    """Each cell of the chart of one column, in the chart's order, with the hands (card values)
    making it that a punter playing the fixed point's chart holds, and their chances."""
    reach = punter_reach(rules, banker_fixed_point(rules).punter)
    cells: dict[Cell, list[tuple[tuple[int, ...], float]]] = {}
    for values, chance in reach.items():
        section = "soft" if is_soft(values) else "hard"
        cell = Cell(section, str(total_of(values)), drawn_label(len(values) - 2))
        cells.setdefault(cell, []).append((values, chance))
    order = sorted(cells, key=lambda c: (c.up, SECTIONS.index(c.section), int(c.row)))
    return {cell: tuple(cells[cell]) for cell in order}


# A cell's words by its section, against an up card, and its hand alone (the learner's words).
# (Words, not the notation's "v": a walk read "hard 12 v 3" on a class's page.)
_CELL_WORDS = {"hard": N_("hard %(row)s against %(up)s"),
               "soft": N_("soft %(row)s against %(up)s"),
               "pairs": N_("pairs %(row)s against %(up)s")}  # fmt: skip
_HAND_WORDS = {"hard": N_("hard %(total)s"), "soft": N_("soft %(total)s")}


def cell_words(cell: Cell) -> str:
    """A cell as a learner reads it: ``"hard 16 against 10"``, ``"hard 16, 1 card drawn"``."""
    if not cell.up.startswith("?"):
        words = _CELL_WORDS.get(cell.section)
        return say(words, row=cell.row, up=cell.up) if words else str(cell)
    drawn = int(cell.up[1:])
    hand = _HAND_WORDS.get(cell.section)
    row = say(hand, total=cell.row) if hand else f"{cell.section} {cell.row}"
    if drawn == 0:
        return say("%(row)s, two cards dealt", row=row)
    return plural("%(row)s, %(count)s card drawn", "%(row)s, %(count)s cards drawn", drawn, row=row)


def face_down_code(rules: Rules, cell: Cell) -> str:
    """A face-down cell's play: ``"H"`` where drawing is worth more over its hands."""
    evs = face_down_evs(rules, cell)
    return "H" if evs["H"] > evs["S"] else "S"


def face_down_evs(rules: Rules, cell: Cell) -> dict[str, float]:
    """A face-down cell's EVs of standing and drawing, over its hands by their chances."""
    hands = _face_down_hands(rules)[cell]
    values = banker_fixed_point(rules).punter.values
    weight = sum(chance for _, chance in hands)
    return {
        key: sum(chance * values[h][i] for h, chance in hands) / weight
        for i, key in enumerate(("S", "H"))
    }


def face_down_hand_for(cell: Cell, rules: Rules, rng: random.Random) -> tuple[Card, ...]:
    """A punter's hand of that face-down cell, its hands drawn by their chances, in an order
    a pack could deal (no card more often than the packs hold it)."""
    hands = _face_down_hands(rules)[cell]
    values = rng.choices([h for h, _ in hands], [chance for _, chance in hands])[0]
    while True:
        cards = [_card_of_value(value, rng) for value in values]
        if max(Counter(cards).values()) <= rules.decks:
            rng.shuffle(cards)
            return tuple(cards)


def read_face_down(notation: str, rules: Rules) -> Hand:
    """The punter's hand a face-down question names (:func:`face_down_play.work_out`'s checks).

    :raises InvalidQuestionError: for anything this quiz could not have dealt under ``rules``.
    """
    hand = face_down_play.work_out(notation, rules).hand
    check_pack(hand.cards, rules.decks)
    return hand


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


def question_keys(notation: str, rules: Rules) -> Mapping[str, str]:
    """The keys a quiz question's buttons answer with, from its notation alone: the plays' (at
    004 as dealt, "H" is Draw), or insurance's, or even money's on a natural.

    :raises InvalidQuestionError: for an insurance question this quiz could not have asked.
    """
    if face_down_game(rules):
        return face_down_play.FACE_DOWN_KEYS
    base, insurance, _ = (notation or "").partition(INSURANCE_SUFFIX)
    if not insurance:
        return PLAY_KEYS
    situation, _ = read_situation(base + insurance, rules)
    return EVEN_MONEY_KEYS if situation.hand.is_two_card_21 else INSURANCE_KEYS


def split_doubled(notation: str) -> tuple[str, bool | None]:
    """A question's notation without the dealer's double it names (deal method 3), and the
    double: True, False, or None where it names none."""
    text = (notation or "").strip()
    for end, doubled in ((NOT_DOUBLED_SUFFIX, False), (DOUBLED_SUFFIX, True)):  # "not" first
        if text.endswith(end):
            return text[: -len(end)], doubled
    return text, None


@lru_cache(maxsize=1024)  # an answer reads its question three times (grade, skill, next)
def read_situation(notation: str, rules: Rules) -> tuple[Situation, bool]:
    """The situation a notation names and whether it is the insurance question.

    :raises InvalidQuestionError: for anything this quiz could not have dealt under ``rules``.
    """
    text = (notation or "").strip()
    if rules.deal_method == 3:
        text, _ = split_doubled(text)
    insurance = text.lower().endswith(INSURANCE_SUFFIX)
    if insurance:
        text = text[: -len(INSURANCE_SUFFIX)]
    try:
        situation = Situation.parse(text)
    except InvalidCardError as error:
        raise InvalidQuestionError.caused_by(
            error, N_("the question is not a hand against an up card")
        ) from None
    hand = situation.hand
    if len(hand) != 2:
        raise InvalidQuestionError.said_as(
            N_("a basic-strategy question is a two-card hand, not one of %(cards)s cards"),
            cards=number(len(hand)),
        )
    check_pack((*situation.hand.cards, situation.up), rules.decks)
    offers_insurance = situation.up.is_ace and rules.insurance
    if insurance and not offers_insurance:
        raise InvalidQuestionError.said_as(
            N_("insurance is only asked against an ace, at a table that offers it")
        )
    if hand.is_two_card_21 and not insurance:
        raise InvalidQuestionError.said_as(NATURAL)
    return situation, insurance


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
    if face_down_game(rules):  # the cell is the hand's: no banker's figure needed to tally it
        try:
            hand = face_down_play.read_hand(question, rules)
            check_pack(hand.cards, rules.decks)
        except InvalidQuestionError:
            return None
        return face_down_cell(hand)
    try:
        situation, insurance = read_situation(question, rules)
    except InvalidQuestionError:
        return None
    return None if insurance else cell_of(situation, rules)


def accuracy_band(right: int, total: int) -> str:
    """A colour band for a cell's accuracy: none, bad, poor, fair, good, perfect."""
    if total == 0:
        return "none"
    share = right / total
    if share == 1:
        return "perfect"
    if share >= 0.75:
        return "good"
    if share >= 0.5:
        return "fair"
    if share > 0:
        return "poor"
    return "bad"


def heat_cells(rules: Rules, tally: Mapping[Cell, tuple[int, int]]) -> list[Cell]:
    """The heat map's cells: those the quiz asks (:func:`quiz_cells`), or at 004 as dealt while
    the banker's fixed point (which decides the rows a punter meets) is worked out, those in
    ``tally``, in the chart's order."""
    try:
        return quiz_cells(rules)
    except GamePendingError:
        return sorted(tally, key=lambda c: (c.up, SECTIONS.index(c.section), int(c.row)))


def heat_columns(
    rules: Rules, tally: Mapping[Cell, tuple[int, int]] | None = None
) -> tuple[str, ...]:
    """The heat map's columns: the up cards, or at 004 as dealt the cards drawn so far (those
    of :func:`heat_cells`)."""
    if not face_down_game(rules):
        return UP_LABELS
    return tuple(sorted({cell.up for cell in heat_cells(rules, tally or {})}))


def heat_map(
    rules: Rules, tally: Mapping[Cell, tuple[int, int]], code: Callable[[Cell], str] | None
) -> list[tuple[str, list[dict[str, Any]]]]:
    """The heat map's sections: per section its rows, each cell with its chart ``code`` (``""``
    where ``code`` is None: the chart still being worked out), the learner's right answers and
    answers there, and its :func:`accuracy_band` (None in a column the row has no hand in: at
    004 as dealt, hard 4 after a draw)."""
    columns = heat_columns(rules, tally)
    cells = heat_cells(rules, tally)
    sections = []
    for section in SECTIONS:
        rows: dict[str, dict[str, dict[str, Any]]] = {}
        for cell in (cell for cell in cells if cell.section == section):
            right, total = tally.get(cell, (0, 0))
            rows.setdefault(cell.row, {})[cell.up] = {
                "cell": cell,
                "words": cell_words(cell),
                "code": code(cell) if code is not None else "",
                "play": _play_words(code(cell)) if code is not None else "",
                "right": right,
                "total": total,
                "band": accuracy_band(right, total),
            }
        if rows:
            order = (
                sorted(rows, key=lambda row: (len(row), row))
                if columns != UP_LABELS
                else list(rows)
            )
            labelled = [{"label": r, "cells": [rows[r].get(up) for up in columns]} for r in order]
            sections.append((section, labelled))
    return sections


def _play_words(code: str) -> str:
    """A heat-map cell's play in words: its chart code's, or at 002's deal method 3 two plays
    (``"S·H"``: :data:`BOTH`), by whether the dealer doubled."""
    left, both, doubled = code.partition(BOTH)
    if not both:
        return code_words(code)
    return say(
        "%(left)s if the dealer did not double, %(doubled)s if he did",
        left=code_words(left),
        doubled=code_words(doubled),
    )


# -- leaning toward mistakes and close calls ----------------------------------------------------

# An EV gap between a cell's two best plays below this (in bets) is a close call.
CLOSE_GAP = 0.05
# How much more often than an ordinary cell a cell always got wrong, or one whose best two plays
# tie, is asked.
WRONG_WEIGHT, CLOSE_WEIGHT = 4.0, 3.0


def best_two_gap(evs: Mapping[str, float]) -> float:
    """The EV difference between a cell's best two plays (0 for a cell with one play)."""
    ranked = sorted(evs.values(), reverse=True)
    return ranked[0] - ranked[1] if len(ranked) > 1 else 0.0


def leaning_weights(
    cells: Sequence[Cell],
    tally: Mapping[Cell, tuple[int, int]],
    evs: Callable[[Cell], Mapping[str, float]],
) -> list[float]:
    """How often to ask each cell, leaning toward the learner's mistakes (its share answered
    wrong, from a :func:`cell_tally`) and toward close calls (best two plays within
    :data:`CLOSE_GAP`, the closer the more): 1 for a cell neither."""
    weights = []
    for cell in cells:
        right, total = tally.get(cell, (0, 0))
        wrong = (total - right) / total if total else 0.0
        close = max(0.0, 1 - best_two_gap(evs(cell)) / CLOSE_GAP)
        weights.append(1 + WRONG_WEIGHT * wrong + CLOSE_WEIGHT * close)
    return weights
