"""Hands and situations: totals, softness, pairs, and their text notation.

``Hand.parse("A7")`` is soft 18; ``Hand.parse("T65")``, ``Hand.parse("10 6 5")`` and
``Hand.parse("AS KD")`` work too. ``Situation.parse("A7v6")`` is that hand against a dealer six,
the notation basic strategy questions use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from trainer.engine.deck.cards import CARD_PATTERN, Card, InvalidCardError

__all__ = ["Hand", "InvalidHandError", "Situation"]


class InvalidHandError(InvalidCardError):
    """The text is not a hand or situation in the card notation."""


_TOKEN_RE = re.compile(r"\s*[,\-]?\s*" + CARD_PATTERN, re.IGNORECASE)
_VERSUS_RE = re.compile(r"\s*(?:vs\.?|v)\s*", re.IGNORECASE)


def _parse_cards(text: str, what: str) -> tuple[Card, ...]:
    """Every card in ``text`` (separators: none, spaces, commas or hyphens)."""
    if not isinstance(text, str):
        raise InvalidHandError(f"{what} must be given as text, not {text!r}")
    cards: list[Card] = []
    position = 0
    stripped = text.strip()
    while position < len(stripped):
        match = _TOKEN_RE.match(stripped, position)
        if match is None:
            raise InvalidHandError(
                f"{text!r} is not {what}: cannot read {stripped[position:]!r} as a card "
                "(ranks A 2-9 T/10 J Q K, optional suit S H D C)"
            )
        cards.append(Card.parse(match.group(0).strip(" ,-")))
        position = match.end()
    if not cards:
        raise InvalidHandError(f"{text!r} is not {what}: it has no cards")
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Hand:
    """The cards of one hand, in the order dealt. Immutable: ``add`` returns a new hand."""

    cards: tuple[Card, ...] = ()
    # Cached on construction: the total with every ace counted 1, and whether there is an ace.
    hard_total: int = field(init=False, repr=False, compare=False)
    has_ace: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = self.cards
        if not isinstance(cards, tuple):
            cards = tuple(cards)
            object.__setattr__(self, "cards", cards)
        hard = 0
        ace = False
        for card in cards:
            if not isinstance(card, Card):
                raise InvalidHandError(f"a hand holds cards, not {card!r}")
            hard += card.value
            if card.value == 1:
                ace = True
        object.__setattr__(self, "hard_total", hard)
        object.__setattr__(self, "has_ace", ace)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read ``"A7"``, ``"T65"``, ``"10 6 5"``, ``"AS KD"``, ``"A,7"``.

        :raises InvalidHandError: when the text is empty or holds something that is not a card.
        """
        return cls(_parse_cards(text, "a hand"))

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        """A hand of these cards."""
        return cls(tuple(cards))

    def __str__(self) -> str:
        if any(card.suit is not None for card in self.cards):
            return " ".join(str(card) for card in self.cards)
        return "".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def add(self, card: Card) -> Hand:
        """This hand with one more card."""
        return Hand((*self.cards, card))

    @property
    def total(self) -> int:
        """The best total: one ace counts 11 where that does not bust the hand."""
        hard = self.hard_total
        if self.has_ace and hard <= 11:
            return hard + 10
        return hard

    @property
    def is_soft(self) -> bool:
        """An ace is counted as 11 in the total."""
        return self.has_ace and self.hard_total <= 11

    @property
    def is_bust(self) -> bool:
        return self.hard_total > 21

    @property
    def is_two_card_21(self) -> bool:
        """Two cards making 21 (an ace and a ten-value card): a natural where the rules say so."""
        return len(self.cards) == 2 and self.has_ace and self.hard_total == 11

    @property
    def is_pair(self) -> bool:
        """Two cards of the same rank (K-K, not K-Q)."""
        return len(self.cards) == 2 and self.cards[0].rank is self.cards[1].rank

    @property
    def is_value_pair(self) -> bool:
        """Two cards of the same value (K-Q counts)."""
        return len(self.cards) == 2 and self.cards[0].value == self.cards[1].value


@dataclass(frozen=True, slots=True)
class Situation:
    """A player's hand against the dealer's up card: ``"A7v6"``."""

    hand: Hand
    up: Card

    @classmethod
    def parse(cls, text: str) -> Situation:
        """Read ``"A7v6"``, ``"T6 v A"``, ``"88 vs T"``.

        :raises InvalidHandError: when there is no ``v`` or either side is not cards.
        """
        if not isinstance(text, str):
            raise InvalidHandError(f"a situation must be given as text, not {text!r}")
        parts = _VERSUS_RE.split(text.strip())
        if len(parts) != 2:
            raise InvalidHandError(
                f"{text!r} is not a situation: write the hand, 'v', then the up card (A7v6)"
            )
        hand = Hand(_parse_cards(parts[0], "a hand"))
        up = _parse_cards(parts[1], "an up card")
        if len(up) != 1:
            raise InvalidHandError(f"{text!r} is not a situation: the dealer shows one card")
        return cls(hand, up[0])

    def __str__(self) -> str:
        if self.up.suit is not None or any(card.suit is not None for card in self.hand):
            return f"{self.hand} v {self.up}"
        return f"{self.hand}v{self.up}"

    def __repr__(self) -> str:
        return f"Situation.parse({str(self)!r})"
