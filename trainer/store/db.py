"""Opening the SQLite database, write transactions, and the store's clock."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import sqlite_utils

# How long a connection waits for another writer before giving up (milliseconds).
BUSY_TIMEOUT_MS = 10_000


def open_db(path: str | Path) -> sqlite_utils.Database:
    """A connection to the database at ``path``: WAL mode, foreign keys on, a busy timeout.

    Two workers writing at once wait for each other instead of failing with "database is
    locked" (write transactions start with ``BEGIN IMMEDIATE``, see :func:`transaction`).
    """
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000)
    db = sqlite_utils.Database(conn, execute_plugins=False)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA foreign_keys = ON")
    if str(path) != ":memory:" and db.journal_mode != "wal":
        db.enable_wal()
    db.execute("PRAGMA synchronous = NORMAL")
    return db


@contextmanager
def transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction; sqlite-utils calls inside it join it. Nested calls use savepoints.

    ``BEGIN IMMEDIATE`` takes the write lock first, so a read-then-write sequence never fails
    half-way because another connection wrote in between.
    """
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    else:
        db.conn.execute("COMMIT")


def utc_now() -> str:
    """The time now as stored: ISO 8601, UTC, milliseconds (``2026-05-01T12:00:00.000Z``)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
