"""A deviation's answer on a server that has not worked out its figures (each play's EV at the
question's count: seconds of CPU in a cold process) never works them out in the request: the
answer is kept, a job works them out, and the waiting page goes on to the verdict once they
are there; the answer is stored once.

The EVs are refused in this process (``evs_as_read`` raises) except while the test runs the
queue, as a job worker would; the figures are kept under a cache version of this test's own,
so that no earlier test's figures are found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from drills import deviation_figures, deviations
from tests.conftest import app_config
from trainer.engine.cache import ResultCache
from trainer.store import open_db, users

CSRF = "test-csrf-token-0123456789"
WAITING = re.compile(r"^/drills/deviations/waiting/([A-Za-z0-9_-]+)\?")
VERDICT = re.compile(r"^/drills/deviations/answered/(\d+)\?[^#]*#feedback$")


def _refused(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("a deviation's EVs were worked out in the request")


def _refuse(monkeypatch: pytest.MonkeyPatch) -> None:
    """The EVs refused, and nothing in memory: what a request finds, it reads from disk."""
    for name in ("evs_as_read", "insurance_as_read"):
        monkeypatch.setattr(deviation_figures, name, _refused)
    monkeypatch.setattr(deviations, "action_evs", _refused)
    deviation_figures.CACHE.clear_memory()
    deviations.work_out.cache_clear()


def _own_cache(version: str) -> ResultCache[deviation_figures.Figures]:
    """The figures' cache under a version of the test's own: none of its keys found before."""
    return ResultCache(
        "strategy-cache",
        version,
        encode=deviation_figures._encode,
        env_var="TRAINER_CACHE_DIR",
        memory_limit=64,
        prefix="deviation-",
        beside=deviation_figures.CHARTS,
    )


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count_studies: None) -> Iterator[Any]:
    """The app reading the run's charts and count studies, its jobs left queued (no inline
    run), its figures kept under this test's own version."""
    from trainer import create_app

    monkeypatch.setattr(deviation_figures, "CACHE", _own_cache(f"test-{tmp_path.name}"))
    deviations.work_out.cache_clear()
    yield create_app(app_config(tmp_path, JOBS_INLINE=False))
    deviations.work_out.cache_clear()


def _learner(app: Any) -> Any:
    client = app.test_client()
    guest = users.create_guest(open_db(app.config["DATABASE"]))
    with client.session_transaction() as session:
        session.update(uid=guest.id, gen=0, _csrf=CSRF)
    return client


def _count(app: Any, table: str) -> int:
    return int(open_db(app.config["DATABASE"])[table].count)


def _question(client: Any, hidden_fields: Any) -> tuple[str, dict[str, str]]:
    page = client.get("/drills/deviations", follow_redirects=True)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    action = re.search(r'<form class="question[^"]*" method="post"\s+action="([^"]*)"', text)
    assert action is not None
    form = hidden_fields(text)
    answer = "N" if " insurance " in form["question"] else "S"
    return action[1].replace("&amp;", "&"), {**form, "answer": answer, "csrf_token": CSRF}


def test_an_answer_waits_for_its_figures_then_is_stored_once(
    app: Any, hidden_fields: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from trainer.web.jobs import run_queued

    client = _learner(app)
    with monkeypatch.context() as refusing:
        _refuse(refusing)
        action, form = _question(client, hidden_fields)
        # Its time changed by hand: not the page's seal, so not kept to wait (nor stored).
        forged = client.post(action, data={**form, "asked_at": "1"})
        assert forged.status_code == 400 and _count(app, "attempts") == 0
        assert client.get(f"/drills/deviations/waiting/{form['token']}").status_code == 404
        sent = client.post(action, data=form)
        assert sent.status_code == 303, sent.get_data(as_text=True)[-2000:]
        waiting = sent.headers["Location"]
        found = WAITING.match(waiting)
        assert found is not None and found[1] == form["token"], waiting
        assert _count(app, "attempts") == 0  # kept, not stored: its grade needs the figures
        assert _count(app, "jobs") == 1
        page = client.get(waiting)
        text = page.get_data(as_text=True)
        assert page.status_code == 202 and "Your answer is kept" in text
        assert 'http-equiv="refresh" content="1; url=' in text and 'name="question"' not in text
        assert page.headers["Retry-After"] == "1"  # a figures job takes a second or less
        swapped = client.get(waiting, headers={"HX-Request": "true"})
        assert swapped.status_code == 202 and "<html" not in swapped.get_data(as_text=True)
        assert "hx-get=" in swapped.get_data(as_text=True)
        again = client.post(action, data=form)  # the form sent again while it waits
        assert again.status_code == 303 and again.headers["Location"] == waiting
        assert _count(app, "attempts") == 0 and _count(app, "jobs") == 1
        other = _learner(app)
        assert other.get(waiting).status_code == 404  # kept in this learner's session alone

    assert run_queued(app) == 1  # as a job worker: the figures worked out, onto disk

    with monkeypatch.context() as refusing:
        _refuse(refusing)
        ready = client.get(waiting)
        assert ready.status_code == 303
        verdict = ready.headers["Location"]
        assert VERDICT.match(verdict) is not None, verdict
        assert _count(app, "attempts") == 1
        shown = client.get(verdict)
        text = shown.get_data(as_text=True)
        assert shown.status_code == 200 and "data-verdict=" in text
        assert "counted once" not in text
        for _ in range(2):  # the waiting page reloaded, or come back to: on to the verdict
            later = client.get(waiting)
            assert later.status_code == 303 and later.headers["Location"] == verdict
        assert client.get(verdict).status_code == 200
        assert _count(app, "attempts") == 1
        resent = client.post(action, data=form)  # the form sent once more: counted once
        assert resent.status_code == 303 and "again=1" in resent.headers["Location"]
        assert _count(app, "attempts") == 1
        fresh_action, fresh = _question(client, hidden_fields)
        assert fresh["question"]  # the next question asks without working anything out
        # The figures gone from the cache since (a new version of it): the verdict's page
        # waits for them again rather than work them out.
        refusing.setattr(deviation_figures, "CACHE", _own_cache(f"{tmp_path.name}-again"))
        deviations.work_out.cache_clear()
        gone = client.get(verdict)
        assert gone.status_code == 202 and "Your answer is kept" in gone.get_data(as_text=True)
        assert verdict.split("#")[0] in gone.get_data(as_text=True).replace("&amp;", "&")
        assert _count(app, "attempts") == 1


def test_a_waiting_address_never_kept_is_a_404(app: Any) -> None:
    client = _learner(app)
    assert client.get("/drills/deviations/waiting/never-kept-token-0123").status_code == 404
    assert client.get("/drills/deviations/waiting/bad!token").status_code == 404


def test_an_answer_is_kept_even_past_the_limits_on_jobs(
    app: Any, hidden_fields: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no room for a job (the server's queue full), the answer is not refused: it waits,
    kept, and its page asks again on each load."""
    client = _learner(app)
    with monkeypatch.context() as refusing:
        _refuse(refusing)
        action, form = _question(client, hidden_fields)
        assert _count(app, "jobs") == 1  # the question's figures asked for ahead of the answer
        db = open_db(app.config["DATABASE"])
        with db.conn:
            db.execute("DELETE FROM jobs")  # gone, and no room for another:
        app.config["JOBS_QUEUED_AT_MOST"] = 0
        sent = client.post(action, data=form)
        assert sent.status_code == 303 and WAITING.match(sent.headers["Location"])
        page = client.get(sent.headers["Location"])
        assert page.status_code == 202 and "Your answer is kept" in page.get_data(as_text=True)
        assert _count(app, "attempts") == 0 and _count(app, "jobs") == 0


def _broken_job(monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """The figures' job made to end without them: raising, or (a cache it cannot write to)
    done with nothing kept."""
    if how == "raises":

        def broken(*args: Any, **kwargs: Any) -> Any:
            raise ValueError("the shoe at this count could not be solved")

        monkeypatch.setattr(deviations, "work_out", broken)
    else:
        monkeypatch.setattr(deviation_figures.CACHE, "_write", lambda *args: None)


@pytest.mark.parametrize("how", ["raises", "writes nothing"])
def test_a_failed_figures_job_is_told_and_tried_again_keeping_the_answer(
    app: Any, hidden_fields: Any, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    from trainer.web.jobs import run_queued

    client = _learner(app)
    with monkeypatch.context() as refusing:
        _refuse(refusing)
        action, form = _question(client, hidden_fields)
        waiting = client.post(action, data=form).headers["Location"]
        assert WAITING.match(waiting)
    with monkeypatch.context() as breaking:
        _broken_job(breaking, how)
        assert run_queued(app) == 1
    assert _count(app, "jobs") == 1
    with monkeypatch.context() as refusing:
        _refuse(refusing)
        for headers in ({}, {}, {"HX-Request": "true"}):  # reloaded: it stops asking
            page = client.get(waiting, headers=headers)
            text = page.get_data(as_text=True)
            assert page.status_code == 200, text[-2000:]
            assert "Working out the figures of your answer failed." in text
            assert "Your answer is kept." not in text and "hx-get=" not in text
            assert 'http-equiv="refresh"' not in text
            assert 'href="/drills/running-count"' in text  # something to practise meanwhile
            assert (("<html" in text) == (not headers)) and "Traceback" not in text
        assert _count(app, "jobs") == 1 and _count(app, "attempts") == 0  # nothing asked again
        again = re.search(r'<form method="post" action="([^"]+)"', text)
        assert again is not None and again[1] == "/drills/deviations/figures-again"
        fields = hidden_fields(text)
        assert fields["token"] == form["token"] and fields["next"] == waiting
        assert fields.pop("csrf_token") == CSRF
        assert client.post(again[1], data=fields).status_code == 403  # no CSRF token: refused
        sent = client.post(again[1], data={**fields, "csrf_token": CSRF})
        assert sent.status_code == 303 and sent.headers["Location"] == waiting
        assert _count(app, "jobs") == 2  # asked for again, the answer still kept
        page = client.get(waiting)
        assert page.status_code == 202 and "Your answer is kept." in page.get_data(as_text=True)
    assert run_queued(app) == 1  # this time it works the figures out
    with monkeypatch.context() as refusing:
        _refuse(refusing)
        ready = client.get(waiting)
        assert ready.status_code == 303 and VERDICT.match(ready.headers["Location"])
        assert _count(app, "attempts") == 1


def test_asking_again_for_no_answer_is_a_400_and_for_anothers_a_404(app: Any) -> None:
    client = _learner(app)
    sent = client.post("/drills/deviations/figures-again", data={"csrf_token": CSRF})
    assert sent.status_code == 400 and "the form names no answer" in sent.get_data(as_text=True)
    for fields in ({"token": "never-kept-token-0123"}, {"attempt": "1"}, {"token": "bad!"}):
        sent = client.post("/drills/deviations/figures-again", data={**fields, "csrf_token": CSRF})
        assert sent.status_code == 404, fields


def test_a_stored_answers_figures_failing_again_are_told_on_its_verdicts_page(
    app: Any, hidden_fields: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from trainer.web.jobs import run_queued

    client = _learner(app)
    with monkeypatch.context() as refusing:
        _refuse(refusing)
        action, form = _question(client, hidden_fields)
        waiting = client.post(action, data=form).headers["Location"]
    run_queued(app)
    with monkeypatch.context() as refusing:
        _refuse(refusing)
        verdict = client.get(waiting).headers["Location"]
        assert VERDICT.match(verdict) is not None
    # The figures gone from the cache since, and the job working them out again fails.
    monkeypatch.setattr(deviation_figures, "CACHE", _own_cache(f"{tmp_path.name}-gone"))
    with monkeypatch.context() as refusing:
        _refuse(refusing)
        assert client.get(verdict).status_code == 202
    with monkeypatch.context() as breaking:
        _broken_job(breaking, "raises")
        assert run_queued(app) == 1
    with monkeypatch.context() as refusing:
        _refuse(refusing)
        page = client.get(verdict)
        text = page.get_data(as_text=True)
        assert page.status_code == 200 and "Working out the figures of your answer failed." in text
        fields = hidden_fields(text)
        attempt = VERDICT.match(verdict)
        assert attempt is not None and fields["attempt"] == attempt[1]
        jobs_before = _count(app, "jobs")
        sent = client.post("/drills/deviations/figures-again", data=fields)
        assert sent.status_code == 303 and sent.headers["Location"] == verdict.split("#")[0]
        assert _count(app, "jobs") == jobs_before + 1
        assert client.get(verdict).status_code == 202  # waiting again
        other = _learner(app)  # another learner cannot ask for it
        assert other.post("/drills/deviations/figures-again", data=fields).status_code == 404
