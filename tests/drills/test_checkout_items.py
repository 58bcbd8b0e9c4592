"""Checkouts' criteria, items and standing, without the web: the defaults the issue names, a
class's stricter criteria kept field by field (never looser), the new items graded against known
answers (tests/data/checkouts.json names their sources), and a run's standing worked out from its
starts and answers."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from drills.base import InvalidAnswerError, InvalidQuestionError
from drills.checkouts.criteria import KINDS, UnknownCheckoutError, class_criteria, criteria_for
from drills.checkouts.items import CHEQUE_STACK, HELD_BACK, TABLE_INSURANCE
from drills.checkouts.plan import Answered, Item, figures, standing
from drills.checkouts.shoe_checks import SHOE_CHECK, _Check, shoe_notations
from trainer.engine.counting import SYSTEMS
from trainer.engine.deck.cards import pack
from trainer.engine.rulebook.rules import Rules

KNOWN: dict[str, Any] = json.loads(
    (Path(__file__).parents[1] / "data" / "checkouts.json").read_text(encoding="utf-8")
)
RULES = Rules.parse("vegas-6d-s17")


@pytest.mark.parametrize("kind", KINDS)
def test_the_defaults_are_the_issues(kind: str) -> None:
    criteria = criteria_for(kind)
    known = KNOWN["criteria"][kind]
    assert [[p.sort, p.items, p.seconds] for p in criteria.parts] == known["parts"]
    assert dict(criteria.errors) == known["errors"]


def test_a_class_may_make_criteria_stricter_never_looser() -> None:
    default = criteria_for("deviations")
    part = default.parts[0]
    looser = replace(default, parts=(replace(part, seconds=600, items=10),), errors={"index": 5})
    assert criteria_for("deviations", looser) == default
    stricter = replace(default, parts=(replace(part, seconds=180, items=50),), errors={})
    kept = criteria_for("deviations", stricter)
    assert (kept.parts[0].seconds, kept.parts[0].items, kept.allowed("index")) == (180, 50, 0)
    with pytest.raises(UnknownCheckoutError):
        criteria_for("counting", stricter)
    with pytest.raises(UnknownCheckoutError):
        criteria_for("juggling")


def _deck_with(held: str) -> str:
    held_cards = held.split()
    rest = [str(card) for card in pack(1) if str(card) not in held_cards]
    random.Random(5).shuffle(rest)
    return f"hi-lo {' '.join(rest)} / {held}"


@pytest.mark.parametrize("case", KNOWN["held_back"], ids=lambda c: c["why"])
def test_the_held_back_cards_tag_total(case: dict[str, str]) -> None:
    notation = _deck_with(case["held"])
    grade = HELD_BACK.grade(notation, case["total"], RULES)
    assert grade.correct
    assert not HELD_BACK.grade(notation, str(int(case["total"]) + 1), RULES).correct
    assert len(HELD_BACK.question(notation, RULES).view["cards"]) == 50


def test_a_deck_that_is_not_one_deck_is_refused() -> None:
    notation = _deck_with("2H 6C")
    for bad in (notation.replace("2H 6C", "2H 2H"), notation.replace("hi-lo", "nope"), "hi-lo"):
        with pytest.raises(InvalidQuestionError):
            HELD_BACK.grade(bad, "0", RULES)
    with pytest.raises(InvalidAnswerError):
        HELD_BACK.grade(notation, "two", RULES)


@pytest.mark.parametrize("case", KNOWN["cheques"], ids=lambda c: c["total"])
def test_a_cheque_stacks_value(case: dict[str, str]) -> None:
    notation = "cheques " + case["stack"]
    assert CHEQUE_STACK.grade(notation, case["total"], RULES).correct
    assert not CHEQUE_STACK.grade(notation, "1", RULES).correct
    with pytest.raises(InvalidQuestionError):
        CHEQUE_STACK.grade(notation + " 5", case["total"], RULES)


@pytest.mark.parametrize("case", KNOWN["insurance"], ids=lambda c: c["total"])
def test_a_tables_insurance_maximum(case: dict[str, str]) -> None:
    notation = "insurance " + case["stakes"]
    assert TABLE_INSURANCE.grade(notation, case["total"], RULES).correct
    with pytest.raises(InvalidQuestionError):
        TABLE_INSURANCE.grade("insurance 7 7 7 7 7 7 7", "1", RULES)


def test_a_dealt_deck_and_stack_read_back() -> None:
    rng = random.Random(32)
    for _ in range(20):
        HELD_BACK.question(HELD_BACK.deal(rng, SYSTEMS["hi-lo"]), RULES)
        CHEQUE_STACK.question(CHEQUE_STACK.deal(rng), RULES)
        TABLE_INSURANCE.question(TABLE_INSURANCE.deal(rng), RULES)


def test_a_shoe_checks_true_count_is_right_within_one() -> None:
    notations = shoe_notations(random.Random(7), SYSTEMS["hi-lo"], ("floor", "half"))
    assert len(notations) == 20
    for notation in notations[::2]:
        check = _Check(notation, RULES)
        # The running count is the tags of every card dealt so far, the stretches laid end to end.
        assert check.dealt == (int(notation.split()[-1]) + 1) * len(check.shown)
        true = check.true
        assert SHOE_CHECK.grade(notation, str(true + 1), RULES).correct
        assert not SHOE_CHECK.grade(notation, str(true + 2), RULES).correct
    with pytest.raises(InvalidQuestionError):
        _Check(notations[0].replace("hi-lo", "ko"), RULES)  # an unbalanced system has no TC


def _answered(part: int, item: int, correct: bool = True, at: int = 1_000) -> Answered:
    return Answered(part, item, "deck", correct, at)


def test_a_runs_standing() -> None:
    criteria = criteria_for("counting")
    items = tuple((Item("deck", "x"),) for _ in range(3))
    at = standing(criteria, items, {}, [], 0)
    assert (at.part, at.item, at.deadline_ms, at.outcome) == (0, 0, None, "")
    at = standing(criteria, items, {0: 0}, [], 30_000)
    assert (at.deadline_ms, at.outcome) == (30_000, "")
    assert standing(criteria, items, {0: 0}, [], 30_001).outcome == "clock"
    at = standing(criteria, items, {0: 0}, [_answered(0, 0)], 99_000)
    assert (at.part, at.deadline_ms, at.outcome) == (1, None, "")
    assert standing(criteria, items, {0: 0}, [_answered(0, 0, False)], 1).outcome == "errors"
    three = [_answered(n, 0) for n in range(3)]
    assert standing(criteria, items, {0: 0, 1: 0, 2: 0}, three, 10**9).outcome == "passed"


def test_a_failed_runs_figures_show_only_what_was_answered() -> None:
    """A run failed on its second part: the third, never started, shows no answer and no time
    (not its item as if answered), the second its one wrong answer."""
    criteria = criteria_for("counting")
    items = tuple((Item("deck", "x"),) for _ in range(3))
    answers = [_answered(0, 0, at=25_000), _answered(1, 0, False, at=40_100)]
    shown = figures(criteria, items, {0: 0, 1: 40_000}, answers)
    assert [(f.items, f.errors, f.seconds) for f in shown] == [(1, 0, 25.0), (1, 1, 0.1), (0, 0, 0)]
    three = [_answered(n, 0, at=10_000 * (n + 1)) for n in range(3)]
    passed = figures(criteria, items, {0: 0, 1: 10_000, 2: 20_000}, three)
    assert [(f.items, f.errors, f.seconds) for f in passed] == [(1, 0, 10.0)] * 3


def test_a_class_criteria_shorten_every_clock_and_bound_the_errors() -> None:
    counting = criteria_for("counting", class_criteria("counting", 50, 0))
    assert [p.seconds for p in counting.parts] == [15, 15, 15]
    deviations = criteria_for("deviations", class_criteria("deviations", 75, 0))
    assert deviations.parts[0].seconds == 180 and deviations.allowed("index") == 0
    assert criteria_for("deviations", class_criteria("deviations", 100, 1)) == criteria_for(
        "deviations"
    )
    for kind, percent, errors in (("counting", 49, 0), ("counting", 101, 0),
                                  ("basic-strategy", 80, 1), ("deviations", 80, 2),
                                  ("deviations", 80, -1)):  # fmt: skip
        with pytest.raises(ValueError):
            class_criteria(kind, percent, errors)
