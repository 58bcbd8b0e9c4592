"""The deviations drill's answers read as two kinds of error: an index play missed where the
count calls for it (``deviation``) and basic strategy left where it does not (``taken``: the
index play taken too early). Each kind's rate with its interval and floor, its price in the
learner's game (on a seeded simulation of it), and an old job's model without the new kind."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from drills.count_study import study_for
from drills.deviation_due import index_due, reader
from drills.deviation_reach import reach
from drills.deviations import read_count, read_question
from drills.error_model import FLOORS, error_model, model_from_json, model_to_json, wilson
from drills.your_game import figures, leaks
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules
from trainer.simulator.scenarios import play_runs

# One worker runs the file (--dist loadgroup): the seeded game simulated once, not on each.
pytestmark = [pytest.mark.usefixtures("count_studies"), pytest.mark.xdist_group("error-model")]

RULES = "vegas-6d-s17"
# Insurance by the count (taken at +3 or so in Hi-Lo), and hard 14 against a 10 (surrendered at
# +3 or so where late surrender is allowed, as here; else hit).
INSURANCE = (("insurance", "A"), "hi-lo 9S 7H v AD insurance tc {count}")
FOURTEEN = (("hard 14", "10"), "hi-lo TS 4H v TD tc {count}")


@dataclass(frozen=True)
class Answer:
    """A made-up stored answer (what the model reads of the store's ``Attempt``)."""

    question: str
    answer: str
    right_answer: str
    drill: str = "deviations"
    rules: str = RULES
    ev_cost: Fraction | None = None
    token: str = ""
    created_at: str = "2026-11-02T18:00:00+00:00"

    @property
    def correct(self) -> bool:
        return self.answer == self.right_answer


def _index(cell: tuple[str, str]) -> tuple[int, str, str]:
    """The cell's index (a count at or above which its deviation is played), the deviation
    and the basic play, as the count study worked them out."""
    table = study_for(Rules.parse(RULES), find_system("hi-lo")).indices
    (play,) = [p for p in table.find(*cell) if p.when == "at_or_above"]
    return round(play.index), play.play, play.basic


def _asked(question: tuple[tuple[str, str], str], by: int) -> str:
    """The question at ``by`` counts from the cell's index."""
    cell, notation = question
    return notation.format(count=f"{_index(cell)[0] + by:+d}")


def learner(
    due: int, missed: int, not_due: int, taken: int, question: Any = INSURANCE
) -> list[Answer]:
    """``due`` questions 3 above the index (``missed`` of them answered by basic strategy) and
    ``not_due`` 4 below it (``taken`` of them answered by the index play), each wrong answer
    giving up 0.02 of a bet (missed) or 0.05 (taken)."""
    _, deviation, basic = _index(question[0])
    above, below = _asked(question, 3), _asked(question, -4)
    cost_missed, cost_taken = Fraction(2, 100), Fraction(5, 100)
    answers = [
        Answer(above, basic if n < missed else deviation, deviation, ev_cost=cost_missed)
        for n in range(due)
    ]
    answers += [
        Answer(below, deviation if n < taken else basic, basic, ev_cost=cost_taken)
        for n in range(not_due)
    ]
    return answers


@pytest.mark.parametrize("question", [INSURANCE, FOURTEEN], ids=["insurance", "14v10"])
def test_a_question_is_due_at_its_index_and_not_below(question: Any) -> None:
    assert index_due(_asked(question, 3), RULES) is True
    assert index_due(_asked(question, 0), RULES) is True
    assert index_due(_asked(question, -1), RULES) is False
    assert index_due("T6vT hi-lo tc +1", RULES) is None  # no notation the drill writes
    assert index_due("hi-lo TS 6H v TD tc +1", "no-such-preset") is None


def test_a_running_count_with_its_tray_is_read_as_the_drill_reads_it() -> None:
    """The tray's true count, worked out as the drill grades it (``read_count``)."""
    rules = Rules.parse(RULES)
    table = study_for(rules, find_system("hi-lo")).indices
    seen = set()
    for running in range(-12, 13, 3):
        for played in range(26, 234, 26):
            notation = f"hi-lo floor half TS 4H v TD rc {running:+d} played {played}"
            asked = read_question(notation, rules)
            count = float(read_count(asked, rules).value)
            due = any(play.applies(count) for play in table.find(*FOURTEEN[0]))
            assert index_due(notation, RULES) is due
            seen.add(due)
    assert seen == {True, False}


@pytest.mark.parametrize("question", [INSURANCE, FOURTEEN], ids=["insurance", "14v10"])
def test_each_kind_is_read_from_its_own_questions(question: Any) -> None:
    model = error_model(learner(40, 8, 60, 15, question), due=reader())
    missed, taken = model.kinds["deviation"], model.kinds["taken"]
    assert (missed.answers, missed.wrong, missed.rate) == (40, 8, 0.2)
    assert (taken.answers, taken.wrong, taken.rate) == (60, 15, 0.25)
    assert (taken.low, taken.high) == wilson(15, 60)
    assert taken.cost == pytest.approx(0.05) and missed.cost == pytest.approx(0.02)
    assert (missed.weight, taken.weight) == (0.4, 0.6)  # their shares of the drill's questions
    assert taken.enough and taken.drill == "deviations"


def test_a_kind_below_its_floor_is_left_out() -> None:
    model = error_model(learner(40, 8, FLOORS["taken"] - 1, 15), due=reader())
    assert not model.kinds["taken"].enough and model.kinds["taken"].at("rate") == 0.0
    assert model.kinds["deviation"].enough


def test_without_a_reader_every_deviation_answer_is_one_kind_as_before() -> None:
    model = error_model(learner(40, 8, 60, 15))
    assert model.kinds["deviation"].answers == 100 and model.kinds["deviation"].wrong == 23
    assert model.kinds["deviation"].weight == 1.0 and model.kinds["taken"].answers == 0


def test_an_old_jobs_model_without_the_taken_kind_still_reads() -> None:
    data = model_to_json(error_model(learner(40, 8, 60, 15), due=reader()))
    del data["kinds"]["taken"]
    old = model_from_json(data)
    assert old.kinds["taken"].answers == 0 and not old.kinds["taken"].enough


@pytest.fixture(scope="module")
def game(count_studies: None) -> dict[str, Any]:
    """A seeded simulation of a counter's game with the ramp for 20,000 minimums at 5% risk
    (the learner's run without count errors: the deviation errors are priced, not played)."""
    params = {
        "rules": RULES,
        "system": "hi-lo",
        "bankroll": "20000",
        "risk": "0.05",
        "rounds": 80_000,
        "seed": 7,
        "runs": {name: [0.0, 0.0, 0.0] for name in ("perfect", "yours", "best", "worst")},
    }
    return play_runs(params, lambda done, total: None, lambda stage: None)


def _taken_leak(result: dict[str, Any], taken: int) -> Any:
    model = error_model(learner(40, 8, 60, taken), due=reader())
    (leak,) = [leak for leak in leaks(model, result) if leak.kind == "taken"]
    return model, leak


def test_taking_an_index_play_early_costs_more_the_more_often(game: dict[str, Any]) -> None:
    few_model, few = _taken_leak(game, 6)
    many_model, many = _taken_leak(game, 24)
    assert 0 < few.per_hour < many.per_hour
    assert few.low < few.per_hour < few.high and not few.played
    # Priced as the drill priced each wrong answer: rate x share x cost x bet x hands a round.
    yours = game["runs"]["yours"]
    per_round = 0.1 * 0.6 * 0.05 * yours["bet"] * yours["hands"]
    assert few.per_hour == pytest.approx(per_round * few_model.pace.per_hour)
    assert many.per_hour == pytest.approx(4 * few.per_hour)
    # The learner's win an hour falls by the difference, beside a perfect counter's that
    # does not move. Both are read off the same seeded run (the same cards), so the
    # difference carries none of the simulation's error (its standard error an hour is
    # yours["se"] * pace, some 7 minimums here, on each game's win, not on the difference).
    won_few, won_many = figures(few_model, game), figures(many_model, game)
    assert won_few["perfect"] == won_many["perfect"]
    drop = won_few["yours"].win_per_hour - won_many["yours"].win_per_hour
    assert drop > 0 and drop == pytest.approx(many.per_hour - few.per_hour)


def test_a_deviation_error_is_priced_only_at_the_hands_that_can_make_it(
    game: dict[str, Any],
) -> None:
    found = reach(Rules.parse(RULES), find_system("hi-lo"))
    assert found is not None
    shares = {"deviation": found.due, "taken": found.not_due}
    before = error_model(learner(40, 8, 60, 15), due=reader())
    after = error_model(learner(40, 8, 60, 15), due=reader(), reach=shares)
    yours, pace = game["runs"]["yours"], after.pace.per_hour
    for name, weight in (("deviation", 0.4), ("taken", 0.6)):
        (old,) = [leak for leak in leaks(before, game) if leak.kind == name]
        (new,) = [leak for leak in leaks(after, game) if leak.kind == name]
        kind = after.kinds[name]
        price = kind.rate * kind.cost * shares[name] * yours["bet"] * yours["hands"] * pace
        assert new.per_hour == pytest.approx(price)
        # Before: charged at every hand, at the share of the drill's questions.
        assert new.per_hour == pytest.approx(old.per_hour * shares[name] / weight)
        assert 0 < new.per_hour < old.per_hour / 2
        assert new.one_hand_in == round(1 / shares[name]) and old.one_hand_in is None
