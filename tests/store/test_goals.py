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


def _answer_at(db: Any, learner_id: int, *moments: str) -> None:
    from trainer.store import attempts

    for at in moments:
        attempts.record_attempt(db, user_id=learner_id, drill="hand-totals", question="q",
                                answer="1", right_answer="1", correct=True, response_ms=4_000,
                                token=f"token-{at}", rules="vegas-6d-s17",
                                created_at=at)  # fmt: skip


def test_a_day_ends_at_the_learners_own_midnight(db: Any) -> None:
    from zoneinfo import ZoneInfo

    learner = users.create_guest(db)
    goals.set_goal(db, learner.id, goals.Goal("answers", 5), at="2026-05-01T09:00:00.000Z")
    five = ["2026-05-{day}T{hour}:0" + str(n) + ":00.000Z" for n in range(5)]
    # 12:00 UTC on the 9th, 21:30 UTC on the 10th (00:30 on the 11th in Moscow, UTC+3), and
    # 10:00 UTC on the 11th: a goal met on each UTC day, but on no Moscow 10th.
    for day, hour in (("09", "12"), ("10", "21"), ("11", "10")):
        _answer_at(db, learner.id, *(at.format(day=day, hour=hour) for at in five))
    today = date(2026, 5, 11)
    since = date(2026, 5, 1)
    in_utc = goals.daily_activity(db, learner.id, since)
    assert goals.streak(in_utc, goals.goals_by_day(db, learner.id), today) == 3
    moscow = ZoneInfo("Europe/Moscow")
    in_moscow = goals.daily_activity(db, learner.id, since, moscow, today=today)
    assert in_moscow.on(date(2026, 5, 10)) == (0, 0)
    assert in_moscow.on(today)[0] == 10
    assert goals.streak(in_moscow, goals.goals_by_day(db, learner.id, moscow), today) == 1
    # A minute's time counts within the Moscow day (the 21:30 UTC answers, then the 10:00).
    assert in_moscow.on(today)[1] == in_utc.on(date(2026, 5, 10))[1] + goals.MAX_ANSWER_MS + (
        in_utc.on(today)[1] - 4_000
    )


def test_a_goal_set_late_in_the_evening_is_the_next_days_in_a_zone_ahead(db: Any) -> None:
    from zoneinfo import ZoneInfo

    learner = users.create_guest(db)
    goals.set_goal(db, learner.id, goals.Goal("answers", 30), at="2026-05-10T22:00:00.000Z")
    assert goals.goals_by_day(db, learner.id).on(date(2026, 5, 10)) == goals.Goal("answers", 30)
    in_tokyo = goals.goals_by_day(db, learner.id, ZoneInfo("Asia/Tokyo"))
    assert in_tokyo.on(date(2026, 5, 10)) == goals.DEFAULT_GOAL
    assert in_tokyo.on(date(2026, 5, 11)) == goals.Goal("answers", 30)
