"""A table's round steps through the web road: the server's time per step, over whole shoes.

    .venv/bin/python bench/table_round.py [--shoes N] [--rules NOTATION] [--others N] [--plain]

The app runs in this process on a temporary SQLite database (WAL, as served), driven by
Flask's test client: each step is the POST a browser sends (htmx's, unless ``--plain``), and
its time is the server's whole handling of it: the table replayed from its seed and steps, the
step replayed and graded through the drills, stored with its attempts, the page rendered.
The learner sits at the rules (default ``vegas-6d-s17``) with two other seats, everything
graded, in test mode (no mistake is held), and bets a unit, declines insurance, stands on 17,
gives the counts as 0. The first shoe warms the caches (the chart, the count study, the
engines' analyses) and is not counted.

Printed: per step kind and overall, the count, p50, p90 and the worst, in wall-clock and CPU
milliseconds (CPU holds on a busy machine, where wall-clock does not), and ``uptime``'s load.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_HIDDEN_RE = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
_KIND_RE = re.compile(r'name="kind" value="(\w+)"')
_TOTAL_RE = re.compile(r'class="seat-hand acting".*?<span class="total">(\w+ ?\d*)</span>', re.S)


def _fields(page: str) -> dict[str, str]:
    return {name: html.unescape(value) for name, value in _HIDDEN_RE.findall(page)}


def _answer(kind: str, page: str) -> dict[str, str]:
    if kind == "count":
        return {"running": "0", "true": "0"}
    if kind == "bet":
        return {"units": "1"}
    if kind == "insurance":
        return {"answer": "N"}
    total = _TOTAL_RE.search(page)
    value = int(total.group(1).split()[-1]) if total else 12
    return {"answer": "S" if value >= 17 else "H"}


def play_shoe(
    client: Any, args: argparse.Namespace, csrf: str
) -> dict[str, list[tuple[float, float]]]:
    """One shoe from the set-up to its summary; the (wall, CPU) seconds of each step by kind."""
    setup = {
        "csrf_token": csrf,
        "rules": args.rules,
        "others": str(args.others),
        "boxes": "1",
        "bankroll": "10000",
        "unit": "",
        "system": "hi-lo",
        "convention": "floor",
        "resolution": "half",
        "graded": ["strategy", "deviations", "bets", "insurance", "counts"],
        "mode": "test",
    }
    from trainer.engine.rulebook.rules import Rules

    setup["unit"] = str(Rules.parse(args.rules).min_bet)
    response = client.post("/table/", data=setup)
    if response.status_code != 303:
        raise SystemExit(f"the table was not set up: {response.status_code}")
    url = response.headers["Location"]
    headers = {} if args.plain else {"HX-Request": "true"}
    page = client.get(url).get_data(as_text=True)
    times: dict[str, list[tuple[float, float]]] = {}
    for _ in range(2000):
        kind = _KIND_RE.search(page)
        if kind is None:
            return times
        data = {**_fields(page), **_answer(kind.group(1), page)}
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.post(url + "/step", data=data, headers=headers)
        if args.plain and response.status_code == 303:  # post, redirect, get: both timed
            response = client.get(response.headers["Location"])
        spent = (time.perf_counter() - wall, time.process_time() - cpu)
        if response.status_code != 200:
            raise SystemExit(f"a step was refused ({response.status_code}): {data}")
        times.setdefault(kind.group(1), []).append(spent)
        page = response.get_data(as_text=True)
    raise SystemExit("the shoe did not end")


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return (
        f"p50 {statistics.median(ordered) * 1000:6.1f}  p90 {p90 * 1000:6.1f}  "
        f"max {ordered[-1] * 1000:6.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shoes", type=int, default=3)
    parser.add_argument("--rules", default="vegas-6d-s17")
    parser.add_argument("--others", type=int, default=2)
    parser.add_argument("--plain", action="store_true", help="whole pages, as without JavaScript")
    args = parser.parse_args()

    from trainer import create_app

    tmp = Path(tempfile.mkdtemp(prefix="bench-table-"))
    app = create_app(
        {
            "INSTANCE_PATH": str(tmp / "instance"),
            "DATABASE": str(tmp / "bench.sqlite3"),
            "SECRET_KEY": "bench-" + "0" * 40,
        }
    )
    client = app.test_client()
    page = client.get("/table/").get_data(as_text=True)
    csrf = _fields(page)["csrf_token"]
    play_shoe(client, args, csrf)  # warm-up
    every: dict[str, list[tuple[float, float]]] = {}
    for _ in range(args.shoes):
        for kind, spent in play_shoe(client, args, csrf).items():
            every.setdefault(kind, []).extend(spent)
    mode = "whole pages" if args.plain else "htmx (the table block)"
    print(f"{args.rules}, {args.others} other seats, {args.shoes} shoes, {mode}")
    everything = [t for spent in every.values() for t in spent]
    for kind, spent in [*sorted(every.items()), ("all steps", everything)]:
        walls = [wall for wall, _ in spent]
        cpus = [cpu for _, cpu in spent]
        print(f"  {kind:10} {len(spent):5} steps  wall {_ms(walls)}  cpu {_ms(cpus)} ms")
    print(f"  load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
