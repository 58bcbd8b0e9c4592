"""Schema migration 0024 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration


@migration("0024_class_checkout_criteria")
def _class_checkout_criteria(db: sqlite_utils.Database) -> None:
    # A class's stricter criteria for one checkout (trainer/store/class_criteria.py): each part's
    # clock as a share of the default's, and the errors allowed. Setting them again replaces
    # the row; a member takes the strictest of their classes' (drills/checkouts/criteria.py).
    db.execute(
        """
        CREATE TABLE class_checkout_criteria (
            class_id INTEGER NOT NULL REFERENCES classes(id),
            kind TEXT NOT NULL,
            time_percent INTEGER NOT NULL CHECK (time_percent BETWEEN 1 AND 100),
            errors INTEGER NOT NULL CHECK (errors >= 0),
            set_at TEXT NOT NULL,
            PRIMARY KEY (class_id, kind)
        )
        """
    )
