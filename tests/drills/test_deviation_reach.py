"""How often a hand can make a deviation error (:mod:`drills.deviation_reach`): each cell's
chance times the share of rounds at a count past its index (due) or not, over the deviations
drill's cells (the error model's deviation kinds priced at it:
``tests/drills/test_error_model_deviations.py``)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from drills.count_study import study_for
from drills.deviation_reach import reach, reach_of
from trainer.engine.counting import find_system
from trainer.engine.indices.cells import cell_chance
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.cache import chart

pytestmark = pytest.mark.usefixtures("count_studies")

RULES = "vegas-6d-s17"


def _with_only(cells: list[tuple[str, str]]) -> Any:
    """The count study of the rules with only ``cells``' indices in its table."""
    found = study_for(Rules.parse(RULES), find_system("hi-lo"))
    plays = tuple(p for p in found.indices.plays if (p.hand, p.dealer) in cells)
    return dataclasses.replace(found, indices=dataclasses.replace(found.indices, plays=plays))


def _share(found: Any, test: Any) -> float:
    return sum(edge.share for edge in found.edge.counts if test(edge.count)) / sum(
        edge.share for edge in found.edge.counts
    )


def test_insurance_alone_is_an_ace_up_at_its_index_or_below_it() -> None:
    rules = Rules.parse(RULES)
    found = _with_only([("insurance", "A")])
    (play,) = found.indices.plays
    assert (play.play, play.when) == ("I", "at_or_above")
    got = reach_of(rules, found, chart(rules))
    assert got.cells == 1
    assert got.due == pytest.approx(_share(found, lambda c: c >= play.index) / 13, rel=1e-12)
    assert got.not_due == pytest.approx(_share(found, lambda c: c < play.index) / 13, rel=1e-12)


def test_a_stand_index_counts_its_longer_hands_and_a_double_does_not() -> None:
    rules = Rules.parse(RULES)
    found = _with_only([("hard 12", "2"), ("hard 10", "10")])
    stand = found.indices.find("hard 12", "2")[0]
    double = found.indices.find("hard 10", "10")[0]
    assert (stand.play, double.play) == ("S", "D")
    twelve = float(cell_chance(rules, "hard 12", "2", later=chart(rules)))
    ten = float(cell_chance(rules, "hard 10", "10"))  # a double is on two cards only
    due = twelve * _share(found, stand.applies) + ten * _share(found, double.applies)
    got = reach_of(rules, found, chart(rules))
    assert got.cells == 2 and got.due == pytest.approx(due, rel=1e-12)
    assert got.any == pytest.approx(twelve + ten, rel=1e-12)


def test_the_drills_cells_meet_about_one_hand_in_five() -> None:
    got = reach(Rules.parse(RULES), find_system("hi-lo"))
    assert got is not None and got.cells == 21  # insurance, the Illustrious 18, the Fab 4
    # Insurance alone is offered on 1 hand in 13, mostly below its index.
    assert 1 / 13 < got.any < 1 / 3 and 0 < got.due < got.not_due
