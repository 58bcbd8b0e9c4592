"""The round's steps that put 000's irregularities right: misdealt seats, an exposed card.

The round (:class:`~trainer.engine.round.Round`) stops at ``Phase.IRREGULARITY`` until every
misdealt seat is put right, and at ``Phase.EXPOSED_CARD`` while an exposed card is on offer
(:class:`~trainer.engine.misdeals.Misdeal` says what each misdeal allows).
"""

from __future__ import annotations

from trainer.engine.boxes import Box, HandInPlay
from trainer.engine.cards import Card
from trainer.engine.legality import why_not_hit
from trainer.engine.misdeals import ExposedCard, Misdeal, kept_cards
from trainer.engine.phases import IllegalActionError, Phase, WrongPhaseError
from trainer.engine.round_view import RoundView

__all__ = ["IrregularitySteps"]


class IrregularitySteps(RoundView):
    """The round's steps that put 000's irregularities right (a base of
    :class:`~trainer.engine.round.Round`, which plays on from them)."""

    # The round's own moves, which these steps hand back to.
    def _after_irregularities(self) -> None:
        raise NotImplementedError

    def _advance(self) -> None:
        raise NotImplementedError

    def _check_done(self, seat: Box, hand: HandInPlay) -> None:
        raise NotImplementedError

    def _may_draw(self, hand: HandInPlay) -> bool:
        return why_not_hit(self.rules, len(hand.cards), split_ace=hand.split_ace) is None

    def _misdealt_seat(self, seat_index: int, kinds: tuple[Misdeal, ...]) -> Box:
        self._expect(Phase.IRREGULARITY, "a misdeal is put right before play begins")
        if isinstance(seat_index, bool) or not isinstance(seat_index, int):
            raise IllegalActionError(f"no seat {seat_index!r}")
        if not 0 <= seat_index < len(self._seats):
            raise IllegalActionError(f"no seat {seat_index!r}")
        seat = self._seats[seat_index]
        if seat.misdeal not in kinds:
            raise IllegalActionError(
                f"seat {seat_index + 1} has no {' or '.join(k.value for k in kinds)} misdeal "
                "to put right"
            )
        return seat

    def keep_cards(self, seat_index: int, keep: tuple[int, int]) -> None:
        """000: a seat dealt too many cards keeps any two (by position); the rest are discarded.

        :raises IllegalActionError: when that seat was not dealt too many cards, or ``keep``
            does not name two of its cards.
        """
        seat = self._misdealt_seat(seat_index, (Misdeal.EXTRA_CARD,))
        kept, rest = kept_cards(seat.hands[0], keep)
        self._irregular_discards.extend(rest)
        seat.hands[0].set_cards(kept)
        self._resolved(seat)

    def take_missing_card(self, seat_index: int) -> None:
        """000: a seat dealt one card takes the missing card when its turn comes."""
        seat = self._misdealt_seat(seat_index, (Misdeal.ONE_CARD,))
        seat.hands[0].needs_card = True
        self._resolved(seat)

    def accept_cards(self, seat_index: int) -> None:
        """000: a seat dealt a card face up accepts it and plays on."""
        seat = self._misdealt_seat(seat_index, (Misdeal.FACE_UP,))
        self._resolved(seat)

    def withdraw_bet(self, seat_index: int) -> None:
        """000: a seat dealt one card, or a card face up, takes its bet back and sits out."""
        seat = self._misdealt_seat(seat_index, (Misdeal.ONE_CARD, Misdeal.FACE_UP))
        self._withdraw(seat)
        self._resolved(seat)

    def _withdraw(self, seat: Box) -> None:
        seat.withdrawn = True
        seat.misdeal = None
        for hand in seat.hands:
            hand.done = True

    def _resolved(self, seat: Box) -> None:
        seat.misdeal = None
        if all(other.misdeal is None for other in self._seats):
            self._after_irregularities()

    @property
    def pending_misdeals(self) -> dict[int, Misdeal]:
        """Seats whose misdeal is still to be put right, by index."""
        return {
            index: seat.misdeal
            for index, seat in enumerate(self._seats)
            if seat.misdeal is not None
        }

    def expose_card(self) -> Card:
        """000: the next card shows face up in the pack (or comes unasked): offer it.

        It is offered to the hand whose turn it is; if refused, to the next player in turn to
        draw; if refused again it goes to the discards (:meth:`answer_exposed_card`).

        :raises WrongPhaseError: outside the players' turns.
        """
        self._expect(Phase.PLAYER_TURNS, "a card is offered only while the players draw")
        card = self.shoe.draw()
        self._exposed = ExposedCard(card, (self._seat_index, self._hand_index))
        self._phase = Phase.EXPOSED_CARD
        return card

    @property
    def exposed_card(self) -> Card | None:
        """The exposed card on offer, and (via :attr:`exposed_offered_to`) to whom."""
        return None if self._exposed is None else self._exposed.card

    @property
    def exposed_offered_to(self) -> tuple[int, int] | None:
        """(seat, hand) the exposed card is offered to."""
        return None if self._exposed is None else self._exposed.offered_to

    def answer_exposed_card(self, accept: bool) -> None:
        """Accept the exposed card (it is drawn to that hand) or refuse it.

        :raises IllegalActionError: when accepting it would break a draw rule (``max_draws``).
        """
        self._expect(Phase.EXPOSED_CARD, "no exposed card is on offer")
        exposed = self._exposed
        if exposed is None:  # pragma: no cover - guarded by the phase
            raise WrongPhaseError("no exposed card is on offer")
        seat_index, hand_index = exposed.offered_to
        hand = self._seats[seat_index].hands[hand_index]
        if accept:
            reason = why_not_hit(self.rules, len(hand.cards), split_ace=hand.split_ace)
            if reason:
                raise IllegalActionError(reason)
            hand.add(exposed.card)
            hand.acted = True
            self._check_done(self._seats[seat_index], hand)
            self._clear_exposed()
            self._advance()
        elif not exposed.refuse(self._seats, self._may_draw):
            self._irregular_discards.append(exposed.card)
            self._clear_exposed()

    def _clear_exposed(self) -> None:
        self._exposed = None
        self._phase = Phase.PLAYER_TURNS
