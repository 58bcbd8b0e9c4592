"""Guest learners: made on a visitor's first answer, never by opening a page; the guests who
never stored anything removed by ``flask --app trainer remove-idle-guests``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import store_answer
from trainer.store import attempts, counting, users

_BUTTON = re.compile(r'<button type="submit" name="answer" value="([A-Z])"(?![^>]*disabled)')


def learners(db: Any) -> int:
    return int(db.execute("SELECT count(*) FROM users").fetchone()[0])


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/drills/",
        "/drills/hand-totals",
        "/drills/basic-strategy?rules=vegas-6d-s17&mix=cells",
        "/drills/payout-math",
        "/drills/true-count?system=hi-lo&convention=floor&resolution=half",
        "/strategy",
        "/progress",
        "/mistakes",
        "/account",
    ],
)
def test_opening_a_page_makes_no_learner(client: Any, db: Any, path: str) -> None:
    for _ in range(3):
        assert client.get(path, follow_redirects=True).status_code == 200
    assert learners(db) == 0


def test_the_first_answer_makes_the_guest(client: Any, db: Any, hidden_fields: Any) -> None:
    page = client.get("/drills/basic-strategy?rules=vegas-6d-s17&mix=cells").get_data(True)
    assert learners(db) == 0
    form = {**hidden_fields(page), "answer": _BUTTON.findall(page)[0]}
    assert (
        client.post("/drills/basic-strategy/answer", data=form, follow_redirects=True).status_code
        == 200
    )
    assert learners(db) == 1
    assert attempts.drill_stats(db, 1)["basic-strategy"].attempts == 1


def run(app: Any, *args: str) -> Any:
    return app.test_cli_runner().invoke(args=list(args))


def test_remove_idle_guests_keeps_anyone_with_something_stored(app: Any, db: Any) -> None:
    idle = [users.create_guest(db) for _ in range(3)]
    answered = users.create_guest(db)
    store_answer(db, answered.id, "t-1")
    chose = users.create_guest(db)
    counting.save_preferences(db, chose.id, system="hi-lo", convention="floor", resolution="half")
    account = users.create_user(db, "alice", "password one")
    db.execute("UPDATE users SET created_at = '2020-01-01T00:00:00.000Z'")
    fresh = users.create_guest(db)  # made just now: maybe about to answer

    result = run(app, "remove-idle-guests")
    assert result.exit_code == 0, result.output
    assert "Removed 3 guests" in result.output
    remaining = {row[0] for row in db.execute("SELECT id FROM users")}
    assert remaining == {answered.id, chose.id, account.id, fresh.id}
    assert not remaining & {g.id for g in idle}

    assert "Removed 1 guests" in run(app, "remove-idle-guests", "--older-than-hours", "0").output
    assert learners(db) == 3


def test_remove_idle_guests_refuses_a_bad_age(app: Any) -> None:
    for bad in ("-1", "many", "1e9", "99999999"):
        assert run(app, "remove-idle-guests", "--older-than-hours", bad).exit_code == 2
