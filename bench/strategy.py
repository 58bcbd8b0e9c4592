"""Bench: the cold time for a full chart with every action's EV, in process and as a whole
``python -m trainer strategy --no-cache`` process, beside the compiled anchor run in the same run.

    .venv/bin/python bench/strategy.py [--anchor PATH] [--repeat N] [--jobs N] [--numba-cold]
                                       [notation ...]

Default notation: ``vegas-6d-s17 surrender=none`` (6 decks, S17, DAS, no surrender, peek, split
to 4, no resplit of aces): the anchor's rules. In process, cold: the dealer tables are rebuilt
for every run (the interpreter, its imports and the compiled core are already there). Whole
process, cold: a fresh interpreter computes the chart with nothing cached (``--no-cache``,
writing into a temporary directory), imports and start-up included, as
``python -m trainer strategy --preset vegas-6d-s17 --rule surrender=none --no-cache --json``.

The anchor (Farmer's exact combinatorial analyzer, a C++ driver built outside this repository:
how, in ``bench/anchor.py``) is run as a whole process beside each whole-process run, in turn,
and the ratio is taken pair by pair (the machine may be shared: its speed drifts); the median
of each is printed with the ratio's. Without an anchor only our figures are printed.

The chart's kernels are the ones compiled ahead of time where the set-up built them for today's
source, else numba's (the line says which; ``TRAINER_KERNELS=jit`` measures numba's anyway:
:mod:`trainer.engine.strategy.kernels`). numba's: by default its on-disk cache is warm (an
untimed run first fills it, in ``$NUMBA_CACHE_DIR`` or the virtualenv's ``cache/numba``);
``--numba-cold`` gives every run an empty cache of its own, so the figures include compiling
the kernels. With ``--jobs N`` the up cards are shared among N worker processes (the CPU
figure is then this process's only).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from anchor import anchor_path, median, ratios, timed

from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import kernels
from trainer.engine.strategy.chart import compute_chart
from trainer.engine.strategy.dealer import dealer_table

DEFAULT = "vegas-6d-s17 surrender=none"


def _command(rules: Rules, jobs: int, directory: str) -> list[str]:
    command = [sys.executable, "-m", "trainer", "strategy", "--no-cache", "--json"]
    command += ["--preset", rules.name, "--cache-dir", directory, "--jobs", str(jobs)]
    for option, value in rules.changes().items():
        command += ["--rule", f"{option}={value}"]
    return command


def _whole_process(rules: Rules, jobs: int, numba_cold: bool) -> tuple[float, float]:
    """Seconds of wall and CPU time for one cold ``python -m trainer strategy`` process."""
    with tempfile.TemporaryDirectory() as directory:
        env = dict(os.environ)
        if numba_cold:
            env["NUMBA_CACHE_DIR"] = str(Path(directory) / "numba")
        return timed(_command(rules, jobs, directory), env)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notations", nargs="*", default=[DEFAULT])
    parser.add_argument("--anchor", help="the anchor's binary (default $BJ_ANCHOR)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--numba-cold", action="store_true", help="compile in every run")
    args = parser.parse_args(argv)
    if not 1 <= args.jobs <= 64 or not 1 <= args.repeat <= 50:
        parser.error("--jobs 1..64, --repeat 1..50")
    anchor = anchor_path(args.anchor)
    numba = "cold (compiled in every run)" if args.numba_cold else "warm on disk"
    road = "compiled ahead of time" if kernels.AHEAD is not None else f"numba's, {numba}"
    for notation in args.notations:
        rules = Rules.parse(notation)
        if not args.numba_cold:
            _whole_process(rules, args.jobs, False)  # fills numba's cache; not timed
        walls, cpus = [], []
        for _ in range(args.repeat):
            dealer_table.cache_clear()  # cold: the dealer tables are rebuilt too
            wall, cpu = time.perf_counter(), time.process_time()
            chart = compute_chart(rules, jobs=args.jobs)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        ours, theirs = [], []
        for _ in range(args.repeat):
            ours.append(_whole_process(rules, args.jobs, args.numba_cold))
            if anchor is not None:
                theirs.append(timed([str(anchor)]))
        jobs = f" ({args.jobs} processes)" if args.jobs > 1 else ""
        print(
            f"{notation}{jobs}: full chart with every action's EV in {median(walls):.3f} s wall, "
            f"{median(cpus):.3f} s CPU in process (median of {args.repeat}); "
            f"house edge {chart.house_edge:.4f}%"
        )
        print(
            f"  whole process, cold chart cache, kernels {road}: "
            f"{median([w for w, _ in ours]):.3f} s wall, {median([c for _, c in ours]):.3f} s CPU"
        )
        if theirs:
            wall_ratio, cpu_ratio = ratios(ours, theirs)
            print(
                f"  anchor (exact combinatorial analyzer, C++, same run): "
                f"{median([w for w, _ in theirs]):.3f} s wall, "
                f"{median([c for _, c in theirs]):.3f} s CPU; ratio ours / anchor "
                f"{wall_ratio:.2f} wall, {cpu_ratio:.2f} CPU (median of pairs)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
