"""The path: every drill under exactly one step, running count before true count, each start
skipping what it says, the step to continue with moving on as bars are met, and the placement
check marking a step known only when all of its questions are right."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from drills import path as steps
from drills import registry
from drills.caches import Caches
from trainer.engine.rulebook.rules import Rules


def keys_of(walk: steps.Walk, state: steps.State) -> list[str]:
    return [s.step.key for s in walk.steps if s.state is state]


def test_every_drill_sits_under_exactly_one_step() -> None:
    placed = [slug for step in steps.STEPS for slug in step.drills]
    assert sorted(placed) == sorted(registry())
    assert len(placed) == len(set(placed))


def test_the_registry_lists_drills_in_the_paths_order() -> None:
    placed = [slug for step in steps.STEPS for slug in step.drills]
    assert list(registry()) == placed


def test_running_count_comes_before_true_count() -> None:
    order = [slug for step in steps.STEPS for slug in step.drills]
    assert order.index("running-count") < order.index("true-count")
    assert order.index("running-count") < order.index("deck-estimation")
    keys = [step.key for step in steps.STEPS]
    assert keys.index("running") < keys.index("true") < keys.index("deviations")


def test_every_bar_names_a_drill_of_its_own_step() -> None:
    for step in steps.STEPS:
        assert step.bars or step.speed, step.key
        for bar in step.bars:
            assert bar.drill in step.drills


@pytest.mark.parametrize(
    ("start", "first"),
    [("new", "totals"), ("basic", "payouts"), ("counts", "deviations"), ("deals", "totals")],
)
def test_each_start_continues_at_its_first_unskipped_step(start: str, first: str) -> None:
    walk = steps.walk(start, frozenset(), steps.Figures({}))
    assert walk.current is not None and walk.current.step.key == first
    assert sorted(keys_of(walk, steps.State.SKIPPED)) == sorted(steps.SKIPS[start])


def test_a_dealer_goes_from_payouts_to_the_dealers_drills() -> None:
    figures = steps.Figures({"hand-totals": (20, 20), "payout-math": (20, 19)})
    walk = steps.walk("deals", frozenset(), figures)
    assert keys_of(walk, steps.State.DONE) == ["totals", "payouts"]
    assert walk.current is not None and walk.current.step.key == "dealer"


def test_a_step_is_done_only_with_enough_answers_right_enough() -> None:
    few = steps.walk("new", frozenset(), steps.Figures({"hand-totals": (19, 19)}))
    assert few.current is not None and few.current.step.key == "totals"
    sloppy = steps.walk("new", frozenset(), steps.Figures({"hand-totals": (40, 35)}))
    assert sloppy.current is not None and sloppy.current.step.key == "totals"
    assert sloppy.current.started
    done = steps.walk("new", frozenset(), steps.Figures({"hand-totals": (40, 36)}))
    assert done.current is not None and done.current.step.key == "basic"
    assert not done.current.started


def test_the_running_count_step_is_done_by_speed() -> None:
    known = frozenset({"totals", "basic", "payouts"})
    slow = steps.walk("new", known, steps.Figures({}, speed=0.5))
    assert slow.current is not None and slow.current.step.key == "running"
    assert slow.current.started
    fast = steps.walk("new", known, steps.Figures({}, speed=1.0))
    assert fast.current is not None and fast.current.step.key == "true"
    assert "running" in keys_of(fast, steps.State.DONE)


def test_a_done_step_shows_done_even_when_skipped() -> None:
    walk = steps.walk("basic", frozenset(), steps.Figures({"basic-strategy": (100, 95)}))
    assert "basic" in keys_of(walk, steps.State.DONE)
    assert "totals" in keys_of(walk, steps.State.SKIPPED)


def test_known_steps_are_skipped_and_only_one_step_is_current() -> None:
    walk = steps.walk("new", frozenset({"totals", "basic"}), steps.Figures({}))
    assert keys_of(walk, steps.State.KNOWN) == ["totals", "basic"]
    assert keys_of(walk, steps.State.CURRENT) == ["payouts"]


def test_with_every_step_done_or_skipped_nothing_is_current() -> None:
    known = frozenset(step.key for step in steps.STEPS)
    assert steps.walk("new", known, steps.Figures({})).current is None


def test_continue_opens_the_first_drill_whose_bar_is_not_met() -> None:
    step = steps.BY_KEY["true"]
    assert steps.continue_drill(step, {}) == "deck-estimation"
    assert steps.continue_drill(step, {"deck-estimation": (20, 20)}) == "true-count"
    met = {"deck-estimation": (20, 20), "true-count": (30, 30)}
    assert steps.continue_drill(step, met) == step.drills[0]


def test_a_start_outside_the_four_is_refused() -> None:
    assert steps.read_start("counts") == "counts"
    with pytest.raises(steps.UnknownStartError):
        steps.read_start("expert")


def test_known_steps_round_trip_in_the_paths_order() -> None:
    assert steps.read_known("true nonsense totals") == frozenset({"true", "totals"})
    assert steps.known_text(frozenset({"true", "totals"})) == "totals true"


def test_placement_marks_a_step_known_only_when_all_its_questions_are_right() -> None:
    results = [("totals", True), ("totals", True), ("basic", True), ("basic", False)]
    assert steps.placed(results) == frozenset({"totals"})
    assert steps.placed([("payouts", False)]) == frozenset()
    with pytest.raises(KeyError):
        steps.placed([("forged", True)])


def test_placement_asks_every_step_it_can_place_from_that_steps_drills() -> None:
    for step, drill, _options in steps.placement_asks():
        assert drill in steps.BY_KEY[step].drills
    assert 6 <= len(steps.PLACEMENT) <= 12
    # Every step a learner can know before the table can be placed past.
    assert {step for step, _drill, _options in steps.PLACEMENT} == {
        step.key for step in steps.STEPS[: steps.STEPS.index(steps.BY_KEY["table"])]
    }


def test_a_bar_counts_its_accuracy_exactly() -> None:
    bar = steps.Bar("hand-totals", 10, Fraction(9, 10))
    assert steps.BarProgress(bar, 10, 9).met
    assert not steps.BarProgress(bar, 10, 8).met
    assert not steps.BarProgress(bar, 9, 9).met


@pytest.mark.usefixtures("strategy_charts")  # 004's banker and 002's method-3 game: the run's
def test_at_004_dealt_face_down_placement_leaves_out_the_count_studys_steps(
    tmp_path: Path,
) -> None:
    """004's banker shows no card and no count study describes it: the placement check asks
    no deviation or bet there, and waits for no study (it is not worked out, ever)."""
    placement = steps.draw_placement(
        random.Random(3),
        Rules.parse("russian-bank"),
        {"system": "hi-lo", "convention": "floor", "resolution": "half"},
        caches=Caches(strategy=tmp_path),
    )
    asked = {step for step, _drill, _question in placement.asked}
    assert asked and not asked & steps.NEED_STUDY
    assert placement.waiting == () and placement.pending is None
    assert "v ?" in next(q.notation for s, _d, q in placement.asked if s == "basic")
