"""The round on the felt, and, at a table dealt at a pace, which of its cards the step just sent
brought, numbered in the order a dealer deals them (:mod:`trainer.engine.play.deal_order`).

Only the response to a step marks cards (``data-reveal`` on each, for
``static/js/table_pace.js`` to show one at a time): the server compares the felt the learner
saw before the step with the felt after it. A page drawn again (a reload, Back, another tab)
marks none, so what was dealt is shown at once and never dealt again.
"""

from __future__ import annotations

from dataclasses import replace

from trainer.engine.play.deal_order import DEALER, Felt, dealt_since
from trainer.engine.play.table_game import Ask, TableGame
from trainer.engine.rulebook.rules import Rules
from trainer.web import table_view
from trainer.web.table_view import RoundView

__all__ = ["felt_of", "round_on_felt", "with_reveal"]


def round_on_felt(game: TableGame, ask: Ask) -> RoundView | None:
    """The round the felt shows: the one in play (a held mistake's too), else the one just
    settled (None before the first). The one just settled is shown above the next where that
    is already dealt (a punter's bet after their first card)."""
    if ask.round is not None:
        return table_view.round_view(game, ask.round, ask.number)
    played = table_view.last_round(game, ask)
    return table_view.round_view(game, played.round, played.record.number) if played else None


def felt_of(view: RoundView) -> Felt:
    """A round's cards as the learner sees them, by their faces."""
    return Felt(
        tuple(
            tuple(tuple(up for _, up in hand.held) for hand in seat.hands) for seat in view.seats
        ),
        tuple(up for _, up in view.dealer),
    )


def with_reveal(rules: Rules, before: RoundView | None, after: RoundView) -> RoundView:
    """``after`` with the cards the step brought since ``before`` (the felt the learner saw;
    another round's or none: every card) numbered in dealing order, each as (its number,
    whether it is a card turned face up rather than dealt)."""
    then = felt_of(before) if before is not None and before.number == after.number else None
    order = {
        (r.box, r.hand, r.card): (n, r.turned)
        for n, r in enumerate(dealt_since(rules, then, felt_of(after)))
    }
    if not order:
        return after

    def marks(box: int, hand: int, size: int) -> tuple[tuple[int, bool] | None, ...]:
        return tuple(order.get((box, hand, card)) for card in range(size))

    seats = tuple(
        replace(
            seat,
            hands=tuple(
                replace(hand, reveal=marks(box, h, len(hand.held)))
                for h, hand in enumerate(seat.hands)
            ),
        )
        for box, seat in enumerate(after.seats)
    )
    return replace(after, seats=seats, dealer_reveal=marks(DEALER, 0, len(after.dealer)))
