"""Expensive work (a strategy chart for rules never worked out before) is limited per address
and per learner: past the limit a 429 that says when to try again, and nothing is computed.
Pages that only show what is cached are never limited."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.conftest import app_config

NEW_RULES = quote(
    "vegas-6d-s17 decks=5 double_after_split=false"
)  # no preset plays these: never cached


@pytest.fixture
def app(tmp_path: Path) -> Any:
    """The app with its own empty chart and penetration-study caches."""
    from trainer import create_app

    return create_app(
        app_config(
            tmp_path,
            STRATEGY_CACHE_DIR=str(tmp_path / "charts"),
            PENETRATION_CACHE_DIR=str(tmp_path / "studies"),
        )
    )


@pytest.fixture(autouse=True)
def nothing_worked_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No chart is cached: an empty cache directory (the app's, and the engine's default) and
    an empty memory."""
    from trainer.engine.strategy import cache

    monkeypatch.setenv("TRAINER_CACHE_DIR", str(tmp_path / "charts"))
    monkeypatch.setattr(cache.CACHE, "_memory", {})


@pytest.fixture
def full(app: Any, db: Any) -> float:
    """This address has asked for as much expensive work as the window allows; returns when
    the oldest of those requests was."""
    window = app.config["EXPENSIVE_WORK_WINDOW_SECONDS"]
    oldest = time.time() - window / 2
    for n in range(app.config["EXPENSIVE_WORK_PER_WINDOW"]):
        db.execute(
            "INSERT INTO expensive_work (key, at) VALUES (?, ?)", ["address:127.0.0.1", oldest + n]
        )
    return oldest


@pytest.mark.serial  # times the refusal
@pytest.mark.parametrize(
    "path",
    [
        f"/strategy/chart?rules={NEW_RULES}",
        f"/strategy?rules={NEW_RULES}&wait=1",
        f"/drills/basic-strategy?rules={NEW_RULES}&wait=1",
    ],
)
def test_past_the_limit_new_work_is_a_429_saying_when_to_retry(
    app: Any, client: Any, full: float, path: str
) -> None:
    started = time.perf_counter()
    response = client.get(path)
    assert response.status_code == 429
    assert time.perf_counter() - started < 2  # refused before any chart was worked out
    retry = int(response.headers["Retry-After"])
    window = app.config["EXPENSIVE_WORK_WINDOW_SECONDS"]
    assert 0 < retry <= window / 2 + 1
    page = response.get_data(as_text=True)
    assert "Try again in" in page and "minutes" in page


@pytest.mark.parametrize("page", ["/strategy", "/drills/basic-strategy"])
def test_a_page_showing_only_what_is_cached_is_not_limited(
    client: Any, full: float, page: str
) -> None:
    response = client.get(f"{page}?rules={NEW_RULES}")
    assert response.status_code == 200  # the page shows the chart being worked out
    assert "Working out the chart for these rules" in response.get_data(as_text=True)


def test_the_quiz_shows_a_new_chart_being_worked_out_then_asks(client: Any, db: Any) -> None:
    page = client.get(f"/drills/basic-strategy?rules={NEW_RULES}").get_data(as_text=True)
    assert 'name="question"' not in page  # no question yet: the chart is not there, and
    # showing that is not counted as work
    assert "/drills/basic-strategy?wait=1&amp;rules=" + NEW_RULES.replace("%20", "+") in page
    counted = "SELECT count(*) FROM expensive_work WHERE key = 'address:127.0.0.1'"
    assert db.execute(counted).fetchone()[0] == 0
    # htmx asks for the question at once (without JavaScript, the link does): worked out now.
    panel = client.get(
        f"/drills/basic-strategy?wait=1&rules={NEW_RULES}&mix=shoe", headers={"HX-Request": "true"}
    ).get_data(as_text=True)
    assert 'name="question"' in panel and "<html" not in panel
    assert db.execute(counted).fetchone()[0] == 1  # counted as the work it is
    # Once worked out, the quiz asks at once.
    again = client.get(f"/drills/basic-strategy?rules={NEW_RULES}").get_data(as_text=True)
    assert 'name="question"' in again and "Working out the chart" not in again


def test_each_new_request_is_counted_for_the_address(app: Any, client: Any, db: Any) -> None:
    app.config["EXPENSIVE_WORK_PER_WINDOW"] = 1
    db.execute("INSERT INTO expensive_work (key, at) VALUES ('address:203.0.113.9', ?)", [0])
    client.get("/")  # a browser the server knows (its session cookie): it may start a job
    assert client.get(f"/strategy/chart?rules={NEW_RULES}").status_code == 200
    counted = db.execute(
        "SELECT count(*) FROM expensive_work WHERE key = 'address:127.0.0.1'"
    ).fetchone()[0]
    assert counted == 1
    assert client.get(f"/strategy/chart?rules={NEW_RULES}").status_code == 200  # cached now
    refused = client.get("/strategy/chart?rules=" + quote("vegas-6d-s17 decks=5 resplit_aces=true"))
    assert refused.status_code == 429
    # Counts older than the window are forgotten.
    assert db.execute("SELECT count(*) FROM expensive_work WHERE at = 0").fetchone()[0] == 0


def test_with_no_expensive_work_allowed_a_new_chart_waits_a_whole_window(
    app: Any, client: Any
) -> None:
    app.config["EXPENSIVE_WORK_PER_WINDOW"] = 0
    response = client.get(f"/strategy/chart?rules={NEW_RULES}")
    assert response.status_code == 429
    assert int(response.headers["Retry-After"]) == app.config["EXPENSIVE_WORK_WINDOW_SECONDS"]


@pytest.mark.serial  # times the refusal
def test_a_penetration_chart_not_worked_out_is_limited_and_a_cached_one_is_not(
    app: Any, client: Any, full: float, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from drills.counting.penetration_study import clear_memory

    clear_memory()  # the app's studies are in tmp_path / "studies", empty (the app fixture)
    url = "/counting/penetration-chart?preset=single-deck&system=hi-lo"
    started = time.perf_counter()
    refused = client.get(url)
    assert refused.status_code == 429  # its studies would be dealt now: past the limit
    assert time.perf_counter() - started < 2 and "Retry-After" in refused.headers
    assert not list((tmp_path / "studies").glob("*.json"))
    app.config["EXPENSIVE_WORK_PER_WINDOW"] += 1
    assert client.get(url).status_code == 200  # one more allowed: dealt now, and kept
    app.config["EXPENSIVE_WORK_PER_WINDOW"] -= 1
    assert client.get(url).status_code == 200  # cached: shown whatever the limit
    clear_memory()


def test_a_chart_being_worked_out_shows_its_time_so_far_and_an_honest_estimate(
    client: Any, db: Any
) -> None:
    """From the first second the page says how long the job has run; with no chart worked out
    on this server yet, why the first takes longest (the engine compiles its arithmetic once);
    after one has, the time left by that one's."""
    from trainer.store import jobs

    client.application.config["JOBS_INLINE"] = False  # the job waits for a worker, as served
    client.get(f"/drills/basic-strategy?rules={NEW_RULES}")
    waiting = client.get(f"/drills/basic-strategy?wait=1&rules={NEW_RULES}").get_data(True)
    assert "Waiting for the server to start on the strategy chart" in waiting
    (job_id,) = db.execute("SELECT id FROM jobs WHERE kind = 'chart'").fetchone()
    db.execute(
        "UPDATE jobs SET state = 'running', started_at = strftime('%Y-%m-%dT%H:%M:%fZ',"
        " 'now', '-4 seconds') WHERE id = ?",
        [job_id],
    )
    db.conn.commit()
    first = client.get(f"/drills/basic-strategy?wait=1&rules={NEW_RULES}").get_data(True)
    assert re.search("started [45]\u00a0s ago", first), first[-3000:]  # one line: a no-break space
    assert "The first chart on a new server takes longest" in first
    assert ": a few seconds." not in first  # what it said, first chart or not
    # Another chart that took 30 s: this one's estimate goes by it.
    other, _ = jobs.enqueue(db, "chart", {"rules": "single-deck"}, key="chart other", total=1)
    db.execute(
        "UPDATE jobs SET state = 'done', started_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now',"
        " '-40 seconds'), finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-10 seconds')"
        " WHERE id = ?",
        [other.id],
    )
    db.conn.commit()
    later = client.get(f"/drills/basic-strategy?wait=1&rules={NEW_RULES}").get_data(True)
    assert re.search(r"About (25|30) seconds left", later), later[-3000:]  # 30 s less 4, by fives


def _ran(db: Any, notation: str, began: int, ended: int | None) -> Any:
    """A chart job of ``notation`` started ``began`` s ago, done ``ended`` s ago (None:
    running)."""
    from trainer.store import jobs

    job, _ = jobs.enqueue(db, "chart", {"rules": notation}, key=f"chart {notation} {began}")
    ago = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)"
    db.execute(
        f"UPDATE jobs SET state = ?, started_at = {ago}, finished_at = {ago} WHERE id = ?",
        ["running" if ended is None else "done", f"-{began} seconds"]
        + [None if ended is None else f"-{ended} seconds", job.id],
    )
    db.conn.commit()
    return jobs.get(db, job.id)


def test_a_chart_jobs_estimate_goes_by_like_work_and_says_when_it_overruns(
    app: Any, db: Any
) -> None:
    """twenty-one-home's job works out 002's method 3 equilibrium after its chart: its estimate
    is not another preset's 0.4 s chart, and once past it the page says so, not a stuck 5 s."""
    from trainer.engine.rulebook.rules import Rules
    from trainer.web.views.chart_jobs import pending_page

    home = Rules.parse("twenty-one-home")

    def page(job: Any, language: str = "en") -> str:
        with app.test_request_context(headers={"Accept-Language": language}):
            return re.sub(r"\s+", " ", pending_page(home, job, "/").get_data(as_text=True))

    _ran(db, "vegas-6d-s17", 30, 29)  # a chart alone: 1 s
    going = _ran(db, "twenty-one-home", 2, None)
    assert re.search(r"About 40 seconds left", page(going))  # no like job yet: its measured time
    _ran(db, "twenty-one-home decks=2", 100, 65)  # one like it took 35 s
    assert re.search(r"About 35 seconds left", page(going))
    late = page(_ran(db, "twenty-one-home decks=3", 60, None))
    assert "It is taking longer than expected (work like this takes about 35 seconds here)" in late
    assert "seconds left" not in late and "<progress" in late
    # In Russian the game's name is not put after «для» (it is nominative): "Правила: …".
    russian = page(going, "ru")
    assert "Правила: Домашнее «Двадцать одно». Рассчитываем таблицу стратегии" in russian
    assert "для Домашнее" not in russian


def test_the_refusal_is_said_in_the_learners_language(app: Any, client: Any, full: float) -> None:
    """A Russian browser reads the 429 in Russian: what the work is, how many such requests,
    and when to try again, each word through the catalogue (not the English sentence)."""
    client.get("/", headers={"Accept-Language": "ru"})  # a browser the server knows
    refused = client.get(f"/strategy/chart?rules={NEW_RULES}", headers={"Accept-Language": "ru"})
    assert refused.status_code == 429
    page = refused.get_data(as_text=True)
    allowed = app.config["EXPENSIVE_WORK_PER_WINDOW"]
    assert "Чтобы рассчитать таблицу стратегии для новых правил" in page
    assert re.search(rf"прислали {allowed} таких запрос(а|ов)\.", page)
    assert re.search(r"Попробуйте снова через \d+ (минуту|минуты|минут|секунд[уы]?)", page)
    assert "Try again" not in page and "such requests" not in page


def test_the_time_left_is_said_in_fives_and_a_few_seconds_at_the_end(app: Any) -> None:
    """A study of five seconds read "About 5 seconds left" from 0% to 76% (a learner's walk):
    five seconds or less is "a few"."""
    with app.test_request_context():
        said = app.jinja_env.from_string(
            '{% import "_waiting.html" as w %}'
            "{{ w.time_left(1) }}|{{ w.time_left(5) }}|{{ w.time_left(6) }}|{{ w.time_left(59) }}"
        ).render()
    assert said.split("|") == [
        "A few seconds left.",
        "A few seconds left.",
        "About 10 seconds left.",
        "About 60 seconds left.",
    ]
