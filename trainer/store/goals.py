"""A learner's daily goal (so many answers, or minutes of answering, a day) and the streak of
days they met it.

Every stored time is UTC; a day is the learner's own, from midnight to midnight in their time
zone (``zone``; UTC until it is known), worked out exactly across daylight-saving changes by the
UTC moments of each local midnight (:func:`midnights`). A day's minutes are the time spent
answering: from each answer to the next that day (a counting session's cards watched between
checkpoints count), the first answer of a day by its response time, each stretch counted up to
:data:`MAX_ANSWER_MS`, so a question left open over lunch is not an hour of practice. Each day
of the streak is judged by the goal in force at its end (every goal set is kept, with when).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import partial

import sqlite_utils

from trainer.engine.words import N_, SaidError
from trainer.store.db import first_row, transaction

# What a goal may be, and its bounds: at least a few, at most what a day could hold.
GOAL_BOUNDS: dict[str, tuple[int, int]] = {"answers": (5, 500), "minutes": (5, 240)}
MAX_ANSWER_MS = 2 * 60 * 1000
# How far back a streak is looked for.
STREAK_DAYS = 400


class InvalidGoalError(SaidError):
    """A daily goal of an unknown kind, or an amount out of its bounds (said in the learner's
    words on the page, in English for the logs)."""


#: What a goal of each kind is out of its bounds, in the catalogue's words.
_OUT_OF_BOUNDS = {
    "answers": N_("a daily goal of answers is %(low)s to %(high)s, not %(amount)s"),
    "minutes": N_("a daily goal of minutes is %(low)s to %(high)s, not %(amount)s"),
}


@dataclass(frozen=True)
class Goal:
    kind: str  # "answers" or "minutes"
    amount: int

    def done(self, answers: int, answer_ms: int) -> int:
        """How much of the goal a day's answers did, in the goal's unit (whole minutes)."""
        return answers if self.kind == "answers" else answer_ms // 60_000

    def met(self, answers: int, answer_ms: int) -> bool:
        return self.done(answers, answer_ms) >= self.amount


DEFAULT_GOAL = Goal("answers", 20)


def check_goal(kind: str, amount: int) -> Goal:
    """:raises InvalidGoalError: naming the kinds, or the bounds the amount is outside."""
    if kind not in GOAL_BOUNDS:
        raise InvalidGoalError.said_as(N_("a daily goal is a number of answers or minutes"))
    low, high = GOAL_BOUNDS[kind]
    if not low <= amount <= high:
        raise InvalidGoalError.said_as(_OUT_OF_BOUNDS[kind], low=low, high=high, amount=amount)
    return Goal(kind, amount)


def get_goal(db: sqlite_utils.Database, user_id: int) -> Goal:
    """The learner's daily goal (:data:`DEFAULT_GOAL` until they choose one)."""
    row = first_row(db, "SELECT kind, amount FROM practice_goals WHERE user_id = ?", [user_id])
    return Goal(row["kind"], row["amount"]) if row else DEFAULT_GOAL


def set_goal(db: sqlite_utils.Database, user_id: int, goal: Goal, *, at: str) -> None:
    """Keep ``goal`` (checked with :func:`check_goal`) as the learner's daily goal."""
    check_goal(goal.kind, goal.amount)
    with transaction(db):
        db.execute(
            "INSERT INTO practice_goals (user_id, kind, amount, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET kind = excluded.kind,"
            " amount = excluded.amount, updated_at = excluded.updated_at",
            [user_id, goal.kind, goal.amount, at],
        )
        db.execute(
            "INSERT INTO goal_changes (user_id, kind, amount, set_at) VALUES (?, ?, ?, ?)",
            [user_id, goal.kind, goal.amount, at],
        )


def stamp_of(moment: datetime) -> str:
    """A moment as the store keeps it (``2026-05-01T12:00:00.000Z``), for comparing."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def midnights(first: date, last: date, zone: tzinfo = UTC) -> list[str]:
    """The stored form of each midnight in ``zone`` from the start of ``first`` to the end of
    ``last`` (``last`` + 1 day), in order: the bounds of the learner's days."""
    days = (last - first).days + 2
    return [
        stamp_of(datetime.combine(first + timedelta(days=n), time(0), tzinfo=zone))
        for n in range(days)
    ]


def days_table(first: date, bounds: list[str]) -> tuple[str, list[str]]:
    """A ``days(day, start, stop)`` common table expression of the learner's days from
    ``first``, each bounded by two of :func:`midnights`' ``bounds``, and its parameters: joined
    to the attempts, the database counts by the learner's days (each an index range)."""
    rows = ", ".join("(?, ?, ?)" for _ in bounds[1:])
    params: list[str] = []
    for n in range(len(bounds) - 1):
        params += [(first + timedelta(days=n)).isoformat(), bounds[n], bounds[n + 1]]
    return f"days(day, start, stop) AS (VALUES {rows})", params


def local_day(stored: str, zone: tzinfo = UTC) -> date:
    """The day in ``zone`` of a stored moment."""
    return datetime.fromisoformat(stored.replace("Z", "+00:00")).astimezone(zone).date()


def goals_by_day(db: sqlite_utils.Database, user_id: int, zone: tzinfo = UTC) -> GoalsByDay:
    """The goal in force at the end of each of the learner's days, as they set them."""
    rows = db.execute(
        "SELECT set_at, kind, amount FROM goal_changes WHERE user_id = ? ORDER BY set_at, id",
        [user_id],
    )
    return GoalsByDay(tuple((local_day(at, zone), Goal(k, a)) for at, k, a in rows))


@dataclass(frozen=True)
class GoalsByDay:
    """The goals a learner set, with the day of each (in order): a day is judged by the last
    set on or before it, a day before the first by :data:`DEFAULT_GOAL`."""

    changes: tuple[tuple[date, Goal], ...] = ()

    def on(self, day: date) -> Goal:
        goal = DEFAULT_GOAL
        for changed, set_goal in self.changes:
            if changed > day:
                break
            goal = set_goal
        return goal


@dataclass
class Activity:
    """A learner's answers per UTC day, and the time spent answering each day (ms), worked out
    only for the days asked (a goal in answers never needs it)."""

    answers: dict[date, int]
    time_of: Callable[[date], int]
    _times: dict[date, int] = field(default_factory=dict)

    @classmethod
    def of(cls, days: dict[date, tuple[int, int]]) -> Activity:
        """An activity given in full: answers and ms per day."""
        return cls({day: count for day, (count, _) in days.items()}, lambda day: days[day][1])

    def on(self, day: date) -> tuple[int, int]:
        """The day's answers and time spent answering (ms)."""
        count = self.answers.get(day, 0)
        if not count:
            return 0, 0
        if day not in self._times:
            self._times[day] = self.time_of(day)
        return count, self._times[day]

    def done(self, goal: Goal, day: date) -> int:
        """How much of ``goal`` the day's answers did."""
        return self.answers.get(day, 0) if goal.kind == "answers" else goal.done(*self.on(day))


def daily_activity(
    db: sqlite_utils.Database,
    user_id: int,
    since: date,
    zone: tzinfo = UTC,
    today: date | None = None,
) -> Activity:
    """Per day of the learner's (in ``zone``) from ``since`` to ``today``: their answers, and
    (:func:`time_answering`) the time spent answering."""
    if zone is UTC or getattr(zone, "key", None) == "UTC":  # the stored times' own days
        rows = db.execute(
            "SELECT substr(created_at, 1, 10), count(*) FROM attempts"
            " WHERE user_id = ? AND created_at >= ? GROUP BY 1",
            [user_id, since.isoformat()],
        )
        answers = {date.fromisoformat(day): count for day, count in rows}
        return Activity(answers, partial(_time_on_utc_day, db, user_id))
    last = today or datetime.now(zone).date()
    bounds = midnights(since, max(last, since), zone)
    days, params = days_table(since, bounds)
    rows = db.execute(
        f"WITH {days} SELECT days.day, count(*) FROM days JOIN attempts"
        " ON attempts.user_id = ? AND attempts.created_at >= days.start"
        " AND attempts.created_at < days.stop GROUP BY days.day",
        [*params, user_id],
    )
    answers = {date.fromisoformat(day): count for day, count in rows}

    def time_of(day: date) -> int:
        start = (day - since).days
        return time_answering(db, user_id, bounds[start], bounds[start + 1])

    return Activity(answers, time_of)


def _time_on_utc_day(db: sqlite_utils.Database, user_id: int, day: date) -> int:
    return time_answering(db, user_id, day.isoformat(), (day + timedelta(days=1)).isoformat())


def time_answering(db: sqlite_utils.Database, user_id: int, start: str, end: str) -> int:
    """The time (ms) the learner spent answering from the stored moment ``start`` to ``end``:
    from each answer to the next, the first by its response time, each stretch at most
    :data:`MAX_ANSWER_MS`."""
    (ms,) = db.execute(
        "SELECT sum(min(CASE WHEN before IS NULL THEN coalesce(response_ms, 0)"
        " ELSE (julianday(created_at) - julianday(before)) * 86400000 END, ?))"
        " FROM (SELECT created_at, response_ms, lag(created_at) OVER (ORDER BY created_at, id)"
        " AS before FROM attempts WHERE user_id = ? AND created_at >= ? AND created_at < ?)",
        [MAX_ANSWER_MS, user_id, start, end],
    ).fetchone()
    return round(ms or 0)


def streak(activity: Activity, goals: GoalsByDay, today: date) -> int:
    """Days in a row the goal in force that day was met, ending today (or yesterday, while
    today's is not met)."""

    def met(day: date) -> bool:
        goal = goals.on(day)
        return activity.done(goal, day) >= goal.amount

    day = today if met(today) else today - timedelta(days=1)
    days = 0
    while met(day):
        days += 1
        day -= timedelta(days=1)
    return days
