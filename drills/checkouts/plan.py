"""A checkout's items, dealt when it starts, and where a run of it stands: which part and item
are asked now, the part's deadline, and whether the run has passed or failed.

A run is answered in order: part by part, each part's clock started by the learner, each item
of it answered before the part's deadline. The run fails as soon as its errors of a sort pass
what the criteria allow or a part's clock runs out with items unanswered; it passes once every
item is answered within them. Everything here is a value worked out from the stored starts and
answers and the server's time, so the web layer only parses, checks and stores.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from drills import deviations, strategy_quiz
from drills.base import Drill, Grade, LearnerState, Question
from drills.caches import Caches
from drills.checkouts.criteria import BONUS_KINDS, Criteria
from drills.checkouts.items import CHEQUE_STACK, HELD_BACK, TABLE_INSURANCE
from drills.checkouts.shoe_checks import SHOE_CHECK, shoe_notations
from drills.count_study import study_for
from drills.counting.preferences import CountPreferences
from drills.dealing import table_payouts
from drills.payout import drill as payout
from drills.payout.deal import make_question
from trainer.engine.counting import SYSTEMS
from trainer.engine.rulebook.rules import Rules

# Each item sort and the drill that asks and grades it.
SORT_DRILLS: dict[str, Drill] = {
    "play": strategy_quiz.DRILL,
    "index": deviations.DRILL,
    "deck": HELD_BACK,
    "cheques": CHEQUE_STACK,
    "insurance": TABLE_INSURANCE,
    "table": table_payouts.DRILL,
    "bonus": payout.DRILL,
    "check-count": SHOE_CHECK,
    "check-bet": SHOE_CHECK,
}


@dataclass(frozen=True)
class Item:
    sort: str
    notation: str


def counting_system(kind: str, prefs: CountPreferences) -> str:
    """The system a checkout counts in: the learner's; the true count checkout's is a balanced
    one (Hi-Lo where theirs is not)."""
    if kind == "true-count" and not SYSTEMS[prefs.system].balanced:
        return "hi-lo"
    return prefs.system


def deal_items(
    criteria: Criteria,
    rng: random.Random,
    rules: Rules,
    prefs: CountPreferences,
    *,
    caches: Caches | None = None,
) -> tuple[tuple[Item, ...], ...]:
    """The items of each part of a new run of the checkout ``criteria`` names.

    :raises drills.count_study.StudyPendingError: for deviations or the true count while the
        indices of these rules and system are being worked out.
    """
    kind, parts = criteria.kind, criteria.parts
    system = SYSTEMS[counting_system(kind, prefs)]
    if kind == "basic-strategy":
        hands = strategy_quiz.DRILL.timed_hands(
            rng, rules, mix="shoe", tally={}, count=parts[0].items, caches=caches
        )
        return (tuple(Item("play", hand) for hand in hands),)
    if kind == "deviations":
        learner = LearnerState(options={**prefs.as_options(), "cells": deviations.DEFAULT_SET})
        asked = [
            deviations.DRILL.new_question(rng, rules, learner, caches=caches).notation
            for _ in range(parts[0].items)
        ]
        return (tuple(Item("index", notation) for notation in asked),)
    if kind == "counting":
        return tuple((Item("deck", HELD_BACK.deal(rng, system)),) for _ in parts)
    if kind == "true-count":
        study_for(rules, system, caches=caches)  # the ramp's study is there before it starts
        notations = shoe_notations(rng, system, (prefs.convention, prefs.resolution))
        return tuple(
            (Item("check-count", notations[2 * n]), Item("check-bet", notations[2 * n + 1]))
            for n in range(len(parts))
        )
    table = table_payouts.DRILL.new_question(rng, rules, LearnerState(options={"boxes": "7"}))
    return (
        (Item("cheques", CHEQUE_STACK.deal(rng)),),
        (Item("insurance", TABLE_INSURANCE.deal(rng)),),
        (Item("table", table.notation),),
        *((Item("bonus", str(make_question(kind_, rng))),) for kind_ in BONUS_KINDS),
    )


def show_item(item: Item, rules: Rules, *, caches: Caches | None = None) -> Question:
    """The item as its drill asks it (its prompt and what the page draws)."""
    return SORT_DRILLS[item.sort].question(item.notation, rules, caches=caches)


def grade_item(
    item: Item, form: Mapping[str, str], rules: Rules, *, caches: Caches | None = None
) -> Grade:
    """The grade of the answer the submitted ``form`` gives to ``item``, by its drill (which
    reads the form's fields and re-derives the right answer from the item's notation).

    :raises InvalidAnswerError: for an answer not in the form the item asks for.
    :raises InvalidQuestionError: for an item its drill cannot read.
    """
    drill = SORT_DRILLS[item.sort]
    return drill.grade(item.notation, drill.answer_text(form), rules, caches=caches)


def answer_words(item: Item, answer: str, rules: Rules, *, caches: Caches | None = None) -> str:
    """An answer to ``item`` as the learner reads it: a play by its name ("Stand", not its
    key), an amount or a count as it is."""
    keys = show_item(item, rules, caches=caches).view.get("keys")
    if not keys:
        return answer
    return next((str(label) for key, label, _ in keys if key == answer), answer)


@dataclass(frozen=True)
class Answered:
    """One stored answer of a run: where it stands, its sort, whether it was right, when."""

    part: int
    item: int
    sort: str
    correct: bool
    at_ms: int


@dataclass(frozen=True)
class Standing:
    """Where a run stands at a moment: the part and item asked now (``part == len(parts)``
    once all are answered), the part's deadline once its clock runs, the errors by sort, and
    the outcome: ``"passed"``, ``"errors"`` or ``"clock"`` (failed), or ``""`` while it goes on."""

    part: int
    item: int
    deadline_ms: int | None
    errors: Mapping[str, int]
    outcome: str

    @property
    def over(self) -> bool:
        return bool(self.outcome)


def standing(
    criteria: Criteria,
    items: Sequence[Sequence[Item]],
    starts: Mapping[int, int],
    answers: Sequence[Answered],
    now_ms: int,
) -> Standing:
    """Where a run stands at ``now_ms``, from its parts' start times (ms, by part) and its
    answers in the order given."""
    errors: dict[str, int] = {}
    for answer in answers:
        if not answer.correct:
            errors[answer.sort] = errors.get(answer.sort, 0) + 1
    over = any(count > criteria.allowed(sort) for sort, count in errors.items())
    done = {(a.part, a.item) for a in answers}
    part = next(
        (n for n, asked in enumerate(items) if any((n, i) not in done for i in range(len(asked)))),
        len(items),
    )
    if part == len(items):
        return Standing(part, 0, None, errors, "errors" if over else "passed")
    item = next(i for i in range(len(items[part])) if (part, i) not in done)
    start = starts.get(part)
    deadline = None if start is None else start + criteria.parts[part].seconds * 1000
    if over:
        return Standing(part, item, deadline, errors, "errors")
    if deadline is not None and now_ms > deadline:
        return Standing(part, item, deadline, errors, "clock")
    return Standing(part, item, deadline, errors, "")


@dataclass(frozen=True)
class Deal:
    """Where an item's deal stands: its cards, ms a card at the checkout's pace, how many the
    server has served (card ``n`` is due ``n`` cards' time after the first was served, so the
    deal never runs ahead of the checkout's pace, and one fallen behind may catch up), and the ms
    until the next is due (0: now), None once all are served."""

    total: int
    card_ms: int
    served: int
    next_ms: int | None

    @property
    def done(self) -> bool:
        return self.next_ms is None


def deal_at(total: int, card_ms: int, served_ms: Sequence[int], now_ms: int) -> Deal:
    """The deal of ``total`` cards, ``card_ms`` apart, whose cards were served at ``served_ms``
    (in order), at ``now_ms``."""
    served = len(served_ms)
    if served >= total:
        return Deal(total, card_ms, served, None)
    first = served_ms[0] if served_ms else now_ms
    return Deal(total, card_ms, served, max(first + served * card_ms - now_ms, 0))


def card_refusal(deal: Deal, card: int) -> str:
    """Why card ``card`` may not be served now: ``"shown"`` (served already: nothing to do),
    ``"dealt"`` (the deal has no more), ``"order"`` (beyond the next one), ``"early"`` (the
    next, before its moment), or ``""`` (serve it)."""
    if card < deal.served:
        return "shown"
    if deal.done or card >= deal.total:
        return "dealt"
    if card != deal.served:
        return "order"
    return "early" if deal.next_ms else ""


@dataclass(frozen=True)
class PartFigures:
    """What a part of a run shows: its title, the answers given (all its items, in a passed
    run), errors, and the seconds it took against the seconds allowed."""

    title: str
    items: int
    errors: int
    seconds: float
    allowed: int
    reached: bool = True  # started (a part a failed run never reached shows so, not noughts)


def figures(
    criteria: Criteria,
    items: Sequence[Sequence[Item]],
    starts: Mapping[int, int],
    answers: Sequence[Answered],
) -> list[PartFigures]:
    """Each part's figures, from its start and its answers: a part a failed run never reached
    shows no answer and no time, not its items as if answered."""
    out = []
    for n, part in enumerate(criteria.parts):
        own = [a for a in answers if a.part == n]
        last = max((a.at_ms for a in own), default=starts.get(n, 0))
        out.append(
            PartFigures(
                title=part.title,
                items=len(own),
                errors=sum(not a.correct for a in own),
                seconds=max(last - starts.get(n, last), 0) / 1000,
                allowed=part.seconds,
                reached=n in starts,
            )
        )
    return out
