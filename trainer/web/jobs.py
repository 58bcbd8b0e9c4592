"""The web app's side of the job queue (:mod:`trainer.jobs`): asking for a job on a learner's
behalf within the limits, running it inline in tests, starting the pool of job workers with
the server, and ``/healthz``.

:func:`submit` is the one way a request asks for long work. A job with a key that is already
queued or running (a count study someone else asked for) is shared and costs nothing. Anything
new needs a visitor whose browser keeps the session cookie (otherwise nothing starts and the
response sets one: the pending page, reloading itself, starts the job on its next load), and is
refused with a 429 saying when to retry (``Retry-After``) past
``JOBS_PER_LEARNER`` unfinished jobs of this learner, past ``JOBS_QUEUED_AT_MOST`` unfinished
learners' jobs on the server, or past the learner's and the address's share of new expensive
work (:func:`trainer.web.support.limit_expensive_work`).

Under ``JOBS_INLINE`` (by default: under ``TESTING``) a new job runs at once, in the request,
so that tests start no pool; a test that wants to see a job waiting turns it off and runs the
queue itself (:func:`run_queued`).
"""

from __future__ import annotations

import logging
import os
from typing import Any

from flask import Blueprint, Flask, current_app, jsonify, request
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response

from trainer.jobs import pool
from trainer.jobs.worker import run_claimed
from trainer.store import jobs, open_db, serving
from trainer.web.security import csrf_token
from trainer.web.support import (
    current_user,
    current_user_or_guest,
    get_db,
    is_htmx,
    limit_expensive_work,
)
from trainer.words import say

__all__ = ["bp", "init_app", "run_queued", "start_pool", "stop_pool", "submit", "waited_on"]

bp = Blueprint("jobs", __name__)
LOG = logging.getLogger("trainer.jobs")
# The pool of job workers this process started (gunicorn's master, or make dev's server), kept
# running while it serves (started again should it exit: :class:`trainer.jobs.pool.Supervised`).
_POOL: dict[str, pool.Supervised] = {}


def _refuse(message: str, retry_after: int) -> None:
    raise TooManyRequests(description=message, retry_after=retry_after)


def _check_limits(user: Any) -> None:
    config, db = current_app.config, get_db()
    if user is not None and jobs.active_count(db, owner_id=user.id) >= config["JOBS_PER_LEARNER"]:
        _refuse(
            say(
                "You have as much work going on the server as it takes from one learner. "
                "Try again in half a minute, once some of it is done."
            ),
            30,
        )
    queued = db.execute(
        "SELECT count(*) FROM jobs WHERE state IN ('queued', 'running') AND owner_id IS NOT NULL"
    ).fetchone()[0]
    if queued >= config["JOBS_QUEUED_AT_MOST"]:
        _refuse(
            say(
                "The server has as much work queued as it takes just now. Try again in a "
                "minute; anything already worked out is shown at once meanwhile."
            ),
            60,
        )


def has_session_cookie() -> bool:
    return bool(request.cookies.get(current_app.config["SESSION_COOKIE_NAME"]))


AGAIN = "again"  # the query field of a waiting page's one immediate reload (below)


def reload_at_once(url: str) -> str | None:
    """Where a waiting page shown whole to a visitor without the session cookie reloads itself
    at once (``url``, marked as that reload), so that its job is queued within a fraction of a
    second rather than at the page's first poll, some seconds on: the response sets the cookie
    (:func:`submit`), the reload brings it. None for a page that is not such a first load: an
    htmx poll, or the reload itself (a browser that refuses cookies is not sent round again:
    it waits on the page's usual reload, a few seconds apart)."""
    if has_session_cookie() or is_htmx() or request.args.get(AGAIN):
        return None
    return f"{url}{'&' if '?' in url else '?'}{AGAIN}=1"


def submit(
    kind: str,
    params: dict[str, Any],
    *,
    what: str,
    key: str | None = None,
    total: int = 0,
    inline: bool | None = None,
    counted: bool = True,
) -> jobs.Job | None:
    """The job for this learner (module doc): the unfinished one making ``key``, else a new
    one within the limits (``what`` names the work in the 429's words); under ``JOBS_INLINE``
    a new job is run before this returns (``inline`` says otherwise where given). None for a
    visitor without the session cookie: nothing is started, and the response sets the cookie,
    so that the page's next load (the pending page reloads itself) starts it. ``counted=False``:
    work as small as one answer's figures (a second's, of a worker's time), held to the limits
    on jobs alone, not counted as expensive work (every deviation answered would be).

    :raises HTTPException: 429 past a limit.
    """
    db = get_db()
    if key is not None:
        going = jobs.latest_by_key(db, key)
        if going is not None and not going.finished:
            return waited_on(going)
    _check_limits(current_user())  # before a new visitor becomes a guest: a 429 stores nothing
    if not has_session_cookie():
        if counted:
            limit_expensive_work(what, record=False)
        csrf_token()  # the response sets the cookie: the next load has it
        return None
    if counted:
        limit_expensive_work(what)
    owner = current_user_or_guest()
    job, new = jobs.enqueue(db, kind, params, owner_id=owner.id, key=key, total=total)
    if new and (current_app.config["JOBS_INLINE"] if inline is None else inline):
        run_inline(db, job)
        job = jobs.get(db, job.id) or job
    return job


def waited_on(job: jobs.Job) -> jobs.Job:
    """``job``, which a learner's page is about to show the progress of: where it is the
    server's own and still queued (the warm-up's, making what they asked for), it is taken
    before the rest of the server's background work (:func:`trainer.store.jobs.hasten`)."""
    if job.state == "queued" and job.priority < jobs.WAITED_ON:
        jobs.hasten(get_db(), job.id)
    return job


def run_inline(db: Any, job: jobs.Job) -> bool:
    """Run the queued ``job`` in this process now (tests, ``flask warm-up``)."""
    claimed = jobs.claim_id(db, job.id, os.getpid())
    return claimed is not None and run_claimed(db, claimed)


def run_queued(app: Flask) -> int:
    """Run every queued job in this process, in the workers' order (those learners wait on
    first, then the oldest); how many ran."""
    db = open_db(app.config["DATABASE"])
    ran = 0
    try:
        while (job := jobs.claim(db, os.getpid())) is not None:
            run_claimed(db, job)
            ran += 1
    finally:
        db.conn.close()
    return ran


# -- the pool, started with the server ---------------------------------------------------------


def start_pool(app: Flask) -> int | None:
    """Start the pool of job workers for ``app`` (once per process), kept running until
    :func:`stop_pool`; its pid. gunicorn's ``when_ready`` calls this in the master, ``make
    dev`` through :func:`init_app`."""
    if "pool" in _POOL:
        return _POOL["pool"].pid
    _POOL["pool"] = pool.Supervised(pool.settings_of(app.config))
    return _POOL["pool"].pid


def stop_pool() -> None:
    """Stop the pool (the server stops): its workers put their jobs back in the queue."""
    supervised = _POOL.pop("pool", None)
    if supervised is not None:
        supervised.stop()


def dev_server_parent() -> bool:
    """``make dev`` (``TRAINER_JOB_POOL=start``), in the process that outlives the reloader's
    restarts, not in its child (``WERKZEUG_RUN_MAIN``)."""
    return (
        os.environ.get("TRAINER_JOB_POOL") == "start"
        and os.environ.get("WERKZEUG_RUN_MAIN") != "true"
    )


# -- /healthz ------------------------------------------------------------------------------------


@bp.get("/healthz")
def healthz() -> Response:
    """For a container's health check or an uptime monitor: 200 and a little JSON when the
    database answers and (unless jobs run inline) a job pool said it was alive lately; 503
    otherwise. No session is read and no cookie set."""
    config = current_app.config
    report: dict[str, Any] = {"database": "ok", "jobs": "inline" if config["JOBS_INLINE"] else ""}
    healthy = True
    try:
        db = open_db(config["DATABASE"])
        try:
            db.execute("SELECT 1").fetchone()
            if not config["JOBS_INLINE"]:
                alive = jobs.pools_alive(db, within=config["JOB_STALE_SECONDS"] * 2)
                report["jobs"] = "ok" if alive else "no job workers"
                report["queued"] = jobs.active_count(db)
                healthy = alive > 0
        finally:
            db.conn.close()
    except Exception:  # noqa: BLE001 (any failure of the database is an unhealthy server)
        LOG.exception("/healthz: the database did not answer")
        report["database"] = "not answering"
        healthy = False
    response = jsonify(status="ok" if healthy else "failing", **report)
    response.status_code = 200 if healthy else 503
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault("JOBS_INLINE", bool(app.config.get("TESTING")))
    app.config.setdefault("JOBS_AT_ONCE", 2)  # jobs running at once (processes)
    app.config.setdefault("JOB_STALE_SECONDS", 5)  # a dead process's job is noticed after
    app.config.setdefault("JOB_HUNG_SECONDS", 120)  # silent this long: gone, whatever its pid
    app.config.setdefault("JOB_MAX_TRIES", 3)  # starts before a job is failed
    app.config.setdefault("JOBS_PER_LEARNER", 2)  # unfinished jobs one learner may have
    app.config.setdefault("JOBS_QUEUED_AT_MOST", 12)  # unfinished learners' jobs in all
    if dev_server_parent():
        serving.hold(app.config["DATABASE"])  # `flask restore` refuses while this server runs
        if not app.config["JOBS_INLINE"]:
            start_pool(app)
    if not app.testing:  # whatever serves it (gunicorn's and make dev's hold it from the start)
        app.before_request(_serving)


def _serving() -> None:
    """A process that answers requests serves the database until it exits: `flask restore`
    refuses meanwhile (nothing new where it holds it already)."""
    serving.hold(current_app.config["DATABASE"])
