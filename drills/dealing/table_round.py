"""A whole table's round as a value: its rules, every box's stakes, the cards in the order they
were dealt and every decision in order; read from its notation and played again through the
engine, so the drill and the engine never disagree about what a box is owed.

The notation has four fields separated by ``|``::

    vegas-6d-s17|15,25,20+10|AS 9H KD 7C 5S TD 2H 8C|ins=7.50:0:0 h s d s

- the rules in their notation (:meth:`trainer.engine.rulebook.rules.Rules.parse`);
- each box's stakes, boxes separated by ``,``, a box's bettors by ``+`` (owner first: 003's
  co-bettors);
- the cards in deal order (the deal, the players' draws, the dealer's draws);
- the decisions in the order the round asks them, ``-`` for none: ``h s d p r`` (hit, stand,
  double, split, surrender), and one choice per box where every box is asked at once:
  ``ins=`` insurance stakes (``ins=7.50:0``), ``es=`` early surrender (``es=0:1``), and 002's
  home game's ``dd=`` the dealer doubles (``dd=1``) and ``rd=`` redoubles (``rd=1:0``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from drills.base import InvalidQuestionError
from drills.method3_figures import game_ready
from drills.payout.money import money_text
from drills.payout.play import StackedDeal, read_money
from drills.payout.question import MOVE_ACTIONS
from drills.refusals import (
    CARDS_NOT_CARDS,
    MOVE_MISFITS,
    NO_RULES,
    NO_SUIT,
    NOT_A_MOVE,
    NOT_AN_INSURANCE,
    PARTS,
    ROUND_OVER_CARDS,
    ROUND_OVER_MOVES,
    ROUND_UNPLAYABLE,
    ROUND_WAITS,
    TOO_LONG,
    check_pack,
)
from trainer.engine.deck.cards import Card, InvalidCardError
from trainer.engine.deck.hand import Hand
from trainer.engine.play.boxes import InvalidBetError, TooManySeatsError
from trainer.engine.play.round import CardSource, IllegalActionError, Phase, Round, RoundResult
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.words import N_, number

MAX_BOXES = 7
MAX_NOTATION = 1_500  # a table of seven boxes, every one split four times, fits well inside
_MAX_CARDS = 160
_MAX_MOVES = 160
_CHOICE_RE = re.compile(r"[01]")
_PER_BOX = ("ins", "es", "rd")


@dataclass(frozen=True)
class TableQuestion:
    """One table's round: the rules, each box's stakes (owner first), the cards in deal order
    and the decisions in order."""

    rules_text: str
    stakes: tuple[tuple[Fraction, ...], ...]
    cards: tuple[Card, ...]
    moves: tuple[str, ...]

    @property
    def rules(self) -> Rules:
        return rules_of(self.rules_text)

    def __str__(self) -> str:
        boxes = ",".join("+".join(money_text(stake) for stake in box) for box in self.stakes)
        cards = " ".join(str(card) for card in self.cards)
        return "|".join((self.rules_text, boxes, cards, " ".join(self.moves) or "-"))


def rules_of(text: str) -> Rules:
    """:raises InvalidQuestionError: for rules that cannot be read."""
    try:
        return Rules.parse(text)
    except InvalidRulesError as error:
        raise InvalidQuestionError.caused_by(error, NO_RULES) from None


def read_table(notation: str) -> TableQuestion:
    """The round a notation writes, checked for form (not yet played).

    :raises InvalidQuestionError: naming the field that is wrong.
    """
    if not isinstance(notation, str) or len(notation) > MAX_NOTATION:
        raise InvalidQuestionError.said_as(TOO_LONG)
    fields = notation.split("|")
    if len(fields) != 4:
        raise InvalidQuestionError.said_as(PARTS)
    rules_text, boxes_text, cards_text, moves_text = fields
    rules = rules_of(rules_text)
    boxes = boxes_text.split(",")
    if not 1 <= len(boxes) <= MAX_BOXES:
        raise InvalidQuestionError.said_as(
            N_("a table has 1 to %(most)s boxes"), most=number(MAX_BOXES)
        )
    stakes = tuple(tuple(read_money(stake) for stake in box.split("+")) for box in boxes)
    if any(len(box) > 3 for box in stakes):
        raise InvalidQuestionError.said_as(N_("a box holds at most three bettors"))
    if len(cards_text) > 3 * _MAX_CARDS:
        raise InvalidQuestionError.said_as(
            N_("a round deals at most %(most)s cards"), most=number(_MAX_CARDS)
        )
    try:
        cards = Hand.parse(cards_text).cards
    except InvalidCardError as error:
        raise InvalidQuestionError.caused_by(error, CARDS_NOT_CARDS) from None
    if any(card.suit is None for card in cards):
        raise InvalidQuestionError.said_as(NO_SUIT)
    check_pack(cards, rules.decks)
    moves = () if moves_text == "-" else tuple(moves_text.split(" "))
    if len(moves) > _MAX_MOVES:
        raise InvalidQuestionError.said_as(
            N_("a round has at most %(most)s decisions"), most=number(_MAX_MOVES)
        )
    for move in moves:
        _check_move(move, len(boxes))
    return TableQuestion(rules.notation(), stakes, cards, moves)


def _check_move(move: str, boxes: int) -> None:
    if move in MOVE_ACTIONS or move in ("dd=0", "dd=1"):
        return
    name, _, values = move.partition("=")
    if name not in _PER_BOX or len(values.split(":")) != boxes:
        raise InvalidQuestionError.said_as(NOT_A_MOVE)
    for value in values.split(":"):
        if name == "ins":
            read_money(value, NOT_AN_INSURANCE)
        elif not _CHOICE_RE.fullmatch(value):
            raise InvalidQuestionError.said_as(
                N_("a box's choice in a decision of the question is neither yes nor no")
            )


def start(rules: Rules, source: CardSource, stakes: Sequence[tuple[Fraction, ...]]) -> Round:
    """A round dealt from ``source`` with these boxes (stakes after the deal where the rules
    take them then: 004).

    :raises GamePendingError: at 004 dealt face down while its banker (who draws as best
        serves the bank, by the fixed point) is not worked out: never worked out here.
    """
    game_ready(rules)
    bets = [box[0] if len(box) == 1 else box for box in stakes]
    if rules.bet_after_deal:
        round_ = Round(rules, source, seats=len(bets))
        round_.place_bets(bets)
        return round_
    return Round(rules, source, bets)


def apply_move(round_: Round, move: str) -> None:
    """Play one decision of the notation on the round where it stands.

    :raises InvalidQuestionError: when the decision does not fit the round's step.
    :raises IllegalActionError: when the rules forbid it.
    """
    phase = round_.phase
    name, _, values = move.partition("=")
    choices = values.split(":")
    if phase is Phase.PLAYER_TURNS and move in MOVE_ACTIONS:
        round_.act(MOVE_ACTIONS[move])
    elif phase is Phase.INSURANCE and name == "ins":
        round_.insure([read_money(value, NOT_AN_INSURANCE) for value in choices])
    elif phase is Phase.EARLY_SURRENDER and name == "es":
        round_.early_surrender([value == "1" for value in choices])
    elif phase is Phase.DEALER_DOUBLE and name == "dd":
        round_.dealer_double(values == "1")
    elif phase is Phase.REDOUBLE and name == "rd":
        round_.redouble([value == "1" for value in choices])
    else:
        raise InvalidQuestionError.said_as(MOVE_MISFITS)


def replay(question: TableQuestion) -> tuple[Round, RoundResult]:
    """Play the notation's round through the engine and settle it.

    :raises InvalidQuestionError: when the cards, stakes or decisions do not make a round.
    """
    deal = StackedDeal(question.cards)
    try:
        round_ = start(question.rules, deal, question.stakes)
        moves = list(question.moves)
        while round_.phase is not Phase.DONE:
            if not moves:
                raise InvalidQuestionError.said_as(ROUND_WAITS)
            apply_move(round_, moves.pop(0))
        if moves:
            raise InvalidQuestionError.said_as(ROUND_OVER_MOVES)
        if deal.drawn != len(deal.cards):
            raise InvalidQuestionError.said_as(ROUND_OVER_CARDS)
        return round_, round_.settle()
    except (IllegalActionError, InvalidBetError, TooManySeatsError) as error:
        raise InvalidQuestionError.caused_by(error, ROUND_UNPLAYABLE) from None


def read_played(notation: str) -> tuple[TableQuestion, RoundResult]:
    """Read and play a notation: the round and its settlement.

    :raises InvalidQuestionError: for anything the drill could not have dealt.
    """
    question = read_table(notation)
    return question, replay(question)[1]
