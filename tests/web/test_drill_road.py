"""One answer's road over HTTP: ask, grade from the notation, store once, show the next question."""

from __future__ import annotations

import re
from typing import Any

import pytest

from drills.hand_totals import right_answer
from tests.conftest import sealed
from trainer.engine.deck.hand import Hand
from trainer.store import attempts


def ask(client: Any, hidden_fields: Any, **headers: str) -> dict[str, str]:
    response = client.get("/drills/hand-totals", headers=headers)
    assert response.status_code == 200
    return hidden_fields(response.get_data(as_text=True))


def fields_for(form: dict[str, str], answer: str) -> dict[str, str]:
    kind, _, total = answer.partition(" ")
    return {**form, "kind": kind, "total": total}


def stored(db: Any) -> list[dict[str, Any]]:
    return list(db.query("SELECT * FROM attempts ORDER BY id"))


def test_a_question_shows_cards_and_carries_its_notation(client: Any, hidden_fields: Any) -> None:
    response = client.get("/drills/hand-totals")
    page = response.get_data(as_text=True)
    form = hidden_fields(page)
    hand = Hand.parse(form["question"])
    assert 2 <= len(hand) <= 5
    assert page.count('class="card') == len(hand)
    assert form["rules"] == "vegas-6d-s17"
    assert re.fullmatch(r"[A-Za-z0-9_-]{16,64}", form["token"])
    assert "<html" in page and "htmx.min.js" in page
    assert "HX-Request" in response.headers["Vary"]


def test_a_right_answer_is_stored_with_every_field(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = ask(client, hidden_fields)
    right = right_answer(Hand.parse(form["question"]))
    response = client.post(
        "/drills/hand-totals/answer", data=fields_for(form, right), follow_redirects=True
    )
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Right" in page
    [row] = stored(db)
    assert row["question"] == form["question"]
    assert row["answer"] == right and row["right_answer"] == right and row["correct"] == 1
    assert row["rules"] == "vegas-6d-s17"
    assert row["drill"] == "hand-totals"
    assert row["ev_cost"] is None
    assert row["response_ms"] is not None and row["response_ms"] >= 0
    # The page goes straight on to the next question.
    assert hidden_fields(page)["token"] != form["token"]


def test_a_wrong_answer_is_stored_wrong_with_the_right_one(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = sealed({**ask(client, hidden_fields), "question": "AS 6H"}, "hand-totals")
    response = client.post(
        "/drills/hand-totals/answer", data=fields_for(form, "hard 17"), follow_redirects=True
    )
    page = response.get_data(as_text=True)
    assert "Not quite: the hand is soft 17, not hard 17." in page
    [row] = stored(db)
    assert (row["answer"], row["right_answer"], row["correct"]) == ("hard 17", "soft 17", 0)


def test_one_answer_sent_twice_is_stored_once(client: Any, hidden_fields: Any, db: Any) -> None:
    form = fields_for(ask(client, hidden_fields), "bust")
    first = client.post("/drills/hand-totals/answer", data=form, follow_redirects=True)
    second = client.post("/drills/hand-totals/answer", data=form, follow_redirects=True)
    assert first.status_code == second.status_code == 200
    assert "counted once" in second.get_data(as_text=True)
    assert len(stored(db)) == 1


def test_htmx_gets_only_the_panel_block(client: Any, hidden_fields: Any, db: Any) -> None:
    form = ask(client, hidden_fields)
    response = client.post(
        "/drills/hand-totals/answer",
        data=fields_for(form, "bust"),
        headers={"HX-Request": "true"},
        follow_redirects=True,
    )
    page = response.get_data(as_text=True)
    assert "<html" not in page and "<nav" not in page
    assert 'class="feedback' in page and 'class="question"' in page and 'class="stats"' in page
    assert "HX-Request" in response.headers["Vary"]
    plain = client.get("/drills/hand-totals", headers={"HX-Request": "true"})
    assert "<html" not in plain.get_data(as_text=True)
    # The panel's next question is sealed like a page's: its answer is taken.
    again = client.post(
        "/drills/hand-totals/answer",
        data=fields_for(hidden_fields(page), "bust"),
        headers={"HX-Request": "true"},
    )
    assert again.status_code == 200
    assert len(stored(db)) == 2


NOT_THIS_PAGE = "This answer&#39;s question is not one this page asked, so nothing was stored"


@pytest.mark.parametrize(
    "change",
    [
        {"question": "AS AS"},  # not even a hand it deals: the seal is read first
        {"question": "TS 7H"},  # a hand it deals, but not the one this page asked
        {"rules": "single-deck"},
        {"asked_at": "1"},  # asked long ago: a slow answer, timed from the server's time
        {"seal": ""},
        {"seal": "0" * 64},
    ],
)
def test_an_answer_not_to_the_question_its_page_asked_is_a_400_storing_nothing(
    client: Any, hidden_fields: Any, db: Any, change: dict[str, str]
) -> None:
    asked = fields_for(ask(client, hidden_fields), "hard 17")
    while asked["question"] == change.get("question"):  # deal again until it differs
        asked = fields_for(ask(client, hidden_fields), "hard 17")
    response = client.post("/drills/hand-totals/answer", data={**asked, **change})
    assert response.status_code == 400
    assert NOT_THIS_PAGE in response.get_data(as_text=True)
    assert stored(db) == []
    # The same form unchanged is the page's own: taken, and once.
    assert client.post("/drills/hand-totals/answer", data=asked).status_code == 303
    assert len(stored(db)) == 1


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("ZZ", "not a hand of cards"),
        ("AS", "2 to 5 cards"),
        ("AS AS", "no card twice"),
        ("A 7", "suit"),
        ("", "not a hand of cards"),
    ],
)
def test_a_forged_question_is_a_400_and_nothing_is_stored(
    client: Any, hidden_fields: Any, db: Any, question: str, message: str
) -> None:
    form = sealed({**fields_for(ask(client, hidden_fields), "hard 12"), "question": question},
                  "hand-totals")  # fmt: skip
    response = client.post("/drills/hand-totals/answer", data=form, follow_redirects=True)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert stored(db) == []


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("AS", "в вопросе о сумме руки от 2 до 5 карт, а не 1."),
        ("AS AS", "сдаётся из одной колоды: ни одна карта не встречается дважды."),
        ("A 7", "в вопросе о сумме руки у каждой карты указана масть."),
        ("ZZ", "в вопросе нет руки из карт."),
    ],
)
def test_a_forged_questions_400_says_what_was_wrong_in_russian(
    client: Any, hidden_fields: Any, db: Any, question: str, message: str
) -> None:
    """Issue 30: the refusal's detail in the learner's language, not the bare «его запись не
    удаётся прочитать» (nor the English, nor the notation)."""
    russian = {"Accept-Language": "ru"}
    asked = fields_for(ask(client, hidden_fields, **russian), "hard 12")
    form = sealed({**asked, "question": question}, "hand-totals")
    response = client.post("/drills/hand-totals/answer", data=form, headers=russian)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    said = re.search(r"Такого вопроса это упражнение не задаёт: [^<]*", page)
    assert said is not None and said[0].endswith(message), said
    assert "запись не удаётся прочитать" not in page and "question" not in said[0]
    assert stored(db) == []


@pytest.mark.parametrize(
    ("answer_fields", "message"),
    [
        ({"kind": "", "total": "12"}, "soft, hard or bust"),
        ({"kind": "hard", "total": ""}, "Type the hand"),
        ({"kind": "hard", "total": "twelve"}, "whole number"),
        ({"kind": "soft", "total": "500"}, "between 2 and 50"),
    ],
)
def test_an_answer_in_the_wrong_form_is_a_400_keeping_the_question(
    client: Any, hidden_fields: Any, db: Any, answer_fields: dict[str, str], message: str
) -> None:
    form = ask(client, hidden_fields)
    response = client.post(
        "/drills/hand-totals/answer", data={**form, **answer_fields}, follow_redirects=True
    )
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert message in page
    again = hidden_fields(page)
    assert (again["question"], again["token"]) == (form["question"], form["token"])
    assert stored(db) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"token": ""}, "submission token"),
        ({"token": "short"}, "submission token"),
        ({"asked_at": ""}, "is missing the time its question was asked"),
        ({"asked_at": "yesterday"}, "its question was asked is not a whole number"),
        ({"asked_at": "\u0661\u0662\u0663"}, "is not a whole number"),  # Arabic-Indic
        ({"asked_at": "1" * 16}, "has more than 15 digits"),
        ({"rules": "no-such-table"}, "no known rules preset"),
        (
            {"rules": "vegas-6d-s17 penetration=1e9999999"},
            "Cut card (how much of the pack is dealt): expected a number",
        ),
    ],
)
def test_a_damaged_form_is_a_400_and_nothing_is_stored(
    client: Any, hidden_fields: Any, db: Any, change: dict[str, str], message: str
) -> None:
    form = {**fields_for(ask(client, hidden_fields), "bust"), **change}
    response = client.post("/drills/hand-totals/answer", data=form, follow_redirects=True)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert stored(db) == []


def test_an_answer_without_csrf_is_a_403_and_nothing_is_stored(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = fields_for(ask(client, hidden_fields), "bust")
    del form["csrf_token"]
    assert (
        client.post("/drills/hand-totals/answer", data=form, follow_redirects=True).status_code
        == 403
    )
    assert stored(db) == []


def test_an_unknown_drill_is_a_404(client: Any) -> None:
    response = client.get("/drills/no-such-drill")
    assert response.status_code == 404
    assert "There is no drill called" in response.get_data(as_text=True)


def test_stats_follow_the_answers(client: Any, hidden_fields: Any) -> None:
    form = ask(client, hidden_fields)
    page = client.post(
        "/drills/hand-totals/answer", data=fields_for(form, "bust"), follow_redirects=True
    )
    text = page.get_data(as_text=True)
    assert "<strong>1</strong> answered" in text


def test_a_chosen_preset_is_recorded_with_the_attempt(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    assert (
        client.post("/rules", data={"preset": "single-deck", "csrf_token": csrf()}).status_code
        == 303
    )
    form = ask(client, hidden_fields)
    assert form["rules"] == "single-deck"
    client.post("/drills/hand-totals/answer", data=fields_for(form, "bust"), follow_redirects=True)
    assert [a.rules for a in attempts.list_attempts(db, 1)] == ["single-deck"]


def test_an_unknown_preset_cannot_be_chosen(client: Any, csrf: Any) -> None:
    response = client.post("/rules", data={"preset": "nope", "csrf_token": csrf()})
    assert response.status_code == 400
    assert "no rules preset called" in response.get_data(as_text=True)


def test_a_malformed_answer_from_a_new_visitor_writes_nothing_at_all(
    client: Any, csrf: Any, db: Any
) -> None:
    form = {
        "question": "AS 6H",
        "rules": "vegas-6d-s17",
        "token": "t" * 20,
        "asked_at": "1",
        "csrf_token": csrf(),
    }
    form = sealed(form, "hand-totals")
    response = client.post(
        "/drills/hand-totals/answer", data={**form, "kind": "soft"}, follow_redirects=True
    )
    assert response.status_code == 400
    assert db.execute("SELECT count(*) FROM users").fetchone()[0] == 0
    response = client.post(
        "/drills/hand-totals/answer",
        data={**form, "kind": "soft", "total": "17"},
        follow_redirects=True,
    )
    assert response.status_code == 200
    assert db.execute("SELECT count(*) FROM users WHERE is_guest = 1").fetchone()[0] == 1
    [row] = stored(db)
    assert (row["correct"], row["response_ms"]) == (1, None)  # asked "in 1970": no time kept
