"""/healthz for a container's health check and an uptime monitor: 200 and a little JSON when
the database answers and the job workers are alive, 503 otherwise; no session read, no cookie
set."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.conftest import app_config
from trainer.store import jobs, open_db


def _app(tmp_path: Path, **config: Any) -> Any:
    from trainer import create_app

    return create_app(app_config(tmp_path, **config))


def test_jobs_inline_the_database_is_enough_and_no_cookie_is_set(tmp_path: Path) -> None:
    response = _app(tmp_path).test_client().get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok", "jobs": "inline"}
    assert "Set-Cookie" not in response.headers
    assert "no-store" in response.headers["Cache-Control"]


def test_without_a_live_job_pool_it_is_a_503_and_with_one_a_200(tmp_path: Path) -> None:
    app = _app(tmp_path, JOBS_INLINE=False)
    client = app.test_client()
    response = client.get("/healthz")
    assert response.status_code == 503 and response.get_json()["jobs"] == "no job workers"
    db = open_db(app.config["DATABASE"])
    jobs.pool_beat(db, os.getpid(), "here")
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_json()["jobs"] == "ok"
    assert "Set-Cookie" not in response.headers
    db.execute("UPDATE job_pools SET heartbeat = heartbeat - 3600")  # the pool went quiet
    assert client.get("/healthz").status_code == 503


def test_a_database_that_does_not_answer_is_a_503(tmp_path: Path) -> None:
    app = _app(tmp_path)
    app.config["DATABASE"] = str(tmp_path / "gone" / "nowhere.sqlite3")
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["database"] == "not answering"


def test_it_names_no_cookie_in_vary_even_for_a_browser_with_a_session(tmp_path: Path) -> None:
    """A cache in front of the server may keep one answer for everyone: the session is not
    read, so it is neither refreshed nor named in ``Vary`` (a page does both)."""
    client = _app(tmp_path).test_client()
    page = client.get("/")
    assert "Cookie" in page.headers["Vary"] and "Set-Cookie" in page.headers  # a page's way
    response = client.get("/healthz")
    assert response.status_code == 200
    assert "Cookie" not in response.headers.get("Vary", "")
    assert "Set-Cookie" not in response.headers
