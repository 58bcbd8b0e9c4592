"""The deviations drill: graded by the computed index at the question's count (a true count as
given, or a running count and a tray turned into one by the learner's rounding), with the EVs
at that count and the mistake's cost; cells and counts chosen near their indices.

The studies are the suite's warm ones (``count_studies``). Where a test names an index's
value it is a published one (Schlesinger's Illustrious 18, ``tests/data/indices``), and the
question's count lies far enough from it that any index within 1 of it gives the same play.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from drills import (
    InvalidAnswerError,
    InvalidOptionError,
    InvalidQuestionError,
    LearnerState,
    PastAttempt,
)
from drills.caches import Caches
from drills.count_study import StudyNotForGameError, StudyPendingError, counts_by_study
from drills.deviations import DRILL, FAB_4, ILLUSTRIOUS_18, read_question, work_out
from trainer.engine.counting import find_system
from trainer.engine.indices import cached_study
from trainer.engine.rulebook.rules import Rules

VEGAS = Rules.parse("vegas-6d-s17")
PREFS = {"system": "hi-lo", "convention": "floor", "resolution": "half"}


@pytest.fixture(autouse=True)
def _studies(count_studies: None) -> None:
    """The warm studies of the suite."""


def table(rules: Rules = VEGAS) -> Any:
    found = cached_study(rules, find_system("hi-lo"))
    assert found is not None
    return found.indices


@pytest.mark.parametrize(
    ("notation", "right"),
    [
        # Insurance: published +3 (the computed one is within 1 of it).
        ("hi-lo 9S 7H v AD insurance tc +6", "I"),
        ("hi-lo 9S 7H v AD insurance tc 0", "N"),
        # 12 v 4: published stand at 0 or above, hit below.
        ("hi-lo TS 2H v 4D tc +3", "S"),
        ("hi-lo TS 2H v 4D tc -3", "H"),
        # 10-10 v 6: published split at +4 or above.
        ("hi-lo KS KH v 6D tc +7", "P"),
        ("hi-lo KS KH v 6D tc +1", "S"),
        # A running count and a tray: 156 of 312 cards played leave 3 decks.
        ("hi-lo floor half 9S 7H v AD insurance rc +18 played 156", "I"),  # +6
        ("hi-lo floor half 9S 7H v AD insurance rc +5 played 156", "N"),  # +1.67: +1
    ],
)
def test_the_play_is_the_index_at_the_questions_count(notation: str, right: str) -> None:
    grade = DRILL.grade(notation, right, VEGAS)
    assert grade.correct and grade.right_answer == right
    assert grade.ev_cost == 0
    wrong = "N" if right == "I" else ("I" if right == "N" else ("H" if right != "H" else "S"))
    assert not DRILL.grade(notation, wrong, VEGAS).correct


def test_the_rounding_of_the_notation_turns_the_running_count_into_a_true_count() -> None:
    # +11 with 3.5 decks left is +3.14: floored +3, and truncated too; -11 floors to -4.
    worked = work_out("hi-lo floor half 9S 7H v AD insurance rc +11 played 130", VEGAS)
    assert worked.count.value == 3
    assert "rounded down, +3" in worked.count.how and "130 of 312 cards played" in worked.count.how
    assert (
        work_out("hi-lo floor half 9S 7H v AD insurance rc -11 played 130", VEGAS).count.value == -4
    )
    truncated = work_out("hi-lo truncate half 9S 7H v AD insurance rc -11 played 130", VEGAS)
    assert truncated.count.value == -3


def test_the_feedback_gives_each_plays_ev_and_the_mistakes_cost() -> None:
    notation = "hi-lo KS KH v 6D tc +8"
    worked = work_out(notation, VEGAS)
    assert worked.right == "P" and worked.evs is not None
    assert set(worked.evs) == worked.legal
    assert {"H", "S", "D", "P"} <= worked.legal
    grade = DRILL.grade(notation, "S", VEGAS)
    assert float(grade.ev_cost or 0) == pytest.approx(worked.evs["P"] - worked.evs["S"], abs=1e-6)
    assert grade.ev_cost and grade.ev_cost > 0
    assert "The EV of each play at this count" in grade.explanation
    assert "split at +" in grade.explanation  # the index, in words
    # The cost is the verdict's first line's (grade.ev_cost), not said again in the working.
    assert "costs" not in grade.explanation


def test_the_evs_rise_for_the_deviation_as_the_count_passes_its_index() -> None:
    low = work_out("hi-lo KS KH v 6D tc 0", VEGAS).evs
    high = work_out("hi-lo KS KH v 6D tc +8", VEGAS).evs
    assert low is not None and high is not None
    assert low["S"] > low["P"] and high["P"] > high["S"]


@pytest.mark.parametrize(
    "notation",
    [
        "",
        "hi-lo TS 6H v TD",  # no count
        "nope TS 6H v TD tc +1",  # no such system
        "hi-lo TS 6H v TD tc +31",  # beyond -30..+30
        "hi-lo AS KH v TD tc +1",  # a natural
        "hi-lo TS 6H v TD rc +3",  # a balanced running count without its tray
        "ko floor half TS 6H v TD rc +3 played 100",  # KO's count is its running count
        "ko TS 6H v TD tc +3",
        "hi-lo floor half TS 6H v TD rc +3 played 300",  # too few cards left
        "hi-lo sideways half TS 6H v TD rc +3 played 100",
        "hi-lo TS 6H v 9D insurance tc +3",  # insurance against a 9
        "hi-lo TS 6H 5C v TD tc +1",  # three cards
        "hi-lo TS 8H v 7D tc +1",  # a cell without an index under these rules
    ],
)
def test_a_question_the_drill_could_not_have_asked_is_refused(notation: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "S", VEGAS)


def test_an_answer_not_in_the_form_or_not_allowed_is_refused() -> None:
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("hi-lo TS 6H v TD tc +1", "X", VEGAS)
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("hi-lo TS 6H v TD tc +1", "P", VEGAS)  # not a pair
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("hi-lo 9S 7H v AD insurance tc +1", "S", VEGAS)  # insurance is I or N


def test_questions_come_from_the_chosen_cells_with_counts_near_their_indices() -> None:
    rng = random.Random(7)
    found = table()
    wanted = set(ILLUSTRIOUS_18) | set(FAB_4)
    distances = []
    for _ in range(120):
        question = DRILL.new_question(rng, VEGAS, LearnerState(options=PREFS))
        worked = work_out(question.notation, VEGAS)
        assert worked.cell in wanted
        distances.append(min(abs(float(worked.count.value) - p.index) for p in worked.plays))
        assert DRILL.question(question.notation, VEGAS).notation == question.notation
    assert sum(d <= 1 for d in distances) > len(distances) / 2  # mostly at or next to it
    assert found.find("insurance", "A")  # the table has insurance, and so do the questions
    assert any(
        "insurance" in DRILL.new_question(rng, VEGAS, LearnerState(options=PREFS)).notation
        for _ in range(80)
    )


def test_a_range_asks_only_cells_whose_index_lies_in_it() -> None:
    options = {**PREFS, "cells": "range", "low": "+5", "high": "+7"}
    rng = random.Random(3)
    for _ in range(40):
        question = DRILL.new_question(rng, VEGAS, LearnerState(options=options))
        plays = work_out(question.notation, VEGAS).plays
        assert any(5 <= p.index <= 7 for p in plays)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"cells": "everything"}, "cells"),
        ({"cells": "range", "low": "x", "high": "3"}, "low"),
        ({"cells": "range", "low": "-2", "high": "+31"}, "high"),
        ({"cells": "range", "low": "4", "high": "2"}, "low"),
        ({"cells": "range", "low": "30", "high": "30"}, "low"),  # no index up there
    ],
)
def test_a_choice_that_asks_nothing_names_its_field(options: dict[str, str], field: str) -> None:
    with pytest.raises(InvalidOptionError) as raised:
        DRILL.new_question(random.Random(1), VEGAS, LearnerState(options={**PREFS, **options}))
    assert raised.value.field == field


def test_the_weakest_cells_are_the_ones_missed_most() -> None:
    missed = PastAttempt("hi-lo KS KH v 6D tc +5", "S", False, None, "2026-01-01T00:00:00")
    right = PastAttempt("hi-lo TS 2H v 4D tc +3", "S", True, None, "2026-01-01T00:00:00")
    learner = LearnerState(recent=(missed, right, missed), options={**PREFS, "cells": "weakest"})
    rng = random.Random(5)
    for _ in range(10):
        worked = work_out(DRILL.new_question(rng, VEGAS, learner).notation, VEGAS)
        assert worked.cell == ("10-10", "6")
    fresh = DRILL.new_question(rng, VEGAS, LearnerState(options={**PREFS, "cells": "weakest"}))
    assert "No mistakes yet" in fresh.view["note"]


def test_an_unbalanced_system_asks_its_running_count() -> None:
    rules = Rules.parse("single-deck")
    notation = "hi-lo 9S 7H v AD insurance tc +6"
    assert read_question(notation, rules).kind == "tc"
    question = DRILL.question("ko TS 6H v TD rc +2", rules)
    assert question.view["kind"] == "rc" and not question.view["balanced"]


def test_a_study_not_worked_out_yet_is_pending(tmp_path: Path) -> None:
    with pytest.raises(StudyPendingError) as raised:
        DRILL.new_question(
            random.Random(1),
            Rules.parse("vegas-6d-s17 decks=5"),
            LearnerState(options=PREFS),
            caches=Caches(strategy=tmp_path),
        )
    assert raised.value.system.slug == "hi-lo"
    assert list(tmp_path.iterdir()) == []  # nothing computed, nothing written


def test_at_004_dealt_face_down_no_question_shows_a_banker_card(tmp_path: Path) -> None:
    """Issue 27: 004's banker shows no card, and the count study reads one: the drill asks
    nothing there (rather than "the dealer shows 9"), and a question written for a table with
    an up card is refused under its rules, saying why (in words, not the option's name)."""
    face_down = Rules.parse("russian-bank")
    face_up = Rules.parse("russian-bank banker_best=false deal_faces=casino")  # its other reading
    assert not counts_by_study(face_down) and counts_by_study(face_up)
    with pytest.raises(StudyNotForGameError) as raised:
        DRILL.new_question(
            random.Random(1),
            face_down,
            LearnerState(options=PREFS),
            caches=Caches(strategy=tmp_path),
        )
    assert raised.value.rules == face_down and "no card" in str(raised.value)
    assert list(tmp_path.iterdir()) == []  # no study asked for, none written
    with pytest.raises(InvalidQuestionError, match="the banker shows no card"):
        read_question("hi-lo TS 6H v 9H tc +1", face_down)
    assert read_question("hi-lo TS 6H v 9H tc +1", face_up).situation.up.value == 9


def test_a_play_worth_as_much_at_these_cards_says_why_it_is_still_wrong_first() -> None:
    """Where the play answered is worth as much or more at exactly this count and these cards
    (the index is where the two cross on average over the cell's hands), the verdict's why,
    its first sentence, says so: the EVs shown read as the answer being right (a walk)."""
    found = []
    for hand, up in (("TS 2H", "4D"), ("TS 3H", "2D"), ("TS 6H", "TD"), ("TS 5H", "TD")):
        for count in range(-2, 6):
            notation = f"hi-lo {hand} v {up} tc {count:+d}"
            worked = work_out(notation, VEGAS)
            wrong = [k for k in worked.legal - {worked.right, "R", "D", "P"}]
            for answer in wrong:
                if worked.evs is not None and worked.cost(answer) <= 0:
                    found.append(DRILL.grade(notation, answer, VEGAS))
    assert found, "no answer worth as much as the index's play among the cells tried"
    for grade in found:
        assert not grade.correct
        assert grade.explanation.startswith("At exactly this count and with these cards ")


def test_a_right_play_the_evs_shown_do_not_favour_says_why_first() -> None:
    """At the index, the EVs of a shoe at exactly that count can favour the other play (the
    index rounds where the plays cross on average): a walk read "Right: split." above "stand
    +72.02%, split +70.51%" with no word of why. The why says it first."""
    notation = "hi-lo TD TH v 6D tc +4"
    worked = work_out(notation, VEGAS)
    assert worked.right == "P" and worked.evs["S"] > worked.evs["P"]  # (the case itself)
    grade = DRILL.grade(notation, "P", VEGAS)
    assert grade.correct
    assert grade.why.startswith("By the index split is right here, though with exactly these "
                                "cards stand is worth a little more"), grade.why  # fmt: skip
    plain = DRILL.grade("hi-lo TD TH v 6D tc +8", "P", VEGAS)  # split worth more there
    assert plain.correct and not plain.why.startswith("By the index"), plain.why
