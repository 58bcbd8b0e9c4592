"""Failed sign-in counting, per account and per address, to slow down password guessing; and
expensive work counted per address and learner, to bound what one client can make us compute."""

from __future__ import annotations

import sqlite_utils

from trainer.store.db import transaction


def account_key(username: str) -> str:
    from trainer.store.users import username_key

    return "account:" + username_key(username.strip())


def address_key(address: str | None) -> str:
    return "address:" + (address or "unknown")


def recent_failures(db: sqlite_utils.Database, key: str, *, since: float) -> int:
    """How many failures under ``key`` happened at or after ``since`` (epoch seconds)."""
    row = db.execute(
        "SELECT count(*) FROM sign_in_failures WHERE key = ? AND at >= ?", [key, since]
    ).fetchone()
    return int(row[0])


def record_failure(
    db: sqlite_utils.Database, keys: list[str], *, at: float, forget_before: float
) -> None:
    """Count one failed sign-in under each key; drop failures older than ``forget_before``."""
    with transaction(db):
        db.execute("DELETE FROM sign_in_failures WHERE at < ?", [forget_before])
        for key in keys:
            db.execute("INSERT INTO sign_in_failures (key, at) VALUES (?, ?)", [key, at])


def clear_failures(db: sqlite_utils.Database, key: str) -> None:
    """Forget the failures under ``key`` (after a successful sign-in to that account)."""
    db.execute("DELETE FROM sign_in_failures WHERE key = ?", [key])


def learner_key(user_id: int) -> str:
    return f"learner:{user_id}"


def work_since(db: sqlite_utils.Database, key: str, *, since: float) -> list[float]:
    """When expensive work was asked for under ``key`` at or after ``since``, oldest first."""
    rows = db.execute(
        "SELECT at FROM expensive_work WHERE key = ? AND at >= ? ORDER BY at", [key, since]
    ).fetchall()
    return [float(at) for (at,) in rows]


def record_work(
    db: sqlite_utils.Database, keys: list[str], *, at: float, forget_before: float
) -> None:
    """Count one piece of expensive work under each key; drop counts before ``forget_before``."""
    with transaction(db):
        db.execute("DELETE FROM expensive_work WHERE at < ?", [forget_before])
        for key in keys:
            db.execute("INSERT INTO expensive_work (key, at) VALUES (?, ?)", [key, at])
