"""Properties of payout questions over many deals: notation round-trips, and the round's
settlement agrees hand by hand with ``settle_hand`` (the drill's two engine roads never differ)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drills.payout.deal import make_question
from drills.payout.kinds import KINDS
from drills.payout.play import read_question, read_question_played
from trainer.engine.play.settlement import Outcome, settle_hand

# The games' figures on disk (the banker's fixed point, 002's method-3 game), as the chart's
# job leaves them: drills only read them.
pytestmark = pytest.mark.usefixtures("strategy_charts")


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from(sorted(KINDS)), seed=st.integers(0, 2**32))
def test_a_dealt_question_round_trips_and_settles_the_same_both_ways(kind: str, seed: int) -> None:
    question = make_question(kind, random.Random(seed))
    notation = str(question)
    assert str(read_question(notation)) == notation
    _, result, amount = read_question_played(notation)
    assert (amount * 100).denominator == 1  # to the cent
    seat = result.seats[0]
    assert seat.net == sum((hand.net for hand in seat.hands), Fraction(0)) + seat.insurance_net
    assert sum(seat.shares, Fraction(0)) == seat.net
    assert result.bank_net == -seat.net
    for hand in seat.hands:
        alone = settle_hand(
            question.rules,
            hand.cards,
            result.dealer_cards,
            hand.bet,
            split=hand.split,
            doubled=hand.doubled,
            surrendered=hand.outcome is Outcome.SURRENDER,
            dealer_natural=result.dealer_natural,
        )
        assert (alone.outcome, alone.net, alone.bonus) == (hand.outcome, hand.net, hand.bonus)
