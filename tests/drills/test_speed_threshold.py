"""The weighted staircase that finds a learner's speed threshold: its steps (one small step
faster after a right checkpoint, nine slower after a wrong one), its bounds, its turns and the
threshold it reads from them, its weeks; and that it settles where the learner is right 9
times in 10 (a simulated learner whose chance of counting right falls with the speed)."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from drills.counting.threshold import (
    MAX_SPEED,
    MIN_SPEED,
    STEP_FASTER,
    STEP_SLOWER,
    Staircase,
    Trial,
    UnknownDistractionError,
    by_week,
    read_distraction,
    walk,
)


def test_a_wrong_checkpoint_steps_back_nine_times_as_far() -> None:
    assert STEP_SLOWER == 9 * STEP_FASTER
    start = Staircase(Fraction(2))
    assert start.after(True).speed == 2 + STEP_FASTER
    assert start.after(False).speed == 2 - STEP_SLOWER


def test_the_speed_stays_within_its_bounds() -> None:
    assert walk([Trial(False, "2026-01-05T10:00:00Z")] * 50, Fraction(1)).speed == MIN_SPEED
    assert walk([Trial(True, "2026-01-05T10:00:00Z")] * 500, Fraction(7)).speed == MAX_SPEED
    assert walk([], Fraction(100)).speed == MAX_SPEED  # a start out of bounds is bounded too


def test_turns_and_the_threshold_they_give() -> None:
    at = "2026-01-05T10:00:00Z"
    # Right, right, wrong (turn at 2.10), right (turn at 1.65), wrong (turn at 1.70), right
    # (turn at 1.25): four turns, the threshold their mean.
    answers = [True, True, False, True, False, True]
    stairs = walk([Trial(a, at) for a in answers], Fraction(2))
    assert stairs.reversals == (
        Fraction(21, 10),
        Fraction(33, 20),
        Fraction(17, 10),
        Fraction(5, 4),
    )
    assert stairs.threshold == sum(stairs.reversals, Fraction(0)) / 4
    assert walk([Trial(a, at) for a in answers[:4]], Fraction(2)).threshold is None


def test_weeks_end_where_the_walk_stood() -> None:
    trials = [
        Trial(True, "2026-01-05T10:00:00Z"),  # a Monday
        Trial(True, "2026-01-11T23:59:00Z"),  # that week's Sunday
        Trial(False, "2026-01-12T00:01:00Z"),  # the next Monday
    ]
    weeks = by_week(trials, Fraction(2))
    assert [(w.monday.isoformat(), w.trials) for w in weeks] == [
        ("2026-01-05", 2),
        ("2026-01-12", 1),
    ]
    assert weeks[0].stairs.speed == 2 + 2 * STEP_FASTER
    assert weeks[-1].stairs == walk(trials, Fraction(2))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_settles_where_the_learner_is_right_nine_times_in_ten(seed: int) -> None:
    # A learner right with chance 1 / (1 + e^(4 (speed - 3))): 90% right at 3 - ln(9) / 4.
    rng = random.Random(seed)
    stairs = Staircase(Fraction(1))
    for _ in range(6000):
        chance = 1 / (1 + math.exp(4 * (float(stairs.speed) - 3)))
        stairs = stairs.after(rng.random() < chance)
    # Away from its bounds the walk's rise is its rights times the small step less its wrongs
    # times the large one: over a long run the share right is 9 in 10, whatever the learner.
    assert abs(Fraction(stairs.right, stairs.trials) - Fraction(9, 10)) < Fraction(1, 100)
    # And its threshold (the mean of its last turns) is near the learner's 90% speed (the
    # steps are coarse beside this learner's steep fall, hence a tenth and a half of slack).
    assert stairs.threshold is not None
    assert abs(float(stairs.threshold) - (3 - math.log(9) / 4)) < 0.15


def test_a_distraction_level_is_one_of_the_known() -> None:
    assert read_distraction("") == "none"
    with pytest.raises(UnknownDistractionError):
        read_distraction("loud")
