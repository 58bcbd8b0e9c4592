"""A punter's stake on cards he has seen (002 home, 004): what the cards are worth, and the
stake the bet ramp's own Kelly rule makes of it.

Where the players deal, a punter stakes after the deal has begun, so his stake is made on his
cards, not on a count:

- 004 (``bet_after_deal``): "Каждый понтер ставит какую ему угодно сумму денег", after his
  two cards. As the text deals it (``deal_faces = all-down``) no banker card is shown: the
  stake's edge is his two cards' EV alone, played by the chart of one column against the
  banker who plays his best (:func:`trainer.engine.banker.face_down.fixed_point`, its
  approximation named there). With the banker's first card face up (``deal_faces = casino``)
  it is the strategy engine's EV of his two cards against that card, played best for the
  exact cards (:meth:`~trainer.engine.strategy.ev.UpCardAnalysis.initial`). Either is made
  unconditional: the banker looks after the stakes, and his dealt 21 takes them all.
- 002 home (deal method 3): each player stakes after his first card, face down; the dealer's
  first card is unknown to him. The edge is his card's expected result against each first card
  the dealer may hold (each as likely as the pack less his card holds it): not doubled
  (:func:`trainer.engine.banker.doubling.punter_ev`) with the chance the dealer leaves the bets
  on it, doubled (:func:`~trainer.engine.banker.doubling.doubled_punter_ev`, counted twice, and
  four times where the punter's card is one worth redoubling on,
  :func:`~trainer.engine.banker.doubling.redoubled_ev` above 0) with the chance he doubles
  (:func:`~trainer.engine.banker.doubling.doubling_chance`): a stake is worth what it will
  become.

The stake is the ramp's (:func:`trainer.engine.indices.edge.kelly_bet`): the Kelly fraction
of the risk of ruin chosen, times the bankroll, times the edge, over the mean square of a
unit's result, in units of the table minimum, at least one, at most the table maximum. The
ramp divides by the variance, as the edges of a count are small; a punter's cards can be
worth more than the stake itself (a dealt 21 at 004 is paid double), where the variance alone
would stake past the full Kelly bet, so the mean square (the variance plus the edge squared:
Kelly's rule to second order, ``f = mean / mean square``) is used. The variance is the ramp's
per round, times the mean square of the multiple at 002. The approximations, named: the pack
is taken full less the punter's own cards and the banker's face-up card (the cards gone
earlier in the pack are not counted, as the strategy engine's plays do not count them);
002's figures carry those of :mod:`trainer.engine.banker.doubling`; the variance is the casino
game's, but for a dealt 21 at 004, whose two outcomes (paid, or lost to the banker's dealt 21)
make it exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from trainer.engine.banker.doubling import (
    doubled_punter_ev,
    doubling_cards,
    doubling_chance,
    punter_ev,
    redoubled_ev,
)
from trainer.engine.banker.face_down import face_down_game, fixed_point
from trainer.engine.deck.cards import Card
from trainer.engine.indices.edge import ROUND_VARIANCE, kelly_bet
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe
from trainer.engine.strategy.ev import Action, UpCardAnalysis

__all__ = ["StakeEdge", "stake_edge", "kelly_stake", "stakes_on_cards"]

_PLAYS = frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER})


def stakes_on_cards(rules: Rules) -> int:
    """How many of his own cards a punter has seen when he stakes: 2 (004), 1 (002 home's
    deal method 3), 0 (the stake comes before the deal)."""
    if rules.bet_after_deal:
        return 2
    return 1 if rules.deal_method == 3 else 0


@dataclass(frozen=True)
class StakeEdge:
    """What a unit staked is worth: its expected result and the variance of that result."""

    edge: float
    variance: float

    @property
    def second_moment(self) -> float:
        """The mean square of the result: what Kelly's rule divides the edge by, so that a
        large edge (a dealt 21 at 004, paid double) is not staked past the full Kelly bet."""
        return self.variance + self.edge * self.edge


@lru_cache(maxsize=64)
def _analysis(rules: Rules, up: int) -> UpCardAnalysis:
    return UpCardAnalysis(rules, full_shoe(rules.decks), up)


def _two_cards(rules: Rules, cards: tuple[Card, ...], up: Card | None) -> StakeEdge:
    hidden = face_down_game(rules)
    if len(cards) != 2 or (up is None) != hidden:
        shown = "no banker card shown" if hidden else "the banker's up card shown"
        raise ValueError(f"deal_faces: a punter at 004 stakes on his two cards, {shown}")
    a, b = sorted(card.value for card in cards)
    if hidden or up is None:
        edge = fixed_point(rules).two_card_ev(rules, (a, b))
    else:
        analysis = _analysis(rules, up.value)
        evs = analysis.initial(a, b)
        best = max(ev for action, ev in evs.items() if action in _PLAYS)
        edge = analysis.unconditional(a, b, best)
    if (a, b) != (1, 10):
        return StakeEdge(edge, ROUND_VARIANCE)
    # A dealt 21 is not played: it wins its payout ``pays`` or loses the stake to the banker's
    # own dealt 21, so its variance is exact: the chance of losing is (pays - edge) / (pays + 1).
    pays = float(rules.blackjack_pays)
    lose = (pays - edge) / (pays + 1)
    return StakeEdge(edge, pays * pays * (1 - lose) + lose - edge * edge)


def _first_card(rules: Rules, first: Card) -> StakeEdge:
    left = list(full_shoe(rules.decks))
    left[first.value - 1] -= 1
    total = sum(left)
    redoubles = bool(doubling_cards(rules)) and redoubled_ev(rules, first.value) > 0
    times = 4 if redoubles else 2
    edge = square = 0.0
    for dealer in range(1, 11):
        if left[dealer - 1] <= 0:
            continue
        weight = left[dealer - 1] / total
        chance = doubling_chance(rules, dealer)
        if chance < 1:
            edge += weight * (1 - chance) * punter_ev(rules, first.value, dealer)
        if chance > 0:
            edge += weight * chance * times * doubled_punter_ev(rules, first.value, dealer)
        square += weight * ((1 - chance) + chance * times * times)
    return StakeEdge(edge, ROUND_VARIANCE * square)


def stake_edge(rules: Rules, cards: tuple[Card, ...], up: Card | None = None) -> StakeEdge:
    """What a unit staked on ``cards`` is worth (module doc): 004's two cards (against the
    banker's up card ``up`` where one is shown), or 002's first card.

    :raises ValueError: naming the rule, where these rules take no stake on cards seen, or
        for the wrong number of cards.
    """
    seen = stakes_on_cards(rules)
    if seen == 0:
        raise ValueError("bet_after_deal: these rules take every stake before the deal")
    if seen == 2:
        return _two_cards(rules, cards, up)
    if len(cards) != 1 or up is not None:
        raise ValueError("deal_method: a punter at 002 stakes on his first card alone")
    return _first_card(rules, cards[0])


def kelly_stake(rules: Rules, edge: StakeEdge, bankroll: Fraction, risk: float) -> Fraction:
    """The ramp's stake for ``edge`` (module doc)."""
    return kelly_bet(rules, edge.edge, bankroll, risk, variance=edge.second_moment)
