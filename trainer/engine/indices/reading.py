"""The EVs at the count a player reads: with the cards on the table counted.

A player deciding a hand reads a count that already holds the tags of the up card and of the
hand's own cards; the shoe those cards were dealt from held a count without them. The
indices take the count as the player reads it (:mod:`.table`), and so do the drills: the EVs
they show at a count are the exact EVs on the shoe the hand was dealt from
(:func:`~.shoes.composition_at` at the read count less the seen cards' share of it), with the
hand and the up card taken out of it.

    evs_as_read(rules, hilo, 2, Hand.parse("TS 6H"), Card.parse("TD"))  # {Action.STAND: ..}
    insurance_as_read(rules, hilo, 3, Hand.parse("9S 7H"))               # the bet's EV at +3
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from trainer.engine.counting import CountingSystem
from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.engine.indices.shoes import (
    action_evs_at,
    composition_at,
    insurance_ev,
    reference_cards_left,
)
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import Action

__all__ = ["evs_as_read", "insurance_as_read", "seen_shift"]


def _tag(system: CountingSystem, card: Card) -> float:
    """A card's tag; a card whose tag is its colour's and has no suit counts the mean."""
    if card.suit is not None or not system.suit_matters:
        return float(system.tag(card))
    red = system.red_tags or system.tags
    index = card.value - 1
    return float(system.tags[index] + red[index]) / 2.0


def seen_shift(
    rules: Rules, system: CountingSystem, cards: Iterable[Card], cards_left: float | None = None
) -> float:
    """How much ``cards`` (on the table, seen) add to the count the player reads: their tags,
    per deck of ``cards_left`` (by default the reference depth) for a balanced system."""
    seen = sum(_tag(system, card) for card in cards)
    if not system.balanced:
        return seen
    left = reference_cards_left(rules) if cards_left is None else cards_left
    return seen * 52.0 / left


def _text(cards: Iterable[Card]) -> str:
    return "".join("T" if card.value == 10 else card.rank.symbol for card in cards)


def evs_as_read(
    rules: Rules,
    system: CountingSystem,
    count: Fraction | int | float,
    hand: Hand,
    up: Card,
    cards_left: float | None = None,
) -> dict[Action, float]:
    """The EV of every legal action of ``hand`` against ``up`` when the player reads
    ``count`` (true for a balanced system, running otherwise) with these cards counted, with
    ``cards_left`` in the shoe before they were dealt (by default the reference depth).

    :raises CountOutOfRangeError: when no shoe at that depth reaches the count.
    """
    shift = seen_shift(rules, system, [*hand.cards, up], cards_left)
    return action_evs_at(
        rules, system, float(count) - shift, _text(hand.cards), _text([up]), cards_left
    )


def insurance_as_read(
    rules: Rules,
    system: CountingSystem,
    count: Fraction | int | float,
    hand: Hand,
    cards_left: float | None = None,
) -> float:
    """The EV of the insurance bet (half the stake, paying 2:1) against an ace when the player
    reads ``count`` with the ace and ``hand`` counted (as :func:`evs_as_read`): the hand's own
    cards are out of the shoe.

    :raises CountOutOfRangeError: when no shoe at that depth reaches the count.
    """
    ace = Card.parse("A")
    shift = seen_shift(rules, system, [*hand.cards, ace], cards_left)
    composition = list(composition_at(rules, system, float(count) - shift, cards_left))
    for card in hand.cards:
        composition[card.value - 1] = max(composition[card.value - 1] - 1.0, 0.0)
    return insurance_ev(tuple(composition))
