"""Schema migration 0022 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration

_CHECKOUT_TABLES = ("checkout_runs", "checkout_starts", "checkout_answers", "checkout_certificates")


@migration("0022_checkouts")
def _checkouts(db: sqlite_utils.Database) -> None:
    # Checkouts (trainer/store/checkouts.py), stored apart from practice: a run with its dealt
    # items and criteria, each part's clock start, each answer, and a passed run's certificate.
    # Times are the server's, in milliseconds since the epoch. Every table is append-only: no
    # row is changed, and none deleted but with its learner's account (account_deletions).
    db.execute(
        """
        CREATE TABLE checkout_runs (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            kind TEXT NOT NULL,
            rules TEXT NOT NULL,             -- the rules' notation
            system TEXT NOT NULL,            -- the counting system, convention, resolution
            criteria TEXT NOT NULL,          -- JSON: drills.checkouts.criteria.Criteria
            items TEXT NOT NULL,             -- JSON: each part's [sort, notation] items
            created_ms INTEGER NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX checkout_runs_by_user ON checkout_runs (user_id, id)")
    _starts_and_answers(db)
    _certificates(db)
    _append_only(db)


def _starts_and_answers(db: sqlite_utils.Database) -> None:
    db.execute(
        """
        CREATE TABLE checkout_starts (
            run_id INTEGER NOT NULL REFERENCES checkout_runs(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            part INTEGER NOT NULL,
            started_ms INTEGER NOT NULL,
            PRIMARY KEY (run_id, part)
        )
        """
    )
    db.execute(
        """
        CREATE TABLE checkout_answers (
            run_id INTEGER NOT NULL REFERENCES checkout_runs(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            part INTEGER NOT NULL,
            item INTEGER NOT NULL,
            sort TEXT NOT NULL,
            answer TEXT NOT NULL,            -- the learner's answer, as graded
            right_answer TEXT NOT NULL,      -- the right one, shown once the run is over
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            answered_ms INTEGER NOT NULL,
            PRIMARY KEY (run_id, part, item)
        )
        """
    )


def _certificates(db: sqlite_utils.Database) -> None:
    db.execute(
        """
        CREATE TABLE checkout_certificates (
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,       -- random; the signed link names it
            run_id INTEGER NOT NULL UNIQUE REFERENCES checkout_runs(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            holder TEXT NOT NULL,            -- the learner's name when it was issued
            kind TEXT NOT NULL,
            rules TEXT NOT NULL,
            system TEXT NOT NULL,
            figures TEXT NOT NULL,           -- JSON: each part's figures
            issued_ms INTEGER NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX checkout_certificates_by_user ON checkout_certificates (user_id)")


def _append_only(db: sqlite_utils.Database) -> None:
    for table in _CHECKOUT_TABLES:
        db.execute(
            f"""
            CREATE TRIGGER {table}_append_only_update BEFORE UPDATE ON {table}
            BEGIN SELECT RAISE(ABORT, 'checkouts are append-only'); END
            """
        )
        db.execute(
            f"""
            CREATE TRIGGER {table}_append_only_delete BEFORE DELETE ON {table}
            WHEN NOT EXISTS (SELECT 1 FROM account_deletions WHERE user_id = OLD.user_id)
            BEGIN SELECT RAISE(ABORT, 'checkouts are append-only'); END
            """
        )
