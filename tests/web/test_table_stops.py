"""Training mode stops the table only for a mistake worth stopping for: one costing at least
the learner's threshold (0.05 of a bet unless they set another), or one with no price (a
count check) unless they chose to play on; a cheaper mistake is shown and play goes on. A bad
threshold is a 400 naming its field."""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction
from typing import Any

import pytest

from drills.counting.notation import count_notation
from tests.web.test_table_pages import replayed
from tests.web.test_table_web import counts, sit, step_form
from trainer.store import tables

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")


def stored_steps(db: Any, url: str) -> list[tables.Step]:
    return tables.steps_of(db, url.rsplit("/", 1)[-1])


def first_bet_of_two_units(client: Any, url: str, hidden_fields: Any) -> Any:
    """Bet two units where the ramp bets one (the shoe's first bet, at a count of 0)."""
    kind, fields = step_form(client, url, hidden_fields)
    assert kind == "bet"
    return client.post(url + "/step", data={**fields, "units": "2"})


def bet_cost(db: Any) -> float:
    row = db.execute("SELECT correct, ev_cost FROM attempts WHERE drill = 'bet-sizing'").fetchone()
    assert row[0] == 0  # wrong: the ramp bets one unit at a count of 0
    return float(Fraction(row[1]))


def test_a_cheap_mistake_is_shown_and_play_goes_on(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, mode="training")
    response = first_bet_of_two_units(client, url, hidden_fields)
    assert response.status_code == 303
    assert 0 < bet_cost(db) < 0.05
    assert [s.state for s in stored_steps(db, url)] == ["played"]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Not quite" in page and "held-choice" not in page
    assert "keep it or take it back" not in page


def test_the_same_mistake_stops_the_table_under_a_lower_threshold(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, mode="training", stop_at="0")
    response = first_bet_of_two_units(client, url, hidden_fields)
    assert response.status_code == 303
    assert 0 < bet_cost(db) < 0.05
    assert [s.state for s in stored_steps(db, url)] == ["held"]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "held-choice" in page


def play_to_the_first_count_check(client: Any, url: str, hidden_fields: Any) -> dict[str, str]:
    """Bet one unit, decline insurance and stand until the table asks for the count (no
    priced mistake stops it: the threshold is the highest there is)."""
    for _ in range(100):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "count":
            return fields
        extra = {"bet": {"units": "1"}, "insurance": {"answer": "N"}}.get(kind, {"answer": "S"})
        assert client.post(url + "/step", data={**fields, **extra}).status_code == 303
    raise AssertionError("no count check came")


@pytest.mark.parametrize(("unpriced", "state"), [("stop", "held"), ("note", "played")])
def test_a_wrong_count_stops_the_table_or_not_as_the_learner_set(
    unpriced: str, state: str, client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, mode="training", unpriced=unpriced, stop_at="2")
    fields = play_to_the_first_count_check(client, url, hidden_fields)
    before = len(stored_steps(db, url))
    running = replayed(db, url)[0].count_at(replayed(db, url)[2]).running
    wrong = {**fields, "running": str(running - 1 if running > 0 else running + 1), "true": "0"}
    response = client.post(url + "/step", data=wrong)
    said = re.findall(r"field-error.*", response.get_data(as_text=True))
    assert response.status_code == 303, said
    steps = stored_steps(db, url)
    assert len(steps) == before + 1 and steps[-1].step.split(" ")[0] == "count"
    assert steps[-1].state == state
    if state == "held":  # taken back, the count is asked again
        page = client.get(url).get_data(as_text=True)
        assert "Keep my count" in page
        held = {**hidden_fields(page.split("held-choice")[1]), "choice": "back"}
        assert client.post(url + "/held", data=held).status_code == 303
        kind, fields = step_form(client, url, hidden_fields)
        assert kind == "count"
        given_again(client, url, db, fields)


def given_again(client: Any, url: str, db: Any, fields: dict[str, str]) -> None:
    """A count given again, right, after a wrong one taken back: the table keeps no attempt
    for it, so the replay grades it from the counts its step carries (it showed only "You
    gave the count."), and says the table graded the first count, not that it graded none."""
    spec, _, ask = replayed(db, url)
    count = spec.count_at(ask)
    true = count_notation(count.played_by(spec.rules.decks))
    right = {**fields, "running": count_notation(Fraction(count.running)), "true": true}
    assert client.post(url + "/step", data=right).status_code == 303
    played = [s for s in stored_steps(db, url) if s.state == "played"]
    replay = client.get(f"/replays/table/{url.rstrip('/').rsplit('/', 1)[1]}?step={len(played)}")
    text = re.sub(
        r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", replay.get_data(as_text=True)))
    )
    assert "You gave the count." not in text
    assert re.search(r"Running count: \S+, right", text), text
    # Said as the table's summary says it (a walk read "kept the grade of the choice you took
    # back" as that choice counting, where the summary says it cost nothing).
    # (Its words as a reader could follow them: "graded again here: the table recorded the
    # choice you took back, at no cost, and showed this one's grade without recording it" was
    # read twice over by a walk.)
    assert "(a choice made again: the table recorded the one you took back, at no cost;" in text
    assert "the table did not grade it" not in text


@pytest.mark.parametrize(
    ("field", "value"),
    [("stop_at", "-1"), ("stop_at", "3"), ("stop_at", "abc"), ("stop_at", "0.0001"),
     ("stop_at", "250%"), ("stop_at", "0.05%"), ("stop_at", "%"), ("unpriced", "maybe")],
)  # fmt: skip
def test_a_bad_threshold_is_a_400_that_names_its_field(
    field: str, value: str, client: Any, csrf: Any, db: Any
) -> None:
    from tests.web.test_table_web import SETUP

    response = client.post("/table/", data={**SETUP, field: value, "csrf_token": csrf()})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert f'id="{field}-error"' in page
    assert f'name="{field}"' in page.split(f'id="{field}-error"')[0].rsplit("<label", 1)[-1]
    assert counts(db) == (0, 0)


def test_a_wrong_count_check_is_one_mistake_in_the_learners_figures(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """A running count off by one makes the true count worked from it wrong too: one slip,
    stored as one wrong answer, and the progress page counts one answer, wrong."""
    url = sit(client, csrf, mode="training", unpriced="note", stop_at="2")
    fields = play_to_the_first_count_check(client, url, hidden_fields)
    running = replayed(db, url)[0].count_at(replayed(db, url)[2]).running
    wrong = {**fields, "running": str(running - 1 if running > 0 else running + 1), "true": "0"}
    answered = client.post(url + "/step", data=wrong)
    assert answered.status_code == 303
    # The verdict's line says the true count was left out (it said so in the details alone).
    page = html.unescape(client.get(answered.headers["Location"]).get_data(as_text=True))
    lines = re.findall(r'<p class="verdict-first"><strong>(.*?)</strong>', page)
    assert any(line.startswith("Running count") for line in lines), lines
    assert [line for line in lines if "True count" in line] == [
        next(line for line in lines if line.startswith("Running count"))
    ], lines
    assert lines[0].endswith("True count not graded."), lines
    rows = db.execute("SELECT question, correct FROM attempts WHERE drill = 'shoe-count'")
    assert [(question[:3], correct) for question, correct in rows.fetchall()] == [("rc ", 0)]
    progress = re.sub(r"<[^>]+>", " ", client.get("/progress").get_data(as_text=True))
    assert re.search(r"Counting through a shoe\s+1\s+0%", progress)


@pytest.mark.parametrize(("typed", "bets"), [("5%", "0.05"), ("12.5 %", "0.125"), ("200%", "2")])
def test_a_threshold_in_percent_of_a_bet_is_taken(
    typed: str, bets: str, client: Any, csrf: Any, db: Any
) -> None:
    # "5%" was refused as "a number of bets ... such as 0.05" where the risk of ruin takes it
    # (a walk): a share of a bet, the same threshold.
    from tests.web.test_table_web import SETUP

    response = client.post("/table/", data={**SETUP, "stop_at": typed, "csrf_token": csrf()})
    assert response.status_code in (202, 303), response.get_data(as_text=True)[:300]
    (setup,) = [row["setup"] for row in db["table_sessions"].rows]
    assert Fraction(json.loads(setup)["stop_at"]) == Fraction(bets)
