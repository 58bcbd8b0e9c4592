"""True count: a running count and the decks remaining (a discard tray, or a number) give the
true count, converted by the learner's convention (floor, truncate, round) and resolution (full,
half or quarter decks).

The notation names everything the answer depends on::

    hi-lo floor half 6d rc +7 played 130 tray

is Hi-Lo, floored, decks estimated to the half deck, a 6-deck shoe, running count +7, 130 cards
in the discard tray (shown as the tray; ``decks`` shows the decks remaining as a number).
"""

from __future__ import annotations

import math
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
    count_notation,
    format_count,
    format_decks,
    read_decks_count,
    read_number,
    read_system,
    read_whole_count,
    stored_count,
)
from drills.counting.preferences import (
    CONVENTIONS,
    RESOLUTIONS,
    STEPS,
    CountPreferences,
    convention_words,
)
from drills.counting.tray import tray_for
from drills.refusals import NO_ROUNDING, too_few_left, unreachable_count
from drills.skill_words import decks_words, system_words
from trainer.engine.counting import SYSTEMS, CountingSystem, estimate_decks, true_count
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, N_plural, number, plural, say, signed

_NOTATION_RE = re.compile(
    r"(?P<system>[a-z0-9-]+) (?P<convention>[a-z]+) (?P<resolution>[a-z]+) (?P<decks>[0-9]+d) "
    r"rc (?P<running>[+-]?[0-9./]+) played (?P<played>[0-9]{1,3}) (?P<show>tray|decks)"
)
# True counts the questions aim at (then made into a running count for the decks left).
_TARGET_LOW, _TARGET_HIGH = -6, 8


def reach_of(system: CountingSystem, played: int, total: int) -> Fraction:
    """The largest running count asked after ``played`` of ``total`` cards: two and a half
    standard deviations of the count dealt that far (its tags' spread, drawn without
    replacement), at least 2 and at most a third of the cards tipped one way. A uniform true
    count alone asked a running count of −23 after 80 cards of six decks, 3.4 deviations out,
    as rare at a real table as it is useless to practise (a walk)."""
    spread = sum(tag * tag * (16 if value == 10 else 4) for value, tag in enumerate(system.tags, 1))
    variance = float(spread) / CARDS_PER_DECK * played * (total - played) / max(total - 1, 1)
    likely = Fraction(math.ceil(2.5 * math.sqrt(variance) * system._scale), system._scale)
    return max(Fraction(2), min(Fraction(played * system.level // 3), likely))


class TrueCount(Drill, AsksOnItsPage, FollowsPreferences):
    slug = "true-count"
    title = N_("True count")
    description = N_(
        "A running count and the cards played: turn them into a true count, estimating the decks "
        "remaining and rounding the way you chose."
    )
    template = "drills/counting_true.html"
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
        # An unbalanced count (KO, Red 7) bets by its running count: no true count to practise.
        system = prefs.counting_system if prefs.counting_system.balanced else SYSTEMS["hi-lo"]
        decks = max(rules.decks, 2)
        step = STEPS[prefs.resolution]
        total = decks * CARDS_PER_DECK
        show = rng.choice(("tray", "tray", "decks"))
        if show == "decks":
            # Decks remaining shown as a number: a whole number of steps, at least one deck.
            remaining_steps = rng.randint(int(1 / step), int((decks - step) / step))
            played = total - int(remaining_steps * step * CARDS_PER_DECK)
        else:
            least_left = max(CARDS_PER_DECK // 2, int(step * CARDS_PER_DECK))
            played = rng.randint(CARDS_PER_DECK // 4, total - least_left)
        remaining = Fraction(total - played, CARDS_PER_DECK)
        scale = system._scale
        target = Fraction(rng.randint(_TARGET_LOW * 4, _TARGET_HIGH * 4), 4)
        running = Fraction(round(target * remaining * scale), scale) * system.level
        reach = reach_of(system, played, total)
        running = max(-reach, min(reach, running))
        notation = (
            f"{system.slug} {prefs.convention} {prefs.resolution} {decks}d "
            f"rc {count_notation(running)} played {played} {show}"
        )
        return self.question(notation, rules, caches=caches)

    def skill(self, notation: str, rules: Rules) -> str:
        """The conversion: system, convention, resolution, decks (``"hi-lo floor half 6d"``)."""
        return " ".join(notation.split()[:4])

    def skill_words(self, key: str) -> str:
        """``"Hi-Lo, floor, to the half deck, 6 decks"``."""
        words = key.split()
        if len(words) != 4 or words[2] not in RESOLUTIONS:
            return super().skill_words(key)
        system, convention, resolution, decks = words
        return say(
            _SKILL_WORDS[resolution],
            system=system_words(system),
            convention=convention_words(convention),
            decks=decks_words(decks),
        )

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        parts = read_question(notation)
        system, convention, resolution, decks, running, played, show = parts
        remaining = Fraction(decks * CARDS_PER_DECK - played, CARDS_PER_DECK)
        return Question(
            notation=notation,
            prompt=say("What is the true count?"),
            view={
                "system": system,
                "convention": convention,
                "resolution": resolution,
                "decks": decks,
                "running": format_count(running),
                "played": played,
                "show": show,
                "remaining": format_decks(estimate_decks(remaining, resolution)),
                "tray": tray_for(decks, played),
            },
        )

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        system, convention, resolution, decks, running, played, show = read_question(notation)
        answer = read_whole_count(answer_text, say("the true count"))
        right, explanation = converted(
            running, decks, played, convention, resolution, shown_decks=show == "decks"
        )
        return Grade(
            correct=answer == right,
            answer=stored_count(answer),
            right_answer=stored_count(right),
            explanation=explanation,
        )


def tray_true_count(
    running: Fraction, decks: int, played: int, convention: str, resolution: str
) -> Fraction:
    """The true count of ``running`` with ``played`` cards of ``decks`` decks in the tray, by
    ``convention`` and ``resolution``: the one place every drill works it out (the words are
    :func:`converted`'s)."""
    remaining = Fraction(decks * CARDS_PER_DECK - played, CARDS_PER_DECK)
    return true_count(running, remaining, convention, resolution)


def converted(
    running: Fraction,
    decks: int,
    played: int,
    convention: str,
    resolution: str,
    *,
    shown_decks: bool = False,
) -> tuple[Fraction, str]:
    """The true count of ``running`` with ``played`` cards of ``decks`` decks in the tray, by
    ``convention`` and ``resolution`` (:func:`tray_true_count`), and the conversion in words:
    from the decks left where they were what the learner had (``shown_decks``: shown, or their
    own estimate at the table, whose cards played are only those decks said again), else from
    the cards played."""
    remaining = Fraction(decks * CARDS_PER_DECK - played, CARDS_PER_DECK)
    estimate = estimate_decks(remaining, resolution)
    right = tray_true_count(running, decks, played, convention, resolution)
    exact = running / estimate
    exact_text = format_count(exact) if exact.denominator == 1 else signed(exact, 2)
    decks_left = (
        say("Decks left: %(decks)s.", decks=format_decks(estimate))
        if shown_decks
        else plural(
            _REMAINING[resolution][0],
            _REMAINING[resolution][1],
            played,
            total=number(decks * CARDS_PER_DECK),
            left=number(decks * CARDS_PER_DECK - played),
            exact=about_decks(remaining),
            estimate=format_decks(estimate),
        )
    )
    division = say(
        _GIVES[convention],
        running=format_count(running),
        estimate=format_decks(estimate),
        exact=exact_text,
        right=format_count(right),
    )
    return right, f"{decks_left} {division}"


# The conversion in words: the decks left to the resolution, then the division rounded by the
# convention (each a whole sentence, for the catalogue).
_REMAINING = {
    "full": N_plural(
        "%(count)s of %(total)s cards played: %(left)s remain, %(exact)s, which is "
        "%(estimate)s to the full deck.",
        "%(count)s of %(total)s cards played: %(left)s remain, %(exact)s, which is "
        "%(estimate)s to the full deck.",
    ),
    "half": N_plural(
        "%(count)s of %(total)s cards played: %(left)s remain, %(exact)s, which is "
        "%(estimate)s to the half deck.",
        "%(count)s of %(total)s cards played: %(left)s remain, %(exact)s, which is "
        "%(estimate)s to the half deck.",
    ),
    "quarter": N_plural(
        "%(count)s of %(total)s cards played: %(left)s remain, %(exact)s, which is "
        "%(estimate)s to the quarter deck.",
        "%(count)s of %(total)s cards played: %(left)s remain, %(exact)s, which is "
        "%(estimate)s to the quarter deck.",
    ),
}
_GIVES = {
    "floor": N_("%(running)s / %(estimate)s = %(exact)s; rounded down, %(right)s."),
    "truncate": N_("%(running)s / %(estimate)s = %(exact)s; rounded toward zero, %(right)s."),
    "round": N_("%(running)s / %(estimate)s = %(exact)s; rounded to the nearest, %(right)s."),
}
_SKILL_WORDS = {
    "full": N_("%(system)s, %(convention)s, to the full deck, %(decks)s"),
    "half": N_("%(system)s, %(convention)s, to the half deck, %(decks)s"),
    "quarter": N_("%(system)s, %(convention)s, to the quarter deck, %(decks)s"),
}


def read_question(
    notation: str,
) -> tuple[CountingSystem, str, str, int, Fraction, int, str]:
    """The parts of a true-count question: system, convention, resolution, decks, running
    count, cards played, and how the decks are shown.

    :raises InvalidQuestionError: for a notation this drill could not have written.
    """
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a true-count question names the counting system, the rounding, the decks, the "
               "running count and the cards played")
        )  # fmt: skip
    system = read_system(match["system"])
    convention, resolution = match["convention"], match["resolution"]
    if convention not in CONVENTIONS or resolution not in RESOLUTIONS:
        raise InvalidQuestionError.said_as(NO_ROUNDING)
    decks = read_decks_count(match["decks"])
    played = int(match["played"])
    total = decks * CARDS_PER_DECK
    if not 0 <= played <= total - STEPS[resolution] * CARDS_PER_DECK:
        raise too_few_left(played)
    try:
        running = read_number(match["running"], say("the running count"))
    except ValueError:
        raise InvalidQuestionError.said_as(N_("the running count is not a number")) from None
    if (running * system._scale).denominator != 1 or abs(running) > 2 * total:
        raise unreachable_count(system)
    return system, convention, resolution, decks, running, played, match["show"]


DRILL = TrueCount()
