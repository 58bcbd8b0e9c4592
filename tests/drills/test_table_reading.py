"""A punter's play at 002's home table reads what the table shows him besides the dealer's
double (how many punters stake, the cards shown), as the engine's punters play
(:mod:`drills.method3_reading`): the notation keeps it, the grade and the verdict follow it,
and a notation no table could write is refused."""

from __future__ import annotations

from typing import Any

import pytest

from drills.base import InvalidQuestionError
from drills.method3_reading import Reading, read_reading
from drills.table_play import DRILL, read_decision, work_out
from trainer.engine.banker.method3 import method3_game
from trainer.engine.rulebook.rules import find_preset

# The home game's figures (worked out once per run, as the quiz's tests read them).
pytestmark = pytest.mark.usefixtures("strategy_charts")

HOME = find_preset("twenty-one-home")


def test_the_notation_keeps_what_the_table_showed() -> None:
    decision = read_decision("TS 6H v TD at 4 seen 5TTA not doubled", HOME)
    assert decision.reading == Reading(4, (1, 5, 10, 10))
    assert decision.doubled is False
    worked = work_out("TS 6H v TD at 4 seen 5TTA not doubled", HOME)
    assert worked.decision_notation == "TS 6H v TD at 4 seen A5TT not doubled"
    assert read_decision(worked.decision_notation, HOME).reading == decision.reading


def test_tens_shown_on_the_table_make_sixteen_draw_against_a_ten() -> None:
    """16 against a ten, the dealer not having doubled: the double alone stands (the game's
    play); with three tens shown on the table the pack left is poorer in tens and the right
    play draws, standing costing what the figures say; the verdict says why."""
    alone = method3_game(HOME).start_evs(False, 6, 10, 10)
    assert alone is not None and alone["S"] > alone["H"]
    assert DRILL.grade("TS 6H v TD not doubled", "S", HOME).correct
    grade = DRILL.grade("TS 6H v TD at 4 seen TTT not doubled", "S", HOME)
    assert (grade.correct, grade.right_answer) == (False, "H")
    worked = work_out("TS 6H v TD at 4 seen TTT not doubled", HOME)
    assert float(grade.ev_cost) == pytest.approx(worked.evs["H"] - worked.evs["S"], abs=1e-6)
    assert grade.ev_cost > 0.01
    said = grade.explanation  # outside a request, English
    why = "The cards shown on the table (3 tens) change the play: hit, where the double alone says "
    assert said.startswith(why + "stand. Hard 16 against 10 (2 cards): hit.")  # the why first
    # Small cards shown leave the stand, and the verdict says nothing of them.
    grade = DRILL.grade("TS 6H v TD at 4 seen 2345 not doubled", "S", HOME)
    assert grade.correct and "shown on the table" not in grade.explanation


def test_a_split_hand_reads_its_pair() -> None:
    """A split hand is worth its own cards with the pair's other card out of the pack (its 21
    no natural), not the same cards dealt fresh."""
    fresh = work_out("8S 3H v 7D not doubled", HOME).evs
    split = work_out("8S 3H v 7D split 2 at 1 seen 8 not doubled", HOME).evs
    assert split.keys() == fresh.keys() == {"S", "H"}
    assert split["H"] != pytest.approx(fresh["H"], abs=1e-6)


@pytest.mark.parametrize(
    "notation",
    [
        "TS 6H v TD at 0 not doubled",  # no punter
        "TS 6H v TD at 13 not doubled",  # 002 seats two to twelve
        "TS 6H v TD at 4 seen " + "T" * 17 + " not doubled",  # the pack has 16 tens
        "TS 6H v TD at 4 seen TTT",  # a reading with no double named
        "TS 6H v TD at 4 seen 1 not doubled",  # no card "1"
        "TS 6H v TD at 4 seen tt not doubled",
        "TS 6H v TD seen TT not doubled",  # cards seen without the table's size
        "TS 6H v TD at 4 seen TT not doubled doubled",
    ],
)
def test_a_forged_reading_is_refused(notation: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "H", HOME)


def test_a_casino_table_has_no_reading() -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade("TS 6H v TD at 4 seen TT not doubled", "H", find_preset("vegas-6d-s17"))
    assert read_reading(None, None, HOME) == Reading()


def test_a_verdict_against_an_ace_says_the_ace_in_words(app: Any) -> None:
    """A table verdict names the dealer's ace as a word (a walk read «против A», a Latin A, in
    Russian), and the cards shown by value in the learner's language."""
    notation = "TS 6H v AD at 3 seen TT5 doubled"
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        said = DRILL.grade(notation, "S", HOME).explanation
        assert "против туза" in said and "против A" not in said
        assert said.startswith("Открытые на столе карты (2 десятки и пятёрка) меняют решение")
    with app.test_request_context(headers={"Accept-Language": "en"}):
        said = DRILL.grade(notation, "S", HOME).explanation
        assert "against an ace (2 cards)" in said
        assert "against 10" in DRILL.grade("TS 6H v TD not doubled", "S", HOME).explanation


@pytest.mark.parametrize("notation", ["KC KS v 8C doubled", "KC KS v 8C at 4 seen 55 doubled"])
def test_two_tens_split_cost_what_standing_is_worth_more(notation: str) -> None:
    """The game's punters never split two tens, so its figures had no split for them: a
    learner's split was graded wrong at no cost (a walk). It costs what standing is worth
    more, in the quiz's figures and with the table's reading."""
    worked = work_out(notation, HOME)
    assert {"S", "H", "P"} <= worked.evs.keys() and worked.right == "S"
    grade = DRILL.grade(notation, "P", HOME)
    assert not grade.correct
    cost = worked.evs["S"] - worked.evs["P"]
    assert cost > 0.5 and float(grade.ev_cost) == pytest.approx(cost, abs=1e-6)
