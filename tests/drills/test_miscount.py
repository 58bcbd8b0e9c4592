"""The price of a miscount on a shoe dealt from a fixed seed: which rounds a wrong count
changes, and what they give up (drills/counting/miscount.py)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from drills.bet_sizing import bet_cost
from drills.count_study import study_for
from drills.counting.dealing import build_shoe
from drills.counting.miscount import prices
from drills.counting.preferences import CountPreferences
from trainer.engine.rulebook.rules import find_preset

pytestmark = pytest.mark.usefixtures("count_studies")
RULES = find_preset("vegas-6d-s17")


@pytest.fixture(scope="module")
def session() -> object:
    return build_shoe(RULES, random.Random(7), CountPreferences(), seats=2, speed=Fraction(2))


def test_a_count_eight_high_bets_up_where_there_is_no_edge(session: object) -> None:
    (price,) = prices(session, {0: Fraction(8)})
    assert price.until_next.bets > 0
    assert price.to_end.lost >= price.until_next.lost > 0
    edge = study_for(RULES, session.counting_system).edge  # type: ignore[attr-defined]
    for changed in price.to_end.changed:
        if changed.bet != changed.bet_read and not changed.plays:
            assert changed.read > changed.count and changed.bet_read > changed.bet
            assert changed.lost == bet_cost(edge, int(changed.count), changed.bet_read, changed.bet)


def test_the_stretch_to_the_next_checkpoint_is_the_start_of_the_one_to_the_end(
    session: object,
) -> None:
    (price,) = prices(session, {1: Fraction(-6)})
    soon = [c.label for c in price.until_next.changed]
    assert soon == [c.label for c in price.to_end.changed][: len(soon)]
    assert price.until_next.rounds < price.to_end.rounds


def test_no_error_has_no_price(session: object) -> None:
    assert prices(session, {0: Fraction(0)}) == []
