"""A punter's stake on the cards seen (002 home, 004): the edge of the cards, checked against
the strategy engine's and the redoubling module's own figures, and the stake the ramp's Kelly
rule makes of it (the table minimum without an edge, within the table maximum)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.engine.banker.doubling import doubling_chance, punter_ev, redoubled_ev
from trainer.engine.banker.punter_stake import StakeEdge, kelly_stake, stake_edge, stakes_on_cards
from trainer.engine.deck.cards import Card
from trainer.engine.indices.edge import ROUND_VARIANCE, kelly_bet, kelly_fraction
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.chart import up_card_ev
from trainer.engine.strategy.dealer import full_shoe

# The face-up reading (the banker's first card shown), a named option; the text's own deal,
# every card face down, is tests/engine/test_face_down.py's.
BANK = Rules.parse("russian-bank deal_faces=casino banker_best=false")
HOME = Rules.parse("twenty-one-home")
SUIT = "SHDC"


def card(value: int, suit: int = 0) -> Card:
    rank = {1: "A", 10: "T"}.get(value, str(value))
    return Card.parse(rank + SUIT[suit])


def test_each_game_stakes_on_the_cards_its_text_says() -> None:
    assert stakes_on_cards(BANK) == 2  # 004: after the deal
    assert stakes_on_cards(HOME) == 1  # 002, deal method 3: after the first card
    assert stakes_on_cards(Rules.parse("vegas-6d-s17")) == 0


@pytest.mark.parametrize("up", range(1, 11))
def test_004s_edges_average_to_the_engines_figure_against_each_up_card(up: int) -> None:
    # Every two-card hand, as likely as the pack less the up card deals it: played best for
    # its exact cards it is worth at least the chart's play, and never much more.
    left = list(full_shoe(BANK.decks))
    left[up - 1] -= 1
    total = sum(left)
    average = 0.0
    for a in range(1, 11):
        for b in range(1, 11):
            weight = left[a - 1] / total * (left[b - 1] - (a == b)) / (total - 1)
            cards = (card(a), card(b, 1))
            average += weight * stake_edge(BANK, cards, card(up, 2)).edge
    chart = up_card_ev(BANK, up)
    assert chart - 1e-9 <= average <= chart + 0.01


@pytest.mark.parametrize("first", range(1, 11))
def test_002s_edge_is_the_redoubling_modules_figure_where_the_dealer_doubles(first: int) -> None:
    left = list(full_shoe(HOME.decks))
    left[first - 1] -= 1
    total = sum(left)
    # The dealer doubles on each first card with its chance (an ace or a ten always, a five or
    # a six at times: the game's equilibrium).
    chance = {d: doubling_chance(HOME, d) for d in range(1, 11)}
    plain = sum(
        left[d - 1] / total * (1 - chance[d]) * punter_ev(HOME, first, d) for d in range(1, 11)
    )
    share = sum(left[d - 1] * chance[d] for d in range(1, 11)) / total
    again = redoubled_ev(HOME, first)
    times = 4 if again > 0 else 2  # redoubled where it pays
    edge = stake_edge(HOME, (card(first),))
    assert edge.edge == pytest.approx(plain + share * times * again, abs=1e-12)
    assert edge.variance == pytest.approx(ROUND_VARIANCE * (1 - share + share * times * times))


def test_at_home_only_an_ace_is_worth_more_than_the_minimum() -> None:
    # The dealer wins the ties at 002 home: a punter's first card gives him an edge only
    # where it is an ace (the one card the engine's punters redouble on).
    edges = {first: stake_edge(HOME, (card(first),)).edge for first in range(1, 11)}
    assert edges[1] > 0 and all(edges[first] < 0 for first in range(2, 11))
    bankroll = Fraction(1000)
    assert kelly_stake(HOME, stake_edge(HOME, (card(7),)), bankroll, 0.05) == HOME.min_bet
    assert HOME.min_bet < kelly_stake(HOME, stake_edge(HOME, (card(1),)), bankroll, 0.05)


def test_the_kelly_stake_grows_with_the_edge_and_keeps_the_table_limits() -> None:
    bankroll = Fraction(10_000)
    stakes = [kelly_bet(BANK, edge, bankroll, 0.05) for edge in (-0.2, 0.0, 0.01, 0.1, 0.5)]
    assert stakes[0] == stakes[1] == BANK.min_bet
    assert stakes == sorted(stakes) and stakes[-1] > stakes[-2] > stakes[2]
    # Kelly's bet: the fraction of the risk of ruin, times the bankroll and the edge, over the
    # variance (-2 / ln 0.05 = 0.6676...; 0.6676 x 10000 x 0.1 / 1.3 = 513.6, whole units of 1).
    assert stakes[3] == 514
    assert kelly_bet(HOME, 0.5, bankroll, 0.05) == HOME.max_bet == 100  # 002's maximum
    assert BANK.max_bet is None and kelly_bet(BANK, 0.5, bankroll, 0.05) > 100  # 004 has none
    # A punter's stake divides by the mean square (2.6 + 0.1 squared): 0.6676 x 1000 / 2.61.
    edge = StakeEdge(0.1, 2 * ROUND_VARIANCE)
    assert kelly_stake(BANK, edge, bankroll, 0.05) == 256


def test_a_dealt_21_is_never_staked_past_the_kelly_bet_of_its_own_odds() -> None:
    # 004: a dealt 21 against a ten is paid double (+2) unless the banker holds an ace under
    # it and takes every stake (-1). Full Kelly for such a bet stakes p - q / 2 of the
    # bankroll; the ramp's fraction of it (for a 5% risk of ruin) is the most it may stake.
    left = list(full_shoe(BANK.decks))
    for value in (1, 10, 10):  # the punter's ace and ten, the banker's ten
        left[value - 1] -= 1
    lose = left[0] / sum(left)
    full_kelly = (1 - lose) - lose / 2
    edge = stake_edge(BANK, (card(1), card(10)), card(10, 1))
    assert edge.edge == pytest.approx(2 * (1 - lose) - lose)
    stake = kelly_stake(BANK, edge, Fraction(10_000), 0.05)
    assert 0 < stake <= kelly_fraction(0.05) * full_kelly * 10_000


@pytest.mark.parametrize(
    ("rules", "cards", "up", "rule"),
    [
        (Rules.parse("vegas-6d-s17"), "TS 9H", "6C", "bet_after_deal"),
        (BANK, "TS", "6C", "deal_faces"),
        (BANK, "TS 9H", None, "deal_faces"),
        (HOME, "TS 9H", None, "deal_method"),
        (HOME, "TS", "6C", "deal_method"),
    ],
)
def test_a_stake_on_cards_the_rules_do_not_stake_on_is_refused(
    rules: Rules, cards: str, up: str | None, rule: str
) -> None:
    seen = tuple(Card.parse(word) for word in cards.split())
    with pytest.raises(ValueError, match=rule):
        stake_edge(rules, seen, Card.parse(up) if up else None)


def test_a_dealt_21_that_cannot_lose_is_staked_more_than_a_hand_that_can() -> None:
    # Against a 5 the banker holds no dealt 21: a punter's dealt 21 is paid double, always.
    # Its variance is exactly 0, where the casino round's 1.3 priced it below a 20 (which can
    # lose) before.
    sure = stake_edge(BANK, (card(1), card(10)), card(5, 1))
    assert sure.edge == pytest.approx(2.0) and sure.variance == pytest.approx(0.0, abs=1e-9)
    twenty = stake_edge(BANK, (card(10), card(10, 1)), card(5, 2))
    bankroll = Fraction(2000)
    assert kelly_stake(BANK, sure, bankroll, 0.05) > kelly_stake(BANK, twenty, bankroll, 0.05)
