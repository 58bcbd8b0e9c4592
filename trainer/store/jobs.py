"""The job queue: every long computation (a count study, a simulation, a chart for new rules)
is a row of ``jobs`` from the moment it is asked for, through the process running it (its pid
and heartbeat, its progress), to its result or its error.

The job workers (:mod:`trainer.jobs`) take a queued job with :func:`claim` (one transaction:
two workers never take the same one), say they are alive with :func:`beat` and how far they are
with :func:`progress`, and end it with :func:`finish` or :func:`fail`. A running job whose
process is gone (its heartbeat stale, or its pid not alive) is found by :func:`reap` and queued
again, up to ``max_tries`` starts, or failed with the reason. A job with a ``key`` (the work it
makes, shared by everyone who asks: a count study of one rule set and system) has at most one
unfinished row: :func:`enqueue` returns the one there.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlite_utils

from trainer.store.db import transaction, utc_now

__all__ = [
    "any_queued",
    "BACKGROUND",
    "UNFINISHED",
    "WAITED_ON",
    "Job",
    "active_count",
    "beat",
    "claim",
    "claim_id",
    "done_seconds",
    "enqueue",
    "fail",
    "finish",
    "get",
    "hasten",
    "jobs_of",
    "last_seconds",
    "latest_by_key",
    "owned",
    "pool_beat",
    "pool_gone",
    "pools_alive",
    "process_alive",
    "progress",
    "reap",
    "running_count",
    "release",
    "set_stage",
]

UNFINISHED = ("queued", "running")
# A queued job's priority (:func:`claim` takes the highest first, then the oldest): the server's
# own background work (the warm-up's), or a job a learner waits on.
BACKGROUND, WAITED_ON = 0, 1
# The reason a job is failed with when its process stopped once too often.
STOPPED = "its process stopped {tries} times (the server restarted, or it ran out of memory)"


def _parse_time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text.replace("Z", "+00:00")) if text else None


@dataclass(frozen=True)
class Job:
    """One row of ``jobs``."""

    id: int
    kind: str
    key: str | None
    params: dict[str, Any]
    owner_id: int | None
    state: str
    stage: str | None
    done: int
    total: int
    result: Any
    error: str | None
    tries: int
    pid: int | None
    heartbeat: float | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    priority: int = BACKGROUND

    @property
    def finished(self) -> bool:
        return self.state in ("done", "failed")

    @property
    def failed(self) -> bool:
        return self.state == "failed"

    @property
    def percent(self) -> int:
        return min(100, round(100 * self.done / self.total)) if self.total else 0

    def elapsed(self, now: datetime | None = None) -> float | None:
        """Seconds since it started (None: not started)."""
        started = _parse_time(self.started_at)
        if started is None:
            return None
        return max(0.0, ((now or datetime.now(UTC)) - started).total_seconds())

    def seconds_left(self, now: datetime | None = None, last: float | None = None) -> int | None:
        """An honest estimate of the seconds left: the time per unit so far times the units
        left; before the first unit, the last such jobs' time (``last``) less this one's so
        far, while this one has taken less; None when nothing is known to go by (a job past
        that time with no unit done read "A few seconds left" at 0%, a walk), or once it is
        finished."""
        if self.finished:
            return None
        elapsed = self.elapsed(now)
        if self.done > 0 and elapsed is not None:
            return max(1, round(elapsed / self.done * (self.total - self.done)))
        if last is not None and (elapsed or 0) < last:
            return max(1, round(last - (elapsed or 0)))
        return None


def _job(row: dict[str, Any]) -> Job:
    return Job(
        id=row["id"],
        kind=row["kind"],
        key=row["key"],
        params=json.loads(row["params"]),
        owner_id=row["owner_id"],
        state=row["state"],
        stage=row["stage"],
        done=row["done"],
        total=row["total"],
        result=json.loads(row["result"]) if row["result"] else None,
        error=row["error"],
        tries=row["tries"],
        pid=row["pid"],
        heartbeat=row["heartbeat"],
        created_at=row["created_at"],
        started_at=row["started_at"],
        finished_at=row["finished_at"],
        priority=row["priority"],
    )


def _one(db: sqlite_utils.Database, sql: str, args: list[Any]) -> Job | None:
    rows = list(db.query(sql, args))
    return _job(rows[0]) if rows else None


def get(db: sqlite_utils.Database, job_id: int) -> Job | None:
    return _one(db, "SELECT * FROM jobs WHERE id = ?", [job_id])


def owned(
    db: sqlite_utils.Database, job_id: int, owner_id: int, kind: str | None = None
) -> Job | None:
    """The job if ``owner_id`` asked for it (and it is of ``kind``), else None: another's job
    is not found, whether it exists or not."""
    sql = "SELECT * FROM jobs WHERE id = ? AND owner_id = ?"
    args: list[Any] = [job_id, owner_id]
    if kind is not None:
        sql += " AND kind = ?"
        args.append(kind)
    return _one(db, sql, args)


def latest_by_key(db: sqlite_utils.Database, key: str) -> Job | None:
    """The newest job making ``key``: the unfinished one where there is one."""
    return _one(
        db,
        "SELECT * FROM jobs WHERE key = ? ORDER BY state IN ('queued', 'running') DESC, id DESC"
        " LIMIT 1",
        [key],
    )


def jobs_of(db: sqlite_utils.Database, owner_id: int, kind: str, limit: int = 20) -> list[Job]:
    """A learner's newest jobs of ``kind`` first."""
    rows = db.query(
        "SELECT * FROM jobs WHERE owner_id = ? AND kind = ? ORDER BY id DESC LIMIT ?",
        [owner_id, kind, limit],
    )
    return [_job(row) for row in rows]


def enqueue(
    db: sqlite_utils.Database,
    kind: str,
    params: dict[str, Any],
    *,
    owner_id: int | None = None,
    key: str | None = None,
    total: int = 0,
) -> tuple[Job, bool]:
    """A new queued job, or (for a ``key`` with an unfinished job) that one; and whether it
    is new. A learner's (``owner_id``) is :data:`WAITED_ON`, taken before the server's own,
    and so is the server's own one they share (:func:`hasten`)."""
    priority = BACKGROUND if owner_id is None else WAITED_ON
    with transaction(db):
        if key is not None:
            found = _one(
                db, "SELECT * FROM jobs WHERE key = ? AND state IN ('queued', 'running')", [key]
            )
            if found is not None:
                if priority == WAITED_ON and hasten(db, found.id):
                    found = get(db, found.id) or found
                return found, False
        cursor = db.execute(
            "INSERT INTO jobs (kind, key, params, owner_id, total, created_at, priority)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [kind, key, json.dumps(params), owner_id, total, utc_now(), priority],
        )
        rows = list(db.query("SELECT * FROM jobs WHERE id = ?", [cursor.lastrowid]))
    return _job(rows[0]), True


def active_count(
    db: sqlite_utils.Database, *, owner_id: int | None = None, kind: str | None = None
) -> int:
    """Jobs queued or running (a learner's, of a kind, or everyone's)."""
    sql = "SELECT count(*) FROM jobs WHERE state IN ('queued', 'running')"
    args: list[Any] = []
    if owner_id is not None:
        sql += " AND owner_id = ?"
        args.append(owner_id)
    if kind is not None:
        sql += " AND kind = ?"
        args.append(kind)
    return int(db.execute(sql, args).fetchone()[0])


def running_count(db: sqlite_utils.Database) -> int:
    """Jobs running now."""
    return int(db.execute("SELECT count(*) FROM jobs WHERE state = 'running'").fetchone()[0])


def last_seconds(db: sqlite_utils.Database, kind: str) -> float | None:
    """How long the last jobs of ``kind`` that ended well took: the median of the last five
    (one quick job, its result found made by another, does not set the next one's estimate;
    None: none has ended well)."""
    rows = db.execute(
        "SELECT (julianday(finished_at) - julianday(started_at)) * 86400 FROM jobs"
        " WHERE kind = ? AND state = 'done' AND started_at IS NOT NULL"
        " AND finished_at IS NOT NULL ORDER BY id DESC LIMIT 5",
        [kind],
    ).fetchall()
    return statistics.median(float(row[0]) for row in rows) if rows else None


def done_seconds(
    db: sqlite_utils.Database, kind: str, limit: int = 20
) -> list[tuple[dict[str, Any], float]]:
    """The parameters and seconds taken of the last ``limit`` jobs of ``kind`` that ended well,
    newest first: what a like job's estimate goes by."""
    rows = db.execute(
        "SELECT params, (julianday(finished_at) - julianday(started_at)) * 86400 FROM jobs"
        " WHERE kind = ? AND state = 'done' AND started_at IS NOT NULL"
        " ORDER BY id DESC LIMIT ?",
        [kind, limit],
    ).fetchall()
    return [(json.loads(params), float(seconds)) for params, seconds in rows if seconds is not None]


def _start(db: sqlite_utils.Database, job_id: int, pid: int) -> None:
    db.execute(
        "UPDATE jobs SET state = 'running', pid = ?, heartbeat = ?, started_at = ?, done = 0,"
        " tries = tries + 1 WHERE id = ?",
        [pid, time.time(), utc_now(), job_id],
    )


def any_queued(db: sqlite_utils.Database) -> bool:
    """Whether a job waits in the queue (a read: an idle worker asks often)."""
    return db.execute("SELECT 1 FROM jobs WHERE state = 'queued' LIMIT 1").fetchone() is not None


def claim(db: sqlite_utils.Database, pid: int) -> Job | None:
    """Take the oldest queued job for the process ``pid``, those a learner waits on before the
    server's own (the warm-up's: :func:`hasten`); None: nothing is queued."""
    with transaction(db):
        row = db.execute(
            "SELECT id FROM jobs WHERE state = 'queued' ORDER BY priority DESC, id LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        _start(db, row[0], pid)
        return get(db, row[0])


def hasten(db: sqlite_utils.Database, job_id: int) -> bool:
    """A learner waits on the queued job ``job_id`` (the warm-up's, making what they asked
    for): it is taken before the server's own background work. Whether it was not already."""
    return _update(db, job_id, "state = 'queued' AND priority < ?", WAITED_ON, priority=WAITED_ON)


def claim_id(db: sqlite_utils.Database, job_id: int, pid: int) -> Job | None:
    """Take the queued job ``job_id`` for ``pid`` (None: it is not queued)."""
    with transaction(db):
        found = get(db, job_id)
        if found is None or found.state != "queued":
            return None
        _start(db, job_id, pid)
        return get(db, job_id)


def _update(
    db: sqlite_utils.Database, job_id: int, where: str, *where_args: Any, **fields: Any
) -> bool:
    sets = ", ".join(f"{name} = ?" for name in fields)
    with transaction(db):
        cursor = db.execute(
            f"UPDATE jobs SET {sets} WHERE id = ? AND {where}",  # noqa: S608 (our own names)
            [*fields.values(), job_id, *where_args],
        )
        return cursor.rowcount == 1


def beat(db: sqlite_utils.Database, job_id: int, pid: int) -> bool:
    """The job's process is alive; False when the job is no longer its (taken away, ended)."""
    with transaction(db):
        cursor = db.execute(
            "UPDATE jobs SET heartbeat = ? WHERE id = ? AND state = 'running' AND pid = ?",
            [time.time(), job_id, pid],
        )
        return cursor.rowcount == 1


def progress(db: sqlite_utils.Database, job_id: int, done: int, total: int | None = None) -> None:
    """How far the running job is: ``done`` of ``total`` (the total as it was, if None)."""
    fields: dict[str, Any] = {"done": done, "heartbeat": time.time()}
    if total is not None:
        fields["total"] = total
    _update(db, job_id, "state = 'running'", **fields)


def set_stage(db: sqlite_utils.Database, job_id: int, stage: str) -> None:
    """What the running job is doing now (in its kind's words)."""
    _update(db, job_id, "state = 'running'", stage=stage, heartbeat=time.time())


def finish(db: sqlite_utils.Database, job_id: int, result: Any, done: int | None = None) -> bool:
    fields: dict[str, Any] = {
        "state": "done",
        "result": json.dumps(result),
        "finished_at": utc_now(),
        "pid": None,
    }
    if done is not None:
        fields["done"] = done
    return _update(db, job_id, "state = 'running'", **fields)


def release(db: sqlite_utils.Database, job_id: int, pid: int) -> bool:
    """The process ``pid`` stops before the job is done (the server is stopping): queued
    again, this start not counted."""
    with transaction(db):
        cursor = db.execute(
            "UPDATE jobs SET state = 'queued', pid = NULL, heartbeat = NULL,"
            " tries = max(0, tries - 1) WHERE id = ? AND state = 'running' AND pid = ?",
            [job_id, pid],
        )
        return cursor.rowcount == 1


def fail(db: sqlite_utils.Database, job_id: int, error: str) -> bool:
    """End the job as failed, ``error`` the message its page shows (a finished job stays)."""
    return _update(
        db,
        job_id,
        "state IN ('queued', 'running')",
        state="failed",
        error=error[:500],
        finished_at=utc_now(),
        pid=None,
    )


def process_alive(pid: int | None) -> bool:
    """Whether a process ``pid`` runs on this machine."""
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def reap(
    db: sqlite_utils.Database,
    *,
    stale_seconds: float,
    hung_seconds: float,
    max_tries: int,
    alive: Callable[[int | None], bool] = process_alive,
) -> list[tuple[Job, str]]:
    """Every running job whose process is gone: its pid not alive here and no heartbeat for
    ``stale_seconds``, or no heartbeat for ``hung_seconds`` whatever its pid (a process on
    another machine, or a pid taken by another process since). Each is queued again, or
    failed once it has been started ``max_tries`` times; returned with what was done with it
    ("queued" or "failed")."""
    now = time.time()
    outcomes = []
    for row in db.query("SELECT * FROM jobs WHERE state = 'running'"):
        found = _job(row)
        quiet = now - (found.heartbeat or 0)
        if quiet <= stale_seconds or (quiet <= hung_seconds and alive(found.pid)):
            continue
        # Only as it was read: another pool may have reaped and started it meanwhile.
        where = "state = 'running' AND tries = ?"
        if found.tries >= max_tries:
            reason = STOPPED.format(tries=found.tries)
            if _update(
                db,
                found.id,
                where,
                found.tries,
                state="failed",
                error=reason,
                finished_at=utc_now(),
                pid=None,
            ):
                outcomes.append((found, "failed"))
        elif _update(db, found.id, where, found.tries, state="queued", pid=None, heartbeat=None):
            outcomes.append((found, "queued"))
    return outcomes


def pool_beat(db: sqlite_utils.Database, pid: int, host: str) -> None:
    """The job workers of process ``pid`` on ``host`` are alive (and the rows of pools silent
    for a day, killed without saying so, are forgotten)."""
    with transaction(db):
        db.execute("DELETE FROM job_pools WHERE heartbeat < ?", [time.time() - 86_400])
        db.execute(
            "INSERT INTO job_pools (pid, host, heartbeat) VALUES (?, ?, ?)"
            " ON CONFLICT (pid) DO UPDATE SET host = excluded.host, heartbeat = excluded.heartbeat",
            [pid, host, time.time()],
        )


def pool_gone(db: sqlite_utils.Database, pid: int) -> None:
    with transaction(db):
        db.execute("DELETE FROM job_pools WHERE pid = ?", [pid])


def pools_alive(db: sqlite_utils.Database, within: float) -> int:
    """How many job pools said they were alive in the last ``within`` seconds."""
    row = db.execute(
        "SELECT count(*) FROM job_pools WHERE heartbeat >= ?", [time.time() - within]
    ).fetchone()
    return int(row[0])
