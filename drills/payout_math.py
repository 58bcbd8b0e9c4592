"""Payout math: a settled situation is shown; the learner types one amount, exact to the cent.

Every question is a round the engine plays and settles (:class:`trainer.engine.round.Round` on
the question's own cards), so the drill and the engine never disagree. The notation holds the
whole situation, six fields separated by ``|``::

    natural-6-5|vegas-6d-s17,blackjack_pays=6:5|15|AS 9H KD 7C|-|pay

- the kind of question (:data:`KINDS`), which fixes the rules it may be played under;
- the rules: a preset, and the options changed from it (``,option=value``);
- the box's stakes, owner first (``20+10+10``: 003's co-bettors);
- the cards in the order they were dealt (the deal, the player's cards, the dealer's draws);
- the moves in order (``ins=7.50`` an insurance stake, ``h s d p r`` hit, stand, double, split,
  surrender), ``-`` for none;
- what is asked (:class:`Ask`): the net result, what the dealer pays, what comes back, what the
  insurance pays, or a co-bettor's share.

On every submit the server plays the notation again through the engine, checks that it is a
question of its kind, and reads the right amount off the settled round.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import Any

from drills import Drill, Grade, InvalidAnswerError, InvalidQuestionError, LearnerState, Question
from trainer.engine.cards import Card, InvalidCardError, pack
from trainer.engine.hand import Hand
from trainer.engine.round import (
    Action,
    IllegalActionError,
    InvalidBetError,
    Phase,
    Round,
    RoundResult,
    SeatResult,
)
from trainer.engine.rules import InvalidRulesError, Rules, find_preset
from trainer.engine.settlement import Bonus, Outcome, settle_hand

__all__ = [
    "DRILL",
    "KINDS",
    "MIXES",
    "Ask",
    "PayoutQuestion",
    "PayoutMath",
    "money_text",
    "read_amount",
    "read_question",
    "right_amount",
    "settle",
]

# The largest amount an answer may have: anything beyond is not a payout at these tables.
ABSURD = Decimal(1_000_000)
_CENT = Fraction(1, 100)
_ATTEMPTS = 400  # tries at dealing a situation of the kind asked before giving up


class Ask(Enum):
    """What the question asks for; the value is the notation's word."""

    NET = "net"  # the box's net result, signed
    PAY = "pay"  # what the dealer pays the player in all (a winning situation)
    BACK = "back"  # what the player gets back of the stake (a surrender)
    INSURANCE = "insurance"  # what the insurance bet pays
    SHARE2 = "share2"  # the first co-bettor's net
    SHARE3 = "share3"  # the second co-bettor's net

    @property
    def signed(self) -> bool:
        """Whether the answer may be negative (a loss)."""
        return self in (Ask.NET, Ask.SHARE2, Ask.SHARE3)


_ASK_TEXT = {
    Ask.NET: "What is your net result for the round? (a loss is negative, e.g. -7.50)",
    Ask.PAY: "How much does the dealer pay you in all? (your winnings, not the stake back)",
    Ask.BACK: "How much of your stake does the dealer give back?",
    Ask.INSURANCE: "How much does the dealer pay on your insurance bet?",
    Ask.SHARE2: "What is the first co-bettor's net result? (a loss is negative)",
    Ask.SHARE3: "What is the second co-bettor's net result? (a loss is negative)",
}

_MOVE_ACTIONS = {
    "h": Action.HIT,
    "s": Action.STAND,
    "d": Action.DOUBLE,
    "p": Action.SPLIT,
    "r": Action.SURRENDER,
}
_ACTION_MOVES = {action: move for move, action in _MOVE_ACTIONS.items()}


@dataclass(frozen=True)
class PayoutQuestion:
    """One situation: its rules, stakes, cards in deal order, moves and what is asked."""

    kind: str
    rules_text: str
    bets: tuple[Fraction, ...]
    cards: tuple[Card, ...]
    moves: tuple[str, ...]
    ask: Ask

    @property
    def rules(self) -> Rules:
        return rules_of(self.rules_text)

    def __str__(self) -> str:
        return "|".join(
            (
                self.kind,
                self.rules_text,
                "+".join(money_text(bet) for bet in self.bets),
                " ".join(str(card) for card in self.cards),
                " ".join(self.moves) or "-",
                self.ask.value,
            )
        )


# -- the kinds of question --------------------------------------------------------------------

_VEGAS = "vegas-6d-s17"
_SIX_FIVE = "vegas-6d-s17,blackjack_pays=6:5"
_TWO_ONE = "single-deck,blackjack_pays=2:1"
_CLUB = "twenty-one-club"
_BOXES = "casino-boxes"
_RUSSIAN = "russian-bank"


@dataclass(frozen=True)
class Kind:
    """A kind of question: its title, the rules it is played under, its source, and the test
    a settled round must pass to be a question of this kind."""

    slug: str
    title: str
    rules: tuple[str, ...]
    source: str
    asks: tuple[Ask, ...]
    fits: Callable[[RoundResult, PayoutQuestion], bool]


def _seat(result: RoundResult) -> SeatResult:
    return result.seats[0]


def _natural(result: RoundResult, _: PayoutQuestion) -> bool:
    hand = _seat(result).hands[0]
    return hand.outcome is Outcome.BLACKJACK and not _seat(result).insurance


def _insured(result: RoundResult, _: PayoutQuestion) -> bool:
    seat = _seat(result)
    return bool(seat.insurance) and not seat.hands[0].natural


def _insurance_wins(result: RoundResult, q: PayoutQuestion) -> bool:
    return _insured(result, q) and result.dealer_natural


def _insurance_loses(result: RoundResult, q: PayoutQuestion) -> bool:
    return _insured(result, q) and not result.dealer_natural


def _even_money(result: RoundResult, q: PayoutQuestion) -> bool:
    seat = _seat(result)
    return seat.hands[0].natural and seat.insurance * 2 == sum(q.bets)


def _surrendered(result: RoundResult, _: PayoutQuestion) -> bool:
    return _seat(result).hands[0].outcome is Outcome.SURRENDER


def _split_and_doubled(result: RoundResult, _: PayoutQuestion) -> bool:
    hands = _seat(result).hands
    return len(hands) >= 2 and any(hand.doubled for hand in hands)


def _bonus(bonus: Bonus) -> Callable[[RoundResult, PayoutQuestion], bool]:
    def fits(result: RoundResult, _: PayoutQuestion) -> bool:
        return _seat(result).hands[0].bonus is bonus

    return fits


def _banker_busts(result: RoundResult, _: PayoutQuestion) -> bool:
    hand = _seat(result).hands[0]
    return result.dealer_total > 21 and hand.outcome is Outcome.WIN and hand.total <= 21


def _co_bettors(result: RoundResult, q: PayoutQuestion) -> bool:
    return len(q.bets) >= 2


_KIND_LIST = (
    Kind("natural-3-2", "A natural at 3:2", (_VEGAS,), "RULES.md, 003: natural pays 3:2",
         (Ask.PAY,), _natural),
    Kind("natural-6-5", "A natural at 6:5", (_SIX_FIVE,), "RULES.md: blackjack_pays option 6:5",
         (Ask.PAY,), _natural),
    Kind("natural-2-1", "A natural at 2:1", (_TWO_ONE,),
         "RULES.md: blackjack_pays option 2:1 (single-deck scenario)", (Ask.PAY,), _natural),
    Kind("insurance-wins", "Insurance against a dealer natural", (_VEGAS,),
         "RULES.md, 003: insurance pays 2:1", (Ask.INSURANCE, Ask.NET), _insurance_wins),
    Kind("insurance-loses", "Insurance when the dealer has no natural", (_VEGAS,),
         "RULES.md, 003: insurance loses its stake", (Ask.NET,), _insurance_loses),
    Kind("even-money", "Even money on a natural", (_VEGAS,),
         "RULES.md, 003: natural vs ace: even money 1:1", (Ask.PAY,), _even_money),
    Kind("surrender", "Surrender", (_VEGAS,), "RULES.md, 003: surrender loses half",
         (Ask.BACK, Ask.NET), _surrendered),
    Kind("split-double", "A box after splits and doubles", (_VEGAS, _BOXES),
         "RULES.md, 003: split to 4 hands, double after split", (Ask.NET,), _split_and_doubled),
    Kind("five-card-21", "21 with five cards", (_CLUB,), "002 club: 21 with five cards pays 2x",
         (Ask.PAY,), _bonus(Bonus.FIVE_CARD_21)),
    Kind("six-card-21", "21 with six cards", (_CLUB,), "002 club: 21 with six cards pays 3x",
         (Ask.PAY,), _bonus(Bonus.SIX_CARD_21)),
    Kind("seven-seven-seven", "7-7-7", (_CLUB,), "002 club: 7-7-7 pays 3x",
         (Ask.PAY,), _bonus(Bonus.SEVEN_SEVEN_SEVEN)),
    Kind("eight-seven-six", "8-7-6", (_CLUB,), "002 club: 8-7-6 pays 2x",
         (Ask.PAY,), _bonus(Bonus.SIX_SEVEN_EIGHT)),
    Kind("russian-natural", "004: a dealt 21 pays 2x", (_RUSSIAN,),
         "004: a dealt 21 pays double", (Ask.PAY,), _natural),
    Kind("russian-bust", "004: the busted banker pays 2x", (_RUSSIAN,),
         "004: a busted banker pays every stake double", (Ask.PAY,), _banker_busts),
    Kind("co-bettors", "003: a box with co-bettors", (_BOXES,),
         "003: up to three bettors on a box, settled pro rata", (Ask.SHARE2, Ask.SHARE3, Ask.NET),
         _co_bettors),
)  # fmt: skip
KINDS: dict[str, Kind] = {kind.slug: kind for kind in _KIND_LIST}

# The page's question mixes: option value -> (label, kinds).
MIXES: dict[str, tuple[str, tuple[str, ...]]] = {
    "all": ("Every kind", tuple(KINDS)),
    "naturals": ("Naturals: 3:2, 6:5, 2:1", ("natural-3-2", "natural-6-5", "natural-2-1")),
    "insurance": (
        "Insurance, even money, surrender",
        ("insurance-wins", "insurance-loses", "even-money", "surrender"),
    ),
    "splits": ("Splits and doubles", ("split-double",)),
    "bonuses": (
        "002's bonus hands",
        ("five-card-21", "six-card-21", "seven-seven-seven", "eight-seven-six"),
    ),
    "seeds": (
        "The seed games: 002, 003, 004",
        ("five-card-21", "seven-seven-seven", "russian-natural", "russian-bust", "co-bettors"),
    ),
}


def kinds_for(option: str | None) -> tuple[str, ...]:
    """The kinds a page option asks for: a mix, one kind, or (unknown or absent) every kind."""
    if option in MIXES:
        return MIXES[option][1]
    if option in KINDS:
        return (option,)
    return MIXES["all"][1]


# -- reading and playing a notation ----------------------------------------------------------

_RULE_OPTIONS = {"blackjack_pays"}
_MONEY_RE = re.compile(r"\d{1,7}(\.\d{1,2})?")


def rules_of(text: str) -> Rules:
    """The rules a notation's rules field names: a preset and changed payout options.

    :raises InvalidQuestionError: for an unknown preset or option.
    """
    name, *changes = text.split(",")
    try:
        rules = find_preset(name)
        options = {}
        for change in changes:
            option, sep, value = change.partition("=")
            if not sep or option not in _RULE_OPTIONS:
                raise InvalidQuestionError(f"the rules field cannot change {option!r}")
            options[option] = value
        return rules.replace(**options)
    except InvalidRulesError as error:
        raise InvalidQuestionError(f"the rules field is not rules: {error}") from None


def _read_money(text: str, what: str) -> Fraction:
    if not _MONEY_RE.fullmatch(text):
        raise InvalidQuestionError(f"{what} {text!r} is not an amount like 15 or 7.50")
    return Fraction(Decimal(text))


def read_question(notation: str) -> PayoutQuestion:
    """The question a notation writes, checked for form (not yet played).

    :raises InvalidQuestionError: naming the field that is wrong.
    """
    fields = (notation or "").split("|")
    if len(fields) != 6:
        raise InvalidQuestionError("a payout question has six fields separated by |")
    kind_slug, rules_text, bets_text, cards_text, moves_text, ask_text = fields
    kind = KINDS.get(kind_slug)
    if kind is None:
        raise InvalidQuestionError(f"there is no payout question of the kind {kind_slug!r}")
    if rules_text not in kind.rules:
        raise InvalidQuestionError(f"a {kind_slug} question is not played under {rules_text!r}")
    bets = tuple(_read_money(bet, "the stake") for bet in bets_text.split("+"))
    try:
        cards = Hand.parse(cards_text).cards
    except InvalidCardError as error:
        raise InvalidQuestionError(f"the cards are not cards: {error}") from None
    if any(card.suit is None for card in cards):
        raise InvalidQuestionError("a payout question names every card's suit")
    moves = () if moves_text == "-" else tuple(moves_text.split(" "))
    for move in moves:
        if move not in _MOVE_ACTIONS and not move.startswith("ins="):
            raise InvalidQuestionError(f"{move!r} is not a move (h s d p r, ins=amount)")
    try:
        ask = Ask(ask_text)
    except ValueError:
        raise InvalidQuestionError(f"{ask_text!r} is not something a question asks") from None
    if ask not in kind.asks:
        raise InvalidQuestionError(f"a {kind_slug} question does not ask for {ask.value!r}")
    question = PayoutQuestion(kind_slug, rules_text, bets, cards, moves, ask)
    rules = question.rules
    seen = Counter(cards)
    if any(count > rules.decks for count in seen.values()):
        raise InvalidQuestionError(f"a card appears more often than {rules.decks} decks hold")
    return question


class _Deal:
    """The question's cards, dealt in order (what the round draws from)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = list(cards)
        self.drawn = 0

    def draw(self) -> Card:
        if self.drawn >= len(self.cards):
            raise InvalidQuestionError("the round needs more cards than the question deals")
        card = self.cards[self.drawn]
        self.drawn += 1
        return card

    def discard(self, cards: Sequence[Card]) -> None:
        pass


def _start(rules: Rules, deal: Any, bets: tuple[Fraction, ...]) -> Round:
    bet: Fraction | tuple[Fraction, ...] = bets[0] if len(bets) == 1 else bets
    if rules.bet_after_deal:
        round_ = Round(rules, deal, seats=1)
        round_.place_bets([bet])
        return round_
    return Round(rules, deal, [bet])


def _play_move(round_: Round, move: str) -> None:
    if round_.phase is Phase.INSURANCE:
        if not move.startswith("ins="):
            raise InvalidQuestionError("insurance is offered here: the next move is ins=amount")
        round_.insure([_read_money(move[4:], "the insurance stake")])
    elif round_.phase is Phase.PLAYER_TURNS and move in _MOVE_ACTIONS:
        round_.act(_MOVE_ACTIONS[move])
    else:
        raise InvalidQuestionError(f"the move {move!r} does not fit the round")


def settle(question: PayoutQuestion) -> RoundResult:
    """Play the question's round through the engine and settle it.

    :raises InvalidQuestionError: when the cards, stakes or moves do not make a round.
    """
    rules = question.rules
    deal = _Deal(question.cards)
    try:
        round_ = _start(rules, deal, question.bets)
        moves = list(question.moves)
        while round_.phase is not Phase.DONE:
            if not moves:
                raise InvalidQuestionError(
                    f"the round waits at {round_.phase.value}: no moves left"
                )
            _play_move(round_, moves.pop(0))
        if moves:
            raise InvalidQuestionError("the round is over before every move is played")
        if deal.drawn != len(deal.cards):
            raise InvalidQuestionError("the round is over before every card is dealt")
        return round_.settle()
    except (IllegalActionError, InvalidBetError) as error:
        raise InvalidQuestionError(f"the round cannot be played: {error}") from None


def right_amount(question: PayoutQuestion, result: RoundResult) -> Fraction:
    """The amount the question asks for, read off the settled round."""
    seat = _seat(result)
    ask = question.ask
    if ask is Ask.NET or ask is Ask.PAY:
        return seat.net
    if ask is Ask.BACK:
        return sum((hand.bet for hand in seat.hands), Fraction(0)) + seat.insurance + seat.net
    if ask is Ask.INSURANCE:
        return seat.insurance_net
    index = 1 if ask is Ask.SHARE2 else 2
    if index >= len(seat.shares):
        raise InvalidQuestionError("the box has no such co-bettor")
    return seat.shares[index]


def read_question_played(notation: str) -> tuple[PayoutQuestion, RoundResult, Fraction]:
    """Read, play and check a notation: the question, its settled round and the right amount.

    :raises InvalidQuestionError: for anything this drill could not have asked.
    """
    question = read_question(notation)
    result = settle(question)
    kind = KINDS[question.kind]
    if not kind.fits(result, question):
        raise InvalidQuestionError(f"that round is not a {kind.slug} question")
    amount = right_amount(question, result)
    if not question.ask.signed and amount < 0:
        raise InvalidQuestionError(f"a {question.ask.value} question asks for an amount paid")
    if (amount / _CENT).denominator != 1:
        raise InvalidQuestionError("a payout question's answer is a whole number of cents")
    return question, result, amount


# -- amounts ------------------------------------------------------------------------------------

_AMOUNT_RE = re.compile(r"\d+(\.\d*)?|\.\d+")
_GROUPED_RE = re.compile(r"\d{1,3}(,\d{3})+(\.\d*)?")


def read_amount(text: str, *, signed: bool) -> Decimal:
    """An amount typed by the learner: ``22.5``, ``22.50``, ``$22.50``, ``1,000``, ``-7.50``.

    :raises InvalidAnswerError: for text that is not an amount, a negative amount where a
        payment is asked, more than two decimals, or an absurd size.
    """
    shown = (text or "").strip()
    raw = shown.replace("\u2212", "-").replace(" ", "")
    if not raw:
        raise InvalidAnswerError("Type an amount, like 22.50.")
    sign = ""
    if raw[0] in "+-":
        sign, raw = raw[0], raw[1:]
    raw = raw.removeprefix("$")
    if not sign and raw[:1] in ("+", "-"):
        sign, raw = raw[0], raw[1:]
    if _GROUPED_RE.fullmatch(raw):
        raw = raw.replace(",", "")
    if not _AMOUNT_RE.fullmatch(raw):
        raise InvalidAnswerError(f"{shown!r} is not an amount: type a number like 22.50.")
    amount = Decimal(sign.replace("+", "") + raw)
    if amount < 0 and not signed:
        raise InvalidAnswerError(
            "The question asks what is paid: an amount of 0 or more, not a negative one."
        )
    if abs(amount) > ABSURD:
        raise InvalidAnswerError(f"{shown} is far beyond any payout at these tables.")
    if "." in raw and len(raw.partition(".")[2]) > 2:
        raise InvalidAnswerError("Money is paid to the cent: at most two decimals.")
    return amount


def money_text(amount: Fraction | Decimal | int) -> str:
    """An amount as the drill writes it: ``15``, ``22.50``, ``-7.50``."""
    value = Fraction(amount)
    if value.denominator == 1:
        return str(value.numerator)
    cents = value * 100
    if cents.denominator != 1:
        return str(Decimal(value.numerator) / Decimal(value.denominator))
    whole = abs(cents.numerator)
    sign = "-" if value < 0 else ""
    return f"{sign}{whole // 100}.{whole % 100:02d}"


def _signed_text(amount: Fraction) -> str:
    return f"+{money_text(amount)}" if amount > 0 else money_text(amount)


# -- making questions ---------------------------------------------------------------------------

_BETS = {
    _VEGAS: (15, 25, 35, 45, 55, 75, 125, 7, 9, 13, 17, 21),
    _SIX_FIVE: (10, 15, 25, 35, 45, 12, 7, 18, 22, 55),
    _TWO_ONE: (10, 15, 25, 35, 45, 12, 17, 55),
    _CLUB: (5, 10, 15, 20, 25, 7, 12, 30),
    _BOXES: (10, 15, 20, 25, 35, 50, 75),
    _RUSSIAN: (5, 10, 15, 20, 25, 7, 12, 50),
}
_CO_BETS = ((20, 10), (30, 20, 10), (50, 25, 25), (40, 20), (60, 30, 30), (20, 20), (30, 15, 15))


class _Pool:
    """The pack a question is dealt from; cards are taken by value."""

    def __init__(self, rng: random.Random, decks: int) -> None:
        self.rng = rng
        self.cards = pack(decks)
        rng.shuffle(self.cards)

    def take(self, value: int) -> Card:
        for index, card in enumerate(self.cards):
            if card.value == value:
                return self.cards.pop(index)
        raise LookupError(value)  # pragma: no cover - a pack holds every value


class _Recorder:
    """Deals the arranged cards first, then the rest of the pool; records what was dealt."""

    def __init__(self, arranged: list[Card], pool: _Pool) -> None:
        self.queue = arranged + pool.cards
        self.dealt: list[Card] = []

    def draw(self) -> Card:
        card = self.queue[len(self.dealt)]
        self.dealt.append(card)
        return card

    def discard(self, cards: Sequence[Card]) -> None:
        pass


@dataclass
class _Plan:
    """A situation to deal: the player's first cards and draws, the dealer's first two."""

    player: list[int]
    up: int
    hole: int | None = None  # None: any card but one making a natural
    draws: tuple[int, ...] = ()  # cards the player's first hand draws, in order
    dealer_draws: tuple[int, ...] = ()
    insure: Fraction | None = None
    moves: Callable[[Round, random.Random], str] | None = None  # None: stand


def _natural_pair(rng: random.Random) -> list[int]:
    pair = [1, 10]
    rng.shuffle(pair)
    return pair


def _non_natural_hole(rng: random.Random, up: int) -> int:
    values = [v for v in range(1, 11) if {up, v} != {1, 10}]
    weights = [4 if v == 10 else 1 for v in values]
    return rng.choices(values, weights)[0]


def _plan(kind: str, rng: random.Random) -> _Plan:
    up = rng.choice([2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 1])
    if kind in ("natural-3-2", "natural-6-5", "natural-2-1", "russian-natural"):
        return _Plan(_natural_pair(rng), up)
    if kind == "insurance-wins":
        return _Plan(_two_card_hand(rng, 4, 20), 1, 10, insure=Fraction(1, 2))
    if kind == "insurance-loses":
        return _Plan(_two_card_hand(rng, 12, 20), 1, insure=rng.choice([Fraction(1, 2)] * 3))
    if kind == "even-money":
        return _Plan(_natural_pair(rng), 1, rng.choice([10, 10, 2, 5, 7, 9]), insure=Fraction(1, 2))
    if kind == "surrender":
        return _Plan(rng.choice([[10, 6], [10, 5], [9, 7], [9, 6]]), rng.choice([9, 10, 10, 1]),
                     moves=lambda r, g: "r")  # fmt: skip
    if kind == "split-double":
        pair = rng.choice([2, 3, 4, 6, 7, 8, 9])
        target = rng.choice([t for t in (9, 10, 11) if 2 <= t - pair <= 10])
        return _Plan([pair, pair], rng.choice([2, 3, 4, 5, 6, 7]), draws=(target - pair,),
                     moves=_split_play)  # fmt: skip
    if kind == "five-card-21":
        return _bonus_hand(rng, 5)
    if kind == "six-card-21":
        return _bonus_hand(rng, 6)
    if kind == "seven-seven-seven":
        return _Plan([7, 7], up, draws=(7,), moves=_hit_to_21)
    if kind == "eight-seven-six":
        values = [6, 7, 8]
        rng.shuffle(values)
        return _Plan(values[:2], up, draws=(values[2],), moves=_hit_to_21)
    if kind == "russian-bust":
        up, hole = rng.choice([(10, 6), (10, 5), (9, 7), (10, 2), (8, 6), (7, 5), (6, 10)])
        bust = rng.choice([v for v in range(2, 11) if up + hole + v > 21])
        return _Plan(_two_card_hand(rng, 13, 20), up, hole, dealer_draws=(bust,))
    if kind == "co-bettors":
        return _Plan(_two_card_hand(rng, 5, 20), rng.choice([2, 3, 4, 5, 6, 7, 8, 9, 10]),
                     moves=_simple_play)  # fmt: skip
    raise InvalidQuestionError(f"there is no payout question of the kind {kind!r}")


def _two_card_hand(rng: random.Random, low: int, high: int) -> list[int]:
    while True:
        cards = [rng.randint(1, 10), rng.randint(1, 10)]
        total = _best(cards)
        if low <= total <= high and total != 21:
            return cards


def _bonus_hand(rng: random.Random, size: int) -> _Plan:
    """``size`` card values making 21 only with the last card (no earlier total of 21 or more)."""
    while True:
        values = [rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8]) for _ in range(size)]
        totals = [_best(values[: n + 1]) for n in range(1, size)]
        if totals[-1] == 21 and all(total < 21 for total in totals[:-1]):
            up = rng.choice([2, 3, 4, 5, 6, 7, 8, 9, 10, 1])
            return _Plan(values[:2], up, draws=tuple(values[2:]), moves=_hit_to_21)


_CARD_OF_VALUE = {card.value: card for card in map(Card.parse, "A23456789T")}


def _best(values: Sequence[int]) -> int:
    """The best total of these card values (an ace is 1)."""
    return Hand(tuple(_CARD_OF_VALUE[value] for value in values)).total


def _hit_to_21(round_: Round, rng: random.Random) -> str:
    return "h"


def _split_play(round_: Round, rng: random.Random) -> str:
    legal = round_.legal_actions()
    total = round_.current_total
    if Action.SPLIT in legal and len(round_.hands(0)) == 1:
        return "p"
    if Action.DOUBLE in legal and total in (9, 10, 11):
        return "d"
    if Action.SPLIT in legal and rng.random() < 0.3:
        return "p"
    if Action.HIT in legal and (total < 12 or (total < 17 and rng.random() < 0.4)):
        return "h"
    return "s"


def _simple_play(round_: Round, rng: random.Random) -> str:
    legal = round_.legal_actions()
    total = round_.current_total
    if Action.DOUBLE in legal and total in (10, 11) and rng.random() < 0.7:
        return "d"
    if Action.SURRENDER in legal and total in (15, 16) and rng.random() < 0.3:
        return "r"
    if Action.HIT in legal and (total < 12 or (total < 17 and rng.random() < 0.5)):
        return "h"
    return "s"


def _arrange(rules: Rules, plan: _Plan, pool: _Pool) -> list[Card]:
    """The cards in deal order for one seat: the deal, the player's draws, the dealer's draws."""
    p1, p2 = (pool.take(value) for value in plan.player)
    up = pool.take(plan.up)
    hole_value = plan.hole if plan.hole is not None else _non_natural_hole(pool.rng, plan.up)
    hole = pool.take(hole_value)
    draws = [pool.take(value) for value in plan.draws]
    dealer_draws = [pool.take(value) for value in plan.dealer_draws]
    if rules.hole_card == "none":
        return [p1, up, p2, *draws, hole, *dealer_draws]
    return [p1, up, p2, hole, *draws, *dealer_draws]


def make_question(kind_slug: str, rng: random.Random) -> PayoutQuestion:
    """A fresh question of one kind, dealt with ``rng`` and played through the engine."""
    kind = KINDS[kind_slug]
    for _ in range(_ATTEMPTS):
        rules_text = rng.choice(kind.rules)
        rules = rules_of(rules_text)
        plan = _plan(kind_slug, rng)
        pool = _Pool(rng, rules.decks)
        arranged = _arrange(rules, plan, pool)
        if kind_slug == "co-bettors":
            bets = tuple(Fraction(b) for b in rng.choice(_CO_BETS))
        else:
            bets = (Fraction(rng.choice(_BETS[rules_text])),)
        source = _Recorder(arranged, pool)
        moves: list[str] = []
        round_ = _start(rules, source, bets)
        while round_.phase is not Phase.DONE:
            if round_.phase is Phase.INSURANCE:
                stake = bets[0] * plan.insure if plan.insure is not None else Fraction(0)
                move = f"ins={money_text(stake)}"
            elif plan.moves is None:
                move = "s"
            else:
                move = plan.moves(round_, rng)
            _play_move(round_, move)
            moves.append(move)
        question = PayoutQuestion(
            kind_slug, rules_text, bets, tuple(source.dealt), tuple(moves), rng.choice(kind.asks)
        )
        try:
            read_question_played(str(question))
        except InvalidQuestionError:
            continue
        return question
    raise RuntimeError(f"could not deal a {kind_slug} question")  # pragma: no cover


# -- showing and explaining ---------------------------------------------------------------------

_RULE_WORDS = ("pay", "Insurance", "surrender", "Ties", "No hole card", "dealt 21", "collects")


def rules_lines(rules: Rules) -> list[str]:
    """The lines of the rules' summary that bear on payouts."""
    return [line for line in rules.summary() if any(word in line for word in _RULE_WORDS)]


def _hand_notes(hand: Any, index: int, count: int) -> str:
    notes = []
    if count > 1:
        notes.append(f"hand {index + 1} of {count} after splitting")
    if hand.doubled:
        notes.append("doubled")
    if hand.outcome is Outcome.SURRENDER:
        notes.append("surrendered")
    return ", ".join(notes)


def situation_view(question: PayoutQuestion, result: RoundResult) -> dict[str, Any]:
    """What the page shows: the cards, the stakes, the rules in play and what is asked."""
    rules = question.rules
    kind = KINDS[question.kind]
    seat = _seat(result)
    bettors = ["You"] + [f"Co-bettor {n}" for n in range(1, len(question.bets))]
    hands = [
        {
            "cards": Hand(hand.cards),
            "total": hand.total,
            "stake": money_text(hand.bet),
            "notes": _hand_notes(hand, index, len(seat.hands)),
        }
        for index, hand in enumerate(seat.hands)
    ]
    return {
        "kind": kind.slug,
        "kind_title": kind.title,
        "rules_name": rules.name,
        "rules_lines": rules_lines(rules),
        "dealer": Hand(result.dealer_cards),
        "dealer_total": result.dealer_total,
        "dealer_natural": result.dealer_natural,
        "bets": list(zip(bettors, (money_text(bet) for bet in question.bets), strict=True)),
        "hands": hands,
        "hand": hands[0]["cards"],
        "insurance": money_text(seat.insurance) if seat.insurance else None,
        "even_money": question.kind == "even-money",
        "ask": question.ask.value,
        "ask_text": ask_text(question),
        "signed": question.ask.signed,
    }


def explain(question: PayoutQuestion, result: RoundResult, amount: Fraction) -> str:
    """How the amount comes out of the rules, hand by hand, in the engine's own words."""
    rules = question.rules
    seat = _seat(result)
    parts = []
    for index, hand in enumerate(seat.hands):
        why = settle_hand(
            rules,
            hand.cards,
            result.dealer_cards,
            hand.bet,
            split=hand.split,
            doubled=hand.doubled,
            surrendered=hand.outcome is Outcome.SURRENDER,
            dealer_natural=result.dealer_natural,
        ).why
        label = f"Hand {index + 1}" if len(seat.hands) > 1 else "Your hand"
        parts.append(
            f"{label} ({hand.total}, stake {money_text(hand.bet)}): {why}: "
            f"{_signed_text(hand.net)}."
        )
    if seat.insurance:
        verdict = (
            "the dealer has a natural, so it pays 2:1"
            if result.dealer_natural
            else "the dealer has no natural, so it is lost"
        )
        parts.append(
            f"Insurance of {money_text(seat.insurance)}: {verdict}: "
            f"{_signed_text(seat.insurance_net)}."
        )
    if len(seat.hands) > 1 or seat.insurance:
        parts.append(f"In all: {_signed_text(seat.net)}.")
    ask = question.ask
    if ask in (Ask.SHARE2, Ask.SHARE3):
        index = 1 if ask is Ask.SHARE2 else 2
        total = sum(question.bets, Fraction(0))
        parts.append(
            f"The box's result is shared pro rata: {money_text(seat.net)} x "
            f"{money_text(question.bets[index])}/{money_text(total)} = {money_text(amount)}."
        )
    elif ask is Ask.BACK:
        parts.append(f"Of the stake, {money_text(amount)} comes back.")
    elif ask is Ask.INSURANCE:
        parts.append(f"The insurance bet pays {money_text(amount)}.")
    elif ask is Ask.PAY:
        parts.append(f"The dealer pays {money_text(amount)}.")
    return " ".join(parts)


def ask_text(question: PayoutQuestion) -> str:
    """The question's wording; with co-bettors, the net is the whole box's."""
    if question.ask is Ask.NET and len(question.bets) > 1:
        return "What is the whole box's net result, all its bettors together? (a loss is negative)"
    return _ASK_TEXT[question.ask]


class PayoutMath(Drill):
    slug = "payout-math"
    title = "Payout math"
    description = (
        "A hand is settled before you: naturals at 3:2, 6:5 and 2:1, insurance and even money, "
        "surrender, split and doubled boxes, and the seed games' bonuses. "
        "Type the amount, to the cent."
    )
    template = "drills/payout_math.html"
    situation_template = "drills/_payout_situation.html"
    mixes = MIXES
    kinds = KINDS

    def new_question(self, rng: random.Random, rules: Rules, learner: LearnerState) -> Question:
        kinds = kinds_for(learner.options.get("mix"))
        question = make_question(rng.choice(kinds), rng)
        return self.question(str(question), rules)

    def question(self, notation: str, rules: Rules) -> Question:
        question, result, _ = read_question_played(notation)
        return Question(
            notation=str(question),
            prompt=ask_text(question),
            view=situation_view(question, result),
        )

    def rules_for(self, notation: str, rules: Rules) -> Rules:
        """The rules the question is played under (its notation names them)."""
        return read_question(notation).rules

    def grade(self, notation: str, answer_text: str, rules: Rules) -> Grade:
        question, result, amount = read_question_played(notation)
        answer = read_amount(answer_text, signed=question.ask.signed)
        given = Fraction(answer)
        stake = sum(question.bets, Fraction(0))
        return Grade(
            correct=given == amount,
            answer=money_text(given),
            right_answer=money_text(amount),
            explanation=explain(question, result, amount),
            ev_cost=abs(given - amount) / stake,
        )


DRILL = PayoutMath()
