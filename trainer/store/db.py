"""Opening the SQLite database, write transactions, and the store's clock."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

# How long a connection waits for another writer before giving up (milliseconds).
BUSY_TIMEOUT_MS = 10_000
JOURNAL_SIZE_LIMIT = 16 * 1024 * 1024
# How long a BEGIN IMMEDIATE that found another writer waits before trying again (seconds).
_BEGIN_POLL_SECONDS = 0.0005


def open_db(path: str | Path) -> sqlite_utils.Database:
    """A connection to the database at ``path``: WAL mode, foreign keys on, secure deletion,
    a busy timeout.

    Two workers writing at once wait for each other instead of failing with "database is
    locked" (write transactions start with ``BEGIN IMMEDIATE``, see :func:`transaction`).
    """
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000)  # the busy timeout
    db = sqlite_utils.Database(conn, execute_plugins=False)
    db.execute("PRAGMA foreign_keys = ON")
    # What is deleted is overwritten with zeros, not left readable in the file's free space: a
    # deleted account's rows (its username, its answers) cannot be read back from the file.
    db.execute("PRAGMA secure_delete = ON")
    if str(path) != ":memory:":
        _enable_wal(db)
    # In WAL mode NORMAL syncs at checkpoints, not at every commit: a power cut can lose the
    # last commits (never corrupt the file); a crash of the app alone loses nothing.
    db.execute("PRAGMA synchronous = NORMAL")
    # After a checkpoint the WAL file is cut back to this size, so it never stays huge.
    db.execute(f"PRAGMA journal_size_limit = {JOURNAL_SIZE_LIMIT}")
    return db


def _enable_wal(db: sqlite_utils.Database) -> None:
    """WAL mode, where the file is not in it yet. Two connections switching a new file at once
    (two workers starting together on a fresh database) may find it locked at once, SQLite not
    waiting on its busy handler for a journal mode change (22 of 300 such starts of three, in a
    test): tried again until the busy timeout, as any other lock is waited for."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            if db.journal_mode != "wal":
                db.enable_wal()
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


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
    _begin_immediate(db.conn)
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    else:
        db.conn.execute("COMMIT")


def _begin_immediate(conn: sqlite3.Connection) -> None:
    """``BEGIN IMMEDIATE``, waiting for another writer by short polls of our own.

    SQLite's own busy handler sleeps 1, 2, 5, 10 ... up to 100 ms between tries, so under many
    writers a transaction that would have had the lock in a millisecond waits tens of them;
    here the busy timeout is off for the BEGIN alone and it is tried again every half
    millisecond or so, up to the usual timeout. Nothing has been written yet, so trying again
    is safe.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        while True:
            try:
                conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):
                    raise
                if time.monotonic() > deadline:
                    raise
                time.sleep(_BEGIN_POLL_SECONDS)
    finally:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def checkpoint_and_truncate(db: sqlite_utils.Database) -> bool:
    """Copy the write-ahead log into the database file and cut the log to nothing; True if it
    was done (False: a reader still held an older snapshot past the busy timeout, and the log's
    old frames stay until a later checkpoint reuses them).

    Called after a deletion: ``secure_delete`` zeroes what is deleted in the file, but the log
    still holds the pages as they were before, until it is checkpointed and cut.
    """
    busy = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
    return not busy


def first_row(db: sqlite_utils.Database, sql: str, params: Any = ()) -> dict[str, Any] | None:
    """The first row ``sql`` selects as a dict, or None: one statement (``db.query`` wraps
    each query in a savepoint, three statements)."""
    cursor = db.execute(sql, params)
    row = cursor.fetchone()
    if row is None:
        return None
    return {column[0]: value for column, value in zip(cursor.description, row, strict=True)}


def all_rows(db: sqlite_utils.Database, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    """Every row ``sql`` selects, as dicts, in one statement."""
    cursor = db.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def utc_now() -> str:
    """The time now as stored: ISO 8601, UTC, milliseconds (``2026-05-01T12:00:00.000Z``)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
