"""A fresh server answers at once and works out what it lacks in the background
(trainer/web/warm_up.py), in the order a new learner meets it; a page waiting on that work says
how far it is, how long is left, and what to practise meanwhile."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SECRET, app_config
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules, find_preset, preset_names
from trainer.web.views import count_jobs
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
    assert sorted(charts) == sorted(preset_names()) == sorted(penetrations)
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


def test_a_jobs_estimate_comes_from_its_pace_or_else_the_last_jobs_time() -> None:
    text = "job for vegas-6d-s17 in hi-lo started 1000\nindices: charts at 5 of 21 counts\n"
    assert count_jobs._state_of(text, now=1010).seconds_left == 32  # 2 s a count, 16 to go
    fresh = "job for vegas-6d-s17 in hi-lo started 1000\n"
    assert count_jobs._state_of(fresh, now=1004, last=30).seconds_left == 26
    assert count_jobs._state_of(fresh, now=1004).seconds_left is None  # nothing to go by
    assert count_jobs._state_of(text + "ended 1\n", now=1010).seconds_left is None  # failed


def test_the_pending_page_shows_the_estimate_and_something_to_practise(
    tmp_path: Path, strategy_charts: None
) -> None:
    from trainer import create_app

    app = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(tmp_path)))
    rules, system = Rules.parse("russian-bank decks=5"), find_system("hi-lo")
    with app.app_context():
        marker = count_jobs._marker(rules, system)
    marker.parent.mkdir(parents=True, exist_ok=True)
    started = int(time.time()) - 10
    marker.write_text(
        f"job for {rules.notation()} in hi-lo started {started}\n"
        "indices: charts at 5 of 21 counts\n"
    )
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
    assert list(tmp_path.glob("count-*.job")) == [marker]  # a job going: no other started


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
        "DEFAULT_RULES": "russian-bank",  # a count study of seconds, not tens of them
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
        assert "[warm-up] What learners will ask for" in log
        assert "[warm-up] Done" not in log  # answering while the warm-up goes on
        # Deviations meanwhile: the warm-up's own job's progress (no 429, no second job).
        status, page = _get(port, "/drills/deviations")
        assert status in (200, 202), page[:2000]
        if status == 202:
            assert "Working out the indices" in page and "/drills/running-count" in page
        while "[warm-up] [2/" not in log_path.read_text():  # the count study done
            assert time.monotonic() < deadline + 240, log_path.read_text()
            assert server.poll() is None, log_path.read_text()
            time.sleep(0.5)
        log = log_path.read_text()
        assert "[warm-up] [1/" in log and log.index("[warm-up] [1/") < log.index("[warm-up] [2/")
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


def test_the_warm_up_leaves_a_going_job_alone_and_starts_a_quiet_one_again(
    tmp_path: Path, strategy_charts: None
) -> None:
    from trainer import create_app

    app = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(tmp_path)))
    rules, system = Rules.parse("russian-bank decks=3"), find_system("hi-lo")
    with app.app_context():
        marker = count_jobs._marker(rules, system)
        marker.write_text(f"job for {rules.notation()} in hi-lo started {int(time.time())}\n")
        assert count_jobs.start_for_warm_up(rules, system) is None  # a learner's, going
        quiet = time.time() - count_jobs.QUIET_SECONDS - 5  # a server killed mid-job
        os.utime(marker, (quiet, quiet))
        child = count_jobs.start_for_warm_up(rules, system)
        assert child is not None
        assert count_jobs.job_state(rules, system) is not None  # its own marker, going
        count_jobs.stop_for_warm_up(child, rules, system)  # the server stops meanwhile
        state = count_jobs.job_state(rules, system)
    assert child.returncode is not None
    assert state is not None and state.failed  # marked ended: started again, not waited on
