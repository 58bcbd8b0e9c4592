"""The basic-strategy quiz at 002's home game, dealt by method 3: a question names whether the
dealer doubled, and is graded by the game's punters' play for that double (the engine's
method-3 game, whose figures tests/engine/test_method3_information.py checks against a bench's
own enumeration), not by the chart, which reads the up card alone."""

from __future__ import annotations

import random
from itertools import product

import pytest

from drills import method3_quiz, table_play
from drills.base import InvalidQuestionError
from drills.method3_quiz import game_chart
from drills.strategy_cells import Cell, best_two_gap, cell_tally, cells_for, read_situation
from drills.strategy_quiz import DRILL
from trainer.engine.banker.method3 import method3_game, punter_play
from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import chart
from trainer.engine.strategy.dealer import full_shoe

pytestmark = pytest.mark.usefixtures("strategy_charts")

HOME = find_preset("twenty-one-home")


def _values(notation: str) -> tuple[int, int, int]:
    situation, _ = read_situation(notation, HOME)
    a, b = sorted(card.value for card in situation.hand)
    return a, b, situation.up.value


@pytest.mark.parametrize("mix", ["shoe", "cells", "hard", "soft", "pairs"])
def test_every_question_names_the_double_and_is_graded_by_the_games_punters(mix: str) -> None:
    rng = random.Random(27)
    game = method3_game(HOME)
    for _ in range(40):
        question = DRILL.next_question(rng, HOME, mix=mix, last_question=None, tally={})
        base, doubled = method3_quiz.split_doubled(question.notation)
        assert doubled is not None and question.view["doubled"] is doubled
        a, b, up = _values(base)
        right = punter_play(game, doubled, up, (a, b), 0, first=True)
        for answer in question.view["play"].evs:
            grade = DRILL.grade(question.notation, answer, HOME)
            assert grade.right_answer == right
            assert grade.correct == (answer == right) or grade.ev_cost == 0
        assert DRILL.question(question.notation, HOME).notation == question.notation


def test_the_double_changes_the_right_play_where_the_chart_cannot_see_it() -> None:
    """Hard 16 against a 7: the chart says hit; a dealer who did not double has no ace or ten
    under his 7, and the game's punters stand; one who doubled has, and they draw."""
    left = DRILL.grade("TS 6H v 7D not doubled", "H", HOME)
    doubled = DRILL.grade("TS 6H v 7D doubled", "H", HOME)
    assert chart(HOME).code("hard", "16", "7")[0] == "H"
    assert (left.right_answer, left.correct) == ("S", False)
    assert left.ev_cost > 0
    assert (doubled.right_answer, doubled.correct) == ("H", True)
    assert "did not double" in left.explanation.split("\n")[1]
    assert "doubled, so his face-down card" in doubled.explanation.split("\n")[1]


def test_a_question_asked_before_the_double_was_read_is_still_the_charts() -> None:
    grade = DRILL.grade("TS 6H v 7D", "S", HOME)
    assert grade.right_answer == chart(HOME).code("hard", "16", "7")[0]
    assert DRILL.question("TS 6H v 7D", HOME).view["doubled"] is None


@pytest.mark.parametrize("rules", ["vegas-6d-s17", "twenty-one-club"])
def test_a_double_named_at_a_game_without_it_is_refused(rules: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade("TS 6H v 7D doubled", "S", find_preset(rules))


def test_the_cell_the_skill_and_the_timed_hands_read_the_named_double() -> None:
    assert DRILL.skill("TS 6H v 7D doubled", HOME) == "twenty-one-home: hard 16 v 7"
    attempts = [
        type("A", (), {"question": f"TS 6H v 7D{end}", "correct": right})()
        for end, right in ((" doubled", True), (" not doubled", False))
    ]
    (cell,) = cell_tally(attempts, HOME)
    assert str(cell) == "hard 16 v 7" and cell_tally(attempts, HOME)[cell] == (1, 2)
    hands = DRILL.timed_hands(random.Random(3), HOME, mix="shoe", tally={}, count=12)
    assert all(method3_quiz.split_doubled(hand)[1] is not None for hand in hands)


def test_the_pack_deals_the_double_as_often_as_the_game_does() -> None:
    """Dealt as method 3 deals (first cards, the double, second cards; naturals dealt
    again), the share of doubled questions is the game's chance of a double given no
    natural, worked out here over every order of the four cards, within four standard
    errors of 4,000 deals."""
    game = method3_game(HOME)
    shoe = full_shoe(HOME.decks)
    total = doubled = 0.0
    for first, hole, second, up in product(range(1, 11), repeat=4):
        left, weight = list(shoe), 1.0
        for value in (first, hole, second, up):
            weight *= max(left[value - 1], 0)
            left[value - 1] -= 1
        if not weight or {first, second} == {1, 10} or {hole, up} == {1, 10}:
            continue
        total += weight
        doubled += weight * game.chance(hole)
    expected = doubled / total
    rng = random.Random(5)
    deals = 4000
    share = sum(method3_quiz.deal(HOME, rng)[1] for _ in range(deals)) / deals
    assert abs(share - expected) < 4 * (expected * (1 - expected) / deals) ** 0.5


@pytest.mark.parametrize(
    "notation", ["TS 6H v 7D", "2S 4H TC v 7D", "AS 5H v TD", "2S 2H 3C 5D v 6H", "8S 8H v AD"]
)
def test_a_table_decision_reads_the_double_as_the_quiz_does(notation: str) -> None:
    """At the table a decision on any hand names the double and is graded by the game's
    punters' play for it (a split pair's two cards too); the quiz's two-card questions and
    the table's agree."""
    game = method3_game(HOME)
    for doubled in (True, False):
        named = notation + method3_quiz.suffix(doubled)
        worked = table_play.work_out(named, HOME)
        hand = worked.decision.situation.hand
        values = tuple(card.value for card in hand)
        right = punter_play(game, doubled, worked.decision.situation.up.value, values, 0, True)
        assert worked.right == right and worked.decision.doubled is doubled
        wrong = next(play for play in worked.evs if play != right)
        grade = table_play.DRILL.grade(named, wrong, HOME)
        assert (grade.right_answer, grade.correct) == (right, False)
        assert grade.ev_cost > 0 and "the chart, which reads the up card alone" in grade.explanation
        if len(hand) == 2:
            quiz = DRILL.grade(named, wrong, HOME)
            assert (quiz.right_answer, quiz.ev_cost) == (grade.right_answer, grade.ev_cost)
    assert table_play.DRILL.question(named, HOME).view["doubled"] is False


def test_a_table_decision_naming_a_double_at_another_game_is_refused() -> None:
    with pytest.raises(InvalidQuestionError):
        table_play.work_out("TS 6H v 7D doubled", find_preset("twenty-one-club"))


def test_the_table_plays_lead_says_what_grades_it_at_the_home_game() -> None:
    assert "dealer's double" in table_play.DRILL.lead(HOME)
    assert "basic strategy" in table_play.DRILL.lead(find_preset("vegas-6d-s17"))


def test_the_lean_mix_weighs_a_close_call_by_the_games_plays() -> None:
    """The lean mix leans toward close calls as the quiz grades them at the home game: by the
    game's worth of a cell's most often dealt hand, doubled or not, the closer of the two."""
    game = method3_game(HOME)
    evs = method3_quiz.close_evs(HOME)(Cell("hard", "16", "7"))
    both = [game.start_evs(doubled, 6, 10, 7) for doubled in (False, True)]
    assert evs in both
    assert best_two_gap(evs) == min(best_two_gap(found or {}) for found in both)
    rng = random.Random(9)
    asked = [
        DRILL.next_question(rng, HOME, mix="lean", last_question=None, tally={}) for _ in range(20)
    ]
    assert all(method3_quiz.split_doubled(q.notation)[1] is not None for q in asked)


def test_the_games_chart_has_every_cell_the_quiz_asks() -> None:
    """Hard 20 of two tens of other ranks (a pair only by rank here) is the pair of tens'
    values: the game's chart, the heat map and the lean mix have every cell the quiz asks."""
    chart = game_chart(HOME)
    for doubled in (True, False):
        assert all((c.section, c.row, c.up) in chart[doubled] for c in cells_for(HOME))
        assert chart[doubled][("hard", "20", "7")] == chart[doubled][("pairs", "10-10", "7")]
