"""One round of blackjack: bets, deal, insurance, peek, the players' play, the dealer, settlement.

A :class:`Round` is dealt from a shoe (anything with ``draw()`` and ``discard(cards)``: a
:class:`~trainer.engine.deck.shoe.Shoe`, or ``Shoe.stacked(rules, cards)`` for a replay) and played
by named methods only. It moves through its :class:`Phase` steps by itself wherever the rules leave
nothing to decide::

    round_ = Round(rules, shoe, bets=[10, 20])
    if round_.phase is Phase.INSURANCE:
        round_.insure([0, 0])
    while round_.phase is Phase.PLAYER_TURNS:
        round_.act(choose(round_.legal_actions()))
    result = round_.settle()  # also puts the round's cards in the shoe's discards

Steps that need a decision stop the round in their phase until the matching call comes:
``BETTING`` (:meth:`Round.place_bets`: 004's stakes after the deal, 002's deal method 3 after
the first card), ``DEALER_DOUBLE`` and ``REDOUBLE`` (002 method 3: :meth:`Round.dealer_double`,
:meth:`Round.redouble`), ``IRREGULARITY`` (000's misdeals, see :class:`Misdeal`), ``INSURANCE``
(:meth:`Round.insure`), ``EARLY_SURRENDER`` (:meth:`Round.early_surrender`), ``PLAYER_TURNS``
(:meth:`Round.act`) and ``EXPOSED_CARD`` (:meth:`Round.answer_exposed_card`).

The order of play follows ``REPLAY.md``: the deal is round-robin (every seat, then the dealer,
twice; without a hole card the dealer's second card comes after every seat has played); seats act
left to right and a seat's hands in order; a hand stops asking when it is a natural, reaches 21,
busts, has doubled, is a split ace with its card, has drawn ``max_draws`` cards, or stands.
After a split, ``split_deal_order = "both-first"`` deals one card to each of the two hands at once
(000, 002); ``"in-turn"`` deals a split hand its second card when its turn comes. The dealer
draws below ``dealer_stands_on`` (hitting soft 17 with ``dealer_hits_soft_17``), never more than
``max_draws`` cards where that is set (004: "at most three cards", for the banker too), and not at
all when every hand is settled already (busts, surrenders, paid naturals).

Money is exact: stakes and nets are ``Fraction`` in every result (ints inside, where whole, for
speed). :func:`~trainer.engine.play.settlement.settle_hand` settles one hand on its own, for payout
questions; :class:`RoundResult` keeps chip conservation (``bank_net == -sum(seat.net)``).

An illegal call raises :class:`IllegalActionError` naming the rule and leaves the round as it was:
every method checks before it changes anything.

The round is the conductor; what it conducts lives in modules of its own, each useful without a
round: bets and boxes (:mod:`trainer.engine.play.boxes`), 000's kinds of misdeal and the exposed
card (:mod:`trainer.engine.play.misdeals`), which decisions the rules allow
(:mod:`trainer.engine.rulebook.legality`, shared with the strategy engine), the dealer's play
(:mod:`trainer.engine.play.dealer_play`) and settlement (:mod:`trainer.engine.play.settlement`).

Long because a round is one state machine, and this is it: its state, every reading of that
state (what each seat and the table see), and every move, 000's irregularities included, are
one class. Its readings and its irregularity steps were once base classes in files of their own
(``RoundView``, ``IrregularitySteps``) that nothing else used: they spread one class over three
files and left stubs for the moves a base could not make.

Speed: the tricks the round keeps, each with what it is worth on ``bench/engine_rounds.py``
(rounds per second; taking the trick out, the rest as it is):

1. Enum members read once into module globals (``_TURNS``, ``_HIT``...; here, in
   and ``table``): in Python 3.11 every ``Phase.DONE`` goes through the Enum
   metaclass's ``__getattr__``. 24,000 rounds/s with them, 21,100 without.
2. Whole money as ints inside a round and a table, Fractions only in what they hand out
   (:data:`~trainer.engine.play.settlement.Money`): 23,700 with, 7,200 with Fractions throughout.
3. ``exact`` a dict of shared Fractions rather than ``Fraction()`` each time: 24,500 with,
   19,700 without.
4. Results as named tuples, not frozen dataclasses (a frozen dataclass sets each field through
   ``object.__setattr__``): 24,000 with, 20,400 without.
5. A hand in play keeps its total and softness as its cards come
   (:meth:`~trainer.engine.play.boxes.HandInPlay.add`), not counted again when read: 23,200 with,
   16,200 without.
6. A bet of whole chips within the limits is taken before any other check
   (:func:`~trainer.engine.play.boxes.parse_bets`): 24,200 with, 21,900 without.

(Measured on a shared two-core machine, the fastest of four runs each; calling a function per
box in the settlement, or the legality functions from the round, cost nothing measurable.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Protocol

from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.engine.play.boxes import (
    BetLike,
    BetsClosedError,
    Box,
    HandInPlay,
    InvalidBetError,
    TooManySeatsError,
    bets_for_seats,
    parse_bets,
    parse_insurance,
    seat_count,
)
from trainer.engine.play.dealer_play import dealer_draws, waits_for_dealer
from trainer.engine.play.misdeals import (
    ExposedCard,
    Misdeal,
    cards_dealt,
    checked_misdeals,
    kept_cards,
)
from trainer.engine.play.phases import Action, IllegalActionError, Phase, WrongPhaseError
from trainer.engine.play.settlement import (
    Bonus,
    HandResult,
    Outcome,
    RoundResult,
    SeatResult,
    exact,
    is_natural,
    settle_round,
)
from trainer.engine.rulebook.legality import (
    early_surrender_offered,
    why_not_double,
    why_not_hit,
    why_not_split,
    why_not_surrender,
)
from trainer.engine.rulebook.procedure import may_look_at_hole_card
from trainer.engine.rulebook.rules import Rules

__all__ = [
    "Action",
    "BetsClosedError",
    "Bonus",
    "CardSource",
    "DEALER",
    "HandResult",
    "IllegalActionError",
    "InvalidBetError",
    "Misdeal",
    "Outcome",
    "Phase",
    "Round",
    "RoundResult",
    "SeatResult",
    "TooManySeatsError",
    "UP_INDEX",
    "WrongPhaseError",
    "start_round",
]


# Enum members read once into globals (speed 1 above).
_HIT, _STAND, _DOUBLE, _SPLIT, _SURRENDER = (
    Action.HIT,
    Action.STAND,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
)
_TURNS, _DONE = Phase.PLAYER_TURNS, Phase.DONE

# ``seen_by``'s seat for the dealer himself (002 home and 004: a player deals).
DEALER = -1
# By ``deal_faces``: whether a player's first and second dealt cards are face up, and which of
# the dealer's first two cards is his face-up one.
_PLAYER_FACES = {
    "casino": (True, True),
    "players-down": (False, False),
    "first-down": (False, True),
    "dealer-second-up": (False, False),
    "all-down": (False, False),
}
# Which of the dealer's first two cards the players see (``all-down``, 004: neither; the index
# is kept for ``up_card``, which then refuses).
UP_INDEX = {
    "casino": 0,
    "players-down": 0,
    "first-down": 1,
    "dealer-second-up": 1,
    "all-down": 0,
}


class CardSource(Protocol):
    """What a round deals from: a shoe."""

    def draw(self) -> Card: ...

    def discard(self, cards: Sequence[Card]) -> None: ...


class Round:
    """One round at a table: deal, decisions, dealer, settlement. Mutable through its methods only.

    :param rules: the table's rules.
    :param shoe: what the cards come from (``draw()``, ``discard(cards)``).
    :param bets: one bet per seat, dealer's left first: an amount, or a box's stakes (owner
        first, then up to two co-bettors: 003). May be left out where the rules take bets after
        the deal (``bet_after_deal``, ``deal_method = 3``); then give ``seats``.
    :param misdeals: 000's dealing irregularities by seat index (see :class:`Misdeal`).
    :param announce_natural: whether the dealer announces a natural at once; with
        ``dealer_natural_must_be_announced`` an unannounced natural counts as a plain 21 (000).
    :param dealer_decides: the dealer draws as he likes (a player dealing: 002 home, 004's
        banker): after the players the round stops at ``DEALER_TURN`` for
        :meth:`dealer_act`, rather than drawing by the rules' policy.
    :raises InvalidBetError: for a bet outside the limits or not fitting the table.
    :raises ValueError: for a bad seat count or misdeal; nothing is dealt then.
    """

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

    def __init__(
        self,
        rules: Rules,
        shoe: CardSource,
        bets: Sequence[BetLike] | None = None,
        *,
        seats: int | None = None,
        misdeals: Mapping[int, Misdeal] | None = None,
        announce_natural: bool = True,
        dealer_decides: bool = False,
    ) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {rules!r}")
        parsed = parse_bets(rules, bets) if bets is not None else None
        count = seat_count(rules, parsed, seats)

        self.rules = rules
        self.shoe = shoe
        self._seats = [Box() for _ in range(count)] if parsed is None else list(map(Box, parsed))
        self._dealer = HandInPlay(0)
        self._up_index = UP_INDEX[rules.deal_faces]
        self._phase = Phase.BETTING
        self._seat_index = 0
        self._hand_index = 0
        self._seat_now = self._seats[0]  # the seat and hand to act (set by _advance)
        self._hand_now = self._seats[0].hands[0]
        self._announce = announce_natural
        self._dealer_decides = dealer_decides
        self._dealer_natural = False
        self._dealer_doubled = False
        self._exposed = None
        self._irregular_discards = []
        self._result = None
        self._misdealt = bool(misdeals)
        if misdeals:
            for index, kind in checked_misdeals(misdeals, count).items():
                self._seats[index].misdeal = kind

        self._deal_pass(first=True)
        if rules.deal_method == 3:
            self._phase = Phase.DEALER_DOUBLE if parsed is not None else Phase.BETTING
            return
        self._deal_pass(first=False)
        if parsed is None:
            self._phase = Phase.BETTING
            return
        self._after_deal()

    # -- the deal and the steps before play -----------------------------------------------------

    def _deal_pass(self, *, first: bool) -> None:
        draw = self.shoe.draw
        for seat in self._seats:
            misdeal = seat.misdeal
            if misdeal is None:
                seat.hands[0].add(draw())
            else:
                for _ in range(cards_dealt(misdeal, first=first)):
                    seat.hands[0].add(draw())
        if first or self.rules.hole_card != "none":
            self._dealer.add(draw())

    def place_bets(self, bets: Sequence[BetLike]) -> None:
        """Place one bet per seat where the rules take bets after (some of) the deal.

        :raises BetsClosedError: outside the betting step (a bet change after the deal).
        :raises InvalidBetError: for a bet outside the limits; no bet is placed then.
        """
        if self._phase is not Phase.BETTING:
            raise BetsClosedError(
                "bets are closed: no bet may be placed or changed once the deal is done"
            )
        parsed = parse_bets(self.rules, bets)
        if len(parsed) != len(self._seats):
            raise InvalidBetError("bets: " + bets_for_seats(len(parsed), len(self._seats)))
        for seat, stakes in zip(self._seats, parsed, strict=True):
            seat.set_stakes(stakes)
        if self.rules.deal_method == 3:
            self._phase = Phase.DEALER_DOUBLE
            return
        self._after_deal()

    def dealer_double(self, doubles: bool) -> None:
        """002 deal method 3: the dealer, having seen his first card, doubles every bet or not.

        :raises WrongPhaseError: outside that step.
        """
        self._expect(Phase.DEALER_DOUBLE, "the dealer doubles only after the first card")
        if not isinstance(doubles, bool):
            raise IllegalActionError(f"dealer_double: say true or false, not {doubles!r}")
        if doubles:
            self._dealer_doubled = True
            for seat in self._seats:
                seat.double_stakes()
            self._phase = Phase.REDOUBLE
            return
        self._second_cards()

    def redouble(self, choices: Sequence[bool]) -> None:
        """002 deal method 3: after the dealer doubled, each seat redoubles (True) or not.

        :raises WrongPhaseError: when the dealer has not doubled.
        :raises IllegalActionError: when the choices are not one yes/no per seat.
        """
        self._expect(
            Phase.REDOUBLE, "deal_method: a player may redouble only after the dealer doubles"
        )
        choices = self._yes_no_per_seat(choices, "redouble")
        for seat, yes in zip(self._seats, choices, strict=True):
            if yes:
                seat.double_stakes()
        self._second_cards()

    def _yes_no_per_seat(self, choices: Sequence[bool], what: str) -> list[bool]:
        choices = list(choices)
        if len(choices) != len(self._seats) or not all(isinstance(c, bool) for c in choices):
            raise IllegalActionError(f"{what}: give one true/false per seat ({len(self._seats)})")
        return choices

    def _second_cards(self) -> None:
        self._deal_pass(first=False)
        self._after_deal()

    def _after_deal(self) -> None:
        if self._misdealt:
            for seat in self._seats:
                if seat.misdeal is Misdeal.NO_CARDS:
                    self._withdraw(seat)
            if any(seat.misdeal is not None for seat in self._seats):
                self._phase = Phase.IRREGULARITY
                return
        self._after_irregularities()

    def _after_irregularities(self) -> None:
        if self.rules.insurance and self._dealer.cards[self._up_index].value == 1:
            self._phase = Phase.INSURANCE
            return
        self._after_insurance()

    def _after_insurance(self) -> None:
        if early_surrender_offered(self.rules, self._dealer.cards[self._up_index].value):
            self._phase = Phase.EARLY_SURRENDER
            return
        self._peek()

    def _peek(self) -> None:
        rules = self.rules
        announced = self._announce or not rules.dealer_natural_must_be_announced
        up = self._dealer.cards[self._up_index].value
        if announced and may_look_at_hole_card(rules, up) and is_natural(self._dealer.cards):
            self._dealer_natural = True
            for seat in self._seats:
                for hand in seat.hands:
                    hand.done = True
            self._phase = _DONE
            return
        for seat in self._seats:
            hand = seat.hands[0]
            if is_natural(hand.cards):
                hand.done = True
        self._phase = _TURNS
        self._seat_index = 0
        self._hand_index = 0
        self._advance()

    # -- insurance and early surrender ----------------------------------------------------------

    def max_insurance(self, seat_index: int) -> Fraction:
        """The most a seat may insure: half its bet (003: half of the owner's own stakes)."""
        return exact(self._seats[seat_index].insurance_limit())

    def insure(self, stakes: Sequence[object]) -> None:
        """Take (or decline, with 0) insurance, one stake per seat, each at most half its bet.

        Even money for a natural is an insurance stake of half the bet.

        :raises WrongPhaseError: when insurance is not on offer.
        :raises IllegalActionError: for a stake above half the bet; nothing is insured then.
        """
        if self._phase is not Phase.INSURANCE:
            if not self.rules.insurance:
                raise WrongPhaseError("insurance: this table offers no insurance")
            raise WrongPhaseError(
                "insurance: offered only when the dealer's up card is an ace, before play"
            )
        amounts = parse_insurance(self._seats, stakes)
        for seat, amount in zip(self._seats, amounts, strict=True):
            seat.insurance = amount
        self._after_insurance()

    def early_surrender(self, choices: Sequence[bool]) -> None:
        """Early surrender: before the dealer checks for a natural, each seat gives up half or not.

        :raises WrongPhaseError: when early surrender is not on offer.
        """
        self._expect(Phase.EARLY_SURRENDER, "surrender: early surrender comes before the peek")
        choices = self._yes_no_per_seat(choices, "surrender")
        for index, (seat, yes) in enumerate(zip(self._seats, choices, strict=True)):
            if yes and (seat.withdrawn or len(seat.hands[0].cards) != 2):
                raise IllegalActionError(f"surrender: seat {index + 1} has no two-card hand")
        for seat, yes in zip(self._seats, choices, strict=True):
            if yes:
                hand = seat.hands[0]
                hand.surrendered = hand.done = hand.acted = True
        self._peek()

    # -- 000's irregularities -------------------------------------------------------------------

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
        kept, rest = kept_cards(seat.hands[0].cards, keep)
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
        elif not exposed.refuse(self._next_drawing_hand(seat_index)):
            self._irregular_discards.append(exposed.card)
            self._clear_exposed()

    def _clear_exposed(self) -> None:
        self._exposed = None
        self._phase = Phase.PLAYER_TURNS

    def _next_drawing_hand(self, after_seat: int) -> tuple[int, int] | None:
        """The next (seat, hand) after ``after_seat``'s that may draw: an exposed card refused
        is offered there."""
        rules = self.rules
        for index in range(after_seat + 1, len(self._seats)):
            for hand_index, hand in enumerate(self._seats[index].hands):
                if hand.done or hand.needs_card:
                    continue
                if why_not_hit(rules, len(hand.cards), split_ace=hand.split_ace) is None:
                    return index, hand_index
        return None

    # -- the players' turns ---------------------------------------------------------------------

    def _advance(self) -> None:
        """Move to the next hand that needs a decision; play the dealer after the last."""
        seats = self._seats
        seat_index, hand_index = self._seat_index, self._hand_index
        while seat_index < len(seats):
            seat = seats[seat_index]
            hands = seat.hands
            while hand_index < len(hands):
                hand = hands[hand_index]
                if hand.needs_card:
                    hand.needs_card = False
                    hand.add(self.shoe.draw())
                    if is_natural(hand.cards, split=hand.split):
                        hand.done = True
                    else:
                        self._check_done(seat, hand)
                if not hand.done:
                    self._seat_index, self._hand_index = seat_index, hand_index
                    self._seat_now = seat
                    self._hand_now = hand
                    return
                hand_index += 1
            seat_index += 1
            hand_index = 0
        self._seat_index, self._hand_index = seat_index, hand_index
        self._dealer_play()

    def _check_done(self, seat: Box, hand: HandInPlay) -> None:
        """After a card: a hand stops at a bust, 21, a split ace's card or the draw limit."""
        if hand.total >= 21:
            hand.done = True
            return
        if hand.split_ace and self.rules.split_aces_one_card and len(hand.cards) >= 2:
            if self._why_not_split(seat, hand) is not None:
                hand.done = True
            return
        limit = self.rules.max_draws
        if limit is not None and len(hand.cards) - 2 >= limit:
            hand.done = True

    # The hand in play's view of trainer.engine.rulebook.legality, the rules written once.

    def _why_not_split(self, seat: Box, hand: HandInPlay) -> str | None:
        cards = hand.cards
        if len(cards) != 2:
            return why_not_split(self.rules, len(cards), 0, 0, same_rank=False)
        first, second = cards
        return why_not_split(
            self.rules,
            2,
            first.value,
            second.value,
            same_rank=first.rank is second.rank,
            hands_on_box=len(seat.hands),
        )

    def _why_not_surrender(self, seat: Box, hand: HandInPlay) -> str | None:
        return why_not_surrender(
            self.rules,
            len(hand.cards),
            self._dealer.cards[self._up_index].value,
            acted=hand.acted,
            split=hand.split,
            hands_on_box=len(seat.hands),
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions open to the hand whose turn it is (empty outside the players' turns)."""
        if self._phase is not _TURNS:
            return ()
        seat, hand = self._seat_now, self._hand_now
        return tuple(action for action in Action if self._why(action, seat, hand) is None)

    def why_illegal(self, action: Action, seat_index: int | None = None) -> str | None:
        """Why ``action`` is not allowed now (naming the rule), or ``None`` when it is; at
        early surrender, for the first decision of the seat ``seat_index`` (to choose then)."""
        if self._phase is Phase.EARLY_SURRENDER and seat_index is not None:
            box = self._seats[seat_index]
            return self._why(action, box, box.hands[0])
        if self._phase is not _TURNS:
            return f"it is not a player's turn (the round is at {self._phase.value})"
        return self._why(action, self._seat_now, self._hand_now)

    def _why(self, action: Action, seat: Box, hand: HandInPlay) -> str | None:
        if action is _HIT:
            return why_not_hit(self.rules, len(hand.cards), split_ace=hand.split_ace)
        if action is _STAND:
            return None
        if action is _DOUBLE:
            return why_not_double(
                self.rules,
                len(hand.cards),
                hand.total,
                hand.soft,
                split=hand.split,
                split_ace=hand.split_ace,
            )
        if action is _SPLIT:
            return self._why_not_split(seat, hand)
        if action is _SURRENDER:
            return self._why_not_surrender(seat, hand)
        return f"{action!r} is not an action (hit, stand, double, split, surrender)"

    def act(self, action: Action) -> None:
        """Play ``action`` on the hand whose turn it is.

        :raises WrongPhaseError: outside the players' turns.
        :raises IllegalActionError: when the rules forbid it, naming the rule; nothing changes.
        """
        if self._phase is not _TURNS:
            raise WrongPhaseError(
                f"it is not a player's turn (the round is at {self._phase.value})"
            )
        seat = self._seat_now
        hand = self._hand_now
        reason = self._why(action, seat, hand)
        if reason is not None:
            raise IllegalActionError(reason)
        if action is _HIT:
            hand.add(self.shoe.draw())
            hand.acted = True
            self._check_done(seat, hand)
        elif action is _STAND:
            hand.acted = hand.done = True
        elif action is _DOUBLE:
            card = self.shoe.draw()
            hand.stake *= 2
            hand.doubled = hand.acted = hand.done = True
            hand.add(card)
        elif action is _SPLIT:
            self._split(seat, hand)
        else:
            hand.surrendered = hand.acted = hand.done = True
        if hand.done:
            self._advance()

    def _split(self, seat: Box, hand: HandInPlay) -> None:
        first, second = hand.cards
        other = HandInPlay(hand.stake)
        other.add(second)
        hand.set_cards([first])
        aces = first.value == 1
        for part in (hand, other):
            part.split = True
            part.split_ace = aces
            part.acted = False
        seat.hands.insert(self._hand_index + 1, other)
        hand.add(self.shoe.draw())
        if self.rules.split_deal_order == "both-first":
            other.add(self.shoe.draw())
            self._check_done(seat, other)
        else:
            other.needs_card = True
        self._check_done(seat, hand)

    # -- the dealer and the settlement ----------------------------------------------------------

    def _dealer_play(self) -> None:
        """The dealer's second card (no hole card), then his draws if any hand needs them."""
        dealer = self._dealer
        if self.rules.hole_card == "none":
            # The deal's last card: the dealer's second, after every seat has played.
            dealer.add(self.shoe.draw())
            if is_natural(dealer.cards):
                self._dealer_natural = True
                self._phase = _DONE
                return
        if not waits_for_dealer(self._seats):
            self._phase = _DONE
        elif self._dealer_decides:
            self._phase = Phase.DEALER_TURN
            self._dealer_may_stop()
        else:
            dealer_draws(self.rules, dealer, self.shoe.draw, self._seats)
            self._phase = _DONE

    def dealer_act(self, draws: bool) -> None:
        """A dealer who draws as he likes (``dealer_decides``): one more card, or stand. The
        round goes on to its end at a stand, 21, a bust or ``max_draws`` drawn.

        :raises WrongPhaseError: when it is not the dealer's turn to choose.
        """
        self._expect(Phase.DEALER_TURN, "the dealer chooses only after the players have played")
        if not isinstance(draws, bool):
            raise IllegalActionError(f"dealer: say draw (true) or stand (false), not {draws!r}")
        if not draws:
            self._phase = _DONE
            return
        self._dealer.add(self.shoe.draw())
        self._dealer_may_stop()

    def _dealer_may_stop(self) -> None:
        dealer, limit = self._dealer, self.rules.max_draws
        if dealer.total >= 21 or (limit is not None and len(dealer.cards) - 2 >= limit):
            self._phase = _DONE

    def settle(self) -> RoundResult:
        """The settled round (computed once); its cards go to the shoe's discards.

        :raises WrongPhaseError: before the round is over.
        """
        if self._result is not None:
            return self._result
        if self._phase is not _DONE:
            raise WrongPhaseError(
                f"the round is not over yet (it is at {self._phase.value}); it cannot be settled"
            )
        dealer = self._dealer
        self._result = settle_round(
            self.rules, self._seats, dealer.cards, dealer.total, self._dealer_natural
        )
        self.shoe.discard(self._all_cards())
        self._irregular_discards = []
        return self._result

    @property
    def result(self) -> RoundResult | None:
        """The settled round once :meth:`settle` has been called."""
        return self._result

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

    def doubled(self, seat_index: int) -> tuple[bool, ...]:
        """Whether each of a seat's hands has doubled down (its stake doubled for one card)."""
        return tuple(hand.doubled for hand in self._seats[seat_index].hands)

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
        if self.rules.deal_faces == "all-down":
            raise WrongPhaseError(
                "deal_faces: the banker shows no card at source 004 (every card face down)"
            )
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
        drawn = self.rules.deal_faces != "all-down"  # 004: drawn cards come face down too
        shown = []
        for hand in hands:
            cards = hand.cards
            if (
                done
                or hand.split
                or len(hands) > 1
                or hand.hard > 21
                or is_natural(cards)
                and drawn
            ):
                shown.append((True,) * len(cards))
            else:
                shown.append(((first, second) + (drawn,) * len(cards))[: len(cards)])
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
        if self.rules.deal_faces == "all-down":
            return (False,) * len(cards)  # 004: the banker shows nothing until the end
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


def start_round(
    rules: Rules,
    shoe: CardSource,
    bets: Sequence[BetLike] | None = None,
    **options: object,
) -> Round:
    """Start a round: the same as ``Round(rules, shoe, bets, ...)``."""
    return Round(rules, shoe, bets, **options)  # type: ignore[arg-type]
