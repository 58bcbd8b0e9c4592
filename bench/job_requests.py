"""How long a request that needs new long work takes now that the work is a job: p50 and the
slowest, beside the work it used to do in the request, measured in the same run.

    .venv/bin/python bench/job_requests.py [--runs 5]

In-process (the Flask test client, a temporary database and an empty chart cache, the jobs left
queued as the pool would find them): ``POST /table/`` and ``POST /counting/sessions`` (a shoe)
for rules whose chart is not worked out, and the strategy page of 004 dealt face down for rules
whose banker's fixed point is not. Beside them, the anchor: one chart for new rules and one
fixed point worked out in this process, the seconds each request used to spend (issue 29: 1.6
to 4.8 s a chart, about 1 s a fixed point).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer import create_app  # noqa: E402
from trainer.engine.banker.face_down import work_out_fixed_point  # noqa: E402
from trainer.engine.rulebook.rules import Rules  # noqa: E402
from trainer.engine.strategy.chart import compute_chart  # noqa: E402

CSRF = "bench-csrf-token-0123456789"
TABLE = {"others": "2", "boxes": "1", "bankroll": "500", "unit": "5", "system": "hi-lo",
         "convention": "floor", "resolution": "half", "graded": "strategy",
         "mode": "test"}  # fmt: skip


def _ms(seconds: list[float]) -> str:
    return f"p50 {statistics.median(seconds) * 1000:.0f} ms, slowest {max(seconds) * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-jobs-"))
    os.environ["TRAINER_CACHE_DIR"] = str(folder / "charts")
    app = create_app({
        "DATABASE": str(folder / "bench.sqlite3"), "INSTANCE_PATH": str(folder / "instance"),
        "SECRET_KEY": CSRF * 2, "WARM_UP": False, "JOBS_INLINE": False,
        "STRATEGY_CACHE_DIR": str(folder / "charts"), "JOBS_PER_LEARNER": 10**6,
        "JOBS_QUEUED_AT_MOST": 10**6, "EXPENSIVE_WORK_PER_WINDOW": 10**6,
    })  # fmt: skip
    client = app.test_client()
    with client.session_transaction() as session:
        session["_csrf"] = CSRF
    timings: dict[str, list[float]] = {"table": [], "shoe": [], "004 strategy page": []}
    for run in range(args.runs):
        decks = 2 + run % 7
        table = f"vegas-6d-s17 decks={decks} surrender=none dealer_hits_soft_17=true"
        shoe = f"vegas-6d-s17 decks={decks} double_after_split=false"
        face_down = f"russian-bank decks={decks} dealer_stands_on={15 + run % 3}"
        requests = {
            "table": ("POST", "/table/", {**TABLE, "rules": table, "csrf_token": CSRF}),
            "shoe": ("POST", "/counting/sessions", {
                "kind": "shoe", "rules": shoe, "seats": "2", "speed": "20", "csrf_token": CSRF}),
            "004 strategy page": ("GET", f"/strategy?rules={face_down}", None),
        }  # fmt: skip
        for name, (method, url, data) in requests.items():
            began = time.perf_counter()
            response = client.open(url, method=method, data=data)
            timings[name].append(time.perf_counter() - began)
            if response.status_code != 202:
                raise SystemExit(f"{name}: {response.status_code}, not the job's pending page")
    began = time.perf_counter()
    compute_chart(Rules.parse("vegas-6d-s17 decks=3 resplit_aces=true"))
    chart_seconds = time.perf_counter() - began
    began = time.perf_counter()
    work_out_fixed_point(Rules.parse("russian-bank decks=5"))
    point_seconds = time.perf_counter() - began
    for name, seconds in timings.items():
        print(f"{name:>18}: {_ms(seconds)} ({len(seconds)} requests, each queuing a job)")
    print(f"{'anchor':>18}: a chart for new rules {chart_seconds * 1000:.0f} ms, a fixed point "
          f"{point_seconds * 1000:.0f} ms (the work a request used to do)")  # fmt: skip


if __name__ == "__main__":
    main()
