"""002's deal method 3 game (the dealer's double and the punters' redouble, some seconds of
work) is never worked out in a request: a page that reads it while it is not on disk shows the
chart job's progress page and queues the job; the job works it out and keeps it on disk, where
the next process reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config
from trainer.engine.banker import method3
from trainer.engine.rulebook.rules import find_preset
from trainer.store import jobs, open_db

HOME = find_preset("twenty-one-home")


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, strategy_charts: None) -> Any:
    """The app with the charts on disk but no method-3 game (its cache in tmp_path, nothing in
    memory), its jobs left queued (no inline run, no pool), and the game refused in this
    process until the test runs the queue."""
    from trainer import create_app

    monkeypatch.setenv("TRAINER_METHOD3_TEST_CACHE", str(tmp_path / "games"))
    monkeypatch.setattr(method3.GAMES, "env_var", "TRAINER_METHOD3_TEST_CACHE")
    monkeypatch.setattr(method3.GAMES, "_memory", {})

    monkeypatch.setattr(method3, "work_out_method3_game", _refused)
    return create_app(app_config(tmp_path, JOBS_INLINE=False))


def _refused(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the method-3 game was worked out in the request")


def _jobs(app: Any) -> list[dict[str, Any]]:
    return list(open_db(app.config["DATABASE"])["jobs"].rows)


def test_the_deal_auction_waits_on_a_job_that_keeps_the_game_on_disk(
    app: Any, client: Any, csrf: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.web.jobs import run_queued

    csrf()  # the session cookie: a job may start
    page = client.get("/drills/deal-auction")
    assert page.status_code == 202
    text = page.get_data(as_text=True)
    assert "Working out the strategy chart" in text and "/chart-jobs/progress?" in text
    assert [(j["kind"], j["state"], j["key"]) for j in _jobs(app)] == [
        ("chart", "queued", "chart twenty-one-home")
    ]
    assert client.get("/drills/deal-auction").status_code == 202  # the same job, no other
    assert len(_jobs(app)) == 1
    assert method3.cached_method3_game(HOME) is None

    monkeypatch.undo()  # the job worker's process: it works the game out
    # The game itself is the run's, worked out once for the suite (strategy_charts; its
    # figures are tests/engine's): the job's call hands it over instead of its 12 CPU-s again.
    known = method3.cached_method3_game(HOME)
    assert known is not None
    worked_out: list[Any] = []
    monkeypatch.setenv("TRAINER_METHOD3_TEST_CACHE", str(tmp_path / "games"))
    monkeypatch.setattr(method3.GAMES, "env_var", "TRAINER_METHOD3_TEST_CACHE")
    monkeypatch.setattr(method3.GAMES, "_memory", {})

    def work_out(rules: Any) -> Any:
        worked_out.append(rules)
        return known

    monkeypatch.setattr(method3, "work_out_method3_game", work_out)
    assert run_queued(app) == 1
    assert worked_out == [HOME]  # worked out by the job, once
    assert [j["state"] for j in _jobs(app)] == ["done"]
    assert list((tmp_path / "games").glob("method3-*.json"))

    method3.GAMES.clear_memory()  # as a new server process: read from disk, not worked out
    monkeypatch.setattr(method3, "work_out_method3_game", _refused)
    game = method3.cached_method3_game(HOME)
    assert game is not None and game.doubling == frozenset({1, 5, 6, 10})
    page = client.get("/drills/deal-auction")
    assert page.status_code == 200 and "deal" in page.get_data(as_text=True)
    progress = client.get("/chart-jobs/progress?rules=twenty-one-home&next=/drills/deal-auction")
    assert progress.status_code == 303 and progress.headers["Location"].endswith("deal-auction")


def test_a_table_at_method_3_waits_for_the_game_too(app: Any, client: Any, csrf: Any) -> None:
    table = {
        "rules": "twenty-one-home",
        "graded": ["strategy"],
        "unit": "1",
        "bankroll": "200",
        "mode": "training",
        "others": "3",
        "boxes": "1",
        "system": "hi-lo",
        "convention": "floor",
        "resolution": "half",
        "csrf_token": csrf(),
    }
    made = client.post("/table/", data=table)
    assert made.status_code == 202
    assert "Working out the strategy chart" in made.get_data(as_text=True)
    assert [(j["kind"], j["state"]) for j in _jobs(app)] == [("chart", "queued")]
    assert jobs.active_count(open_db(app.config["DATABASE"])) == 1
