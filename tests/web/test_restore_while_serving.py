"""``flask --app trainer restore`` refuses, with exit status 2 and nothing written, while a
server serves the database (it would go on with the sessions and jobs of the database it had),
and restores once the server is stopped: a server of this process (its hold on the database,
:mod:`trainer.store.serving`), then gunicorn as ``make run`` starts it and Flask's development
server as ``make dev`` does, whose ``Server`` header names no software either."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from trainer import store
from trainer.store import backup, serving, users

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def usernames(path: str | Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("SELECT username FROM users ORDER BY id")]


def _two_learners_and_a_copy_of_one(database: Path, copy: Path) -> None:
    db = store.open_db(database)
    store.migrate(db)
    users.create_user(db, "dora", "a good long password")
    backup.back_up(database, copy)
    users.create_user(db, "erin", "another long password")
    db.close()


def test_restore_is_refused_while_this_process_serves_the_database(
    app: Any, tmp_path: Path
) -> None:
    database = app.config["DATABASE"]
    copy = tmp_path / "copy.sqlite3"
    _two_learners_and_a_copy_of_one(Path(database), copy)
    runner = app.test_cli_runner()
    serving.hold(database)
    try:
        refused = runner.invoke(args=["restore", str(copy), "--yes"])
    finally:
        serving.release(database)
    assert refused.exit_code == 2, refused.output
    assert f"a server is serving {database} now" in refused.output
    assert "Stop the server, run this again, then start the server." in refused.output
    assert usernames(database) == ["dora", "erin"]
    assert not Path(app.config["BACKUP_DIR"]).exists()  # nothing written
    restored = runner.invoke(args=["restore", str(copy), "--yes"])
    assert restored.exit_code == 0, restored.output
    assert usernames(database) == ["dora"]


def test_a_process_that_answers_a_request_serves_its_database(
    tmp_path: Path, strategy_charts: None
) -> None:
    """However it is served (``flask run`` alone, another WSGI server), a process that has
    answered a request holds its database until it exits."""
    from tests.conftest import app_config
    from trainer import create_app

    app = create_app(app_config(tmp_path, TESTING=False))
    database = app.config["DATABASE"]
    copy = tmp_path / "copy.sqlite3"
    _two_learners_and_a_copy_of_one(Path(database), copy)
    assert not serving.served(database)
    try:
        assert app.test_client().get("/signin").status_code == 200
        assert serving.served(database)
        refused = app.test_cli_runner().invoke(args=["restore", str(copy), "--yes"])
        assert refused.exit_code == 2 and "a server is serving" in refused.output
    finally:
        serving.release(database)
    assert not serving.served(database)
    assert usernames(database) == ["dora", "erin"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _server_header(port: int) -> str | None:
    """The ``Server`` header of ``/signin`` (None: the server does not answer yet)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/signin")
        response = connection.getresponse()
        response.read()
        return response.getheader("Server") if response.status == 200 else None
    except OSError:
        return None
    finally:
        connection.close()


def _command(server: str, app: str, port: int) -> list[str]:
    if server == "gunicorn":  # as `make run` starts it
        return [
            str(BIN / "gunicorn"),
            *("--config", str(ROOT / "gunicorn.conf.py")),
            *("--bind", f"127.0.0.1:{port}", "--workers", "1"),
            app,
        ]
    # as `make dev` starts it (with TRAINER_JOB_POOL=start): the reloader, the debugger
    return [str(BIN / "flask"), "--app", app, "run", "--debug", "--port", str(port)]


@pytest.mark.serial  # starts a server and stops its processes
@pytest.mark.parametrize("server", ["gunicorn", "make dev"])
def test_restore_waits_for_the_server_to_stop(server: str, tmp_path: Path) -> None:
    database, copy = tmp_path / "served.sqlite3", tmp_path / "copy.sqlite3"
    _two_learners_and_a_copy_of_one(database, copy)
    config = {"DATABASE": str(database), "INSTANCE_PATH": str(tmp_path / "instance"),
              "WARM_UP": False}  # fmt: skip
    app = f"trainer:create_app({config!r})"
    port = _free_port()
    env = {**os.environ, "TRAINER_JOB_POOL": "start"} if server == "make dev" else None
    restore = [str(BIN / "flask"), "--app", app, "restore", str(copy), "--yes"]
    with (tmp_path / "server.log").open("wb") as log:
        process = subprocess.Popen(
            _command(server, app, port), cwd=ROOT, env=env, stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while (name := _server_header(port)) is None:
            assert process.poll() is None and time.monotonic() < deadline, (
                tmp_path / "server.log"
            ).read_text()[-3000:]
            time.sleep(0.2)
        assert name == "trainer"  # no software named, no version: make dev's too
        refused = subprocess.run(restore, cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert refused.returncode == 2, refused.stderr
        assert f"a server is serving {database} now" in refused.stderr
        assert usernames(database) == ["dora", "erin"]
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    time.sleep(0.5)  # the reloader's child and the job pool stop with it
    restored = subprocess.run(restore, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert restored.returncode == 0, restored.stderr
    assert usernames(database) == ["dora"]
