"""Pace and distraction at the table: chosen from bounded lists at the set-up (anything else a
400), written on the table's page for its script with a note for a browser without one, and
the learner's accuracy at each kept apart on the progress page."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.test_table_web import SETUP, answer, post_step, sit, step_form

pytestmark = pytest.mark.usefixtures("count_studies")


@pytest.mark.parametrize(
    "changes",
    [{"pace": "100"}, {"pace": "-1"}, {"pace": "9999999"}, {"distraction": "loud"}],
)
def test_a_pace_or_distraction_off_the_lists_is_refused(
    client: Any, csrf: Any, db: Any, changes: dict[str, str]
) -> None:
    response = client.post("/table/", data={**SETUP, **changes, "csrf_token": csrf()})
    assert response.status_code == 400
    assert db["table_sessions"].count == 0


def test_the_page_carries_the_pace_and_the_talk_for_its_script(
    client: Any, csrf: Any, db: Any
) -> None:
    url = sit(client, csrf, pace="900", distraction="busy")
    (row,) = db["table_sessions"].rows
    assert json.loads(row["setup"])["pace"] == 900
    page = client.get(url).get_data(as_text=True)
    assert 'data-pace="900"' in page and 'data-distraction="busy"' in page
    assert "table_pace.js" in page and 'id="table-no-pace"' in page
    assert "asks you" in page  # the other players' questions among the lines
    # The count is never written on the page (only asked for at a count check).
    assert "Running count" not in page.split("step-heading")[0]


def test_a_table_without_them_has_no_script_for_them(client: Any, csrf: Any) -> None:
    page = client.get(sit(client, csrf)).get_data(as_text=True)
    assert "table_pace.js" not in page and "data-pace" not in page


def test_the_progress_page_keeps_each_condition_apart(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    for pace, distraction in (("0", "none"), ("500", "talk")):
        url = sit(client, csrf, pace=pace, distraction=distraction)
        kind, fields = step_form(client, url, hidden_fields)
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    page = client.get("/progress").get_data(as_text=True)
    section = page.split('id="conditions-heading"')[1].split("</section>")[0]
    assert "Fast: half a second a card" in section and "Table talk" in section
    assert "Step by step (no pace)" in section
