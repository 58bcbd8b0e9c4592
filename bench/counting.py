"""Counting drills: how long the shoe-penetration studies take (what the first chart of a preset
waits for when nothing is cached), reading them back from the disk cache (after a restart) and
from memory, and how long dealing a counting session takes.

    .venv/bin/python bench/counting.py [--presets NAME ...] [--sessions N]

Printed per preset: seconds for each penetration's study (``STUDY_SHOES`` shoes at a table of
``STUDY_SEATS``), their total (the chart's first fetch, into an empty temporary cache), the
re-read from the disk cache with the memory cleared, and from memory; then milliseconds to deal a
counting-through-a-shoe session and a running-count session.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from drills.counting.dealing import build_running, build_shoe  # noqa: E402
from drills.counting.penetration_study import (  # noqa: E402
    STUDY_SEATS,
    STUDY_SHOES,
    clear_memory,
    penetrations_for,
    study,
)
from drills.counting.preferences import CountPreferences  # noqa: E402
from trainer.engine.rulebook.rules import find_preset  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--presets", nargs="*", default=["single-deck", "double-deck", "vegas-6d-s17"]
    )
    parser.add_argument("--sessions", type=int, default=20)
    args = parser.parse_args()
    print(f"studies: {STUDY_SHOES} shoes at {STUDY_SEATS} seats, Hi-Lo")
    cache = tempfile.mkdtemp(prefix="penetration-bench-")
    for name in args.presets:
        rules = find_preset(name)
        times = []
        for pen in penetrations_for(rules):
            start = time.perf_counter()
            result = study(name, pen, "hi-lo", cache_dir=cache)
            times.append(time.perf_counter() - start)
            print(
                f"  {name:<16} {str(pen):>4}: {times[-1]:6.2f} s, "
                f"{float(result.rounds_per_shoe):5.1f} rounds a shoe, "
                f"+2 or more {float(result.share_at_least(2)) * 100:5.1f}%"
            )
        clear_memory()
        start = time.perf_counter()
        for pen in penetrations_for(rules):
            study(name, pen, "hi-lo", cache_dir=cache)
        disk = time.perf_counter() - start
        start = time.perf_counter()
        for pen in penetrations_for(rules):
            study(name, pen, "hi-lo", cache_dir=cache)
        memory = time.perf_counter() - start
        print(
            f"  {name:<16} first chart {sum(times):6.2f} s, from disk {disk * 1e3:6.2f} ms, "
            f"from memory {memory * 1e6:6.1f} us"
        )
    prefs = CountPreferences()
    for name in args.presets:
        rules = find_preset(name)
        shoe, running = [], []
        for seed in range(args.sessions):
            start = time.perf_counter()
            build_shoe(rules, random.Random(seed), prefs, seats=3, speed=Fraction(2))
            shoe.append(time.perf_counter() - start)
            start = time.perf_counter()
            build_running(
                rules, random.Random(seed), prefs, group="rounds", cards=52, speed=Fraction(2)
            )
            running.append(time.perf_counter() - start)
        print(
            f"deal {name:<16} shoe session {statistics.median(shoe) * 1000:6.1f} ms, "
            f"running count in rounds {statistics.median(running) * 1000:6.1f} ms (medians)"
        )


if __name__ == "__main__":
    main()
