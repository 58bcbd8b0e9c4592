"""How often a hand meets an index's cell: exactly, from the rules' deal.

The chance that a round's first hand is dealt the cell of an index play (the player's first two
cards and the dealer's up card, off the top of the rules' full shoe, every card's removal
counted), as a :class:`~fractions.Fraction`:

- a hard or soft total: its two-card hands (a pair is its own cell: 8-8 is not a hard 16);
- a pair: the pair's two cards; where pairs split by rank, a ten-value pair of one rank only
  (a king and a queen are a hard 20);
- insurance: the up card an ace (every hand, before the dealer looks).

In a game where the dealer peeks under a ten or an ace, no decision is made against a natural:
the chance of one, given the cards seen, is taken out. What is left out: hands reached after
hitting (a 16 of three cards against a 10) and split hands; for a stand or hit index on a hard
total they add about as much again (``docs/your-game.md`` gives the figures), so the chance here
is the round's first decision's, not every decision's.
"""

from __future__ import annotations

from fractions import Fraction

from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe

__all__ = ["cell_chance", "two_card_hands"]

TEN_RANKS = 4  # ten, jack, queen, king


def two_card_hands(hand: str) -> list[tuple[int, int]]:
    """The two-card hands (values 1..10, the lower first) of an index table's hand: ``"hard
    16"``, ``"soft 18"``, ``"8-8"``, ``"A-A"``; none for ``"insurance"``."""
    if hand == "insurance":
        return []
    if " " not in hand:
        first = hand.split("-")[0]
        card = 1 if first == "A" else int(first)
        return [(card, card)]
    section, row = hand.split(" ")
    total = int(row)
    if section == "soft":
        return [(1, total - 11)] if 13 <= total <= 21 else []
    return [(a, total - a) for a in range(2, 11) if a < total - a <= 10]


def _up_value(dealer: str) -> int:
    return 1 if dealer == "A" else int(dealer)


def _same_ten_rank(decks: int, up: int) -> Fraction:
    """Of two ten-value cards dealt after the up card, the chance they are of one rank (the
    up card, if a ten-value, one of the four ranks alike)."""
    per_rank = 4 * decks
    shares: list[tuple[Fraction, list[int]]] = []
    if up == 10:
        for taken in range(TEN_RANKS):
            counts = [per_rank - (rank == taken) for rank in range(TEN_RANKS)]
            shares.append((Fraction(1, TEN_RANKS), counts))
    else:
        shares.append((Fraction(1), [per_rank] * TEN_RANKS))
    chance = Fraction(0)
    for share, counts in shares:
        tens = sum(counts)
        chance += share * Fraction(sum(n * (n - 1) for n in counts), tens * (tens - 1))
    return chance


def _no_natural(rules: Rules, shoe: list[int], up: int) -> Fraction:
    """The chance the dealer has no natural, given the cards out of ``shoe`` already (1 where
    the dealer does not peek or the up card makes none)."""
    if rules.hole_card != "peek" or up not in (1, 10):
        return Fraction(1)
    other = 10 if up == 1 else 1
    return 1 - Fraction(shoe[other - 1], sum(shoe))


def cell_chance(rules: Rules, hand: str, dealer: str) -> Fraction:
    """The chance that a round's first hand meets the cell (``"hard 16"``, ``"10"``), or that
    insurance is offered (``"insurance"``, ``"A"``): see the module's note for what counts."""
    shoe = list(full_shoe(rules.decks))
    up = _up_value(dealer)
    if hand == "insurance":
        return Fraction(shoe[0], sum(shoe)) if rules.insurance and up == 1 else Fraction(0)
    chance_up = Fraction(shoe[up - 1], sum(shoe))
    shoe[up - 1] -= 1
    chance = Fraction(0)
    for a, b in two_card_hands(hand):
        rest = list(shoe)
        left = sum(rest)
        first = Fraction(rest[a - 1], left)
        rest[a - 1] -= 1
        second = Fraction(rest[b - 1], left - 1)
        rest[b - 1] -= 1
        dealt = first * second * (1 if a == b else 2)
        if a == b == 10 and rules.split_by == "rank":
            dealt *= _same_ten_rank(rules.decks, up)
        chance += dealt * _no_natural(rules, rest, up)
    return chance_up * chance
