"""Serving behind a reverse proxy (PROXY_FIX) and the gunicorn settings `make run` uses."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config

ROOT = Path(__file__).resolve().parents[2]


def failed_sign_in(client: Any, address: str) -> int:
    with client.session_transaction() as session:
        token = session.setdefault("_csrf", "test-csrf-token-0123456789")
    response = client.post(
        "/signin",
        data={"username": "nobody", "password": "wrong password", "csrf_token": token},
        headers={"X-Forwarded-For": address},
    )
    return response.status_code


def test_behind_a_proxy_the_address_limit_counts_the_learner(tmp_path: Path) -> None:
    from trainer import create_app

    app = create_app(
        app_config(tmp_path, PROXY_FIX={"x_for": 1}, SIGNIN_MAX_FAILURES_PER_ADDRESS=2)
    )
    client = app.test_client()
    assert [failed_sign_in(client, "203.0.113.7") for _ in range(3)] == [400, 400, 429]
    assert failed_sign_in(client, "198.51.100.2") == 400  # another learner, same proxy


def test_without_proxy_fix_a_forwarded_address_is_not_believed(app: Any) -> None:
    app.config["SIGNIN_MAX_FAILURES_PER_ADDRESS"] = 2
    client = app.test_client()
    statuses = [failed_sign_in(client, f"203.0.113.{n}") for n in range(3)]
    assert statuses == [400, 400, 429]  # all from the test client's own address


def test_gunicorn_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKERS", "3")
    monkeypatch.setenv("TIMEOUT", "45")
    monkeypatch.setenv("PORT", "8123")
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert (settings["workers"], settings["timeout"]) == (3, 45)
    assert settings["bind"] == "127.0.0.1:8123"
    assert settings["wsgi_app"] == "trainer:create_app()"


def gunicorn_settings() -> Any:
    """gunicorn's settings as gunicorn reads them from gunicorn.conf.py (its own loader)."""
    from gunicorn.app.base import Application

    class Settings(Application):
        def init(self, parser: Any, opts: Any, args: Any) -> None:
            return None

        def load_config(self) -> None:
            self.load_config_from_file(str(ROOT / "gunicorn.conf.py"))

        def load(self) -> Any:
            raise AssertionError("only the settings are read")

    return Settings().cfg


def test_the_held_waits_go_to_the_server_and_not_to_whoever_reads_its_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """gunicorn.conf.py hands TRAINER_HELD_WAITS (requests at once less one) to gunicorn, which
    sets it before it loads the app the workers fork from; reading the settings (as a test
    does) leaves the reader's environment, and so every app it makes later, as it was."""
    from flask import Flask

    from trainer.app import config_from_environment

    monkeypatch.delenv("TRAINER_HELD_WAITS", raising=False)
    monkeypatch.setenv("WORKERS", "3")
    monkeypatch.setenv("THREADS", "2")
    before = dict(os.environ)
    runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    settings = gunicorn_settings()
    assert dict(os.environ) == before
    assert settings.env == {"TRAINER_HELD_WAITS": "5"}
    for name, value in settings.env.items():  # as gunicorn's arbiter does before loading
        monkeypatch.setenv(name, value)
    served = Flask("served")
    config_from_environment(served)
    assert served.config["HELD_WAITS"] == 5
    monkeypatch.setenv("TRAINER_HELD_WAITS", "2")  # the environment's own value is kept
    assert gunicorn_settings().env == {}


@pytest.mark.parametrize("value", ["0", "-1", "many", "1e3", "9" * 40])
def test_a_bad_worker_count_stops_gunicorn_with_a_message(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("WORKERS", value)
    with pytest.raises(SystemExit, match="WORKERS="):
        runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def test_before_forking_gunicorn_warms_the_trainer_and_leaves_another_app_alone(
    app: Any,
) -> None:
    from flask import Flask

    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))

    class Server:
        def __init__(self, served: Any) -> None:
            self.app = type("Loaded", (), {"wsgi": lambda _self: served})()
            self.LISTENERS = ["http://127.0.0.1:5000"]  # gunicorn's arbiter's sockets

    app.jinja_env.cache.clear()
    settings["when_ready"](Server(app))
    compiled = {name for _, name in app.jinja_env.cache}
    assert {"drills/strategy_quiz.html", "_cards.html", "base.html"} <= compiled
    bare = Flask("bare")
    settings["when_ready"](Server(bare))  # a bench's bare endpoint: nothing to warm, no error


@pytest.mark.long
def test_a_bad_setting_stops_gunicorn_with_one_line_not_a_traceback(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "TRAINER_DATABASE": str(tmp_path / "trainer.sqlite3"),
        "TRAINER_SECRET_KEY": "test-secret-key",
        "TRAINER_JOBS_AT_ONCE": "0",
        "WORKERS": "1",
        "PORT": "0",
    }
    done = subprocess.run(
        [sys.executable, "-m", "gunicorn"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "Error: JOBS_AT_ONCE = 0: give a whole number, 1 or more" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "trainer.sqlite3").exists()
