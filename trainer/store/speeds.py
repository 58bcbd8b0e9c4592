"""A learner's counting speed level per counting system: the rung of the speed ladder
(:mod:`drills.counting.pace`) and how many checkpoints in a row were right at it."""

from __future__ import annotations

import sqlite_utils

from trainer.store.db import first_row, transaction, utc_now


def get_level(db: sqlite_utils.Database, user_id: int, system: str) -> tuple[int, int] | None:
    """(level, run) of the learner in ``system``, or None before they have one."""
    row = first_row(
        db, "SELECT level, run FROM counting_speeds WHERE user_id = ? AND system = ?",
        [user_id, system],
    )  # fmt: skip
    return (row["level"], row["run"]) if row else None


def set_level(db: sqlite_utils.Database, user_id: int, system: str, level: int, run: int) -> None:
    with transaction(db):
        db.execute(
            "INSERT INTO counting_speeds (user_id, system, level, run, updated_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, system) DO UPDATE SET"
            " level = excluded.level, run = excluded.run, updated_at = excluded.updated_at",
            [user_id, system, level, run, utc_now()],
        )
