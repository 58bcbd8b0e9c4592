"""002's auction for the deal: what the deal is worth, the engine's players' bids, and the sale.

002: "Среди некоторых групп игроков принято определять сдатчика аукционом, как в "Шмен-дефер"."
(Among some groups the dealer is settled by auction, as in chemin de fer.) The text says no more;
the trainer's reading (interpretation ``002-auction``,
:mod:`trainer.engine.rulebook.interpretations`): with ``deal_auction`` on, whenever the deal
would pass (a punter's natural, the rotation of the home game) it is sold instead to the highest
bidder; the price, in chips, is shared equally among the other players; it buys the deal until a
punter's natural would pass it again.

**What the deal is worth** (:func:`deal_worth`): the holder's expected profit while he keeps it.
Each round he banks ``punters`` stakes of ``stake`` and expects :func:`bank_edge` of each (the
engine's dealer doubling on his first card where that is worth it, the engine's punters
redoubling: :mod:`.doubling`). He keeps the deal until a round in which a punter has a natural
and he has none (:func:`passing_chance`, exact over the pack by inclusion and exclusion), so
he holds it for ``1 / passing_chance`` rounds on average, that last round included; the round
that passes it is a stopping time, so (Wald's identity) the expected profit over his holding is
the rounds' expected number times one round's expectation, exactly:

    worth = punters x stake x bank_edge / passing_chance

Two approximations, named: each round is dealt from a full pack (the home game deals on down to
the burned card, so the rounds of one pack are not independent), and the bank's expectation is
the engine's (at deal method 3 the game's value at its mixed equilibrium, :mod:`.method3`:
the dealer doubling at random on some first cards, the punters reading the double;
docs/table.md).

**The bids.** The engine's players bid by the worth (:func:`engine_bid`): the worth rounded down
to a whole chip, never past the table's maximum. The deal goes to the highest bid; of equal
bids, to the bidder nearest the dealer's left, as 002 passes the deal between two naturals
(:func:`sell_deal`). A bid is refused (:class:`InvalidBidError`, naming the rule) at a table with
no auction, below nothing, or past the table's maximum stake (:func:`check_bid`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING

from trainer.engine.banker.doubling import double_evs
from trainer.engine.banker.method3 import method3_game
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe

if TYPE_CHECKING:
    from trainer.engine.play.settlement import RoundResult

__all__ = [
    "InvalidBidError",
    "bank_edge",
    "check_bid",
    "deal_worth",
    "engine_bid",
    "natural_taker",
    "passing_chance",
    "price_shares",
    "sell_at",
    "sell_deal",
    "sold_to",
]


class InvalidBidError(ValueError):
    """A bid for the deal breaks a rule of the auction."""


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def passing_chance(rules: Rules, punters: int) -> Fraction:
    """The chance, exact, that a round passes the deal: some punter of ``punters`` is dealt a
    natural and the dealer is not (a dealer's natural keeps it), the round dealt from a full
    pack of ``rules.decks``.

    :raises ValueError: for fewer than one punter, or more than the pack can deal to.
    """
    cards = 52 * rules.decks
    if punters < 1 or 2 * (punters + 1) > cards:
        raise ValueError(f"punters: 1 to {cards // 2 - 1} punters, not {punters}")
    aces, tens = 4 * rules.decks, 16 * rules.decks

    def all_natural(hands: int) -> Fraction:  # these ``hands`` given hands are all naturals
        ways = _falling(aces, hands) * _falling(tens, hands) * 2**hands
        return Fraction(ways, _falling(cards, 2 * hands))

    chance = Fraction(0)
    for k in range(1, punters + 1):
        # k given punters all naturals, and the dealer not: all of them less all with him.
        term = all_natural(k) - all_natural(k + 1)
        chance += (-1) ** (k + 1) * comb(punters, k) * term
    return chance


@lru_cache(maxsize=16)
def bank_edge(rules: Rules) -> float:
    """The bank's expected result per unit of each punter's stake per round, averaged over the
    dealer's first card (one value of a full pack), the dealer not doubling; at deal method 3
    the game's value at its equilibrium (:func:`~.method3.method3_game`)."""
    if rules.deal_method == 3:
        return method3_game(rules).edge
    shoe = full_shoe(rules.decks)
    total = sum(shoe)
    edge = 0.0
    for first in range(1, 11):
        edge += shoe[first - 1] / total * double_evs(rules, first, 1.0)["N"]
    return edge


def deal_worth(rules: Rules, punters: int, stake: Fraction | int) -> float:
    """What holding the deal is worth, in chips: the holder's expected profit while he keeps
    it, ``punters`` punters staking ``stake`` each round (module doc).

    :raises ValueError: for a stake below nothing, or a number of punters the pack cannot deal.
    """
    if stake < 0:
        raise ValueError(f"stake: a stake is 0 or more, not {stake}")
    held = 1 / passing_chance(rules, punters)
    return float(punters * Fraction(stake) * held) * bank_edge(rules.played())


def check_bid(rules: Rules, bid: Fraction | int) -> Fraction:
    """``bid`` as an exact amount, if the table may take it.

    :raises InvalidBidError: where the rules hold no auction (``deal_auction``), for a bid
        below nothing, or one past the table's maximum stake (``max_bet``).
    """
    if not rules.deal_auction:
        raise InvalidBidError(
            "deal_auction: this table does not sell the deal (002's auction is a home-game "
            "custom, where the players deal)"
        )
    amount = Fraction(bid)
    if amount < 0:
        raise InvalidBidError(f"a bid for the deal is 0 or more, not {amount}")
    if rules.max_bet is not None and amount > rules.max_bet:
        raise InvalidBidError(
            f"max_bet: a bid for the deal is at most the table's maximum, {rules.max_bet}, "
            f"not {amount}"
        )
    return amount


def engine_bid(
    rules: Rules, punters: int, stake: Fraction | int, bankroll: Fraction | None = None
) -> Fraction:
    """What the engine's player bids for the deal: its worth rounded down to a whole chip,
    never past the table's maximum nor his ``bankroll``, never below nothing."""
    bid = Fraction(max(int(deal_worth(rules, punters, stake)), 0))
    for most in (rules.max_bet, bankroll):
        if most is not None:
            bid = max(min(bid, most), Fraction(0))
    return bid


def natural_taker(result: RoundResult, players: tuple[int, ...], dealer: int) -> int:
    """Who 002's rotation deals after ``result`` (``players``: each seat's, from the dealer's
    left): the dealer keeps the deal on his own natural, else the nearest punter's takes it."""
    if not result.dealer_natural:
        for player, seat in zip(players, result.seats, strict=True):
            if seat.hands and seat.hands[0].natural:
                return player
    return dealer


def sell_at(
    rules: Rules, dealer: int, players: int, bid_of: Callable[[int], Fraction]
) -> tuple[int, Fraction, list[Fraction]]:
    """The deal sold at a table of ``players`` (``dealer`` holding it): every player bids
    (``bid_of``), from the dealer's left, the dealer last; the buyer, the price, and each
    player's net from the sale.

    :raises InvalidBidError: for a bid the auction refuses (:func:`check_bid`).
    """
    order = [(dealer + 1 + k) % players for k in range(players)]
    won, price = sell_deal([check_bid(rules, bid_of(who)) for who in order])
    buyer = order[won]
    return buyer, price, price_shares(price, players, buyer)


def sell_deal(bids: Sequence[Fraction | int]) -> tuple[int, Fraction]:
    """The winner of an auction and the price: ``bids`` in order from the dealer's left, the
    highest winning, of equal bids the first (nearest the dealer's left).

    :raises InvalidBidError: for no bids, or a bid below nothing.
    """
    if not bids:
        raise InvalidBidError("an auction needs at least one bid")
    amounts = [Fraction(bid) for bid in bids]
    if min(amounts) < 0:
        raise InvalidBidError(f"a bid for the deal is 0 or more, not {min(amounts)}")
    price = max(amounts)
    return amounts.index(price), price


def price_shares(price: Fraction, players: int, buyer: int) -> list[Fraction]:
    """Each player's net from the sale: the buyer pays ``price``, shared equally among the
    ``players - 1`` others (chips are conserved: the shares add up to 0)."""
    if players < 2 or not 0 <= buyer < players:
        raise ValueError(f"players: a sale needs the buyer among 2 or more, not {players}")
    share = price / (players - 1)
    return [-price if seat == buyer else share for seat in range(players)]


def sold_to(price: Fraction | None, players: int, buyer: int | None, player: int = 0) -> Fraction:
    """What ``player`` (at a table of ``players``) paid for a deal sold to ``buyer`` for
    ``price`` (−), or got of the price (+); nothing where the deal was not sold (``None``)."""
    if price is None or buyer is None:
        return Fraction(0)
    return price_shares(price, players, buyer)[player]
