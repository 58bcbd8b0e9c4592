"""The pool of job workers: one process per server (``python -m trainer.jobs.pool``), started
by the server itself (gunicorn's ``when_ready`` hook in ``gunicorn.conf.py``; ``make dev``'s
Flask server once, not in its reloader's child: :func:`start`), that keeps up to ``at_once``
workers (:mod:`trainer.jobs.worker`) running while jobs are queued.

Every :data:`TICK_SECONDS` it writes its own heartbeat (``job_pools``, read by ``/healthz``)
and finds the running jobs whose process is gone (:func:`trainer.store.jobs.reap`: queued again,
or failed after ``max_tries`` starts, each said in the log); every :data:`LOOK_SECONDS` it
starts workers for what is queued. A round of that which fails (the database locked past its
wait, the disk full) is said in the log with its traceback and tried again, its workers kept.
It stops with the server: when its parent is gone, or on SIGTERM (its workers put their jobs
back in the queue).

The server keeps it running (:class:`Supervised`): a pool that exits while its server serves (a
crash, a stray kill, the kernel's out-of-memory killer) is started again within seconds, since
nothing else would run the queue (its jobs would wait at 0% until the server restarted).

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
import threading
import time
from collections.abc import Sequence
from typing import Any

from trainer.store import jobs, open_db

__all__ = [
    "LOOK_SECONDS",
    "TICK_SECONDS",
    "PoolSettings",
    "Supervised",
    "main",
    "settings_of",
    "start",
    "workers_wanted",
]

TICK_SECONDS = 0.5
# Between its ticks the pool looks for queued jobs this often (two reads): a job queued just
# after a tick waited half a tick on average for its worker (bench/counting_page.py).
LOOK_SECONDS = 0.1
# A pool that exits while its server serves is started again after this long, doubled each time
# it lasted less than a minute (a pool that cannot start fills no log), up to a minute.
RESTART_SECONDS = 1.0
RESTART_AT_MOST_SECONDS = 60.0
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


class Supervised:
    """The pool's process, started again whenever it exits while its server runs (module doc),
    each time said in the log; :meth:`stop` stops it for good. A thread of the server's process
    (gunicorn's master, ``make dev``'s server) looks every ``check_seconds``."""

    def __init__(self, settings: PoolSettings, *, check_seconds: float = 1.0) -> None:
        self.settings = settings
        self.check_seconds = check_seconds
        self._stopping = threading.Event()
        self._lock = threading.Lock()  # the process is replaced or stopped, never both at once
        self.process = start(settings)
        self._started = time.monotonic()
        self._thread = threading.Thread(target=self._watch, name="job-pool-watch", daemon=True)
        self._thread.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _watch(self) -> None:
        delay = RESTART_SECONDS
        while not self._stopping.wait(self.check_seconds):
            status = self.process.poll()  # 0 too where gunicorn's master reaped it first
            if status is None:
                continue
            if time.monotonic() - self._started >= RESTART_AT_MOST_SECONDS:
                delay = RESTART_SECONDS
            # The wait first: a server stopping (Ctrl+C stops its pool as well) says nothing.
            if self._stopping.wait(delay):
                return
            with self._lock:
                if self._stopping.is_set():
                    return
                gone = self.process.pid
                self.process = start(self.settings)
                self._started = time.monotonic()
            # Status 0 where gunicorn's master reaped it first (its SIGCHLD handler reaps any
            # child): the status is then unknown, not a clean exit.
            LOG.error(
                "job pool %s stopped%s while its server runs: started another, pid %s",
                gone,
                f" (exit status {status})" if status else "",
                self.process.pid,
            )
            delay = min(delay * 2, RESTART_AT_MOST_SECONDS)

    def stop(self, timeout: float = 15.0) -> None:
        """Stop the pool and start no other: its workers put their jobs back in the queue."""
        self._stopping.set()
        with self._lock:
            process = self.process
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
        self._thread.join(timeout=self.check_seconds + 1)


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


def tick(db: Any, settings: PoolSettings, workers: list[subprocess.Popen[bytes]]) -> None:
    """One round of the pool's loop: its heartbeat, the jobs whose process is gone, workers
    for what is queued (:func:`start_workers`)."""
    jobs.pool_beat(db, os.getpid(), socket.gethostname())
    _reap(db, settings)
    start_workers(db, settings, workers)


def start_workers(db: Any, settings: PoolSettings, workers: list[subprocess.Popen[bytes]]) -> None:
    """Workers for what is queued, added to ``workers`` (from which those that ended are
    dropped)."""
    workers[:] = [worker for worker in workers if worker.poll() is None]
    wanted = workers_wanted(_queued(db), _running(db), len(workers), settings.at_once)
    for _ in range(wanted):
        workers.append(
            subprocess.Popen(  # noqa: S603 (our own interpreter and module)
                [sys.executable, "-m", "trainer.jobs.worker", settings.database],
                stdin=subprocess.DEVNULL,
            )
        )


def tick_or_say(
    db: Any,
    settings: PoolSettings,
    workers: list[subprocess.Popen[bytes]],
    failing: bool,
    *,
    beat: bool = True,
) -> bool:
    """:func:`tick` (``beat`` off: :func:`start_workers` alone, between ticks), a failure said
    in the log (its traceback the first time in a row) rather than the pool's end, which would
    stop its running jobs too; whether it failed."""
    try:
        (tick if beat else start_workers)(db, settings, workers)
    except Exception:  # noqa: BLE001 (whatever failed, the next tick tries again)
        if not failing:
            LOG.exception("job pool: a round of its checks failed; trying again every tick")
        return True
    if failing:
        LOG.info("job pool: its checks work again")
    return False


def serve(settings: PoolSettings, parent: int) -> None:
    """The pool's loop (module doc), until the parent ``parent`` is gone."""
    db = open_db(settings.database)
    workers: list[subprocess.Popen[bytes]] = []
    failing = False
    LOG.info("job pool started: at most %s jobs at once", settings.at_once)
    next_tick = time.monotonic()
    try:
        while os.getppid() == parent:
            beat = time.monotonic() >= next_tick
            if beat:
                next_tick = time.monotonic() + TICK_SECONDS
            failing = tick_or_say(db, settings, workers, failing, beat=beat)
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
    # Ctrl+C at the server's terminal reaches the pool too (one process group), before the
    # server has stopped: the server stops it (SIGTERM, or the server gone), else its
    # supervisor took it for crashed and started another while the server shut down. Its
    # workers inherit this: the pool stops them, putting their jobs back.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    settings = PoolSettings(
        args.database, args.at_once, args.stale_seconds, args.hung_seconds, args.max_tries
    )
    serve(settings, os.getppid())
    return 0


if __name__ == "__main__":
    sys.exit(main())
