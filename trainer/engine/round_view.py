"""Reading a round: the state every part of a round keeps, and what may be read of it.

:class:`RoundView` is the base of :class:`~trainer.engine.round.Round`: it holds the round's
state (the boxes, the dealer's hand, the step reached) and answers every question about it
without changing anything; the round's own methods are the moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol

from trainer.engine.boxes import Box, HandInPlay
from trainer.engine.cards import Card
from trainer.engine.hand import Hand
from trainer.engine.misdeals import ExposedCard
from trainer.engine.phases import Phase, WrongPhaseError
from trainer.engine.rules import Rules
from trainer.engine.settlement import RoundResult, exact, is_natural

__all__ = ["DEALER", "UP_INDEX", "CardSource", "RoundView"]

_TURNS = Phase.PLAYER_TURNS  # read once (speed 1 in trainer.engine.round)

# ``seen_by``'s seat for the dealer himself (002 home and 004: a player deals).
DEALER = -1
# By ``deal_faces``: whether a player's first and second dealt cards are face up, and which of
# the dealer's first two cards is his face-up one.
_PLAYER_FACES = {
    "casino": (True, True),
    "players-down": (False, False),
    "first-down": (False, True),
    "dealer-second-up": (False, False),
}
UP_INDEX = {"casino": 0, "players-down": 0, "first-down": 1, "dealer-second-up": 1}


class CardSource(Protocol):
    """What a round deals from: a shoe."""

    def draw(self) -> Card: ...

    def discard(self, cards: Sequence[Card]) -> None: ...


class RoundView:
    """A round's state and every reading of it; :class:`~trainer.engine.round.Round` moves it."""

    rules: Rules
    shoe: CardSource
    _seats: list[Box]
    _dealer: HandInPlay
    _up_index: int  # which of the dealer's cards the players see (UP_INDEX)
    _phase: Phase
    _seat_index: int
    _hand_index: int
    _seat_now: Box  # the seat and hand to act (set as the turns advance)
    _hand_now: HandInPlay
    _dealer_natural: bool
    _dealer_doubled: bool
    _exposed: ExposedCard | None
    _irregular_discards: list[Card]
    _result: RoundResult | None

    # -- reading the state ----------------------------------------------------------------------

    def _expect(self, phase: Phase, why: str) -> None:
        if self._phase is not phase:
            raise WrongPhaseError(f"{why} (the round is at {self._phase.value})")

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def seat_count(self) -> int:
        return len(self._seats)

    @property
    def current_seat(self) -> int | None:
        """The index of the seat to act, during the players' turns."""
        if self._phase in (Phase.PLAYER_TURNS, Phase.EXPOSED_CARD):
            return self._seat_index
        return None

    @property
    def current_hand_index(self) -> int | None:
        if self._phase in (Phase.PLAYER_TURNS, Phase.EXPOSED_CARD):
            return self._hand_index
        return None

    @property
    def current_hand(self) -> Hand | None:
        """The hand to act, during the players' turns."""
        if self._phase is not _TURNS:
            return None
        return Hand(self._hand_now.cards)

    @property
    def current_cards(self) -> tuple[Card, ...]:
        """The cards of the hand to act (fast path for simulations)."""
        if self._phase is not _TURNS:
            return ()
        return self._hand_now.cards

    @property
    def current_total(self) -> int:
        """The best total of the hand to act (fast path for simulations; 0 when none)."""
        if self._phase is not _TURNS:
            return 0
        return self._hand_now.total

    @property
    def current_is_soft(self) -> bool:
        if self._phase is not _TURNS:
            return False
        return self._hand_now.soft

    def hands(self, seat_index: int) -> tuple[Hand, ...]:
        """A seat's hands as they stand."""
        return tuple(Hand(hand.cards) for hand in self._seats[seat_index].hands)

    def stakes(self, seat_index: int) -> tuple[Fraction, ...]:
        """The stake on each of a seat's hands as they stand (doubles included)."""
        return tuple(exact(hand.stake) for hand in self._seats[seat_index].hands)

    def bets(self, seat_index: int) -> tuple[Fraction, ...]:
        """The box's bettors' stakes, owner first (after any 002 dealer double and redouble)."""
        return tuple(exact(stake) for stake in self._seats[seat_index].stakes)

    def insurance(self, seat_index: int) -> Fraction:
        return exact(self._seats[seat_index].insurance)

    @property
    def dealer_cards(self) -> tuple[Card, ...]:
        """The dealer's cards, hole card included (a learner's view shows :attr:`up_card`)."""
        return self._dealer.cards

    @property
    def dealer_total(self) -> int:
        """The best total of the dealer's cards (the dealer's own view)."""
        return self._dealer.total

    @property
    def up_card(self) -> Card:
        """The dealer's card the players see: his first, or his second where the rules deal
        everyone's first card face down (002, ``deal_faces``).

        :raises WrongPhaseError: before that card is dealt (002 deal method 3's first step).
        """
        try:
            return self._dealer.cards[self._up_index]
        except IndexError:
            raise WrongPhaseError(
                "the dealer shows no card yet: his face-up card comes second"
            ) from None

    # -- what the players see (``deal_faces``) --------------------------------------------------

    def shown(self, seat_index: int) -> tuple[tuple[bool, ...], ...]:
        """For each of a seat's hands, whether each card is face up for the whole table.

        A seat's own player sees his face-down cards too (:meth:`seen_by`). Drawn cards come
        face up; a natural, a bust and a split pair are shown; when the round is over every
        card has been shown (the texts put the played cards face up under the pack).
        """
        return self._faces(seat_index, done=self._phase is Phase.DONE)

    def shown_in_play(self, seat_index: int) -> tuple[tuple[bool, ...], ...]:
        """:meth:`shown` as the table saw it before the end of the round turned every card face
        up: which of a seat's cards stayed face down through the play (a counter at the table
        counts them only once they are turned). The same as :meth:`shown` during the round."""
        return self._faces(seat_index, done=False)

    def _faces(self, seat_index: int, *, done: bool) -> tuple[tuple[bool, ...], ...]:
        hands = self._seats[seat_index].hands
        first, second = _PLAYER_FACES[self.rules.deal_faces]
        shown = []
        for hand in hands:
            cards = hand.cards
            if done or hand.split or len(hands) > 1 or hand.hard > 21 or is_natural(cards):
                shown.append((True,) * len(cards))
            else:
                shown.append(((first, second) + (True,) * len(cards))[: len(cards)])
        return tuple(shown)

    @property
    def dealer_shown(self) -> tuple[bool, ...]:
        """Whether each of the dealer's cards is face up for the table (all once he plays)."""
        return self._dealer_faces(done=self._phase is Phase.DONE)

    @property
    def dealer_shown_in_play(self) -> tuple[bool, ...]:
        """:attr:`dealer_shown` before the end of the round: which of the dealer's cards the
        table saw only when every card was turned."""
        return self._dealer_faces(done=False)

    def _dealer_faces(self, *, done: bool) -> tuple[bool, ...]:
        cards = self._dealer.cards
        if done:
            return (True,) * len(cards)
        up = self._up_index
        return tuple(index == up or index >= 2 for index in range(len(cards)))

    def seen_by(self, seat_index: int | None = None) -> tuple[Card, ...]:
        """The cards of this round a player at ``seat_index`` has seen so far: every card shown
        to the table, and his own cards (``None``: someone at the table without a hand, who
        sees only the shown cards). Seats first in order, then the dealer, then cards put to
        the discards face up (000's misdeals) and an exposed card."""
        seen: list[Card] = []
        for index, box in enumerate(self._seats):
            own = index == seat_index
            for hand, faces in zip(box.hands, self.shown(index), strict=True):
                seen.extend(card for card, up in zip(hand.cards, faces, strict=True) if up or own)
        seen.extend(
            card
            for card, up in zip(self._dealer.cards, self.dealer_shown, strict=True)
            if up or seat_index == DEALER
        )
        seen.extend(self._irregular_discards)
        if self._exposed is not None:
            seen.append(self._exposed.card)
        return tuple(seen)

    @property
    def dealer_natural(self) -> bool:
        """The dealer has a natural that counts (known once the peek or the dealer's play is)."""
        return self._dealer_natural

    @property
    def dealer_doubled(self) -> bool:
        """002 deal method 3: the dealer doubled every bet."""
        return self._dealer_doubled

    def cards_in_play(self) -> list[Card]:
        """Every card dealt this round and not yet discarded: hands, dealer, misdealt extras.

        Empty once the round is settled: :meth:`settle` discards them all.
        """
        if self._result is not None:
            return []
        return self._all_cards()

    def _all_cards(self) -> list[Card]:
        cards: list[Card] = []
        for seat in self._seats:
            for hand in seat.hands:
                cards.extend(hand.cards)
        cards.extend(self._dealer.cards)
        cards.extend(self._irregular_discards)
        if self._exposed is not None:
            cards.append(self._exposed.card)
        return cards

    def __repr__(self) -> str:
        return f"<Round {self.rules.name}: {len(self._seats)} seats, {self._phase.value}>"
