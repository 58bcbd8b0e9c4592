"""000's dealing irregularities: misdealt seats and a card exposed in the pack.

The round (:class:`~trainer.engine.round.Round`) stops at ``Phase.IRREGULARITY`` until every
misdealt seat is put right, and at ``Phase.EXPOSED_CARD`` while an exposed card is on offer.
Here are the kinds of misdeal and what each allows; the round's steps that put them right are in
:mod:`trainer.engine.irregularities`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING

from trainer.engine.cards import Card
from trainer.engine.phases import IllegalActionError

if TYPE_CHECKING:  # boxes.py imports Misdeal from here
    from trainer.engine.boxes import Box, HandInPlay

__all__ = ["ExposedCard", "Misdeal", "checked_misdeals", "deal_to_misdealt", "kept_cards"]


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


def deal_to_misdealt(box: Box, misdeal: Misdeal, draw: Callable[[], Card], *, first: bool) -> None:
    """One pass of the deal to a misdealt seat: no card, one card, or one too many."""
    if misdeal is Misdeal.NO_CARDS or (misdeal is Misdeal.ONE_CARD and not first):
        return
    box.hands[0].add(draw())
    if misdeal is Misdeal.EXTRA_CARD and not first:
        box.hands[0].add(draw())


def kept_cards(hand: HandInPlay, keep: object) -> tuple[list[Card], list[Card]]:
    """The two cards a seat dealt too many keeps (by position from 0), and the rest.

    :raises IllegalActionError: when ``keep`` does not name two different cards of the hand.
    """
    positions: tuple[object, ...] = ()
    if isinstance(keep, Iterable) and not isinstance(keep, str):
        positions = tuple(keep)
    if (
        len(positions) != 2
        or len(set(positions)) != 2
        or not all(isinstance(i, int) and 0 <= i < len(hand.cards) for i in positions)
    ):
        raise IllegalActionError(
            f"keep two different cards out of the {len(hand.cards)} dealt (positions from 0)"
        )
    chosen = sorted(i for i in positions if isinstance(i, int))
    kept = [hand.cards[i] for i in chosen]
    rest = [card for i, card in enumerate(hand.cards) if i not in positions]
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

    def refuse(self, boxes: Sequence[Box], may_draw: Callable[[HandInPlay], bool]) -> bool:
        """Refuse it: offer it to the next hand that may draw. False when it is discarded."""
        following = (
            None if self.refused else _next_drawing_hand(boxes, self.offered_to[0], may_draw)
        )
        if following is None:
            return False
        self.refused = True
        self.offered_to = following
        return True


def _next_drawing_hand(
    boxes: Sequence[Box], after_seat: int, may_draw: Callable[[HandInPlay], bool]
) -> tuple[int, int] | None:
    for index in range(after_seat + 1, len(boxes)):
        for hand_index, hand in enumerate(boxes[index].hands):
            if not hand.done and not hand.needs_card and may_draw(hand):
                return index, hand_index
    return None


def checked_misdeals(misdeals: Mapping[int, Misdeal] | None, count: int) -> dict[int, Misdeal]:
    """:raises ValueError: for a misdeal at no seat, or one that is not a :class:`Misdeal`."""
    checked = dict(misdeals) if misdeals else {}
    for index, kind in checked.items():
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise ValueError(f"misdeals: no seat {index!r} at a table of {count}")
        if not isinstance(kind, Misdeal):
            raise ValueError(f"misdeals: {kind!r} is not a Misdeal")
    return checked
