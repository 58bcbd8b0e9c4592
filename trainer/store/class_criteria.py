"""A class's stricter checkout criteria: per checkout, each part's clock as a share of the
default's (``time_percent``) and the errors allowed, set by the class's coach. A learner takes
each checkout under the strictest of the classes they are in now; leaving a class drops its
criteria. What the figures mean for a checkout is :mod:`drills.checkouts.criteria`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from trainer.store.db import all_rows, first_row, transaction


@dataclass(frozen=True)
class Stricter:
    """A class's criteria for one checkout: the clock's share in per cent, the errors allowed."""

    time_percent: int
    errors: int


def set_criteria(
    db: sqlite_utils.Database, class_id: int, kind: str, stricter: Stricter, *, at: str
) -> None:
    """Set (or replace) the class's criteria for the checkout ``kind``; the caller has bounded
    the figures and checked that ``kind`` is a checkout."""
    with transaction(db):
        db.execute(
            "INSERT INTO class_checkout_criteria (class_id, kind, time_percent, errors, set_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (class_id, kind) DO UPDATE SET"
            " time_percent = excluded.time_percent, errors = excluded.errors,"
            " set_at = excluded.set_at",
            [class_id, kind, stricter.time_percent, stricter.errors, at],
        )


def criteria_of_class(db: sqlite_utils.Database, class_id: int) -> dict[str, Stricter]:
    """The class's criteria, by checkout."""
    rows = all_rows(
        db,
        "SELECT kind, time_percent, errors FROM class_checkout_criteria WHERE class_id = ?",
        [class_id],
    )
    return {row["kind"]: Stricter(row["time_percent"], row["errors"]) for row in rows}


def strictest_for(db: sqlite_utils.Database, user_id: int, kind: str) -> Stricter | None:
    """The strictest criteria for the checkout ``kind`` of the classes the learner is in now
    (the shortest clock and the fewest errors of any); None if none of them sets any."""
    row = first_row(
        db,
        "SELECT min(s.time_percent) AS time_percent, min(s.errors) AS errors"
        " FROM class_checkout_criteria s JOIN class_members m ON m.class_id = s.class_id"
        " WHERE m.user_id = ? AND m.left_at IS NULL AND s.kind = ?",
        [user_id, kind],
    )
    if row is None or row["time_percent"] is None:
        return None
    return Stricter(int(row["time_percent"]), int(row["errors"]))


def clear_criteria(db: sqlite_utils.Database, class_id: int, kind: str) -> bool:
    """Drop the class's criteria for the checkout ``kind``: its members take it under the
    defaults again (or another class's of theirs). False if the class set none for it."""
    with transaction(db):
        cursor = db.execute(
            "DELETE FROM class_checkout_criteria WHERE class_id = ? AND kind = ?",
            [class_id, kind],
        )
    return cursor.rowcount == 1
