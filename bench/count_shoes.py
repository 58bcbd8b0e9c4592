"""Check: the shoe-at-a-count model against shoes the engine deals (the error in the docs).

    .venv/bin/python bench/count_shoes.py [--shoes N] [--per-count N]

Deals ``--shoes`` six-deck shoes to the reference depth (195 cards left), keeps those whose
Hi-Lo running count is one of -22, -15, -7, 0, 7, 15, 22 (true counts -5.9 .. +5.9), and prints
for each: the tens left (mean of the real shoes, the model), and the EV of standing minus
hitting T6 v 10 (the mean over up to ``--per-count`` real shoes with its standard error, the
model's) with the gap in true counts (the gap over the EV's slope per true count).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from fractions import Fraction

from trainer.engine.counting import find_system, running_count
from trainer.engine.deck.shoe import Shoe
from trainer.engine.indices import action_evs_at, composition_at
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import Action, action_evs

RUNNING = (-22, -15, -7, 0, 7, 15, 22)


def _gap(evs: dict[Action, float]) -> float:
    return evs[Action.STAND] - evs[Action.HIT]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=60000)
    parser.add_argument("--per-count", type=int, default=150)
    args = parser.parse_args(argv)
    if not 100 <= args.shoes <= 10**6 or not 10 <= args.per_count <= 5000:
        parser.error("--shoes 100..1000000, --per-count 10..5000")
    rules = Rules.parse("vegas-6d-s17 surrender=none")
    hilo = find_system("hi-lo")
    shoe = Shoe(rules, random.Random(2026))
    found: dict[int, list[tuple[int, ...]]] = {count: [] for count in RUNNING}
    for _ in range(args.shoes):
        dealt = shoe.draw_many(117 - len(shoe.burned))
        count = int(running_count(hilo, [*shoe.burned, *dealt]))
        if count in found:
            found[count].append(shoe.composition())
        shoe.discard(dealt)
        shoe.shuffle()
    slope = (
        _gap(action_evs_at(rules, hilo, 1, "T6", "T"))
        - _gap(action_evs_at(rules, hilo, -1, "T6", "T"))
    ) / 2
    print(f"{args.shoes} shoes, 195 cards left; stand-hit T6 v 10 moves {slope:.5f} per true count")
    print(" RC    TC  shoes  tens real/model   stand-hit real (SE)   model     gap in TC")
    for count, shoes in found.items():
        true = Fraction(count) / Fraction(15, 4)
        model = composition_at(rules, hilo, true)
        tens = statistics.mean(s[9] for s in shoes)
        gaps = [_gap(action_evs(rules, "T6", "T", s)) for s in shoes[: args.per_count]]
        mean = statistics.mean(gaps)
        error = statistics.stdev(gaps) / len(gaps) ** 0.5
        modelled = _gap(action_evs_at(rules, hilo, true, "T6", "T"))
        print(
            f"{count:+3d} {float(true):+5.2f} {len(shoes):6d}  {tens:6.2f} / {model[9]:6.2f}"
            f"   {mean:+.5f} ({error:.5f})   {modelled:+.5f}   {(mean - modelled) / slope:+.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
