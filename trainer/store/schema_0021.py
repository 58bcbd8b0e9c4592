"""Schema migration 0021 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration


@migration("0021_classes")
def _classes(db: sqlite_utils.Database) -> None:
    # Classes, their invites, members and assignments (trainer/store/classes.py, class_work.py).
    _classes_and_invites(db)
    _members(db)
    _assignments(db)


def _classes_and_invites(db: sqlite_utils.Database) -> None:
    # A class (trainer/store/classes.py): its coach, a learner with an account, and the name
    # the coach gives themselves for their learners (never their username).
    db.execute(
        """
        CREATE TABLE classes (
            id INTEGER PRIMARY KEY,
            coach_id INTEGER NOT NULL REFERENCES users(id),
            name TEXT NOT NULL,
            coach_name TEXT NOT NULL,
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX classes_by_coach ON classes (coach_id)")
    # An invite is used once: a learner's joining marks it; a coach may revoke one not used.
    db.execute(
        """
        CREATE TABLE class_invites (
            id INTEGER PRIMARY KEY,
            class_id INTEGER NOT NULL REFERENCES classes(id),
            code TEXT NOT NULL UNIQUE,       -- secrets.token_urlsafe: long, unguessable
            created_at TEXT NOT NULL,
            used_at TEXT,
            revoked_at TEXT
        )
        """
    )
    db.execute("CREATE INDEX class_invites_by_class ON class_invites (class_id, id)")


def _members(db: sqlite_utils.Database) -> None:
    # A membership: joining is the learner's consent to the coach reading their work from
    # joined_at; leaving (left_at) withdraws it, and the row then shows nothing to the coach.
    # A learner who joins again has a new row, from the new joining.
    db.execute(
        """
        CREATE TABLE class_members (
            id INTEGER PRIMARY KEY,
            class_id INTEGER NOT NULL REFERENCES classes(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            name TEXT NOT NULL,              -- the name the learner gave for the coach to see
            joined_at TEXT NOT NULL,
            left_at TEXT
        )
        """
    )
    db.execute(
        "CREATE UNIQUE INDEX class_members_current ON class_members (class_id, user_id)"
        " WHERE left_at IS NULL"
    )
    db.execute("CREATE INDEX class_members_by_user ON class_members (user_id, left_at)")


def _assignments(db: sqlite_utils.Database) -> None:
    # What a coach sets the class to practise: a drill, or a step of the path (its drills), the
    # answers and share right to reach (the newest answers since it was set), optionally under
    # one rule set, and for counting a system and a speed; and the day it is due.
    db.execute(
        """
        CREATE TABLE class_assignments (
            id INTEGER PRIMARY KEY,
            class_id INTEGER NOT NULL REFERENCES classes(id),
            kind TEXT NOT NULL CHECK (kind IN ('drill', 'step')),
            target TEXT NOT NULL,            -- a drill's slug or a step's key
            rules TEXT,                      -- a rule set's notation; NULL: any rules
            system TEXT,                     -- a counting system's slug; NULL: any
            speed TEXT,                      -- cards a second, at least; NULL: any
            answers INTEGER NOT NULL CHECK (answers BETWEEN 1 AND 1000),
            percent INTEGER NOT NULL CHECK (percent BETWEEN 1 AND 100),
            due TEXT NOT NULL,               -- YYYY-MM-DD
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX class_assignments_by_class ON class_assignments (class_id, due)")
