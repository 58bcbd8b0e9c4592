"""The deviations drill through the answer road, and a count study worked out off the request:
the page shows the job's progress (htmx polls it, a plain page refreshes itself) and goes on to
the drill once the study is there; a bad choice of cells is a 400 beside its field."""

from __future__ import annotations

import html
import re
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from drills.deviations import work_out
from tests.conftest import app_config, sealed
from trainer.engine.counting import find_system
from trainer.engine.indices import cached_study
from trainer.engine.rulebook.rules import Rules
from trainer.store import open_db
from trainer.web.jobs import run_queued

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

# 004's other reading, the punters' cards and the banker's first card face up: a count study of
# seconds (004 as its text deals it shows no banker card, and has none: see the end).
FACE_UP = "russian-bank banker_best=false deal_faces=casino"
ACTION_RE = re.compile(r'<form class="question[^"]*" method="post"\s+action="([^"]*)"')


def test_an_answer_is_graded_by_the_index_and_stored(
    client: Any, db: Any, hidden_fields: Any
) -> None:
    page = client.get("/drills/deviations", follow_redirects=True)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    form = hidden_fields(text)
    assert form["question"].startswith("hi-lo ")
    action = html.unescape(ACTION_RE.search(text).group(1))
    assert "cells=i18" in action and "system=hi-lo" in action
    answer = "N" if " insurance " in form["question"] else "H"
    response = client.post(action, data={**form, "answer": answer}, follow_redirects=True)
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert "The EV of each play at this count" in body
    stored = list(db["attempts"].rows)
    assert [(a["drill"], a["question"], a["answer"]) for a in stored] == [
        ("deviations", form["question"], answer)
    ]


def test_a_bad_choice_of_cells_is_a_400_beside_its_field(client: Any, db: Any) -> None:
    url = "/drills/deviations?system=hi-lo&convention=floor&resolution=half"
    response = client.get(url + "&cells=range&low=5&high=2")
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert 'id="low-error"' in text and "is above the highest" in text
    assert 'name="low" value="5"' in text and 'aria-invalid="true"' in text
    assert client.get(url + "&cells=range&low=-40&high=2").status_code == 400
    assert client.get(url + "&cells=range&low=-31&high=31").status_code == 400
    arabic = client.get(url + "&cells=range&low=-%D9%A3&high=2")  # an Arabic-Indic 3
    assert arabic.status_code == 400 and 'id="low-error"' in arabic.get_data(as_text=True)
    assert db["attempts"].count == 0


@pytest.mark.serial  # times the request
def test_a_study_not_worked_out_is_computed_off_the_request_with_progress(
    tmp_path: Path, strategy_charts: None
) -> None:
    from trainer import create_app

    # An empty cache: nothing worked out; the job waits in the queue (no inline run).
    app = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(tmp_path), JOBS_INLINE=False))
    client = app.test_client()
    with client.session_transaction() as session:
        session["rules"] = FACE_UP  # a study that takes seconds, not tens of them
    url = "/drills/deviations?system=hi-lo&convention=floor&resolution=half"
    started = time.monotonic()
    first = client.get(url)
    assert time.monotonic() - started < 5  # the request does not wait for the study
    assert first.status_code == 202
    text = first.get_data(as_text=True)
    assert "Working out the indices" in text and "<progress" in text
    assert '<noscript><meta http-equiv="refresh"' in text  # without JavaScript it refreshes
    assert "/count-jobs/progress?" in text  # with it, htmx polls
    assert client.get(url).status_code == 202  # asked again: the same job, not another
    db = open_db(app.config["DATABASE"])
    assert [row["kind"] for row in db["jobs"].rows] == ["count-study"]
    worker = threading.Thread(target=run_queued, args=(app,))  # the job workers, here
    worker.start()
    rules = quote(FACE_UP)
    poll = f"/count-jobs/progress?rules={rules}&system=hi-lo&next=" + url.replace("&", "%26")
    deadline = time.monotonic() + 120
    while (polled := client.get(poll, headers={"HX-Request": "true"})).status_code == 202:
        assert time.monotonic() < deadline, polled.get_data(as_text=True)
        time.sleep(0.5)
    assert polled.status_code == 200 and polled.headers["HX-Redirect"] == url
    # The workers done before the drill is asked again: else they may take the figures' job
    # it queues (a run under load saw it done, not queued).
    worker.join(timeout=30)
    with app.test_request_context():
        found = cached_study(Rules.parse(FACE_UP), find_system("hi-lo"), cache_dir=tmp_path)
    assert found is not None and found.indices.plays
    assert client.get(url).status_code == 200  # the drill asks at once now
    # The study's job done; the question now asked has its figures asked for ahead.
    jobs = [(row["kind"], row["state"]) for row in db["jobs"].rows]
    assert jobs == [("count-study", "done"), ("figures", "queued")]


def test_the_progress_page_refuses_what_it_cannot_read(client: Any) -> None:
    assert client.get("/count-jobs/progress?rules=nope&system=hi-lo").status_code == 400
    assert client.get("/count-jobs/progress?rules=russian-bank&system=nope").status_code == 400
    moved = client.get("/count-jobs/progress?rules=vegas-6d-s17&system=hi-lo&next=//evil.example")
    assert moved.status_code == 303 and moved.headers["Location"] == "/"


def test_past_the_limit_of_new_work_a_pending_study_is_a_429(
    tmp_path: Path, strategy_charts: None
) -> None:
    from trainer import create_app

    config = app_config(tmp_path, STRATEGY_CACHE_DIR=str(tmp_path), EXPENSIVE_WORK_PER_WINDOW=0)
    client = create_app(config).test_client()
    with client.session_transaction() as session:
        session["rules"] = FACE_UP + " decks=3"  # studied nowhere else in the suite
    response = client.get("/drills/bet-sizing?system=hi-lo&convention=floor&resolution=half")
    assert response.status_code == 429 and "Retry-After" in response.headers
    assert open_db(config["DATABASE"])["jobs"].count == 0  # no job started


def test_a_missed_deviation_shows_its_plays_in_words_on_the_mistakes_page(
    client: Any, hidden_fields: Any
) -> None:
    text = client.get("/drills/deviations", follow_redirects=True).get_data(as_text=True)
    form = hidden_fields(text)
    action = html.unescape(ACTION_RE.search(text).group(1))
    worked = work_out(form["question"], Rules.parse(form["rules"]))
    wrong = next(key for key in sorted(worked.legal) if key != worked.right)
    assert (
        client.post(action, data={**form, "answer": wrong}, follow_redirects=True).status_code
        == 200
    )
    mistakes = client.get("/mistakes").get_data(as_text=True)
    words = {"H": "hit", "S": "stand", "D": "double", "P": "split", "R": "surrender"}
    words |= {"I": "take insurance", "N": "decline insurance"}
    assert f"You said <strong>{words[wrong]}</strong>" in mistakes


@pytest.mark.parametrize("slug", ["deviations", "bet-sizing"])
def test_at_004_dealt_face_down_the_count_drills_say_plainly_they_do_not_apply(
    client: Any, db: Any, slug: str
) -> None:
    """Issue 27: under 004 as its text deals it, Deviations showed "Dealer shows 9" and the
    count study of a game with an up card. The page says why nothing is asked and offers the
    drills that practise this game; no study is started."""
    with client.session_transaction() as session:
        session["rules"] = "russian-bank"
    response = client.get(f"/drills/{slug}?system=hi-lo&convention=floor&resolution=half")
    assert response.status_code == 200
    text = html.unescape(response.get_data(as_text=True))
    assert "not for this game" in text and "the banker shows no card" in text
    assert "Dealer shows" not in text and "up card" not in text
    assert 'name="question"' not in text
    for offered in ("/drills/basic-strategy", "/drills/punter-stake", "/drills/table-play"):
        assert f'href="{offered}"' in text
    assert 'href="/drills/deviations"' not in text and 'href="/table/"' in text
    assert db["jobs"].count == 0 and db["attempts"].count == 0


def test_at_004_dealt_face_down_a_deviation_answer_is_a_400_saying_why(
    client: Any, db: Any, hidden_fields: Any
) -> None:
    page = client.get("/drills/deviations?system=hi-lo&convention=floor&resolution=half")
    form = hidden_fields(page.get_data(as_text=True))
    action = html.unescape(ACTION_RE.search(page.get_data(as_text=True)).group(1))
    sent = {**form, "rules": "russian-bank", "question": "hi-lo TS 6H v 9H tc +1", "answer": "H"}
    sent = sealed(sent, "deviations")
    response = client.post(action, data=sent, follow_redirects=True)
    assert response.status_code == 400
    assert "the banker shows no card" in html.unescape(response.get_data(as_text=True))
    assert db["attempts"].count == 0


@pytest.mark.parametrize(
    "url",
    [
        "/indices?rules=russian-bank&system=hi-lo",
        "/risk?source=game&rules=russian-bank&system=hi-lo&ramp=1@-99,4@2&bankroll=400",
    ],
)
def test_at_004_dealt_face_down_the_counts_worth_pages_say_it_is_not_worked_out(
    client: Any, db: Any, url: str
) -> None:
    response = client.get(url)
    assert response.status_code == 200
    text = html.unescape(response.get_data(as_text=True))
    assert "What the count is worth: not for this game" in text
    assert "the banker shows no card" in text and 'href="/drills/basic-strategy"' in text
    assert db["jobs"].count == 0  # no study of a game it does not describe


def test_a_cut_card_too_shallow_for_a_study_is_refused_naming_the_least(
    client: Any, db: Any
) -> None:
    # The index chart at a cut card of 20% took the study on, then "failed; it will be tried
    # again" every time: no shoe at that depth holds a true count of -10 (a walk).
    response = client.get("/indices?rules=vegas-6d-s17%20penetration%3D0.2")
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    assert "With the cut card this shallow (20% of the shoe dealt)" in text
    assert "deal at least 35% of it." in text
    assert db["jobs"].count == 0
