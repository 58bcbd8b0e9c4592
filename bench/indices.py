"""Bench: the cold time for a whole count study (indices and the edge by count: charts at 21
counts), in process and as a whole
``python -m trainer indices --no-cache`` process.

    .venv/bin/python bench/indices.py [--jobs N] [--system hi-lo] [notation ...]

Default: ``vegas-6d-s17`` with Hi-Lo, 1 and 2 processes. Cold: nothing is read from a cache
(``--no-cache`` writes into a temporary directory); warm: the same command again, reading the
study that the cold one cached. The machine may be shared: read the wall
time with the CPU time beside it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time

from trainer.engine.counting import find_system
from trainer.engine.indices import compute_study
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import dealer_table


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notations", nargs="*", default=["vegas-6d-s17"])
    parser.add_argument("--jobs", type=int, action="append", help="processes (default 1 and 2)")
    parser.add_argument("--system", default="hi-lo")
    args = parser.parse_args(argv)
    jobs_list = args.jobs or [1, 2]
    if any(not 1 <= jobs <= 8 for jobs in jobs_list):
        parser.error("--jobs 1..8")
    system = find_system(args.system)
    for notation in args.notations:
        rules = Rules.parse(notation)
        for jobs in jobs_list:
            dealer_table.cache_clear()
            wall, cpu = time.perf_counter(), time.process_time()
            study = compute_study(rules, system, jobs=jobs)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(
                f"{notation} {system.slug} ({jobs} process{'es' if jobs > 1 else ''}): "
                f"{len(study.indices.plays)} indices and the edge at {len(study.edge.counts)} "
                f"counts in {wall:.1f} s wall, {cpu:.1f} s CPU in process"
            )
            with tempfile.TemporaryDirectory() as directory:
                command = [sys.executable, "-m", "trainer", "indices", "--no-cache", "--json"]
                command += ["--cache-dir", directory, "--jobs", str(jobs), "--system"]
                command += [system.slug, "--preset", rules.name]
                for option, value in rules.changes().items():
                    command += ["--rule", f"{option}={value}"]
                start = time.perf_counter()
                subprocess.run(command, check=True, capture_output=True)
                print(f"  whole process, cold: {time.perf_counter() - start:.1f} s wall")
                warm = [arg for arg in command if arg != "--no-cache"]  # read what it wrote
                start = time.perf_counter()
                subprocess.run(warm, check=True, capture_output=True)
                print(f"  whole process, warm (cached): {time.perf_counter() - start:.2f} s wall")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
