"""Schema migration 0023 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration


@migration("0023_replays")
def _replays(db: sqlite_utils.Database) -> None:
    # A shoe shared as a replay (trainer/store/replays.py): a table or a counting session of the
    # learner's, under a long random token. Withdrawn, the row stays (the link then says so);
    # sharing again makes a new token. At most one live share per shoe.
    db.execute(
        """
        CREATE TABLE replay_shares (
            token TEXT PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            kind TEXT NOT NULL CHECK (kind IN ('table', 'count')),
            source_id TEXT NOT NULL,        -- table_sessions.id or counting_sessions.id
            created_at TEXT NOT NULL,
            withdrawn_at TEXT
        )
        """
    )
    db.execute(
        "CREATE UNIQUE INDEX replay_shares_live ON replay_shares (kind, source_id)"
        " WHERE withdrawn_at IS NULL"
    )
    db.execute("CREATE INDEX replay_shares_by_user ON replay_shares (user_id, kind, source_id)")
    # A counting session dealt to find the learner's speed threshold (trainer/store/thresholds.py,
    # drills/counting/threshold.py): its system and distraction level, and the speed the
    # staircase dealt it at. Its checkpoints' answers are attempts, as every session's; the
    # staircase is worked out again from them, so nothing here changes once written.
    db.execute(
        """
        CREATE TABLE threshold_sessions (
            session_id TEXT PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            system TEXT NOT NULL,
            distraction TEXT NOT NULL,
            speed TEXT NOT NULL,            -- cards a second, a fraction ("37/20")
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute(
        "CREATE INDEX threshold_sessions_by_user ON threshold_sessions"
        " (user_id, system, distraction, created_at)"
    )
