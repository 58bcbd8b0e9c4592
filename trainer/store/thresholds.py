"""The counting sessions dealt to find a learner's speed threshold
(:mod:`drills.counting.threshold`), and their checkpoints as the staircase's trials.

A session's row is written once, when it is dealt; its checkpoints' answers are attempts like
every session's (tokens ``cs-<session>-<checkpoint>-<ask>``), so the staircase is worked out
again from them and nothing here changes.
"""

from __future__ import annotations

from fractions import Fraction

import sqlite_utils

from trainer.store.db import all_rows, transaction, utc_now

__all__ = ["add_session", "distraction_of", "first_speed", "kept_apart", "trials"]


def add_session(
    db: sqlite_utils.Database,
    *,
    session_id: str,
    user_id: int,
    system: str,
    distraction: str,
    speed: Fraction,
) -> None:
    """Note that the learner's session ``session_id`` was dealt by their staircase."""
    with transaction(db):
        db.execute(
            "INSERT INTO threshold_sessions (session_id, user_id, system, distraction, speed,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [session_id, user_id, system, distraction, str(speed), utc_now()],
        )


def trials(
    db: sqlite_utils.Database, user_id: int, system: str, distraction: str
) -> list[tuple[bool, str]]:
    """Every checkpoint the learner answered in their staircase's sessions of ``system`` at
    ``distraction``, in the order answered: (right when each of its counts was, when)."""
    rows = all_rows(
        db,
        "SELECT s.session_id, a.token, a.correct, a.created_at FROM threshold_sessions s"
        " JOIN attempts a ON a.user_id = s.user_id"
        " AND a.token >= 'cs-' || s.session_id || '-' AND a.token < 'cs-' || s.session_id || '-~'"
        " WHERE s.user_id = ? AND s.system = ? AND s.distraction = ?"
        " ORDER BY a.created_at, a.id",
        [user_id, system, distraction],
    )
    checkpoints: dict[tuple[str, str], list[dict[str, object]]] = {}
    for row in rows:
        index = row["token"][len(row["session_id"]) + 4 :].split("-", 1)[0]
        checkpoints.setdefault((row["session_id"], index), []).append(row)
    found = [
        (all(bool(r["correct"]) for r in answers), str(answers[0]["created_at"]))
        for answers in checkpoints.values()
    ]
    return sorted(found, key=lambda trial: trial[1])


def kept_apart(db: sqlite_utils.Database, user_id: int) -> list[tuple[str, str]]:
    """The (system, distraction) pairs the learner has a staircase in, in the order begun."""
    rows = all_rows(
        db,
        "SELECT system, distraction, min(created_at) AS first FROM threshold_sessions"
        " WHERE user_id = ? GROUP BY system, distraction ORDER BY first",
        [user_id],
    )
    return [(row["system"], row["distraction"]) for row in rows]


def first_speed(
    db: sqlite_utils.Database, user_id: int, system: str, distraction: str
) -> Fraction | None:
    """The speed the learner's first staircase session there was dealt at: where it starts."""
    rows = all_rows(
        db,
        "SELECT speed FROM threshold_sessions WHERE user_id = ? AND system = ?"
        " AND distraction = ? ORDER BY created_at, rowid LIMIT 1",
        [user_id, system, distraction],
    )
    return Fraction(rows[0]["speed"]) if rows else None


def distraction_of(db: sqlite_utils.Database, session_id: str, user_id: int) -> str | None:
    """The distraction the learner's staircase session ``session_id`` is dealt with (None: it
    is no staircase session of theirs)."""
    rows = all_rows(
        db,
        "SELECT distraction FROM threshold_sessions WHERE session_id = ? AND user_id = ?",
        [session_id, user_id],
    )
    return str(rows[0]["distraction"]) if rows else None
