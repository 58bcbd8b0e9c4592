"""Review batches: a learner's chosen mistakes, asked again in order ("drill these again").

A batch belongs to one learner and one drill and holds its questions (notation and the rules
they were asked under) in order. Each item is answered once: :func:`mark_answered` links it to
the stored attempt, so a resent answer (same token) does not move the batch on twice.
Also here: :func:`find_mistakes`, the mistakes page's filtered, sorted query.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo
from fractions import Fraction
from typing import Any

import sqlite_utils

from trainer.store.attempts import Attempt, stored_notation
from trainer.store.db import all_rows, transaction, utc_now
from trainer.store.goals import days_table, midnights

# The most questions one review batch holds.
MAX_BATCH = 50


class InvalidReviewError(ValueError):
    """A review batch would be empty, too long, or mixes drills."""


@dataclass(frozen=True)
class ReviewItem:
    """One question of a batch, with the attempt that answered it (once answered)."""

    id: int
    batch_id: int
    position: int
    question: str
    rules: str  # the rules' notation
    attempt_id: int | None


@dataclass(frozen=True)
class ReviewBatch:
    id: int
    user_id: int
    drill: str
    created_at: str
    items: tuple[ReviewItem, ...]
    purpose: str = "mistakes"  # or "practice": an item due, asked from Today

    @property
    def next_item(self) -> ReviewItem | None:
        """The first question not answered yet, or None when the batch is done."""
        return next((item for item in self.items if item.attempt_id is None), None)

    @property
    def answered(self) -> int:
        return sum(item.attempt_id is not None for item in self.items)


def create_batch(
    db: sqlite_utils.Database,
    user_id: int,
    drill: str,
    questions: Sequence[Attempt],
    *,
    purpose: str = "mistakes",
) -> ReviewBatch:
    """A new batch asking these attempts' questions again, in order (each question once).

    :raises InvalidReviewError: for no questions, more than :data:`MAX_BATCH`, another
        learner's attempt or another drill's.
    """
    seen: set[tuple[str, str]] = set()
    unique = []
    for attempt in questions:
        if attempt.user_id != user_id or attempt.drill != drill:
            raise InvalidReviewError("a review batch holds one learner's questions of one drill")
        key = (attempt.question, attempt.rules)
        if key not in seen:
            seen.add(key)
            unique.append(attempt)
    if not unique:
        raise InvalidReviewError("there are no questions to drill again")
    if len(unique) > MAX_BATCH:
        raise InvalidReviewError(f"a review batch holds at most {MAX_BATCH} questions")
    with transaction(db):
        cursor = db.execute(
            "INSERT INTO review_batches (user_id, drill, created_at, purpose) VALUES (?, ?, ?, ?)",
            [user_id, drill, utc_now(), purpose],
        )
        batch_id = cursor.lastrowid
        for position, attempt in enumerate(unique):
            db.execute(
                "INSERT INTO review_items (batch_id, position, question, rules)"
                " VALUES (?, ?, ?, ?)",
                [batch_id, position, attempt.question, attempt.rules],
            )
    batch = get_batch(db, user_id, int(batch_id or 0))
    assert batch is not None  # written just now, in the same connection
    return batch


def get_batch(db: sqlite_utils.Database, user_id: int, batch_id: int) -> ReviewBatch | None:
    """The learner's batch of that id; None for a batch that is not theirs or not there."""
    row = next(
        db.query("SELECT * FROM review_batches WHERE id = ? AND user_id = ?", [batch_id, user_id]),
        None,
    )
    if row is None:
        return None
    items = tuple(
        ReviewItem(
            id=item["id"],
            batch_id=item["batch_id"],
            position=item["position"],
            question=item["question"],
            rules=stored_notation(item["rules"], item["rules_options"]),
            attempt_id=item["attempt_id"],
        )
        for item in db.query(
            "SELECT * FROM review_items WHERE batch_id = ? ORDER BY position", [batch_id]
        )
    )
    return ReviewBatch(
        row["id"], row["user_id"], row["drill"], row["created_at"], items, row["purpose"]
    )


def mark_answered(db: sqlite_utils.Database, item_id: int, attempt_id: int) -> bool:
    """Link an unanswered item to its attempt; False when it was answered already."""
    with transaction(db):
        cursor = db.execute(
            "UPDATE review_items SET attempt_id = ? WHERE id = ? AND attempt_id IS NULL",
            [attempt_id, item_id],
        )
    return cursor.rowcount == 1


def batch_attempts(db: sqlite_utils.Database, batch: ReviewBatch) -> list[Attempt]:
    """The attempts that answered the batch's items, in the batch's order."""
    ids = [item.attempt_id for item in batch.items if item.attempt_id is not None]
    if not ids:
        return []
    marks = ", ".join("?" for _ in ids)
    rows = {
        row["id"]: Attempt.from_row(row)
        for row in db.query(
            f"SELECT * FROM attempts WHERE user_id = ? AND id IN ({marks})", [batch.user_id, *ids]
        )
    }
    return [rows[i] for i in ids if i in rows]


# -- the mistakes page's query ------------------------------------------------------------------

SORTS = ("newest", "cost")


@dataclass(frozen=True)
class MistakeFilter:
    """What the mistakes page shows: one drill or all, one rules preset (with any options
    changed from it) or all, a date range
    (``YYYY-MM-DD``, both ends included), newest first or the most expensive first."""

    drill: str | None = None
    rules: str | None = None
    since: str | None = None
    until: str | None = None
    sort: str = "newest"


def _mistake_where(user_id: int, chosen: MistakeFilter) -> tuple[str, list[Any]]:
    """The SQL condition (and its parameters) picking one learner's mistakes by a filter."""
    where = ["user_id = ?", "correct = 0"]
    params: list[Any] = [user_id]
    if chosen.rules:
        # The preset itself, or the preset with options changed ("vegas-6d-s17 decks=2").
        where.append("(rules = ? OR substr(rules, 1, length(?) + 1) = ? || ' ')")
        params.extend([chosen.rules] * 3)
    conditions = (
        ("drill = ?", chosen.drill),
        ("created_at >= ?", chosen.since),
        ("substr(created_at, 1, 10) <= ?", chosen.until),
    )
    for condition, value in conditions:
        if value:
            where.append(condition)
            params.append(value)
    return " AND ".join(where), params


def find_mistakes(
    db: sqlite_utils.Database, user_id: int, chosen: MistakeFilter, *, limit: int = 500
) -> list[Attempt]:
    """One learner's wrong answers (never anyone else's), filtered and sorted."""
    where, params = _mistake_where(user_id, chosen)
    sql = f"SELECT * FROM attempts WHERE {where} ORDER BY id DESC LIMIT ?"
    found = [Attempt.from_row(row) for row in db.query(sql, [*params, int(limit)])]
    if chosen.sort == "cost":
        # Exact fractions: sorted here, not by SQLite's text. No cost sorts last; ties newest first.
        found.sort(key=lambda a: (a.ev_cost is None, -(a.ev_cost or Fraction(0))))
    return found


# Across drills a cost is compared only with its own drill's: the share of the learner's
# mistakes at that drill (as filtered) that cost no more than it (1: the drill's costliest).
# ``cost_value`` is the stored cost as a number (a virtual column, migration 0013), for
# ordering only: an answer is never compared with it.
_RANK_IN_DRILL = "cume_dist() OVER (PARTITION BY drill, ev_cost IS NULL ORDER BY cost_value)"


def mistakes_page(
    db: sqlite_utils.Database,
    user_id: int,
    chosen: MistakeFilter,
    *,
    page: int,
    per_page: int,
) -> tuple[list[tuple[Attempt, float | None]], int]:
    """One page (from 1) of the learner's mistakes as filtered, and how many there are in all.

    Each comes with its rank in its drill (:data:`_RANK_IN_DRILL`) when sorted by cost across
    drills, else None. Sorted by cost, one drill's mistakes go by their cost; all drills' by
    that rank (a strategy error's EV in bets and a payout slip's share of the bet are not one
    measure): the costliest of each drill first, newest first among equals; no cost last.
    """
    where, params = _mistake_where(user_id, chosen)
    (total,) = db.execute(f"SELECT count(*) FROM attempts WHERE {where}", params).fetchone()
    rank = "NULL"
    if chosen.sort != "cost":
        order = "{id} DESC"
    elif chosen.drill:
        order = "{cost} IS NULL, {cost} DESC, {id} DESC"
    else:
        rank = f"CASE WHEN ev_cost IS NULL THEN NULL ELSE {_RANK_IN_DRILL} END"
        order = "{cost} IS NULL, {rank} DESC, {cost} DESC, {id} DESC"
    inner = order.format(id="id", cost="cost_value", rank="rank_in_drill")
    outer = order.format(id="page.id", cost="page.cost", rank="page.rank_in_drill")
    # The page's ids first (read off the indexes over mistakes), then just their rows.
    sql = (
        f"WITH page AS (SELECT id, cost_value AS cost, {rank} AS rank_in_drill FROM attempts"
        f" WHERE {where} ORDER BY {inner} LIMIT ? OFFSET ?)"
        " SELECT attempts.*, page.rank_in_drill FROM page JOIN attempts USING (id)"
        f" ORDER BY {outer}"
    )
    rows = all_rows(db, sql, [*params, int(per_page), (int(page) - 1) * int(per_page)])
    return [(Attempt.from_row(row), row["rank_in_drill"]) for row in rows], int(total)


def mistake_choices(db: sqlite_utils.Database, user_id: int) -> tuple[list[str], list[str]]:
    """The drills and rules presets this learner has mistakes under (for the filter form)."""
    drills = [
        slug
        for (slug,) in db.execute(
            "SELECT drill FROM drill_totals WHERE user_id = ? AND correct < attempts"
            " ORDER BY drill",
            [user_id],
        )
    ]
    rules = db.execute(
        "SELECT DISTINCT rules FROM attempts WHERE user_id = ? AND correct = 0", [user_id]
    )
    # The notation's first word: the preset (rows from before the notation hold it alone).
    return drills, sorted({notation.split(" ", 1)[0] for (notation,) in rules})


# -- the progress page's query ------------------------------------------------------------------


@dataclass(frozen=True)
class DayFigures:
    day: str  # YYYY-MM-DD (the learner's day)
    attempts: int
    correct: int

    @property
    def accuracy(self) -> Fraction | None:
        return Fraction(self.correct, self.attempts) if self.attempts else None


def daily_figures(
    db: sqlite_utils.Database,
    user_id: int,
    since: str,
    zone: tzinfo = UTC,
    until: date | None = None,
) -> dict[str, dict[str, DayFigures]]:
    """Per drill, per day from ``since`` (YYYY-MM-DD) to ``until`` (today), days in ``zone``:
    one learner's attempts and right answers."""
    figures: dict[str, dict[str, DayFigures]] = {}
    if zone is UTC or getattr(zone, "key", None) == "UTC":  # the stored times' own days
        rows = db.query(
            "SELECT drill, substr(created_at, 1, 10) AS day, count(*) AS attempts,"
            " sum(correct) AS correct FROM attempts WHERE user_id = ? AND created_at >= ?"
            " GROUP BY drill, day ORDER BY drill, day",
            [user_id, since],
        )
        for row in rows:
            figures.setdefault(row["drill"], {})[row["day"]] = DayFigures(
                row["day"], row["attempts"], row["correct"] or 0
            )
        return figures
    first = date.fromisoformat(since)
    last = until or datetime.now(zone).date()
    days, params = days_table(first, midnights(first, max(first, last), zone))
    rows = db.query(
        f"WITH {days} SELECT drill, days.day AS day, count(*) AS attempts,"
        " sum(correct) AS correct FROM days JOIN attempts ON attempts.user_id = ?"
        " AND attempts.created_at >= days.start AND attempts.created_at < days.stop"
        " GROUP BY drill, days.day ORDER BY drill, days.day",
        [*params, user_id],
    )
    for row in rows:
        figures.setdefault(row["drill"], {})[row["day"]] = DayFigures(
            row["day"], row["attempts"], row["correct"] or 0
        )
    return figures


def costly_mistakes(
    db: sqlite_utils.Database, user_id: int, drills: list[str], *, within: int
) -> list[tuple[str, str, str, Fraction, int]]:
    """Of the learner's newest ``within`` mistakes at these drills that have an EV cost, and
    that they have not answered right since (:func:`answered_right_since`: the next step
    named a hand just answered right again, a walk): per drill, question and rules, the cost
    added up (exactly) and how many."""
    marks = ", ".join("?" for _ in drills)
    rows = db.execute(
        "SELECT drill, question, rules, ev_cost FROM attempts m WHERE user_id = ? AND correct = 0"
        f" AND ev_cost IS NOT NULL AND drill IN ({marks})"
        f" AND NOT EXISTS (SELECT 1 FROM attempts a WHERE {_RIGHT_SINCE}) ORDER BY id DESC LIMIT ?",
        [user_id, *drills, int(within)],
    )
    sums: dict[tuple[str, str, str], tuple[Fraction, int]] = {}
    for drill, question, rules, cost in rows:
        total, count = sums.get((drill, question, rules), (Fraction(0), 0))
        sums[drill, question, rules] = (total + Fraction(cost), count + 1)
    return [(*key, total, count) for key, (total, count) in sums.items()]


def answered_right_since(
    db: sqlite_utils.Database, user_id: int, mistakes: Sequence[Attempt]
) -> dict[int, str]:
    """Of these mistakes, those the learner has answered right since (the same drill's same
    question under the same rules, later), by the mistake's id: when, the latest right
    answer's time. One statement; for each mistake one look along the index of right answers
    by question (migration 0031)."""
    if not mistakes:
        return {}
    marks = ", ".join("?" for _ in mistakes)
    rows = db.execute(
        f"SELECT m.id, (SELECT max(a.created_at) FROM attempts a WHERE {_RIGHT_SINCE})"
        f" FROM attempts m WHERE m.user_id = ? AND m.id IN ({marks})",
        [user_id, *(mistake.id for mistake in mistakes)],
    )
    return {mistake_id: when for mistake_id, when in rows.fetchall() if when is not None}


# An answer ``a`` right since the mistake ``m``: the same learner, drill, question and rules,
# later (the rules' options compared as stored: both may be NULL).
_RIGHT_SINCE = (
    "a.user_id = m.user_id AND a.drill = m.drill AND a.question = m.question AND a.correct = 1"
    " AND a.id > m.id AND a.rules = m.rules AND a.rules_options IS m.rules_options"
)
