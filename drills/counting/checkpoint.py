"""Checkpoints: one count asked about the cards seen so far.

A **checkpoint** is one count asked about a sequence of cards, written so that the right answer
is derived from the notation alone:

- ``"rc hi-lo 6d: 5H KD 2C"``: the running count after those cards, from the system's initial
  running count for a 6-deck shoe;
- ``"tc hi-lo floor half 6d: 5H KD 2C"``: the true count after them, the decks remaining
  (6 x 52 less the cards seen) estimated to the half deck and the result floored;
- ``"missing hi-lo: 5H KD ..."``: the count of the cards of one deck that are *not* listed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from drills.base import Grade, InvalidQuestionError
from drills.counting.notation import (
    CARDS_PER_DECK,
    cards_text,
    format_count,
    format_decks,
    read_cards,
    read_count,
    read_decks_count,
    read_system,
    read_whole_count,
    stored_count,
)
from drills.counting.preferences import CONVENTIONS, RESOLUTIONS
from drills.refusals import NO_ROUNDING
from trainer.engine.counting import CountingSystem, estimate_decks, running_count, true_count
from trainer.engine.deck.cards import Card
from trainer.words import N_, N_plural, counted, number, plural, say, signed


@dataclass(frozen=True)
class Checkpoint:
    """One count asked about the cards seen so far (see the module's notation)."""

    kind: str  # "rc", "tc" or "missing"
    system: CountingSystem
    decks: int
    cards: tuple[Card, ...]
    convention: str = "floor"
    resolution: str = "half"

    @property
    def notation(self) -> str:
        cards = cards_text(self.cards)
        if self.kind == "rc":
            return f"rc {self.system.slug} {self.decks}d: {cards}"
        if self.kind == "tc":
            return (
                f"tc {self.system.slug} {self.convention} {self.resolution} {self.decks}d: {cards}"
            )
        return f"missing {self.system.slug}: {cards}"

    @property
    def what(self) -> str:
        return say(_WHAT[self.kind])

    @property
    def prompt(self) -> str:
        """The question this checkpoint asks, in a whole sentence."""
        return say(_PROMPTS[self.kind])

    @property
    def running(self) -> Fraction:
        """The running count after the cards, from the initial running count."""
        return running_count(self.system, self.cards, self.decks)

    @property
    def decks_remaining(self) -> Fraction:
        return Fraction(self.decks * CARDS_PER_DECK - len(self.cards), CARDS_PER_DECK)

    @property
    def right(self) -> Fraction:
        if self.kind == "rc":
            return self.running
        if self.kind == "tc":
            return true_count(self.running, self.decks_remaining, self.convention, self.resolution)
        return self.system.full_shoe_total(1) - running_count(self.system, self.cards)

    def read_answer(self, text: str) -> Fraction:
        """The learner's answer to this checkpoint.

        :raises InvalidAnswerError: for text that is not a count this checkpoint could have.
        """
        if self.kind == "tc":
            return read_whole_count(text, self.what)
        biggest = max(abs(tag) for tag in (*self.system.tags, *(self.system.red_tags or ())))
        if self.kind == "rc":
            start = abs(self.system.initial_running_count(self.decks))
            bound = start + biggest * len(self.cards)
        else:
            bound = biggest * (CARDS_PER_DECK - len(self.cards))
        return read_count(text, self.system, bound, self.what)

    def grade(self, text: str) -> Grade:
        """Grade a typed answer to this checkpoint.

        :raises InvalidAnswerError: for an answer not in the form asked for.
        """
        answer = self.read_answer(text)
        right = self.right
        return Grade(
            correct=answer == right,
            answer=stored_count(answer),
            right_answer=stored_count(right),
            explanation=self.explain(),
        )

    def explain(self) -> str:
        system = self.system
        if self.kind == "rc":
            start = system.initial_running_count(self.decks)
            values = {"system": system.name, "running": format_count(self.running)}
            if not start:
                # A sentence, not a working ("Hi-Lo, from 0, over 37 cards: +2.", a walk).
                return plural(
                    "Counted in %(system)s from 0, the %(count)s card dealt comes to %(running)s.",
                    "Counted in %(system)s from 0, the %(count)s cards dealt come to %(running)s.",
                    len(self.cards),
                    **values,
                )
            return plural(
                "Counted in %(system)s from %(start)s (the initial count for %(decks)s decks), "
                "the %(count)s card dealt comes to %(running)s.",
                "Counted in %(system)s from %(start)s (the initial count for %(decks)s decks), "
                "the %(count)s cards dealt come to %(running)s.",
                len(self.cards),
                start=format_count(start),
                decks=number(self.decks),
                **values,
            )
        if self.kind == "tc":
            remaining = self.decks_remaining
            estimate = estimate_decks(remaining, self.resolution)
            exact = self.running / estimate
            seen = plural(
                *_SEEN[self.resolution],
                len(self.cards),
                running=format_count(self.running),
                total=number(self.decks * CARDS_PER_DECK),
                exact=about_decks(remaining),
                estimate=format_decks(estimate),
            )
            division = say(
                _GIVES[self.convention],
                running=format_count(self.running),
                estimate=format_decks(estimate),
                exact=_approx(exact),
                right=format_count(self.right),
            )
            return f"{seen} {division}"
        total = system.full_shoe_total(1)
        seen_count = running_count(system, self.cards)
        return say(
            "A whole deck counts %(total)s in %(system)s; the cards shown count %(seen)s, so the "
            "missing cards count %(total)s - (%(seen)s) = %(right)s.",
            total=format_count(total),
            system=system.name,
            seen=format_count(seen_count),
            right=format_count(self.right),
        )


_WHAT = {
    "rc": N_("the running count"),
    "tc": N_("the true count"),
    "missing": N_("the count of the missing cards"),
}
_PROMPTS = {
    "rc": N_("What is the running count?"),
    "tc": N_("What is the true count?"),
    "missing": N_("What is the count of the missing cards?"),
}
# A true count checkpoint's working: the decks left to the resolution, then the division
# rounded by the convention (each a whole sentence, for the catalogue).
_SEEN = {
    "full": N_plural(
        "Running count %(running)s; %(count)s of %(total)s cards seen, so %(exact)s "
        "remain, %(estimate)s to the full deck.",
        "Running count %(running)s; %(count)s of %(total)s cards seen, so %(exact)s "
        "remain, %(estimate)s to the full deck.",
    ),
    "half": N_plural(
        "Running count %(running)s; %(count)s of %(total)s cards seen, so %(exact)s "
        "remain, %(estimate)s to the half deck.",
        "Running count %(running)s; %(count)s of %(total)s cards seen, so %(exact)s "
        "remain, %(estimate)s to the half deck.",
    ),
    "quarter": N_plural(
        "Running count %(running)s; %(count)s of %(total)s cards seen, so %(exact)s "
        "remain, %(estimate)s to the quarter deck.",
        "Running count %(running)s; %(count)s of %(total)s cards seen, so %(exact)s "
        "remain, %(estimate)s to the quarter deck.",
    ),
}
_GIVES = {
    "floor": N_("%(running)s / %(estimate)s = %(exact)s; rounded down, %(right)s."),
    "truncate": N_("%(running)s / %(estimate)s = %(exact)s; rounded toward zero, %(right)s."),
    "round": N_("%(running)s / %(estimate)s = %(exact)s; rounded to the nearest, %(right)s."),
}


# An amount of decks, in its number's form ("1 deck", "2.5 decks", «5 колод», «0,75 колоды»).
DECKS = N_plural("%(count)s deck", "%(count)s decks")


def about_decks(value: Fraction) -> str:
    """Decks with their unit, exactly where a learner would write them ("2.5 decks", "1 deck"),
    else about ("about 0.71 decks")."""
    amount = counted(value, DECKS, 2)
    return amount if 4 % value.denominator == 0 else say("about %(decks)s", decks=amount)


def _approx(value: Fraction) -> str:
    if value.denominator == 1:
        return format_count(value)
    return signed(value, 2)


_CHECKPOINT_RE = re.compile(
    r"(?P<kind>rc|tc|missing) (?P<system>[a-z0-9-]+)"
    r"(?: (?P<convention>[a-z]+) (?P<resolution>[a-z]+))?"
    r"(?: (?P<decks>[1-8]d))?: ?(?P<cards>.*)"
)


def read_checkpoint(notation: str) -> Checkpoint:
    """The checkpoint written ``notation``.

    :raises InvalidQuestionError: when it is not one a counting drill asks.
    """
    match = _CHECKPOINT_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a counting checkpoint names what it asks, the counting system, the decks and "
               "the cards seen")
        )  # fmt: skip
    kind = match["kind"]
    system = read_system(match["system"])
    has_conversion = match["convention"] is not None
    if has_conversion != (kind == "tc"):
        raise InvalidQuestionError.said_as(
            N_("only a true count names its rounding and how closely the decks are read")
        )
    if (match["decks"] is None) != (kind == "missing"):
        raise InvalidQuestionError.said_as(
            N_("a running or true count names the decks; the missing cards do not")
        )
    decks = read_decks_count(match["decks"]) if match["decks"] else 1
    cards = read_cards(match["cards"], decks)
    convention = match["convention"] or "floor"
    resolution = match["resolution"] or "half"
    if convention not in CONVENTIONS or resolution not in RESOLUTIONS:
        raise InvalidQuestionError.said_as(NO_ROUNDING)
    if kind != "rc" and len(cards) >= decks * CARDS_PER_DECK:
        raise InvalidQuestionError.said_as(
            N_("a true count or the missing cards need cards left unseen")
        )
    return Checkpoint(kind, system, decks, cards, convention, resolution)
