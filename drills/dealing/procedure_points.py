"""The points of a deal where the procedure drill asks what the dealer must do, each read from
its notation and answered by the engine: the round's deal, the shoe's burn and reshuffle, and
the dealer's procedure rules (:mod:`trainer.engine.rulebook.procedure`).

Notation: the point, the preset, and what the point needs::

    deal|permanent-bank|3 5        # three players; where does the 5th card of the deal go?
    peek|permanent-bank|KH         # may the dealer look under a king?
    natural|twenty-one-club|3 2 5 9C   # three players, seat 2 a natural for 5, the dealer 9 up
    stop|twenty-one-club|-         # the next card is the face-up burned card, mid-round
    reserve|permanent-bank|12      # 12 cards left before a round
    burn|twenty-one-club|AS        # the card to burn is the ace of spades
    offer|casino-boxes|AH AS KD    # the dealer's ace up; the box holds A-K
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from drills.base import InvalidQuestionError
from drills.dealing.table_words import amount, card_words
from drills.refusals import CARDS_NOT_CARDS, PARTS, ROUND_UNPLAYABLE, TOO_LONG
from trainer.engine.deck.cards import Card, InvalidCardError
from trainer.engine.deck.hand import Hand
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.phases import Action, Phase
from trainer.engine.play.round import UP_INDEX, Round
from trainer.engine.play.settlement import is_natural
from trainer.engine.rulebook.procedure import dealer_offers, may_burn, may_look_at_hole_card
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.words import N_, number, plural, say

MAX_NOTATION = 80
MAX_SEATS = 7
# Cards for a dealt round whose only natural is the one a question puts there: no ace and no
# ten, each card once, so every card's place in the deal can be told.
_LOW = [Card.parse(f"{rank}{suit}") for suit in "SHDC" for rank in "23456789"]
_NATURAL = (Card.parse("AS"), Card.parse("KD"))
_CARD_RE = re.compile(r"(10|[2-9TJQKA])[SHDC]")


@dataclass(frozen=True)
class Answer:
    """A point's right answer and what the question shows, worked out by the engine."""

    right: str
    choices: tuple[tuple[str, str], ...]  # (slug, label), the right one among them
    prompt: str
    view: dict[str, Any]
    # The labels in the learner's words, where a label is not a message of its own (it names a
    # seat or an amount): the labels, in English, are what an answer is stored as.
    said: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Point:
    """One point of the procedure: its title, the presets it is asked under, and its parts."""

    slug: str
    title: str
    presets: tuple[str, ...]
    read: Callable[[str], tuple[Any, ...]]  # the arguments, checked for form
    answer: Callable[[Rules, tuple[Any, ...]], Answer]
    make: Callable[[random.Random, Rules], str]  # fresh arguments, as notation


def read_card(text: str) -> Card:
    if not _CARD_RE.fullmatch(text):
        raise InvalidQuestionError.said_as(N_("a card of the question is not a card with its suit"))
    try:
        return Card.parse(text)
    except InvalidCardError as error:  # pragma: no cover - the pattern admits cards only
        raise InvalidQuestionError.caused_by(error, CARDS_NOT_CARDS) from None


def read_numbers(text: str, count: int, low: int, high: int) -> list[int]:
    """``count`` whole numbers of digits 0-9, each ``low`` to ``high``."""
    words = text.split(" ")
    if len(words) != count or not all(w.isascii() and w.isdecimal() and len(w) <= 3 for w in words):
        raise InvalidQuestionError.said_as(
            N_("the question does not give the whole numbers this point asks about")
        )
    numbers = [int(w) for w in words]
    if not all(low <= n <= high for n in numbers):
        raise InvalidQuestionError.said_as(
            N_("each number of the question here is %(least)s to %(most)s"),
            least=number(low),
            most=number(high),
        )
    return numbers


# -- the deal ---------------------------------------------------------------------------------


def _dealt(rules: Rules, seats: int) -> list[tuple[str, Card, bool]]:
    """Each card of a round's deal, dealt from distinct low cards: to whom, and face up."""
    round_ = Round(rules, Shoe.stacked(rules, _LOW), [rules.min_bet] * seats)
    where: dict[Card, tuple[str, bool]] = {}
    for index in range(seats):
        [hand] = round_.hands(index)
        [faces] = round_.shown_in_play(index)
        for card, up in zip(hand.cards, faces, strict=True):
            where[card] = (f"seat-{index + 1}", up)
    for card, up in zip(round_.dealer_cards, round_.dealer_shown_in_play, strict=True):
        where[card] = ("dealer", up)
    return [(*where[card][:1], card, where[card][1]) for card in _LOW[: len(where)]]


def _target_words(target: str, up: bool, *, said: bool = False) -> str:
    """Where a card goes: in English (the label stored), or ``said`` in the learner's words."""
    text = say if said else lambda message, **values: message % values
    if target == "dealer":
        return text(N_("You (the dealer), face up") if up else N_("You (the dealer), face down"))
    seat = int(target.split("-")[1])
    return text(N_("Seat %(seat)s, face up") if up else N_("Seat %(seat)s, face down"), seat=seat)


def _deal_read(text: str) -> tuple[Any, ...]:
    seats, card = read_numbers(text, 2, 1, MAX_SEATS * 2 + 2)
    if seats > MAX_SEATS:
        raise InvalidQuestionError.said_as(
            N_("a deal question has 1 to %(most)s players"), most=number(MAX_SEATS)
        )
    return seats, card


def _deal_answer(rules: Rules, args: tuple[Any, ...]) -> Answer:
    seats, asked = args
    order = _dealt(rules, seats)
    if not 2 <= asked <= len(order):
        raise InvalidQuestionError.said_as(
            N_("this deal has cards 2 to %(most)s to ask about"), most=number(len(order))
        )
    target, _, up = order[asked - 1]
    before = order[: asked - 1]
    last = before[-1][0]
    following = 1 if last == "dealer" else int(last.split("-")[1]) % seats + 1
    candidates = [
        (target, up),
        (target, not up),
        ("dealer", True),
        ("dealer", False),
        (f"seat-{following}", not up),
        (f"seat-{following}", up),
        ("seat-1", up),
    ]
    choices: dict[str, str] = {}
    for who, face in candidates:
        choices.setdefault(f"{who}-{'up' if face else 'down'}", _target_words(who, face))
    said = {
        _target_words(who, face): _target_words(who, face, said=True) for who, face in candidates
    }
    held: dict[str, list[tuple[Card, bool]]] = {}
    for who, card, face in before:
        held.setdefault(who, []).append((card, face))
    view = {
        "seats": [
            (say("Seat %(seat)s", seat=n), held.get(f"seat-{n}", [])) for n in range(1, seats + 1)
        ],
        "dealer": held.get("dealer", []),
    }
    return Answer(
        f"{target}-{'up' if up else 'down'}",
        tuple(list(choices.items())[:4]),
        plural(
            "You are dealing a round to %(count)s player; ",
            "You are dealing a round to %(count)s players; ",
            seats,
        )
        # "the next card", not "card 7": the cards out are drawn 2, 3, 4 ... in the order dealt,
        # and "card 7" was asked with a 7 already on seat 2 (a walk).
        + plural(
            "%(count)s card is out. Where does the next one go?",
            "%(count)s cards are out. Where does the next one go?",
            asked - 1,
        ),
        view,
        said,
    )


def _deal_make(rng: random.Random, rules: Rules) -> str:
    seats = rng.randint(2, 5)
    size = 2 * seats + (2 if rules.hole_card != "none" else 1)
    # Most often the cards where a dealer slips: his own, and the first of the second pass.
    number = rng.choice([seats + 1, seats + 2, size, size, rng.randint(2, size)])
    return f"{seats} {number}"


# -- the peek ---------------------------------------------------------------------------------

_PEEK = (
    ("look", N_("Look at your hole card now, for a natural")),
    ("wait", N_("Do not look at it until your own turn to draw")),
    ("none", N_("You have no hole card: your second card comes after every box has played")),
)


def _peek_answer(rules: Rules, args: tuple[Any, ...]) -> Answer:
    (up,) = args
    if rules.hole_card == "none":
        right = "none"
    else:
        right = "look" if may_look_at_hole_card(rules, up.value) else "wait"
    return Answer(
        right,
        _PEEK,
        say(
            "The deal is done; your up card is %(up)s. May you look at your hole card?",
            up=card_words(up),
        ),
        {"up": up},
    )


def _peek_make(rng: random.Random, rules: Rules) -> str:
    return str(rng.choice(_LOW + [Card.parse(c) for c in ("AH", "TC", "KS", "QD", "JH", "AD")]))


# -- a player's natural -------------------------------------------------------------------------


def _natural_read(text: str) -> tuple[Any, ...]:
    numbers, _, up = text.rpartition(" ")
    seats, seat, bet = read_numbers(numbers, 3, 1, 100)
    if seats > MAX_SEATS or seat > seats:
        raise InvalidQuestionError.said_as(
            N_("there is no seat %(seat)s among %(seats)s players"),
            seat=number(seat),
            seats=number(min(seats, 99)),
        )
    return seats, seat, bet, read_card(up)


def _deal_order(
    rules: Rules, first: list[Card], second: list[Card], up: Card, hole: Card, rest: list[Card]
) -> list[Card]:
    """The pack's order for a deal where the dealer shows ``up`` over ``hole``: his face-up card
    is his first, or his second where everyone's first card goes face down (002)."""
    own = (hole, up) if UP_INDEX[rules.deal_faces] else (up, hole)
    return [*first, own[0], *second, own[1], *rest]


def _natural_round(rules: Rules, args: tuple[Any, ...]) -> Round:
    """Seat ``seat`` dealt A-K, the others low cards, the dealer ``up`` and a 7 (no natural)."""
    seats, seat, bet, up = args
    hole = Card.parse("6C" if up == Card.parse("7C") else "7C")
    low = [card for card in _LOW if card not in (up, hole)]
    first, second = low[:seats], low[seats : 2 * seats]
    first[seat - 1], second[seat - 1] = _NATURAL
    cards = _deal_order(rules, first, second, up, hole, low[2 * seats :])
    try:
        return Round(rules, Shoe.stacked(rules, cards), [Fraction(bet)] * seats)
    except ValueError as error:
        raise InvalidQuestionError.caused_by(error, ROUND_UNPLAYABLE) from None


def _natural_answer(rules: Rules, args: tuple[Any, ...]) -> Answer:
    seats, seat, bet, up = args
    round_ = _natural_round(rules, args)
    # The engine takes the natural out of the turns before the first player draws.
    if round_.dealer_natural or round_.current_seat == seat - 1:
        raise InvalidQuestionError.said_as(
            N_("that round is not one with a player's natural to settle")
        )
    while round_.phase is Phase.PLAYER_TURNS:
        round_.act(Action.STAND)
    net = round_.settle().seats[seat - 1].net
    now = rules.hole_card == "peek"  # the dealer's natural is known before play
    stake = Fraction(bet)
    worded = (
        ("pay-now", _PAY_NOW, net),
        ("pay-later", _PAY_LATER, net),
        ("even-now", _PAY_NOW, stake),
        ("double-now", _PAY_NOW, 2 * stake),
    )
    choices = tuple(
        (slug, words % {"seat": seat, "amount": amount(paid)}) for slug, words, paid in worded
    )
    said = {
        label: say(words, seat=seat, amount=number(paid, 0 if paid.denominator == 1 else 2))
        for (_, label), (_, words, paid) in zip(choices, worded, strict=True)
    }
    return Answer(
        "pay-now" if now else "pay-later",
        choices,
        say(
            "Seat %(seat)s shows a natural on a bet of %(bet)s. Your up card is %(up)s, and you "
            "have no natural. What do you do with seat %(seat)s's bet?",
            seat=seat,
            bet=number(bet),
            up=card_words(up),
        ),
        {"up": up, "hand": _NATURAL},
        said,
    )


_PAY_NOW = N_("Pay %(amount)s to seat %(seat)s now, before the first player draws")
_PAY_LATER = N_("Pay %(amount)s to seat %(seat)s once you have played your own hand")


def _natural_make(rng: random.Random, rules: Rules) -> str:
    seats = rng.randint(1, 4)
    up = rng.choice([Card.parse(c) for c in ("9C", "8H", "TC", "AH", "KS", "5D", "6H")])
    bet = rng.choice([5, 7, 9, 3, 10, 4, 6])
    return f"{seats} {rng.randint(1, seats)} {min(bet, int(rules.max_bet or bet))} {up}"


# -- the dealer's natural -----------------------------------------------------------------------

_DEALER_NATURAL = (
    ("show-now", N_("Show it at once: take every bet without a natural; a player's natural ties")),
    ("play-first", N_("Let the players draw first, then show it")),
    ("take-all", N_("Show it at once and take every bet, a player's natural too")),
    ("take-double", N_("Show it at once and take double from every bet without a natural")),
)


def _dealer_natural_read(text: str) -> tuple[Any, ...]:
    seats, seat, bet, up = _natural_read(text)
    if up.value not in (1, 10) or up in _NATURAL:
        raise InvalidQuestionError.said_as(
            N_("the dealer's natural shows an ace or a ten-card, and not one of the two cards "
               "the player's natural is made of here")
        )  # fmt: skip
    return seats, seat, bet, up


def _dealer_natural_answer(rules: Rules, args: tuple[Any, ...]) -> Answer:
    seats, seat, bet, up = args
    hole = Card.parse("KH" if up.value == 1 else "AC")
    low = list(_LOW)
    first, second = low[:seats], low[seats : 2 * seats]
    first[seat - 1], second[seat - 1] = _NATURAL
    cards = _deal_order(rules, first, second, up, hole, low[2 * seats :])
    try:
        round_ = Round(rules, Shoe.stacked(rules, cards), [Fraction(bet)] * seats)
    except ValueError as error:
        raise InvalidQuestionError.caused_by(error, ROUND_UNPLAYABLE) from None
    if round_.phase is Phase.DONE:  # the engine ended the round at the peek: settle it now
        nets = [seat_result.net for seat_result in round_.settle().seats]
        others = [net for index, net in enumerate(nets) if index != seat - 1]
        stake = Fraction(bet)
        if nets[seat - 1] == 0 and all(net == -stake for net in others):
            right = "show-now"
        elif nets[seat - 1] == -stake:
            right = "take-all"
        else:
            right = "take-double"
    else:
        right = "play-first"
    return Answer(
        right,
        _DEALER_NATURAL,
        plural(
            "You have dealt %(count)s player a bet of %(bet)s each; your up card is %(up)s, you "
            "look under it and have a natural. Seat %(seat)s has a natural too. What do you do?",
            "You have dealt %(count)s players a bet of %(bet)s each; your up card is %(up)s, you "
            "look under it and have a natural. Seat %(seat)s has a natural too. What do you do?",
            seats,
            bet=bet,
            up=card_words(up),
            seat=seat,
        ),
        {"up": up, "hand": _NATURAL},
    )


def _dealer_natural_make(rng: random.Random, rules: Rules) -> str:
    seats = rng.randint(2, 4)
    up = rng.choice([Card.parse(c) for c in ("AH", "AC", "TC", "KS", "QH", "JD")])
    bet = min(rng.choice([5, 7, 9, 3, 10, 4, 6]), int(rules.max_bet or 10))
    return f"{seats} {rng.randint(1, seats)} {bet} {up}"


# -- the end of the pack, the reserve, the burn ---------------------------------------------


_STOP = (
    ("shuffle-now", N_("Stop: shuffle the played cards, have them cut, and deal the round on")),
    ("finish", N_("Deal the round on to its end, and shuffle before the next one")),
    ("unshuffled", N_("Deal the round on from the played cards, turned over but not shuffled")),
    ("void", N_("Stop the round: every bet goes back, and shuffle")),
)


def _stop_answer(rules: Rules, args: tuple[Any, ...]) -> Answer:
    shoe = Shoe(rules, random.Random(0))
    drawn: list[Card] = []
    while not (shoe.cards_remaining == 0 if rules.penetration == 1 else shoe.cut_card_out):
        drawn.append(shoe.draw())
    shoe.discard(drawn[:-4])  # the last four are in play: the round being dealt
    shuffles = shoe.shuffles
    shoe.draw()  # the card the player asked for
    right = "shuffle-now" if shoe.shuffles > shuffles else "finish" if shoe.needs_shuffle else ""
    if not right:  # pragma: no cover - every preset's shoe does one or the other
        raise InvalidQuestionError.said_as(N_("this shoe neither shuffles nor ends here"))
    if rules.penetration < 1:
        mark = say("the cut card")
    elif rules.burn_cards:
        mark = say("the burned card, lying face up under the pack")
    else:
        mark = say("the joker, lying face up under the pack")
    return Answer(
        right,
        _STOP,
        say(
            "In the middle of a round a player asks for a card, and the next card is %(mark)s. "
            "What do you do?",
            mark=mark,
        ),
        {},
    )


_RESERVE = (
    ("deal", N_("Deal the round from the cards left")),
    ("reshuffle", N_("Gather every card, shuffle, have the pack cut, and then deal")),
    ("ask", N_("Ask the players whether to deal or to shuffle")),
)


def _reserve_answer(rules: Rules, args: tuple[Any, ...]) -> Answer:
    (left,) = args
    shoe = Shoe(rules, random.Random(0))
    shoe.discard(shoe.draw_many(shoe.cards_remaining - left))
    return Answer(
        "reshuffle" if shoe.needs_shuffle else "deal",
        _RESERVE,
        say("Before a round, %(left)s cards are left above the joker. What do you do?", left=left),
        {},
    )


_BURN = (
    ("burn", N_("Burn it as you would any card")),
    ("reshuffle", N_("It may not be burned: shuffle the pack and have it cut again")),
    ("next", N_("Put it back in the pack and burn the next card")),
    ("deal", N_("Deal it to the first player and burn the next card")),
)


def _burn_answer(rules: Rules, args: tuple[Any, ...]) -> Answer:
    (card,) = args
    return Answer(
        "burn" if may_burn(rules, card) else "reshuffle",
        _BURN,
        say(
            "You have shuffled and the pack is cut; the card you turn up to burn is %(card)s. "
            "What do you do?",
            card=card_words(card),
        ),
        {"card": card},
    )


# -- what the dealer offers a box ------------------------------------------------------------

_OFFER = (
    ("insurance", N_("Offer insurance")),
    ("even-money", N_("Offer even money")),
    ("double", N_("Offer a double")),
    ("surrender", N_("Offer surrender")),
    ("nothing", N_("Offer nothing: the box plays")),
)


def _offer_read(text: str) -> tuple[Any, ...]:
    words = text.split(" ")
    if len(words) != 3:
        raise InvalidQuestionError.said_as(
            N_("an offer question names the up card and the box's two cards")
        )
    return tuple(read_card(word) for word in words)


def _offer_answer(rules: Rules, args: tuple[Any, ...]) -> Answer:
    up, first, second = args
    hand = Hand((first, second))
    offers = dealer_offers(
        rules, up.value, hand.total, hand.is_soft, natural=is_natural(hand.cards)
    )
    if len(offers) > 1:
        raise InvalidQuestionError.said_as(N_("that box is offered more than one thing at once"))
    return Answer(
        offers[0].value if offers else "nothing",
        _OFFER,
        say(
            "Your up card is %(up)s; box 1 holds %(first)s %(second)s. What do you offer it "
            "before it plays?",
            up=card_words(up),
            first=card_words(first),
            second=card_words(second),
        ),
        {"up": up, "hand": (first, second)},
    )


_OFFER_HANDS = (
    ("AH", "AS KD"), ("AD", "TS 6H"), ("AC", "9S 4D"), ("6H", "5S 5D"), ("TD", "6S 3C"),
    ("9C", "8H 2S"), ("TH", "9S 6D"), ("9S", "TD 6C"), ("AS", "QH AC"), ("7D", "TC 8S"),
    ("5C", "AH 8D"), ("TS", "5H 5C"), ("AH", "8C 8D"),
)  # fmt: skip


def _offer_make(rng: random.Random, rules: Rules) -> str:
    up, hand = rng.choice(_OFFER_HANDS)
    return f"{up} {hand}"


def _one_card(text: str) -> tuple[Any, ...]:
    return (read_card(text),)


def _no_args(text: str) -> tuple[Any, ...]:
    if text != "-":
        raise InvalidQuestionError.said_as(
            N_("this point of the procedure asks about nothing more")
        )
    return ()


def _reserve_read(text: str) -> tuple[Any, ...]:
    return tuple(read_numbers(text, 1, 1, 60))


POINTS: dict[str, Point] = {
    point.slug: point
    for point in (
        Point("deal", N_("The deal order"), ("permanent-bank", "twenty-one-club", "casino-boxes"),
              _deal_read, _deal_answer, _deal_make),
        Point("peek", N_("Looking at the hole card"), ("permanent-bank", "casino-boxes"),
              _one_card, _peek_answer, _peek_make),
        Point("natural", N_("A player's natural"), ("permanent-bank", "twenty-one-club"),
              _natural_read, _natural_answer, _natural_make),
        Point("dealer-natural", N_("The dealer's natural"), ("permanent-bank", "twenty-one-club"),
              _dealer_natural_read, _dealer_natural_answer, _dealer_natural_make),
        Point("stop", N_("The end of the pack"),
              ("permanent-bank", "twenty-one-club", "casino-boxes"),
              _no_args, _stop_answer, lambda rng, rules: "-"),
        Point("reserve", N_("Too few cards left"), ("permanent-bank",),
              _reserve_read, _reserve_answer, lambda rng, rules: str(rng.randint(5, 40))),
        Point("burn", N_("The card to burn"), ("twenty-one-club", "casino-boxes"),
              _one_card, _burn_answer,
              lambda rng, rules: rng.choice(["AS", "AH", "AD", "7D", "KC", "2H"])),
        Point("offer", N_("What the dealer offers"), ("casino-boxes",),
              _offer_read, _offer_answer, _offer_make),
    )
}  # fmt: skip


def read_point(notation: str) -> tuple[Point, Rules, tuple[Any, ...]]:
    """The point, rules and arguments a notation names, checked.

    :raises InvalidQuestionError: naming what is wrong.
    """
    if not isinstance(notation, str) or len(notation) > MAX_NOTATION:
        raise InvalidQuestionError.said_as(TOO_LONG)
    fields = notation.split("|")
    if len(fields) != 3:
        raise InvalidQuestionError.said_as(PARTS)
    point = POINTS.get(fields[0])
    if point is None:
        raise InvalidQuestionError.said_as(N_("the trainer has no such point of the procedure"))
    if fields[1] not in point.presets:
        raise InvalidQuestionError.said_as(
            N_("%(point)s is not asked under those rules"), point=say(point.title)
        )
    return point, find_preset(fields[1]), point.read(fields[2])
