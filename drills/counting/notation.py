"""Counts, decks and cards as a learner writes them, and as the counting drills read them."""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from drills.base import InvalidAnswerError, InvalidQuestionError
from drills.counting.preferences import STEPS
from drills.refusals import CARDS_NOT_CARDS, NO_SUIT, NO_SYSTEM, check_pack
from trainer.engine.counting import CountingSystem, UnknownSystemError, find_system
from trainer.engine.deck.cards import Card, InvalidCardError
from trainer.words import N_, number, quoted, said_numbers, say

CARDS_PER_DECK = 52
MAX_DECKS = 8
# No true count a learner meets at a table is anywhere near this.
TRUE_COUNT_BOUND = 60


# -- numbers as text ---------------------------------------------------------------------------


def format_count(value: Fraction) -> str:
    """A count as a learner reads it: ``"+3"``, ``"0"``, ``"\u22121.5"`` (a true minus sign, as
    :func:`trainer.words.signed` writes; the decimal mark the learner's language's, "1,5" in
    Russian; :func:`read_number` reads either back)."""
    return said_numbers(stored_count(value))


def stored_count(value: Fraction) -> str:
    """A count as an attempt stores it (its answer and right answer, read back by the history
    and the error model): ``"+3"``, ``"\u22121.5"``, a point whatever the learner's language."""
    return count_notation(value).replace("-", "\u2212")


def stored_decks(value: Fraction) -> str:
    """Decks as an attempt stores them: ``"2.5"``, a point whatever the learner's language."""
    return _decimal(Fraction(value))


def count_notation(value: Fraction) -> str:
    """A count as a question's notation writes it: ``"+3"``, ``"0"``, ``"-1.5"`` (ASCII)."""
    value = Fraction(value)
    text = _decimal(abs(value))
    if value > 0:
        return f"+{text}"
    if value < 0:
        return f"-{text}"
    return "0"


def format_decks(value: Fraction) -> str:
    """Decks as a learner writes them: ``"2"``, ``"2.5"``, ``"0.75"`` ("2,5" in Russian)."""
    return said_numbers(stored_decks(value))


def _decimal(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    # Halves and quarters (and their like) have a short exact decimal; anything else a fraction.
    denominator = value.denominator
    while denominator % 2 == 0:
        denominator //= 2
    while denominator % 5 == 0:
        denominator //= 5
    if denominator != 1:
        return str(value)
    places = 1
    while (value * 10**places).denominator != 1:
        places += 1
    return f"{float(value):.{places}f}"


_NUMBER_RE = re.compile(r"([+-]?)\s*(\d{1,4})(?:[.,](\d{1,3}))?(?:\s*(½|¼|¾))?", re.ASCII)
_FRACTION_RE = re.compile(r"([+-]?)\s*(?:(\d{1,4})\s+)?(\d{1,4})\s*/\s*(\d{1,2})", re.ASCII)
_VULGAR = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}


_LONG_NUMBER_RE = re.compile(r"[+-]?\s*\d{5,}(?:[.,]\d*)?", re.ASCII)


def read_number(
    text: str, what: str, *, whole_only: bool = False, unsigned: bool = False
) -> Fraction:
    """A number typed by a learner: ``"-3"``, ``"+2"``, ``"1.5"``, ``"2,5"``, ``"2 1/2"``, ``"2½"``.
    ``whole_only``: the question asks for a whole number; ``unsigned``: for a number that is
    never below 0, decks (the message's example says so: it offered decks "−2").

    :raises InvalidAnswerError: naming ``what`` for anything else.
    """
    cleaned = " ".join(str(text or "").replace("−", "-").replace("–", "-").split())
    if not cleaned:
        raise InvalidAnswerError(say("Type %(what)s.", what=what))
    if len(cleaned) <= 40 and _LONG_NUMBER_RE.fullmatch(cleaned):
        shown = cleaned[:12] + ("…" if len(cleaned) > 12 else "")
        raise InvalidAnswerError(
            say("%(typed)s is far out of reach for %(what)s.", typed=shown, what=what)
        )
    match = _NUMBER_RE.fullmatch(cleaned)
    if match:
        sign, whole, decimals, vulgar = match.groups()
        value = Fraction(int(whole))
        if decimals:
            value += Fraction(int(decimals), 10 ** len(decimals))
        if vulgar:
            value += _VULGAR[vulgar]
        return -value if sign == "-" else value
    match = _FRACTION_RE.fullmatch(cleaned)
    if match and int(match.group(4)) != 0:
        sign, whole, numerator, denominator = match.groups()
        value = int(whole or 0) + Fraction(int(numerator), int(denominator))
        return -value if sign == "-" else value
    values = {"what": what, "typed": quoted(cleaned[:20])}
    if whole_only:
        raise InvalidAnswerError(
            say(
                "Type %(what)s as a whole number, like +3, 0 or −2; %(typed)s is not one.", **values
            )  # fmt: skip
        )
    if unsigned:
        raise InvalidAnswerError(
            say("Type %(what)s as a number, like 2 or 2.5; %(typed)s is not one.", **values)
        )
    raise InvalidAnswerError(
        say("Type %(what)s as a number, like +3, −2 or 1.5; %(typed)s is not one.", **values)
    )


def read_count(text: str, system: CountingSystem, bound: Fraction, what: str) -> Fraction:
    """A count in ``system``: a number between ``-bound`` and ``bound`` the system can reach.

    :raises InvalidAnswerError: for text that is not a number, a count out of reach, or a
        fraction the system's tags cannot make (a half in Hi-Lo).
    """
    value = read_number(text, what)
    if abs(value) > bound:
        raise InvalidAnswerError(
            say(
                "%(what)s of %(value)s is out of reach here: it lies between %(low)s and %(high)s.",
                what=_capital(what),
                value=format_count(value),
                low=format_count(-bound),
                high=format_count(bound),
            )  # fmt: skip
        )
    step = Fraction(1, system._scale)
    if (value / step).denominator != 1:
        values = {"system": system.name, "value": format_count(value)}
        raise InvalidAnswerError(
            say("%(system)s counts in whole numbers: %(value)s is not one.", **values)
            if step == 1
            else say(
                "%(system)s counts in steps of %(step)s: %(value)s is not one.",
                step=format_decks(step),
                **values,
            )  # fmt: skip
        )
    return value


def read_whole_count(text: str, what: str) -> Fraction:
    """A true count: a whole number between -60 and +60.

    :raises InvalidAnswerError: otherwise.
    """
    value = read_number(text, what, whole_only=True)
    if value.denominator != 1:
        raise InvalidAnswerError(
            say(
                "%(what)s is a whole number once rounded; %(value)s is not.",
                what=_capital(what),
                value=format_count(value),
            )  # fmt: skip
        )
    if abs(value) > TRUE_COUNT_BOUND:
        raise InvalidAnswerError(
            say(
                "%(what)s of %(value)s is out of reach: true counts at a table lie well within "
                "-%(bound)s and +%(bound)s.",
                what=_capital(what),
                value=format_count(value),
                bound=str(TRUE_COUNT_BOUND),
            )  # fmt: skip
        )
    return value


# Decks given off the resolution's step, by the resolution.
_TO_THE_STEP = {
    "full": N_("Give %(what)s to the full deck: a multiple of %(step)s; %(value)s is not."),
    "half": N_("Give %(what)s to the half deck: a multiple of %(step)s; %(value)s is not."),
    "quarter": N_("Give %(what)s to the quarter deck: a multiple of %(step)s; %(value)s is not."),
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def read_decks(text: str, resolution: str, highest: int, what: str) -> Fraction:
    """Decks to the ``resolution``: a multiple of its step from 0 to ``highest``.

    :raises InvalidAnswerError: otherwise.
    """
    value = read_number(text, what, unsigned=True)
    step = STEPS[resolution]
    if not 0 <= value <= highest:
        raise InvalidAnswerError(
            say(
                "Give %(what)s as a number from 0 to %(highest)s, not %(value)s.",
                what=what,
                highest=str(highest),
                value=format_decks(value),
            )  # fmt: skip
        )
    if (value / step).denominator != 1:
        raise InvalidAnswerError(
            say(
                _TO_THE_STEP[resolution],
                what=what,
                step=format_decks(step),
                value=format_decks(value),
            )  # fmt: skip
        )
    return value


# -- cards as text -----------------------------------------------------------------------------


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def read_cards(text: str, decks: int) -> tuple[Card, ...]:
    """Suited cards separated by spaces, each at most ``decks`` times (one shoe of that size).

    :raises InvalidQuestionError: for anything else.
    """
    try:
        cards = tuple(Card.parse(part) for part in text.split())
    except InvalidCardError as error:
        raise InvalidQuestionError.caused_by(error, CARDS_NOT_CARDS) from None
    if any(card.suit is None for card in cards):
        raise InvalidQuestionError.said_as(NO_SUIT)
    if len(cards) > decks * CARDS_PER_DECK:
        raise InvalidQuestionError.said_as(N_("the question shows more cards than its shoe holds"))
    check_pack(cards, decks)
    return cards


def read_system(slug: str) -> CountingSystem:
    try:
        return find_system(slug)
    except UnknownSystemError as error:  # the system's name kept in the English, for the CLI
        raise InvalidQuestionError.caused_by(error, NO_SYSTEM) from None


def read_decks_count(text: str) -> int:
    """``"6d"`` -> 6, for 1 to 8 decks.

    :raises InvalidQuestionError: otherwise.
    """
    match = re.fullmatch(r"([1-8])d", text)
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a shoe here has 1 to %(most)s decks"), most=number(MAX_DECKS)
        )
    return int(match.group(1))
