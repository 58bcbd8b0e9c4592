"""Hand totals: two to five cards; the learner gives the total and says soft, hard or bust.

The question notation is the hand with suits, as the engine writes it (``"AS 7D 5C"``); the
right answer is derived from it with :class:`trainer.engine.deck.hand.Hand`. Answers are written
``"soft 18"``, ``"hard 13"`` or ``"bust"``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from drills.base import (
    AsksOnItsPage,
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    LearnerState,
    Question,
)
from drills.caches import Caches
from trainer.engine.deck.cards import Card, InvalidCardError, pack
from trainer.engine.deck.hand import Hand
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, number, plural, quoted, say

MIN_CARDS = 2
MAX_CARDS = 5
# How many cards a question has: mostly two to four, sometimes five.
_CARD_COUNTS = (2, 2, 3, 3, 3, 4, 4, 5)
# A share of questions hold an ace, since soft totals are where learners slip.
_ACE_SHARE = 0.4
_ANSWER_RE = re.compile(r"(soft|hard) ([0-9]+)|bust")
LOWEST_TOTAL, HIGHEST_TOTAL = 2, 50


class HandTotals(Drill, AsksOnItsPage):
    slug = "hand-totals"
    title = N_("Hand totals")
    description = N_(
        "Two to five cards: give the total and say whether it is soft, hard or a bust. "
        "The ace counts 11 unless that would take the hand over 21."
    )
    template = "drills/hand_totals.html"
    rules_matter = False  # a hand adds up the same under any rules

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        size = rng.choice(_CARD_COUNTS)
        deck = pack(1)
        if rng.random() < _ACE_SHARE:
            aces = [card for card in deck if card.is_ace]
            ace = rng.choice(aces)
            others = rng.sample([card for card in deck if card != ace], size - 1)
            cards = [ace, *others]
            rng.shuffle(cards)
        else:
            cards = rng.sample(deck, size)
        return self.question(str(Hand.of(cards)), rules, caches=caches)

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        hand = read_hand(notation)
        return Question(
            notation=str(hand),
            prompt=say("What is this hand's total? Is it soft, hard or bust?"),
            view={"hand": hand},
        )

    def skill(self, notation: str, rules: Rules) -> str:
        return right_answer(read_hand(notation))  # "soft 17": the total to work out

    def skill_words(self, key: str) -> str:
        return total_words(key)  # "soft 17": "мягкие 17" in Russian

    def answer_text(self, form: Mapping[str, str]) -> str:
        kind = str(form.get("kind", "")).strip().lower()
        total = str(form.get("total", "")).strip()
        if kind == "bust":
            return "bust"
        return f"{kind} {total}".strip()

    def answer_words(self, answer: str) -> str:
        return total_words(answer)

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        hand = read_hand(notation)
        answer = read_answer(answer_text)
        right = right_answer(hand)
        return Grade(
            correct=answer == right,
            answer=answer,
            right_answer=right,
            explanation=explain(hand),
        )


def total_words(answer: str) -> str:
    """An answer as graded (``"soft 18"``, ``"hard 13"``, ``"bust"``) in the learner's words, as
    a chart's rows name hands ("мягкие 18", "жёсткие 13"); anything else as it is."""
    kind, _, total = answer.partition(" ")
    if kind == "bust" and not total:
        return say("bust")
    if kind in _KIND_WORDS and total.isdigit():
        return say(_KIND_WORDS[kind], total=number(int(total)))
    return answer


_KIND_WORDS = {"soft": N_("soft %(total)s"), "hard": N_("hard %(total)s")}


def read_hand(notation: str) -> Hand:
    """The hand a question's notation names: 2 to 5 distinct suited cards, as dealt from a pack.

    :raises InvalidQuestionError: for anything else.
    """
    try:
        hand = Hand.parse(notation)
    except InvalidCardError as error:
        raise InvalidQuestionError.caused_by(
            error, N_("the question is not a hand of cards")
        ) from None
    if not MIN_CARDS <= len(hand) <= MAX_CARDS:
        raise InvalidQuestionError.said_as(
            N_("a hand-totals question has %(least)s to %(most)s cards, not %(cards)s"),
            least=number(MIN_CARDS),
            most=number(MAX_CARDS),
            cards=number(len(hand)),
        )
    if any(card.suit is None for card in hand):
        raise InvalidQuestionError.said_as(N_("a hand-totals question names every card's suit"))
    if len(set(hand.cards)) != len(hand):
        raise InvalidQuestionError.said_as(
            N_("a hand-totals question is dealt from one pack: no card twice")
        )
    return hand


def read_answer(text: str) -> str:
    """The answer normalised to ``"soft 18"``, ``"hard 13"`` or ``"bust"``.

    :raises InvalidAnswerError: naming what is missing or wrong in it.
    """
    words = " ".join((text or "").lower().split())
    kind, _, total = words.partition(" ")
    if kind not in ("soft", "hard", "bust"):
        raise InvalidAnswerError(say("Say whether the hand is soft, hard or bust."))
    if kind == "bust":
        return "bust"
    if not total:
        raise InvalidAnswerError(say("Type the hand's total, or choose bust."))
    if not total.isdecimal() or not total.isascii():
        raise InvalidAnswerError(
            say("The total is a whole number, like 17; %(typed)s is not.", typed=quoted(total))
        )
    value = int(total)
    if not LOWEST_TOTAL <= value <= HIGHEST_TOTAL:
        raise InvalidAnswerError(
            say(
                "A hand of 2 to 5 cards totals between %(low)s and %(high)s, not %(total)s.",
                low=number(LOWEST_TOTAL),
                high=number(HIGHEST_TOTAL),
                total=number(value),
            )
        )
    return f"{kind} {value}"


def right_answer(hand: Hand) -> str:
    if hand.is_bust:
        return "bust"
    return f"{'soft' if hand.is_soft else 'hard'} {hand.total}"


def explain(hand: Hand) -> str:
    """Why the answer is what it is, in a sentence a learner can check by hand."""
    sum_text = " + ".join(_value_text(card) for card in hand)
    hard, soft = number(hand.hard_total), number(hand.hard_total + 10)
    if not hand.has_ace:
        if hand.is_bust:
            return say("%(sum)s = %(hard)s: over 21, so the hand is bust.", sum=sum_text, hard=hard)
        return say(
            "%(sum)s = %(hard)s; no ace, so the total is hard %(hard)s.", sum=sum_text, hard=hard
        )
    aces = sum(card.is_ace for card in hand)
    if hand.is_bust:
        return plural(
            "%(sum)s = %(hard)s with the ace as 1: over 21 even so, so the hand is bust.",
            "%(sum)s = %(hard)s with every ace as 1: over 21 even so, so the hand is bust.",
            aces,
            sum=sum_text,
            hard=hard,
        )
    if hand.is_soft:
        return plural(
            "%(sum)s = %(hard)s with the ace as 1; counting one ace as 11 adds 10: %(soft)s, "
            "not over 21, so the hand is soft %(soft)s.",
            "%(sum)s = %(hard)s with every ace as 1; counting one ace as 11 adds 10: %(soft)s, "
            "not over 21, so the hand is soft %(soft)s.",
            aces,
            sum=sum_text,
            hard=hard,
            soft=soft,
        )
    return plural(
        "%(sum)s = %(hard)s with the ace as 1; counting an ace as 11 would make %(soft)s, "
        "over 21, so the ace stays 1: hard %(hard)s.",
        "%(sum)s = %(hard)s with every ace as 1; counting an ace as 11 would make %(soft)s, "
        "over 21, so the ace stays 1: hard %(hard)s.",
        aces,
        sum=sum_text,
        hard=hard,
        soft=soft,
    )


def _value_text(card: Card) -> str:
    return "A" if card.is_ace else str(card.value)


DRILL = HandTotals()
