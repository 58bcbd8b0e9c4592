"""The errors of a played-out table, as its summary lists them: grouped by kind under one line
each ("2 plays, costing 0.40 bets", "1 back-counting choice"), and each error with its round,
what the learner did and what was right, and its cost. Every kind an ask's errors are counted
under (:data:`drills.table_sums.KINDS`) has its words here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drills.bet_sizing import minimums as table_minimums
from drills.dealing.table_words import cards_words
from drills.table_session import TableSpec
from drills.table_sums import (
    IN_MINIMUMS,
    KINDS,
    Error,
    Sums,
    Tally,
    ask_name,
    cards_that_matter,
    count_of,
    in_minimums,
)
from trainer.engine.words import N_plural
from trainer.web.mastery import SMALLEST_COST
from trainer.words import bets, plural, say, signed

__all__ = ["GROUPS", "PRICED", "by_kind", "cost_text", "error_view", "group"]


# Each kind of error counted in the summary's one line ("3 count errors", "2 plays, 0.4
# bets"): its words for one and for many.
GROUPS = {
    "Strategy": N_plural("%(count)s play", "%(count)s plays"),
    "Insurance": N_plural("%(count)s insurance answer", "%(count)s insurance answers"),
    "Dealing": N_plural("%(count)s choice as the dealer", "%(count)s choices as the dealer"),
    "Redoubling": N_plural("%(count)s redouble", "%(count)s redoubles"),
    "Bets": N_plural("%(count)s bet off the ramp", "%(count)s bets off the ramp"),
    "Stakes": N_plural("%(count)s stake", "%(count)s stakes"),
    # Come in or watch, stay or leave, how many boxes.
    "Back-counting": N_plural("%(count)s back-counting choice", "%(count)s back-counting choices"),
}
PRICED = {
    "Strategy": N_plural("%(count)s play, costing %(bets)s", "%(count)s plays, costing %(bets)s"),
    "Insurance": N_plural(
        "%(count)s insurance answer, costing %(bets)s",
        "%(count)s insurance answers, costing %(bets)s",
    ),
    "Dealing": N_plural(
        "%(count)s choice as the dealer, costing %(bets)s",
        "%(count)s choices as the dealer, costing %(bets)s",
    ),
    "Redoubling": N_plural(
        "%(count)s redouble, costing %(bets)s",
        "%(count)s redoubles, costing %(bets)s",
    ),
    "Bets": N_plural(
        "%(count)s bet off the ramp, costing %(bets)s",
        "%(count)s bets off the ramp, costing %(bets)s",
    ),
    "Stakes": N_plural("%(count)s stake, costing %(bets)s", "%(count)s stakes, costing %(bets)s"),
    "Back-counting": N_plural(
        "%(count)s back-counting choice, costing %(bets)s",
        "%(count)s back-counting choices, costing %(bets)s",
    ),
}


def by_kind(spec: TableSpec, sums: Sums) -> list[dict[str, Any]]:
    """The errors grouped by kind, in the summary line's order: each kind's line, and its
    errors in the order they were made."""
    return [
        {
            "title": group(kind, tally, spec),
            "errors": [error_view(e) for e in sums.errors if KINDS.get(e.name, "Bets") == kind],
        }
        for kind, tally in sorted(sums.kinds.items())
    ]


def group(kind: str, tally: Tally, spec: TableSpec) -> str:
    """One kind of error in the summary's line: how many, and what the kept ones cost in bets
    (a punter's stakes, where the players deal, are stakes, not bets off a ramp); count
    errors name the count and the shoe they were counted for ("3 count errors (Hi-Lo, 6
    decks)")."""
    kind = "Stakes" if kind == "Bets" and spec.deals else kind
    if kind == "Counts":
        return plural(
            "%(count)s count error (%(system)s, %(shoe)s)",
            "%(count)s count errors (%(system)s, %(shoe)s)",
            tally.count,
            system=spec.system.name,
            shoe=plural("%(count)s deck", "%(count)s decks", spec.rules.decks),
        )
    if tally.bets >= SMALLEST_COST and kind in PRICED:
        one, many = PRICED[kind]
        return plural(one, many, tally.count, bets=cost_text(tally.bets, kind in IN_MINIMUMS))
    one, many = GROUPS[kind]
    return plural(one, many, tally.count)


def error_view(error: Error) -> dict[str, Any]:
    """A graded error as the summary lists it: its round, what the learner did and what was
    right, its cost, and the few cards (or the count) it turned on, never the shoe so far."""
    hand, up = cards_that_matter(error.question)
    if hand and up is not None:
        cards = say("%(hand)s against %(up)s", hand=cards_words(hand), up=cards_words([up]))
    else:
        cards = cards_words(hand) if hand else ""
    count = count_of(error.question) if error.name.startswith("bet") else None
    at = ""
    if count is not None:
        kind = say("true count") if count[0] == "tc" else say("running count")
        at = say("%(kind)s %(count)s", kind=kind, count=signed(count[1]))
    return {
        "round": error.round,
        "check": error.check,  # a count check's "before" its round, or the "last"
        "what": ask_name(error.name, error.question),
        "words": error.words,
        "cards": cards or at,
        "answer": error.answer,
        "right": error.right,
        "taken_back": error.taken_back,
        "bets": cost_text(error.bets, in_minimums(error.name)),
    }


def cost_text(cost: Fraction, minimums: bool = False) -> str:
    """An error's cost in bets of its hand (or in table minimums, ``minimums``) as the summary
    says it, as the table's verdict does ("0.35 bets", "14% of the minimum"; a cost that rounds
    to nothing, "under 0.01 bets"); "" for none."""
    unit = table_minimums if minimums else (lambda cost: bets(float(cost)))
    if not cost:
        return ""
    if cost < SMALLEST_COST:
        return say("under %(bets)s", bets=unit(Fraction(1, 100)))
    return unit(cost)
