"""A learner's job comes before the server's own background work: on a fresh server the warm-up
queues its jobs (trainer/web/warm_up.py) and the job workers take them oldest first, but a job a
learner asks for anew, and the warm-up's own job making what a learner's page waits for (a
chart, a count study), are taken before the rest of the warm-up.

The jobs are left queued (no inline run, no pool) and taken here as a worker takes them
(:func:`trainer.store.jobs.claim`); none is run.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config
from trainer.jobs.kinds import chart_key, count_study_key
from trainer.store import jobs, open_db, users
from trainer.web.warm_up import Step, enqueue

CSRF = "test-csrf-token-0123456789"
DEFAULT = "vegas-6d-s17"
FIRST, LAST, NEW = (f"{DEFAULT} decks={decks}" for decks in (3, 5, 7))  # no chart on disk


def _charts_alone(tmp_path: Path) -> Path:
    """The presets' charts on disk (copied, so that no count study another test worked out is
    there): a fresh server's strategy cache after its charts' jobs."""
    charts = tmp_path / "charts"
    charts.mkdir()
    for found in Path(os.environ["TRAINER_CACHE_DIR"]).iterdir():
        if found.is_file() and not found.name.startswith("count-"):
            shutil.copy(found, charts)
    return charts


@pytest.fixture
def app(tmp_path: Path, strategy_charts: None) -> Any:
    """A fresh server's app, its jobs left queued: the presets' charts on disk (copied, so that
    no count study another test worked out is there), the warm-up's jobs not queued yet."""
    from trainer import create_app

    charts = _charts_alone(tmp_path)
    config = app_config(tmp_path, JOBS_INLINE=False, WARM_UP=True, STRATEGY_CACHE_DIR=str(charts))
    return create_app(config)


def _learner(app: Any) -> Any:
    """A browser the server knows (its session cookie, a CSRF token)."""
    client = app.test_client()
    guest = users.create_guest(open_db(app.config["DATABASE"]))
    with client.session_transaction() as session:
        session.update(uid=guest.id, gen=0, _csrf=CSRF)
    return client


def _taken_in_turn(app: Any) -> list[str]:
    """The queued jobs' keys in the order the job workers take them."""
    db = open_db(app.config["DATABASE"])
    taken = []
    while (job := jobs.claim(db, os.getpid())) is not None:
        taken.append(str(job.key))
    return taken


def test_a_learners_jobs_come_before_the_warm_ups(app: Any) -> None:
    steps = [Step("chart", FIRST), Step("count study", DEFAULT), Step("chart", LAST)]
    assert enqueue(app, steps) == 3  # the server's own, queued in this order
    ann, ben = _learner(app), _learner(app)
    # Ann waits for the last chart of the warm-up, Ben for its count study (Deviations under
    # the default rules, whose chart is there): each page shows the warm-up's own job.
    waiting = ann.get("/drills/basic-strategy", query_string={"rules": LAST, "wait": "1"})
    assert waiting.status_code == 202
    assert ben.get("/drills/deviations", follow_redirects=True).status_code == 202
    db = open_db(app.config["DATABASE"])
    assert jobs.active_count(db) == 3  # shared, not asked for again
    # Ann asks for a chart nobody has asked for: a job of hers.
    asked = ann.get("/drills/basic-strategy", query_string={"rules": NEW, "wait": "1"})
    assert asked.status_code == 202 and jobs.active_count(db) == 4
    study = count_study_key(DEFAULT, "hi-lo")
    assert _taken_in_turn(app) == [
        study,  # the warm-up's, a learner waiting on it: the oldest of those
        chart_key(LAST),
        chart_key(NEW),  # Ann's own
        chart_key(FIRST),  # the rest of the warm-up, oldest first
    ]


def test_a_job_that_runs_is_not_moved(app: Any) -> None:
    """Only a queued job is moved ahead: one a worker has taken keeps its row as it is."""
    assert enqueue(app, [Step("chart", FIRST), Step("chart", LAST)]) == 2
    db = open_db(app.config["DATABASE"])
    running = jobs.claim(db, os.getpid())
    assert running is not None and running.key == chart_key(FIRST)
    assert not jobs.hasten(db, running.id)
    queued = jobs.latest_by_key(db, chart_key(LAST))
    assert queued is not None and queued.priority == jobs.BACKGROUND
    assert jobs.hasten(db, queued.id) and not jobs.hasten(db, queued.id)
    assert (jobs.get(db, queued.id) or queued).priority == jobs.WAITED_ON


def test_make_dev_queues_the_warm_up_once_in_the_reloaders_parent(
    tmp_path: Path, strategy_charts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``make dev`` (TRAINER_JOB_POOL=start) queues the warm-up as ``make run`` does, in the
    process that outlives the reloader (its child loads the app again on every change and
    queues nothing), the default game's count study first, all of it the server's own."""
    from trainer import create_app
    from trainer.web import jobs as web_jobs

    started: list[object] = []
    monkeypatch.setattr(web_jobs, "start_pool", started.append)  # no real pool here
    monkeypatch.setenv("TRAINER_JOB_POOL", "start")
    charts = _charts_alone(tmp_path)
    config = app_config(tmp_path, JOBS_INLINE=False, WARM_UP=True, STRATEGY_CACHE_DIR=str(charts))
    monkeypatch.setenv("WERKZEUG_RUN_MAIN", "true")  # the reloader's child
    create_app(config)
    db = open_db(config["DATABASE"])
    assert jobs.active_count(db) == 0 and not started
    monkeypatch.delenv("WERKZEUG_RUN_MAIN")  # the parent
    create_app(config)
    assert len(started) == 1
    taken = []
    while (job := jobs.claim(db, os.getpid())) is not None:
        assert job.owner_id is None and job.priority == jobs.BACKGROUND  # behind any learner's
        taken.append(str(job.key))
    assert taken[0] == count_study_key(DEFAULT, "hi-lo"), taken
    others = [key for key in taken if key.startswith("count-study") and DEFAULT not in key]
    assert others, taken  # the other presets' count studies after the default game's
