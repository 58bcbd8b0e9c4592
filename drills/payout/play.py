"""Reading a payout notation and playing it through the engine: the settled round and the
right amount, checked to be a question of its kind."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from drills.base import InvalidQuestionError
from drills.method3_figures import game_ready
from drills.payout.kinds import KINDS, seat_of
from drills.payout.money import CENT
from drills.payout.question import MOVE_ACTIONS, NO_KIND, Ask, PayoutQuestion, rules_notation
from drills.refusals import (
    CARDS_NOT_CARDS,
    MOVE_MISFITS,
    NEEDS_MORE_CARDS,
    NO_SUIT,
    NOT_A_MOVE,
    NOT_A_STAKE,
    NOT_AN_INSURANCE,
    PARTS,
    ROUND_OVER_CARDS,
    ROUND_OVER_MOVES,
    ROUND_UNPLAYABLE,
    ROUND_WAITS,
    check_pack,
)
from trainer.engine.deck.cards import Card, InvalidCardError
from trainer.engine.deck.hand import Hand
from trainer.engine.play.round import IllegalActionError, InvalidBetError, Phase, Round, RoundResult
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_

_MONEY_RE = re.compile(r"[0-9]{1,7}(\.[0-9]{1,2})?")


def read_money(text: str, refusal: str = NOT_A_STAKE) -> Fraction:
    """An amount written in a notation (``15``, ``7.50``): ASCII digits only, bounded (the
    payout questions' and the table rounds' alike).

    :raises InvalidQuestionError: saying ``refusal`` (a message of the catalogue) for
        anything else.
    """
    if not _MONEY_RE.fullmatch(text):
        raise InvalidQuestionError.said_as(refusal)
    return Fraction(Decimal(text))


def read_question(notation: str) -> PayoutQuestion:
    """The question a notation writes, checked for form (not yet played).

    :raises InvalidQuestionError: naming the field that is wrong.
    """
    fields = (notation or "").split("|")
    if len(fields) != 6:
        raise InvalidQuestionError.said_as(PARTS)
    kind_slug, rules_text, bets_text, cards_text, moves_text, ask_text = fields
    kind = KINDS.get(kind_slug)
    if kind is None:
        raise InvalidQuestionError.said_as(NO_KIND)
    if rules_notation(rules_text) not in kind.rules:
        raise InvalidQuestionError.said_as(
            N_("this kind of payout question is not played under those rules")
        )
    bets = tuple(read_money(bet) for bet in bets_text.split("+"))
    try:
        cards = Hand.parse(cards_text).cards
    except InvalidCardError as error:
        raise InvalidQuestionError.caused_by(error, CARDS_NOT_CARDS) from None
    if any(card.suit is None for card in cards):
        raise InvalidQuestionError.said_as(NO_SUIT)
    moves = () if moves_text == "-" else tuple(moves_text.split(" "))
    for move in moves:
        if move not in MOVE_ACTIONS and not move.startswith("ins="):
            raise InvalidQuestionError.said_as(NOT_A_MOVE)
    try:
        ask = Ask(ask_text)
    except ValueError:
        raise InvalidQuestionError.said_as(
            N_("the question asks for something no payout question asks")
        ) from None
    if ask not in kind.asks:
        raise InvalidQuestionError.said_as(
            N_("this kind of payout question does not ask for that amount")
        )
    question = PayoutQuestion(kind_slug, rules_text, bets, cards, moves, ask)
    rules = question.rules
    check_pack(cards, rules.decks)
    return question


class StackedDeal:
    """A question's cards, dealt in order (what the round draws from); counts those drawn."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = list(cards)
        self.drawn = 0

    def draw(self) -> Card:
        if self.drawn >= len(self.cards):
            raise InvalidQuestionError.said_as(NEEDS_MORE_CARDS)
        card = self.cards[self.drawn]
        self.drawn += 1
        return card

    def discard(self, cards: Sequence[Card]) -> None:
        pass


def start_round(rules: Rules, deal: Any, bets: tuple[Fraction, ...]) -> Round:
    """A round dealt from ``deal`` with these bets (after the deal where the rules take them
    then: 004).

    :raises GamePendingError: at 004 dealt face down while its banker (who draws as best
        serves the bank, by the fixed point) is not worked out: never worked out here.
    """
    game_ready(rules)
    bet: Fraction | tuple[Fraction, ...] = bets[0] if len(bets) == 1 else bets
    if rules.bet_after_deal:
        round_ = Round(rules, deal, seats=1)
        round_.place_bets([bet])
        return round_
    return Round(rules, deal, [bet])


def play_move(round_: Round, move: str) -> None:
    if round_.phase is Phase.INSURANCE:
        if not move.startswith("ins="):
            raise InvalidQuestionError.said_as(
                N_("insurance is offered here: the next decision is the insurance stake")
            )
        round_.insure([read_money(move[4:], NOT_AN_INSURANCE)])
    elif round_.phase is Phase.PLAYER_TURNS and move in MOVE_ACTIONS:
        round_.act(MOVE_ACTIONS[move])
    else:
        raise InvalidQuestionError.said_as(MOVE_MISFITS)


def settle(question: PayoutQuestion) -> RoundResult:
    """Play the question's round through the engine and settle it.

    :raises InvalidQuestionError: when the cards, stakes or moves do not make a round.
    """
    rules = question.rules
    deal = StackedDeal(question.cards)
    try:
        round_ = start_round(rules, deal, question.bets)
        moves = list(question.moves)
        while round_.phase is not Phase.DONE:
            if not moves:
                raise InvalidQuestionError.said_as(ROUND_WAITS)
            play_move(round_, moves.pop(0))
        if moves:
            raise InvalidQuestionError.said_as(ROUND_OVER_MOVES)
        if deal.drawn != len(deal.cards):
            raise InvalidQuestionError.said_as(ROUND_OVER_CARDS)
        return round_.settle()
    except (IllegalActionError, InvalidBetError) as error:
        raise InvalidQuestionError.caused_by(error, ROUND_UNPLAYABLE) from None


def right_amount(question: PayoutQuestion, result: RoundResult) -> Fraction:
    """The amount the question asks for, read off the settled round."""
    seat = seat_of(result)
    ask = question.ask
    if ask is Ask.NET or ask is Ask.PAY:
        return seat.net
    if ask is Ask.BACK:
        return sum((hand.bet for hand in seat.hands), Fraction(0)) + seat.insurance + seat.net
    if ask is Ask.INSURANCE:
        return seat.insurance_net
    index = 1 if ask is Ask.SHARE2 else 2
    if index >= len(seat.shares):
        raise InvalidQuestionError.said_as(N_("the box has no such co-bettor"))
    return seat.shares[index]


def read_question_played(notation: str) -> tuple[PayoutQuestion, RoundResult, Fraction]:
    """Read, play and check a notation: the question, its settled round and the right amount.

    :raises InvalidQuestionError: for anything this drill could not have asked.
    """
    question = read_question(notation)
    result = settle(question)
    kind = KINDS[question.kind]
    if not kind.fits(result, question):
        raise InvalidQuestionError.said_as(
            N_("that round is not a question of this kind of payout")
        )
    amount = right_amount(question, result)
    if not question.ask.signed and amount < 0:
        raise InvalidQuestionError.said_as(
            N_("this question asks for an amount paid, and the round pays nothing")
        )
    if (amount / CENT).denominator != 1:
        raise InvalidQuestionError.said_as(
            N_("a payout question's answer is a whole number of cents")
        )
    return question, result, amount
