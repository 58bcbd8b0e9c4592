"""Payout math: how fast a question is dealt (played through the engine until it fits its kind)
and how fast an answer is graded (the notation read, played and settled again).

    .venv/bin/python bench/payout_math.py [--questions N]

Printed per kind: microseconds to deal one question and to grade one answer (median of N).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from drills.payout.deal import make_question
from drills.payout.drill import DRILL
from drills.payout.kinds import KINDS
from trainer.engine.rulebook.rules import find_preset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=300)
    count = parser.parse_args().questions
    rng = random.Random(2026)
    rules = find_preset("vegas-6d-s17")
    print(f"{'kind':<20} {'deal us':>9} {'grade us':>9}")
    for kind in KINDS:
        deal, grade = [], []
        for _ in range(count):
            start = time.perf_counter()
            question = make_question(kind, rng)
            middle = time.perf_counter()
            DRILL.grade(str(question), "1", rules)
            end = time.perf_counter()
            deal.append(middle - start)
            grade.append(end - middle)
        print(
            f"{kind:<20} {statistics.median(deal) * 1e6:>9.0f} "
            f"{statistics.median(grade) * 1e6:>9.0f}"
        )


if __name__ == "__main__":
    main()
