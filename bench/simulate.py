"""Rounds per second of the compiled simulator, per core, warm (the compile time apart).

    .venv/bin/python bench/simulate.py [--rounds N] [--repeat K]

Two configurations, one seat, one process:

- flat: 6 decks, S17, DAS, no surrender, 75% penetration, basic strategy, flat bets (the
  configuration FreeBJ, the fastest open-source simulator, plays at about 2.7 million rounds a
  second a core);
- counted: the same with the Hi-Lo count, every computed index and a 1-8 ramp.

It prints the time the kernel took to compile (or load from numba's cache) and then, for each
configuration, the rounds per second of each of ``--repeat`` warm runs and their best, with
``uptime``'s load: on a shared machine the best of several runs is the honest figure. The
rounds per CPU second (the process's own CPU time) are printed beside: on a machine busier
than its cores, wall time counts the time other processes ran too. With
``--edge`` it also plays ``--rounds`` of the flat configuration for the house edge and its
standard error (published simulations: about 0.42% to the house; the strategy engine's exact
figure for a full shoe is printed beside it).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.simulator.run import run, warm  # noqa: E402
from trainer.simulator.settings import job_of, settings_from, simulate  # noqa: E402

FLAT = {"preset": "vegas-6d-s17", "options": ["surrender=none"]}
COUNTED = {**FLAT, "system": "hi-lo", "indices": "all", "ramp": "1@-99,2@1,4@2,8@3"}


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _speeds(name: str, options: dict, rounds: int, repeat: int) -> None:
    settings = settings_from(rounds=rounds, **options)
    job = job_of(settings)
    start = time.perf_counter()
    compile_seconds = warm(job)
    print(f"{name}: compile or cache load {compile_seconds:.2f} s (first call, {_load()})")
    speeds, cpu_speeds = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        run(job, rounds)
        speeds.append(rounds / (time.perf_counter() - start))
        cpu_speeds.append(rounds / (time.process_time() - cpu))
        print(
            f"  {speeds[-1] / 1e6:6.2f} M rounds/s wall, {cpu_speeds[-1] / 1e6:6.2f} M per "
            f"CPU second  ({_load()})"
        )
    print(
        f"  best {max(speeds) / 1e6:.2f} M rounds/s per core (wall), "
        f"{max(cpu_speeds) / 1e6:.2f} M per CPU second"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--edge", action="store_true", help="also the flat edge at --rounds")
    parser.add_argument("--workers", type=int, default=1, help="workers for --edge")
    args = parser.parse_args()
    _speeds("flat basic strategy", FLAT, args.rounds, args.repeat)
    _speeds("Hi-Lo, all indices, 1-8 ramp", COUNTED, args.rounds, args.repeat)
    if args.edge:
        from trainer.engine.strategy import chart

        settings = settings_from(rounds=args.rounds, workers=args.workers, seed=1, **FLAT)
        found = simulate(settings)
        exact = chart(settings.rules).house_edge
        print(
            f"flat edge over {found.rounds:,} rounds: {found.edge_percent:.4f}% "
            f"+- {found.se_percent:.4f}% to the house (full-shoe exact: {exact:.4f}%; "
            f"{found.rounds_per_second / 1e6:.2f} M rounds/s on {args.workers} workers, {_load()})"
        )


if __name__ == "__main__":
    main()
