"""The penetration drill's studies, played by the simulator: how often each true count starts
a round, and how many rounds a shoe lasts, over many shoes of the rules dealt at a table.

The game is :func:`trainer.engine.counting.study_counts`'s: seats that play like the dealer
(hit below 17, never double, split or insure), one minimum bet each, every card dealt seen,
burned cards included, and the count tallied at each round's start (the true count's floor,
from the exact decks left) from the shuffle to the cut card, ``shoes`` packs in all. The
engine's study deals the same game one :class:`~trainer.engine.play.table.Table` round at a time and
is the referee (``tests/simulator/test_study.py``); the simulator deals some hundred times
more shoes in the same time.

    found = count_study(find_preset("single-deck"), find_system("hi-lo"), seed=7, shoes=10_000)
    found.rounds_per_shoe, found.share_at_least(2)
"""

from __future__ import annotations

import hashlib
from fractions import Fraction

import numpy as np

from trainer.engine.counting import CountingSystem, CountStudy
from trainer.engine.rulebook.rules import Rules
from trainer.simulator import kernel as K
from trainer.simulator.run import Job, Sums, play_block
from trainer.simulator.tables import CELLS, HIT, STAND, TOTALS, P, Strategy, card_arrays, params_of

__all__ = [
    "STUDY_REACH",
    "count_study",
    "draw_to_strategy",
    "most_rounds",
    "seed_of",
    "study_job",
    "tally",
]

# True counts are tallied from -STUDY_REACH to +STUDY_REACH; beyond, at the ends (a study's
# questions read shares at +1 to +4 or more, which the ends do not change).
STUDY_REACH = 20
MAX_STUDY_SHOES = 1_000_000


def _first_total(cell: int) -> int:
    """The total of a first-decision cell (:data:`.tables.CELLS`): hard, soft or a pair."""
    if cell <= 16:
        return cell + 5
    if cell <= 25:
        return cell - 4
    value = cell - 25
    return 12 if value == 1 else 2 * value


def draw_to_strategy(stand_on: int = 17) -> Strategy:
    """Tables that play like the dealer (``DrawToPolicy``): hit below ``stand_on``, else stand."""
    first = np.zeros((1, 10, CELLS, 2), dtype=np.int8)
    for cell in range(CELLS):
        first[0, :, cell] = HIT if _first_total(cell) < stand_on else STAND
    totals = np.arange(TOTALS)
    plays = np.where(totals < stand_on, HIT, STAND).astype(np.int8)
    later = np.broadcast_to(plays, (1, 10, 2, TOTALS)).copy()
    split = np.repeat(later[..., None], 2, axis=-1)
    return Strategy(first, split, later, np.zeros(1, np.int8), 0)


def seed_of(text: str) -> int:
    """A run's seed from a text naming what is studied (the same text, the same study)."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def study_job(
    rules: Rules, system: CountingSystem, seed: int, shoes: int, seats: int, *, trace: bool = False
) -> Job:
    """The kernel's job for a study (``trace``: each shuffle's order logged, for the referee)."""
    # Where the bank rotates, the engine's study seats one player more: the one holding the
    # bank, who plays the dealer's hand (the referee's table, likewise).
    params = params_of(rules, seats, system=system, max_shoes=shoes, trace=trace)
    ints = params.ints
    ints[P["burn_shown"]] = 1  # the study sees every card, the burned ones too
    ints[P["bucket_floor"]] = 1
    ints[P["bucket_lo"]] = -STUDY_REACH
    ints[P["nbucket"]] = 2 * STUDY_REACH + 1
    cards = card_arrays(rules.decks, system)
    return Job(params, cards, draw_to_strategy(), np.ones(1), seed, seats)


def tally(job: Job, sums: Sums, system: CountingSystem, rules: Rules, shoes: int) -> CountStudy:
    """A study's figures from the sums of its block."""
    counts = tuple(
        (Fraction(i - STUDY_REACH), int(n)) for i, n in enumerate(sums.buckets[:, K.BN]) if n > 0
    )
    return CountStudy(
        system=system.slug,
        rules=rules.name,
        shoes=shoes,
        rounds=int(sums.acc[K.ROUNDS]),
        counts=counts,
    )


def most_rounds(rules: Rules, shoes: int) -> int:
    """More rounds than ``shoes`` packs can hold (the shoes end a study's block)."""
    return shoes * 52 * rules.decks


def count_study(
    rules: Rules, system: CountingSystem, *, seed: int, shoes: int, seats: int = 3
) -> CountStudy:
    """How often each count started a round over ``shoes`` packs of ``rules`` dealt at
    ``seats`` seats (a balanced system's true count, an unbalanced one's running count).

    :raises ValueError: for fewer than one shoe or seat, or more than the bounds.
    """
    if not (1 <= shoes <= MAX_STUDY_SHOES and 1 <= seats <= 7):
        raise ValueError(f"a study needs 1 to {MAX_STUDY_SHOES:,} shoes and 1 to 7 seats")
    job = study_job(rules, system, seed, shoes, seats)
    return tally(job, play_block(job, 0, most_rounds(rules, shoes)), system, rules, shoes)
