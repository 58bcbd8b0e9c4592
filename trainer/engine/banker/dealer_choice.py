"""A dealing player's draws: what drawing and standing are worth to the bank, as he sees it.

Where a player deals and banks and "draws as he likes" (002 home: "сдатчик может действовать
по своему усмотрению"; 004: the banker may draw "как для понтеров, так и для банкомета", at
most three cards), the round stops at his turn (``Round(..., dealer_decides=True)``). This
module prices his choice: the bank's expected net, in money, of standing now (``"S"``) and of
drawing one card and then choosing best (``"H"``), against every hand still standing, each
settled by the engine's own :func:`~trainer.engine.play.settlement.settle_hand` (ties, bonus hands,
a busted banker paying double: the rules' payouts).

What the dealer knows: his own cards, every card shown to the table, and the cards he has not
seen (``unseen``: by value, ``1`` the ace to ``10`` the tens). His own draws come from the
unseen cards one by one, exactly (each card drawn leaves the rest). A punter's face-down card
(002's first card) is one of the unseen cards, weighted by how many of each are left and
conditioned on what the table saw: the hand did not bust (a bust is shown and paid at once)
and, with two cards, is not a natural (shown at once too). Two approximations, named here
because they are approximations: a face-down card is drawn from the unseen cards as the
dealer's draws are, independently of them and of the other punters' face-down cards; and the
punter's own choices (he drew or stood knowing that card) tell the dealer nothing more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from trainer.engine.deck.cards import Card
from trainer.engine.play.settlement import hand_total, is_natural, settle_hand
from trainer.engine.rulebook.rules import Rules

__all__ = ["StandingHand", "draw_evs", "unseen_values"]

VALUES = range(1, 11)
# One card of each value, to settle against (suits and the ten ranks do not change a payout).
_CARD = {value: Card.parse(("A23456789T")[value - 1] + "S") for value in VALUES}


@dataclass(frozen=True)
class StandingHand:
    """A punter's hand the dealer plays against: the cards he sees, how many are face down,
    the stake, and whether it came from a split."""

    shown: tuple[Card, ...]
    hidden: int
    stake: Fraction
    split: bool = False


def unseen_values(rules: Rules, seen: Sequence[Card]) -> tuple[int, ...]:
    """How many cards of each value (ace first, tens last) the pack holds beside ``seen``."""
    counts = [4 * rules.decks] * 9 + [16 * rules.decks]
    for card in seen:
        counts[card.value - 1] -= 1
    return tuple(max(0, count) for count in counts)


def _dealer_cards(total: int) -> tuple[Card, ...]:
    """Cards making ``total`` (no natural), to settle a hand against a dealer's final total."""
    if total > 21:
        return (_CARD[10], _CARD[10], _CARD[total - 20 if total < 31 else 10])
    if total >= 13:
        return (_CARD[10], _CARD[2], _CARD[total - 12]) if total > 13 else (_CARD[10], _CARD[3])
    return (_CARD[2], _CARD[total - 2]) if total >= 4 else (_CARD[2], _CARD[2])


def _hand_options(
    hand: StandingHand, unseen: tuple[int, ...]
) -> list[tuple[tuple[Card, ...], Fraction]]:
    """The hand's possible cards with their weights, its face-down cards from ``unseen``."""
    if hand.hidden == 0:
        return [(hand.shown, Fraction(1))]
    options: list[tuple[tuple[Card, ...], Fraction]] = []
    for value in VALUES:  # one face-down card (002's first): the texts deal no more
        cards = (_CARD[value], *hand.shown)
        if not unseen[value - 1] or hand_total(cards) > 21:
            continue
        if len(cards) == 2 and is_natural(cards, split=hand.split):
            continue
        options.append((cards, Fraction(unseen[value - 1])))
    total = sum((weight for _, weight in options), Fraction(0))
    return [(cards, weight / total) for cards, weight in options] if total else []


def draw_evs(
    rules: Rules,
    dealer: Sequence[Card],
    hands: Sequence[StandingHand],
    unseen: tuple[int, ...],
) -> dict[str, float]:
    """The bank's expected net, in money, of standing (``"S"``) and of drawing (``"H"``) now.

    :raises ValueError: when the dealer may not draw (21 or more, or ``max_draws`` drawn).
    """
    start = tuple(card.value for card in dealer)
    limit = rules.max_draws
    if hand_total(dealer) >= 21 or (limit is not None and len(dealer) - 2 >= limit):
        raise ValueError("dealer: the dealer may not draw now (21 or more, or max_draws drawn)")
    options = [_hand_options(hand, unseen) for hand in hands]

    @lru_cache(maxsize=64)
    def stand(total: int) -> float:
        cards = _dealer_cards(total)
        bank = Fraction(0)
        for hand, chances in zip(hands, options, strict=True):
            for held, chance in chances:
                settled = settle_hand(
                    rules, held, cards, hand.stake, split=hand.split, dealer_natural=False
                )
                bank -= chance * settled.net
        return float(bank)

    @lru_cache(maxsize=8192)
    def best(drawn: tuple[int, ...]) -> float:
        total = _total((*start, *drawn))
        if total >= 21 or (limit is not None and len(start) + len(drawn) - 2 >= limit):
            return stand(total)
        return max(stand(total), draw(drawn))

    def draw(drawn: tuple[int, ...]) -> float:
        left = list(unseen)
        for value in drawn:
            left[value - 1] -= 1
        cards = sum(left)
        return sum(
            count / cards * best(tuple(sorted((*drawn, value))))
            for value, count in zip(VALUES, left, strict=True)
            if count > 0
        )

    return {"S": stand(_total(start)), "H": draw(())}


def _total(values: Sequence[int]) -> int:
    hard = sum(values)
    return hard + 10 if 1 in values and hard <= 11 else hard
