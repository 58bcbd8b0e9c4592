"""Schema migration 0027 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration


@migration("0027_drill_rounds")
def _drill_rounds(db: sqlite_utils.Database) -> None:
    # A review batch asked as the drill round between shoes at a table (trainer/store/
    # drill_rounds.py): the table it follows, and why each of its questions came back, by
    # position (JSON: a list of {"kind": "shoe" | "missed", "at": the mistake's stored time}).
    db.execute(
        """
        CREATE TABLE drill_rounds (
            batch_id INTEGER PRIMARY KEY REFERENCES review_batches(id),
            table_id TEXT NOT NULL REFERENCES table_sessions(id),
            reasons TEXT NOT NULL
        )
        """
    )
