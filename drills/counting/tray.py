"""The discard tray drawn to scale, beside the true-count questions.

A drill's tray (:func:`tray_for`) holds a number of cards; the table's (:func:`tray_of`) is the
table's actual discard pile, the cards burned since the shuffle and every card discarded since,
so the stack drawn is as high as those cards are (burned cards included, as a casino's tray
holds them). The drawing is a height to scale: one deck's height beside it, a faint edge every
13 cards; the cards' faces are not drawn (a tray is seen edge on)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from drills.counting.notation import CARDS_PER_DECK
from trainer.engine.deck.cards import Card

# -- the discard tray ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TrayView:
    """A discard tray drawn to scale: a tray that holds the whole shoe, with a one-deck stack
    beside it for reference. Lengths are SVG user units."""

    decks: int
    played: int
    width: int = 220
    height: int = 180
    tray_x: int = 20
    tray_width: int = 110
    ref_x: int = 160
    ref_width: int = 44
    top: int = 12

    @property
    def bottom(self) -> int:
        return self.height - 14

    @property
    def inner(self) -> int:
        return self.bottom - self.top

    def _span(self, cards: int) -> Fraction:
        return Fraction(self.inner * cards, self.decks * CARDS_PER_DECK)

    @property
    def stack_height(self) -> str:
        return _svg_number(self._span(self.played))

    @property
    def stack_y(self) -> str:
        return _svg_number(self.bottom - self._span(self.played))

    @property
    def deck_height(self) -> str:
        return _svg_number(self._span(CARDS_PER_DECK))

    @property
    def deck_y(self) -> str:
        return _svg_number(self.bottom - self._span(CARDS_PER_DECK))

    @property
    def edges(self) -> list[str]:
        """The y of a faint line every 13 cards of the stack, like card edges."""
        return [
            _svg_number(self.bottom - self._span(cards)) for cards in range(13, self.played, 13)
        ]


def _svg_number(value: Fraction) -> str:
    return f"{float(value):.2f}"


def tray_for(decks: int, played: int) -> TrayView:
    return TrayView(decks=decks, played=played)


def tray_of(decks: int, pile: Sequence[Card]) -> TrayView:
    """The tray of a ``decks``-deck shoe holding ``pile``, the actual discards (with the burned
    cards): drawn as high as those cards stand."""
    return TrayView(decks=decks, played=len(pile))
