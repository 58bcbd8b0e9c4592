"""Counting sessions, kept server-side: written once when dealt, read back by id.

The session's checkpoint answers are attempts (:mod:`trainer.store.attempts`), one token per
checkpoint and count asked, so the session itself never changes.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

import sqlite_utils

from trainer.store.db import transaction, utc_now


@dataclass(frozen=True)
class StoredSession:
    id: str
    user_id: int
    drill: str
    rules: str
    spec: str
    created_at: str


def create_session(
    db: sqlite_utils.Database, *, user_id: int, drill: str, rules: str, spec: str
) -> StoredSession:
    """Store a new session for ``user_id``; return it with its new id."""
    session = StoredSession(
        id=secrets.token_urlsafe(12),
        user_id=user_id,
        drill=drill,
        rules=rules,
        spec=spec,
        created_at=utc_now(),
    )
    with transaction(db):
        db.execute(
            "INSERT INTO counting_sessions (id, user_id, drill, rules, spec, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [session.id, user_id, drill, rules, spec, session.created_at],
        )
    return session


def get_session(db: sqlite_utils.Database, session_id: str, user_id: int) -> StoredSession | None:
    """The session ``session_id`` if it is ``user_id``'s; None otherwise (theirs or missing)."""
    row = next(
        db.query(
            "SELECT * FROM counting_sessions WHERE id = ? AND user_id = ?",
            [session_id, user_id],
        ),
        None,
    )
    return StoredSession(**row) if row else None


def save_preferences(
    db: sqlite_utils.Database, user_id: int, *, system: str, convention: str, resolution: str
) -> None:
    """Keep the learner's counting preferences (a new row; the newest is the one in use)."""
    with transaction(db):
        db.execute(
            "INSERT INTO counting_preferences (user_id, system, convention, resolution,"
            " created_at) VALUES (?, ?, ?, ?, ?)",
            [user_id, system, convention, resolution, utc_now()],
        )


def get_preferences(db: sqlite_utils.Database, user_id: int) -> dict[str, str]:
    """The learner's newest counting preferences (empty when they never chose)."""
    row = next(
        db.query(
            "SELECT system, convention, resolution FROM counting_preferences"
            " WHERE user_id = ? ORDER BY id DESC LIMIT 1",
            [user_id],
        ),
        None,
    )
    return dict(row) if row else {}


def list_sessions(db: sqlite_utils.Database, user_id: int, limit: int = 10) -> list[StoredSession]:
    """The learner's newest counting sessions first."""
    rows = db.query(
        "SELECT * FROM counting_sessions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC"
        " LIMIT ?",
        [user_id, limit],
    )
    return [StoredSession(**row) for row in rows]
