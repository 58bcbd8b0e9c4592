"""Bench: a new rule set's whole counting page (the index chart, the edge by count, the ramp:
``/indices``) ready for a learner, in seconds of wall time from the first request.

    .venv/bin/python bench/counting_page.py [--anchor PATH] [--repeat N] [--jobs N] [notation]

The trainer is served by gunicorn with the project's ``gunicorn.conf.py`` (as ``make run``
serves it), on a temporary database and instance with an empty strategy cache and no warm-up:
nothing of these rules is worked out before the learner asks. A learner opens
``/indices?rules=NOTATION&system=hi-lo`` and asks again every 0.25 s while the page says the
study is being worked out (202; a browser asks every second or two) until it shows the page
(200). numba's cache on disk is the usual one (warm after an install's first run). Printed:
each run's seconds to the page beside issue 28's target of 15 s on an idle machine, with the
machine's load (on a busy one the figure is longer: say so), and, with ``--anchor`` (the CA
driver of ``bench/anchor.py``), the anchor's time run after each, the page's time in CA charts.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
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


def _ready_seconds(notation: str, jobs: int, deadline: float = 600.0) -> float:
    """Seconds from the first request for the counting page of ``notation`` to the page, on a
    fresh server with nothing of these rules worked out."""
    with tempfile.TemporaryDirectory() as tmp:
        config = {
            **bench_config(tmp),
            "STRATEGY_CACHE_DIR": str(Path(tmp) / "strategy-cache"),
            "COUNT_JOB_PROCESSES": jobs,
        }
        with gunicorn(f"trainer:create_app({config!r})", 1, ROOT) as (port, _):
            path = "/indices?" + urlencode({"rules": notation, "system": "hi-lo"})
            start = time.perf_counter()
            cookie = ""
            while time.perf_counter() - start < deadline:
                headers = {"Cookie": cookie} if cookie else {}
                status, set_cookie, page = call(port, "GET", path, "", headers)
                cookie = set_cookie.split(";", 1)[0] or cookie
                if status == 200:
                    if "<svg" not in page:
                        raise SystemExit("the counting page came without its edge plot")
                    return time.perf_counter() - start
                if status != 202:
                    raise SystemExit(f"the counting page answered {status}")
                time.sleep(POLL)
            raise SystemExit(f"the counting page was not ready in {deadline:.0f} s")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notation", nargs="?", default=DEFAULT)
    parser.add_argument("--anchor", help="the CA driver (else $BJ_ANCHOR)")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1, help="the study job's processes")
    args = parser.parse_args(argv)
    if not 1 <= args.repeat <= 10 or not 1 <= args.jobs <= 8:
        parser.error("--repeat is 1..10 and --jobs 1..8")
    anchor = anchor_path(args.anchor)
    seconds, charts = [], []
    for _ in range(args.repeat):
        seconds.append(_ready_seconds(args.notation, args.jobs))
        line = f"{args.notation}: the counting page in {seconds[-1]:.1f} s"
        if anchor is not None:
            ca_wall, _ = timed([str(anchor)])
            charts.append(seconds[-1] / ca_wall)
            line += f" ({charts[-1]:.1f} CA charts; the CA {ca_wall:.2f} s)"
        print(f"{line}  ({_load()})", flush=True)
    summary = f"median {median(seconds):.1f} s against the target of {TARGET_SECONDS:.0f} s"
    if charts:
        summary += f", {median(charts):.1f} CA charts"
    print(summary + " (the target is for an idle machine: read the load beside each run)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
