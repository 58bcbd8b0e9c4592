"""Cards: ranks, suits and a text notation that round-trips.

``Card.parse("TH")`` is the ten of hearts, ``Card.parse("10")`` and ``Card.parse("T")`` an
unsuited ten (blackjack mostly cares about ranks), ``Card.parse("qs")`` the queen of spades.
``str(card)`` gives the notation back and ``repr(card)`` the parse call.

A shoe composition, for counting and probability maths, is a tuple of ten counts indexed by
``value - 1``: aces first, then twos to nines, then every ten-value card (``RANK_VALUES``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

__all__ = [
    "RANK_VALUES",
    "Card",
    "InvalidCardError",
    "Rank",
    "Suit",
    "composition_of",
    "pack",
]

# The ten blackjack values a composition is indexed by (value - 1): ace, 2..9, ten-value.
RANK_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


class InvalidCardError(ValueError):
    """The text is not a card (or hand) in the card notation."""


_BLACKJACK_VALUES = {
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "J": 10,
    "Q": 10,
    "K": 10,
    "A": 1,
}


class Rank(Enum):
    """A card rank; ``rank.symbol`` is its one-letter notation, ``rank.value`` its blackjack value.

    The ace's ``value`` is 1 (a hand counts it 11 where that does not bust).
    """

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    def __init__(self, symbol: str) -> None:
        self.symbol = symbol
        self._points = _BLACKJACK_VALUES[symbol]

    @property
    def value(self) -> int:  # type: ignore[override]
        """The blackjack value: 2..9, ten for T J Q K, 1 for the ace."""
        return self._points

    @property
    def label(self) -> str:
        """The rank as people write it: ``"10"`` for the ten, otherwise the symbol."""
        return "10" if self.symbol == "T" else self.symbol

    @property
    def is_ace(self) -> bool:
        return self.symbol == "A"

    @property
    def is_ten_value(self) -> bool:
        return self._points == 10

    @classmethod
    def parse(cls, text: str) -> Rank:
        """``"T"``, ``"10"``, ``"q"`` -> the rank.

        :raises InvalidCardError: when the text is not a rank.
        """
        key = text.strip().upper()
        if key == "10":
            key = "T"
        try:
            return cls(key)
        except ValueError:
            raise InvalidCardError(
                f"{text!r} is not a rank (use A 2 3 4 5 6 7 8 9 T/10 J Q K)"
            ) from None


class Suit(Enum):
    """A card suit, by its notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return str(self._value_)

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red (Red 7 counts red sevens only)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SIGNS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

# One card: a rank (10 or a letter/digit) then an optional suit letter.
CARD_PATTERN = r"(10|[2-9TJQKA])([SHDC♠♥♦♣])?"
_CARD_RE = re.compile(CARD_PATTERN, re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; the suit may be left out where only the rank matters."""

    rank: Rank
    suit: Suit | None = None
    # Cached for the hot paths of hand totals and counting.
    value: int = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            raise InvalidCardError(f"a card's rank must be a Rank, not {self.rank!r}")
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise InvalidCardError(f"a card's suit must be a Suit or None, not {self.suit!r}")
        object.__setattr__(self, "value", self.rank.value)
        object.__setattr__(self, "_hash", hash((self.rank.symbol, self.suit and self.suit.symbol)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"TH"``, ``"10H"``, ``"10"``, ``"A"``, ``"qs"`` (any case).

        :raises InvalidCardError: when the text is not exactly one card.
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"a card must be given as text, not {text!r}")
        key = text.strip()
        cached = _PARSED.get(key)
        if cached is not None:
            return cached
        match = _CARD_RE.fullmatch(key)
        if match is None:
            raise InvalidCardError(
                f"{text!r} is not a card: a rank (A 2-9 T/10 J Q K) and an optional suit (S H D C)"
            )
        return _card_from_match(match)

    def __str__(self) -> str:
        return self.rank.symbol + (self.suit.symbol if self.suit is not None else "")

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def label(self) -> str:
        """The card as the replay format writes it: ``"10H"``, ``"10"``, ``"A"``."""
        return self.rank.label + (self.suit.symbol if self.suit is not None else "")

    @property
    def is_ace(self) -> bool:
        return self.value == 1

    @property
    def is_ten_value(self) -> bool:
        return self.value == 10

    @property
    def unsuited(self) -> Card:
        """The same rank without a suit."""
        return self if self.suit is None else _UNSUITED[self.rank]


def _card_from_match(match: re.Match[str]) -> Card:
    rank_text, suit_text = match.group(1).upper(), match.group(2)
    rank = Rank("T" if rank_text == "10" else rank_text)
    if suit_text is None:
        return _UNSUITED[rank]
    suit = Suit(_SUIT_SIGNS.get(suit_text, suit_text.upper()))
    return _SUITED[rank, suit]


_UNSUITED: dict[Rank, Card] = {rank: Card(rank) for rank in Rank}
_SUITED: dict[tuple[Rank, Suit], Card] = {
    (rank, suit): Card(rank, suit) for suit in Suit for rank in Rank
}
# Parse cache for the common spellings (exact text, as typed in scenarios and tests).
_PARSED: dict[str, Card] = {}
for _card in (*_UNSUITED.values(), *_SUITED.values()):
    for _text in {str(_card), _card.label, str(_card).lower(), _card.label.lower()}:
        _PARSED[_text] = _card

# One 52-card pack in the fixed order: spades, hearts, diamonds, clubs; two up to ace in each.
_ONE_PACK: tuple[Card, ...] = tuple(_SUITED[rank, suit] for suit in Suit for rank in Rank)


def pack(decks: int) -> list[Card]:
    """``decks`` x 52 suited cards in a fixed order (by suit, then two up to ace), pack after pack.

    :raises ValueError: when ``decks`` is below 1.
    """
    if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
        raise ValueError(f"decks must be a whole number of at least 1, not {decks!r}")
    return list(_ONE_PACK) * decks


def composition_of(cards: Iterable[Card]) -> tuple[int, ...]:
    """Ten counts by value (ace first, ten-value last) of an iterable of cards."""
    counts = [0] * 10
    for card in cards:
        counts[card.value - 1] += 1
    return tuple(counts)
