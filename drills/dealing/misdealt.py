"""A round of 000 in which an irregularity has happened, read from its notation and played
through the engine (:mod:`trainer.engine.play.round`): the table as the dealer sees it when
it happens, the remedies the engine allows the misdealt seat, and the round played on from the
player's decision to its settlement.

Notation: the kind, the misdealt seat (from 1, the dealer's left), the bets, the cards in the
order they leave the pack, and the player's decision where the text leaves him one::

    extra-card|2|5+10|2H 9C TD 7S 5D 9H 8C 4S|keep 1 3
    shown-card|1|3+4|TS 6H 9D 6C 8S TH 3D|refuse accept
    one-card|1|10+2|6H 9C TD TS 8C 5D|missing
    no-cards|2|1+1|9C TD 8C KS 5D|-

The cards are exactly those the round deals (a forged list that runs short or long is refused),
the others at the table draw below 12 (soft below 18) and stand otherwise, and every move is
the engine's: nothing here decides what the text allows.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from drills.base import InvalidQuestionError
from drills.refusals import (
    CARDS_NOT_CARDS,
    NEEDS_MORE_CARDS,
    NO_SUIT,
    PARTS,
    ROUND_OVER_CARDS,
    ROUND_UNPLAYABLE,
    ROUND_WAITS,
    TOO_LONG,
    check_pack,
)
from trainer.engine.deck.cards import Card, InvalidCardError, pack
from trainer.engine.deck.hand import Hand
from trainer.engine.deck.shoe import ArrangedCards, ShoeExhaustedError
from trainer.engine.play.boxes import InvalidBetError
from trainer.engine.play.misdeals import Misdeal
from trainer.engine.play.phases import Action, IllegalActionError, Phase
from trainer.engine.play.round import Outcome, Round, RoundResult
from trainer.engine.play.settlement import is_natural
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.words import N_, number

RULES: Rules = find_preset("permanent-bank")
MAX_NOTATION = 400
MAX_SEATS = 5
MAX_CARDS = 60
_SEAT_RE = re.compile(r"[1-9]")
_BET_RE = re.compile(r"[0-9]{1,2}")


@dataclass(frozen=True)
class Kind:
    """One irregularity of 000's list: the misdeal the engine is given (or an exposed card, or
    an unannounced natural), whether the dealer holds a natural, and the player's decisions."""

    slug: str
    misdeal: Misdeal | None
    decisions: tuple[str, ...]
    dealer_natural: bool = False
    exposed: bool = False
    announced: bool = True


# An exposed card's answers: taken, refused (to the discards when nobody after may draw), or
# refused and taken or refused by the next player to draw.
_OFFERED = ("accept", "refuse", "refuse accept", "refuse refuse")

KINDS: dict[str, Kind] = {
    kind.slug: kind
    for kind in (
        Kind("extra-card", Misdeal.EXTRA_CARD, ("keep 1 2", "keep 1 3", "keep 2 3")),
        Kind("unasked-card", None, _OFFERED, exposed=True),
        Kind("shown-card", None, _OFFERED, exposed=True),
        Kind("one-card", Misdeal.ONE_CARD, ("bet-back", "missing")),
        Kind("one-card-natural", Misdeal.ONE_CARD, ("missing",), dealer_natural=True),
        Kind("no-cards", Misdeal.NO_CARDS, ("-",)),
        Kind("face-up", Misdeal.FACE_UP, ("accept", "withdraw")),
        Kind("late-natural", None, ("-",), dealer_natural=True, announced=False),
    )
}


@dataclass(frozen=True)
class Misdealt:
    """One situation: its kind, the misdealt seat (from 0), bets, cards dealt, decision."""

    kind: str
    seat: int
    bets: tuple[int, ...]
    cards: tuple[Card, ...]
    decision: tuple[str, ...]

    def __str__(self) -> str:
        return "|".join(
            (
                self.kind,
                str(self.seat + 1),
                "+".join(map(str, self.bets)),
                " ".join(map(str, self.cards)),
                " ".join(self.decision) or "-",
            )
        )


class Cards(ArrangedCards):
    """The question's cards in order (what the round draws from); ``filler`` deals on past
    their end (for trying a remedy out), else running short is a forged question."""

    _FILLER = Card.parse("2C")

    def __init__(self, cards: Sequence[Card], *, filler: bool = False) -> None:
        super().__init__(cards, filler=self._FILLER if filler else None)

    @property
    def drawn(self) -> int:
        return len(self.dealt)

    def draw(self) -> Card:
        try:
            return super().draw()
        except ShoeExhaustedError:
            raise InvalidQuestionError.said_as(NEEDS_MORE_CARDS) from None


def read(notation: str) -> Misdealt:
    """The situation a notation writes, checked for form (not played yet).

    :raises InvalidQuestionError: naming the field that is wrong.
    """
    if not isinstance(notation, str) or len(notation) > MAX_NOTATION:
        raise InvalidQuestionError.said_as(TOO_LONG)
    fields = notation.split("|")
    if len(fields) != 5:
        raise InvalidQuestionError.said_as(PARTS)
    kind_text, seat_text, bets_text, cards_text, decision_text = fields
    kind = KINDS.get(kind_text)
    if kind is None:
        raise InvalidQuestionError.said_as(N_("the trainer has no such irregularity"))
    if not _SEAT_RE.fullmatch(seat_text):
        raise InvalidQuestionError.said_as(
            N_("the question's seat is one digit, 1 to %(most)s"), most=number(9)
        )
    bets_words = bets_text.split("+")
    if not 1 <= len(bets_words) <= MAX_SEATS or not all(map(_BET_RE.fullmatch, bets_words)):
        raise InvalidQuestionError.said_as(
            N_("the question's bets are 1 to %(most)s whole numbers"), most=number(MAX_SEATS)
        )
    seat = int(seat_text) - 1
    if seat >= len(bets_words):
        raise InvalidQuestionError.said_as(
            N_("there is no seat %(seat)s at a table of %(seats)s seats"),
            seat=number(seat + 1),
            seats=number(len(bets_words)),
        )
    decision = () if decision_text == "-" else tuple(decision_text.split(" "))
    if (" ".join(decision) or "-") not in kind.decisions:
        raise InvalidQuestionError.said_as(
            N_("the question's decision is not one taken in this irregularity")
        )
    return Misdealt(kind.slug, seat, tuple(map(int, bets_words)), _read_cards(cards_text), decision)


def _read_cards(text: str) -> tuple[Card, ...]:
    words = text.split(" ")
    if not 1 <= len(words) <= MAX_CARDS:
        raise InvalidQuestionError.said_as(
            N_("a round deals 1 to %(most)s cards"), most=number(MAX_CARDS)
        )
    try:
        cards = tuple(Card.parse(word) for word in words)
    except InvalidCardError as error:
        raise InvalidQuestionError.caused_by(error, CARDS_NOT_CARDS) from None
    if any(card.suit is None for card in cards):
        raise InvalidQuestionError.said_as(NO_SUIT)
    check_pack(cards, RULES.decks)
    return cards


def policy(round_: Round) -> Action:
    """The others at the table: draw below 12, or a soft hand below 18; else stand."""
    total = round_.current_total
    return Action.HIT if total < 12 or (round_.current_is_soft and total < 18) else Action.STAND


def start(question: Misdealt, source: Cards) -> Round:
    """The round dealt, up to the moment of the irregularity (an exposed card on offer, a
    misdeal to put right, or the first player offered a card after an unannounced natural).

    :raises InvalidQuestionError: when the cards do not make that situation.
    """
    kind = KINDS[question.kind]
    misdeals = {question.seat: kind.misdeal} if kind.misdeal else None
    with engine_refusals():
        round_ = Round(
            RULES, source, list(question.bets), misdeals=misdeals, announce_natural=kind.announced
        )
        if is_natural(round_.dealer_cards[:2]) is not kind.dealer_natural:
            having = (
                N_("in this irregularity the dealer holds a natural")
                if kind.dealer_natural
                else N_("in this irregularity the dealer does not hold a natural")
            )
            raise InvalidQuestionError.said_as(having)
        if kind.exposed:
            while round_.phase is Phase.PLAYER_TURNS and (round_.current_seat or 0) < question.seat:
                round_.act(policy(round_))
            if not _turn_of(round_, question.seat):
                raise InvalidQuestionError.said_as(
                    N_("seat %(seat)s never has a turn to draw"), seat=number(question.seat + 1)
                )
            round_.expose_card()
        elif kind.misdeal is None and not _turn_of(round_, question.seat):
            raise InvalidQuestionError.said_as(
                N_("seat %(seat)s is not the first to draw"), seat=number(question.seat + 1)
            )
    return round_


def _turn_of(round_: Round, seat: int) -> bool:
    return round_.phase is Phase.PLAYER_TURNS and round_.current_seat == seat


def decide(round_: Round, question: Misdealt) -> None:
    """The misdealt player's decision, through the engine's steps."""
    kind = KINDS[question.kind]
    words, seat = question.decision, question.seat
    with engine_refusals():
        if kind.misdeal is Misdeal.EXTRA_CARD:
            first, second = (int(word) - 1 for word in words[1:])
            round_.keep_cards(seat, (first, second))
        elif words == ("bet-back",) or words == ("withdraw",):
            round_.withdraw_bet(seat)
        elif words == ("missing",):
            round_.take_missing_card(seat)
        elif kind.misdeal is Misdeal.FACE_UP:
            round_.accept_cards(seat)
        elif kind.exposed:
            for word in words:
                if round_.phase is not Phase.EXPOSED_CARD:
                    raise InvalidQuestionError.said_as(
                        N_("the exposed card is gone before every answer")
                    )
                round_.answer_exposed_card(word == "accept")
            if round_.phase is Phase.EXPOSED_CARD:
                raise InvalidQuestionError.said_as(N_("the exposed card is still on offer"))


def play_out(round_: Round) -> RoundResult:
    """The others play by :func:`policy`, the dealer by the rules; the settled round."""
    with engine_refusals():
        while round_.phase is Phase.PLAYER_TURNS:
            round_.act(policy(round_))
        if round_.phase is not Phase.DONE:
            raise InvalidQuestionError.said_as(ROUND_WAITS)
        return round_.settle()


@contextmanager
def engine_refusals() -> Iterator[None]:
    """An engine refusal while playing a question's cards makes the question a forged one."""
    try:
        yield
    except InvalidQuestionError:
        raise
    except (IllegalActionError, InvalidBetError, ValueError) as error:
        raise InvalidQuestionError.caused_by(error, ROUND_UNPLAYABLE) from None


# The remedies the engine has for a misdealt seat or an exposed card, each tried on the
# situation: the ones it accepts are what 000 allows there.
REMEDIES: dict[str, Callable[[Round, int], None]] = {
    "keep-two": lambda round_, seat: round_.keep_cards(seat, (0, 1)),
    "take-missing": lambda round_, seat: round_.take_missing_card(seat),
    "accept": lambda round_, seat: round_.accept_cards(seat),
    "withdraw": lambda round_, seat: round_.withdraw_bet(seat),
    "take-exposed": lambda round_, seat: round_.answer_exposed_card(True),
    "refuse-exposed": lambda round_, seat: round_.answer_exposed_card(False),
}


def allowed_remedies(question: Misdealt) -> frozenset[str]:
    """The remedies the engine accepts at the moment of the irregularity."""
    found = set()
    for name, remedy in REMEDIES.items():
        round_ = start(question, Cards(question.cards, filler=True))
        try:
            remedy(round_, question.seat)
        except IllegalActionError:
            continue
        found.add(name)
    return frozenset(found)


@dataclass(frozen=True)
class Played:
    """A situation played through: the table when it happened, the remedies allowed, and the
    settled round after the player's decision."""

    question: Misdealt
    table: dict[str, Any]
    allowed: frozenset[str]
    result: RoundResult

    @property
    def outcome(self) -> Outcome:
        """How the misdealt seat's (first) hand ended."""
        return self.result.seats[self.question.seat].hands[0].outcome


def read_played(notation: str) -> Played:
    """Read a notation and play it: :raises InvalidQuestionError: for anything not asked."""
    question = read(notation)
    source = Cards(question.cards)
    round_ = start(question, source)
    table = table_at(round_, question)
    decide(round_, question)
    result = play_out(round_)
    if source.drawn != len(question.cards):
        raise InvalidQuestionError.said_as(ROUND_OVER_CARDS)
    return Played(question, table, allowed_remedies(question), result)


def table_at(round_: Round, question: Misdealt) -> dict[str, Any]:
    """The table as the dealer sees it when the irregularity happens (data only)."""
    kind = KINDS[question.kind]
    seats = []
    for index in range(round_.seat_count):
        held = [
            [card, up]
            for hand, faces in zip(round_.hands(index), round_.shown(index), strict=True)
            for card, up in zip(hand.cards, faces, strict=True)
        ]
        if index == question.seat and kind.misdeal is Misdeal.FACE_UP:
            held[-1][1] = True  # the card dealt face up instead of down
        seats.append(
            {
                "number": index + 1,
                "held": [tuple(pair) for pair in held],
                "bet": round_.bets(index)[0],
                "misdealt": index == question.seat,
            }
        )
    looked = kind.dealer_natural  # the dealer looked under his ten or ace: a natural
    faces = zip(round_.dealer_cards, round_.dealer_shown, strict=True)
    dealer = [(card, up or looked) for card, up in faces]
    return {"seats": seats, "dealer": dealer, "exposed": round_.exposed_card}


def _answer_offers(round_: Round) -> tuple[str, ...]:
    """An exposed card answered as a player would: taken by a hand below 17 it does not bust."""
    words = []
    while round_.phase is Phase.EXPOSED_CARD:
        card = round_.exposed_card
        seat, hand_index = round_.exposed_offered_to or (0, 0)
        hand = round_.hands(seat)[hand_index]
        take = card is not None and hand.total < 17 and Hand((*hand.cards, card)).total <= 21
        words.append("accept" if take else "refuse")
        with engine_refusals():
            round_.answer_exposed_card(take)
    return tuple(words)


def make(kind_slug: str, rng: random.Random, attempts: int = 3000) -> Misdealt:
    """A fresh situation of one kind: a shuffled pack dealt until the kind's situation comes."""
    kind = KINDS[kind_slug]
    for _ in range(attempts):
        seats = rng.randint(2, 3)
        seat = 0 if kind.misdeal is None and not kind.exposed else rng.randrange(seats)
        deck = pack(RULES.decks)
        rng.shuffle(deck)
        decision = rng.choice(kind.decisions)
        draft = Misdealt(
            kind_slug,
            seat,
            tuple(rng.randint(1, 10) for _ in range(seats)),
            tuple(deck),
            () if decision == "-" else tuple(decision.split(" ")),
        )
        source = Cards(draft.cards)
        try:
            round_ = start(draft, source)
            if kind.exposed:
                draft = replace(draft, decision=_answer_offers(round_))
            elif kind.misdeal is Misdeal.FACE_UP and round_.hands(seat)[0].is_two_card_21:
                # Nobody takes his bet back from a natural (the text leaves him the choice: a
                # walk saw A♣ J♣ withdrawn, "neither lost nor paid").
                draft = replace(draft, decision=("accept",))
                decide(round_, draft)
            else:
                decide(round_, draft)
            play_out(round_)
        except InvalidQuestionError:
            continue
        return replace(draft, cards=draft.cards[: source.drawn])
    raise RuntimeError(f"could not deal a {kind_slug} situation")  # pragma: no cover
