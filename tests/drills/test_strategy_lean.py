"""The quiz's "lean" mix: every cell, asked more often when the learner gets it wrong and when
its best two plays are close (a small EV difference)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from drills.strategy_cells import (
    CLOSE_GAP,
    Cell,
    best_two_gap,
    cell_of,
    cells_for,
    leaning_weights,
    read_situation,
)
from drills.strategy_chart import chart_for
from drills.strategy_quiz import DRILL
from trainer.engine.rulebook.rules import find_preset

RULES = find_preset("vegas-6d-s17")


def test_weights_lean_toward_mistakes_and_close_calls() -> None:
    plain, wrong, close = Cell("hard", "5", "6"), Cell("hard", "12", "2"), Cell("hard", "16", "10")
    evs = {
        plain: {"H": 0.2, "S": -0.3},
        wrong: {"H": 0.2, "S": -0.3},
        close: {"H": -0.54, "S": -0.54},
    }
    tally = {wrong: (0, 4), plain: (3, 3)}
    weights = leaning_weights([plain, wrong, close], tally, evs.__getitem__)
    assert weights == [1.0, 5.0, 4.0]
    assert best_two_gap({"S": 0.1}) == 0.0
    half = {close: {"H": -0.5, "S": -0.5 - CLOSE_GAP / 2}}
    assert leaning_weights([close], {}, half.__getitem__) == [pytest.approx(2.5)]


def test_the_lean_mix_asks_wrong_and_close_cells_more_often() -> None:
    table = chart_for(RULES)
    cells = cells_for(RULES)
    wrong = Cell("soft", "18", "9")
    gaps = {c: best_two_gap(table.evs[c.section][c.row][c.up]) for c in cells}
    far = [c for c in cells if gaps[c] > CLOSE_GAP and c != wrong]
    close = [c for c in cells if gaps[c] < CLOSE_GAP / 4 and c != wrong]
    asked: Counter[Cell] = Counter()
    rng = random.Random(7)
    for _ in range(3000):
        question = DRILL.next_question(
            rng, RULES, mix="lean", last_question=None, tally={wrong: (0, 5)}
        )
        situation, insurance = read_situation(question.notation.split(" insurance")[0], RULES)
        asked[cell_of(situation, RULES)] += 1
    mean_far = sum(asked[c] for c in far) / len(far)
    mean_close = sum(asked[c] for c in close) / len(close)
    assert asked[wrong] > 3 * mean_far
    assert mean_close > 2 * mean_far
