"""Bench: the cold time for a full chart with every action's EV (no cache, fresh process state).

    .venv/bin/python bench/strategy.py [--jobs N] [--repeat N] [preset ...]

Prints wall and CPU seconds per preset (default: vegas-6d-s17), and the house edge as a check.
Cold: the dealer tables are rebuilt for every run. With ``--repeat`` the best of N runs is
printed too (the machine may be shared). With ``--jobs N`` the up cards are shared among N
worker processes: the CPU figure is then this process's only, so the wall time is the one to
read; the single-process figure (the default) is the main one.
"""

from __future__ import annotations

import argparse
import sys
import time

from trainer.engine.rules import find_preset
from trainer.engine.strategy.chart import compute_chart
from trainer.engine.strategy.dealer import dealer_table


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=["vegas-6d-s17"])
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per preset (default 1)")
    args = parser.parse_args(argv)
    if not 1 <= args.jobs <= 64 or not 1 <= args.repeat <= 50:
        parser.error("--jobs 1..64, --repeat 1..50")
    for name in args.presets:
        rules = find_preset(name)
        walls, cpus = [], []
        for _ in range(args.repeat):
            dealer_table.cache_clear()  # cold: the dealer tables are rebuilt too
            wall, cpu = time.perf_counter(), time.process_time()
            chart = compute_chart(rules, jobs=args.jobs)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        jobs = f" ({args.jobs} processes)" if args.jobs > 1 else ""
        print(
            f"{name}{jobs}: full chart with every action's EV in {walls[0]:.2f} s wall, "
            f"{cpus[0]:.2f} s CPU; house edge {chart.house_edge:.4f}%"
        )
        if args.repeat > 1:
            print(f"  best of {args.repeat}: {min(walls):.2f} s wall, {min(cpus):.2f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
