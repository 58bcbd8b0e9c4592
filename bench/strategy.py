"""Bench: the cold time for a full chart with every action's EV, in process and as a whole
``python -m trainer strategy --no-cache`` process.

    .venv/bin/python bench/strategy.py [--jobs N] [--repeat N] [preset ...]

Prints wall and CPU seconds per preset (default: vegas-6d-s17), and the house edge as a check.
In process, cold: the dealer tables are rebuilt for every run (the interpreter and its imports
are already there). Whole process, cold: a fresh interpreter computes the chart with nothing
cached (``--no-cache``, writing into a temporary directory), imports and start-up included; the
figure to set beside a compiled program's. With ``--repeat`` the best of N runs is printed too
(the machine may be shared). With ``--jobs N`` the up cards are shared among N worker
processes: the CPU figure is then this process's only, so the wall time is the one to read; the
single-process figure (the default) is the main one. The compiled anchor's figures (a C++
exact engine doing the same work for six decks, timed on this kind of machine) are printed beside
the whole-process one.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time

from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy.chart import compute_chart
from trainer.engine.strategy.dealer import dealer_table

# The compiled exact engine (C++) on a six-deck chart, as issue 12 timed it on this kind of machine.
ANCHOR = "compiled anchor: 1.05 s wall full program, 0.5 s compute-only pass"


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _whole_process(name: str, jobs: int) -> tuple[float, float]:
    """Seconds of wall and CPU time for one cold ``python -m trainer strategy`` process."""
    with tempfile.TemporaryDirectory() as directory:
        command = [sys.executable, "-m", "trainer", "strategy", "--no-cache", "--json"]
        command += ["--preset", name, "--cache-dir", directory, "--jobs", str(jobs)]
        start, cpu = time.perf_counter(), _child_cpu()
        subprocess.run(command, check=True, capture_output=True)
        return time.perf_counter() - start, _child_cpu() - cpu


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
        wholes = [_whole_process(name, args.jobs) for _ in range(args.repeat)]
        jobs = f" ({args.jobs} processes)" if args.jobs > 1 else ""
        print(
            f"{name}{jobs}: full chart with every action's EV in {walls[0]:.2f} s wall, "
            f"{cpus[0]:.2f} s CPU in process; house edge {chart.house_edge:.4f}%"
        )
        print(
            f"  whole process, cold: {wholes[0][0]:.2f} s wall, {wholes[0][1]:.2f} s CPU ({ANCHOR})"
        )
        if args.repeat > 1:
            print(
                f"  best of {args.repeat}: {min(walls):.2f} s wall, {min(cpus):.2f} s CPU in "
                f"process; whole process {min(w for w, _ in wholes):.2f} s wall, "
                f"{min(c for _, c in wholes):.2f} s CPU"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
