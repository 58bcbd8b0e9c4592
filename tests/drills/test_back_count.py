"""Back-counting and boxes (drills/back_count.py): come in where the count gives the edge, watch
where it does not; seated, stay down to an ordinary player's edge and leave below it; the number
of boxes by the count and the bankroll."""

from __future__ import annotations

from fractions import Fraction

import pytest

from drills.back_count import (
    DRILL,
    best_boxes,
    box_values,
    edge_at,
    exit_edge,
    ordinary_edge,
    round_worth,
    rounds_lost,
)
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


@pytest.mark.parametrize(("running", "right"), [(+16, "C"), (-10, "W"), (0, "W")])
def test_come_in_where_the_count_gives_the_edge_and_watch_where_it_does_not(
    rules: Rules, running: int, right: str
) -> None:
    notation = enter(rules, running, 52)  # 5 decks left: true count running / 5
    assert DRILL.grade(notation, right, rules).correct
    wrong = DRILL.grade(notation, "W" if right == "C" else "C", rules)
    assert not wrong.correct and wrong.right_answer == right
    assert wrong.ev_cost is not None and wrong.ev_cost > 0


def test_the_exit_threshold_is_an_ordinary_players_edge_from_the_study(rules: Rules) -> None:
    """Seated, a learner leaves where the edge falls below what the table expects of an
    ordinary player (basic strategy, flat bets, over the shoe's counts): the study's own
    share-weighted mean, about -0.35% here, between the edges at true counts -1 and 0, so the
    exit (below 0) lies two counts under the entry (+1)."""
    table = study_for(rules, find_system("hi-lo")).edge
    mean = sum(row.share * row.basic for row in table.counts)
    assert ordinary_edge(table) == pytest.approx(mean, rel=1e-5)
    assert exit_edge(table) == ordinary_edge(table) < 0
    assert edge_at(table, Fraction(-1)) < exit_edge(table) < edge_at(table, Fraction(0)) < 0


@pytest.mark.parametrize(("running", "watching", "seated"), [(0, "W", "S"), (-5, "W", "L")])
def test_seated_the_learner_stays_at_a_count_they_would_not_come_in_at(
    rules: Rules, running: int, watching: str, seated: str
) -> None:
    """At true count 0 (edge about -0.27%) a watcher stays out but a seated learner stays;
    at -1 (about -0.82%) both are out."""
    assert DRILL.grade(enter(rules, running, 52), watching, rules).correct
    assert DRILL.grade(enter(rules, running, 52, "in"), seated, rules).correct
    other = "L" if seated == "S" else "S"
    wrong = DRILL.grade(enter(rules, running, 52, "in"), other, rules)
    assert not wrong.correct and wrong.right_answer == seated
    assert wrong.ev_cost is not None and 0 < wrong.ev_cost < Fraction(1, 100)


def test_leaving_at_a_good_count_costs_the_ramps_edge_and_being_seen(rules: Rules) -> None:
    table = study_for(rules, find_system("hi-lo")).edge
    left = DRILL.grade(enter(rules, +20, 52, "in"), "L", rules)
    watched = DRILL.grade(enter(rules, +20, 52), "W", rules)
    assert not left.correct and left.right_answer == "S"
    assert left.ev_cost is not None and watched.ev_cost is not None
    assert float(left.ev_cost - watched.ev_cost) == pytest.approx(-exit_edge(table), abs=1e-5)


def test_the_choices_are_named_by_where_the_learner_stands(rules: Rules) -> None:
    seated = DRILL.question(enter(rules, 0, 52, "in"), rules).view["keys"]
    watching = DRILL.question(enter(rules, 0, 52), rules).view["keys"]
    assert [(key, label) for key, label, _ in seated] == [("S", "Stay"), ("L", "Leave")]
    assert [(key, label) for key, label, _ in watching] == [("C", "Come in"), ("W", "Watch")]
    # The table's form sends P (a bet) or W (watch) in either state; stored answers are keys.
    assert DRILL.grade(enter(rules, 0, 52, "in"), "P", rules).answer == "S"
    assert DRILL.grade(enter(rules, 0, 52, "in"), "W", rules).answer == "L"


@pytest.mark.parametrize(("now", "answer"), [("out", "S"), ("out", "L"), ("in", "C"), ("in", "")])
def test_a_choice_of_the_other_state_is_refused(rules: Rules, now: str, answer: str) -> None:
    with pytest.raises(InvalidAnswerError):
        DRILL.grade(enter(rules, 0, 52, now), answer, rules)


def test_watching_a_good_count_costs_more_than_playing_a_bad_one_the_same_distance_off(
    rules: Rules,
) -> None:
    """Missed at +4 the ramp's big bet's edge is lost; played at -4 a minimum bet's."""
    missed = DRILL.grade(enter(rules, +20, 52), "W", rules).ev_cost
    played = DRILL.grade(enter(rules, -20, 52), "C", rules).ev_cost
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
    ("boxes", "others", "lost"), [(1, 2, 0), (2, 2, Fraction(1, 4)), (3, 0, 1)]
)
def test_each_box_past_the_first_is_one_more_hand_of_the_rounds(
    boxes: int, others: int, lost: Fraction
) -> None:
    """A round of one box deals the dealer, the others and the box: ``others + 2`` hands."""
    assert rounds_lost(boxes, others) == lost


def test_the_cards_more_boxes_use_are_priced_at_a_rounds_worth(rules: Rules) -> None:
    """At true count +1 with a big bankroll three boxes are worth most a round; but each box
    past the first brings the cut card a quarter of a round sooner (two other seats), and a
    round is worth far more on average than the small edge at +1 adds: one box is right."""
    table = study_for(rules, find_system("hi-lo")).edge
    big = Fraction(100_000)
    assert best_boxes(rules, edge_at(table, Fraction(1)), big, 0.05, 3) == 3
    worth = round_worth(table, rules, big, 0.05, 3)
    values = box_values(rules, edge_at(table, Fraction(1)), big, 0.05)
    assert values[3] - values[1] < float(rounds_lost(3, 2)) * worth
    tail = "bankroll 100000 risk 0.05 hi-lo floor full rc +5 played 52"
    priced = DRILL.grade(f"boxes 3 others 2 {tail}", "3", rules)
    assert not priced.correct and priced.right_answer == "1"
    assert priced.ev_cost is not None and priced.ev_cost > 0
    assert "one more hand a round" in priced.explanation
    # The same question without the other seats (an older one): the cards not priced.
    assert DRILL.grade(f"boxes 3 {tail}", "3", rules).correct
    # At +4 the edge is worth the rounds: three boxes still.
    assert DRILL.grade(f"boxes 3 others 2 {tail.replace('+5', '+20')}", "3", rules).correct


def test_a_round_is_worth_more_to_a_bigger_bankroll(rules: Rules) -> None:
    table = study_for(rules, find_system("hi-lo")).edge
    small = round_worth(table, rules, Fraction(500), 0.05, 1)
    assert 0 < small < round_worth(table, rules, Fraction(10_000), 0.05, 1)


@pytest.mark.parametrize(
    "notation",
    [
        "enter maybe hi-lo",
        "boxes 3 others 7 bankroll 10000 risk 0.05 hi-lo floor full rc +2 played 52",
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
