"""Simulated seats play the basic strategy the strategy engine computes for the table's rules
(issue 10: they used to hit like the dealer: 14 v 6, 16 v 2, never doubling 11)."""

import random

import pytest

from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import Action, Round
from trainer.engine.play.table import BasicStrategyPolicy, Table
from trainer.engine.rulebook.rules import find_preset

VEGAS = find_preset("vegas-6d-s17")


def decision(rules, deal: str) -> Action:
    """The policy's first decision for seat 1 dealt ``deal`` (seat, dealer, seat, dealer)."""
    order = [Card.parse(rank) for rank in deal.split()] + [Card.parse("T")] * 6
    round_ = Round(rules, Shoe.stacked(rules, order), [10])
    return BasicStrategyPolicy(rules).decide(round_)


@pytest.mark.parametrize(
    ("deal", "action"),
    [
        ("T 6 4 9", Action.STAND),  # 14 v 6
        ("T 2 6 9", Action.STAND),  # 16 v 2
        ("6 6 5 9", Action.DOUBLE),  # 11 v 6
        ("8 T 8 9", Action.SPLIT),  # 8-8 v 10
        ("T T 6 9", Action.SURRENDER),  # 16 v 10, late surrender
        ("A 5 7 9", Action.DOUBLE),  # soft 18 v 5
        ("T 7 2 9", Action.HIT),  # 12 v 7
    ],
)
def test_a_simulated_seat_plays_the_vegas_chart(deal, action):
    assert decision(VEGAS, deal) is action


def test_where_a_double_is_not_allowed_the_chart_falls_back():
    rules = find_preset("casino-boxes")  # doubles on 9 to 11 only: A-7 v 5 stands
    assert decision(rules, "A 5 7 9") is Action.STAND


@pytest.mark.parametrize("preset", ["twenty-one-home", "russian-bank", "casino-boxes"])
def test_a_table_of_simulated_seats_plays_every_preset(preset):
    rules = find_preset(preset)
    seats = 3 if rules.table_rotation == "none" else 4
    table = Table(rules, seats, 10**6, Shoe(rules, random.Random(3)))
    policy = BasicStrategyPolicy(rules)
    for _ in range(200):
        table.play_round([rules.min_bet] * len(table.seat_players), policy)
    table.check_conservation()
