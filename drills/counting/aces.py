"""Aces: the ace side count of an ace-neutral system, and what it changes in the bet and in
insurance (:mod:`trainer.engine.aces`).

A question gives the shoe, the decks played (the discard tray, to the learner's resolution),
the aces seen among them and the main running count; the learner gives three numbers: the aces
left over (+) or under (-) the expected, the true count for the bet (corrected for those aces)
and the true count for insurance (corrected the other way: an ace left over is a non-ten left,
so fewer tens per card, at the least-squares weight the engine works out from the tags). All
three must be right.

The notation names everything the answers depend on::

    hi-opt-1 floor half 6d played 5/2 aces 7 rc +4

is Hi-Opt I, floored, to the half deck, a 6-deck shoe, two and a half decks played, 7 aces
seen, running count +4.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from fractions import Fraction

from drills.base import (
    AsksOnItsPage,
    Drill,
    FollowsPreferences,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    LearnerState,
    Question,
)
from drills.caches import Caches
from drills.counting.notation import (
    CARDS_PER_DECK,
    MAX_DECKS,
    count_notation,
    format_count,
    format_decks,
    read_decks_count,
    read_number,
    read_system,
    read_whole_count,
)
from drills.counting.preferences import CONVENTIONS, RESOLUTIONS, STEPS, CountPreferences
from drills.counting.tray import tray_for
from drills.refusals import NO_ROUNDING, unreachable_count
from drills.skill_words import decks_words, system_words
from trainer.engine.aces import ACES_PER_DECK, AceReading, read_aces
from trainer.engine.counting import SYSTEMS, CountingSystem
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, said_numbers, say, signed

_NOTATION_RE = re.compile(
    r"(?P<system>[a-z0-9-]+) (?P<convention>[a-z]+) (?P<resolution>[a-z]+) (?P<decks>[0-9]d) "
    r"played (?P<played>[0-9]{1,2}(?:/[124])?) aces (?P<aces>[0-9]{1,2}) "
    r"rc (?P<running>[+-]?[0-9]{1,3})"
)
# The answer's three fields, in the order the answer text joins them.
FIELDS = ("aces", "bet", "insurance")
DEFAULT_SYSTEM = "hi-opt-1"
_BETTING_LOW, _BETTING_HIGH = -4, 6  # the main count's true counts the questions aim at


def side_count_system(prefs: CountPreferences) -> CountingSystem:
    """The learner's system if it keeps an ace side count, else Hi-Opt I."""
    chosen = prefs.counting_system
    return chosen if chosen.ace_side_count else SYSTEMS[DEFAULT_SYSTEM]


class AceSideCount(Drill, AsksOnItsPage, FollowsPreferences):
    slug = "ace-side-count"
    title = N_("Aces: the side count")
    description = N_(
        "An ace-neutral count (Hi-Opt I and II, Omega II, Uston APC) counts the aces on the "
        "side: say how many aces are left over or under the expected, and the true counts it "
        "gives for your bet and for insurance."
    )
    template = "drills/counting_aces.html"
    preferences = "counting"
    situation_template = "drills/_counting_situation.html"

    def new_question(
        self, rng: random.Random, rules: Rules, learner: LearnerState, *,
        caches: Caches | None = None,
    ) -> Question:  # fmt: skip
        prefs = CountPreferences.from_options(learner.options)
        system = side_count_system(prefs)
        decks = min(max(rules.decks, 2), MAX_DECKS)
        step = STEPS[prefs.resolution]
        steps_played = rng.randint(1, int((decks - 1) / step))  # at least a deck left
        played = steps_played * step
        expected = int(ACES_PER_DECK * played)
        aces = max(0, min(ACES_PER_DECK * decks, expected + rng.randint(-3, 3)))
        left = decks - played
        target = Fraction(rng.randint(_BETTING_LOW * 4, _BETTING_HIGH * 4), 4)
        running = round(target * left) * system.level
        reach = max(2, int(played * CARDS_PER_DECK) * system.level // 3)
        running = max(-reach, min(reach, running))
        notation = (
            f"{system.slug} {prefs.convention} {prefs.resolution} {decks}d "
            f"played {played} aces {aces} rc {count_notation(Fraction(running))}"
        )
        return self.question(notation, rules, caches=caches)

    def skill(self, notation: str, rules: Rules) -> str:
        """The system and the shoe (``"hi-opt-1 6d"``): the side count is the skill."""
        words = notation.split()
        return f"{words[0]} {words[3]}"

    def skill_words(self, key: str) -> str:
        """``"Aces counted on the side, Hi-Opt I, 6 decks"``."""
        words = key.split()
        if len(words) != 2:
            return super().skill_words(key)
        return say("Aces counted on the side, %(system)s, %(decks)s",
                   system=system_words(words[0]), decks=decks_words(words[1]))  # fmt: skip

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        system, convention, resolution, decks, played, aces, running = read_question(notation)
        cards = int(played * CARDS_PER_DECK)
        return Question(
            notation=notation,
            prompt=say("The aces, and what they change"),
            view={
                "system": system,
                "convention": convention,
                "resolution": resolution,
                "decks": decks,
                "played": format_decks(played),
                "left": format_decks(decks - played),
                "aces": aces,
                "expected": ACES_PER_DECK * decks,
                "running": format_count(running),
                "tray": tray_for(decks, cards),
            },
        )

    def answer_words(self, answer: str) -> str:
        """``"aces +2, bet +3, insurance -1"`` in the learner's words; anything else as it is."""
        stored = _STORED.fullmatch(answer.strip())
        if stored is None:
            return answer
        aces, bet, insurance = stored.groups()
        return say("aces %(aces)s, bet %(bet)s, insurance %(insurance)s", aces=said_numbers(aces),
                   bet=said_numbers(bet), insurance=said_numbers(insurance))  # fmt: skip

    def answer_numbers(self, answer: str) -> str:
        """A stored answer's three numbers alone (``"+2, +3, -1"``), for a verdict's line that
        names the right answer in words just before them; anything else as it is."""
        stored = _STORED.fullmatch(answer.strip())
        return ", ".join(map(said_numbers, stored.groups())) if stored is not None else answer

    def answer_text(self, form: Mapping[str, str]) -> str:
        return ";".join(str(form.get(name, ""))[:8].strip() for name in FIELDS)

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        system, convention, resolution, decks, played, aces, running = read_question(notation)
        parts = _fields(answer_text or "")
        if len(parts) != len(FIELDS):
            raise InvalidAnswerError(say("Give all three: the aces, the bet's count, insurance's."))
        surplus = read_number(parts[0], say("the aces over or under"), whole_only=True)
        if surplus.denominator != 1:
            raise InvalidAnswerError(say("Aces come whole: give the aces as a whole number."))
        if abs(surplus) > ACES_PER_DECK * MAX_DECKS:
            raise InvalidAnswerError(say("A shoe holds at most 32 aces."))
        bet = read_whole_count(parts[1], say("the true count for the bet"))
        insurance = read_whole_count(parts[2], say("the true count for insurance"))
        reading = read_aces(system, decks, played, aces, running, convention, resolution)
        right = (reading.surplus, reading.betting_true, reading.insurance_true)
        given = (surplus, bet, insurance)
        return Grade(
            correct=given == right,
            answer=_answer(*given),
            right_answer=_answer(*right),
            explanation=_working(reading, played, aces, running, given == right),
        )


def _answer(surplus: Fraction, bet: Fraction, insurance: Fraction) -> str:
    """Three answers as stored, in every language alike and read again by :meth:`grade` (a
    resent answer is graded from it): ``"aces +2, bet +3, insurance -1"``."""
    return (
        f"aces {count_notation(surplus)}, bet {count_notation(bet)}, "
        f"insurance {count_notation(insurance)}"
    )


_STORED = re.compile(r"aces (\S+), bet (\S+), insurance (\S+)")


def _fields(answer_text: str) -> list[str]:
    """The three answers of a form's text (``"+2;+3;-1"``) or of a stored answer."""
    stored = _STORED.fullmatch(answer_text.strip())
    return list(stored.groups()) if stored else answer_text.split(";")


def _working(
    reading: AceReading, played: Fraction, aces: int, running: Fraction, right: bool
) -> str:
    lead = (
        say("Right: the aces, the bet's count and insurance's.")
        if right
        else say("The aces move the bet's count one way and insurance's the other.")
    )
    side = say(
        "%(expected)s aces are expected in %(played)s decks played and %(seen)s were seen: "
        "%(surplus)s left over the expected, %(per_deck)s per deck left.",
        expected=format_count(reading.expected).lstrip("+"),
        played=format_decks(played),
        seen=str(aces),
        surplus=format_count(reading.surplus),
        per_deck=signed(reading.per_deck, 2),
    )
    bet = say(
        "For the bet each ace is worth %(weight)s: %(running)s + %(weight)s × %(surplus)s = "
        "%(adjusted)s, which gives a true count of %(true)s.",
        weight=format_count(reading.weight).lstrip("+"),
        running=format_count(running),
        surplus=format_count(reading.surplus),
        adjusted=format_count(reading.betting_running),
        true=format_count(reading.betting_true),
    )
    insurance = say(
        "Insurance wins only on a ten, and each ace over the expected leaves fewer tens per "
        "card: %(weight)s per ace, so %(running)s + (%(weight)s) × %(surplus)s = %(adjusted)s, "
        "which gives a true count of %(true)s.",
        weight=format_count(reading.insurance_weight),
        running=format_count(running),
        surplus=format_count(reading.surplus),
        adjusted=format_count(reading.insurance_running),
        true=format_count(reading.insurance_true),
    )
    return f"{lead} {side} {bet} {insurance}"


def read_question(
    notation: str,
) -> tuple[CountingSystem, str, str, int, Fraction, int, Fraction]:
    """The parts of an aces question: system, convention, resolution, decks, decks played,
    aces seen and the running count.

    :raises InvalidQuestionError: for a notation this drill could not have written.
    """
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("an aces question names the counting system, the rounding, the decks, the decks "
               "played, the aces seen and the running count")
        )  # fmt: skip
    system = read_system(match["system"])
    if not system.ace_side_count:
        raise InvalidQuestionError.said_as(
            N_("%(system)s keeps no ace side count"), system=system.name
        )
    convention, resolution = match["convention"], match["resolution"]
    if convention not in CONVENTIONS or resolution not in RESOLUTIONS:
        raise InvalidQuestionError.said_as(NO_ROUNDING)
    decks = read_decks_count(match["decks"])
    played = Fraction(match["played"])
    if (played / STEPS[resolution]).denominator != 1 or not 0 < played <= decks - 1:
        raise InvalidQuestionError.said_as(
            N_("that many decks played is not on the tray of this shoe")
        )
    aces = int(match["aces"])
    if aces > ACES_PER_DECK * decks:
        raise InvalidQuestionError.said_as(N_("the question shows more aces than its shoe holds"))
    running = Fraction(int(match["running"]))
    if abs(running) > 2 * decks * CARDS_PER_DECK:
        raise unreachable_count(system)
    return system, convention, resolution, decks, played, aces, running


DRILL = AceSideCount()
