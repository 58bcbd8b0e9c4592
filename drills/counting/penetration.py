"""Shoe penetration: where the cut card sits, what that means in cards, decks and rounds per
shoe, and how it changes how often the true count reaches +1, +2, +3 or more.

The figures come from the studies in :mod:`drills.counting.penetration_study`.

The notation is ``"<preset> <penetration> <system> <kind> [<arg>]"``::

    vegas-6d-s17 3/4 hi-lo cards        # cards played before the cut card
    vegas-6d-s17 3/4 hi-lo decks half   # the same in decks, to the half deck
    vegas-6d-s17 3/4 hi-lo rounds       # rounds per shoe at the study's table
    vegas-6d-s17 3/4 hi-lo share 2      # per cent of rounds starting at +2 or more
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from drills.base import (
    AsksOnItsPage,
    CostlyFeedback,
    Drill,
    FollowsPreferences,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    LearnerState,
    Question,
)
from drills.caches import Caches, penetration_dir
from drills.counting.checkpoint import DECKS
from drills.counting.notation import (
    CARDS_PER_DECK,
    format_decks,
    read_decks,
    read_number,
    read_system,
    stored_decks,
)
from drills.counting.penetration_chart import cached_chart
from drills.counting.penetration_study import (
    STUDY_SEATS,
    STUDY_SHOES,
    THRESHOLDS,
    cached_study,
    chart_system,
    cut_cards,
    penetration_text,
    penetrations_for,
    percent,
    percent_words,
    study,
)
from drills.counting.preferences import RESOLUTIONS, CountPreferences
from drills.refusals import NO_RESOLUTION, NO_RULES
from drills.skill_words import system_words
from trainer.engine.counting import CountingSystem, estimate_decks
from trainer.engine.rulebook.rule_words import short_summary
from trainer.engine.rulebook.rules import InvalidRulesError, Rules, find_preset
from trainer.words import N_, counted, number, plural, said_numbers, say, signed

KINDS = ("cards", "decks", "rounds", "share")
# What dealing a table's studies is, in the words of the page that refuses it (a 429).
NEW_STUDY = N_("a shoe-penetration chart for a table and count not worked out before")
# Rounds per shoe are estimated: within this many rounds counts as right.
ROUNDS_TOLERANCE = 1
# Shares are read off the chart: within this many percentage points counts as right.
SHARE_TOLERANCE = 1
_UNITS = {
    "cards": N_("Cards"),
    "decks": N_("Decks"),
    "rounds": N_("Rounds"),
    "share": N_("Per cent"),
}
_KIND_WORDS = {
    "cards": N_("Cards before the cut card"),
    "decks": N_("Decks before the cut card"),
    "rounds": N_("Rounds a shoe lasts"),
    "share": N_("Share of rounds at a good count"),
}
_DECKS_PROMPTS = {
    "full": N_("How many decks are played before the cut card, to the full deck?"),
    "half": N_("How many decks are played before the cut card, to the half deck?"),
    "quarter": N_("How many decks are played before the cut card, to the quarter deck?"),
}
_DECKS_WORKING = {
    "full": N_("%(cut)s cards of 52 a deck is %(exact)s: %(right)s to the full deck."),
    "half": N_("%(cut)s cards of 52 a deck is %(exact)s: %(right)s to the half deck."),
    "quarter": N_("%(cut)s cards of 52 a deck is %(exact)s: %(right)s to the quarter deck."),
}

_NOTATION_RE = re.compile(
    r"(?P<preset>[a-z0-9-]+) (?P<pen>[0-9]{1,3}/[0-9]{1,3}|1) (?P<system>[a-z0-9-]+) "
    r"(?P<kind>cards|decks|rounds|share)(?: (?P<arg>[a-z0-9]+))?"
)


class ShoePenetration(Drill, AsksOnItsPage, FollowsPreferences, CostlyFeedback):
    slug = "shoe-penetration"
    title = N_("Shoe penetration")
    description = N_(
        "Where the cut card sits: cards, decks and rounds per shoe, and how deeper penetration "
        "makes high true counts come up more often, from shoes the simulator dealt."
    )
    template = "drills/counting_penetration.html"
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
        pen = rng.choice(penetrations_for(rules))
        kind = rng.choice(KINDS)
        arg = {
            "cards": "",
            "decks": f" {prefs.resolution}",
            "rounds": "",
            "share": f" {rng.choice(THRESHOLDS)}",
        }[kind]
        notation = f"{rules.name} {pen} {prefs.system} {kind}{arg}"
        return self.question(notation, rules, caches=caches)

    def answer_words(self, answer: str) -> str:
        """A share ("20%", as :meth:`grade` writes it) as the learner's language writes it
        ("20 %" in Russian); other answers with their numbers so ("1,5" decks)."""
        if answer.endswith("%") and answer[:-1].isdigit():
            return percent_words(int(answer[:-1]))
        return said_numbers(answer)

    def skill(self, notation: str, rules: Rules) -> str:
        """The table, the system and what is asked (``"vegas-6d-s17 hi-lo share"``)."""
        preset, _, system, kind, _ = read_question(notation)
        return f"{preset} {system.slug} {kind}"

    def skill_words(self, key: str) -> str:
        """``"Rounds a shoe lasts, Hi-Lo (Las Vegas Strip, ...)"``."""
        words = key.split()
        if len(words) != 3 or words[2] not in _KIND_WORDS:
            return super().skill_words(key)
        try:
            table = short_summary(find_preset(words[0]))
        except InvalidRulesError:
            return key
        return say(
            "%(kind)s, %(system)s (%(table)s)",
            kind=say(_KIND_WORDS[words[2]]),
            system=system_words(words[1]),
            table=table,
        )

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        preset, pen, system, kind, arg = read_question(notation)
        table = find_preset(preset)
        if kind == "cards":
            prompt = say("How many cards are played before the cut card comes out?")
        elif kind == "decks":
            prompt = say(_DECKS_PROMPTS[arg])
        elif kind == "rounds":
            prompt = plural(
                "About how many rounds does one shoe last at a table of %(count)s seat and the "
                "dealer?",
                "About how many rounds does one shoe last at a table of %(count)s seats and the "
                "dealer?",
                STUDY_SEATS,
            )
        else:
            prompt = say(
                "At %(penetration)s penetration, what share of rounds start at a true count of "
                "%(count)s or more?",
                penetration=penetration_text(pen),
                count=f"+{arg}",
            )
        return Question(
            notation=notation,
            prompt=prompt,
            view={
                "preset": preset,
                "decks": table.decks,
                "cards": table.decks * CARDS_PER_DECK,
                "penetration": penetration_text(pen),
                "no_cut_card": table.penetration >= 1,
                # The table's own cut card, which the rules line names, when the question moves it.
                "table_penetration": (
                    penetration_text(Fraction(table.penetration))
                    if pen != table.penetration and table.penetration < 1
                    else None
                ),
                "cut_x": f"{10 + 300 * float(pen):.1f}",
                "kind": kind,
                "system": chart_system(system),
                "chosen_system": system,
                "unit": say(_UNITS[kind]),
                "shoes": STUDY_SHOES,
            },
        )

    def uncached_work(self, notation: str, *, caches: Caches | None = None) -> str | None:
        """A study a rounds question's grade reads (a share question's, every penetration's),
        if one is not cached (the feedback's chart is never dealt in the request)."""
        try:
            preset, pen, system, kind, _ = read_question(notation)
        except InvalidQuestionError:
            return None
        slug = chart_system(system).slug
        pens = set()
        if kind == "rounds":
            pens.add(pen)
        if kind == "share":
            pens.update(penetrations_for(find_preset(preset)))
        where = penetration_dir(caches)
        if all(cached_study(preset, p, slug, cache_dir=where) is not None for p in pens):
            return None
        return NEW_STUDY

    def feedback_data(
        self, answered: Question, options: Mapping[str, str], *, caches: Caches | None = None
    ) -> dict[str, Any]:
        """The chart of the answered question's study, shown with its feedback (shown with the
        question, it would give a share question's answer away): None while its studies are not
        cached (a second or so each the first time). Its studies are then a job's work: htmx
        fetches the chart's page, which starts the job and polls it; without JavaScript the
        feedback links to that page, which reloads itself until the chart is there."""
        view = answered.view
        chart = cached_chart(view["preset"], view["chosen_system"], caches=caches)
        return {"penetration_chart": chart}

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        preset, pen, system, kind, arg = read_question(notation)
        table = find_preset(preset)
        cut = cut_cards(table, pen)
        size = table.decks * CARDS_PER_DECK
        pen_text = penetration_text(pen)
        slug, where = chart_system(system).slug, penetration_dir(caches)
        if kind == "cards":
            answer = _whole(answer_text, N_("the number of cards"), size)
            right = Fraction(cut)
            correct = answer == right
            explanation = say(
                "%(penetration)s of %(size)s cards is %(cut)s cards before the cut card.",
                penetration=pen_text,
                size=number(size),
                cut=number(cut),
            )
        elif kind == "decks":
            answer = read_decks(answer_text, arg, table.decks, say("the decks played"))
            right = estimate_decks(Fraction(cut, CARDS_PER_DECK), arg)
            correct = answer == right
            explanation = say(
                _DECKS_WORKING[arg],
                cut=number(cut),
                exact=counted(Fraction(cut, CARDS_PER_DECK), DECKS, 2),
                right=format_decks(right),
            )
        elif kind == "rounds":
            answer = _whole(answer_text, N_("the number of rounds"), 500)
            per_shoe = study(preset, pen, slug, cache_dir=where).rounds_per_shoe
            right = Fraction(round(per_shoe))
            correct = abs(answer - per_shoe) <= ROUNDS_TOLERANCE
            explanation = _rounds_working(pen_text, per_shoe, cut)
        else:
            answer = _whole(answer_text.replace("%", ""), N_("the share in per cent"), 100)
            threshold = int(arg)

            def share(p: Fraction) -> Fraction:
                return percent(study(preset, p, slug, cache_dir=where).share_at_least(threshold))

            exact = share(pen)
            right = Fraction(round(exact))
            correct = abs(answer - exact) <= SHARE_TOLERANCE
            others = {p: share(p) for p in penetrations_for(table)}
            explanation = _share_working(exact, threshold, pen_text, others)
        unit = "%" if kind == "share" else ""  # a share is said with its sign (answer_words)
        return Grade(
            correct=correct,
            answer=(stored_decks(answer) if kind == "decks" else str(answer)) + unit,
            right_answer=(stored_decks(right) if kind == "decks" else str(right)) + unit,
            explanation=explanation,
        )


def _rounds_working(pen_text: str, per_shoe: Fraction, cut: int) -> str:
    """How long a shoe lasts, in words: the study's figure and why."""
    return plural(
        "Over %(shoes)s shoes dealt to %(penetration)s, a shoe lasted %(rounds)s rounds on "
        "average at a table of %(count)s seat and the dealer: about %(cut)s cards at some "
        "%(per_hand)s cards a hand, plus the round that brings the cut card out.",
        "Over %(shoes)s shoes dealt to %(penetration)s, a shoe lasted %(rounds)s rounds on "
        "average at a table of %(count)s seats and the dealer: about %(cut)s cards at some "
        "%(per_hand)s cards a hand, plus the round that brings the cut card out.",
        STUDY_SEATS,
        shoes=number(STUDY_SHOES),
        penetration=pen_text,
        rounds=number(float(per_shoe), 1),
        cut=number(cut),
        per_hand=number(2.7, 1),
    )


def _share_working(
    exact: Fraction, threshold: int, pen_text: str, others: Mapping[Fraction, Fraction]
) -> str:
    """The share of rounds at a good count, in words, beside the table's other penetrations."""
    beside = ", ".join(
        say(
            "%(share)s at %(penetration)s",
            share=percent_words(round(share)),
            penetration=penetration_text(p),
        )
        for p, share in others.items()
    )
    return say(
        "%(share)s of rounds started at %(count)s or more at %(penetration)s (%(others)s). "
        "Deeper penetration deals more rounds late in the shoe, where true counts swing "
        "widest, so high counts come up more often (figures from %(shoes)s dealt shoes, within "
        "a fraction of a point).",
        share=percent_words(float(exact), 1),
        count=f"+{threshold}",
        penetration=pen_text,
        others=beside,
        shoes=number(STUDY_SHOES),
    )


def _whole(text: str, what: str, highest: int) -> Fraction:
    """The whole number ``text`` gives for ``what`` (marked for the catalogue), 0 to
    ``highest``."""
    said = say(what)
    value = read_number(text, said, whole_only=True)
    if value.denominator != 1 or not 0 <= value <= highest:
        raise InvalidAnswerError(say("Give %(what)s as a whole number from 0 to %(highest)s.",
                                     what=said, highest=number(highest)))  # fmt: skip
    return value


def read_chart(preset: str, system: str) -> tuple[str, CountingSystem]:
    """The preset and system of a chart the page asks for.

    :raises InvalidQuestionError: for a preset or system there is not.
    """
    try:
        rules = find_preset(preset)
    except InvalidRulesError as error:
        raise InvalidQuestionError.caused_by(error, NO_RULES) from None
    return rules.name, read_system(system)


def read_question(notation: str) -> tuple[str, Fraction, CountingSystem, str, str]:
    """Preset, penetration, system, kind and its argument of a penetration question.

    :raises InvalidQuestionError: for a notation this drill could not have written.
    """
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a penetration question names the rules, the penetration, the counting system "
               "and what it asks")
        )  # fmt: skip
    try:
        rules = find_preset(match["preset"])
    except InvalidRulesError as error:
        raise InvalidQuestionError.caused_by(error, NO_RULES) from None
    numerator, _, denominator = match["pen"].partition("/")
    if denominator and int(denominator) == 0:
        raise InvalidQuestionError.said_as(N_("the penetration divides by zero"))
    pen = Fraction(match["pen"])
    if pen not in penetrations_for(rules):
        raise InvalidQuestionError.said_as(
            N_("the penetration %(penetration)s is not one this drill compares"),
            penetration=penetration_text(pen),
        )
    system = read_system(match["system"])
    kind, arg = match["kind"], match["arg"] or ""
    if kind == "decks" and arg not in RESOLUTIONS:
        raise InvalidQuestionError.said_as(NO_RESOLUTION)
    if kind == "share" and arg not in {str(k) for k in THRESHOLDS}:
        raise InvalidQuestionError.said_as(
            N_("shares are asked for true counts of %(least)s to %(most)s"),
            least=signed(THRESHOLDS[0]),
            most=signed(THRESHOLDS[-1]),
        )
    if kind in ("cards", "rounds") and arg:
        raise InvalidQuestionError.said_as(
            N_("a question of the cards or the rounds dealt takes nothing more")
        )
    return rules.name, pen, system, kind, arg


DRILL = ShoePenetration()
