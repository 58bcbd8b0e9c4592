"""A learner's simulations: jobs of kind ``simulation`` in the job queue
(:mod:`trainer.store.jobs`), each kept with its settings and figures, linkable by its id.

This module reads and writes them in the simulation page's terms (settings, rounds); the job
workers run them (:mod:`trainer.jobs`), and a job whose process is gone is queued again or
failed by the pool (:func:`trainer.store.jobs.reap`), never left running.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlite_utils

from trainer.store import jobs

__all__ = [
    "KIND",
    "SimulationJob",
    "create_job",
    "finish",
    "get_job",
    "jobs_of",
    "progress",
    "running_count",
    "set_stage",
    "started",
]

KIND = "simulation"


@dataclass(frozen=True)
class SimulationJob:
    """A simulation, as its page reads it (a ``jobs`` row of kind ``simulation``)."""

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


def _of(job: jobs.Job) -> SimulationJob:
    return SimulationJob(
        id=job.id,
        user_id=job.owner_id or 0,
        settings=job.params,
        status=job.state,
        pid=job.pid,
        rounds_done=job.done,
        rounds_total=job.total,
        result=job.result,
        error=job.error,
        created_at=job.created_at,
        stage=job.stage,
    )


def create_job(db: sqlite_utils.Database, user_id: int, settings: dict[str, Any]) -> int:
    """A new queued simulation; its id. Its rounds in all are ``rounds_total`` where the
    settings give it (a sweep plays the rounds at each penetration too), else ``rounds``."""
    total = int(settings.get("rounds_total", settings["rounds"]))
    job, _ = jobs.enqueue(db, KIND, settings, owner_id=user_id, total=total)
    return job.id


def get_job(
    db: sqlite_utils.Database, job_id: int, user_id: int | None = None
) -> SimulationJob | None:
    """The simulation ``job_id`` (with ``user_id``: only if it is that learner's)."""
    found = jobs.get(db, job_id) if user_id is None else jobs.owned(db, job_id, user_id, KIND)
    return _of(found) if found is not None and found.kind == KIND else None


def jobs_of(db: sqlite_utils.Database, user_id: int, limit: int = 20) -> list[SimulationJob]:
    """A learner's newest simulations first."""
    return [_of(job) for job in jobs.jobs_of(db, user_id, KIND, limit)]


def running_count(db: sqlite_utils.Database, user_id: int | None = None) -> int:
    """Simulations queued or running (a learner's, or everyone's)."""
    return jobs.active_count(db, owner_id=user_id, kind=KIND)


def started(db: sqlite_utils.Database, job_id: int, pid: int) -> bool:
    """The simulation's process ``pid`` has taken it (a finished one stays finished)."""
    return jobs.claim_id(db, job_id, pid) is not None


def progress(db: sqlite_utils.Database, job_id: int, done: int) -> None:
    """Rounds played so far."""
    jobs.progress(db, job_id, done)


def set_stage(db: sqlite_utils.Database, job_id: int, stage: str) -> None:
    """What the running job is doing now (one of :data:`trainer.simulator.job.STAGES`)."""
    jobs.set_stage(db, job_id, stage)


def finish(db: sqlite_utils.Database, job_id: int, result: dict[str, Any]) -> None:
    jobs.finish(db, job_id, result, done=int(result["rounds"]))
