"""Bets and boxes: the stakes on a seat, its hands in play, and the checks on every amount.

A seat is a *box* (003): its owner's stake first, then up to two co-bettors' (``box_bettors``);
elsewhere a box has one bettor. A box starts with one hand and gains one per split. Amounts are
exact money (:data:`~trainer.engine.play.settlement.Money`: an int where whole, else a Fraction).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from trainer.engine.deck.cards import Card
from trainer.engine.play.misdeals import Misdeal
from trainer.engine.play.phases import IllegalActionError
from trainer.engine.play.settlement import Money, half, whole_or_fraction
from trainer.engine.rulebook.rules import Rules
from trainer.engine.words import number, plural, say

__all__ = [
    "BetLike",
    "BetsClosedError",
    "Box",
    "HandInPlay",
    "InvalidBetError",
    "TooManySeatsError",
    "bets_for_seats",
    "check_seats",
    "parse_bets",
    "parse_insurance",
    "seat_count",
    "show_amount",
]


class InvalidBetError(ValueError):
    """A stake is not a positive amount within the table limits, or does not fit the table."""


class BetsClosedError(InvalidBetError):
    """Bets cannot be placed or changed at this point of the round (after the deal)."""


class TooManySeatsError(ValueError):
    """The table seats fewer players than that (``max_seats``)."""


def check_seats(rules: Rules, seats: int) -> None:
    """:raises TooManySeatsError: when ``seats`` players besides the dealer break ``max_seats``."""
    if rules.max_seats is not None and seats > rules.max_seats:
        raise TooManySeatsError(
            "max_seats: "
            + plural(
                "these rules seat at most %(count)s player besides the dealer, not %(asked)s",
                "these rules seat at most %(count)s players besides the dealer, not %(asked)s",
                rules.max_seats,
                asked=number(seats),
            )
        )


Amount = int | Fraction | Decimal | float | str
BetLike = Amount | Sequence[Amount]


class HandInPlay:
    """A hand in play. Its cards are a tuple (read often, copied never) and its total and
    softness are kept up to date as cards come (speed 5 in trainer.engine.play.round)."""

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


class Box:
    """One seat's box: its bettors' stakes (owner first), its hands, its insurance."""

    __slots__ = ("stakes", "hands", "insurance", "withdrawn", "misdeal")

    def __init__(self, stakes: tuple[Money, ...] = ()) -> None:
        self.stakes = stakes
        self.hands: list[HandInPlay] = [HandInPlay(stakes[0] if len(stakes) == 1 else sum(stakes))]
        self.insurance: Money = 0
        self.withdrawn = False
        self.misdeal: Misdeal | None = None  # a misdeal still to be put right (000)

    @property
    def total_stake(self) -> Money:
        stakes = self.stakes
        return stakes[0] if len(stakes) == 1 else sum(stakes)

    def set_stakes(self, stakes: tuple[Money, ...]) -> None:
        self.stakes = stakes
        self.hands[0].stake = self.total_stake

    def double_stakes(self) -> None:
        """002 deal method 3: the dealer doubles every bet, or a player redoubles his."""
        self.set_stakes(tuple(stake * 2 for stake in self.stakes))

    def insurance_limit(self) -> Money:
        """The most the box's owner may insure: half of his own stake. 003: "ставку, не
        превышающую половины суммы всех его ставок", the bettor's own stakes, not the
        co-bettors' money on his box."""
        return 0 if self.withdrawn else half(self.stakes[0])


def to_money(value: object, what: str) -> Money:
    """An amount of chips as exact money (an int where whole).

    :raises InvalidBetError: when it is not a number.
    """
    if type(value) is int:
        return value
    if type(value) is Fraction:
        return whole_or_fraction(value)
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal | float | str):
        raise InvalidBetError(_not_chips(what, value))
    try:
        amount = Fraction(str(value)) if isinstance(value, float | str) else Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise InvalidBetError(_not_chips(what, value)) from None
    return whole_or_fraction(amount)


def _not_chips(what: str, value: object) -> str:
    return say("%(what)s must be an amount of chips, not %(value)r", what=what, value=value)


def show_amount(amount: Money) -> str:
    """An amount as a learner reads it: ``15``, ``7.5``."""
    return str(amount.numerator) if amount.denominator == 1 else str(float(amount))


_NO_MAXIMUM = float("inf")  # max_bet none (004): every stake is below it


def parse_bets(rules: Rules, bets: Sequence[BetLike]) -> list[tuple[Money, ...]]:
    """Validate a bet per seat: a stake, or the box's stakes with the owner's first (003).

    :raises InvalidBetError: naming the seat and the limit broken.
    """
    if type(bets) not in (list, tuple) and (
        isinstance(bets, str | bytes) or not isinstance(bets, Sequence)
    ):
        raise InvalidBetError(
            say("bets must be a list with one bet per seat, not %(bets)r", bets=bets)
        )
    if not bets:
        raise InvalidBetError(say("a round needs at least one seat with a bet"))
    parsed: list[tuple[Money, ...]] = []
    low = whole_or_fraction(rules.min_bet)
    high: Money | float = _NO_MAXIMUM if rules.max_bet is None else whole_or_fraction(rules.max_bet)
    for index, bet in enumerate(bets, 1):
        if type(bet) is int and low <= bet <= high:  # speed 6 in trainer.engine.play.round
            parsed.append((bet,))
            continue
        parsed.append(_box_stakes(rules, bet, index, low, high))
    return parsed


def _box_stakes(
    rules: Rules, bet: BetLike, seat: int, low: Money, high: Money | float
) -> tuple[Money, ...]:
    """The stakes on the box of seat ``seat`` (counted from 1), checked against the limits."""
    at = number(seat)
    if isinstance(bet, Sequence) and not isinstance(bet, str):
        if not bet:
            raise InvalidBetError(say("seat %(seat)s: a box needs its owner's stake", seat=at))
        if len(bet) > rules.box_bettors:
            raise InvalidBetError(
                "box_bettors: "
                + plural(
                    "a box takes at most %(count)s bettor, seat %(seat)s has %(asked)s",
                    "a box takes at most %(count)s bettors, seat %(seat)s has %(asked)s",
                    rules.box_bettors,
                    seat=at,
                    asked=number(len(bet)),
                )
            )
        stakes = tuple(to_money(s, say("seat %(seat)s's stake", seat=at)) for s in bet)
    else:
        stakes = (to_money(bet, say("seat %(seat)s's bet", seat=at)),)
    for stake in stakes:
        if stake <= 0:
            raise InvalidBetError(
                say(
                    "seat %(seat)s: a stake must be above 0, not %(stake)s",
                    seat=at,
                    stake=show_amount(stake),
                )
            )
    total = sum(stakes)
    if total < low:
        raise InvalidBetError(
            "min_bet: "
            + say(
                "seat %(seat)s bets %(total)s, below the table minimum of %(least)s",
                seat=at,
                total=show_amount(total),
                least=show_amount(rules.min_bet),
            )
        )
    if total > high and rules.max_bet is not None:
        raise InvalidBetError(
            "max_bet: "
            + say(
                "seat %(seat)s bets %(total)s, above the table maximum of %(most)s",
                seat=at,
                total=show_amount(total),
                most=show_amount(rules.max_bet),
            )
        )
    return stakes


def parse_insurance(boxes: Sequence[Box], stakes: Sequence[object]) -> list[Money]:
    """One insurance stake per box, each from 0 (declined) to the box's limit.

    :raises IllegalActionError: for a missing or bad stake; naming the seat and the limit.
    """
    stakes = list(stakes)
    if len(stakes) != len(boxes):
        raise IllegalActionError(
            "insurance: "
            + say("give one stake per seat (%(seats)s), 0 to decline", seats=number(len(boxes)))
        )
    amounts = []
    for index, (box, stake) in enumerate(zip(boxes, stakes, strict=True)):
        try:
            amount = to_money(stake, say("seat %(seat)s's insurance", seat=number(index + 1)))
        except InvalidBetError as exc:
            raise IllegalActionError(str(exc)) from None
        limit = box.insurance_limit()
        if amount < 0 or amount > limit:
            raise IllegalActionError(
                "insurance: "
                + say(
                    "seat %(seat)s may insure 0 to %(most)s (half the bettor's own stake), "
                    "not %(asked)s",
                    seat=number(index + 1),
                    most=show_amount(limit),
                    asked=show_amount(amount),
                )
            )
        amounts.append(amount)
    return amounts


def seat_count(rules: Rules, parsed: list[tuple[Money, ...]] | None, seats: int | None) -> int:
    """The number of seats: one per bet, or ``seats`` where the bets come after the deal.

    :raises InvalidBetError: for bets left out where they come first, or not one per seat.
    :raises ValueError: for a bad seat count.
    """
    if parsed is None:
        if not (rules.bet_after_deal or rules.deal_method == 3):
            raise InvalidBetError(
                "bet_after_deal: " + say("these rules take every bet before the deal")
            )
        if isinstance(seats, bool) or not isinstance(seats, int) or seats < 1:
            raise ValueError(
                say("seats must be a whole number of at least 1, not %(seats)r", seats=seats)
            )
        check_seats(rules, seats)
        return seats
    if seats is not None and seats != len(parsed):
        raise InvalidBetError("bets: " + bets_for_seats(len(parsed), seats))
    check_seats(rules, len(parsed))
    return len(parsed)


def bets_for_seats(bets: int, seats: int) -> str:
    """Why the bets are refused where their number is not the seats': ``"1 bet for 2 seats"``."""
    return plural(
        "%(count)s bet for %(seats)s",
        "%(count)s bets for %(seats)s",
        bets,
        seats=plural("%(count)s seat", "%(count)s seats", seats),
    )
