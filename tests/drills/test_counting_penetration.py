"""The penetration drill: the cut card in cards and decks, and figures from studied shoes."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from drills import InvalidAnswerError, InvalidQuestionError, LearnerState
from drills.counting.penetration import DRILL, read_question
from drills.counting.penetration_chart import chart
from drills.counting.penetration_study import clear_memory, cut_cards, penetrations_for, study
from trainer.engine.rulebook.rules import find_preset

SINGLE = find_preset("single-deck")


@pytest.fixture(autouse=True)
def penetration_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Studies go to a temporary cache, never the developer's instance folder."""
    directory = tmp_path / "penetration-cache"
    monkeypatch.setenv("TRAINER_PENETRATION_CACHE_DIR", str(directory))
    return directory


def test_the_cut_card_in_cards_and_decks():
    six = find_preset("vegas-6d-s17")
    assert cut_cards(six, Fraction(3, 4)) == 234
    assert cut_cards(SINGLE, Fraction(1, 2)) == 26
    assert cut_cards(find_preset("twenty-one-home"), Fraction(1)) == 52
    # A pack dealt to its end has no cut card: the drill puts one in at the usual depths.
    assert Fraction(1) not in penetrations_for(find_preset("twenty-one-home"))
    assert Fraction(3, 4) in penetrations_for(find_preset("twenty-one-home"))
    assert DRILL.grade("vegas-6d-s17 3/4 hi-lo cards", "234", six).correct
    assert DRILL.grade("vegas-6d-s17 3/4 hi-lo decks half", "4.5", six).correct
    assert DRILL.grade("vegas-6d-s17 2/3 hi-lo decks quarter", "4", six).correct  # 208 cards


def test_studies_are_repeatable_and_cached():
    first = study("single-deck", Fraction(1, 2), "hi-lo")
    assert study("single-deck", Fraction(1, 2), "hi-lo") is first
    clear_memory()
    assert study("single-deck", Fraction(1, 2), "hi-lo") == first


def test_deeper_penetration_brings_high_counts_more_often():
    shallow = study("single-deck", Fraction(1, 2), "hi-lo")
    deep = study("single-deck", Fraction(5, 6), "hi-lo")
    assert deep.rounds_per_shoe > shallow.rounds_per_shoe
    assert deep.share_at_least(3) > shallow.share_at_least(3)


def test_rounds_and_shares_are_read_within_a_tolerance():
    per_shoe = study("single-deck", Fraction(1, 2), "hi-lo").rounds_per_shoe
    near = str(round(per_shoe))
    assert DRILL.grade("single-deck 1/2 hi-lo rounds", near, SINGLE).correct
    assert not DRILL.grade("single-deck 1/2 hi-lo rounds", str(round(per_shoe) + 3), SINGLE).correct
    share = study("single-deck", Fraction(1, 2), "hi-lo").share_at_least(2) * 100
    grade = DRILL.grade("single-deck 1/2 hi-lo share 2", f"{round(share)}%", SINGLE)
    assert grade.correct, grade.explanation


def test_an_unbalanced_system_is_charted_in_hi_lo():
    question = DRILL.question("single-deck 1/2 ko share 2", SINGLE)
    assert question.view["system"].slug == "hi-lo"
    assert "Hi-Lo" in chart("single-deck", question.view["chosen_system"]).summary
    # Worked out now (the line above), the feedback shows it.
    assert "Hi-Lo" in DRILL.feedback_data(question, {})["penetration_chart"].summary


def test_new_questions_read_back():
    learner = LearnerState(options={"system": "hi-lo", "resolution": "quarter"})
    for seed in range(20):
        question = DRILL.new_question(random.Random(seed), SINGLE, learner)
        assert read_question(question.notation)[1] in penetrations_for(SINGLE)


@pytest.mark.parametrize(
    "notation",
    [
        "single-deck 3/5 hi-lo cards",
        "nope 1/2 hi-lo cards",
        "single-deck 1/2 hi-lo share 9",
        "single-deck 1/2 hi-lo decks tenth",
        "single-deck 1/2 hi-lo cards 3",
        "single-deck 2/0 hi-lo cards",  # issue 11: a ZeroDivisionError, a 500
        "single-deck 1/" + "9" * 5000 + " hi-lo cards",
    ],
)
def test_forged_penetration_questions_are_refused(notation):
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "1", SINGLE)


def test_malformed_answers_are_refused():
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("single-deck 1/2 hi-lo cards", "lots", SINGLE)
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("single-deck 1/2 hi-lo cards", "53", SINGLE)
