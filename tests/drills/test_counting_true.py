"""The true-count and deck-estimation drills: questions in the learner's preferences, graded
from the notation by the chosen convention and resolution."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from drills import InvalidAnswerError, InvalidQuestionError, LearnerState
from drills.counting.decks import DRILL as DECKS
from drills.counting.true_count import DRILL as TRUE
from drills.counting.true_count import reach_of, read_question
from trainer.engine.counting import SYSTEMS
from trainer.engine.rulebook.rules import find_preset

RULES = find_preset("vegas-6d-s17")


@pytest.mark.parametrize(
    ("notation", "answer"),
    [
        # 130 of 312 played: 182 remain, 3.5 decks. +7 / 3.5 = +2.
        ("hi-lo floor half 6d rc +7 played 130 tray", "+2"),
        # To the full deck 3.5 rounds up to 4: +7 / 4 = 1.75, floored +1, rounded +2.
        ("hi-lo floor full 6d rc +7 played 130 tray", "+1"),
        ("hi-lo round full 6d rc +7 played 130 tray", "+2"),
        # -7 / 2 = -3.5: floor -4, truncate -3, round (halves away from zero) -4.
        ("hi-lo floor full 6d rc -7 played 208 decks", "-4"),
        ("hi-lo truncate full 6d rc -7 played 208 decks", "-3"),
        ("hi-lo round full 6d rc -7 played 208 decks", "-4"),
        # A quarter deck: 273 played leaves 39 cards, 0.75 decks; +3 / 0.75 = +4.
        ("hi-lo floor quarter 6d rc +3 played 273 tray", "+4"),
        # Wong Halves counts in halves: +4.5 / 1.5 = +3.
        ("wong-halves floor half 2d rc +4.5 played 26 decks", "+3"),
    ],
)
def test_true_counts_follow_the_convention(notation, answer):
    grade = TRUE.grade(notation, answer, RULES)
    assert grade.correct, grade.explanation
    assert grade.right_answer == answer.replace("-", "\u2212")  # a true minus, as read
    wrong = str(int(answer) + 1)
    assert not TRUE.grade(notation, wrong, RULES).correct


@pytest.mark.parametrize("convention", ["floor", "truncate", "round"])
@pytest.mark.parametrize("resolution", ["full", "half", "quarter"])
def test_new_questions_follow_the_preferences(convention, resolution):
    learner = LearnerState(
        options={"system": "zen", "convention": convention, "resolution": resolution}
    )
    for seed in range(40):
        question = TRUE.new_question(random.Random(seed), RULES, learner)
        system, chosen, res, decks, running, played, show = read_question(question.notation)
        assert (system.slug, chosen, res, decks) == ("zen", convention, resolution, 6)
        if show == "decks":
            # Decks shown as a number are already at the resolution.
            remaining = Fraction(decks * 52 - played, 52)
            assert (
                question.view["remaining"]
                == TRUE.question(question.notation, RULES).view["remaining"]
            )
            assert (
                remaining / {"full": 1, "half": Fraction(1, 2), "quarter": Fraction(1, 4)}[res]
            ).denominator == 1
        right = TRUE.grade(question.notation, "0", RULES).right_answer
        assert TRUE.grade(question.notation, right, RULES).correct


@pytest.mark.parametrize(
    "notation",
    [
        "hi-lo floor half 6d rc +7 played 312 tray",  # nothing left
        "hi-lo ceil half 6d rc +7 played 130 tray",
        "hi-lo floor tenth 6d rc +7 played 130 tray",
        "hi-lo floor half 6d rc +1.5 played 130 tray",  # Hi-Lo has no halves
        "nope floor half 6d rc +7 played 130 tray",
        "hi-lo floor half 6d rc +7 played 130 table",
    ],
)
def test_forged_true_count_questions_are_refused(notation):
    with pytest.raises(InvalidQuestionError):
        TRUE.grade(notation, "+2", RULES)


@pytest.mark.parametrize("answer", ["", "two", "2.5", "+61"])
def test_malformed_true_counts_are_refused(answer):
    with pytest.raises(InvalidAnswerError):
        TRUE.grade("hi-lo floor half 6d rc +7 played 130 tray", answer, RULES)


@pytest.mark.parametrize(
    ("notation", "right"),
    [
        ("6d played 130 played half", "2.5"),  # 2.5 decks exactly
        ("6d played 130 remaining half", "3.5"),
        ("6d played 140 played full", "3"),  # 2.69 decks: 3 to the full deck
        ("6d played 140 remaining quarter", "3.25"),  # 172 cards, 3.31 decks
        ("2d played 13 played quarter", "0.25"),
    ],
)
def test_decks_are_estimated_to_the_resolution(notation, right):
    grade = DECKS.grade(notation, right, RULES)
    assert grade.correct, grade.explanation
    assert grade.right_answer == right


def test_deck_questions_are_within_the_shoe():
    learner = LearnerState(options={"resolution": "quarter"})
    for seed in range(40):
        question = DECKS.new_question(random.Random(seed), find_preset("single-deck"), learner)
        assert question.notation.startswith("2d played ")  # a one-deck shoe is drilled as two
        assert question.notation.endswith(" quarter")
    with pytest.raises(InvalidQuestionError):
        DECKS.grade("6d played 0 played half", "0", RULES)
    with pytest.raises(InvalidAnswerError, match="multiple of 0.5"):
        DECKS.grade("6d played 130 played half", "2.25", RULES)


def test_an_unbalanced_system_practises_true_counts_in_hi_lo():
    learner = LearnerState(options={"system": "ko"})
    question = TRUE.new_question(random.Random(1), RULES, learner)
    assert question.notation.startswith("hi-lo ")


def test_a_true_count_from_decks_shown_is_worked_from_those_decks():
    # Decks shown (or the learner's own estimate at the table): their cards played are only
    # those decks said again, so the working starts from the decks, never from cards played
    # (it said "104 of 312 cards played" of a tray that held 46: a learner's walk).
    shown = TRUE.grade("hi-lo floor half 6d rc -4 played 104 decks", "-1", RULES)
    assert shown.correct
    assert shown.explanation == "Decks left: 4. −4 / 4 = −1; rounded down, −1."
    assert shown.details == "−4 / 4 = −1; rounded down, −1."  # the working, behind "Details"
    tray = TRUE.grade("hi-lo floor half 6d rc -4 played 104 tray", "-1", RULES).explanation
    assert tray.startswith("104 of 312 cards played: 208 remain, 4 decks, which is 4")


@pytest.mark.parametrize(
    ("value", "english"),
    [(Fraction(1), "1 deck"), (Fraction(5), "5 decks"), (Fraction(5, 2), "2.5 decks"),
     (Fraction(37, 52), "about 0.71 decks")],
)  # fmt: skip
def test_decks_are_said_with_their_unit_in_its_form(value, english):
    from drills.counting.checkpoint import about_decks

    assert about_decks(value) == english


def test_a_running_count_asked_is_one_a_shoe_deals():
    # A running count of -23 after 80 cards of six decks was asked (3.4 standard deviations of
    # Hi-Lo's count that far, a walk). Hi-Lo tags 40 cards of 52 +-1: the count after 80 of
    # 312 has a variance of 80 * 40/52 * 232/311 = 45.9, a deviation of 6.78; 2.5 of them, 17.
    hi_lo = SYSTEMS["hi-lo"]
    assert reach_of(hi_lo, 80, 312) == 17
    assert reach_of(hi_lo, 250, 312) == 16  # 250 * 40/52 * 62/311 = 38.3: 2.5 * 6.19
    assert reach_of(hi_lo, 3, 312) == 2  # at least 2, where a third of the cards is 1
    learner = LearnerState(options={"system": "hi-lo"})
    counts = []
    for seed in range(300):
        question = TRUE.new_question(random.Random(seed), RULES, learner)
        _, _, _, decks, running, played, _ = read_question(question.notation)
        assert abs(running) <= reach_of(hi_lo, played, decks * 52)
        counts.append(abs(running) / Fraction(decks * 52 - played, 52))
    assert max(counts) >= 5  # high true counts are still asked, deep in the shoe
