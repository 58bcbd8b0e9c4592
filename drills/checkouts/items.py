"""The items a checkout asks that no practice drill asks as such: a deck counted down with two
cards held back, a stack of cheques, a table's insurance maximum, and a shoe's checks of the true
count and the bet. Each is a :class:`~drills.base.Drill` (a question from its notation, a grade
re-derived from it), asked only by a checkout (:mod:`drills.checkouts.plan`), never listed among
the drills.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

from drills.base import Drill, Grade, InvalidAnswerError, InvalidQuestionError, Question
from drills.caches import Caches
from drills.dealing.table_words import card_words
from drills.payout.money import money_text, read_amount
from drills.refusals import CARDS_NOT_CARDS, NO_SYSTEM
from trainer.engine.counting import SYSTEMS, CountingSystem
from trainer.engine.deck.cards import Card, InvalidCardError, pack
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, money, number, say, signed

_NUMBER_RE = re.compile(r"[+\-\u2212]?[0-9]{1,3}(?:[.,]5)?")


def read_signed(text: str) -> Fraction:
    """A count typed by the learner: ``+2``, ``-1``, ``0``, ``1.5`` (half points).

    :raises InvalidAnswerError: for anything else.
    """
    shown = text.strip()[:12]
    if not _NUMBER_RE.fullmatch(shown):
        raise InvalidAnswerError(say("Type a count as a number, like +2, 0 or −1."))
    return Fraction(shown.replace("\u2212", "-").replace(",", "."))


def _system(slug: str) -> CountingSystem:
    system = SYSTEMS.get(slug)
    if system is None:
        raise InvalidQuestionError.said_as(NO_SYSTEM)
    return system


def _cards(text: str) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(word) for word in text.split())
    except InvalidCardError:
        raise InvalidQuestionError.said_as(CARDS_NOT_CARDS) from None


class HeldBackDeck(Drill):
    """A deck counted down with two cards held back: the learner names the held-back cards' tag
    total (the team checkout). Notation: the system, the 50 cards shown, ``/``, the two held::

        hi-lo 2H 9C ... KD / 5S TD
    """

    slug = "checkout-deck"

    def deal(self, rng: random.Random, system: CountingSystem) -> str:
        cards = [str(card) for card in pack(1)]
        rng.shuffle(cards)
        return f"{system.slug} {' '.join(cards[:50])} / {' '.join(cards[50:])}"

    def _read(self, notation: str) -> tuple[CountingSystem, tuple[Card, ...], tuple[Card, ...]]:
        head, _, held_text = notation[:400].partition(" / ")
        slug, _, shown_text = head.partition(" ")
        shown, held = _cards(shown_text), _cards(held_text)
        if (
            len(shown) != 50
            or len(held) != 2
            or sorted(map(str, shown + held)) != sorted(map(str, pack(1)))
        ):
            raise InvalidQuestionError.said_as(
                N_("a held-back deck is one deck: %(shown)s cards shown, %(held)s held"),
                shown=number(50),
                held=number(2),
            )
        return _system(slug), shown, held

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        system, shown, _ = self._read(notation)
        return Question(
            notation=notation,
            prompt=say(
                "The tag total of the two cards held back, in %(system)s?", system=system.name
            ),
            view={"cards": shown, "system": system.name},
        )

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        system, _, held = self._read(notation)
        given = read_signed(answer_text)
        right = sum((system.tag(card) for card in held), Fraction(0))
        return Grade(
            correct=given == right,
            answer=signed(given),
            right_answer=signed(right),
            explanation=say(
                "The cards held back were %(first)s and %(second)s: %(total)s.",
                first=card_words(held[0]),
                second=card_words(held[1]),
                total=signed(right),
            ),
        )


# Cheques by value, the colours a dealer school uses (white 1, red 5, green 25, black 100).
CHEQUES = {1: "white", 5: "red", 25: "green", 100: "black"}
STACK = 20


class ChequeStack(Drill):
    """The value of a stack of 20 cheques, drawn as a picture: a stack as a dealer builds it,
    the higher values at the bottom. Notation: ``cheques`` and each cheque's value, top first."""

    slug = "checkout-cheques"

    def deal(self, rng: random.Random) -> str:
        values = rng.sample(sorted(CHEQUES), rng.randint(2, 3))
        stack = sorted(rng.choice(values) for _ in range(STACK))
        return "cheques " + " ".join(map(str, stack))

    def _read(self, notation: str) -> tuple[int, ...]:
        words = notation[:200].split()
        if (
            len(words) != STACK + 1
            or words[0] != "cheques"
            or any(not w.isdecimal() or int(w) not in CHEQUES for w in words[1:])
        ):
            raise InvalidQuestionError.said_as(
                N_("a stack is %(count)s cheques, each of a value the table uses"),
                count=number(STACK),
            )
        return tuple(int(w) for w in words[1:])

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        stack = self._read(notation)
        colours = [CHEQUES[value] for value in stack]
        return Question(
            notation=notation,
            prompt=say("What is this stack of %(count)s cheques worth?", count=STACK),
            view={"colours": colours, "legend": sorted(set(stack))},
        )

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        right = sum(self._read(notation))
        given = Fraction(read_amount(answer_text[:20], signed=False))
        return Grade(
            correct=given == right,
            answer=money_text(given),
            right_answer=money_text(right),
            explanation=say("The stack is worth %(total)s.", total=money(right)),
        )


BOXES = 7
_STAKES = (5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250)


class TableInsurance(Drill):
    """The insurance maximum of a table: the dealer shows an ace, and each box may insure up to
    half its stake (RULES.md, 003: up to half of the bettor's own stakes); the learner names
    the most the whole table can insure. Notation: ``insurance`` and the seven stakes."""

    slug = "checkout-insurance"

    def deal(self, rng: random.Random) -> str:
        return "insurance " + " ".join(str(rng.choice(_STAKES)) for _ in range(BOXES))

    def _read(self, notation: str) -> tuple[int, ...]:
        words = notation[:100].split()
        if (
            len(words) != BOXES + 1
            or words[0] != "insurance"
            or any(not w.isdecimal() or int(w) not in _STAKES for w in words[1:])
        ):
            raise InvalidQuestionError.said_as(
                N_("a table's insurance is %(count)s stakes, each one a table takes"),
                count=number(BOXES),
            )
        return tuple(int(w) for w in words[1:])

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        return Question(
            notation=notation,
            prompt=say("The dealer shows an ace: the most this table can insure?"),
            view={"stakes": self._read(notation)},
        )

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        right = Fraction(sum(self._read(notation)), 2)
        given = Fraction(read_amount(answer_text[:20], signed=False))
        return Grade(
            correct=given == right,
            answer=money_text(given),
            right_answer=money_text(right),
            explanation=say("Half of each box's stake: %(total)s in all.", total=money(right)),
        )


HELD_BACK = HeldBackDeck()
CHEQUE_STACK = ChequeStack()
TABLE_INSURANCE = TableInsurance()
