"""The refusals of a forged question that many drills share, in the catalogue's words
(:class:`drills.base.InvalidQuestionError`, said in the learner's language on the error page):
one message for one thing wrong, whichever drill reads the notation. Each says what was wrong
without the notation itself, which a learner does not read."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from drills.base import InvalidAnswerError, InvalidQuestionError
from drills.strategy_chart import PLAY_KEYS
from trainer.engine.counting import CountingSystem
from trainer.engine.deck.cards import Card
from trainer.words import N_, number, say, say_as, signed

__all__ = [
    "BUST_OR_21",
    "CARDS_NOT_CARDS",
    "CARD_TOO_OFTEN",
    "COUNT_OUT_OF_RANGE",
    "NATURAL",
    "NEEDS_MORE_CARDS",
    "NOT_IN_FORM",
    "NO_RESOLUTION",
    "NO_RAMP",
    "NO_ROUNDING",
    "NO_RULES",
    "NO_SUIT",
    "NOT_A_MOVE",
    "NOT_AN_INSURANCE",
    "NOT_A_STAKE",
    "NO_SYSTEM",
    "MOVE_MISFITS",
    "PARTS",
    "ROUND_WAITS",
    "ROUND_OVER_CARDS",
    "ROUND_OVER_MOVES",
    "ROUND_UNPLAYABLE",
    "TOO_LONG",
    "check_pack",
    "count_beyond",
    "count_kind",
    "not_allowed",
    "too_few_left",
    "unreachable_count",
]

CARDS_NOT_CARDS = N_("the question's cards cannot be read")
NO_SUIT = N_("a card of the question has no suit")
CARD_TOO_OFTEN = N_("a card comes more often than the decks of these rules hold")
NATURAL = N_("a natural has no play to choose")
BUST_OR_21 = N_("a bust hand or a 21 has no play to choose")
NEEDS_MORE_CARDS = N_("the round needs more cards than the question deals")
ROUND_OVER_CARDS = N_("the round is over before every card is dealt")
ROUND_OVER_MOVES = N_("the round is over before every decision is played")
ROUND_UNPLAYABLE = N_("the round cannot be played as the question writes it")
NOT_IN_FORM = N_("the question is not written the way this drill writes its questions")
PARTS = N_("the question does not have the parts this drill writes in it")
NOT_A_STAKE = N_("a stake of the question is not an amount of money")
NOT_AN_INSURANCE = N_("the insurance stake is not an amount of money")
NOT_A_MOVE = N_("a decision of the question is not one a player takes")
MOVE_MISFITS = N_("a decision of the question does not fit the round where it comes")
ROUND_WAITS = N_("the round waits for a decision the question does not give")
TOO_LONG = N_("the question is longer than any this drill writes")
NO_SYSTEM = N_("the trainer has no such counting system")
NO_RULES = N_("the trainer has no such rules")
NO_RAMP = N_("the question's bankroll and risk of ruin make no bet ramp")
NO_ROUNDING = N_("the trainer has no such true-count rounding")
NO_RESOLUTION = N_("the decks are read to a whole, a half or a quarter deck only")
COUNT_OUT_OF_RANGE = N_("no shoe reaches that count with the cards left")


def check_pack(cards: Iterable[Card], decks: int) -> None:
    """:raises InvalidQuestionError: where a suited card comes more often than ``decks`` hold
    (a card twice in one pack)."""
    suited = Counter(card for card in cards if card.suit is not None)
    if any(count > decks for count in suited.values()):
        raise InvalidQuestionError.said_as(CARD_TOO_OFTEN)


def too_few_left(played: int) -> InvalidQuestionError:
    """The refusal of ``played`` cards played leaving too few in the shoe for the question."""
    return InvalidQuestionError.said_as(
        N_("%(played)s cards played leave too few in the shoe"), played=number(played)
    )


def unreachable_count(system: CountingSystem) -> InvalidQuestionError:
    """The refusal of a running count ``system`` cannot reach (a fraction of its step, or
    beyond what the shoe holds)."""
    return InvalidQuestionError.said_as(
        N_("%(system)s cannot reach that running count"), system=system.name
    )


def not_allowed(key: str, keys: Mapping[str, str] = PLAY_KEYS) -> InvalidAnswerError:
    """The refusal of an answer whose play (a key of ``keys``, the plays' names) the hand does
    not allow, said now (an answer's refusal is shown as it is)."""
    return InvalidAnswerError(
        say("%(play)s is not allowed for this hand here.", play=say_as("play", keys[key]))
    )


def count_beyond(limit: int) -> InvalidQuestionError:
    """The refusal of a count beyond ``limit`` either way (the counts a question asks by)."""
    return InvalidQuestionError.said_as(
        N_("a count here is %(least)s to %(most)s"), least=signed(-limit), most=signed(limit)
    )


def count_kind(system: CountingSystem) -> InvalidQuestionError:
    """The refusal of a count of the kind ``system`` is not read by: a balanced system's
    play, bet or insurance goes by its true count, an unbalanced one's by its running count."""
    if system.balanced:
        return InvalidQuestionError.said_as(
            N_("%(system)s is read by its true count here"), system=system.name
        )
    return InvalidQuestionError.said_as(
        N_("%(system)s is read by its running count here"), system=system.name
    )
