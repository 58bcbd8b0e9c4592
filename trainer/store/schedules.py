"""Spaced repetition: when each of a learner's skills is due for review, scheduled by FSRS.

Every skill a drill asks is a reviewable *item* (``Drill.skill``: a strategy cell under a rule
set, a payout kind, a counting system's conversion, counting at a speed). Each answer is stored
and its item rescheduled in one write transaction (:func:`record_scheduled`), so a resent
answer, stored once, is scheduled once. The scheduling itself is the ``fsrs`` package's
(Free Spaced Repetition Scheduler, its default parameters), with a rating made from right or
wrong and the response time (:func:`rating_for`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import sqlite_utils
from fsrs import Card, Rating, Scheduler, State

from trainer.clock import stamp
from trainer.store import attempts
from trainer.store.db import all_rows, first_row, transaction

# Fuzzing would draw on the module-level random (seeded sessions must replay exactly), and an
# interval a day longer or shorter teaches nothing: it is off.
SCHEDULER = Scheduler(enable_fuzzing=False)


class Timing(Protocol):
    """How fast a right answer is, for a drill (a :class:`~drills.Drill` is one): at most
    ``brisk_ms`` is easy, more than ``slow_ms`` hard (a count after a dealt round takes longer
    than a hand's total)."""

    brisk_ms: int
    slow_ms: int


@dataclass(frozen=True)
class Pace:
    """A :class:`Timing` of its own (a drill's is its class attributes)."""

    brisk_ms: int = 2_000
    slow_ms: int = 8_000


def rating_for(correct: bool, response_ms: int | None, timing: Timing) -> Rating:
    """The FSRS rating of one answer: wrong is Again; right is Easy when brisk, Hard when slow,
    Good otherwise (and Good when no response time was kept)."""
    if not correct:
        return Rating.Again
    if response_ms is None:
        return Rating.Good
    if response_ms <= timing.brisk_ms:
        return Rating.Easy
    return Rating.Hard if response_ms > timing.slow_ms else Rating.Good


@dataclass(frozen=True)
class Item:
    """One learner's reviewable skill and its schedule."""

    id: int
    drill: str
    item: str
    question: str  # the newest question asked of it
    rules: str
    state: int
    due: str  # a stored time
    last_review: str
    reviews: int
    lapses: int
    last_attempt_id: int

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Item:
        return cls(**{name: row[name] for name in cls.__dataclass_fields__})


def _card(row: Mapping[str, Any] | None, now: datetime) -> Card:
    if row is None:
        return Card(card_id=0, due=now)
    return Card(
        card_id=0,
        state=State(row["state"]),
        step=row["step"],
        stability=row["stability"],
        difficulty=row["difficulty"],
        due=datetime.fromisoformat(row["due"]),
        last_review=datetime.fromisoformat(row["last_review"]),
    )


def schedule(
    db: sqlite_utils.Database,
    attempt: attempts.Attempt,
    *,
    skill: str,
    now: datetime,
    timing: Timing,
) -> Item:
    """Review the attempt's item (``skill`` of its drill) by FSRS at ``now``: two statements,
    the item read and written back."""
    key = [attempt.user_id, attempt.drill, skill]
    row = first_row(
        db,
        "SELECT state, step, stability, difficulty, due, last_review FROM review_schedules"
        " WHERE user_id = ? AND drill = ? AND item = ?",
        key,
    )
    rating = rating_for(attempt.correct, attempt.response_ms, timing)
    card, _ = SCHEDULER.review_card(_card(row, now), rating, now, attempt.response_ms)
    written = first_row(
        db,
        "INSERT INTO review_schedules (user_id, drill, item, question, rules, state, step,"
        " stability, difficulty, due, last_review, reviews, lapses, last_attempt_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
        " ON CONFLICT (user_id, drill, item) DO UPDATE SET question = excluded.question,"
        " rules = excluded.rules, state = excluded.state, step = excluded.step,"
        " stability = excluded.stability, difficulty = excluded.difficulty,"
        " due = excluded.due, last_review = excluded.last_review, reviews = reviews + 1,"
        " lapses = lapses + excluded.lapses, last_attempt_id = excluded.last_attempt_id"
        " RETURNING *",
        [
            *key,
            attempt.question,
            attempt.rules,
            card.state.value,
            card.step,
            card.stability,
            card.difficulty,
            stamp(card.due),
            stamp(now),
            int(not attempt.correct),
            attempt.id,
        ],
    )
    assert written is not None  # RETURNING always gives the row written
    return Item.from_row(written)


def record_scheduled(
    db: sqlite_utils.Database,
    *,
    skill: str | None,
    now: datetime,
    timing: Timing,
    **fields: Any,
) -> tuple[attempts.Attempt, bool]:
    """Store an answer (:func:`trainer.store.attempts.record_attempt`'s fields) at ``now`` and,
    when it is new and names a ``skill``, schedule that item, in one transaction."""
    with transaction(db):
        attempt, created = attempts.record_attempt(db, created_at=stamp(now), **fields)
        if created and skill:
            schedule(db, attempt, skill=skill, now=now, timing=timing)
    return attempt, created


# -- reading the schedule -----------------------------------------------------------------------


def due_by_drill(db: sqlite_utils.Database, user_id: int, now: datetime) -> dict[str, int]:
    """Per drill, how many of the learner's items are due at ``now``."""
    rows = db.execute(
        "SELECT drill, count(*) FROM review_schedules WHERE user_id = ? AND due <= ?"
        " GROUP BY drill",
        [user_id, stamp(now)],
    )
    return dict(rows.fetchall())


def due_items(
    db: sqlite_utils.Database,
    user_id: int,
    now: datetime,
    *,
    drill: str | None = None,
    limit: int = 50,
) -> list[Item]:
    """The learner's items due at ``now`` (of one drill, given ``drill``), most overdue first."""
    where = "user_id = ? AND due <= ?" + (" AND drill = ?" if drill else "")
    params: list[Any] = [user_id, stamp(now), *([drill] if drill else []), int(limit)]
    sql = f"SELECT * FROM review_schedules WHERE {where} ORDER BY due, id LIMIT ?"
    return [Item.from_row(row) for row in all_rows(db, sql, params)]


def get_item(db: sqlite_utils.Database, user_id: int, item_id: int) -> Item | None:
    """The learner's item with that id (never another learner's)."""
    row = first_row(
        db, "SELECT * FROM review_schedules WHERE id = ? AND user_id = ?", [item_id, user_id]
    )
    return Item.from_row(row) if row else None


def dues_of(
    db: sqlite_utils.Database, user_id: int, drill: str, items: list[str]
) -> dict[str, str]:
    """Of these items of one drill (their keys), when each is due (those scheduled)."""
    if not items:
        return {}
    marks = ", ".join("?" for _ in items)
    rows = db.execute(
        "SELECT item, due FROM review_schedules WHERE user_id = ? AND drill = ?"
        f" AND item IN ({marks})",
        [user_id, drill, *items],
    )
    return dict(rows.fetchall())


def next_review(db: sqlite_utils.Database, user_id: int) -> str | None:
    """When the learner's next item falls due (a stored time), if they have any."""
    row = db.execute(
        "SELECT min(due) FROM review_schedules WHERE user_id = ?", [user_id]
    ).fetchone()
    return row[0] if row else None


# An item is mastered once FSRS expects it to be remembered a week on (its stability, in days).
MASTERED_STABILITY_DAYS = 7.0


@dataclass(frozen=True)
class ItemTally:
    """Of one drill's items sharing a key prefix: how many, and how many mastered."""

    drill: str
    item: str
    reviews: int
    lapses: int
    mastered: bool


def item_tallies(db: sqlite_utils.Database, user_id: int, drills: list[str]) -> list[ItemTally]:
    """Every item of these drills, with its reviews, lapses and whether it is mastered (in
    the Review state with at least :data:`MASTERED_STABILITY_DAYS` of stability)."""
    marks = ", ".join("?" for _ in drills)
    rows = db.execute(
        "SELECT drill, item, reviews, lapses, state = ? AND stability >= ? FROM review_schedules"
        f" WHERE user_id = ? AND drill IN ({marks})",
        [State.Review.value, MASTERED_STABILITY_DAYS, user_id, *drills],
    )
    return [ItemTally(d, i, r, lapses, bool(m)) for d, i, r, lapses, m in rows]


@dataclass(frozen=True)
class Reviewed:
    """One answer to replay: its drill, the item it reviewed, right or not, its response time,
    when it was given, and its drill's :class:`Timing`."""

    drill: str
    item: str
    correct: bool
    response_ms: int | None
    at: datetime
    timing: Timing


def replayed_tallies(answers: Iterable[Reviewed]) -> list[ItemTally]:
    """The items these answers alone (oldest first) would have scheduled, as
    :func:`item_tallies` tallies them: what a learner mastered from these answers, with
    nothing of their answers before (a coach's view, since a learner joined the class)."""
    cards: dict[tuple[str, str], tuple[Card, int, int]] = {}
    for answer in answers:
        key = (answer.drill, answer.item)
        card, reviews, lapses = cards.get(key) or (Card(card_id=0, due=answer.at), 0, 0)
        rating = rating_for(answer.correct, answer.response_ms, answer.timing)
        card, _ = SCHEDULER.review_card(card, rating, answer.at, answer.response_ms)
        cards[key] = (card, reviews + 1, lapses + (not answer.correct))
    return [
        ItemTally(drill, item, reviews, lapses, _mastered(card))
        for (drill, item), (card, reviews, lapses) in cards.items()
    ]


def _mastered(card: Card) -> bool:
    return card.state == State.Review and (card.stability or 0.0) >= MASTERED_STABILITY_DAYS


def find_item(db: sqlite_utils.Database, user_id: int, drill: str, item: str) -> Item | None:
    """The learner's item of that drill and key, if they have it."""
    row = first_row(
        db,
        "SELECT * FROM review_schedules WHERE user_id = ? AND drill = ? AND item = ?",
        [user_id, drill, item],
    )
    return Item.from_row(row) if row else None
