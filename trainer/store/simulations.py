"""Simulation jobs: a learner's runs of the simulator, each a row from the moment it is asked
for, through its process's progress, to its figures (kept, and linkable by their id).

A job is run by its own process (``python -m trainer.simulator.job DATABASE ID``), which writes
its progress and result here. A job whose process is gone while it says it is running (the
server or the machine restarted) is marked failed by :func:`fail_dead`, which the app calls at
start-up and whenever a job is shown; a finished job is never touched again.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlite_utils

from trainer.store.db import transaction, utc_now

__all__ = [
    "SimulationJob",
    "create_job",
    "fail",
    "fail_dead",
    "finish",
    "get_job",
    "jobs_of",
    "progress",
    "running_count",
    "set_stage",
    "started",
]


@dataclass(frozen=True)
class SimulationJob:
    """One row of ``simulation_jobs``."""

    id: int
    user_id: int
    settings: dict[str, Any]
    status: str
    pid: int | None
    rounds_done: int
    rounds_total: int
    result: dict[str, Any] | None
    error: str | None
    created_at: str
    stage: str | None = None  # what a running job is doing (trainer.simulator.job.STAGES)

    @property
    def percent(self) -> int:
        return (
            min(100, round(100 * self.rounds_done / self.rounds_total)) if self.rounds_total else 0
        )

    @property
    def finished(self) -> bool:
        return self.status in ("done", "failed")

    def seconds_left(self, now: datetime | None = None) -> int | None:
        """An estimate of the seconds left: the time per round so far (since the job was
        asked for, so an upper bound) times the rounds left; None before the first rounds are
        played, or once the job is finished."""
        if self.finished or self.rounds_done <= 0:
            return None
        asked = datetime.fromisoformat(self.created_at.replace("Z", "+00:00"))
        elapsed = ((now or datetime.now(UTC)) - asked).total_seconds()
        left = self.rounds_total - self.rounds_done
        return max(1, round(elapsed / self.rounds_done * left))


def _job(row: dict[str, Any]) -> SimulationJob:
    return SimulationJob(
        id=row["id"],
        user_id=row["user_id"],
        settings=json.loads(row["settings"]),
        status=row["status"],
        pid=row["pid"],
        rounds_done=row["rounds_done"],
        rounds_total=row["rounds_total"],
        result=json.loads(row["result"]) if row["result"] else None,
        error=row["error"],
        created_at=row["created_at"],
        stage=row.get("stage"),
    )


def create_job(db: sqlite_utils.Database, user_id: int, settings: dict[str, Any]) -> int:
    """A new queued job; its id. Its rounds in all are ``rounds_total`` where the settings
    give it (a sweep plays the rounds at each penetration too), else ``rounds``."""
    now = utc_now()
    with transaction(db):
        cursor = db.execute(
            "INSERT INTO simulation_jobs (user_id, settings, rounds_total, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [
                user_id,
                json.dumps(settings),
                int(settings.get("rounds_total", settings["rounds"])),
                now,
                now,
            ],
        )
        return int(cursor.lastrowid or 0)


def get_job(db: sqlite_utils.Database, job_id: int) -> SimulationJob | None:
    rows = list(db.query("SELECT * FROM simulation_jobs WHERE id = ?", [job_id]))
    return _job(rows[0]) if rows else None


def jobs_of(db: sqlite_utils.Database, user_id: int, limit: int = 20) -> list[SimulationJob]:
    """A learner's newest jobs first."""
    rows = db.query(
        "SELECT * FROM simulation_jobs WHERE user_id = ? ORDER BY id DESC LIMIT ?",
        [user_id, limit],
    )
    return [_job(row) for row in rows]


def running_count(db: sqlite_utils.Database, user_id: int | None = None) -> int:
    """Jobs queued or running (a learner's, or everyone's)."""
    sql = "SELECT count(*) FROM simulation_jobs WHERE status IN ('queued', 'running')"
    args: list[Any] = []
    if user_id is not None:
        sql += " AND user_id = ?"
        args.append(user_id)
    return int(db.execute(sql, args).fetchone()[0])


def _update(db: sqlite_utils.Database, job_id: int, where: str, **fields: Any) -> bool:
    fields["updated_at"] = utc_now()
    sets = ", ".join(f"{name} = ?" for name in fields)
    with transaction(db):
        cursor = db.execute(
            f"UPDATE simulation_jobs SET {sets} WHERE id = ? AND {where}",  # noqa: S608
            [*fields.values(), job_id],
        )
        return cursor.rowcount == 1


def started(db: sqlite_utils.Database, job_id: int, pid: int) -> bool:
    """The job's process has started (a finished job stays finished)."""
    return _update(db, job_id, "status IN ('queued', 'running')", status="running", pid=pid)


def progress(db: sqlite_utils.Database, job_id: int, done: int) -> None:
    """Rounds played so far."""
    _update(db, job_id, "status = 'running'", rounds_done=done)


def set_stage(db: sqlite_utils.Database, job_id: int, stage: str) -> None:
    """What the running job is doing now (one of :data:`trainer.simulator.job.STAGES`)."""
    _update(db, job_id, "status = 'running'", stage=stage)


def finish(db: sqlite_utils.Database, job_id: int, result: dict[str, Any]) -> None:
    _update(
        db,
        job_id,
        "status = 'running'",
        status="done",
        result=json.dumps(result),
        rounds_done=int(result["rounds"]),
        pid=None,
    )


def fail(db: sqlite_utils.Database, job_id: int, error: str) -> None:
    _update(
        db, job_id, "status IN ('queued', 'running')", status="failed", error=error[:500], pid=None
    )


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# A job queued this long ago whose process has not said it started never will.
QUEUED_SECONDS = 120


def fail_dead(db: sqlite_utils.Database) -> int:
    """Mark failed every running job whose process is gone, and every job queued for more than
    :data:`QUEUED_SECONDS` (its process never started); how many."""
    cutoff = datetime.now(UTC) - timedelta(seconds=QUEUED_SECONDS)
    cutoff_text = cutoff.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    sql = "SELECT id, status, pid, created_at FROM simulation_jobs WHERE status IN (?, ?)"
    count = 0
    for row in db.query(sql, ["queued", "running"]):
        dead = row["status"] == "running" and not _alive(row["pid"])
        stale = row["status"] == "queued" and row["created_at"] < cutoff_text
        if dead or stale:
            fail(db, row["id"], "the server stopped while the job ran: run it again")
            count += 1
    return count
