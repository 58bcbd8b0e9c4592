"""gunicorn's settings for `make run` (gunicorn reads ./gunicorn.conf.py by itself).

Every value can be changed from the environment: ``WORKERS`` (worker processes), ``THREADS``
(threads per worker), ``TIMEOUT`` (seconds a request may take before its worker is restarted),
``BIND`` (the address, default ``$HOST:$PORT``, 127.0.0.1:5000). The app is loaded once in the
master before the workers fork (``preload_app``), so migrations run once, not once per worker.
"""

from __future__ import annotations

import os
import sys

import gunicorn.http.wsgi


def _number(name: str, default: int, low: int, high: int) -> int:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        raise SystemExit(f"{name}={text!r}: give a whole number from {low} to {high}")
    return int(text)


wsgi_app = "trainer:create_app()"
bind = os.environ.get("BIND") or (
    f"{os.environ.get('HOST') or '127.0.0.1'}:{os.environ.get('PORT') or '5000'}"
)
# One per core and one more: a request is work for the CPU (SQLite is a local file, there is no
# network call to wait on), so more workers than cores only take turns on them, and each turn
# costs caches (measured with bench/drill_answer.py on 2 cores: 5 workers spent some 1.9 ms of
# CPU per quiz answer where 2 spent 1.4); the one more serves while another waits on the disk or
# works out a chart for new rules.
workers = _number("WORKERS", min((os.cpu_count() or 1) + 1, 8), 1, 64)
threads = _number("THREADS", 1, 1, 64)
# The no-JavaScript checkout's reloads held asleep at once (trainer.web.held_waits): all but one
# of the requests served at once, so one is always free (none where there is only one), unless
# the environment says. gunicorn sets raw_env in its own environment before it loads the app
# (preloaded in the master, so the workers inherit it); reading this file sets nothing, so a
# process that reads it (a test) does not hand the value to every app it makes later. (An
# --env on gunicorn's command line replaces this list: give TRAINER_HELD_WAITS there too.)
raw_env = (
    [] if "TRAINER_HELD_WAITS" in os.environ else [f"TRAINER_HELD_WAITS={workers * threads - 1}"]
)
timeout = _number("TIMEOUT", 30, 5, 600)
graceful_timeout = 10
keepalive = 5
preload_app = True
accesslog = os.environ.get("ACCESS_LOG") or None
errorlog = "-"
# gunicorn 27's runtime control socket is not used (and two servers would share its path).
control_socket_disable = True
# The Server header names no software: gunicorn writes "Server: gunicorn" before the app's
# headers on every response and has no setting for it, so the name it writes (its module's
# SERVER, read per response) is set here, before the workers fork (test_served_headers.py).
gunicorn.http.wsgi.SERVER = "trainer"


def when_ready(server: object) -> None:
    """Before the workers fork: what every worker should start with (:func:`trainer.web.warm`),
    the warm-up's jobs for what is not worked out yet (:mod:`trainer.web.warm_up`), and the
    pool of job workers that runs every long computation (:mod:`trainer.jobs.pool`), where
    the app served is the trainer (a bench serves a bare Flask app with these settings too).
    The server answers meanwhile."""
    app = server.app.wsgi()  # type: ignore[attr-defined]
    if getattr(app, "name", None) != "trainer":
        return
    from trainer.store import serving
    from trainer.web import warm
    from trainer.web.jobs import start_pool
    from trainer.web.warm_up import enqueue

    serving.hold(app.config["DATABASE"])  # `flask restore` refuses while this server runs
    if preload_app:
        warm(app)
    queued = enqueue(app)
    pid = start_pool(app)
    # The addresses listened on: `bind` above is only the default that --bind overrides.
    addresses = ", ".join(str(listener) for listener in server.LISTENERS)  # type: ignore[attr-defined]
    print(
        f"Answering at {addresses} now; long work runs in the job workers (pid {pid}, "
        f"[jobs] lines)" + (f", {queued} warm-up jobs queued." if queued else "."),
        file=sys.stderr,
        flush=True,
    )


def on_exit(server: object) -> None:
    """The server stops: so do its job workers (their jobs go back in the queue), and it no
    longer holds its database."""
    from trainer.store import serving
    from trainer.web.jobs import stop_pool

    stop_pool()
    app = server.app.wsgi()  # type: ignore[attr-defined]
    if getattr(app, "name", None) == "trainer":
        serving.release(app.config["DATABASE"])
