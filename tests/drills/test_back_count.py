"""Back-counting and boxes (drills/back_count.py): play where the count gives the edge, watch
where it does not; the number of boxes by the count and the bankroll."""

from __future__ import annotations

from fractions import Fraction

import pytest

from drills.back_count import DRILL, best_boxes, box_values, edge_at
from drills.base import InvalidAnswerError, InvalidQuestionError
from drills.count_study import study_for
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules, find_preset


@pytest.fixture(autouse=True)
def _studies(count_studies: None) -> None:
    """The count study of vegas-6d-s17 in Hi-Lo, worked out once per run."""


@pytest.fixture
def rules() -> Rules:
    return find_preset("vegas-6d-s17")


def enter(rules: Rules, running: int, played: int, now: str = "out") -> str:
    return f"enter {now} bankroll 10000 risk 0.05 hi-lo floor full rc {running:+d} played {played}"


def test_the_edge_turns_positive_between_true_counts_0_and_plus_2(rules: Rules) -> None:
    """Off the top a six-deck S17 game is about -0.5% for the player; Hi-Lo gains about 0.5% a
    true count (Wong, "Professional Blackjack"; the study's own figures, not a table's)."""
    table = study_for(rules, find_system("hi-lo")).edge
    assert edge_at(table, Fraction(-1)) < 0 < edge_at(table, Fraction(2))
    assert edge_at(table, Fraction(0)) < 0


@pytest.mark.parametrize(("running", "right"), [(+16, "play"), (-10, "watch"), (0, "watch")])
def test_play_where_the_count_gives_the_edge_and_watch_where_it_does_not(
    rules: Rules, running: int, right: str
) -> None:
    notation = enter(rules, running, 52)  # 5 decks left: true count running / 5
    assert DRILL.grade(notation, "P" if right == "play" else "W", rules).correct
    wrong = DRILL.grade(notation, "W" if right == "play" else "P", rules)
    assert not wrong.correct and wrong.right_answer == right
    assert wrong.ev_cost is not None and wrong.ev_cost > 0


def test_watching_a_good_count_costs_more_than_playing_a_bad_one_the_same_distance_off(
    rules: Rules,
) -> None:
    """Missed at +4 the ramp's big bet's edge is lost; played at -4 a minimum bet's."""
    missed = DRILL.grade(enter(rules, +20, 52), "W", rules).ev_cost
    played = DRILL.grade(enter(rules, -20, 52, "in"), "P", rules).ev_cost
    assert missed is not None and played is not None and missed > played


def test_more_boxes_at_a_good_count_with_a_big_bankroll_one_without_an_edge(rules: Rules) -> None:
    table = study_for(rules, find_system("hi-lo")).edge
    good, bad = edge_at(table, Fraction(4)), edge_at(table, Fraction(-2))
    assert best_boxes(rules, good, Fraction(100_000), 0.05, 3) == 3
    assert best_boxes(rules, bad, Fraction(100_000), 0.05, 3) == 1
    assert best_boxes(rules, good, Fraction(100_000), 0.05, 2) == 2


def test_a_small_bankroll_plays_fewer_boxes_at_the_minimum(rules: Rules) -> None:
    """With 100 table minimums the risk of three minimum bets at a small edge outweighs it."""
    table = study_for(rules, find_system("hi-lo")).edge
    edge = edge_at(table, Fraction(1))
    values = box_values(rules, edge, Fraction(500), 0.05)
    assert best_boxes(rules, edge, Fraction(500), 0.05, 3) == max(values, key=lambda n: values[n])
    assert best_boxes(rules, edge, Fraction(500), 0.05, 3) < 3


def test_a_boxes_question_is_graded_by_the_best_number(rules: Rules) -> None:
    notation = "boxes 3 bankroll 100000 risk 0.05 hi-lo floor full rc +20 played 52"
    assert DRILL.grade(notation, "3", rules).correct
    wrong = DRILL.grade(notation, "1", rules)
    assert not wrong.correct and wrong.ev_cost is not None and wrong.ev_cost > 0


@pytest.mark.parametrize(
    "notation",
    [
        "enter maybe hi-lo",
        "boxes 4 bankroll 10000 risk 0.05 hi-lo floor full rc +2 played 52",
        "enter out bankroll 10000 risk 0.05 hi-lo floor full rc +2 played 300",
    ],
)
def test_a_notation_the_table_could_not_write_is_refused(rules: Rules, notation: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "P", rules)


@pytest.mark.parametrize("answer", ["", "X", "4", "0", "١"])
def test_an_answer_out_of_range_is_refused(rules: Rules, answer: str) -> None:
    with pytest.raises(InvalidAnswerError):
        DRILL.grade(
            "boxes 3 bankroll 10000 risk 0.05 hi-lo floor full rc +2 played 52", answer, rules
        )
