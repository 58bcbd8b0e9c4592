"""Deck estimation: a discard tray drawn to scale holds some cards of an N-deck shoe; the
learner estimates the decks played, or the decks remaining, to their chosen resolution.

The notation is ``"6d played 130 remaining half"``: a 6-deck shoe, 130 cards in the tray,
asking for the decks remaining to the half deck. The right answer is the exact number of decks
rounded to the nearest step (halfway rounds up), as the true count uses it.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

from drills.base import (
    AsksOnItsPage,
    Drill,
    FollowsPreferences,
    Grade,
    InvalidQuestionError,
    LearnerState,
    Question,
)
from drills.caches import Caches
from drills.counting.checkpoint import about_decks
from drills.counting.notation import (
    CARDS_PER_DECK,
    format_decks,
    read_decks,
    read_decks_count,
    stored_decks,
)
from drills.counting.preferences import RESOLUTION_LABELS, RESOLUTIONS, STEPS, CountPreferences
from drills.counting.tray import tray_for
from drills.refusals import NO_RESOLUTION
from trainer.engine.counting import estimate_decks
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, N_plural, number, plural, say

# The working in words, played or remaining (a whole sentence each, for the catalogue).
_PLAYED = N_plural(
    "The tray holds %(played)s of the shoe's %(total)s cards: %(count)s card played, %(exact)s, "
    "which is %(right)s to the nearest %(step)s deck.",
    "The tray holds %(played)s of the shoe's %(total)s cards: %(count)s cards played, %(exact)s, "
    "which is %(right)s to the nearest %(step)s deck.",
)
_REMAIN = N_plural(
    "The tray holds %(played)s of the shoe's %(total)s cards: %(count)s card remains, %(exact)s, "
    "which is %(right)s to the nearest %(step)s deck.",
    "The tray holds %(played)s of the shoe's %(total)s cards: %(count)s cards remain, %(exact)s, "
    "which is %(right)s to the nearest %(step)s deck.",
)
_SKILL_WORDS = {
    ("played", "full"): N_("Decks played of %(decks)s, to the full deck"),
    ("played", "half"): N_("Decks played of %(decks)s, to the half deck"),
    ("played", "quarter"): N_("Decks played of %(decks)s, to the quarter deck"),
    ("remaining", "full"): N_("Decks remaining of %(decks)s, to the full deck"),
    ("remaining", "half"): N_("Decks remaining of %(decks)s, to the half deck"),
    ("remaining", "quarter"): N_("Decks remaining of %(decks)s, to the quarter deck"),
}

_NOTATION_RE = re.compile(
    r"(?P<decks>[0-9]+d) played (?P<played>[0-9]{1,3}) (?P<ask>played|remaining) "
    r"(?P<resolution>[a-z]+)"
)


class DeckEstimation(Drill, AsksOnItsPage, FollowsPreferences):
    slug = "deck-estimation"
    title = N_("Deck estimation")
    description = N_(
        "A discard tray drawn to scale: how many decks have been played, or how many remain, "
        "to the full, half or quarter deck you chose?"
    )
    template = "drills/counting_decks.html"
    preferences = "counting"
    situation_template = "drills/_counting_situation.html"

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        prefs = CountPreferences.from_options(learner.options)
        decks = max(rules.decks, 2)
        step_cards = int(STEPS[prefs.resolution] * CARDS_PER_DECK)
        # At least one step played and one step left, so neither answer is ever zero.
        played = rng.randint(step_cards, decks * CARDS_PER_DECK - step_cards)
        ask = rng.choice(("played", "remaining"))
        return self.question(
            f"{decks}d played {played} {ask} {prefs.resolution}", rules, caches=caches
        )

    def skill(self, notation: str, rules: Rules) -> str:
        """The shoe, what is asked of it and to what resolution (``"6d remaining half"``)."""
        words = notation.split()
        return " ".join([words[0], *words[3:]])

    def skill_words(self, key: str) -> str:
        """``"Decks remaining of 6, to the half deck"``."""
        words = key.split()
        if len(words) != 3 or words[2] not in RESOLUTIONS:
            return super().skill_words(key)
        decks, ask, resolution = words
        return say(
            _SKILL_WORDS.get((ask, resolution), key),
            decks=number(int(decks.removesuffix("d"))) if decks[:-1].isdecimal() else decks,
        )

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        decks, played, ask, resolution = read_question(notation)
        return Question(
            notation=notation,
            prompt=(
                say("How many decks have been played?")
                if ask == "played"
                else say("How many decks remain?")
            ),
            view={
                "decks": decks,
                "ask": ask,
                "resolution": resolution,
                "resolution_label": RESOLUTION_LABELS[resolution].lower(),
                "step": format_decks(STEPS[resolution]),
                "tray": tray_for(decks, played),
            },
        )

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        decks, played, ask, resolution = read_question(notation)
        what = say("the decks played") if ask == "played" else say("the decks remaining")
        answer = read_decks(answer_text, resolution, decks, what)
        cards = played if ask == "played" else decks * CARDS_PER_DECK - played
        exact = Fraction(cards, CARDS_PER_DECK)
        right = estimate_decks(exact, resolution)
        explanation = plural(
            *(_PLAYED if ask == "played" else _REMAIN),
            cards,
            played=number(played),
            total=number(decks * CARDS_PER_DECK),
            exact=about_decks(exact),
            right=format_decks(right),
            step=format_decks(STEPS[resolution]),
        )
        return Grade(
            correct=answer == right,
            answer=stored_decks(answer),
            right_answer=stored_decks(right),
            explanation=explanation,
        )


def read_question(notation: str) -> tuple[int, int, str, str]:
    """Decks, cards played, what is asked and the resolution of a deck-estimation question.

    :raises InvalidQuestionError: for a notation this drill could not have written.
    """
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a deck-estimation question names the decks, the cards played, what it asks "
               "and how closely")
        )  # fmt: skip
    decks = read_decks_count(match["decks"])
    resolution = match["resolution"]
    if resolution not in RESOLUTIONS:
        raise InvalidQuestionError.said_as(NO_RESOLUTION)
    played = int(match["played"])
    step_cards = int(STEPS[resolution] * CARDS_PER_DECK)
    if not step_cards <= played <= decks * CARDS_PER_DECK - step_cards:
        raise InvalidQuestionError.said_as(
            N_("this drill shows no tray with that many cards played from this shoe")
        )
    return decks, played, match["ask"], resolution


DRILL = DeckEstimation()
