"""The simulation page: the form, every field checked first (a 400 beside it, nothing stored),
a job row per run, its progress and then its figures and SVG plots, the limits on running jobs,
and a server restart marking a job whose process is gone failed, never a finished one."""

from __future__ import annotations

import html
import os
import re
from typing import Any

import pytest

from trainer.jobs.worker import run_by_id as run_job
from trainer.store import jobs, simulations

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
    assert "Simulate a game" in text and 'name="ramp-units-0"' in text and 'name="rounds"' in text


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
    assert "Your edge" in done and "Risk of ruin" in done  # a ramp: a counter's game
    assert "House edge" not in done
    link = re.search(r'<a href="(/risk\?[^"]+)">The risk of this game', done)
    assert link and "bankroll=400" in link.group(1)  # 2000 at a table minimum of 5
    assert client.get(link.group(1).replace("&amp;", "&")).status_code == 200
    assert 'class="sim-plot sim-frequency"' in done and 'class="sim-plot sim-edge"' in done
    assert 'class="sim-plot sim-paths"' in done and "hx-trigger" not in done
    # The paths say what they are (a walk asked why 100,000 rounds drew 1,980), and the money
    # figures their unit (an average bet of 9.66 read beside a ramp topping at 8 units).
    assert "at most 2,000 rounds dealt apart from the run" in done
    assert "leaves out counts that start fewer than one round in a thousand" in done
    assert "Average bet, in chips" in done and "Win per 100 rounds, in chips" in done
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
    assert db.execute("SELECT count(*) FROM jobs").fetchone()[0] == 0


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


def test_a_job_whose_process_is_gone_is_queued_again_then_failed_and_a_finished_one_kept(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    finished = _job_id(_post(client, csrf))
    assert run_job(quiet_app.config["DATABASE"], finished) == 0
    running = _job_id(_post(client, csrf))
    gone = 2**22 + 12345  # a process that is not there
    for tries in range(1, 4):
        assert simulations.started(db, running, pid=gone)
        db.execute("UPDATE jobs SET heartbeat = heartbeat - 60 WHERE id = ?", [running])
        (found, outcome), *_ = jobs.reap(db, stale_seconds=5, hung_seconds=120, max_tries=3)
        assert found.id == running and outcome == ("queued" if tries < 3 else "failed")
    assert simulations.get_job(db, running).status == "failed"
    assert simulations.get_job(db, finished).status == "done"
    text = client.get(f"/simulate/{running}").get_data(as_text=True)
    assert "This run failed: its process stopped 3 times" in text


def test_every_bad_field_is_shown_beside_it_at_once(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    response = _post(client, csrf, rounds="0", ramp="1@2,x", bankroll="1", seats="9")
    text = response.get_data(as_text=True)
    assert response.status_code == 400
    for named in ("rounds", "ramp", "bankroll", "seats"):
        assert f'id="{named}-error"' in text
        assert re.search(f'aria-describedby="[^"]*{named}-error"', text)
    assert 'id="seed-error"' not in text
    assert db.execute("SELECT count(*) FROM jobs").fetchone()[0] == 0


def test_a_bad_rule_and_a_bad_field_are_both_shown(quiet_app: Any, client: Any, csrf: Any) -> None:
    text = _post(client, csrf, **{"rule-decks": "99", "rounds": "-5"}).get_data(as_text=True)
    assert 'id="rules-error"' in text and 'id="rounds-error"' in text


@pytest.mark.parametrize(
    ("field", "typed", "said"),
    [
        ("rule-decks", "1000000", "Decks: “1000000” is far too large for this rule."),
        ("rule-blackjack_pays", "six to five", "“six to five” is not a ratio like 3:2"),
        # A ratio, too large: it was told it is "not a ratio" (a walk).
        (
            "rule-blackjack_pays",
            "99999999999:1",
            "“99999999999:1” has too many digits: a ratio takes at most six each side",
        ),
    ],
)
def test_a_refused_rule_is_said_in_the_words_typed_at_the_top_of_the_options_shown_open(
    quiet_app: Any, client: Any, csrf: Any, field: str, typed: str, said: str
) -> None:
    """A walk typed a million decks and read "expected a whole number", "six to five" and read
    it quoted back as “sixtofive”, each below the rule options, which stayed closed, beside the
    rounds' field."""
    response = _post(client, csrf, **{field: typed})
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    box = text.split('<details class="rule-options-box" open>', 1)
    assert len(box) == 2, "the rule options are shown open"
    options = box[1].split("</summary>", 1)[1].lstrip()
    error = '<p class="field-error" role="alert" id="rules-error">'
    assert options.startswith(error), options[:200]
    assert said in options.split("</p>", 1)[0]


@pytest.mark.parametrize("rounds", ["0", "999999999", "20000001"])
def test_the_rounds_bound_stated_is_the_one_applied(
    quiet_app: Any, client: Any, csrf: Any, rounds: str
) -> None:
    text = _post(client, csrf, rounds=rounds).get_data(as_text=True)
    error = re.search(r'id="rounds-error">([^<]*)<', text)
    assert error and "1 to 20,000,000" in error.group(1)
    assert "10,000,000,000" not in text
    assert "up to 20,000,000 rounds" in text
    quiet_app.config["SIMULATION_MAX_ROUNDS"] = 50_000
    text = _post(client, csrf, rounds=rounds).get_data(as_text=True)
    assert "1 to 50,000" in text and "up to 50,000 rounds" in text


def test_progress_is_written_as_blocks_finish_and_each_stage_is_said(
    quiet_app: Any, client: Any, csrf: Any, db: Any, monkeypatch: Any
) -> None:
    told: list[tuple[str, int | str]] = []
    progress, set_stage = jobs.progress, jobs.set_stage

    def record_progress(db: Any, job_id: int, done: int, total: int | None = None) -> None:
        told.append(("rounds", done))
        progress(db, job_id, done, total)

    def record_stage(db: Any, job_id: int, stage: str) -> None:
        told.append(("stage", stage))
        set_stage(db, job_id, stage)

    monkeypatch.setattr(jobs, "progress", record_progress)
    monkeypatch.setattr(jobs, "set_stage", record_stage)
    job_id = _job_id(_post(client, csrf, rounds="60000"))
    assert run_job(quiet_app.config["DATABASE"], job_id) == 0
    stages = [what for kind, what in told if kind == "stage"]
    assert stages == ["chart", "compile", "rounds", "paths"]
    done = [what for kind, what in told if kind == "rounds"]
    assert len(done) >= 5 and done == sorted(done) and done[-1] == 60000
    assert told.index(("stage", "rounds")) < told.index(("rounds", done[0]))


def test_the_page_says_what_a_running_job_is_doing(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    from trainer.simulator.job import STAGES

    job_id = _job_id(_post(client, csrf))
    assert simulations.started(db, job_id, pid=os.getpid())
    simulations.set_stage(db, job_id, "indices")
    text = client.get(f"/simulate/{job_id}").get_data(as_text=True)
    assert STAGES["indices"] in text and "(0%)" in text
    simulations.set_stage(db, job_id, "rounds")
    simulations.progress(db, job_id, 5000)
    polled = client.get(f"/simulate/{job_id}?poll=1", headers={"HX-Request": "true"})
    text = polled.get_data(as_text=True)
    assert STAGES["rounds"] in text and "<strong>5,000</strong> of 20,000 rounds (25%)" in text
    assert 'hx-trigger="every 1s"' in text


def _counts_result() -> dict[str, Any]:
    """A run's figures as the simulator keeps them (the player's edges)."""
    keys = [str(c) for c in range(-10, 11)]
    return {
        "rules": "vegas-6d-s17",
        "rounds": 20000,
        "player_edge_percent": -0.5,
        "se_percent": 0.8,
        "win_per_100": -2.5,
        "sd_per_100": 57.0,
        "average_bet": 5.0,
        "n0": None,
        "score": 0.0,
        "risk_of_ruin": None,
        "rounds_per_second": 2_000_000,
        "tc_frequency": {k: 1 / 21 for k in keys},
        "player_edge_by_tc": {k: 0.6 * int(k) for k in keys},
        "se_by_tc": {k: 1.5 for k in keys},
        "tc_ends": [-10, 10],
        "system": "hi-lo",
        "paths": [[0.0, 5.0, -5.0]],
    }


def _finished(
    client: Any, csrf: Any, db: Any, result: dict[str, Any] | None = None, **fields: str
) -> str:
    """A run sent with ``fields``, finished with ``result`` (a flat run's figures by default):
    its page."""
    job_id = _job_id(_post(client, csrf, **fields))
    assert simulations.started(db, job_id, pid=os.getpid())
    simulations.finish(db, job_id, result if result is not None else _counts_result())
    return str(client.get(f"/simulate/{job_id}").get_data(as_text=True))


def test_the_end_counts_are_labelled_as_holding_those_beyond(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    text = _finished(client, csrf, db)
    assert '<th scope="row">\u2264\u221210</th>' in text
    assert '<th scope="row">\u2265+10</th>' in text
    assert '<th scope="row">+9</th>' in text and '<th scope="row">\u22129</th>' in text
    assert "\u00b1 2.94%" in text  # the 95% interval: 1.96 standard errors of 1.5%
    assert text.count('class="edge-bar"') == 21


def _kept_before_whose_edge(result: dict[str, Any]) -> dict[str, Any]:
    """The same figures as a run kept before the simulator said whose its edge was: the
    house's, under edge_percent and edge_by_tc."""
    old = {k: v for k, v in result.items() if not k.startswith("player_edge")}
    old["edge_percent"] = -result["player_edge_percent"]
    old["edge_by_tc"] = {k: -v for k, v in result["player_edge_by_tc"].items()}
    return old


@pytest.mark.parametrize("kept", ["now", "before"])
def test_every_edge_says_whose_it_is_and_none_is_a_negative_house_edge(
    quiet_app: Any, client: Any, csrf: Any, db: Any, kept: str
) -> None:
    """Flat basic strategy where the house wins: "House edge 0.500%"; the counts' edges are
    yours, positive where you have it; a run kept before is read the same way."""
    result = _counts_result()
    text = _finished(client, csrf, db, result if kept == "now" else _kept_before_whose_edge(result))
    assert "<dt>House edge</dt><dd><strong>0.500%</strong>" in text
    assert "Your edge at each count" in text and "<td>+3.00%</td>" in text  # at +5: 0.6 x 5
    assert not re.search(r"[Hh]ouse edge[^.]{0,40}[-\u2212]\d", text)
    assert "You have the edge from a count of +1." in text


def test_a_counters_run_says_your_edge(quiet_app: Any, client: Any, csrf: Any, db: Any) -> None:
    result = {**_counts_result(), "player_edge_percent": 1.25}
    text = _finished(client, csrf, db, result, ramp="1@-99,8@2")
    assert "<dt>Your edge</dt><dd><strong>+1.250%</strong>" in text and "House edge" not in text


def test_a_winning_runs_n0_and_score_are_said_in_words(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    """N0 and SCORE stood bare on a run's page (a walk: "what is N0?"); they are said as the
    risk page says them."""
    result = {**_counts_result(), "player_edge_percent": 1.25, "n0": 13225.4, "score": 75.61}
    text = _finished(client, csrf, db, result, ramp="1@-99,8@2")
    assert "<dt>N0</dt>\n<dd>13,225 rounds: after that many, the expected win equals one" in text
    assert "<dt>SCORE</dt>\n<dd>75.61: what a 10,000-unit bankroll wins in 100 rounds" in text


def test_a_runs_page_says_a_table_minimum_in_chips_between_the_two_kinds_of_line(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    """The lines in table minimums and those in chips were never said together (a walk)."""
    text = _finished(client, csrf, db)
    said = "<dt>A table minimum</dt><dd>5 chips: the lines above count in table minimums"
    assert said in text
    assert text.index(said) < text.index("Win per 100 rounds, in chips")


def test_a_losing_runs_n0_says_the_game_does_not_win(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    text = _finished(client, csrf, db)  # n0 None: a house edge
    assert "<dt>N0</dt>\n<dd>none: the game does not win</dd>" in text


def test_a_refused_run_says_so_at_the_top_linked_to_its_first_field(client: Any, csrf: Any) -> None:
    """The fields at fault were marked where they stand, screens below the top of the page a
    phone opens at (a walk)."""
    refused = _post(client, csrf, workers="99", seed="x")
    text = refused.get_data(as_text=True)
    assert refused.status_code == 400
    summary = text.index('class="field-error error-summary" role="alert"')
    assert summary < text.index('<form method="post" action="/simulate"')
    assert '<a href="#seed-error">The run was not started: 2 fields below need a change.' in text
    assert 'id="seed-error"' in text and 'id="workers-error"' in text


def test_a_deal_number_below_zero_says_its_bounds_in_plain_words(client: Any, csrf: Any) -> None:
    # "must be 0 to 9,223,372,036,854,775,807" (a walk): 2^63 - 1 written out.
    text = html.unescape(_post(client, csrf, seed="-1").get_data(as_text=True))
    said = re.search(r'id="seed-error">([^<]*)<', text)
    assert said and "0 or more, with fewer than 19 digits" in said[1], said
    assert "9,223" not in text


def test_the_forms_seed_and_workers_are_asked_in_plain_words(client: Any) -> None:
    text = client.get("/simulate").get_data(as_text=True)
    assert '>Deal number <input name="seed"' in text and 'aria-describedby="seed-hint"' in text
    assert "the same number deals the same cards" in text
    assert '>Processes at once <input name="workers"' in text
    assert ">Seed <" not in text and ">Workers <" not in text


def test_a_sweep_plays_each_penetration_and_draws_the_edge_at_each(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    job_id = _job_id(_post(client, csrf, sweep="5/6, 1/2", ramp="1@-99,4@2"))
    job = simulations.get_job(db, job_id)
    assert job is not None and job.rounds_total == 60000 and job.settings["sweep"] == "1/2,5/6"
    assert run_job(quiet_app.config["DATABASE"], job_id) == 0
    result = simulations.get_job(db, job_id).result
    assert [d["penetration"] for d in result["sweep"]] == ["1/2", "5/6"]
    assert all(d["se_percent"] > 0 for d in result["sweep"])
    text = client.get(f"/simulate/{job_id}").get_data(as_text=True)
    assert 'class="sim-plot sim-sweep"' in text and text.count('class="edge-bar"') >= 2
    assert '<th scope="row">50%</th>' in text and '<th scope="row">83.3%</th>' in text
    assert "60,000 rounds in all" in text


def test_a_sweeps_rounds_count_towards_the_bound(quiet_app: Any, client: Any, csrf: Any) -> None:
    response = _post(client, csrf, rounds="8000000", sweep="1/2,3/4")
    assert response.status_code == 400
    error = re.search(r'id="rounds-error">([^<]*)<', response.get_data(as_text=True))
    assert error and "at most 6,666,666 rounds (20,000,000 in all)" in error.group(1)
    bad = _post(client, csrf, sweep="1/2,9/8")
    assert bad.status_code == 400 and 'id="sweep-error"' in bad.get_data(as_text=True)


def test_the_workers_are_bounded_by_the_apps_limit(quiet_app: Any, client: Any, csrf: Any) -> None:
    quiet_app.config["SIMULATION_MAX_WORKERS"] = 4
    text = _post(client, csrf, workers="5").get_data(as_text=True)
    assert 'id="workers-error"' in text and "1 to 4" in text


def test_a_run_with_workers_goes_to_a_local_dask_cluster_with_the_same_figures(
    quiet_app: Any, client: Any, csrf: Any, db: Any, monkeypatch: Any
) -> None:
    pytest.importorskip("distributed")
    from trainer.simulator import cluster

    monkeypatch.setattr(cluster, "LOCAL_PROCESSES", False)  # threads: a second to start
    alone = _job_id(_post(client, csrf, seed="5"))
    assert run_job(quiet_app.config["DATABASE"], alone) == 0
    spread = _job_id(_post(client, csrf, seed="5", workers="2"))
    assert simulations.get_job(db, spread).settings["cluster"] == "local"
    assert run_job(quiet_app.config["DATABASE"], spread) == 0
    one, two = (simulations.get_job(db, i).result for i in (alone, spread))
    assert two["ran_on"] == "a local Dask cluster of 2 workers"
    assert one["ran_on"] == "one process of this server"
    assert two["player_edge_percent"] == one["player_edge_percent"]
    assert two["tc_frequency"] == one["tc_frequency"]
    text = client.get(f"/simulate/{spread}").get_data(as_text=True)
    assert "on 2 worker processes started for the run" in text and "Dask" not in text


@pytest.mark.long
def test_without_dask_a_run_with_workers_uses_processes_and_says_so(
    quiet_app: Any, client: Any, csrf: Any, db: Any, monkeypatch: Any
) -> None:
    from trainer.simulator import job as job_module
    from trainer.web.views import simulation

    monkeypatch.setattr(simulation, "dask_installed", lambda: False)
    monkeypatch.setattr(job_module, "dask_installed", lambda: False)
    page = client.get("/simulate").get_data(as_text=True)
    assert "more than one: that many processes of this server" in page and "Dask" not in page
    job_id = _job_id(_post(client, csrf, workers="2", rounds="30000"))
    assert run_job(quiet_app.config["DATABASE"], job_id) == 0
    result = simulations.get_job(db, job_id).result
    assert result["ran_on"] == "2 worker processes of this server (Dask is not installed here)"


@pytest.mark.parametrize("job_id", ["9223372036854775808", "99999999999999999999999999"])
def test_an_id_past_what_the_store_holds_is_a_404(client: Any, job_id: str) -> None:
    """Past SQLite's integers (2**63 - 1) no row can have it: a 404, not an overflow's 500."""
    assert client.get(f"/simulate/{job_id}").status_code == 404


def test_a_runs_settings_name_the_rules_and_system_in_words_not_notation(
    quiet_app: Any, client: Any, csrf: Any
) -> None:
    """Issue 30's walk: the Russian report opened «vegas-6d-s17: 20 000 раундов, 1 место,
    hi-lo; зерно 0»; it names the rules and the system in words, as the form offered them."""
    job_id = _job_id(_post(client, csrf, indices="i18"))
    page = client.get(f"/simulate/{job_id}", headers={"Accept-Language": "ru"})
    lead = re.search(r'<p class="lead">(.*?)</p>', page.get_data(as_text=True), re.S)
    assert lead is not None
    assert "vegas-6d-s17" not in lead.group(1) and "hi-lo" not in lead.group(1)
    assert "Лас-Вегас" in lead.group(1)
    assert "Hi-Lo с индексами «Знаменитые 18»" in lead.group(1)


def test_where_a_run_was_played_is_said_without_the_operators_dask() -> None:
    from trainer.web.views.simulation import ran_on_words

    kept = "2 worker processes of this server (Dask is not installed here)"
    assert ran_on_words(kept) == "2 worker processes of this server"
    assert (
        ran_on_words("the Dask cluster at tcp://10.0.0.5:8786") == "the server's computing cluster"
    )


def test_the_ramp_is_written_in_lines_and_kept_in_its_notation(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    """The ramp is asked as lines (a bet at any count, then a bet from a count up), not as the
    simulator's "units@count" notation, which a learner read as engine notation (a walk); the
    run keeps the notation and its page says it in words."""
    rows = {"ramp-units-0": "1", "ramp-count-1": "+1", "ramp-units-1": "2"}
    rows.update({"ramp-count-2": "3", "ramp-units-2": "4.5"})
    response = _post(client, csrf, **rows)
    job = simulations.get_job(db, _job_id(response))
    assert job is not None and job.settings["ramp"] == "1@-999,2@1,4.5@3"
    page = client.get(f"/simulate/{job.id}").get_data(as_text=True)
    assert "ramp: 1 unit; 2 from +1; 4.5 from +3" in page and "@" not in page
    form = client.get("/simulate").get_data(as_text=True)
    assert "units@count" not in form and "1@-99" not in form


def test_a_ramp_of_twelve_lines_is_taken_whole_the_last_six_behind_more_lines(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    """The index chart's ramp at a 5,000 bankroll has 11 lines; the form took 6, so a counter
    could not copy it (a walk). Twelve now: six shown, six behind "More lines", open where one
    of them is filled or at fault."""
    form = client.get("/simulate").get_data(as_text=True)
    assert "ramp-units-11" in form and "ramp-units-12" not in form
    more = form.split('<details class="ramp-more"')[1]
    assert more.startswith(">") and 'name="ramp-count-6"' in more  # closed, lines 7 to 12 in it
    rows = {"ramp-units-0": "1"} | {f"ramp-count-{n}": str(n) for n in range(1, 12)}
    rows |= {f"ramp-units-{n}": str(2 * n) for n in range(1, 12)}
    job = simulations.get_job(db, _job_id(_post(client, csrf, **rows)))
    assert job is not None and job.settings["ramp"].endswith(",20@10,22@11")
    assert job.settings["ramp"].count("@") == 12
    refused = _post(client, csrf, **(rows | {"ramp-units-9": "x"})).get_data(as_text=True)
    assert "Line 10 of the ramp" in refused and '<details class="ramp-more" open>' in refused


@pytest.mark.parametrize(
    ("rows", "said"),
    [
        ({"ramp-units-0": "1", "ramp-count-1": "+1"}, "Line 2 of the ramp: give both"),
        ({"ramp-units-0": "1", "ramp-count-1": "x", "ramp-units-1": "2"}, "a whole number"),
        ({"ramp-units-0": "0"}, "Line 1 of the ramp: the bet is a number of units above 0"),
        ({"ramp-units-0": "\u0661"}, "Line 1 of the ramp: the bet is a number"),  # (ASCII only)
        ({"ramp-units-0": "", "ramp-count-1": "1", "ramp-units-1": "2"}, "bet at any count"),
        (
            {
                "ramp-units-0": "1",
                "ramp-count-1": "3",
                "ramp-units-1": "2",
                "ramp-count-2": "2",
                "ramp-units-2": "3",
            },
            "must rise from line to line",
        ),  # fmt: skip
    ],
)
def test_a_ramp_line_that_cannot_be_read_is_said_beside_the_lines_as_typed(
    quiet_app: Any, client: Any, csrf: Any, db: Any, rows: dict[str, str], said: str
) -> None:
    response = _post(client, csrf, rounds="0", **rows)
    text = response.get_data(as_text=True)
    assert response.status_code == 400
    error = re.search(r'id="ramp-error">([^<]*)<', text)
    assert error and said in error.group(1) and "@" not in error.group(1)
    assert 'id="rounds-error"' in text  # every field at once
    assert f'name="ramp-units-0" value="{rows["ramp-units-0"]}"' in text  # kept as typed
    assert db.execute("SELECT count(*) FROM jobs").fetchone()[0] == 0


def test_only_the_ramp_line_at_fault_is_marked_and_its_message_is_in_the_lines(
    quiet_app: Any, client: Any, csrf: Any
) -> None:
    """Every ramp field was marked invalid, the empty ones too, and the message sat after the
    lines beside the bankroll (a learner's walk)."""
    text = _post(client, csrf, **{"ramp-units-0": "1", "ramp-count-1": "+1"}).get_data(as_text=True)
    lines = text.split('class="ramp-rows"')[1].split("</fieldset>")[0]
    assert 'id="ramp-error"' in lines  # said within the lines
    marked = re.findall(r'name="(ramp-[a-z]+-\d)"[^>]*aria-invalid="true"', lines)
    assert marked == ["ramp-count-1", "ramp-units-1"]
    assert 'aria-describedby="ramp-error"' in lines


def test_a_runs_page_is_said_in_its_games_words(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    """A Las Vegas run's page read «один на один с банкомётом» to a learner whose game is 004
    (a walk): it names its own rules as the page's, the footer beside the learner's table."""
    with client.session_transaction() as session:
        session["rules"] = "russian-bank"
    job_id = _job_id(_post(client, csrf))
    page = client.get(f"/simulate/{job_id}").get_data(as_text=True)
    assert "This page: Las Vegas, 6 decks" in page and "your rules for the drills: " in page


def test_a_runs_bankroll_is_written_as_its_figures_are(
    quiet_app: Any, client: Any, csrf: Any, db: Any
) -> None:
    """The run's line read "bankroll 10000" beside "10,000" in its figures (a walk), then
    "bankroll 10,000.00" (the form's text compared with a whole number: a second walk); its
    deal number and processes are named as the form names them."""
    job_id = _job_id(_post(client, csrf, bankroll="10000", seed="7"))
    text = client.get(f"/simulate/{job_id}").get_data(as_text=True)
    assert "bankroll 10,000; deal number 7" in text and "seed" not in text
    assert simulations.started(db, job_id, pid=os.getpid())
    simulations.finish(db, job_id, _counts_result())  # one run at a time: this one done
    job_id = _job_id(_post(client, csrf, bankroll="2500.5", seed="-0"))  # (as read: 0)
    text = client.get(f"/simulate/{job_id}").get_data(as_text=True)
    assert "bankroll 2,500.50; deal number 0." in text
