"""The simulation page: the form, every field checked first (a 400 beside it, nothing stored),
a job row per run, its progress and then its figures and SVG plots, the limits on running jobs,
and a server restart marking a job whose process is gone failed, never a finished one."""

from __future__ import annotations

import re
from typing import Any

import pytest

from trainer.simulator.job import run_job
from trainer.store import simulations

FORM = {"preset": "vegas-6d-s17", "rounds": "20000", "seats": "1", "system": "hi-lo"}


@pytest.fixture
def quiet_app(app: Any) -> Any:
    app.config["SIMULATION_LAUNCH"] = False  # the test runs the job itself
    return app


def _post(client: Any, csrf: Any, **fields: str) -> Any:
    return client.post("/simulate", data={**FORM, **fields, "csrf_token": csrf()})


def _job_id(response: Any) -> int:
    assert response.status_code == 303
    found = re.fullmatch(r"/simulate/(\d+)", response.headers["Location"])
    assert found
    return int(found.group(1))


def test_the_form(client: Any) -> None:
    text = client.get("/simulate").get_data(as_text=True)
    assert "Simulate a game" in text and 'name="ramp"' in text and 'name="rounds"' in text


def test_a_run_shows_its_progress_then_its_figures(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    job_id = _job_id(_post(client, csrf, ramp="1@-99,2@1,4@2", bankroll="2000"))
    waiting = client.get(f"/simulate/{job_id}").get_data(as_text=True)
    assert (
        "<strong>0</strong> of 20,000 rounds (0%)" in waiting and 'hx-trigger="every 1s"' in waiting
    )
    assert '<meta http-equiv="refresh" content="2">' in waiting  # without JavaScript
    assert run_job(quiet_app.config["DATABASE"], job_id) == 0
    done = client.get(f"/simulate/{job_id}").get_data(as_text=True)
    assert "House edge" in done and "Risk of ruin" in done
    assert 'class="sim-plot sim-frequency"' in done and 'class="sim-plot sim-edge"' in done
    assert 'class="sim-plot sim-paths"' in done and "hx-trigger" not in done
    polled = client.get(f"/simulate/{job_id}?poll=1", headers={"HX-Request": "true"})
    assert polled.get_data(as_text=True).lstrip().startswith('<div id="simulation-progress"')
    job = simulations.get_job(db, job_id)
    assert job is not None and job.status == "done" and job.result["rounds"] == 20000


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"rounds": "0"}, "rounds"),
        ({"rounds": "999999999"}, "rounds"),  # above a job's limit in the app
        ({"ramp": "1@2,x"}, "ramp"),
        ({"bankroll": "1"}, "bankroll"),
        ({"seats": "9"}, "seats"),
        ({"system": "nope"}, "system"),
        ({"indices": "most"}, "indices"),
        ({"rule-decks": "99"}, "rules"),
    ],
)
def test_a_bad_field_is_a_400_beside_it_with_nothing_stored(
    quiet_app: Any, client: Any, csrf: Any, db: Any, fields: dict[str, str], named: str
) -> None:
    response = _post(client, csrf, **fields)
    assert response.status_code == 400
    assert f'id="{named}-error"' in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM simulation_jobs").fetchone()[0] == 0


def test_one_run_at_a_time_per_learner(quiet_app: Any, client: Any, csrf: Any) -> None:
    _job_id(_post(client, csrf))
    second = _post(client, csrf)
    assert second.status_code == 429
    assert "simulation running already" in second.get_data(as_text=True)


def test_another_learners_run_is_not_found(quiet_app: Any, client: Any, csrf: Any) -> None:
    job_id = _job_id(_post(client, csrf))
    other = quiet_app.test_client()
    assert other.get(f"/simulate/{job_id}").status_code == 404
    assert client.get("/simulate/999999").status_code == 404


def test_a_restart_fails_a_job_whose_process_is_gone_and_keeps_a_finished_one(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    from trainer import create_app

    finished = _job_id(_post(client, csrf))
    assert run_job(quiet_app.config["DATABASE"], finished) == 0
    running = _job_id(_post(client, csrf))
    assert simulations.started(db, running, pid=2**22 + 12345)  # a process that is not there
    create_app(dict(quiet_app.config))  # the server starts again
    assert simulations.get_job(db, running).status == "failed"
    assert simulations.get_job(db, finished).status == "done"
    text = client.get(f"/simulate/{running}").get_data(as_text=True)
    assert "This run failed" in text
