"""Bench: a new rule set's whole counting page (the index chart, the edge by count, the ramp:
``/indices``) ready for a learner, in seconds of wall time from the first request.

    .venv/bin/python bench/counting_page.py [--anchor PATH] [--repeat N] [--jobs N] [--poll S]
        [notation]

The trainer is served by gunicorn with the project's ``gunicorn.conf.py`` (as ``make run`` serves
it), on a temporary database and instance with an empty strategy cache and no warm-up: nothing of
these rules is worked out before the learner asks. Once the server answers (its ``/healthz``), a
learner opens ``/indices?rules=NOTATION&system=hi-lo`` and asks again every 0.25 s (``--poll``; the
waiting page's htmx asks every 2 s, without JavaScript it reloads every 3 s) while the page says
the study is being worked out (202) until it shows the page (200). numba's cache on disk is the
usual one (warm after an install's first run). Printed: each run's seconds to the page beside issue
28's target of 15 s on an idle machine, with the machine's load (on a busy one the figure is
longer: say so), and, with ``--anchor`` (the CA driver of ``bench/anchor.py``), the anchor's time
run after each, the page's time in CA charts. Under each run, where its seconds went, from the
count-study job's row in the server's database (its times queued, started and finished, and the
job's own ``seconds``): the request that queued it, the wait for a worker, the engine's import, the
chart at the first count (after the full shoe's), the other counts, the polling and the last
request. ``--jobs`` sets the study's processes (by default the app's ``COUNT_JOB_PROCESSES``).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from urllib.parse import urlencode

from anchor import anchor_path, median, timed
from drill_answer import ROOT, bench_config, call, gunicorn

DEFAULT = "vegas-6d-s17 surrender=none"
TARGET_SECONDS = 15.0
POLL = 0.25


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _stamp(text: str) -> float:
    """A job row's time (ISO 8601, UTC) as seconds since the epoch."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def _breakdown(database: str, asked: float, ready: float, last_call: float) -> dict[str, float]:
    """Where the seconds from ``asked`` (the first request) to ``ready`` (the page) went, from
    the count-study job's row: its times and its result's own ``seconds``."""
    db = sqlite3.connect(database)
    try:
        row = db.execute(
            "SELECT created_at, started_at, finished_at, result FROM jobs"
            " WHERE kind = 'count-study' ORDER BY id LIMIT 1"
        ).fetchone()
    finally:
        db.close()
    if row is None or row[1] is None or row[2] is None:
        return {}
    created, started, finished = (_stamp(text) for text in row[:3])
    inside = (json.loads(row[3]) or {}).get("seconds", {}) if row[3] else {}
    parts = {
        "to the job queued (the first request sets the session cookie, the next asks)": (
            created - asked
        ),
        "queued to started (the pool's tick, a worker's start-up)": started - created,
        "the job: the engine imported": inside.get("import", 0.0),
        "the job: the chart at the first count (the full shoe's first)": inside.get(
            "first_count", 0.0
        ),
        "the job: the other counts and the study written": inside.get("other_counts", 0.0),
        "the job: the rest (the worker's own)": (finished - started) - sum(inside.values()),
        "finished to the page (polling, the last request)": ready - finished,
        "  of which the last request": last_call,
    }
    return parts


def _ready_seconds(
    notation: str, jobs: int | None, poll: float = POLL, deadline: float = 600.0
) -> tuple[float, dict[str, float]]:
    """Seconds from the first request for the counting page of ``notation`` to the page, on a
    fresh server with nothing of these rules worked out, and where they went."""
    with tempfile.TemporaryDirectory() as tmp:
        config = {
            **bench_config(tmp),
            "STRATEGY_CACHE_DIR": str(Path(tmp) / "strategy-cache"),
        }
        if jobs is not None:
            config["COUNT_JOB_PROCESSES"] = jobs
        with gunicorn(f"trainer:create_app({config!r})", 1, ROOT) as (port, _):
            # The learner comes to a server that answers: its start (the worker's fork after
            # the templates are compiled, some 1 s) is not the page's time.
            call(port, "GET", "/healthz", "", {})
            path = "/indices?" + urlencode({"rules": notation, "system": "hi-lo"})
            start, asked = time.perf_counter(), time.time()
            cookie = ""
            while time.perf_counter() - start < deadline:
                headers = {"Cookie": cookie} if cookie else {}
                called = time.perf_counter()
                status, set_cookie, page = call(port, "GET", path, "", headers)
                cookie = set_cookie.split(";", 1)[0] or cookie
                if status == 200:
                    if "<svg" not in page:
                        raise SystemExit("the counting page came without its edge plot")
                    seconds, last_call = time.perf_counter() - start, time.perf_counter() - called
                    return seconds, _breakdown(
                        config["DATABASE"], asked, asked + seconds, last_call
                    )
                if status != 202:
                    raise SystemExit(f"the counting page answered {status}")
                time.sleep(poll)
            raise SystemExit(f"the counting page was not ready in {deadline:.0f} s")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notation", nargs="?", default=DEFAULT)
    parser.add_argument("--anchor", help="the CA driver (else $BJ_ANCHOR)")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument(
        "--poll",
        type=float,
        default=POLL,
        help=f"seconds between the learner's requests (default {POLL}; the page's htmx: 2)",
    )
    parser.add_argument(
        "--jobs", type=int, help="the study job's processes (default: the app's own setting)"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.repeat <= 10 or not 1 <= (args.jobs or 1) <= 8 or not 0 < args.poll <= 10:
        parser.error("--repeat is 1..10, --jobs 1..8 and --poll more than 0, at most 10")
    anchor = anchor_path(args.anchor)
    seconds, charts = [], []
    for _ in range(args.repeat):
        ready, parts = _ready_seconds(args.notation, args.jobs, args.poll)
        seconds.append(ready)
        line = f"{args.notation}: the counting page in {seconds[-1]:.1f} s"
        if anchor is not None:
            ca_wall, _ = timed([str(anchor)])
            charts.append(seconds[-1] / ca_wall)
            line += f" ({charts[-1]:.1f} CA charts; the CA {ca_wall:.2f} s)"
        print(f"{line}  ({_load()})", flush=True)
        for part, value in parts.items():
            print(f"    {value:5.2f} s  {part}", flush=True)
    summary = f"median {median(seconds):.1f} s against the target of {TARGET_SECONDS:.0f} s"
    if charts:
        summary += f", {median(charts):.1f} CA charts"
    print(summary + " (the target is for an idle machine: read the load beside each run)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
