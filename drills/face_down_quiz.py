"""The basic-strategy quiz at 004 as its text deals it (``deal_faces=all-down``): no banker card
is shown, so a question is the punter's own cards and how many of them he drew, and the right
play is the punters' chart of one column at the fixed point (the banker who plays his best),
graded by :mod:`drills.face_down_play` as the table grades it.

A question reads ``"TS 6H v ?"`` (two cards dealt) or ``"TS 2H 4C v ?"`` (one card drawn); its
cell is a row of the chart per cards drawn (:func:`drills.strategy_cells.face_down_cell`).

Mixes: ``shoe`` deals two cards off a shuffled pack and plays them by the chart, asking one of
the decisions met on the way (so after-draw rows come up as often as a punter meets them);
``cells`` asks every row of the chart equally; ``hard`` and ``soft`` their rows; ``weakest`` and
``lean`` as at any table. There are no pairs to split at 004: ``pairs`` is not offered.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from drills import face_down_play
from drills.base import Grade, Question
from drills.face_down_play import FACE_DOWN_KEYS
from drills.method3_figures import banker_fixed_point
from drills.strategy_cells import (
    WEAKEST_POOL,
    Cell,
    face_down_cell,
    face_down_evs,
    face_down_hand_for,
    leaning_weights,
    quiz_cells,
    read_face_down,
    weakest_of,
)
from drills.strategy_chart import offered
from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.settlement import is_natural
from trainer.engine.rulebook.rules import Rules
from trainer.words import say

__all__ = ["MIXES", "FaceDownQuizPlay", "grade", "next_notation", "play_of", "question_of"]

MIXES = ("shoe", "cells", "hard", "soft", "weakest", "lean")
NO_MISTAKES = "No mistakes yet under these rules: every cell comes up equally."


@dataclass(frozen=True)
class FaceDownQuizPlay:
    """A face-down question worked out, in the shape the quiz's pages read: its cell, the two
    plays' EVs, the right one."""

    hand: Hand
    cell: Cell
    evs: dict[str, float]
    right: str
    insurance: bool = False

    @property
    def keys(self) -> dict[str, str]:
        return FACE_DOWN_KEYS

    @property
    def drawn(self) -> int:
        return len(self.hand) - 2


def play_of(notation: str, rules: Rules) -> FaceDownQuizPlay:
    """:raises InvalidQuestionError: for a question this quiz could not have asked."""
    hand = read_face_down(notation, rules)
    worked = face_down_play.work_out(notation, rules)
    return FaceDownQuizPlay(hand, face_down_cell(hand), worked.evs, worked.right)


def question_of(notation: str, rules: Rules) -> Question:
    play = play_of(notation, rules)
    view = {
        "hand": play.hand,
        "up": None,
        "drawn": play.drawn,
        "play": play,
        "keys": [
            (key, label, key in play.evs) for key, label in offered(FACE_DOWN_KEYS, rules).items()
        ],
    }
    canonical = face_down_play.notation_of(play.hand.cards)
    return Question(notation=canonical, prompt=say("Your play?"), view=view)


def grade(notation: str, answer_text: str, rules: Rules) -> Grade:
    read_face_down(notation, rules)
    return face_down_play.grade(notation, answer_text, rules)


def next_notation(
    rng: random.Random,
    rules: Rules,
    *,
    mix: str,
    tally: Mapping[Cell, tuple[int, int]],
    due: Sequence[Cell] = (),
) -> tuple[str, str]:
    """The next question's notation for this mix, and a note to show with it (or "")."""
    if mix not in MIXES:
        mix = "shoe"
    if mix == "shoe":
        return face_down_play.notation_of(deal_from_shoe(rules, rng)), ""
    note = ""
    pool: Sequence[Cell]
    if mix == "weakest":
        pool = list(due[:WEAKEST_POOL]) or weakest_of(tally)
        if not pool:
            note, pool = say(NO_MISTAKES), quiz_cells(rules)
    elif mix == "lean":
        pool = quiz_cells(rules)
        weights = leaning_weights(pool, tally, lambda cell: face_down_evs(rules, cell))
        pool = rng.choices(pool, weights)
    else:
        pool = quiz_cells(rules, None if mix == "cells" else mix)
    known = set(quiz_cells(rules))
    pool = [cell for cell in pool if cell in known] or quiz_cells(rules)
    cards = face_down_hand_for(rng.choice(pool), rules, rng)
    return face_down_play.notation_of(cards), note


def deal_from_shoe(rules: Rules, rng: random.Random) -> tuple[Card, ...]:
    """Two cards off a shuffled pack, played by the chart: one of the decisions met on the way
    (a dealt 21 has none and is dealt again)."""
    chart = banker_fixed_point(rules).punter
    while True:
        shoe = Shoe(rules, rng)
        cards = [shoe.draw(), shoe.draw()]
        if is_natural(tuple(cards)):
            continue
        met: list[tuple[Card, ...]] = []
        while _may_draw(rules, cards):
            met.append(tuple(cards))
            if not chart.draws([card.value for card in cards]):
                break
            cards.append(shoe.draw())
        if met:
            return rng.choice(met)


def _may_draw(rules: Rules, cards: Sequence[Card]) -> bool:
    hand = Hand.of(cards)
    most = rules.max_draws
    return hand.total < 21 and (most is None or len(hand) - 2 < most)
