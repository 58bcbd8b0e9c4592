"""000's dealing irregularities: misdealt seats and a card exposed in the pack.

The round (:class:`~trainer.engine.play.round.Round`) stops at ``Phase.IRREGULARITY`` until every
misdealt seat is put right, and at ``Phase.EXPOSED_CARD`` while an exposed card is on offer.
Here are the kinds of misdeal, what each deals and allows, and the exposed card on offer, as
values over cards; the round's steps that put them right are
:class:`~trainer.engine.play.round.Round`'s own (it keeps each box's misdeal on the box).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum

from trainer.engine.deck.cards import Card
from trainer.engine.play.phases import IllegalActionError

__all__ = ["ExposedCard", "Misdeal", "cards_dealt", "checked_misdeals", "kept_cards"]


class Misdeal(Enum):
    """000's dealing irregularities, for a dealer-procedure drill.

    - ``EXTRA_CARD``: the seat is dealt three cards; it keeps any two (:meth:`Round.keep_cards`)
      and the other goes to the discards face up.
    - ``ONE_CARD``: the seat is dealt one card; it takes its bet back (:meth:`Round.withdraw_bet`)
      or takes the missing card in its turn (:meth:`Round.take_missing_card`). If the dealer has
      a natural, its bet is withdrawn.
    - ``NO_CARDS``: the seat is dealt nothing; its bet is withdrawn.
    - ``FACE_UP``: a card is dealt face up instead of down; the seat accepts it
      (:meth:`Round.accept_cards`) or takes its bet back (:meth:`Round.withdraw_bet`).
    """

    EXTRA_CARD = "extra-card"
    ONE_CARD = "one-card"
    NO_CARDS = "no-cards"
    FACE_UP = "face-up"


def cards_dealt(misdeal: Misdeal, *, first: bool) -> int:
    """How many cards one pass of the deal gives a misdealt seat: none, one, or one too many."""
    if misdeal is Misdeal.NO_CARDS or (misdeal is Misdeal.ONE_CARD and not first):
        return 0
    return 2 if misdeal is Misdeal.EXTRA_CARD and not first else 1


def kept_cards(cards: Sequence[Card], keep: object) -> tuple[list[Card], list[Card]]:
    """The two of a seat's ``cards`` (dealt one too many) it keeps, by position from 0, and the
    rest.

    :raises IllegalActionError: when ``keep`` does not name two different cards of the hand.
    """
    positions: tuple[object, ...] = ()
    if isinstance(keep, Iterable) and not isinstance(keep, str):
        positions = tuple(keep)
    if (
        len(positions) != 2
        or len(set(positions)) != 2
        or not all(isinstance(i, int) and 0 <= i < len(cards) for i in positions)
    ):
        raise IllegalActionError(
            f"keep two different cards out of the {len(cards)} dealt (positions from 0)"
        )
    chosen = sorted(i for i in positions if isinstance(i, int))
    kept = [cards[i] for i in chosen]
    rest = [card for i, card in enumerate(cards) if i not in positions]
    return kept, rest


class ExposedCard:
    """A card shown face up in the pack (or come unasked), on offer to one hand after another.

    It is offered to the hand whose turn it is; if refused, to the next player in turn to draw;
    if refused again it goes to the discards.
    """

    __slots__ = ("card", "offered_to", "refused")

    def __init__(self, card: Card, offered_to: tuple[int, int]) -> None:
        self.card = card
        self.offered_to = offered_to  # (seat, hand)
        self.refused = False

    def refuse(self, following: tuple[int, int] | None) -> bool:
        """Refuse it: offer it to ``following``, the next (seat, hand) that may draw, if it has
        not been refused before. False when it is discarded."""
        if self.refused or following is None:
            return False
        self.refused = True
        self.offered_to = following
        return True


def checked_misdeals(misdeals: Mapping[int, Misdeal] | None, count: int) -> dict[int, Misdeal]:
    """:raises ValueError: for a misdeal at no seat, or one that is not a :class:`Misdeal`."""
    checked = dict(misdeals) if misdeals else {}
    for index, kind in checked.items():
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise ValueError(f"misdeals: no seat {index!r} at a table of {count}")
        if not isinstance(kind, Misdeal):
            raise ValueError(f"misdeals: {kind!r} is not a Misdeal")
    return checked
