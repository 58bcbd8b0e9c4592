"""What one quiz answer costs the database: a handful of statements, no connection set-up,
the same number whatever the length of the learner's history."""

from __future__ import annotations

import re
from typing import Any

from tests.conftest import store_answer
from trainer import store
from trainer.store import attempts

QUIZ = "/drills/basic-strategy"
_BUTTON = re.compile(r'<button type="submit" name="answer" value="([A-Z])"(?![^>]*disabled)')


def answer(client: Any, hidden_fields: Any, page: str) -> str:
    form = hidden_fields(page)
    form["answer"] = _BUTTON.findall(page)[0]
    response = client.post(f"{QUIZ}/answer", data=form, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return str(response.get_data(as_text=True))


def statements_of_one_answer(
    app: Any, client: Any, hidden_fields: Any, page: str
) -> tuple[list[str], str]:
    """The SQL one answer runs (on the connection the worker keeps), and the next page."""
    connection = app.extensions["trainer.db"].db.conn
    seen: list[str] = []
    connection.set_trace_callback(seen.append)
    try:
        following = answer(client, hidden_fields, page)
    finally:
        connection.set_trace_callback(None)
    return seen, following


def test_an_answer_costs_the_same_few_statements_with_a_long_history(
    app: Any, client: Any, hidden_fields: Any
) -> None:
    page = client.get(f"{QUIZ}?rules=vegas-6d-s17&mix=cells").get_data(as_text=True)
    for _ in range(3):
        page = answer(client, hidden_fields, page)
    short, page = statements_of_one_answer(app, client, hidden_fields, page)

    db = store.open_db(app.config["DATABASE"])
    with store.transaction(db):
        for n in range(2500):
            store_answer(db, 1, f"old-{n}", drill="basic-strategy", response_ms=900)
    long, _ = statements_of_one_answer(app, client, hidden_fields, page)

    # No PRAGMA but the busy-timeout switch around BEGIN IMMEDIATE (a setting in memory).
    pragmas = [s for s in short if s.upper().startswith("PRAGMA")]
    assert all("busy_timeout" in s for s in pragmas), pragmas
    # Twelve: two of them read and write the answered skill's review schedule.
    assert len(short) - len(pragmas) <= 12, short
    assert [s.split()[0] for s in long] == [s.split()[0] for s in short]
    assert attempts.drill_stats(db, 1)["basic-strategy"].attempts == 2500 + 5
    db.close()
