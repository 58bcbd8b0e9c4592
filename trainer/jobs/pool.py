"""The pool of job workers: one process per server (``python -m trainer.jobs.pool``), started
by the server itself (gunicorn's ``when_ready`` hook in ``gunicorn.conf.py``; ``make dev``'s
Flask server once, not in its reloader's child: :func:`start`), that keeps up to ``at_once``
workers (:mod:`trainer.jobs.worker`) running while jobs are queued.

Every :data:`TICK_SECONDS` it writes its own heartbeat (``job_pools``, read by ``/healthz``)
and finds the running jobs whose process is gone (:func:`trainer.store.jobs.reap`: queued again,
or failed after ``max_tries`` starts, each said in the log); every :data:`LOOK_SECONDS` it
starts workers for what is queued. It stops with the server: when its parent is gone, or on
SIGTERM (its workers put their jobs back in the queue).

This module runs long by design (it is the server's background process).
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from trainer.store import jobs, open_db

__all__ = [
    "LOOK_SECONDS",
    "TICK_SECONDS",
    "PoolSettings",
    "main",
    "settings_of",
    "start",
    "workers_wanted",
]

TICK_SECONDS = 0.5
# Between its ticks the pool looks for queued jobs this often (two reads): a job queued just
# after a tick waited half a tick on average for its worker (bench/counting_page.py).
LOOK_SECONDS = 0.1
LOG = logging.getLogger("trainer.jobs")


class PoolSettings:
    """What a pool is told: the database, how many jobs at once, when a job's process is
    taken for gone, how often a job is started."""

    def __init__(
        self,
        database: str,
        at_once: int = 2,
        stale_seconds: float = 5.0,
        hung_seconds: float = 120.0,
        max_tries: int = 3,
    ) -> None:
        self.database = database
        self.at_once = at_once
        self.stale_seconds = stale_seconds
        self.hung_seconds = hung_seconds
        self.max_tries = max_tries

    def arguments(self) -> list[str]:
        return [
            self.database,
            f"--at-once={self.at_once}",
            f"--stale-seconds={self.stale_seconds}",
            f"--hung-seconds={self.hung_seconds}",
            f"--max-tries={self.max_tries}",
        ]


def settings_of(config: Any) -> PoolSettings:
    """The pool's settings from an app's configuration (``JOB_*``)."""
    return PoolSettings(
        database=str(config["DATABASE"]),
        at_once=int(config["JOBS_AT_ONCE"]),
        stale_seconds=float(config["JOB_STALE_SECONDS"]),
        hung_seconds=float(config["JOB_HUNG_SECONDS"]),
        max_tries=int(config["JOB_MAX_TRIES"]),
    )


def start(settings: PoolSettings) -> subprocess.Popen[bytes]:
    """Start the pool's process (in the caller's process group: killed with the server)."""
    return subprocess.Popen(  # noqa: S603 (our own interpreter and module, no shell)
        [sys.executable, "-m", "trainer.jobs.pool", *settings.arguments()],
        stdin=subprocess.DEVNULL,
    )


def _reap(db: Any, settings: PoolSettings) -> None:
    for found, outcome in jobs.reap(
        db,
        stale_seconds=settings.stale_seconds,
        hung_seconds=settings.hung_seconds,
        max_tries=settings.max_tries,
    ):
        LOG.warning(
            "job %s (%s): its process %s is gone after %s starts: %s",
            found.id,
            found.kind,
            found.pid,
            found.tries,
            "queued again" if outcome == "queued" else "failed",
        )


def workers_wanted(queued: int, running: int, alive: int, at_once: int) -> int:
    """How many workers to start: one for each queued job that no idle worker (one waiting
    for work, ``worker.LINGER_SECONDS``) will take, up to ``at_once`` alive in all. A job queued
    behind a busy worker gets its own (it used to wait for the busy one, a count study's half
    minute, where one job was queued)."""
    idle = max(0, alive - running)
    return max(0, min(queued - idle, at_once - alive))


def _queued(db: Any) -> int:
    return int(db.execute("SELECT count(*) FROM jobs WHERE state = 'queued'").fetchone()[0])


def _running(db: Any) -> int:
    return int(db.execute("SELECT count(*) FROM jobs WHERE state = 'running'").fetchone()[0])


def serve(settings: PoolSettings, parent: int) -> None:
    """The pool's loop (module doc), until the parent ``parent`` is gone."""
    db = open_db(settings.database)
    workers: list[subprocess.Popen[bytes]] = []
    host = socket.gethostname()
    LOG.info("job pool started: at most %s jobs at once", settings.at_once)
    next_tick = time.monotonic()
    try:
        while os.getppid() == parent:
            if time.monotonic() >= next_tick:
                jobs.pool_beat(db, os.getpid(), host)
                _reap(db, settings)
                next_tick = time.monotonic() + TICK_SECONDS
            workers = [worker for worker in workers if worker.poll() is None]
            wanted = workers_wanted(_queued(db), _running(db), len(workers), settings.at_once)
            for _ in range(wanted):
                workers.append(
                    subprocess.Popen(  # noqa: S603 (our own interpreter and module)
                        [sys.executable, "-m", "trainer.jobs.worker", settings.database],
                        stdin=subprocess.DEVNULL,
                    )
                )
            time.sleep(LOOK_SECONDS)
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.terminate()
        for worker in workers:
            try:
                worker.wait(timeout=10)
            except subprocess.TimeoutExpired:
                worker.kill()
        jobs.pool_gone(db, os.getpid())
        db.conn.close()
        LOG.info("job pool stopped")


def _stop(signum: int, frame: Any) -> None:
    raise SystemExit(0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.jobs.pool")
    parser.add_argument("database")
    parser.add_argument("--at-once", type=int, default=2)
    parser.add_argument("--stale-seconds", type=float, default=5.0)
    parser.add_argument("--hung-seconds", type=float, default=120.0)
    parser.add_argument("--max-tries", type=int, default=3)
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO, format="[jobs %(process)d] %(levelname)s %(message)s", stream=sys.stderr
    )
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    settings = PoolSettings(
        args.database, args.at_once, args.stale_seconds, args.hung_seconds, args.max_tries
    )
    serve(settings, os.getppid())
    return 0


if __name__ == "__main__":
    sys.exit(main())
