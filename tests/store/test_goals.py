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
    by_day = goals.GoalsByDay(((date(2026, 1, 1), goals.Goal("answers", 20)),))
    assert goals.streak(goals.Activity.of(activity), by_day, TODAY) == streak


def test_each_day_of_the_streak_is_judged_by_the_goal_in_force_that_day() -> None:
    activity = goals.Activity.of(days(10, 10, 30))  # 10 two days ago and yesterday, 30 today
    raised_today = goals.GoalsByDay(
        ((date(2026, 5, 1), goals.Goal("answers", 10)), (TODAY, goals.Goal("answers", 30)))
    )
    assert goals.streak(activity, raised_today, TODAY) == 3  # not 1, as today's goal would say
    assert (
        goals.streak(activity, goals.GoalsByDay(((TODAY, goals.Goal("answers", 30)),)), TODAY) == 1
    )
    assert goals.GoalsByDay().on(TODAY) == goals.DEFAULT_GOAL


def test_a_days_minutes_are_the_time_from_answer_to_answer(db: Any) -> None:
    from trainer.store import attempts

    learner = users.create_guest(db)
    # A counting session: a checkpoint answered every 50 s, each typed in 4 s; then a break of
    # an hour (counted as 2 minutes at most); the next day's first answer by its own time.
    times = ["2026-05-10T09:00:00.000Z", "2026-05-10T09:00:50.000Z", "2026-05-10T09:01:40.000Z",
             "2026-05-10T10:01:40.000Z", "2026-05-11T08:00:00.000Z"]  # fmt: skip
    for n, at in enumerate(times):
        attempts.record_attempt(db, user_id=learner.id, drill="running-count", question=f"q{n}",
                                answer="1", right_answer="1", correct=True, response_ms=4_000,
                                token=f"token-{n:04}",
                                rules="vegas-6d-s17", created_at=at)  # fmt: skip
    activity = goals.daily_activity(db, learner.id, date(2026, 5, 1))
    assert activity.on(date(2026, 5, 10)) == (4, 4_000 + 50_000 + 50_000 + goals.MAX_ANSWER_MS)
    assert activity.on(date(2026, 5, 11)) == (1, 4_000)
    assert activity.done(goals.Goal("minutes", 5), date(2026, 5, 10)) == 3
    assert activity.done(goals.Goal("answers", 5), date(2026, 5, 10)) == 4


def test_every_goal_set_is_kept_with_its_day(db: Any) -> None:
    learner = users.create_guest(db)
    goals.set_goal(db, learner.id, goals.Goal("answers", 10), at="2026-05-08T09:00:00.000Z")
    goals.set_goal(db, learner.id, goals.Goal("minutes", 15), at="2026-05-10T09:00:00.000Z")
    by_day = goals.goals_by_day(db, learner.id)
    assert by_day.on(date(2026, 5, 7)) == goals.DEFAULT_GOAL
    assert by_day.on(date(2026, 5, 9)) == goals.Goal("answers", 10)
    assert by_day.on(TODAY) == goals.Goal("minutes", 15)


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
