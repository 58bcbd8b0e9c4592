"""The discard tray drawn to scale, beside the true-count questions.

A drill's tray (:func:`tray_for`) holds a number of cards, drawn as one stack with a faint edge
every 13 cards. The table's (:func:`tray_of`) is the table's actual discard pile as it was
filled: the cards burned at the shuffle, then each round's cards as the dealer picked them up,
each pickup drawn as a layer as high as its cards, a little askew as a dealer's pickups lie
(the shift read from the layer's own cards, so a replay draws it alike), no 13-card edges. Both
are to scale beside one deck's height; the cards' faces are not drawn (a tray is seen edge
on)."""

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
    # The table's: each layer of the pile (its cards, and its shift left or right), oldest first.
    layers: tuple[tuple[int, int], ...] = ()

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
    def slabs(self) -> list[tuple[str, str, str]]:
        """Each layer of the pile as drawn, oldest (lowest) first: its x, y and height."""
        drawn, below = [], 0
        for cards, shift in self.layers:
            below += cards
            x = _svg_number(Fraction(self.tray_x + 6 + shift))
            y = _svg_number(self.bottom - self._span(below))
            drawn.append((x, y, _svg_number(self._span(cards))))
        return drawn

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


# How far a layer may lie off square, each way (SVG units: the tray is 110 wide).
_ASKEW = 2


def tray_of(decks: int, layers: Sequence[Sequence[Card]]) -> TrayView:
    """The tray of a ``decks``-deck shoe holding the actual pile, as it was filled (``layers``:
    the burned cards, then each pickup): drawn as high as those cards stand, layer by layer,
    each shifted by its own cards' values."""
    shifted = tuple(
        (len(layer), sum(card.value for card in layer) % (2 * _ASKEW + 1) - _ASKEW)
        for layer in layers
        if layer
    )
    return TrayView(decks=decks, played=sum(n for n, _ in shifted), layers=shifted)
