"""A fresh server answers at once and works out what it lacks as jobs of its job workers
(trainer/web/warm_up.py), in the order a new learner meets it; a page waiting on that work says
how far it is, how long is left, and what to practise meanwhile."""

from __future__ import annotations

import html
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SECRET, app_config
from trainer.engine.banker.face_down import face_down_game
from trainer.engine.rulebook.rules import Rules, find_preset, preset_names
from trainer.jobs.kinds import count_study_key
from trainer.store import jobs, open_db
from trainer.web.warm_up import Step, plan, run

ROOT = Path(__file__).resolve().parents[2]


def test_the_default_games_chart_then_its_count_study_come_first() -> None:
    steps = plan("vegas-6d-s17")
    assert steps[:3] == [
        Step("chart", "vegas-6d-s17"),
        Step("count study", "vegas-6d-s17"),
        Step("penetration", "vegas-6d-s17"),
    ]
    charts = [s.notation for s in steps if s.kind == "chart"]
    penetrations = [s.notation for s in steps if s.kind == "penetration"]
    studies = [s.notation for s in steps if s.kind == "count study"]
    assert sorted(charts) == sorted(preset_names()) == sorted(penetrations)
    # A count study for every game a count applies to: not 004 dealt face down.
    counted = [n for n in preset_names() if not face_down_game(find_preset(n))]
    assert sorted(studies) == sorted(counted) and len(counted) < len(charts)
    # The other presets' count studies last (tens of seconds each).
    assert all(s.kind == "count study" for s in steps[-(len(studies) - 1) :])
    # Every chart before the other presets' penetration studies.
    last_chart = max(i for i, s in enumerate(steps) if s.kind == "chart")
    assert all(s.kind == "chart" for s in steps[3 : last_chart + 1])
    # The casino games (no old text to read) before the source texts' games.
    texts = [bool(find_preset(name).interpretation) for name in charts[1:]]
    assert texts == sorted(texts) and True in texts and False in texts


def test_a_default_that_is_no_preset_has_its_chart_and_study_but_no_penetration_step() -> None:
    steps = plan("vegas-6d-s17 decks=2", names=["vegas-6d-s17", "russian-bank"])
    assert steps == [
        Step("chart", "vegas-6d-s17 decks=2"),
        Step("count study", "vegas-6d-s17 decks=2"),
        Step("chart", "vegas-6d-s17"),
        Step("chart", "russian-bank"),
        Step("penetration", "vegas-6d-s17"),
        Step("penetration", "russian-bank"),
        Step("count study", "vegas-6d-s17"),
    ]


def test_each_step_says_how_it_went_and_a_failure_does_not_stop_the_rest(app: Any) -> None:
    said: list[str] = []
    steps = [Step("penetration", "no-such-game"), Step("chart", "vegas-6d-s17")]
    with app.app_context():
        failed = run(app, said.append, steps)
    assert failed == 1
    assert said[1].startswith("[1/2] shoe-penetration studies of no-such-game: failed")
    assert re.match(r"\[2/2\] strategy chart of vegas-6d-s17: house edge +0\.3\d\d%", said[2])
    assert said[-1].startswith("Done in") and "1 failed" in said[-1]


def test_the_command_counts_the_steps_done_and_draws_no_bar_when_piped(
    app: Any, monkeypatch: Any
) -> None:
    from trainer.web import warm_up

    done: list[int] = []
    steps = [Step("chart", "vegas-6d-s17"), Step("chart", "single-deck")]
    with app.app_context():
        assert run(app, lambda _line: None, steps, step_done=done.append) == 0
    assert done == [1, 2]  # a bar on a terminal follows these
    monkeypatch.setattr(warm_up, "plan", lambda _rules: steps)
    result = app.test_cli_runner().invoke(args=["warm-up"])  # not a terminal
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith("[1/2] strategy chart of vegas-6d-s17")
    assert "%|" not in result.output and "\r" not in result.output


def test_a_jobs_estimate_comes_from_its_pace_or_else_the_last_jobs_time() -> None:
    began = datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC)
    job = jobs.Job(
        1, "count-study", None, {}, None, "running", None, 5, 21, None, None, 1, None, None,
        "2026-01-01T12:00:00.000Z", "2026-01-01T12:00:00.000Z", None,
    )  # fmt: skip
    assert job.seconds_left(began + timedelta(seconds=10)) == 32  # 2 s a count, 16 to go
    fresh = replace(job, done=0)
    assert fresh.seconds_left(began + timedelta(seconds=4), last=30) == 26
    assert fresh.seconds_left(began + timedelta(seconds=4)) is None  # nothing to go by
    # Past the last jobs' time with nothing done: not known (it read "A few seconds left" at 0%).
    assert fresh.seconds_left(began + timedelta(seconds=40), last=30) is None
    assert replace(job, state="failed").seconds_left(began + timedelta(seconds=10)) is None


def test_the_last_jobs_time_is_the_median_of_the_last_five_ended_well(db: Any) -> None:
    assert jobs.last_seconds(db, "count-study") is None
    for seconds in (20, 22, 25, 21, 1, 2):  # two found made (a second or two), the rest worked
        job, _ = jobs.enqueue(db, "count-study", {}, key=f"study {seconds}", total=21)
        claimed = jobs.claim(db, os.getpid())
        assert claimed is not None and claimed.id == job.id
        assert jobs.finish(db, job.id, {}, done=21)
        db.execute(
            "UPDATE jobs SET started_at = '2026-01-01T12:00:00.000Z', finished_at = ?"
            " WHERE id = ?", [f"2026-01-01T12:00:{seconds:02d}.000Z", job.id],
        )  # fmt: skip
    assert jobs.last_seconds(db, "count-study") == pytest.approx(21, abs=0.01)  # 22 25 21 1 2


def test_the_pending_page_shows_the_estimate_and_something_to_practise(
    tmp_path: Path, strategy_charts: None
) -> None:
    from trainer import create_app

    app = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(tmp_path), JOBS_INLINE=False))
    rules = Rules.parse("russian-bank decks=5")
    db = open_db(app.config["DATABASE"])
    key = count_study_key(rules.notation(), "hi-lo")
    job, _ = jobs.enqueue(db, "count-study", {"rules": rules.notation()}, key=key, total=21)
    jobs.claim_id(db, job.id, os.getpid())
    ten_ago = (datetime.now(UTC) - timedelta(seconds=10)).isoformat().replace("+00:00", "Z")
    db.execute("UPDATE jobs SET started_at = ? WHERE id = ?", [ten_ago, job.id])
    jobs.progress(db, job.id, 5)
    client = app.test_client()
    query = {"rules": rules.notation(), "system": "hi-lo", "next": "/drills/deviations"}
    for headers in ({}, {"HX-Request": "true"}):
        response = client.get("/count-jobs/progress", query_string=query, headers=headers)
        assert response.status_code == 202
        page = response.get_data(as_text=True)
        assert "charts at 5 of 21 counts (24%)" in page
        left = re.search(r"About (\d+) seconds left\.", page)
        assert left is not None and 30 <= int(left.group(1)) <= 40, page
        assert "This takes up to a minute" not in page
        assert 'href="/drills/running-count"' in page and 'href="/drills/basic-strategy"' in page
    assert db["jobs"].count == 1  # a job going: no other started


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(port: int, path: str) -> tuple[int, str]:
    """GET ``path``, following redirects (a session cookie is not needed for these pages)."""
    for _ in range(5):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            status, body = response.status, response.read().decode()
            path = response.getheader("Location") or ""
        finally:
            connection.close()
        if status not in (301, 302, 303):
            return status, body
    raise AssertionError("too many redirects")


@pytest.mark.serial  # starts a server and kills its processes
def test_a_fresh_server_answers_while_its_warm_up_runs(tmp_path: Path) -> None:
    caches = tmp_path / "strategy-cache"
    config = {
        "DATABASE": str(tmp_path / "trainer.sqlite3"),
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "SECRET_KEY": SECRET,
        "STRATEGY_CACHE_DIR": str(caches),
        "PENETRATION_CACHE_DIR": str(tmp_path / "penetration-cache"),
        # A count study of seconds, not tens of them (004's was, but as dealt face down no
        # count study applies to it).
        "DEFAULT_RULES": "twenty-one-club",
    }
    port = _free_port()
    log_path = tmp_path / "server.log"
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        "--config",
        str(ROOT / "gunicorn.conf.py"),
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        "1",
        f"trainer:create_app({config!r})",
    ]
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 60
        status = None
        while status != 200:
            assert time.monotonic() < deadline, log_path.read_text()
            assert server.poll() is None, log_path.read_text()
            try:
                status = _get(port, "/")[0]
            except OSError:
                time.sleep(0.1)
        log = log_path.read_text()
        assert "warm-up jobs queued" in log
        deadline_pool = time.monotonic() + 30
        while (health := _get(port, "/healthz"))[0] != 200:  # the job workers beat
            assert time.monotonic() < deadline_pool, health
            time.sleep(0.2)
        # Deviations meanwhile: the warm-up's own job's progress (no 429, no second job).
        status, page = _get(port, "/drills/deviations")
        assert status in (200, 202), page[:2000]
        if status == 202:
            assert "Working out the indices" in page and "/drills/running-count" in page
        while "(count-study) done" not in log_path.read_text():  # the count study done
            assert time.monotonic() < deadline + 240, log_path.read_text()
            assert server.poll() is None, log_path.read_text()
            time.sleep(0.5)
        log = log_path.read_text()
        chart, study = "job 1 (chart) started", "job 2 (count-study) started"
        # Queued in that order (their ids); which of the pool's two workers writes its first
        # line first is a race, so the lines' order is not.
        assert chart in log and study in log
        assert len(list(caches.glob("count-*.json"))) == 1
        assert (
            _get(port, "/drills/deviations?system=hi-lo&convention=floor&resolution=half")[0] == 200
        )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)


@pytest.mark.long  # works out 004's charts and fixed points afresh: some ten seconds
def test_after_the_warm_up_of_004_its_first_quiz_question_waits_for_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27: the warm-up said 004's chart was done, yet the quiz's first question queued
    a chart job: the warm-up made the chart of one column (the banker's fixed point), while the
    quiz and the table also wait for the chart of the rules as written."""
    from trainer import create_app
    from trainer.web.warm_up import enqueue

    caches = tmp_path / "strategy-cache"
    monkeypatch.setenv("TRAINER_CACHE_DIR", str(caches))  # the fixed points', as the server's
    config = app_config(tmp_path, STRATEGY_CACHE_DIR=str(caches), JOBS_INLINE=False)
    app = create_app({**config, "WARM_UP": True})
    steps = [step for step in plan("russian-bank") if step.notation == "russian-bank"]
    charts = [step for step in steps if step.kind == "chart"]
    assert charts == [Step("chart", "russian-bank")]
    db = open_db(app.config["DATABASE"])
    assert enqueue(app, charts) == 1  # a fresh server: the chart's job is queued
    with app.app_context():
        assert run(app, lambda line: None, charts) == 0
    done = db["jobs"].count
    client = app.test_client()
    for wait in ("", "1"):
        query = {"rules": "russian-bank", "wait": wait}
        response = client.get("/drills/basic-strategy", query_string=query)
        page = response.get_data(as_text=True)
        assert response.status_code == 200, page
        assert "Working out the chart" not in page
        assert "The banker shows no card" in page
        assert "the dealer's up card" not in html.unescape(page)  # none in 004: said so
        assert 'name="insurance"' not in page  # nor insurance, nor a count to take it by
    assert db["jobs"].count == done  # nothing more to work out
    assert enqueue(app, charts) == 0  # done, and seen to be: not queued again
