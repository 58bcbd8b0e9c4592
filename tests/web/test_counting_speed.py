"""Adaptive running-count speed: a run of right checkpoints at the learner's level raises it, a
miss lowers it, a session at another speed leaves it; set by hand within bounds, or a readable
400 and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from drills.counting.checkpoint import read_checkpoint
from drills.counting.pace import RAISE_AFTER, SPEED_LEVELS, SpeedLevel
from drills.counting.session import RUNNING
from trainer.store import speeds


def level_of(db: Any) -> tuple[int, int] | None:
    (user_id,) = db.execute("SELECT id FROM users").fetchone()
    return speeds.get_level(db, user_id, "hi-lo")


def count_checkpoints(client: Any, csrf: Any, db: Any, speed: str, rights: list[bool]) -> None:
    """Deal running-count sessions at ``speed`` and answer their checkpoints right or wrong,
    as ``rights`` says, one session after another until every answer is given."""
    rights = list(rights)
    while rights:
        response = client.post(
            "/counting/sessions",
            data={"csrf_token": csrf(), "kind": "running", "speed": speed, "group": "1",
                  "cards": "12"},
        )  # fmt: skip
        assert response.status_code == 303, response.get_data(as_text=True)
        url = response.headers["Location"]
        session_id = url.rsplit("/", 1)[1]
        (spec,) = db.execute(
            "SELECT spec FROM counting_sessions WHERE id = ?", [session_id]
        ).fetchone()
        checkpoints = RUNNING.session_asks(RUNNING.read_session(spec), session_id)
        for index, asks in enumerate(checkpoints):
            if not rights:
                return
            right = rights.pop(0)
            data = {"csrf_token": csrf(), "checkpoint": str(index), "asked_at": "1"}
            for ask in asks:
                count = int(read_checkpoint(ask.notation).right)
                # A miss by one toward zero: a count the cards could have made.
                data[ask.field] = str(count if right else count - 1 if count > 0 else count + 1)
            assert client.post(f"{url}/answer", data=data, follow_redirects=True).status_code == 200


def test_the_level_rises_after_a_run_of_right_checkpoints_and_falls_after_a_miss(
    client: Any, csrf: Any, db: Any
) -> None:
    start = SpeedLevel()
    count_checkpoints(client, csrf, db, start.speed_text, [True] * RAISE_AFTER)
    assert level_of(db) == (start.level + 1, 0)
    raised = SpeedLevel(start.level + 1)
    count_checkpoints(client, csrf, db, raised.speed_text, [True, False])
    assert level_of(db) == (start.level, 0)
    page = client.get("/drills/running-count?system=hi-lo&convention=floor&resolution=half")
    text = page.get_data(as_text=True)
    assert f"Level <strong>{start.level} of {len(SPEED_LEVELS)}</strong>" in text
    assert f'name="speed" type="text" inputmode="decimal" value="{start.speed_text}"' in text


def test_a_session_at_another_speed_leaves_the_level(client: Any, csrf: Any, db: Any) -> None:
    count_checkpoints(client, csrf, db, "20", [True] * RAISE_AFTER + [False])
    assert level_of(db) is None


def test_the_level_is_set_by_hand(client: Any, csrf: Any, db: Any) -> None:
    response = client.post("/counting/speed", data={"csrf_token": csrf(), "level": "9",
                                                    "next": "/drills/running-count"})  # fmt: skip
    assert response.status_code == 303
    assert level_of(db) == (9, 0)


@pytest.mark.parametrize(
    ("level", "said"),
    [("0", "is 1 to 12, not 0"), ("13", "is 1 to 12, not 13"), ("-2", "whole number"),
     ("fast", "whole number"), ("1" * 30, "whole number")],
)  # fmt: skip
def test_a_level_out_of_range_is_refused_and_nothing_changes(
    client: Any, csrf: Any, db: Any, level: str, said: str
) -> None:
    client.post("/counting/speed", data={"csrf_token": csrf(), "level": "4"})
    response = client.post("/counting/speed", data={"csrf_token": csrf(), "level": level})
    assert response.status_code == 400
    assert said in response.get_data(as_text=True)
    assert level_of(db) == (4, 0)


def test_the_ladder_is_bounded() -> None:
    top = SpeedLevel(len(SPEED_LEVELS), RAISE_AFTER - 1)
    assert top.after(True) == SpeedLevel(len(SPEED_LEVELS), 0)
    assert SpeedLevel(1).after(False) == SpeedLevel(1, 0)
    assert list(SPEED_LEVELS) == sorted(SPEED_LEVELS)
