"""Shoes shared as replays: a learner's table or counting session, readable by anyone holding
its share token until the learner withdraws it.

The token is 32 random bytes (``secrets.token_urlsafe``): a link cannot be guessed, and the
shoe's own id never leaves its owner's pages. A withdrawn share keeps its row, so that its
link can say it was withdrawn; sharing the shoe again makes a new token.
"""

from __future__ import annotations

import secrets
import sqlite3
from dataclasses import dataclass

import sqlite_utils

from trainer.store.db import first_row, transaction, utc_now

__all__ = ["KINDS", "Share", "find_share", "live_share", "share", "withdraw"]

KINDS = ("table", "count")
TOKEN_BYTES = 32


@dataclass(frozen=True)
class Share:
    token: str
    user_id: int
    kind: str
    source_id: str
    created_at: str
    withdrawn_at: str | None

    @property
    def live(self) -> bool:
        return self.withdrawn_at is None


def live_share(db: sqlite_utils.Database, user_id: int, kind: str, source_id: str) -> Share | None:
    """The learner's live share of that shoe, or None."""
    row = first_row(
        db,
        "SELECT * FROM replay_shares WHERE user_id = ? AND kind = ? AND source_id = ?"
        " AND withdrawn_at IS NULL",
        [user_id, kind, source_id],
    )
    return Share(**row) if row else None


def share(db: sqlite_utils.Database, user_id: int, kind: str, source_id: str) -> Share:
    """Share the learner's shoe (the caller has checked it is theirs): its live share, made now
    if there is none."""
    if kind not in KINDS:
        raise ValueError(f"no replay of kind {kind!r}")
    with transaction(db):
        found = live_share(db, user_id, kind, source_id)
        if found is not None:
            return found
        made = Share(secrets.token_urlsafe(TOKEN_BYTES), user_id, kind, source_id, utc_now(), None)
        try:
            db.execute(
                "INSERT INTO replay_shares (token, user_id, kind, source_id, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                [made.token, user_id, kind, source_id, made.created_at],
            )
        except sqlite3.IntegrityError:  # shared at the same moment from another tab
            again = live_share(db, user_id, kind, source_id)
            if again is None:
                raise
            return again
    return made


def withdraw(db: sqlite_utils.Database, user_id: int, kind: str, source_id: str) -> bool:
    """Withdraw the learner's live share of that shoe; False when there was none."""
    with transaction(db):
        cursor = db.execute(
            "UPDATE replay_shares SET withdrawn_at = ? WHERE user_id = ? AND kind = ?"
            " AND source_id = ? AND withdrawn_at IS NULL",
            [utc_now(), user_id, kind, source_id],
        )
    return cursor.rowcount > 0


def find_share(db: sqlite_utils.Database, token: str) -> Share | None:
    """The share with that token, live or withdrawn; None for a token never given."""
    row = first_row(db, "SELECT * FROM replay_shares WHERE token = ?", [token])
    return Share(**row) if row else None
