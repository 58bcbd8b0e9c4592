"""Insurance by the count in the basic-strategy quiz: with the count shown (the quiz's
``insurance=count``), an insurance question names a count in the learner's system and is graded by
the computed insurance index there (published +3 for Hi-Lo, six decks; the counts asked lie far
enough from it that any index within 1 of it agrees), with the bet's EV for the hand.
The studies are the suite's warm ones (``count_studies``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from drills import InvalidQuestionError
from drills.strategy_quiz import DRILL, work_out
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules

VEGAS = Rules.parse("vegas-6d-s17")


@pytest.fixture(autouse=True)
def _studies(count_studies: None) -> None:
    """The warm studies of the suite."""


@pytest.mark.parametrize(
    ("notation", "right"),
    [
        ("9S 7H v AD insurance hi-lo tc +6", "I"),
        ("9S 7H v AD insurance hi-lo tc 0", "N"),
        ("AS KH v AD insurance hi-lo tc +6", "I"),  # even money on a natural, by the same index
        ("AS KH v AD insurance hi-lo tc -2", "N"),
    ],
)
def test_insurance_with_a_count_is_graded_by_the_index(notation: str, right: str) -> None:
    grade = DRILL.grade(notation, right, VEGAS)
    assert grade.correct and grade.right_answer == right
    assert "insurance index" in grade.explanation and "Hi-Lo true count" in grade.explanation
    wrong = DRILL.grade(notation, "N" if right == "I" else "I", VEGAS)
    assert not wrong.correct
    play = work_out(notation, VEGAS)
    assert wrong.ev_cost == pytest.approx(abs(play.evs["I"] - play.evs["N"]), abs=1e-5)


def test_the_count_shown_keeps_its_notation_and_the_play_follows() -> None:
    question = DRILL.question("9S 7H v AD insurance hi-lo tc +4", VEGAS)
    assert question.notation == "9S 7H v AD insurance hi-lo tc +4"
    assert question.view["count"] == {"system": "Hi-Lo", "kind": "true count", "value": "+4"}
    following = DRILL.next_question(
        random.Random(1), VEGAS, mix="cells", last_question=question.notation, tally={}
    )
    assert following.notation == "9S 7H v AD"  # the hand's play comes next, as without a count


def test_insurance_questions_show_a_count_near_the_index_when_asked() -> None:
    rng = random.Random(11)
    hilo = find_system("hi-lo")
    counts = []
    while len(counts) < 30:
        question = DRILL.next_question(
            rng, VEGAS, mix="shoe", last_question=None, tally={}, counted=hilo
        )
        if "insurance" in question.notation:
            counts.append(int(question.view["count"]["value"].replace("\u2212", "-")))
        else:
            assert "count" not in question.view  # a play question shows none
    assert all(-1 <= c <= 7 for c in counts) and len(set(counts)) > 3


@pytest.mark.parametrize(
    "notation",
    [
        "9S 7H v AD hi-lo tc +3",  # a count on a play question
        "9S 7H v AD insurance nope tc +3",
        "9S 7H v AD insurance ko tc +3",  # KO shows its running count
        "9S 7H v AD insurance hi-lo tc +40",
    ],
)
def test_a_count_the_quiz_could_not_have_shown_is_refused(notation: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "N", VEGAS)


def test_the_quiz_page_shows_the_count_and_takes_insurance_by_it(
    client: Any, db: Any, hidden_fields: Any
) -> None:
    found = None
    for seed in range(60):
        client.application.config["RNG_SEED"] = seed
        page = client.get("/drills/basic-strategy?rules=vegas-6d-s17&mix=shoe&insurance=count")
        assert page.status_code == 200
        text = page.get_data(as_text=True)
        if " insurance hi-lo tc " in hidden_fields(text).get("question", ""):
            found = text
            break
    assert found is not None, "no insurance question in 60 deals"
    assert 'class="big-count"' in found and 'name="insurance" value="count"' in found
    form = hidden_fields(found)
    response = client.post(
        "/drills/basic-strategy/answer", data={**form, "answer": "N"}, follow_redirects=True
    )
    assert response.status_code == 200
    assert "insurance index" in response.get_data(as_text=True)
    assert [a["question"] for a in db["attempts"].rows] == [form["question"]]
    bad = client.get("/drills/basic-strategy?rules=vegas-6d-s17&insurance=maybe")
    assert bad.status_code == 400


def test_the_feedback_says_so_where_the_hands_own_ev_goes_against_the_index() -> None:
    said = set()
    for count in range(-1, 8):
        notation = (
            f"TD 2D v AH insurance hi-lo tc {count:+d}"
            if count
            else "TD 2D v AH insurance hi-lo tc 0"
        )
        play = work_out(notation, VEGAS)
        explanation = DRILL.grade(notation, play.right, VEGAS).explanation
        against = (play.evs["I"] > 0) != (play.right == "I")
        assert ("With these very cards" in explanation) == against
        said.add(against)
    assert False in said  # away from the index the hand's EV agrees with it


@pytest.mark.parametrize("system", ["hi-lo", "ko"])
def test_no_insurance_index_names_the_counts_looked_over_in_the_system(system: str) -> None:
    from drills.count_study import grid_words
    from trainer.engine.indices.table import count_grid

    counted = find_system(system)
    grid = count_grid(VEGAS, counted)
    words = grid_words(VEGAS, counted)
    expected = f"from {grid[0]:+d} to {grid[-1]:+d}".replace("+0", "0").replace("-", "\u2212")
    assert words == expected
    if system == "ko":  # running counts: the span is not a true count's
        assert words != "from \u221210 to +10"
