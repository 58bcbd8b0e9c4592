"""The simulator against the engine on many rounds: the same shuffled shoes through the
compiled kernel and the engine's Table, round by round, for every preset.

    .venv/bin/python bench/simulate_agreement.py [--rounds N] [--seats K] [PRESET ...]

The suite does this on 1,500 rounds a preset (``tests/simulator/test_agreement.py``); this
script does it on as many as asked (the engine plays some 20,000 rounds a second, so a million
rounds a preset take about a minute), and prints, per preset, the rounds compared, the shuffles
replayed and the rounds that differ (there should be none).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.engine.counting import find_system  # noqa: E402
from trainer.engine.rulebook.rules import Rules, preset_names  # noqa: E402
from trainer.engine.strategy import chart  # noqa: E402
from trainer.simulator.referee import engine_nets, kernel_trace  # noqa: E402
from trainer.simulator.run import prepare  # noqa: E402

CHUNK = 50_000  # rounds traced at a time (the shuffle log is held in memory)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("presets", nargs="*")
    args = parser.parse_args()
    for name in args.presets or preset_names():
        rules = Rules.parse(name)
        start = time.perf_counter()
        compared = shuffles = differ = 0
        for seed in range(0, args.rounds, CHUNK):
            rounds = min(CHUNK, args.rounds - seed)
            job = prepare(
                rules,
                chart=chart(rules),
                system=find_system("hi-lo"),
                seats=args.seats,
                seed=seed,
                trace=True,
            )
            nets, orders = kernel_trace(job, rounds)
            engine = engine_nets(rules, job, orders, rounds)
            differ += sum(abs(a - b) > 1e-9 for a, b in zip(nets, engine, strict=True))
            compared += rounds
            shuffles += len(orders)
        seconds = time.perf_counter() - start
        print(
            f"{name}: {compared:,} rounds, {shuffles:,} shuffles, {differ} differ ({seconds:.0f} s)"
        )


if __name__ == "__main__":
    main()
