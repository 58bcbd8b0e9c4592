"""The learner's own time zone: the browser's (a cookie its script sets), else the one chosen on
the account page, else UTC. The daily goal's and the streak's days end at the learner's own
midnight; times are shown on their clock; a name that is no zone is a 400 and changes nothing."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config, store_answer
from trainer import create_app, store
from trainer.clock import Clock
from trainer.store import goals, users

# 12:00 UTC on 11 May 2026: 15:00 in Moscow (UTC+3, no daylight saving).
NOW = datetime(2026, 5, 11, 12, 0, tzinfo=UTC)


@pytest.fixture
def clocked(tmp_path: Path) -> Any:
    return create_app(app_config(tmp_path, CLOCK=Clock(fixed=NOW)))


def _learner_with_answers(app: Any) -> tuple[Any, int]:
    """A guest who met a goal of 5 answers on each UTC day from the 9th to the 11th, the 10th's
    answers given at 21:30 UTC: 00:30 on the 11th in Moscow."""
    client = app.test_client()
    db = store.open_db(app.config["DATABASE"])
    try:
        user_id = users.create_guest(db).id
        with client.session_transaction() as session:
            session["uid"] = user_id  # signed in as that guest (trainer.web.support)
        goals.set_goal(db, user_id, goals.Goal("answers", 5), at="2026-05-01T09:00:00.000Z")
        for day, hour in (("09", "12"), ("10", "21"), ("11", "10")):
            for n in range(5):
                at = f"2026-05-{day}T{hour}:3{n}:00.000Z"
                store_answer(db, user_id, f"token-{day}-{n}", created_at=at)
    finally:
        db.close()
    return client, user_id


def _token(client: Any) -> str:
    """The client's CSRF token (made in its session if missing)."""
    with client.session_transaction() as session:
        return str(session.setdefault("_csrf", "test-csrf-token-0123456789"))


def _streak(page: str) -> str:
    found = re.search(r"Streak: <strong>([^<]+)</strong>", page)
    assert found is not None, page
    return found.group(1)


def test_the_streak_counts_the_learners_own_days(clocked: Any) -> None:
    client, _ = _learner_with_answers(clocked)
    assert _streak(client.get("/").get_data(as_text=True)) == "3 days"  # UTC until known
    client.set_cookie("tz", "Europe/Moscow")  # what static/js/time_zone.js keeps
    page = client.get("/").get_data(as_text=True)
    assert _streak(page) == "1 day"  # nothing on the 10th in Moscow
    assert "Daily goal of 5 answers met: <strong>10</strong> today." in page  # the 21:30 UTC ones


def test_times_are_shown_on_the_learners_clock(clocked: Any) -> None:
    client, user_id = _learner_with_answers(clocked)
    client.set_cookie("tz", "Asia/Tokyo")
    page = client.get(f"/learners/{user_id}/attempts").get_data(as_text=True)
    assert "When (Asia/Tokyo)" in page
    # 21:30 UTC on the 10th, in words as every other date of the site ("2026-05-11 06:30"
    # here beside "Sep 21, 2026" on the progress page: a walk).
    assert "May 11, 2026, 6:30" in page
    assert "May 10, 2026" not in page and "2026-05-1" not in page


def test_a_cookie_naming_no_zone_is_ignored(clocked: Any) -> None:
    client, _ = _learner_with_answers(clocked)
    client.set_cookie("tz", "Mars/Olympus_Mons")
    assert _streak(client.get("/").get_data(as_text=True)) == "3 days"


def test_the_zone_chosen_on_the_account_page_is_kept_and_wins(clocked: Any) -> None:
    client, user_id = _learner_with_answers(clocked)
    client.set_cookie("tz", "UTC")
    token = _token(client)
    sent = client.post(
        "/account/time-zone", data={"time_zone": "Europe/Moscow", "csrf_token": token}
    )
    assert sent.status_code == 303
    assert _streak(client.get("/").get_data(as_text=True)) == "1 day"
    account = client.get("/account").get_data(as_text=True)
    assert "Your days and times are in Europe/Moscow, as you chose." in account
    # Emptied: the browser's zone again.
    client.post("/account/time-zone", data={"time_zone": "", "csrf_token": token})
    db = store.open_db(clocked.config["DATABASE"])
    try:
        assert users.get_user(db, user_id).time_zone is None  # type: ignore[union-attr]
    finally:
        db.close()


@pytest.mark.parametrize("typed", ["Europe/Atlantis", "x" * 5000, "../../etc/passwd", "<b>UTC"])
def test_a_name_that_is_no_zone_is_a_400_and_changes_nothing(clocked: Any, typed: str) -> None:
    client, user_id = _learner_with_answers(clocked)
    token = _token(client)
    client.post("/account/time-zone", data={"time_zone": "Asia/Tokyo", "csrf_token": token})
    refused = client.post("/account/time-zone", data={"time_zone": typed, "csrf_token": token})
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "There is no time zone called" in page and "Nothing was changed." in page
    assert "<b>UTC" not in page
    db = store.open_db(clocked.config["DATABASE"])
    try:
        assert users.get_user(db, user_id).time_zone == "Asia/Tokyo"  # type: ignore[union-attr]
    finally:
        db.close()


def test_the_zone_form_needs_its_csrf_token(clocked: Any) -> None:
    client, user_id = _learner_with_answers(clocked)
    assert client.post("/account/time-zone", data={"time_zone": "Asia/Tokyo"}).status_code == 403
    db = store.open_db(clocked.config["DATABASE"])
    try:
        assert users.get_user(db, user_id).time_zone is None  # type: ignore[union-attr]
    finally:
        db.close()
