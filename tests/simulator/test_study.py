"""The penetration drill's studies by the simulator, refereed by the engine: the same shuffled
shoes dealt through the engine's own study (``study_counts``: a Table of seats drawing to 17)
give the same rounds and the same count at every round's start, for presets with a burn card,
a rotating bank and a pack dealt to a cut card."""

from __future__ import annotations

from collections.abc import MutableSequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from trainer.engine.counting import CountStudy, find_system, study_counts
from trainer.engine.rulebook.rules import find_preset
from trainer.simulator.referee import ReplayedShuffles
from trainer.simulator.run import block_arrays, play_block
from trainer.simulator.study import (
    STUDY_REACH,
    count_study,
    most_rounds,
    seed_of,
    study_job,
    tally,
)


class ShufflesThenStop(ReplayedShuffles):
    """The kernel's shuffles in turn; the engine's study shuffles once more before it sees it
    has dealt its shoes (that pack is never dealt)."""

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        if self.replayed < len(self._orders):
            super().shuffle(x)


def _traced(preset: str, penetration: Fraction, system: str, shoes: int) -> tuple[Any, Any]:
    rules = find_preset(preset)
    if rules.deal_faces == "all-down":  # the kernel deals 004's face-up reading (tables.py)
        rules = rules.replace(deal_faces="casino", banker_best="false")
    if rules.penetration != penetration:
        rules = rules.replace(penetration=penetration)
    counted = find_system(system)
    job = study_job(rules, counted, seed_of(preset), shoes, 3, trace=True)
    size, most = job.cards[0].size, most_rounds(rules, shoes)
    # A shuffle, an ace burned (002) or a refill each log the order they dealt.
    arrays = block_arrays(job, log_size=(size + 1) * (shoes + 2) * 2 + (size + 1) * most // 4)
    sums = play_block(job, 0, most, arrays)
    log, orders, at = arrays[3], [], 0
    while at < log.size and log[at] > 0:
        orders.append(log[at + 1 : at + 1 + int(log[at])].copy())
        at += 1 + int(log[at])
    kernel = tally(job, sums, counted, rules, shoes)
    engine = study_counts(
        rules, counted, ShufflesThenStop(orders), shoes=shoes, seats=3, most_rounds=most
    )
    return kernel, within_reach(engine)


def within_reach(study: CountStudy) -> CountStudy:
    """The study as the kernel tallies it: counts beyond its reach at its ends."""
    tally: dict[Fraction, int] = {}
    for count, rounds in study.counts:
        count = max(-Fraction(STUDY_REACH), min(Fraction(STUDY_REACH), count))
        tally[count] = tally.get(count, 0) + rounds
    return replace(study, counts=tuple(sorted(tally.items())))


@pytest.mark.parametrize(
    ("preset", "penetration", "system"),
    [
        ("single-deck", Fraction(1, 2), "hi-lo"),
        ("vegas-6d-s17", Fraction(3, 4), "hi-lo"),  # a burned card, seen by the study
        ("casino-boxes", Fraction(2, 3), "wong-halves"),
        ("russian-bank", Fraction(5, 6), "hi-lo"),
        # Packs dealt to their end, which run out inside rounds and go on from their discards
        # shuffled: the count goes on of the new pile, the cards on the table counted with it.
        ("twenty-one-club", Fraction(1), "hi-lo"),
        ("twenty-one-home", Fraction(1), "hi-lo"),
    ],
)
def test_the_same_shoes_give_the_engines_study(
    preset: str, penetration: Fraction, system: str
) -> None:
    kernel, engine = _traced(preset, penetration, system, shoes=12)
    assert kernel == engine


def test_a_study_is_repeatable_and_deeper_cuts_bring_more_high_counts() -> None:
    rules, hilo = find_preset("single-deck"), find_system("hi-lo")
    shallow = count_study(rules.replace(penetration=Fraction(1, 2)), hilo, seed=3, shoes=4000)
    again = count_study(rules.replace(penetration=Fraction(1, 2)), hilo, seed=3, shoes=4000)
    deep = count_study(rules.replace(penetration=Fraction(5, 6)), hilo, seed=3, shoes=4000)
    assert shallow == again and shallow.shoes == 4000
    assert deep.rounds_per_shoe > shallow.rounds_per_shoe
    assert deep.share_at_least(3) > shallow.share_at_least(3)
    with pytest.raises(ValueError, match="shoes"):
        count_study(rules, hilo, seed=3, shoes=0)
