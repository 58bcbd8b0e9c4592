"""The hand-totals drill: known answers from tests/data, question generation, bad input."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drills import (
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    LearnerState,
    get_drill,
    registry,
)
from drills.hand_totals import DRILL, read_answer
from trainer.engine.deck.cards import pack
from trainer.engine.deck.hand import Hand
from trainer.engine.rulebook.rules import find_preset

RULES = find_preset("vegas-6d-s17")
DATA = Path(__file__).parent.parent / "data" / "hand_totals.csv"


def known_answers() -> list[tuple[str, str]]:
    with DATA.open(encoding="utf-8") as rows:
        lines = [line for line in rows if not line.startswith("#")]
    return [(row["notation"], row["answer"]) for row in csv.DictReader(lines)]


def test_the_registry_holds_the_drill_under_its_slug() -> None:
    assert registry()["hand-totals"] is DRILL
    assert get_drill("hand-totals") is DRILL
    assert DRILL.title == "Hand totals"


@pytest.mark.parametrize(("notation", "answer"), known_answers())
def test_known_answers_are_graded_right(notation: str, answer: str) -> None:
    grade = DRILL.grade(notation, answer, RULES)
    assert grade == Grade(
        correct=True, answer=answer, right_answer=answer, explanation=grade.explanation
    )


@pytest.mark.parametrize(("notation", "answer"), known_answers())
def test_other_answers_are_graded_wrong(notation: str, answer: str) -> None:
    kind = answer.split()[0]
    others = {"soft": "hard", "hard": "soft", "bust": "hard"}
    total = answer.split()[1] if kind != "bust" else "21"
    wrong = f"{others[kind]} {total}"
    grade = DRILL.grade(notation, wrong, RULES)
    assert not grade.correct
    assert grade.right_answer == answer
    assert grade.answer == wrong


@pytest.mark.parametrize(
    ("notation", "answer", "words"),
    [
        ("AS 6H", "soft 17", "one ace as 11"),
        ("AS 6H TD", "hard 17", "the ace stays 1"),
        ("KS QH 2C", "bust", "over 21"),
        ("9S 7H 5D", "hard 21", "no ace"),
    ],
)
def test_the_explanation_says_why(notation: str, answer: str, words: str) -> None:
    grade = DRILL.grade(notation, answer, RULES)
    assert words in grade.explanation
    assert (answer.split()[-1] if answer != "bust" else "over 21") in grade.explanation
    # The verdict shows the first sentence alone: it must reach the total it explains, not
    # stop at the sum with the aces as 1 (A + 6 = 7 read under "soft 17").
    assert words in grade.why and answer.split()[-1] in grade.why


def test_new_questions_are_valid_hands_of_two_to_five_distinct_suited_cards(
    rng: random.Random,
) -> None:
    sizes = set()
    kinds = set()
    for _ in range(400):
        question = DRILL.new_question(rng, RULES, LearnerState())
        hand = Hand.parse(question.notation)
        assert 2 <= len(hand) <= 5
        assert len(set(hand.cards)) == len(hand)
        assert all(card.suit is not None for card in hand)
        assert question.view["hand"] == hand
        sizes.add(len(hand))
        kinds.add(DRILL.grade(question.notation, "bust", RULES).right_answer.split()[0])
    assert sizes == {2, 3, 4, 5}
    assert kinds == {"soft", "hard", "bust"}


def test_the_same_seed_asks_the_same_questions() -> None:
    first = [DRILL.new_question(random.Random(7), RULES, LearnerState()).notation for _ in "ab"]
    again = [DRILL.new_question(random.Random(7), RULES, LearnerState()).notation for _ in "ab"]
    assert first == again


@given(st.lists(st.sampled_from(pack(1)), min_size=2, max_size=5, unique=True))
def test_the_right_answer_is_always_graded_right(cards: list) -> None:
    notation = str(Hand.of(cards))
    right = DRILL.grade(notation, "bust", RULES).right_answer
    assert DRILL.grade(notation, right, RULES).correct


@pytest.mark.parametrize(
    "notation",
    ["", "AS", "AS 2H 3D 4C 5S 6H", "ZZ", "A 7", "AS AS", "AS 7H; DROP TABLE", "<script>"],
)
def test_forged_questions_are_refused(notation: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "soft 18", RULES)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "soft, hard or bust"),
        ("maybe 18", "soft, hard or bust"),
        ("soft", "Type the hand's total"),
        ("soft eighteen", "whole number"),
        ("hard -3", "whole number"),
        ("hard 1", "between 2 and 50"),
        ("hard 999", "between 2 and 50"),
        ("hard ١٨", "whole number"),
    ],
)
def test_answers_in_the_wrong_form_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidAnswerError, match=message):
        read_answer(text)


def test_answer_fields_become_one_text() -> None:
    assert DRILL.answer_text({"kind": "Soft", "total": " 18 "}) == "soft 18"
    assert DRILL.answer_text({"kind": "bust", "total": "23"}) == "bust"
    assert DRILL.answer_text({}) == ""
