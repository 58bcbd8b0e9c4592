"""Bench: the cold time for a whole count study (indices and the edge by count: charts at 21
counts and one off the top), in process and as a whole ``python -m trainer indices`` process,
in CA charts: the time of the compiled anchor's chart run beside it in the same run.

    .venv/bin/python bench/indices.py [--anchor PATH] [--jobs N] [--repeat N] [--system hi-lo]
                                      [--numba-cold] [notation ...]

Default: ``vegas-6d-s17 surrender=none`` with Hi-Lo, 1 and 2 processes: a new rule set's
study, as ``python -m trainer indices --preset vegas-6d-s17 --rule surrender=none --system
hi-lo`` with an empty cache directory. The anchor (Farmer's exact combinatorial analyzer on the
reference chart, a C++ driver built outside this repository: how, in ``bench/anchor.py``) runs
as a whole process after each of ours, and the study's time is printed as a number of anchor
charts, pair by pair (the machine may be shared: read the CPU figures beside the wall ones).
numba's on-disk cache is warm (an untimed run fills it first) unless ``--numba-cold`` gives
every run an empty one, so that compiling the kernels counts. Warm: the same command again,
reading the study that the cold one cached.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from anchor import anchor_path, median, ratios, timed

from trainer.engine.counting import find_system
from trainer.engine.indices import compute_study
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import dealer_table

DEFAULT = "vegas-6d-s17 surrender=none"


def _command(rules: Rules, system: str, jobs: int, directory: str) -> list[str]:
    command = [sys.executable, "-m", "trainer", "indices", "--json", "--cache-dir", directory]
    command += ["--jobs", str(jobs), "--system", system, "--preset", rules.name]
    for option, value in rules.changes().items():
        command += ["--rule", f"{option}={value}"]
    return command


def _whole(rules: Rules, system: str, jobs: int, numba_cold: bool) -> tuple[float, float, float]:
    """Wall and CPU seconds of one cold whole process, and the wall seconds of a warm one."""
    with tempfile.TemporaryDirectory() as directory:
        env = dict(os.environ)
        if numba_cold:
            env["NUMBA_CACHE_DIR"] = str(Path(directory) / "numba")
        command = _command(rules, system, jobs, directory)
        wall, cpu = timed(command, env)
        warm, _ = timed(command, env)  # reads what the cold one cached
        return wall, cpu, warm


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notations", nargs="*", default=[DEFAULT])
    parser.add_argument("--anchor", help="the anchor's binary (default $BJ_ANCHOR)")
    parser.add_argument("--jobs", type=int, action="append", help="processes (default 1 and 2)")
    parser.add_argument("--repeat", type=int, default=1, help="whole-process runs (default 1)")
    parser.add_argument("--system", default="hi-lo")
    parser.add_argument("--numba-cold", action="store_true", help="compile in every run")
    args = parser.parse_args(argv)
    jobs_list = args.jobs or [1, 2]
    if any(not 1 <= jobs <= 8 for jobs in jobs_list) or not 1 <= args.repeat <= 20:
        parser.error("--jobs 1..8, --repeat 1..20")
    anchor = anchor_path(args.anchor)
    system = find_system(args.system)
    numba = "cold (compiled in every run)" if args.numba_cold else "warm on disk"
    for notation in args.notations:
        rules = Rules.parse(notation)
        if not args.numba_cold:
            _whole(rules, system.slug, 1, False)  # fills numba's cache; not timed
        for jobs in jobs_list:
            dealer_table.cache_clear()
            wall, cpu = time.perf_counter(), time.process_time()
            study = compute_study(rules, system, jobs=jobs)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            processes = f"{jobs} process{'es' if jobs > 1 else ''}"
            print(
                f"{notation} {system.slug} ({processes}): {len(study.indices.plays)} indices and "
                f"the edge at {len(study.edge.counts)} counts in {wall:.1f} s wall, {cpu:.1f} s "
                f"CPU in process"
            )
            ours, theirs = [], []
            for _ in range(args.repeat):
                ours.append(_whole(rules, system.slug, jobs, args.numba_cold))
                if anchor is not None:
                    theirs.append(timed([str(anchor)]))
            print(
                f"  whole process, cold cache, numba {numba}: "
                f"{median([w for w, _, _ in ours]):.2f} s wall, "
                f"{median([c for _, c, _ in ours]):.2f} s CPU (this process's children); warm "
                f"(cached): {median([w for _, _, w in ours]):.2f} s wall"
            )
            if theirs:
                charts, cpu_charts = ratios(ours, theirs)
                print(
                    f"  = {charts:.1f} CA charts of wall time ({cpu_charts:.1f} of CPU time; the "
                    f"anchor's chart: {median([w for w, _ in theirs]):.2f} s wall, "
                    f"{median([c for _, c in theirs]):.2f} s CPU, same run)"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
