"""Guests keep their history on sign-up; a learner sees only their own attempts, everywhere."""

from __future__ import annotations

import json
from typing import Any

import pytest


def answer_one(client: Any, hidden_fields: Any, kind: str = "bust", total: str = "") -> str:
    form = hidden_fields(client.get("/drills/hand-totals").get_data(as_text=True))
    client.post("/drills/hand-totals/answer", data={**form, "kind": kind, "total": total})
    return form["question"]


def test_a_visitor_drills_at_once_as_a_guest(client: Any, hidden_fields: Any, db: Any) -> None:
    answer_one(client, hidden_fields)
    guest = next(db.query("SELECT * FROM users"))
    assert guest["is_guest"] == 1 and guest["username"] is None
    assert "Drilling as a guest" in client.get("/").get_data(as_text=True)


def test_a_guest_who_signs_up_keeps_their_history(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    questions = [answer_one(client, hidden_fields) for _ in range(3)]
    data = {"username": "carol", "password": "password carol", "csrf_token": csrf()}
    assert client.post("/signup", data=data).status_code == 303
    [user] = db.query("SELECT * FROM users")
    assert (user["username"], user["is_guest"]) == ("carol", 0)
    exported = json.loads(client.get(f"/learners/{user['id']}/attempts.json").get_data())
    assert sorted(row["question"] for row in exported) == sorted(questions)
    assert "<strong>3</strong>" in client.get("/progress").get_data(as_text=True) or (
        ">3<" in client.get("/progress").get_data(as_text=True)
    )


def two_learners(app: Any, hidden_fields: Any) -> tuple[Any, Any, int, int]:
    first, second = app.test_client(), app.test_client()
    for client, name in ((first, "alice"), (second, "bob")):
        answer_one(client, hidden_fields, "hard", "3")  # always wrong: a mistake to see
        with client.session_transaction() as session:
            session["_csrf"] = "csrf-for-" + name
        data = {"username": name, "password": "password " + name, "csrf_token": "csrf-for-" + name}
        assert client.post("/signup", data=data).status_code == 303
    with first.session_transaction() as session:
        first_id = session["uid"]
    with second.session_transaction() as session:
        second_id = session["uid"]
    return first, second, first_id, second_id


@pytest.mark.parametrize("suffix", ["", ".csv", ".json"])
def test_another_learners_id_in_a_url_is_a_404(app: Any, hidden_fields: Any, suffix: str) -> None:
    first, second, first_id, second_id = two_learners(app, hidden_fields)
    assert first.get(f"/learners/{first_id}/attempts{suffix}").status_code == 200
    response = second.get(f"/learners/{first_id}/attempts{suffix}")
    assert response.status_code == 404
    assert second.get(f"/learners/{second_id}/attempts{suffix}").status_code == 200
    assert second.get(f"/learners/99999/attempts{suffix}").status_code == 404
    assert app.test_client().get(f"/learners/{first_id}/attempts{suffix}").status_code == 404


def test_mistakes_and_progress_show_only_ones_own(app: Any, hidden_fields: Any) -> None:
    first, second, first_id, _ = two_learners(app, hidden_fields)
    for _ in range(2):
        answer_one(first, hidden_fields, "hard", "3")
    first_mistakes = first.get("/mistakes").get_data(as_text=True)
    second_mistakes = second.get("/mistakes").get_data(as_text=True)
    assert first_mistakes.count('<li class="mistake">') == 3
    assert second_mistakes.count('<li class="mistake">') == 1
    exported = second.get(f"/learners/{first_id}/attempts.json")
    assert exported.status_code == 404
    assert ">1<" in second.get("/progress").get_data(as_text=True)


def test_a_new_visitor_sees_empty_pages_not_errors(client: Any) -> None:
    assert "No answers yet" in client.get("/progress").get_data(as_text=True)
    assert "No wrong answers" in client.get("/mistakes").get_data(as_text=True)
    assert "not signed in" in client.get("/account").get_data(as_text=True)
