"""The irregularities drill on the web road: the kind asked, an answer graded and stored under
000's rules with the round played on in the feedback, bad input a readable 400 storing nothing."""

from __future__ import annotations

from typing import Any

import pytest

from drills.dealing.irregularities import DRILL
from tests.conftest import sealed
from trainer.engine.rulebook.rules import find_preset

URL = "/drills/irregularities"
RULES = find_preset("vegas-6d-s17")


def ask(client: Any, hidden_fields: Any, kind: str) -> dict[str, str]:
    page = client.get(f"{URL}?kind={kind}")
    assert page.status_code == 200
    return hidden_fields(page.get_data(as_text=True))


def right(notation: str) -> str:
    question = DRILL.question(notation, RULES)
    [slug] = [s for _, s, _ in question.view["choices"] if DRILL.grade(notation, s, RULES).correct]
    return slug


def test_a_right_remedy_is_stored_and_the_round_played_on_is_shown(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = ask(client, hidden_fields, "extra-card")
    assert form["question"].startswith("extra-card|")
    response = client.post(
        f"{URL}/answer?kind=extra-card", data={**form, "answer": "keep-two"}, follow_redirects=True
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "Right" in page
    assert "The round played on" in page and "keep any two" in page
    assert hidden_fields(page)["question"].startswith("extra-card|")
    [row] = db.query("SELECT * FROM attempts")
    assert (row["drill"], row["correct"], row["rules"]) == ("irregularities", 1, "permanent-bank")
    assert row["question"] == form["question"]


def test_a_wrong_remedy_is_stored_wrong_with_the_texts(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = ask(client, hidden_fields, "no-cards")
    assert right(form["question"]) == "withdrawn"
    response = client.post(f"{URL}/answer", data={**form, "answer": "lost"}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "Not quite" in page
    assert "(text 000) say: a player who is dealt no cards withdraws his bet." in page
    [row] = db.query("SELECT correct, answer, right_answer FROM attempts")
    assert row["correct"] == 0 and "lost" in row["answer"] and "withdrawn" in row["right_answer"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"answer": "take-exposed"}, "Choose one of the remedies offered"),
        ({"answer": ""}, "Choose one of the remedies offered"),
        ({"question": "no-cards|1|10+10|9C AD TS KC|-"}, "does not hold a natural"),
        ({"question": "no-cards|1|10+10|9C TD TS|-"}, "more cards than the question deals"),
        ({"question": "no-cards|9|10+10|9C TD TS 8C|-"}, "no seat 9"),
        ({"question": "forged|1|10|TS|-"}, "no such irregularity"),
    ],
)
def test_bad_input_is_a_readable_400_storing_nothing(
    client: Any, hidden_fields: Any, db: Any, change: dict[str, str], message: str
) -> None:
    form = ask(client, hidden_fields, "no-cards")
    data = sealed({**form, "answer": "withdrawn", **change}, DRILL.slug)
    response = client.post(f"{URL}/answer", data=data, follow_redirects=True)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM attempts").fetchone()[0] == 0


def test_an_unknown_kind_in_the_address_asks_any(client: Any, hidden_fields: Any) -> None:
    form = ask(client, hidden_fields, "no-such-kind")
    assert form["question"].split("|")[0] in DRILL.titles


def test_a_wrong_answer_is_on_the_mistakes_page_with_its_situation(
    client: Any, hidden_fields: Any
) -> None:
    form = ask(client, hidden_fields, "face-up")
    client.post(f"{URL}/answer", data={**form, "answer": "redeal"}, follow_redirects=True)
    page = client.get("/mistakes").get_data(as_text=True)
    assert "Irregularities" in page and "A card dealt face up." in page
    assert "Void the round" in page
