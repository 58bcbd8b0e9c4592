"""A job worker: the process that runs queued jobs one after another, ``python -m
trainer.jobs.worker DATABASE`` (started by the pool, :mod:`trainer.jobs.pool`), until none is
queued and none has come for :data:`LINGER_SECONDS` (a job soon after finds its engine loaded);
``python -m trainer.jobs.worker DATABASE JOB_ID`` runs that one queued job.

While a job runs, a thread of its process writes the job's heartbeat every
:data:`HEARTBEAT_SECONDS`, so that the pool can tell a job whose process is gone from one that
is only slow. The heartbeat also watches the process that started the worker (the pool): once
it is gone (killed with the server), the worker stops as on SIGTERM, its job back in the queue,
rather than live on alone. A job that raises is failed: its traceback goes to the operator's
log (the ``trainer.jobs`` logger, on standard error: gunicorn's error log), a readable message
to its row (the learner's page). A worker told to stop (SIGTERM) puts its job back in the queue.

This module runs long by design: it is never called in a request (except inline, in tests).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import sqlite3
import sys
import threading
import time
from typing import Any

import sqlite_utils

from trainer.jobs.kinds import KINDS
from trainer.store import jobs, open_db

__all__ = ["HEARTBEAT_SECONDS", "LOG", "learner_message", "main", "run_by_id", "run_claimed"]

HEARTBEAT_SECONDS = 1.0
# Once the queue is empty a worker waits this long for another job before it exits, looking
# every LOOK_SECONDS (a read, not a write): a job that comes soon after (the next deviation's
# figures, a learner's next chart) is taken at once by a process whose engine is loaded, instead
# of a new process's 2 to 5 s of start-up. $TRAINER_JOB_LINGER_SECONDS sets it (0: exit at once).
LINGER_SECONDS = 30.0
LOOK_SECONDS = 0.1
LOG = logging.getLogger("trainer.jobs")


class _Flag:
    """A flag that a signal handler sets: no lock, unlike :class:`threading.Event`, whose
    ``set`` takes one. Two SIGTERMs come together when the server is stopped as a group
    (systemd's stop signals every process of the service; the pool then stops its workers),
    and the second ran :func:`_stop` again inside the first one's ``Event.set``, waiting for
    the lock that the first held: the worker hung, its count study's helpers idle, until
    killed."""

    def __init__(self) -> None:
        self._on = False

    def set(self) -> None:
        self._on = True

    def is_set(self) -> bool:
        return self._on


# Set when the worker is told to stop: what its job raises from then on is the stop, not the
# job's failure (numba turns the SystemExit raised in its code into a SystemError).
_STOPPING = _Flag()
# The process that started this worker (``main``): the worker stops when it is gone.
_PARENT: int | None = None
# The worker's own process (``main``), told from the helpers forked with its SIGTERM handler.
_WORKER: int | None = None
# How long a stopped worker's helpers have to end before they are killed.
HELPERS_GRACE_SECONDS = 2.0
_GENERIC = "an error on the server stopped it (its operator has the details); try again later"


def learner_message(error: BaseException) -> str:
    """What a learner is told of ``error``: our own narrow errors (ValueError's kin) say what
    was wrong in words; anything else is the server's, told to its operator only."""
    if isinstance(error, ValueError) and str(error):
        return str(error)
    return _GENERIC


class _Reporter:
    """Progress and stages of one running job, written to its row."""

    def __init__(self, db: sqlite_utils.Database, job: jobs.Job) -> None:
        self.db, self.job = db, job
        self._lock = threading.Lock()

    def progress(self, done: int, total: int) -> None:
        with self._lock:
            jobs.progress(self.db, self.job.id, done, total)

    def stage(self, name: str) -> None:
        with self._lock:
            jobs.set_stage(self.db, self.job.id, name)


def _beating(database: str, job: jobs.Job, stop: threading.Event) -> None:
    """The job's heartbeat, from a connection of its own, until ``stop``. A database that
    cannot be written (gone, locked) stops the beat, not the watch on the parent: a worker
    whose database was deleted under it, its pool killed, ran on alone for half an hour."""
    db: sqlite_utils.Database | None = None
    try:
        while not stop.wait(HEARTBEAT_SECONDS):
            if _PARENT is not None and os.getppid() != _PARENT:
                LOG.warning("job %s (%s): the worker's parent is gone, stopping", job.id, job.kind)
                os.kill(os.getpid(), signal.SIGTERM)  # _stop: the job goes back in the queue
                return
            try:
                db = db or open_db(database)
                if not jobs.beat(db, job.id, os.getpid()):
                    return  # the job is no longer this process's
            except sqlite3.Error as error:
                LOG.warning("job %s (%s): no heartbeat written: %s", job.id, job.kind, error)
    finally:
        if db is not None:
            db.conn.close()


def run_claimed(db: sqlite_utils.Database, job: jobs.Job, database: str | None = None) -> bool:
    """Run ``job`` (claimed by this process) to its end: done, or failed with its error
    logged; with ``database`` a heartbeat thread beats meanwhile. Whether it ended well."""
    stop = threading.Event()
    if database is not None:
        threading.Thread(target=_beating, args=(database, job, stop), daemon=True).start()
    began = time.monotonic()
    LOG.info("job %s (%s) started: %s (try %s)", job.id, job.kind, _what(job), job.tries)
    try:
        result = KINDS[job.kind](job.params, _Reporter(db, job))
    except Exception as error:  # noqa: BLE001 (any failure is the job's, told on its page)
        if _STOPPING.is_set():  # told to stop mid-job: the caller puts it back in the queue
            raise SystemExit(1) from error
        LOG.exception("job %s (%s) failed after %.1f s", job.id, job.kind, time.monotonic() - began)
        jobs.fail(db, job.id, learner_message(error))
        return False
    finally:
        stop.set()
    if _STOPPING.is_set():  # told to stop, yet the job ran on: the stop's exit was swallowed
        raise SystemExit(1)  # (struck inside numba's compiler callback): back in the queue
    jobs.finish(db, job.id, result, done=job.total or None)
    LOG.info("job %s (%s) done in %.1f s", job.id, job.kind, time.monotonic() - began)
    return True


def _what(job: jobs.Job) -> str:
    return job.key or str(job.params.get("rules", ""))


def run_by_id(database: str, job_id: int) -> int:
    """Run the queued job ``job_id`` in this process; 0 if it ended well."""
    db = open_db(database)
    try:
        found = jobs.claim_id(db, job_id, os.getpid())
        if found is None:
            return 1
        try:
            return 0 if run_claimed(db, found, database) else 1
        except BaseException:
            jobs.release(db, found.id, os.getpid())
            raise
    finally:
        db.conn.close()


def _stop(signum: int, frame: Any) -> None:
    """SIGTERM: end the job's own helper processes (a count study's), then this one; its job
    goes back to the queue, and no other is taken. It takes no lock: a second SIGTERM may run
    it again at any point of this one (:class:`_Flag`).

    A helper, forked with this handler, ends at once: its work is dropped with the job. (Its
    SystemExit, struck inside numba code, came back as a SystemError, sent as the result of
    its work, and the helper went on to the next count while the worker waited for it.)"""
    if _WORKER is not None and os.getpid() != _WORKER:
        os._exit(128 + signum)
    _STOPPING.set()
    for child in multiprocessing.active_children():
        child.terminate()
    raise SystemExit(128 + signum)


def work(database: str, linger: float | None = None) -> int:
    """Run queued jobs until none is left and none has come for ``linger`` seconds (the
    setting's, else :data:`LINGER_SECONDS`); how many ran. It stops sooner when told to or when
    the process that started it is gone."""
    wait = _linger() if linger is None else linger
    db = open_db(database)
    ran = 0
    job = None
    idle_since = time.monotonic()
    try:
        while not _STOPPING.is_set() and _PARENT in (None, os.getppid()):
            if not jobs.any_queued(db):
                if time.monotonic() - idle_since >= wait:
                    break
                time.sleep(LOOK_SECONDS)
                continue
            job = jobs.claim(db, os.getpid())
            if job is None:  # another worker took it
                continue
            run_claimed(db, job, database)
            ran += 1
            job = None
            idle_since = time.monotonic()
    except BaseException:
        if job is not None and jobs.release(db, job.id, os.getpid()):
            LOG.warning("job %s (%s) stopped with its worker: queued again", job.id, job.kind)
        raise
    finally:
        db.conn.close()
    return ran


def _linger() -> float:
    """The seconds an idle worker waits for another job (see :data:`LINGER_SECONDS`)."""
    setting = os.environ.get("TRAINER_JOB_LINGER_SECONDS", "")
    try:
        seconds = float(setting) if setting else LINGER_SECONDS
    except ValueError:
        LOG.warning("TRAINER_JOB_LINGER_SECONDS=%r is not a number: %s s", setting, LINGER_SECONDS)
        return LINGER_SECONDS
    return min(max(seconds, 0.0), 3600.0)


def main(argv: list[str]) -> int:
    """``DATABASE``: run queued jobs until none is left; ``DATABASE JOB_ID``: that one job."""
    if len(argv) not in (1, 2) or (len(argv) == 2 and not argv[1].isdigit()):
        print("usage: python -m trainer.jobs.worker DATABASE [JOB_ID]", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=logging.INFO, format="[jobs %(process)d] %(levelname)s %(message)s", stream=sys.stderr
    )
    global _PARENT, _WORKER
    _PARENT, _WORKER = os.getppid(), os.getpid()
    signal.signal(signal.SIGTERM, _stop)
    try:
        if len(argv) == 2:
            return run_by_id(argv[0], int(argv[1]))
        work(argv[0])
    except SystemExit as stop:
        if not _STOPPING.is_set():
            raise
        _end(stop.code if isinstance(stop.code, int) else 1)
    return 0


def _end(code: int) -> None:
    """Exit a stopped worker, its job back in the queue: its helpers killed if they have not
    ended within :data:`HELPERS_GRACE_SECONDS`, and no wait at exit for their pool (a helper
    killed while it wrote its result left the pool's reader waiting for the rest for good)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # stopping already
    deadline = time.monotonic() + HELPERS_GRACE_SECONDS
    for child in multiprocessing.active_children():
        child.join(max(deadline - time.monotonic(), 0.0))
        if child.is_alive():
            child.kill()
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
