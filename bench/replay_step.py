"""A shoe's replay through the web: the server's time for one step's page, beside the table's
own page measured in the same run (the anchor: it replays the same shoe from its seed).

    .venv/bin/python bench/replay_step.py [--rules NOTATION] [--others N] [--repeat N]

After a shoe that warms the caches, one shoe is played to its end through the table's forms
(bench/table_round.py's learner); then its replay's first, middle and last steps are each asked
for ``--repeat`` times, and so is the table's page (its summary). A replay step replays the
whole shoe once (is it over: its counts are shown only then) and the steps before it once more,
and grades its decision again where the table did not; the table's page replays the shoe once
and sums it up.

Printed: p50 and the worst in wall-clock and CPU milliseconds, and ``uptime``'s load.
"""

from __future__ import annotations

import argparse
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
sys.path.insert(0, str(ROOT / "bench"))

from table_round import _fields, play_shoe  # noqa: E402  (a bench beside this one)


def _timed(client: Any, url: str, repeat: int) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        if response.status_code != 200:
            raise SystemExit(f"{url}: {response.status_code}")
    return walls, cpus


def _ms(values: list[float]) -> str:
    return f"p50 {statistics.median(values) * 1000:7.1f}  max {max(values) * 1000:7.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="vegas-6d-s17")
    parser.add_argument("--others", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    args.plain = False

    from trainer import create_app

    tmp = Path(tempfile.mkdtemp(prefix="bench-replay-"))
    app = create_app(
        {
            "INSTANCE_PATH": str(tmp / "instance"),
            "DATABASE": str(tmp / "bench.sqlite3"),
            "SECRET_KEY": "bench-" + "0" * 40,
        }
    )
    client = app.test_client()
    csrf = _fields(client.get("/table/").get_data(as_text=True))["csrf_token"]
    play_shoe(client, args, csrf)  # warm-up: the chart, the count study, the engines' analyses
    steps = sum(len(spent) for spent in play_shoe(client, args, csrf).values())
    table_url = re.findall(
        r'href="(/table/[A-Za-z0-9_-]+)"', client.get("/table/").get_data(as_text=True)
    )[0]
    table_id = table_url.rsplit("/", 1)[1]
    print(f"{args.rules}, {args.others} other seats, one shoe of {steps} steps, {args.repeat} each")
    walls, cpus = _timed(client, table_url, args.repeat)
    print(f"  the table's page (anchor)   wall {_ms(walls)}  cpu {_ms(cpus)} ms")
    for step in (1, steps // 2, steps):
        walls, cpus = _timed(client, f"/replays/table/{table_id}?step={step}", args.repeat)
        print(f"  replay step {step:4}          wall {_ms(walls)}  cpu {_ms(cpus)} ms")
    print(f"  load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
