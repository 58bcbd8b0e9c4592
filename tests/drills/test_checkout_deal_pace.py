"""The pace a checkout deals its cards at with JavaScript on: the counting checkout's deck of 50
in 25 of its 30 seconds, the true count's stretches at 2 cards a second, faster in proportion
under a class's shorter clock, so the cards always leave time to answer."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from drills.checkouts.criteria import KINDS, class_criteria, criteria_for, deal_pace
from drills.checkouts.shoe_checks import CHECKS, DEALT, _Check, shoe_notations
from trainer.engine.counting import SYSTEMS
from trainer.engine.rulebook.rules import Rules


def test_the_default_paces() -> None:
    counting = criteria_for("counting")
    assert [deal_pace(counting, n) for n in range(3)] == [Fraction(2)] * 3
    assert 50 / deal_pace(counting, 0) == 25  # type: ignore[operator]
    assert deal_pace(criteria_for("true-count"), 9) == 2
    for kind in set(KINDS) - {"counting", "true-count"}:
        assert deal_pace(criteria_for(kind), 0) is None


@pytest.mark.parametrize("percent", [50, 67, 80, 99, 100])
def test_a_shorter_clock_deals_faster_and_leaves_time_to_answer(percent: int) -> None:
    counting = criteria_for("counting", class_criteria("counting", percent, 0))
    seconds = counting.parts[0].seconds
    pace = deal_pace(counting, 0)
    assert pace == Fraction(2 * 30, seconds)
    assert Fraction(50) / pace == Fraction(5, 6) * seconds  # the deck: 5/6 of the clock
    true_count = criteria_for("true-count", class_criteria("true-count", percent, 0))
    seconds = true_count.parts[0].seconds
    pace = deal_pace(true_count, 0)
    assert pace is not None and pace >= 2
    # The longest stretch, an eight-deck shoe's, takes under half the part's clock.
    rules = Rules.parse("vegas-6d-s17 decks=8")
    first = shoe_notations(random.Random(1), SYSTEMS["hi-lo"], ("floor", "half"))[0]
    stretch = len(_Check(first, rules).shown)
    assert stretch == int(8 * 52 * DEALT) // CHECKS == 31
    assert Fraction(stretch) / pace < Fraction(seconds, 2)
