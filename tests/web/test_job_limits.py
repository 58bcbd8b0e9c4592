"""A visitor cannot make the server work for more than the bound: a chart for new rules is a job
(its progress page), never seconds of the request; a visitor without the session cookie starts
none (the page that would wait on it sets the cookie and reloads itself); past a learner's or
the server's share of jobs a 429 says when to retry."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config
from trainer.store import jobs, open_db

TABLE = {
    "others": "2",
    "boxes": "1",
    "bankroll": "500",
    "unit": "5",
    "system": "hi-lo",
    "convention": "floor",
    "resolution": "half",
    "graded": ["strategy"],
    "mode": "test",
}
# No preset plays these: never cached. One rule set per request, so each asks for a new chart.
NEW = [f"vegas-6d-s17 decks={decks} double_after_split=false" for decks in (3, 5, 7)]


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The app with an empty chart cache, its jobs left queued (no inline run, no pool), and
    no chart ever worked out in this process."""
    from trainer import create_app
    from trainer.engine.strategy import cache

    monkeypatch.setenv("TRAINER_CACHE_DIR", str(tmp_path / "charts"))
    monkeypatch.setattr(cache.CACHE, "_memory", {})

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a chart was worked out in the request")

    monkeypatch.setattr(cache, "compute_chart", refused)
    monkeypatch.setattr("trainer.engine.play.table._chart_of", refused)
    return create_app(
        app_config(
            tmp_path,
            STRATEGY_CACHE_DIR=str(tmp_path / "charts"),
            PENETRATION_CACHE_DIR=str(tmp_path / "penetration"),
            JOBS_INLINE=False,
        )
    )


def _jobs(app: Any) -> list[dict[str, Any]]:
    return list(open_db(app.config["DATABASE"])["jobs"].rows)


def test_a_table_and_a_shoe_for_new_rules_wait_on_a_chart_job(
    app: Any, client: Any, csrf: Any
) -> None:
    table = client.post("/table/", data={**TABLE, "rules": NEW[0], "csrf_token": csrf()})
    assert table.status_code == 202
    page = table.get_data(as_text=True)
    assert "Working out the strategy chart" in page and "/chart-jobs/progress?" in page
    assert '<noscript><meta http-equiv="refresh"' in page and "/table/" in page
    shoe = client.post(
        "/counting/sessions",
        data={"csrf_token": csrf(), "kind": "shoe", "rules": NEW[1], "seats": "2", "speed": "20"},
        headers={"Referer": "http://localhost/drills/counting-shoe"},
    )
    assert shoe.status_code == 202 and "Working out the strategy chart" in shoe.get_data(True)
    assert [(j["kind"], j["state"]) for j in _jobs(app)] == [("chart", "queued")] * 2
    # Asked again: the same job, nothing new.
    again = client.post("/table/", data={**TABLE, "rules": NEW[0], "csrf_token": csrf()})
    assert again.status_code == 202 and len(_jobs(app)) == 2


def test_past_a_learners_share_of_jobs_a_429_says_when_to_retry(
    app: Any, client: Any, csrf: Any
) -> None:
    for rules in NEW[:2]:
        sent = client.post("/table/", data={**TABLE, "rules": rules, "csrf_token": csrf()})
        assert sent.status_code == 202
    refused = client.post("/table/", data={**TABLE, "rules": NEW[2], "csrf_token": csrf()})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "Try again in half a minute" in refused.get_data(as_text=True)
    assert len(_jobs(app)) == 2  # nothing queued for the refused request


def test_past_the_servers_share_of_jobs_a_429_for_everyone(app: Any, csrf: Any) -> None:
    app.config["JOBS_QUEUED_AT_MOST"] = 1
    first, second = app.test_client(), app.test_client()
    for client in (first, second):
        with client.session_transaction() as session:
            session["_csrf"] = "token-0123456789abcdef"
    sent = first.post(
        "/table/", data={**TABLE, "rules": NEW[0], "csrf_token": "token-0123456789abcdef"}
    )
    assert sent.status_code == 202
    refused = second.post(
        "/table/", data={**TABLE, "rules": NEW[1], "csrf_token": "token-0123456789abcdef"}
    )
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert len(_jobs(app)) == 1


def refreshes(page: Any) -> list[tuple[str, str]]:
    """A page's meta refreshes: (seconds, address), whether or not inside <noscript>."""
    found = re.findall(
        r'<meta http-equiv="refresh" content="(\d+); url=([^"]+)">', page.get_data(as_text=True)
    )
    return [(seconds, unescape(url)) for seconds, url in found]


WAITING_PAGES = {
    "chart": f"/chart-jobs/progress?rules={NEW[0]}&next=/",
    "count-study": f"/count-jobs/progress?rules={NEW[0]}&system=hi-lo&next=/",
}


@pytest.mark.parametrize("kind", WAITING_PAGES)
def test_a_first_visit_without_the_cookie_reloads_at_once_and_queues_the_job(
    app: Any, kind: str
) -> None:
    """Issue 26: the first load of a waiting page only sets the cookie; the job was queued at
    the next poll, 2 s on (htmx) or 3 s (no JavaScript). The whole page now reloads itself at
    once, with or without JavaScript, and that reload, bringing the cookie, queues the job."""
    browser = app.test_client()
    first = browser.get(WAITING_PAGES[kind])
    assert first.status_code == 202 and _jobs(app) == []
    assert "trainer_session=" in first.headers.get("Set-Cookie", "")
    [(seconds, again)] = refreshes(first)
    assert seconds == "0" and again.endswith("&again=1")
    assert "<noscript><meta" not in first.get_data(as_text=True)  # for JavaScript on too
    assert "Allow cookies" not in first.get_data(as_text=True)
    started = browser.get(again)
    assert started.status_code == 202 and [j["kind"] for j in _jobs(app)] == [kind]
    assert [seconds for seconds, _ in refreshes(started)] == ["3"]  # polls as before


@pytest.mark.parametrize("kind", WAITING_PAGES)
def test_a_browser_refusing_cookies_is_reloaded_at_once_only_once(app: Any, kind: str) -> None:
    client = app.test_client(use_cookies=False)
    [(seconds, again)] = refreshes(client.get(WAITING_PAGES[kind]))
    assert seconds == "0"
    refused = client.get(again)
    assert refused.status_code == 202 and "Allow cookies for this site" in refused.get_data(
        as_text=True
    )
    [(seconds, url)] = refreshes(refused)
    assert seconds == "3" and "again" not in url  # its usual pace, not at once
    assert _jobs(app) == []


@pytest.mark.parametrize("kind", WAITING_PAGES)
def test_an_htmx_poll_without_the_cookie_is_not_reloaded_at_once(app: Any, kind: str) -> None:
    """The fragment htmx swaps in has no head: no reload in it, at once or not."""
    client = app.test_client(use_cookies=False)
    polled = client.get(WAITING_PAGES[kind], headers={"HX-Request": "true"})
    assert polled.status_code == 202 and refreshes(polled) == []
    assert "Allow cookies for this site" in polled.get_data(as_text=True)


def test_a_visitor_without_the_session_cookie_starts_no_job(app: Any) -> None:
    client = app.test_client(use_cookies=False)
    progress = f"/chart-jobs/progress?rules={NEW[0]}&next=/&again=1"
    waiting = client.get(progress)
    assert waiting.status_code == 202  # the pending page, which reloads itself
    assert "Allow cookies for this site" in waiting.get_data(as_text=True)
    assert "trainer_session=" in waiting.headers.get("Set-Cookie", "")  # the next load has one
    assert client.get(progress).status_code == 202
    assert _jobs(app) == []  # however often it comes without the cookie
    # A browser that keeps the cookie: the job starts on its next load.
    browser = app.test_client()
    assert browser.get(progress).status_code == 202 and _jobs(app) == []
    started = browser.get(progress)
    assert started.status_code == 202 and "Allow cookies" not in started.get_data(as_text=True)
    assert [j["kind"] for j in _jobs(app)] == ["chart"]


def test_a_count_study_for_a_visitor_without_the_cookie_waits_for_it(app: Any) -> None:
    client = app.test_client(use_cookies=False)
    query = f"rules={NEW[0]}&system=hi-lo&next=/&again=1"
    waiting = client.get(f"/count-jobs/progress?{query}")
    assert waiting.status_code == 202 and "Allow cookies" in waiting.get_data(as_text=True)
    assert _jobs(app) == []


def test_a_shared_job_already_going_is_shown_to_a_cookieless_visitor(app: Any) -> None:
    db = open_db(app.config["DATABASE"])
    jobs.enqueue(db, "chart", {"rules": NEW[0]}, key=f"chart {NEW[0]}", total=1)
    client = app.test_client(use_cookies=False)
    assert client.get(f"/chart-jobs/progress?rules={NEW[0]}&next=/").status_code == 202
    assert len(_jobs(app)) == 1


def test_004s_fixed_point_is_a_job_not_a_second_of_the_request(
    app: Any, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the fixed point was worked out in the request")

    monkeypatch.setattr("trainer.engine.banker.face_down.work_out_fixed_point", refused)
    rules = "russian-bank decks=3 dealer_stands_on=16"  # no preset, no reading: never kept
    client.get("/")  # a browser the server knows
    response = client.get(f"/strategy?rules={rules}")
    assert response.status_code == 202
    assert "Working out the strategy chart" in response.get_data(as_text=True)
    assert [(j["kind"], j["key"]) for j in _jobs(app)] == [("fixed-point", f"fixed-point {rules}")]


def test_a_penetration_chart_not_dealt_yet_is_a_job_the_page_polls(
    app: Any, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shoe-penetration chart's studies (seconds of dealt shoes) are dealt by a job: the
    request queues it and answers 202 at once, polling again (htmx) or reloading (no script)."""
    from drills.counting import penetration_study

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a penetration study was dealt in the request")

    monkeypatch.setattr(penetration_study, "study", refused)
    monkeypatch.setattr("drills.counting.penetration_chart.study", refused)
    client.get("/")  # the session cookie: a visitor without it starts nothing
    asked = "/counting/penetration-chart?preset=single-deck&system=hi-lo"
    page = client.get(asked)
    assert page.status_code == 202 and page.headers["Retry-After"] == "2"
    assert '<noscript><meta http-equiv="refresh"' in page.get_data(as_text=True)
    polled = client.get(asked, headers={"HX-Request": "true"})
    assert polled.status_code == 202
    assert 'hx-trigger="load delay:2s"' in polled.get_data(as_text=True)
    assert [(j["kind"], j["state"]) for j in _jobs(app)] == [("penetration", "queued")]


_REFRESH = re.compile(r'<meta http-equiv="refresh" content="\d+; url=([^"]+)">')


def _refresh_url(page: str) -> str:
    found = _REFRESH.search(page)
    assert found, "no refresh: without JavaScript the page would wait forever"
    return unescape(found.group(1))


def test_without_javascript_a_new_chart_is_waited_for_then_the_quiz_goes_on(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    quiz = client.get("/drills/basic-strategy", query_string={"rules": NEW[2]})
    assert quiz.status_code == 200 and "Working out the chart" in quiz.get_data(as_text=True)
    then = _refresh_url(quiz.get_data(as_text=True))
    assert "wait=1" in then
    # The waiting page reloads its progress, which shows it again while the chart is worked
    # out (never the quiz's page, which would not wait).
    for _ in range(3):
        waiting = client.get(then)
        assert waiting.status_code == 202
        then = _refresh_url(waiting.get_data(as_text=True))
        assert then.startswith("/chart-jobs/progress?")
    # The chart is there: the next reload goes on to the quiz by itself.
    monkeypatch.setattr("trainer.web.views.chart_jobs._ready", lambda rules: object())
    on = client.get(then)
    assert on.status_code == 303
    assert on.headers["Location"].startswith("/drills/basic-strategy?")
    # To the quiz under the same rules (with wait=1, which asks at once once the chart is there).
    assert "rules=vegas-6d-s17+decks%3D7" in on.headers["Location"]


def test_without_javascript_the_strategy_page_waits_for_its_chart(client: Any) -> None:
    page = client.get("/strategy", query_string={"rules": NEW[1]})
    then = _refresh_url(page.get_data(as_text=True))
    assert "wait=1" in then
    waiting = client.get(then)
    assert waiting.status_code == 202
    assert _refresh_url(waiting.get_data(as_text=True)).startswith("/chart-jobs/progress?")


def test_without_javascript_a_count_study_page_reloads_its_progress(client: Any) -> None:
    client.get("/")  # the session cookie, so that a job is asked for
    query = {"rules": NEW[0], "system": "hi-lo", "next": "/drills/deviations"}
    waiting = client.get("/count-jobs/progress", query_string=query)
    assert waiting.status_code == 202
    again = _refresh_url(waiting.get_data(as_text=True))
    assert again.startswith("/count-jobs/progress?") and "next=/drills/deviations" in again


@pytest.mark.parametrize(("cores", "processes"), [(1, 1), (2, 2), (16, 2)])
def test_a_count_study_job_shares_its_counts_among_two_cores_at_most(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cores: int, processes: int
) -> None:
    from trainer import create_app

    monkeypatch.setattr("os.cpu_count", lambda: cores)
    served = create_app(app_config(tmp_path / "served", JOBS_INLINE=False))
    inline = create_app(app_config(tmp_path / "inline"))  # a test's: in the request, alone
    assert served.config["COUNT_JOB_PROCESSES"] == processes
    assert inline.config["COUNT_JOB_PROCESSES"] == 1
