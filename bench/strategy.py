"""Bench: the cold time for a full chart with every action's EV (no cache, fresh process state).

    .venv/bin/python bench/strategy.py [preset ...]

Prints wall and CPU seconds per preset (default: vegas-6d-s17), and the house edge as a check.
"""

from __future__ import annotations

import sys
import time

from trainer.engine.rules import find_preset
from trainer.engine.strategy.chart import compute_chart
from trainer.engine.strategy.dealer import dealer_table


def main(argv: list[str]) -> int:
    names = argv or ["vegas-6d-s17"]
    for name in names:
        rules = find_preset(name)
        dealer_table.cache_clear()  # cold: the dealer tables are rebuilt too
        wall, cpu = time.perf_counter(), time.process_time()
        chart = compute_chart(rules)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"{name}: full chart with every action's EV in {wall:.2f} s wall, {cpu:.2f} s CPU; "
            f"house edge {chart.house_edge:.4f}%"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
