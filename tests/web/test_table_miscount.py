"""The table's summary prices its count errors: each wrong running count, what it would have
done to the learner's bets and index plays until the next count check and to the end of the
shoe (drills/counting/miscount.py)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from drills.count_study import StudyPendingError
from drills.counting.notation import format_count
from drills.table_session import TableSpec
from tests.web.test_table_tray import right_counts
from tests.web.test_table_web import SETUP, answer, post_step, sit, step_form
from trainer.engine.rulebook.rules import find_preset

pytestmark = pytest.mark.usefixtures("count_studies")


def play_out(client: Any, url: str, hidden_fields: Any, running: str) -> str:
    """Every step answered (each count as ``running``), to the shoe's end; the summary."""
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over" and "Sit at another table" in client.get(url).get_data(as_text=True):
            return str(client.get(url).get_data(as_text=True))
        data = answer(kind, fields)
        if kind == "count":
            data["running"] = running
        post_step(client, url, data)
    pytest.fail("the shoe never ended")


@pytest.mark.long
def test_a_table_counted_as_zero_prices_its_count_errors(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    client.application.config["RNG_SEED"] = 3  # one shoe every run (it failed once unpinned)
    url = sit(client, csrf)
    page = play_out(client, url, hidden_fields, running="0")
    assert "What your count errors would cost" in page
    # Each priced, in full or, where it changed nothing to the shuffle, in a few words.
    prices = re.findall(
        r"a count off by ([^, ]+)(?:, until the next checkpoint| would have changed no bet)", page
    )
    assert prices and all(off != "0" for off in prices)
    total = re.search(r"would have given up ([0-9.,]+|nothing) in expectation", page)
    assert total is not None


@pytest.mark.long
def test_a_summary_whose_study_is_gone_says_its_price_is_coming_and_asks_for_it(
    client: Any, csrf: Any, hidden_fields: Any, monkeypatch: Any
) -> None:
    # The count study there when the table sat down, gone by the shoe's end (a cache cleared):
    # the summary says the price is being worked out, not nothing, and asks for the study.
    url = sit(client, csrf, graded=["strategy", "counts"])

    def gone(rules: Any, system: Any, **_options: Any) -> None:
        raise StudyPendingError(rules, system)

    asked: list[str] = []
    monkeypatch.setattr("drills.counting.miscount.study_for", gone)
    monkeypatch.setattr(
        "trainer.web.table_view.study_or_start",
        lambda rules, system: (asked.append(f"{rules.notation()} {system.slug}"), (None, None))[1],
    )
    page = play_out(client, url, hidden_fields, running="0")
    assert "What your count errors would cost" in page
    assert "still being worked out" in page and "would have given up" not in page
    assert asked and set(asked) == {"vegas-6d-s17 hi-lo"}


@pytest.mark.parametrize(
    ("changes", "needed"),
    [
        ({"graded": ["strategy", "counts"]}, True),  # the summary prices a wrong count with it
        ({"graded": ["strategy", "insurance"]}, False),
    ],
)
def test_a_table_whose_count_is_checked_waits_for_its_study_at_sitting_down(
    client: Any, csrf: Any, monkeypatch: Any, changes: dict[str, Any], needed: bool
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(
        "trainer.web.views.table.study_or_start",
        lambda rules, system: (asked.append(rules.notation()), (None, None))[1],
    )
    response = client.post("/table/", data={**SETUP, **changes, "csrf_token": csrf()})
    assert response.status_code == (202 if needed else 303), response.get_data(as_text=True)[:2000]
    assert bool(asked) == needed


def test_no_study_is_needed_for_the_count_at_004_dealt_face_down() -> None:
    form = {**SETUP, "graded": ["counts"]}
    assert TableSpec.from_form(find_preset("vegas-6d-s17"), form).needs_study
    # No banker card is shown: no count study describes the game, nor prices its count.
    face_down = find_preset("russian-bank")
    assert face_down.deal_faces == "all-down"
    assert not TableSpec.from_form(face_down, form).needs_study


@pytest.mark.long
def test_a_count_taken_back_is_not_priced(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # The first count check answered 5 off, taken back and answered right; every other count
    # right: the summary lists the slip as taken back (it cost nothing) and prices no count.
    client.application.config["RNG_SEED"] = 7  # the same shoe on every run (a random one once
    # answered a step 400, in a parallel run)
    url = sit(client, csrf, graded=["counts"], mode="training")
    taken_back = False
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        page = client.get(url).get_data(as_text=True)
        if kind == "over" and "Sit at another table" in page:
            break
        data = answer(kind, fields)
        if kind == "count":
            rc, tc = right_counts(db, url)[2:]
            off = 0 if taken_back else 5
            data.update(running=format_count(rc + off), true=format_count(tc))
        assert post_step(client, url, data).status_code == 200
        if kind == "count" and not taken_back:
            held = client.get(url).get_data(as_text=True)
            at = re.search(
                r'form class="table-keys held-choice".*?name="at" value="(\d+)"', held, re.S
            )
            assert at, held[-3000:]
            back = {**hidden_fields(held.split("held-choice")[1]), "at": at[1], "choice": "back"}
            assert client.post(url + "/held", data=back).status_code == 303
            taken_back = True
    else:
        pytest.fail("the shoe never ended")
    assert taken_back and "you took it back (it cost nothing)" in page
    assert "a count off by" not in page and "What your count errors would cost" not in page
    # The mistakes page files the slip under the shoe's count drill, whose question it is: it
    # says it was made at the table (a walk found it under a drill never opened).
    mistakes = html.unescape(client.get("/mistakes").get_data(as_text=True))
    assert "<strong>Counting through a shoe</strong> · at the table" in mistakes
