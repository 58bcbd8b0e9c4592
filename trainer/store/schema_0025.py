"""Schema migration 0025 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration


@migration("0025_checkout_cards")
def _checkout_cards(db: sqlite_utils.Database) -> None:
    # Each card of a checkout's deal as the server handed it out (trainer/store/checkouts.py):
    # one at a time, in order, none before its moment, so the page never holds a card the
    # learner has not been dealt. Append-only, like the other checkout tables.
    db.execute(
        """
        CREATE TABLE checkout_cards (
            run_id INTEGER NOT NULL REFERENCES checkout_runs(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            part INTEGER NOT NULL,
            item INTEGER NOT NULL,
            card INTEGER NOT NULL CHECK (card >= 0),
            served_ms INTEGER NOT NULL,
            PRIMARY KEY (run_id, part, item, card)
        )
        """
    )
    db.execute(
        """
        CREATE TRIGGER checkout_cards_append_only_update BEFORE UPDATE ON checkout_cards
        BEGIN SELECT RAISE(ABORT, 'checkouts are append-only'); END
        """
    )
    db.execute(
        """
        CREATE TRIGGER checkout_cards_append_only_delete BEFORE DELETE ON checkout_cards
        WHEN NOT EXISTS (SELECT 1 FROM account_deletions WHERE user_id = OLD.user_id)
        BEGIN SELECT RAISE(ABORT, 'checkouts are append-only'); END
        """
    )


@migration("0025_class_closures")
def _class_closures(db: sqlite_utils.Database) -> None:
    # A class deleted by its coach, as each of its members is told (trainer/store/classes.py):
    # the class's name and when it closed, kept after the class is gone (so it names no class),
    # until the member dismisses the line.
    db.execute(
        """
        CREATE TABLE class_closures (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            class_name TEXT NOT NULL,
            closed_at TEXT NOT NULL,
            dismissed_at TEXT
        )
        """
    )
    db.execute(
        "CREATE INDEX class_closures_open ON class_closures (user_id) WHERE dismissed_at IS NULL"
    )
