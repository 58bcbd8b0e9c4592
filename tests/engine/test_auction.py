"""002's auction for the deal: its worth, the engine's bids, the sale at the table (issue 27)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from trainer.engine.banker.auction import (
    InvalidBidError,
    bank_edge,
    check_bid,
    deal_worth,
    engine_bid,
    passing_chance,
    price_shares,
    sell_deal,
)
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.table import Table, TablePolicy
from trainer.engine.rulebook.rules import InvalidRulesError, Rules, find_preset

AUCTION = Rules.parse("twenty-one-home deal_auction=true")


def _passes_by_dealing(punters: int, deals: int, rng: random.Random) -> float:
    """The share of deals, each from a shuffled pack, in which some punter is dealt a natural
    and the dealer is not: the independent check of :func:`passing_chance`."""
    pack = [1] * 4 + [10] * 16 + [0] * 32  # aces, ten-cards, the rest
    passed = 0
    for _ in range(deals):
        rng.shuffle(pack)
        hands = [pack[2 * i : 2 * i + 2] for i in range(punters + 1)]
        natural = [sorted(hand) == [1, 10] for hand in hands]
        passed += any(natural[:punters]) and not natural[punters]
    return passed / deals


@pytest.mark.parametrize("punters", [1, 4, 11])
def test_the_chance_the_deal_passes_agrees_with_dealing(punters: int) -> None:
    chance = passing_chance(AUCTION, punters)
    deals = 40_000
    seen = _passes_by_dealing(punters, deals, random.Random(punters))
    error = (float(chance) * (1 - float(chance)) / deals) ** 0.5
    assert abs(seen - float(chance)) < 4 * error


def test_one_punter_passes_the_deal_with_a_natural_the_dealer_does_not_match() -> None:
    one_natural = Fraction(2 * 4 * 16, 52 * 51)
    both = one_natural * Fraction(2 * 3 * 15, 50 * 49)
    assert passing_chance(AUCTION, 1) == one_natural - both
    assert passing_chance(AUCTION, 2) < 2 * passing_chance(AUCTION, 1)  # the overlap
    with pytest.raises(ValueError, match="punters"):
        passing_chance(AUCTION, 0)


def test_the_deal_is_worth_the_rounds_held_times_what_the_bank_makes_a_round() -> None:
    edge = bank_edge(find_preset("twenty-one-home"))
    assert edge > 0  # ties to the dealer and the double: the bank has the edge
    for punters in (2, 5):
        held = 1 / passing_chance(AUCTION, punters)
        worth = deal_worth(AUCTION, punters, 5)
        assert worth == pytest.approx(punters * 5 * edge * float(held))
        assert deal_worth(AUCTION, punters, 10) == pytest.approx(2 * worth)
    assert deal_worth(AUCTION, 3, 0) == 0
    assert engine_bid(AUCTION, 4, 5) == int(deal_worth(AUCTION, 4, 5))


@pytest.mark.parametrize(
    ("notation", "option"),
    [
        ("twenty-one-club deal_auction=true", "deal_auction"),  # a house dealer
        ("casino-boxes deal_auction=true", "deal_auction"),
        ("russian-bank deal_auction=true", "deal_auction"),
    ],
)
def test_no_auction_where_a_house_dealer_deals(notation: str, option: str) -> None:
    with pytest.raises(InvalidRulesError, match="house dealer") as error:
        Rules.parse(notation)
    assert error.value.option == option


@pytest.mark.parametrize(
    ("rules", "bid", "rule"),
    [
        (AUCTION, -1, "0 or more"),
        (AUCTION, Fraction(101), "max_bet"),
        (find_preset("twenty-one-home"), 5, "deal_auction"),
    ],
)
def test_a_bid_breaking_a_rule_is_refused_naming_it(rules: Rules, bid: int, rule: str) -> None:
    with pytest.raises(InvalidBidError, match=rule):
        check_bid(rules, bid)


def test_the_highest_bid_wins_and_of_equal_bids_the_nearest_the_dealers_left() -> None:
    assert sell_deal([3, 7, 5]) == (1, 7)
    assert sell_deal([7, 7, 5]) == (0, 7)
    with pytest.raises(InvalidBidError):
        sell_deal([])
    shares = price_shares(Fraction(30), 4, 2)
    assert shares == [10, 10, -30, 10] and sum(shares) == 0


class _Eager(TablePolicy):
    """Player 3 wants the deal more than the engine's players do."""

    def bid_for_deal(self, table: Table, player: int, stake: Fraction) -> Fraction:
        bid = super().bid_for_deal(table, player, stake)
        return bid + 1 if player == 3 else bid


def test_at_the_table_the_deal_is_sold_when_it_would_pass_and_chips_are_kept() -> None:
    table = Table(AUCTION, 4, 1000, Shoe(AUCTION, rng=random.Random(3)))
    sales = []
    for _ in range(80):
        before = table.bankrolls
        played = table.play_round([5] * 3, _Eager())
        table.check_conservation()
        if played.deal_sold_for is not None:
            sales.append(played)
            assert played.next_dealer == 3
            assert played.deal_sold_for == engine_bid(AUCTION, 3, 5) + 1
        else:
            assert played.next_dealer == played.dealer
        assert sum(table.bankrolls) == sum(before)
    assert sales, "no natural passed the deal in 80 rounds"
    home = find_preset("twenty-one-home")
    plain = Table(home, 4, 1000, Shoe(home, rng=random.Random(3)))
    assert all(plain.play_round([5] * 3).deal_sold_for is None for _ in range(20))


def test_the_learners_bid_made_for_them_is_within_their_own_bankroll() -> None:
    # At the learner's table every seat holds the house's money (the learner's own is kept by
    # the caller): the learner's bid, made at the deal's worth, bought a deal worth 4 with 3
    # chips left.
    from trainer.engine.play.table_game import _HOUSE_MONEY, _LearnerPolicy
    from trainer.engine.play.table_setup import TableSetup
    from trainer.engine.strategy import chart

    rules = Rules.parse("twenty-one-home deal_auction=true")
    setup = TableSetup(rules, 3, 1, 11, count_checks=False, deals=True)

    class Seats:  # the table as the sale reads it: the learner 10 chips down
        names = ("You", "A", "B", "C")

        def __init__(self) -> None:
            self.rules = rules

        def bankroll(self, player: int) -> Fraction:
            return Fraction(_HOUSE_MONEY - 10)

    worth = engine_bid(rules, 3, 1)
    assert worth >= 2  # (the cap below binds)
    policy = _LearnerPolicy(setup, chart(rules.played()), [], bankroll=Fraction(11))
    assert policy.bid_for_deal(Seats(), 0, Fraction(1)) == 1  # type: ignore[arg-type]
    assert policy.bid_for_deal(Seats(), 2, Fraction(1)) == worth  # type: ignore[arg-type]
    unkept = _LearnerPolicy(setup, chart(rules.played()), [])
    assert unkept.bid_for_deal(Seats(), 0, Fraction(1)) == worth  # type: ignore[arg-type]


def test_an_auction_table_plays_the_game_without_the_auction_never_working_it_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The auction changes who deals, not the play: at an auction table the method-3 game, the
    # dealer's doubling chances and the chart were worked out again in the request (30 s and a
    # worker's timeout at the first stake: a walk).
    from trainer.engine.banker import method3
    from trainer.engine.banker.doubling import doubling_chance
    from trainer.engine.banker.method3_table import table_chances
    from trainer.engine.strategy import cache

    home = find_preset("twenty-one-home")
    sold = Rules.parse("twenty-one-home deal_auction=true")
    assert sold.played() == home and home.played() is home
    plain = method3.method3_game(home)
    monkeypatch.setattr(method3, "work_out_method3_game", pytest.fail)  # read, never worked out
    assert method3.method3_game(sold).chances == plain.chances
    assert method3.cached_method3_game(sold) is not None
    assert table_chances(sold, 4) == table_chances(home, 4) is not None
    assert [doubling_chance(sold, c, 4) for c in range(1, 11)] == [
        doubling_chance(home, c, 4) for c in range(1, 11)
    ]
    shoe = (4,) * 9 + (16,)
    assert cache.cache_key(sold, shoe) == cache.cache_key(home, shoe)
    assert cache.cache_key(sold.replace(decks=2), (8,) * 9 + (32,)) != cache.cache_key(
        home, (8,) * 9 + (32,)
    )
