"""Invariants of the EVs over random shoe compositions (Hypothesis)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import Action, action_evs, full_shoe

RULES = find_preset("double-deck").replace(decks="1")


@st.composite
def situations(draw):
    shoe = list(full_shoe(1))
    for v in range(10):
        shoe[v] -= draw(st.integers(min_value=0, max_value=shoe[v] // 2))
    cards = []
    for _ in range(3):
        present = [v for v in range(10) if shoe[v] > 0]
        v = draw(st.sampled_from(present))
        shoe[v] -= 1
        cards.append(v + 1)
    for value in cards:  # action_evs takes the shoe before the deal
        shoe[value - 1] += 1
    return tuple(shoe), (cards[0], cards[1]), cards[2]


@settings(max_examples=12, deadline=None)
@given(situations())
def test_evs_are_bounded_and_hitting_a_hard_eleven_or_less_never_loses(situation):
    shoe, hand, up = situation
    evs = action_evs(RULES, list(hand), up, composition=shoe)
    for action, value in evs.items():
        assert math.isfinite(value)
        assert -2.0 - 1e-9 <= value <= 2.0 + 1e-9, (action, value)
    total = sum(hand)
    if 1 not in hand and total <= 11 and hand[0] != hand[1]:
        # The next card is exchangeable with the dealer's: a hit that cannot bust does at
        # least as well as standing, exactly, in any shoe.
        assert evs[Action.HIT] >= evs[Action.STAND] - 1e-12
    if Action.DOUBLE in evs and Action.HIT in evs and total <= 11 and 1 not in hand:
        assert evs[Action.DOUBLE] <= 2 * max(evs[Action.HIT], 0.0) + 1e-12
