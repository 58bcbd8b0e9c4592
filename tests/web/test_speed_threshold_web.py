"""The speed threshold through the web: a running count dealt at the staircase's speed (not the
speed typed), its checkpoints moving the staircase by the weighted steps, the set-up page and
the progress page showing it; a forged threshold field, a distraction not offered or a kind
that has no staircase refused (a 400, nothing stored)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest

from drills.counting.pace import DEFAULT_LEVEL, SPEED_LEVELS
from drills.counting.threshold import MIN_SPEED, STEP_FASTER, STEP_SLOWER

SETUP = {"kind": "running", "group": "1", "cards": "12", "speed": "5", "threshold": "1"}


def deal(client: Any, csrf: Any, **changes: str) -> Any:
    return client.post("/counting/sessions", data={**SETUP, **changes, "csrf_token": csrf()})


def test_a_session_is_dealt_at_the_staircase_and_moves_it(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    client.get("/drills/running-count")
    response = deal(client, csrf)
    assert response.status_code == 303
    session_id = response.headers["Location"].rsplit("/", 1)[1]
    spec = json.loads(db["counting_sessions"].get(session_id)["spec"])
    start = Fraction(spec["speed"])
    assert start == SPEED_LEVELS[DEFAULT_LEVEL - 1] == 1  # the default level's, not the 5 typed
    row = db["threshold_sessions"].get(session_id)
    assert (row["system"], row["distraction"], Fraction(row["speed"])) == ("hi-lo", "none", 1)
    # Answer every checkpoint with 0: each right or wrong moves the staircase.
    page = client.get(f"/counting/sessions/{session_id}").get_data(as_text=True)
    for _ in range(20):
        if 'name="checkpoint"' not in page:
            break
        response = client.post(f"/counting/sessions/{session_id}/answer",
                               data={**hidden_fields(page), "running": "0"},
                               follow_redirects=True)  # fmt: skip
        page = response.get_data(as_text=True)
    answers = list(db.query("SELECT correct FROM attempts ORDER BY id"))
    assert answers
    expected = start  # each answer moves it in turn, never below the slowest speed
    for a in answers:
        expected = max(MIN_SPEED, expected + (STEP_FASTER if a["correct"] else -STEP_SLOWER))
    setup = client.get("/drills/running-count").get_data(as_text=True)
    shown = f"{float(expected):.2f}".rstrip("0").rstrip(".")
    unit = "card a second" if expected == 1 else "cards a second"
    assert f"the next session is dealt at {shown} {unit}." in setup  # with its unit, in its form
    assert "deals the next session 0.05 cards a second faster, each one wrong 0.45 cards a" in setup
    progress = client.get("/progress").get_data(as_text=True)
    assert "Your speed threshold, week by week" in progress and "Hi-Lo, no distraction" in progress
    # The next session is dealt at the staircase's new speed.
    again = deal(client, csrf).headers["Location"].rsplit("/", 1)[1]
    assert Fraction(json.loads(db["counting_sessions"].get(again)["spec"])["speed"]) == expected


@pytest.mark.parametrize(
    "changes",
    [
        {"threshold": "2"},
        {"threshold": "yes"},
        {"distraction": "loud"},
        {"kind": "countdown"},
    ],  # fmt: skip
)
def test_a_forged_threshold_request_is_refused(
    client: Any, csrf: Any, db: Any, changes: dict[str, str]
) -> None:
    client.get("/drills/running-count")
    response = deal(client, csrf, **changes)
    assert response.status_code == 400
    assert re.search(r"threshold|distraction|Tick the box", response.get_data(as_text=True))
    assert db["counting_sessions"].count == 0 and db["threshold_sessions"].count == 0


def test_a_staircase_is_kept_apart_for_each_distraction(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    client.get("/drills/running-count")
    quiet = deal(client, csrf).headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/counting/sessions/{quiet}").get_data(as_text=True)
    assert "data-talk" not in page
    answered = client.post(
        f"/counting/sessions/{quiet}/answer",
        data={**hidden_fields(page), "running": "0"},
        follow_redirects=True,
    )
    assert answered.status_code == 200
    talk = deal(client, csrf, distraction="talk").headers["Location"].rsplit("/", 1)[1]
    assert db["threshold_sessions"].get(talk)["distraction"] == "talk"
    # The talking staircase starts afresh, at the learner's speed level (which a session dealt
    # at its speed moves too: the quiet one was).
    level = next(db.query("SELECT level FROM counting_speeds"), {"level": DEFAULT_LEVEL})
    start = Fraction(json.loads(db["counting_sessions"].get(talk)["spec"])["speed"])
    assert start == SPEED_LEVELS[level["level"] - 1]
    page = client.get(f"/counting/sessions/{talk}").get_data(as_text=True)
    assert "data-talk" in page and "nobody talks" in page
    progress = client.get("/progress").get_data(as_text=True)
    assert "Hi-Lo, no distraction" in progress


def test_a_new_visitors_refused_threshold_session_makes_no_guest(
    client: Any, csrf: Any, db: Any
) -> None:
    users = db["users"].count
    response = deal(client, csrf, cards="many")
    assert response.status_code == 400
    assert db["users"].count == users and db["counting_sessions"].count == 0


def test_a_newcomers_speed_is_folded_under_one_line_until_it_moves(client: Any, csrf: Any) -> None:
    """A walk met "Level 3 of 12", a staircase "still settling" and "0 checkpoints" before
    counting a card: a newcomer's level and threshold are folded under one line; a level set by
    hand (or any checkpoint) shows them open."""
    page = client.get("/drills/running-count", follow_redirects=True).get_data(as_text=True)
    assert '<details class="speed-more"><summary>Your speed: level 3 of 12, ' in page
    assert page.index('class="speed-more"') < page.index('id="speed-heading"')
    response = client.post(
        "/counting/speed", data={"level": "5", "csrf_token": csrf(), "next": "/"}
    )
    assert response.status_code == 303
    page = client.get("/drills/running-count", follow_redirects=True).get_data(as_text=True)
    assert 'class="speed-more"' not in page and 'id="speed-heading"' in page
    assert "Level <strong>5 of 12</strong>" in page
