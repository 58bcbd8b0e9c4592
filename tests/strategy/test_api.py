"""The drill-facing API: EVs of a situation, the best action, the cost of a mistake."""

from __future__ import annotations

import pytest

from trainer.engine.deck.hand import Hand, Situation
from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import (
    Action,
    InvalidSituationError,
    action_evs,
    best_action,
    cost_of,
    full_shoe,
)
from trainer.engine.strategy.ev import UpCardAnalysis
from trainer.engine.strategy.hands import HandValues

VEGAS = find_preset("vegas-6d-s17")


def test_situation_text_hand_objects_and_values_agree():
    by_text = action_evs(VEGAS, "T6", "10")
    assert action_evs(VEGAS, "T6v10") == by_text
    assert action_evs(VEGAS, Situation.parse("T6vK")) == by_text
    assert action_evs(VEGAS, Hand.parse("KQ"), 10) != by_text
    assert action_evs(VEGAS, [10, 6], 10) == by_text


def test_sixteen_against_ten_surrenders_and_standing_costs():
    evs = action_evs(VEGAS, "T6v10")
    assert set(evs) == {Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER}
    assert evs[Action.SURRENDER] == -0.5
    assert best_action(VEGAS, "T6v10") is Action.SURRENDER
    assert cost_of(VEGAS, "T6", "10", "R") == 0.0
    assert cost_of(VEGAS, "T6", "10", "S") == pytest.approx(
        evs[Action.SURRENDER] - evs[Action.STAND]
    )
    assert cost_of(VEGAS, "T6", "10", "S") > cost_of(VEGAS, "T6", "10", "H") > 0


def test_pairs_offer_a_split_and_aces_offer_insurance():
    assert Action.SPLIT in action_evs(VEGAS, "88v10")
    evs = action_evs(VEGAS, "T7vA")
    # Insurance: 2:1 on half the bet; the hole card is a ten with the shoe's tens left.
    tens, left = 96 - 1, 312 - 3
    assert evs[Action.INSURANCE] == pytest.approx(0.5 * (3 * tens / left - 1))
    assert best_action(VEGAS, "T7vA") is Action.STAND


def test_a_natural_is_paid_and_even_money_is_offered():
    evs = action_evs(VEGAS, "AKvA")
    tens, left = 96 - 1, 312 - 3
    q = tens / left
    assert evs[Action.STAND] == pytest.approx((1 - q) * 1.5)
    assert evs[Action.EVEN_MONEY] == 1.0
    assert action_evs(VEGAS, "AKv6") == {Action.STAND: 1.5}


def test_multi_card_hands_stand_or_hit():
    evs = action_evs(VEGAS, "T33v10")
    assert set(evs) == {Action.STAND, Action.HIT}
    with pytest.raises(InvalidSituationError):
        cost_of(VEGAS, "T33", "10", "D")


@pytest.mark.parametrize("preset", ["vegas-6d-s17", "casino-boxes"])
def test_hand_values_alone_price_a_hand_that_will_not_split(preset: str) -> None:
    """The base of the whole analysis is useful on its own: a hand of three cards needs no
    splits, and a HandValues prices it exactly as the full analysis does."""
    rules = find_preset(preset)
    hand = (0, 0, 2, 0, 0, 0, 0, 0, 0, 1)  # T33
    alone = HandValues(rules, full_shoe(rules.decks), 10).multi_card(hand)
    assert alone == UpCardAnalysis(rules, full_shoe(rules.decks), 10).multi_card(hand)
    assert alone == action_evs(rules, "T33v10")


def test_the_composition_changes_the_answer():
    # 16 v 10 stands in a shoe rich in ten-values once surrender is gone.
    no_surrender = VEGAS.replace(surrender="none")
    assert best_action(no_surrender, "T6v10") is Action.HIT
    rich = list(full_shoe(6))
    for value in range(1, 6):
        rich[value - 1] -= 12
    assert best_action(no_surrender, "T6v10", composition=tuple(rich)) is Action.STAND


@pytest.mark.parametrize("bad", ["T", "TT5", "XY", ""])
def test_bad_hands_are_refused(bad):
    with pytest.raises(ValueError):
        action_evs(VEGAS, bad, "6")


def test_cards_the_shoe_lacks_are_refused():
    shoe = (0,) + full_shoe(1)[1:]
    with pytest.raises(InvalidSituationError):
        action_evs(VEGAS, "A7", "6", composition=shoe)
    with pytest.raises(InvalidSituationError):
        cost_of(VEGAS, "T6", "10", "X")
