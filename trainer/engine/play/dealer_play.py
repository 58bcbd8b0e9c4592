"""The dealer's play: whether any hand still waits for him, and his draws.

The dealer draws below ``dealer_stands_on`` (hitting soft 17 with ``dealer_hits_soft_17``),
never more than ``max_draws`` cards where that is set (004: "at most three cards", for the
banker too), and not at all when every hand is settled already (busts, surrenders, paid
naturals).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from trainer.engine.banker.face_down import banker_draws
from trainer.engine.deck.cards import Card
from trainer.engine.play.boxes import Box, HandInPlay
from trainer.engine.play.settlement import is_natural
from trainer.engine.rulebook.rules import Rules

__all__ = ["dealer_draws", "needs_dealer", "punters_seen", "waits_for_dealer"]


def needs_dealer(hand: HandInPlay) -> bool:
    """Whether the hand still stands against the dealer's draws.

    The texts settle busts and naturals at once (and a surrender gives up the hand); every
    other hand, a bonus 21 too, is a standing hand the dealer plays against.
    """
    if hand.surrendered or hand.hard > 21 or len(hand.cards) < 2:
        return False
    return not is_natural(hand.cards, split=hand.split)


def waits_for_dealer(boxes: Iterable[Box]) -> bool:
    """Whether any hand on a box still in the round stands against the dealer."""
    return any(needs_dealer(hand) for box in boxes if not box.withdrawn for hand in box.hands)


def punters_seen(boxes: Iterable[Box]) -> list[tuple[float, int]]:
    """What 004's banker sees of each punter still standing, every card face down: the stake
    and how many cards he drew (a dealt 21 is not shown: it stands, no card drawn)."""
    seen = []
    for box in boxes:
        if box.withdrawn:
            continue
        for hand in box.hands:
            if hand.surrendered or hand.hard > 21 or len(hand.cards) < 2:
                continue
            seen.append((float(hand.stake), len(hand.cards) - 2))
    return seen


def dealer_draws(
    rules: Rules,
    dealer: HandInPlay,
    draw: Callable[[], Card],
    boxes: Iterable[Box] = (),
) -> None:
    """The dealer draws to his hand by the rules until he must stand; 004's banker who plays
    his best (``banker_best``) draws as best serves the bank against ``boxes``, as he sees them
    (:func:`trainer.engine.banker.face_down.banker_draws`)."""
    if rules.banker_best:
        punters = punters_seen(boxes)
        while banker_draws(rules, tuple(card.value for card in dealer.cards), punters):
            dealer.add(draw())
        return
    stands_on = rules.dealer_stands_on
    hits_soft_17 = rules.dealer_hits_soft_17
    limit = rules.max_draws
    while True:
        total = dealer.total
        if limit is not None and len(dealer.cards) - 2 >= limit:
            return
        if total < stands_on or (total == 17 and hits_soft_17 and dealer.soft):
            dealer.add(draw())
        else:
            return
