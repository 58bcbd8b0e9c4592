"""A learner's place on the path: the start they chose and the steps the placement check
showed they know (:mod:`drills.path` says what they mean)."""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from trainer.store.db import first_row, transaction, utc_now


@dataclass(frozen=True)
class Place:
    start: str
    known: str  # step keys, space-separated


def get_place(db: sqlite_utils.Database, user_id: int) -> Place | None:
    """The learner's start and known steps, or None when they have not chosen one."""
    row = first_row(db, "SELECT start, known FROM learner_paths WHERE user_id = ?", [user_id])
    return Place(row["start"], row["known"]) if row else None


def set_place(db: sqlite_utils.Database, user_id: int, place: Place) -> None:
    """Keep the learner's start and known steps, in place of any kept before."""
    with transaction(db):
        db.execute(
            "INSERT INTO learner_paths (user_id, start, known, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET start = excluded.start,"
            " known = excluded.known, updated_at = excluded.updated_at",
            [user_id, place.start, place.known, utc_now()],
        )
