"""What a table grades unless the learner chooses: what their path has taught them (a walk: a
newcomer's first table asked for the count every round and graded their bets by a Kelly
ramp). Each check is ticked once the learner is past the step that teaches it; a learner who
has not said where they start gets every check, as before; the learner can tick the rest."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from drills import path as steps
from tests.web.test_table_web import answer, post_step, sit, step_form

_TICKED = re.compile(r'<input type="checkbox" name="graded" value="([a-z]+)" checked>')
_HINT = "Ticked: basic strategy and what else your path has taught you so far."
EVERY_CHECK = {"strategy", "insurance", "counts", "deviations", "bets"}


def ticked(client: Any, query: str = "") -> tuple[set[str], str]:
    page = client.get("/table/" + query).get_data(as_text=True)
    return set(_TICKED.findall(page)), page


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        ("new", {"strategy", "insurance"}),  # basic strategy is what a table is for
        ("basic", {"strategy", "insurance"}),
        ("counts", {"strategy", "insurance", "counts"}),  # deviations and bets still ahead
        ("deals", {"strategy", "insurance"}),  # a dealer skips the player's steps: not learnt
    ],
)
def test_a_tables_checks_are_what_the_learners_start_has_taught(
    client: Any, csrf: Any, start: str, expected: set[str]
) -> None:
    assert client.post("/path/start", data={"start": start, "csrf_token": csrf()}).status_code
    found, page = ticked(client)
    assert found == expected
    assert (_HINT in page) == (found != EVERY_CHECK)


def test_a_learner_who_has_not_said_where_they_start_gets_every_check(client: Any) -> None:
    found, page = ticked(client)
    assert found == EVERY_CHECK and _HINT not in page


def test_a_step_the_placement_showed_known_ticks_its_check(client: Any, csrf: Any) -> None:
    """Steps the placement check showed the learner knows are passed as a start's skips are;
    past every step, every check."""
    client.post("/path/start", data={"start": "basic", "csrf_token": csrf()})
    with client.session_transaction() as kept:
        kept["path"] = {**kept["path"], "known": "payouts running true deviations"}
    found, _ = ticked(client)
    assert found == {"strategy", "insurance", "counts", "deviations"}
    assert steps.table_checks(frozenset(s.key for s in steps.STEPS)) == list(steps.TABLE_CHECKS)


def test_a_table_sat_with_the_ticked_checks_grades_only_those(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """A newcomer's table set up as drawn grades their plays, not the count or their bets."""
    client.post("/path/start", data={"start": "new", "csrf_token": csrf()})
    found, _ = ticked(client)
    url = sit(client, csrf, mode="training", graded=sorted(found))
    (setup,) = db.execute("SELECT setup FROM table_sessions").fetchone()
    assert json.loads(setup)["graded"] == ["insurance", "strategy"]
    kinds = []
    for _ in range(60):  # some rounds: plays asked, no count (a graded table asks it each round)
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over":
            break
        kinds.append(kind)
        post_step(client, url, answer(kind, fields))
    assert "play" in kinds and "count" not in kinds, kinds


def test_a_newcomers_set_up_folds_the_counts_settings_away(client: Any, csrf: Any) -> None:
    """The count's and the pace's settings folded behind "The count, pace and distraction"
    and no Kelly ramp for a learner whose path has not reached counting; open for one who
    has not said where they start, as before."""
    _, before = ticked(client)
    client.post("/path/start", data={"start": "new", "csrf_token": csrf()})
    _, newcomer = ticked(client)
    folded = re.search(r'<details class="setup-more">.*?</details>', newcomer, re.S)
    assert folded is not None and "The count, pace and distraction" in folded.group(0)
    assert 'name="system"' in folded.group(0) and 'name="pace"' in folded.group(0)
    assert "Kelly ramp" not in newcomer and "Table limits:" in newcomer
    assert "setup-more" not in before and "Kelly ramp" in before
