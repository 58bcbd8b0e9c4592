"""One round of blackjack: bets, deal, insurance, peek, the players' play, the dealer, settlement.

A :class:`Round` is dealt from a shoe (anything with ``draw()`` and ``discard(cards)``: a
:class:`~trainer.engine.shoe.Shoe`, or ``Shoe.stacked(rules, cards)`` for a replay) and played by
named methods only. It moves through its :class:`Phase` steps by itself wherever the rules leave
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
speed). :func:`~trainer.engine.settlement.settle_hand` settles one hand on its own, for payout
questions; :class:`RoundResult` keeps chip conservation (``bank_net == -sum(seat.net)``).

An illegal call raises :class:`IllegalActionError` naming the rule and leaves the round as it was:
every method checks before it changes anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import NamedTuple, Protocol

from trainer.engine.cards import Card
from trainer.engine.hand import Hand
from trainer.engine.rules import Rules
from trainer.engine.settlement import (
    Bonus,
    Money,
    Outcome,
    exact,
    half,
    insurance_net,
    is_natural,
    payouts,
    settle_core,
    whole_or_fraction,
)

__all__ = [
    "Action",
    "BetsClosedError",
    "Bonus",
    "CardSource",
    "HandResult",
    "IllegalActionError",
    "InvalidBetError",
    "Misdeal",
    "Outcome",
    "Phase",
    "Round",
    "RoundResult",
    "SeatResult",
    "WrongPhaseError",
    "start_round",
]


class IllegalActionError(ValueError):
    """The rules do not allow that action now; the round is unchanged."""


class WrongPhaseError(IllegalActionError):
    """The round is not at the step that call belongs to; the round is unchanged."""


class InvalidBetError(ValueError):
    """A stake is not a positive amount within the table limits, or does not fit the table."""


class BetsClosedError(InvalidBetError):
    """Bets cannot be placed or changed at this point of the round (after the deal)."""


class Action(Enum):
    """A player's decision on one hand; the value is the replay format's word."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"


class Phase(Enum):
    """The step a round is at; every step but ``DONE`` waits for one kind of call."""

    BETTING = "betting"
    DEALER_DOUBLE = "dealer-double"
    REDOUBLE = "redouble"
    IRREGULARITY = "irregularity"
    INSURANCE = "insurance"
    EARLY_SURRENDER = "early-surrender"
    PLAYER_TURNS = "player-turns"
    EXPOSED_CARD = "exposed-card"
    DONE = "done"


# The members the hot paths compare against, read once: in Python 3.11 every ``Phase.DONE`` goes
# through the Enum metaclass's ``__getattr__`` hook, several times slower than a global.
_HIT, _STAND, _DOUBLE, _SPLIT, _SURRENDER = (
    Action.HIT,
    Action.STAND,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
)
_TURNS, _DONE = Phase.PLAYER_TURNS, Phase.DONE


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


class CardSource(Protocol):
    """What a round deals from: a shoe."""

    def draw(self) -> Card: ...

    def discard(self, cards: Sequence[Card]) -> None: ...


# -- results ------------------------------------------------------------------------------------
# Named tuples, not frozen dataclasses: the settlement makes one per hand and per seat every round,
# and a frozen dataclass sets each field through a slow object.__setattr__ call. They are read by
# field name only, never unpacked or indexed.


class HandResult(NamedTuple):
    """One settled hand."""

    cards: tuple[Card, ...]
    total: int
    bet: Fraction  # the final stake, doubled stakes included
    outcome: Outcome
    net: Fraction  # signed chips won (+) or lost (-), bonus included
    bonus: Bonus | None
    natural: bool  # dealt a natural (paid or not): 002 home passes the deal on it
    doubled: bool
    split: bool

    @property
    def hand(self) -> Hand:
        return Hand(self.cards)


class SeatResult(NamedTuple):
    """One seat (box): its hands, insurance, net, and the net of each bettor on the box."""

    hands: tuple[HandResult, ...]
    insurance: Fraction  # the insurance stake (0 when none)
    insurance_net: Fraction
    net: Fraction  # the hands' nets plus insurance_net
    stakes: tuple[Fraction, ...]  # the box's bettors' stakes, owner first (003)
    shares: tuple[Fraction, ...]  # each bettor's net: the hands pro rata, insurance to the owner


class RoundResult(NamedTuple):
    """A settled round. Chip conservation: ``bank_net == -sum(seat.net for seat in seats)``."""

    dealer_cards: tuple[Card, ...]
    dealer_total: int
    dealer_natural: bool  # a natural that counted (000: an unannounced one does not)
    seats: tuple[SeatResult, ...]
    bank_net: Fraction

    @property
    def dealer_hand(self) -> Hand:
        return Hand(self.dealer_cards)


# -- internal state -----------------------------------------------------------------------------


class _Hand:
    """A hand in play. Its cards are a tuple (read often, copied never) and its total and softness
    are kept up to date as cards come, since every decision and the settlement read them."""

    __slots__ = (
        "cards",
        "hard",
        "ace",
        "total",
        "soft",
        "stake",
        "doubled",
        "split",
        "split_ace",
        "surrendered",
        "done",
        "acted",
        "needs_card",
    )

    def __init__(self, stake: Money) -> None:
        self.cards: tuple[Card, ...] = ()
        self.hard = 0  # every ace counted 1
        self.ace = False
        self.total = 0  # the best total: one ace counts 11 where that does not bust the hand
        self.soft = False  # an ace is counted 11 in the total
        self.stake = stake
        self.doubled = False
        self.split = False
        self.split_ace = False
        self.surrendered = False
        self.done = False  # asks for no more decisions
        self.acted = False  # a decision was taken on it
        self.needs_card = False  # a split hand (in turn) or a one-card misdeal awaiting a card

    def add(self, card: Card) -> None:
        self.cards += (card,)
        value = card.value
        hard = self.hard = self.hard + value
        if value == 1:
            self.ace = True
        self.soft = soft = self.ace and hard <= 11
        self.total = hard + 10 if soft else hard

    def set_cards(self, cards: Sequence[Card]) -> None:
        self.cards = ()
        self.hard = self.total = 0
        self.ace = self.soft = False
        for card in cards:
            self.add(card)


class _Seat:
    __slots__ = ("stakes", "hands", "insurance", "withdrawn", "misdeal", "ace_split")

    def __init__(self, stakes: tuple[Money, ...] = ()) -> None:
        self.stakes = stakes
        self.hands: list[_Hand] = [_Hand(stakes[0] if len(stakes) == 1 else sum(stakes))]
        self.insurance: Money = 0
        self.withdrawn = False
        self.misdeal: Misdeal | None = None
        self.ace_split = False

    @property
    def total_stake(self) -> Money:
        stakes = self.stakes
        return stakes[0] if len(stakes) == 1 else sum(stakes)

    def set_stakes(self, stakes: tuple[Money, ...]) -> None:
        self.stakes = stakes
        self.hands[0].stake = self.total_stake


_DOUBLE_TOTALS = {"9-11": (9, 10, 11), "10-11": (10, 11)}
_DOUBLE_WORDS = {"9-11": "9, 10 and 11", "10-11": "10 and 11"}


def _money(value: object, what: str) -> Money:
    """An amount of chips as exact money (an int where whole).

    :raises InvalidBetError: when it is not a number.
    """
    if type(value) is int:
        return value
    if type(value) is Fraction:
        return whole_or_fraction(value)
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal | float | str):
        raise InvalidBetError(f"{what} must be an amount of chips, not {value!r}")
    try:
        amount = Fraction(str(value)) if isinstance(value, float | str) else Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise InvalidBetError(f"{what} must be an amount of chips, not {value!r}") from None
    return whole_or_fraction(amount)


BetLike = int | Fraction | Decimal | float | str | Sequence[int | Fraction | Decimal | float | str]


def _parse_bets(rules: Rules, bets: Sequence[BetLike]) -> list[tuple[Money, ...]]:
    """Validate a bet per seat: a stake, or the box's stakes with the owner's first (003).

    :raises InvalidBetError: naming the seat and the limit broken.
    """
    if type(bets) not in (list, tuple) and (
        isinstance(bets, str | bytes) or not isinstance(bets, Sequence)
    ):
        raise InvalidBetError(f"bets must be a list with one bet per seat, not {bets!r}")
    if not bets:
        raise InvalidBetError("a round needs at least one seat with a bet")
    parsed: list[tuple[Money, ...]] = []
    low = whole_or_fraction(rules.min_bet)
    high = whole_or_fraction(rules.max_bet)
    for index, bet in enumerate(bets, 1):
        if type(bet) is int and low <= bet <= high:  # the common case, checked fast
            parsed.append((bet,))
            continue
        where = f"seat {index}"
        if isinstance(bet, Sequence) and not isinstance(bet, str):
            if not bet:
                raise InvalidBetError(f"{where}: a box needs its owner's stake")
            if len(bet) > rules.box_bettors:
                raise InvalidBetError(
                    f"box_bettors: a box takes at most {rules.box_bettors} bettor"
                    f"{'s' if rules.box_bettors > 1 else ''}, {where} has {len(bet)}"
                )
            stakes = tuple(_money(stake, f"{where}'s stake") for stake in bet)
        else:
            stakes = (_money(bet, f"{where}'s bet"),)
        for stake in stakes:
            if stake <= 0:
                raise InvalidBetError(f"{where}: a stake must be above 0, not {_show(stake)}")
        total = sum(stakes)
        if total < low:
            raise InvalidBetError(
                f"min_bet: {where} bets {_show(total)}, below the table minimum of "
                f"{_show(rules.min_bet)}"
            )
        if total > high:
            raise InvalidBetError(
                f"max_bet: {where} bets {_show(total)}, above the table maximum of "
                f"{_show(rules.max_bet)}"
            )
        parsed.append(stakes)
    return parsed


def _show(amount: Money) -> str:
    return str(amount.numerator) if amount.denominator == 1 else str(float(amount))


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
    :raises InvalidBetError: for a bet outside the limits or not fitting the table.
    :raises ValueError: for a bad seat count or misdeal; nothing is dealt then.
    """

    def __init__(
        self,
        rules: Rules,
        shoe: CardSource,
        bets: Sequence[BetLike] | None = None,
        *,
        seats: int | None = None,
        misdeals: Mapping[int, Misdeal] | None = None,
        announce_natural: bool = True,
    ) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {rules!r}")
        parsed = _parse_bets(rules, bets) if bets is not None else None
        if parsed is None:
            if not (rules.bet_after_deal or rules.deal_method == 3):
                raise InvalidBetError(
                    "bets: these rules take every bet before the deal (bet_after_deal is off)"
                )
            if isinstance(seats, bool) or not isinstance(seats, int) or seats < 1:
                raise ValueError(f"seats must be a whole number of at least 1, not {seats!r}")
            count = seats
        else:
            if seats is not None and seats != len(parsed):
                raise InvalidBetError(f"bets: {len(parsed)} bets for {seats} seats")
            count = len(parsed)
        misdeals = dict(misdeals) if misdeals else {}
        for index, kind in misdeals.items():
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
                raise ValueError(f"misdeals: no seat {index!r} at a table of {count}")
            if not isinstance(kind, Misdeal):
                raise ValueError(f"misdeals: {kind!r} is not a Misdeal")

        self.rules = rules
        self.shoe = shoe
        self._seats = (
            [_Seat() for _ in range(count)] if parsed is None else list(map(_Seat, parsed))
        )
        self._dealer = _Hand(0)
        self._phase = Phase.BETTING
        self._seat_index = 0
        self._hand_index = 0
        self._seat_now = self._seats[0]  # the seat and hand to act (set by _advance)
        self._hand_now = self._seats[0].hands[0]
        self._announce = announce_natural
        self._dealer_natural = False
        self._dealer_doubled = False
        self._exposed: Card | None = None
        self._exposed_to: tuple[int, int] | None = None
        self._exposed_refused = False
        self._irregular_discards: list[Card] = []
        self._result: RoundResult | None = None
        self._misdealt = bool(misdeals)
        for index, kind in misdeals.items():
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

    # -- the deal -------------------------------------------------------------------------------

    def _deal_pass(self, *, first: bool) -> None:
        draw = self.shoe.draw
        for seat in self._seats:
            misdeal = seat.misdeal
            if misdeal is None:
                seat.hands[0].add(draw())
                continue
            if misdeal is Misdeal.NO_CARDS or (misdeal is Misdeal.ONE_CARD and not first):
                continue
            seat.hands[0].add(draw())
            if misdeal is Misdeal.EXTRA_CARD and not first:
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
        parsed = _parse_bets(self.rules, bets)
        if len(parsed) != len(self._seats):
            raise InvalidBetError(f"bets: {len(parsed)} bets for {len(self._seats)} seats")
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
                seat.set_stakes(tuple(stake * 2 for stake in seat.stakes))
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
        choices = list(choices)
        if len(choices) != len(self._seats) or not all(isinstance(c, bool) for c in choices):
            raise IllegalActionError(f"redouble: give one true/false per seat ({len(self._seats)})")
        for seat, yes in zip(self._seats, choices, strict=True):
            if yes:
                seat.set_stakes(tuple(stake * 2 for stake in seat.stakes))
        self._second_cards()

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
        rules = self.rules
        if rules.insurance and self._dealer.cards[0].value == 1:
            self._phase = Phase.INSURANCE
            return
        self._after_insurance()

    def _after_insurance(self) -> None:
        if (
            self.rules.surrender == "early"
            and self.rules.hole_card == "peek"
            and self._dealer.cards[0].value in (1, 10)
        ):
            self._phase = Phase.EARLY_SURRENDER
            return
        self._peek()

    def _peek(self) -> None:
        rules = self.rules
        announced = self._announce or not rules.dealer_natural_must_be_announced
        if rules.hole_card == "peek" and announced and is_natural(self._dealer.cards):
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

    # -- irregularities (000) -------------------------------------------------------------------

    def _misdealt_seat(self, seat_index: int, kinds: tuple[Misdeal, ...]) -> _Seat:
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
        hand = seat.hands[0]
        try:
            positions = tuple(keep)
        except TypeError:
            positions = ()
        if (
            len(positions) != 2
            or len(set(positions)) != 2
            or not all(isinstance(i, int) and 0 <= i < len(hand.cards) for i in positions)
        ):
            raise IllegalActionError(
                f"keep two different cards out of the {len(hand.cards)} dealt (positions from 0)"
            )
        kept = [hand.cards[i] for i in sorted(positions)]
        self._irregular_discards.extend(
            card for i, card in enumerate(hand.cards) if i not in positions
        )
        hand.set_cards(kept)
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

    def _withdraw(self, seat: _Seat) -> None:
        seat.withdrawn = True
        seat.misdeal = None
        for hand in seat.hands:
            hand.done = True

    def _resolved(self, seat: _Seat) -> None:
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
        self._exposed = card
        self._exposed_to = (self._seat_index, self._hand_index)
        self._exposed_refused = False
        self._phase = Phase.EXPOSED_CARD
        return card

    @property
    def exposed_card(self) -> Card | None:
        """The exposed card on offer, and (via :attr:`exposed_offered_to`) to whom."""
        return self._exposed

    @property
    def exposed_offered_to(self) -> tuple[int, int] | None:
        """(seat, hand) the exposed card is offered to."""
        return self._exposed_to

    def answer_exposed_card(self, accept: bool) -> None:
        """Accept the exposed card (it is drawn to that hand) or refuse it.

        :raises IllegalActionError: when accepting it would break a draw rule (``max_draws``).
        """
        self._expect(Phase.EXPOSED_CARD, "no exposed card is on offer")
        card, target = self._exposed, self._exposed_to
        if card is None or target is None:  # pragma: no cover - guarded by the phase
            raise WrongPhaseError("no exposed card is on offer")
        hand = self._seats[target[0]].hands[target[1]]
        if accept:
            reason = self._why_not_hit(hand)
            if reason:
                raise IllegalActionError(reason)
            hand.add(card)
            hand.acted = True
            self._check_done(self._seats[target[0]], hand)
            self._clear_exposed()
            self._advance()
            return
        following = None if self._exposed_refused else self._next_drawing_hand(target[0])
        if following is None:
            self._irregular_discards.append(card)
            self._clear_exposed()
            return
        self._exposed_refused = True
        self._exposed_to = following

    def _clear_exposed(self) -> None:
        self._exposed = None
        self._exposed_to = None
        self._exposed_refused = False
        self._phase = Phase.PLAYER_TURNS

    def _next_drawing_hand(self, after_seat: int) -> tuple[int, int] | None:
        for index in range(after_seat + 1, len(self._seats)):
            seat = self._seats[index]
            for hand_index, hand in enumerate(seat.hands):
                if not hand.done and not hand.needs_card and self._why_not_hit(hand) is None:
                    return index, hand_index
        return None

    # -- insurance and early surrender ----------------------------------------------------------

    def max_insurance(self, seat_index: int) -> Fraction:
        """The most a seat may insure: half its bet (003: half the sum of its stakes)."""
        seat = self._seats[seat_index]
        return Fraction(0) if seat.withdrawn else exact(half(seat.total_stake))

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
        stakes = list(stakes)
        if len(stakes) != len(self._seats):
            raise IllegalActionError(
                f"insurance: give one stake per seat ({len(self._seats)}), 0 to decline"
            )
        amounts = []
        for index, stake in enumerate(stakes):
            try:
                amount = _money(stake, f"seat {index + 1}'s insurance")
            except InvalidBetError as exc:
                raise IllegalActionError(str(exc)) from None
            seat = self._seats[index]
            limit = 0 if seat.withdrawn else half(seat.total_stake)
            if amount < 0 or amount > limit:
                raise IllegalActionError(
                    f"insurance: seat {index + 1} may insure 0 to {_show(limit)} "
                    f"(half the bet), not {_show(amount)}"
                )
            amounts.append(amount)
        for seat, amount in zip(self._seats, amounts, strict=True):
            seat.insurance = amount
        self._after_insurance()

    def early_surrender(self, choices: Sequence[bool]) -> None:
        """Early surrender: before the dealer checks for a natural, each seat gives up half or not.

        :raises WrongPhaseError: when early surrender is not on offer.
        """
        self._expect(Phase.EARLY_SURRENDER, "surrender: early surrender comes before the peek")
        choices = list(choices)
        if len(choices) != len(self._seats) or not all(isinstance(c, bool) for c in choices):
            raise IllegalActionError(
                f"surrender: give one true/false per seat ({len(self._seats)})"
            )
        for index, (seat, yes) in enumerate(zip(self._seats, choices, strict=True)):
            if yes and (seat.withdrawn or len(seat.hands[0].cards) != 2):
                raise IllegalActionError(f"surrender: seat {index + 1} has no two-card hand")
        for seat, yes in zip(self._seats, choices, strict=True):
            if yes:
                hand = seat.hands[0]
                hand.surrendered = hand.done = hand.acted = True
        self._peek()

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

    def _check_done(self, seat: _Seat, hand: _Hand) -> None:
        """After a card: a hand stops at a bust, 21, a split ace's card or the draw limit."""
        total = hand.total
        if total >= 21:
            hand.done = True
            return
        if hand.split_ace and self.rules.split_aces_one_card and len(hand.cards) >= 2:
            if not self._can_split(seat, hand):
                hand.done = True
            return
        limit = self.rules.max_draws
        if limit is not None and len(hand.cards) - 2 >= limit:
            hand.done = True

    def _can_split(self, seat: _Seat, hand: _Hand) -> bool:
        return self._why_not_split(seat, hand) is None

    def _why_not_hit(self, hand: _Hand) -> str | None:
        if hand.split_ace and self.rules.split_aces_one_card:
            return "split_aces_one_card: a split ace takes one card only"
        limit = self.rules.max_draws
        if limit is not None and len(hand.cards) - 2 >= limit:
            return f"max_draws: at most {limit} cards may be drawn to a hand"
        return None

    def _why_not_double(self, hand: _Hand) -> str | None:
        rules = self.rules
        if rules.double_on == "none":
            return "double_on: this table has no doubling"
        if len(hand.cards) != 2:
            return "double: a hand may double on its first two cards only"
        if hand.split and not rules.double_after_split:
            return "double_after_split: no doubling after a split"
        if hand.split_ace and rules.split_aces_one_card:
            return "split_aces_one_card: a split ace takes one card only"
        allowed = _DOUBLE_TOTALS.get(rules.double_on)
        if allowed is not None and (hand.soft or hand.total not in allowed):
            return f"double_on: doubling is allowed on {_DOUBLE_WORDS[rules.double_on]} only"
        limit = rules.max_draws
        if limit is not None and len(hand.cards) - 2 >= limit:
            return f"max_draws: at most {limit} cards may be drawn to a hand"
        return None

    def _why_not_split(self, seat: _Seat, hand: _Hand) -> str | None:
        rules = self.rules
        if rules.max_split_hands < 2:
            return "max_split_hands: this table has no splitting"
        if len(hand.cards) != 2:
            return "split: only a hand of two cards may be split"
        first, second = hand.cards
        if rules.split_by == "rank":
            if first.rank is not second.rank:
                return "split_by: only two cards of the same rank may be split"
        elif first.value != second.value:
            return "split_by: only two cards of the same value may be split"
        if len(seat.hands) >= rules.max_split_hands:
            return f"max_split_hands: at most {rules.max_split_hands} hands from one box"
        if first.value == 1 and seat.ace_split and not rules.resplit_aces:
            return "resplit_aces: aces may be split only once"
        return None

    def _why_not_surrender(self, seat: _Seat, hand: _Hand) -> str | None:
        rules = self.rules
        if rules.surrender == "none":
            return "surrender: this table has no surrender"
        if hand.split or len(seat.hands) > 1:
            return "surrender: no surrender after a split"
        if hand.acted or len(hand.cards) != 2:
            return "surrender: only as the first decision on the first two cards"
        if not rules.surrender_vs_ace and self._dealer.cards[0].value == 1:
            return "surrender_vs_ace: no surrender against an ace"
        return None

    def _legal(self, seat: _Seat, hand: _Hand) -> tuple[Action, ...]:
        legal = [_HIT, _STAND] if self._why_not_hit(hand) is None else [_STAND]
        if self._why_not_double(hand) is None:
            legal.append(_DOUBLE)
        if self._why_not_split(seat, hand) is None:
            legal.append(_SPLIT)
        if self._why_not_surrender(seat, hand) is None:
            legal.append(_SURRENDER)
        return tuple(legal)

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions open to the hand whose turn it is (empty outside the players' turns)."""
        if self._phase is not _TURNS:
            return ()
        return self._legal(self._seat_now, self._hand_now)

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now (naming the rule), or ``None`` when it is."""
        if self._phase is not _TURNS:
            return f"it is not a player's turn (the round is at {self._phase.value})"
        return self._why(action, self._seat_now, self._hand_now)

    def _why(self, action: Action, seat: _Seat, hand: _Hand) -> str | None:
        if action is _HIT:
            return self._why_not_hit(hand)
        if action is _STAND:
            return None
        if action is _DOUBLE:
            return self._why_not_double(hand)
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

    def _split(self, seat: _Seat, hand: _Hand) -> None:
        first, second = hand.cards
        other = _Hand(hand.stake)
        other.add(second)
        hand.set_cards([first])
        aces = first.value == 1
        for part in (hand, other):
            part.split = True
            part.split_ace = aces
            part.acted = False
        if aces:
            seat.ace_split = True
        seat.hands.insert(self._hand_index + 1, other)
        hand.add(self.shoe.draw())
        if self.rules.split_deal_order == "both-first":
            other.add(self.shoe.draw())
            self._check_done(seat, other)
        else:
            other.needs_card = True
        self._check_done(seat, hand)

    # -- the dealer -----------------------------------------------------------------------------

    def _needs_dealer(self, hand: _Hand) -> bool:
        """Whether the hand still stands against the dealer's draws.

        The texts settle busts and naturals at once (and a surrender gives up the hand); every
        other hand, a bonus 21 too, is a standing hand the dealer plays against.
        """
        if hand.surrendered or hand.hard > 21 or len(hand.cards) < 2:
            return False
        return not is_natural(hand.cards, split=hand.split)

    def _dealer_play(self) -> None:
        """The dealer's second card (no hole card), then his draws if any hand needs them."""
        rules = self.rules
        dealer = self._dealer
        if rules.hole_card == "none":
            # The deal's last card: the dealer's second, after every seat has played.
            dealer.add(self.shoe.draw())
            if is_natural(dealer.cards):
                self._dealer_natural = True
                self._phase = _DONE
                return
        live = any(
            self._needs_dealer(hand)
            for seat in self._seats
            if not seat.withdrawn
            for hand in seat.hands
        )
        if live:
            draw = self.shoe.draw
            stands_on = rules.dealer_stands_on
            hits_soft_17 = rules.dealer_hits_soft_17
            limit = rules.max_draws
            while True:
                total = dealer.total
                if limit is not None and len(dealer.cards) - 2 >= limit:
                    break
                if total < stands_on or (total == 17 and hits_soft_17 and dealer.soft):
                    dealer.add(draw())
                else:
                    break
        self._phase = _DONE

    # -- settlement -----------------------------------------------------------------------------

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
        pay = payouts(self.rules)
        dealer = self._dealer
        dealer_cards = dealer.cards
        dealer_total = dealer.total
        dealer_natural = self._dealer_natural
        zero = exact(0)
        seats = []
        bank: Money = 0
        for seat in self._seats:
            hands = []
            hands_net: Money = 0
            net_fraction = zero
            for hand in seat.hands:
                cards = hand.cards
                total = hand.total
                natural = is_natural(cards, split=hand.split)
                net: Money
                if seat.withdrawn or len(cards) < 2:
                    outcome, net, bonus = Outcome.WITHDRAWN, 0, None
                else:
                    original: Money | None = None
                    if hand.split:
                        original = seat.total_stake if hand is seat.hands[0] else 0
                    outcome, net, bonus, _ = settle_core(
                        pay,
                        cards,
                        total,
                        natural,
                        dealer_total,
                        dealer_natural,
                        hand.stake,
                        hand.doubled,
                        hand.surrendered,
                        original,
                    )
                hands_net += net
                net_fraction = exact(net)
                hands.append(
                    HandResult(
                        cards,
                        total,
                        exact(hand.stake),
                        outcome,
                        net_fraction,
                        bonus,
                        natural,
                        hand.doubled,
                        hand.split,
                    )
                )
            insured = seat.insurance
            stakes = seat.stakes
            if len(hands) == 1 and not insured and len(stakes) == 1:
                # The common case: one hand, one bettor, no insurance.
                bank -= hands_net
                seats.append(
                    SeatResult(
                        (hands[0],), zero, zero, net_fraction, (exact(stakes[0]),), (net_fraction,)
                    )
                )
                continue
            ins_net: Money = insurance_net(insured, dealer_natural) if insured else 0
            seat_net = hands_net + ins_net
            bank -= seat_net
            seats.append(
                SeatResult(
                    tuple(hands),
                    exact(insured),
                    exact(ins_net),
                    exact(seat_net),
                    tuple(exact(stake) for stake in stakes),
                    _shares(stakes, hands_net, ins_net),
                )
            )
        self._result = RoundResult(
            dealer_cards=dealer_cards,
            dealer_total=dealer_total,
            dealer_natural=dealer_natural,
            seats=tuple(seats),
            bank_net=exact(bank),
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
    def up_card(self) -> Card:
        """The dealer's first card, dealt face up."""
        return self._dealer.cards[0]

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
            cards.append(self._exposed)
        return cards

    def __repr__(self) -> str:
        return f"<Round {self.rules.name}: {len(self._seats)} seats, {self._phase.value}>"


def _shares(stakes: tuple[Money, ...], hands_net: Money, ins_net: Money) -> tuple[Fraction, ...]:
    """Each bettor's net on a box: the hands' net pro rata to the stakes, insurance to the owner."""
    if len(stakes) <= 1:
        return (exact(hands_net + ins_net),)
    total = sum(stakes)
    shares = [Fraction(hands_net) * stake / total for stake in stakes]
    shares[0] += ins_net
    return tuple(shares)


def start_round(
    rules: Rules,
    shoe: CardSource,
    bets: Sequence[BetLike] | None = None,
    **options: object,
) -> Round:
    """Start a round: the same as ``Round(rules, shoe, bets, ...)``."""
    return Round(rules, shoe, bets, **options)  # type: ignore[arg-type]
