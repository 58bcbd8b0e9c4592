"""The ace side count: known answers worked by hand from the systems' books
(tests/data/ace_side_count.json), the drill's questions and grades, and a forged question or a
malformed answer refused (a 400 on the web, nothing stored)."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drills import InvalidAnswerError, InvalidQuestionError, LearnerState
from drills.counting.aces import DRILL, read_question
from trainer.engine.aces import NoAceSideCountError, ace_weight, insurance_ace_weight, read_aces
from trainer.engine.counting import SYSTEMS, find_system
from trainer.engine.rulebook.rules import Rules

DATA = json.loads((Path(__file__).parents[1] / "data" / "ace_side_count.json").read_text())


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda case: case["note"][:40])
def test_known_answers(case: dict[str, Any]) -> None:
    reading = read_aces(
        find_system(case["system"]),
        case["decks"],
        Fraction(case["played"]),
        case["aces"],
        Fraction(case["running"]),
        case["convention"],
        "exact",
    )
    assert reading.surplus == Fraction(case["surplus"])
    assert reading.per_deck == Fraction(case["per_deck"])
    assert reading.betting_running == Fraction(case["betting_running"])
    assert reading.betting_true == Fraction(case["betting_true"])
    assert reading.insurance_weight == Fraction(case["insurance_weight"])
    assert reading.insurance_running == Fraction(case["insurance_running"])
    assert reading.insurance_true == Fraction(case["insurance_true"])


IN_A_DECK = (1, 1, 1, 1, 1, 1, 1, 1, 1, 4)  # ace first, four ten-values last


def _insurance_weight_by_hand(slug: str) -> Fraction:
    """The points of running count per ace left over, for insurance, by other arithmetic than
    the engine's (which solves the two-variable normal equations): an ace-neutral balanced
    count's tags are uncorrelated with the ace over a deck, so each slope is its own. An ace
    left is a non-ace fewer left, and 16 of a deck's 48 non-aces are tens: -1/3 ten. A point
    of the count (tags summing to 0 over a deck) is ``-(the ten's tag x 4) / sum(tag^2)``
    tens left."""
    tags = find_system(slug).tags
    squares = sum(n * tag * tag for n, tag in zip(IN_A_DECK, tags, strict=True))
    tens_per_point = -tags[9] * 4 / squares
    return Fraction(-16, 48) / tens_per_point


def test_the_insurance_weights_by_hand() -> None:
    by_hand = {slug: _insurance_weight_by_hand(slug)
               for slug in ("hi-opt-1", "hi-opt-2", "omega-2", "uston-apc")}  # fmt: skip
    assert by_hand == {"hi-opt-1": Fraction(-2, 3), "hi-opt-2": Fraction(-7, 6),
                       "omega-2": Fraction(-4, 3), "uston-apc": Fraction(-16, 9)}  # fmt: skip
    for case in DATA["cases"]:
        assert Fraction(case["insurance_weight"]) == by_hand[case["system"]], case["note"]
    for slug, weight in by_hand.items():
        assert insurance_ace_weight(SYSTEMS[slug]) == weight
    with pytest.raises(NoAceSideCountError):
        insurance_ace_weight(SYSTEMS["hi-lo"])


def test_only_ace_neutral_systems_keep_a_side_count() -> None:
    assert {s.slug for s in SYSTEMS.values() if s.ace_side_count} == {
        "hi-opt-1", "hi-opt-2", "omega-2", "uston-apc"}  # fmt: skip
    assert [ace_weight(SYSTEMS[s]) for s in ("hi-opt-1", "hi-opt-2", "omega-2", "uston-apc")] == [
        1, 2, 2, 3]  # fmt: skip
    with pytest.raises(NoAceSideCountError):
        ace_weight(SYSTEMS["hi-lo"])


@given(
    st.integers(0, 2**32),
    st.sampled_from(["floor", "truncate", "round"]),
    st.sampled_from(["full", "half", "quarter"]),
    st.sampled_from(["hi-opt-1", "hi-opt-2", "omega-2", "uston-apc"]),
)
def test_every_question_reads_back_and_its_right_answer_is_right(
    seed: int, convention: str, resolution: str, system: str
) -> None:
    options = {"system": system, "convention": convention, "resolution": resolution}
    question = DRILL.new_question(random.Random(seed), Rules(), LearnerState(options=options))
    parts = read_question(question.notation)
    reading = read_aces(*parts[0:1], parts[3], parts[4], parts[5], parts[6], convention, resolution)
    answer = f"{reading.surplus};{reading.betting_true};{reading.insurance_true}"
    assert DRILL.grade(question.notation, answer, Rules()).correct
    wrong = f"{reading.surplus};{reading.betting_true};{reading.insurance_true + 1}"
    assert not DRILL.grade(question.notation, wrong, Rules()).correct


@pytest.mark.parametrize(
    "notation",
    [
        "hi-lo floor half 6d played 2 aces 5 rc +6",  # Hi-Lo counts its aces
        "hi-opt-1 floor half 6d played 6 aces 5 rc +6",  # no deck left
        "hi-opt-1 floor half 6d played 1/4 aces 5 rc +6",  # not on a half-deck tray
        "hi-opt-1 floor half 6d played 2 aces 25 rc +6",  # more aces than the shoe holds
        "hi-opt-1 floor half 9d played 2 aces 5 rc +6",
        "hi-opt-1 sideways half 6d played 2 aces 5 rc +6",
        "hi-opt-1 floor half 6d played 2 aces 5 rc +999",
        "",
    ],
)
def test_a_forged_question_is_refused(notation: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "0;0;0", Rules())


@pytest.mark.parametrize("answer", ["", "1;2", "x;0;0", "0;0;99", "99;0;0", "1.5;0;0"])
def test_a_malformed_answer_is_refused(answer: str) -> None:
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("hi-opt-1 floor half 6d played 2 aces 5 rc +6", answer, Rules())


def test_the_drill_through_the_web(client: Any, db: Any, hidden_fields: Any) -> None:
    url = "/drills/ace-side-count?system=hi-opt-2&convention=floor&resolution=half"
    page = client.get(url, follow_redirects=True).get_data(as_text=True)
    assert "True count for insurance" in page
    fields = hidden_fields(page)
    action = re.search(r'<form[^>]+action="([^"]*ace-side-count[^"]*)"', page)
    assert action
    notation = fields["question"]
    reading = read_aces(*[read_question(notation)[i] for i in (0, 3, 4, 5, 6)], "floor", "half")
    data = {**fields, "aces": str(reading.surplus), "bet": str(reading.betting_true),
            "insurance": str(reading.insurance_true)}  # fmt: skip
    answered = client.post(action.group(1).replace("&amp;", "&"), data=data, follow_redirects=True)
    assert answered.status_code == 200 and "Right" in answered.get_data(as_text=True)
    assert db["attempts"].count == 1
    # A question of a system with no ace side count (a new submission: a resent one, the same
    # token, shows the stored grade).
    forged = {**data, "question": re.sub(r"^\S+", "hi-lo", notation), "token": "a-new-token"}
    assert (
        client.post(
            action.group(1).replace("&amp;", "&"), data=forged, follow_redirects=True
        ).status_code
        == 400
    )
    assert db["attempts"].count == 1
