"""The daily goal and its streak: bounds, and days in a row counted from today or yesterday."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from trainer.store import goals, users

TODAY = date(2026, 5, 10)


def days(*counts: int) -> dict[date, tuple[int, int]]:
    """Answers per day, the last count today's."""
    return {
        date.fromordinal(TODAY.toordinal() - back): (count, count * 30_000)
        for back, count in enumerate(reversed(counts))
    }


@pytest.mark.parametrize(
    ("activity", "streak"),
    [
        (days(20, 20, 20), 3),
        (days(20, 20, 3), 2),  # today not met yet: the streak up to yesterday stands
        (days(20, 3, 20), 1),
        (days(3, 3), 0),
        ({}, 0),
    ],
)
def test_the_streak_counts_days_the_goal_was_met(activity: Any, streak: int) -> None:
    assert goals.streak(activity, goals.Goal("answers", 20), TODAY) == streak


def test_a_goal_in_minutes_counts_response_time() -> None:
    goal = goals.Goal("minutes", 5)
    assert goal.met(10, 5 * 60_000)
    assert not goal.met(100, 4 * 60_000)


@pytest.mark.parametrize(
    ("kind", "amount"),
    [("answers", 0), ("answers", -3), ("answers", 10**6), ("minutes", 241), ("hours", 10)],
)
def test_a_goal_out_of_bounds_is_refused(kind: str, amount: int) -> None:
    with pytest.raises(goals.InvalidGoalError):
        goals.check_goal(kind, amount)


def test_a_goal_is_kept_per_learner(db: Any) -> None:
    one, two = users.create_guest(db), users.create_guest(db)
    goals.set_goal(db, one.id, goals.Goal("minutes", 15), at="2026-05-10T09:00:00.000Z")
    assert goals.get_goal(db, one.id) == goals.Goal("minutes", 15)
    assert goals.get_goal(db, two.id) == goals.DEFAULT_GOAL
