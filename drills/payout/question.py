"""One payout question as a value: what it asks, its stakes, cards and moves, and its rules."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from drills.base import InvalidQuestionError
from drills.payout.money import money_text
from drills.refusals import NO_RULES
from trainer.engine.deck.cards import Card
from trainer.engine.play.round import Action
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.words import N_

# The refusal of a kind of payout question the drill does not have.
NO_KIND = N_("the trainer has no such kind of payout question")


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


ASK_TEXT = {
    Ask.NET: N_("What is your net result for the round? (a loss is negative, e.g. −7.50)"),
    Ask.PAY: N_("How much does the dealer pay you in all? (your winnings, not the stake back)"),
    Ask.BACK: N_("How much of your stake does the dealer give back?"),
    Ask.INSURANCE: N_("How much does the dealer pay on your insurance bet?"),
    Ask.SHARE2: N_("What is the first co-bettor's net result? (a loss is negative)"),
    Ask.SHARE3: N_("What is the second co-bettor's net result? (a loss is negative)"),
}

MOVE_ACTIONS = {
    "h": Action.HIT,
    "s": Action.STAND,
    "d": Action.DOUBLE,
    "p": Action.SPLIT,
    "r": Action.SURRENDER,
}


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


def rules_notation(text: str) -> str:
    """A rules field as notation (fields stored before the notation used commas)."""
    return text.replace(",", " ")


def rules_of(text: str) -> Rules:
    """The rules a notation's rules field names.

    :raises InvalidQuestionError: for rules that cannot be read.
    """
    try:
        return Rules.parse(rules_notation(text))
    except InvalidRulesError as error:
        raise InvalidQuestionError.caused_by(error, NO_RULES) from None
