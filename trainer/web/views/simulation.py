"""The simulation page: a learner's rules, count, indices, ramp, bankroll and rounds run by the
simulator off the request, its progress shown as it runs, its figures and plots once done.

``GET /simulate`` is the form and the learner's recent runs; ``POST /simulate`` checks every
field (a 400 with the message beside the field, nothing started), refuses a learner who already
has ``SIMULATION_JOBS_PER_LEARNER`` runs going or a server with ``SIMULATION_JOBS_AT_ONCE`` (a
429 saying so), and queues the run as a job (:func:`trainer.web.jobs.submit`, within the
queue's own limits), which the server's job workers run; then it goes to ``GET
/simulate/<id>``: the progress while it runs (htmx polls the block; without JavaScript the page
refreshes itself), the figures and SVG plots when it is done. A run is kept and linkable by its
learner alone (another's id is a 404); a run whose process died is started again by the job
pool, or failed with the reason.
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from typing import Any

from flask import Blueprint, Flask, abort, current_app, redirect, request, url_for
from werkzeug.exceptions import BadRequest
from werkzeug.wrappers import Response

from drills.counting.preferences import system_choices
from trainer.engine.counting import find_system
from trainer.simulator.cluster import check_address, dask_installed
from trainer.simulator.job import PATH_ROUNDS, STAGES, TABLE_FIELDS, settings_of
from trainer.simulator.settings import INDICES, InvalidSettingError
from trainer.simulator.summary import count_label, rounds_an_hour
from trainer.simulator.tables import RUNNING_BUCKETS, TRUE_BUCKETS
from trainer.store import simulations
from trainer.web.caches import strategy_cache_dir
from trainer.web.jobs import submit
from trainer.web.ramp_form import (
    InvalidRampRowsError,
    faulty_line,
    form_rows,
    ramp_text,
    ramp_words,
)
from trainer.web.rules_form import option_fields, preset_menu, read_rules, readable_rules
from trainer.web.simulation_plots import (
    Z95,
    edge_plot,
    frequency_plot,
    paths_plot,
    penetration_words,
    sweep_plot,
)
from trainer.web.support import current_rules, current_user, get_db, render
from trainer.words import N_, N_plural, money, number, plain_amount, plural, said, say

bp = Blueprint("simulation", __name__)

NEW_RUN = N_("a simulation")

_FIELDS = ("rounds", "seats", "system", "indices", "ramp", "bankroll", "seed", "workers", "sweep")
# The fields a learner writes a number in, read as their language writes one ("100,000" in
# English, "100 000" and "7,50" in Russian) before the simulator reads the ASCII.
_NUMBERS = frozenset({"rounds", "seats", "bankroll", "seed", "workers"})
# Options that change nothing the simulator plays, left out of the form.
_NOT_PLAYED = {"max_seats", "box_bettors", "table_rotation", "deal_faces", "min_bet", "max_bet"}


def _form_context(values: dict[str, str], rules: Any) -> dict[str, Any]:
    user = current_user()
    return {
        "presets": preset_menu(),
        "fields": option_fields(rules, [o for o in rules.option_names() if o not in _NOT_PLAYED]),
        "systems": system_choices(),
        "indices_choices": INDICES,
        "values": values,
        "ramp_lines": form_rows(values),
        "ramp_bad_line": faulty_line(values),
        "rules": rules,
        "page_rules": rules,
        "max_rounds": current_app.config["SIMULATION_MAX_ROUNDS"],
        "max_workers": current_app.config["SIMULATION_MAX_WORKERS"],
        "workers_words": _workers_words(),
        "jobs": simulations.jobs_of(get_db(), user.id) if user else [],
        "section": "simulate",
    }


def _workers_words() -> str:
    """Where a run with more than one worker is played, as the form says it."""
    cluster = current_app.config["SIMULATION_CLUSTER"]
    if cluster == "local" and dask_installed():
        return say("more than one: that many processes, started for the run")
    if cluster and cluster != "local":
        return say("more than one: played on the server's computing cluster")
    return say("more than one: that many processes of this server")


def _form_page(values: dict[str, str], rules: Any, *, status: int = 200, **extra: Any) -> Response:
    return render("simulation.html", status=status, **_form_context(values, rules), **extra)


@bp.get("/simulate")
def page() -> Response:
    return _form_page({}, current_rules())


_DEFAULTS = {
    "rounds": "100000",
    "seats": "1",
    "seed": "0",
    "indices": "none",
    "system": "hi-lo",
    "workers": "1",
}


def _read_rules_and_ramp(values: dict[str, str]) -> tuple[Any, dict[str, str]]:
    """The form's rules (the page's where they cannot be played), its ramp rows read into the
    notation the run keeps (``values["ramp"]``), and what is wrong with either, by field."""
    early: dict[str, str] = {}
    try:
        values["ramp"] = ramp_text(values)
    except InvalidRampRowsError as error:
        early["ramp"] = said(error) or str(error)
        values["ramp"] = ""  # (the other fields checked as if it bet flat)
    try:
        rules = read_rules(values, default=current_rules())
    except BadRequest as error:
        early["rules"] = str(error.description)
        rules = current_rules()  # the other fields are checked against the page's rules
    return rules, early


def _checked(values: dict[str, str]) -> tuple[dict[str, Any], Any]:
    """The job's fields from the form, every one checked (by the simulator's own rules, the
    rounds within the app's ``SIMULATION_MAX_ROUNDS``).

    :raises InvalidSettingError: naming every field at fault (``errors``).
    """
    rules, early = _read_rules_and_ramp(values)
    fields: dict[str, Any] = {"rules": rules.notation()}
    fields.update(
        {name: values.get(name, "").strip() or _DEFAULTS.get(name, "") for name in _FIELDS}
    )
    fields.update({name: plain_amount(fields[name]) for name in _NUMBERS})
    fields.update({name: values.get(name, "").strip() for name in TABLE_FIELDS})
    config = current_app.config
    limit = config["SIMULATION_MAX_ROUNDS"]
    try:
        settings = settings_of(
            fields, max_rounds=limit, max_workers=config["SIMULATION_MAX_WORKERS"]
        )
    except InvalidSettingError as error:
        errors = {**early, **error.errors}
        field, message = next(iter(errors.items()))
        raise InvalidSettingError(field, message, errors) from None
    if early:
        field, message = next(iter(early.items()))
        raise InvalidSettingError(field, message, early)
    runs = 1 + len(settings.sweep)
    if settings.rounds * runs > limit:
        raise InvalidSettingError(
            "rounds",
            plural(
                "a sweep of %(count)s penetration plays the rounds %(runs)s times: at most "
                "%(most)s rounds (%(limit)s in all)",
                "a sweep of %(count)s penetrations plays the rounds %(runs)s times: at most "
                "%(most)s rounds (%(limit)s in all)",
                runs - 1,
                runs=number(runs),
                most=number(limit // runs),
                limit=number(limit),
            ),
        )
    seating = settings.seating
    fields.update(  # as read: a true minus sign or a plus written once, the way the page shows it
        others=seating.others or "",
        enter="" if seating.enter is None else seating.enter,
        leave="" if seating.leave is None else seating.leave,
        spots=seating.spots or "",
        spots_at=seating.spots_at if seating.spots else "",
    )
    fields.update(
        rounds=settings.rounds,
        rounds_total=settings.rounds * runs,
        sweep=",".join(str(depth) for depth in settings.sweep),
        cluster=config["SIMULATION_CLUSTER"],
    )
    return fields, rules


@bp.post("/simulate")
def start() -> Response:
    values = {k: v[:200] for k, v in request.form.items()}
    try:
        fields, rules = _checked(values)
    except InvalidSettingError as error:
        return _form_page(values, current_rules(), status=400, setup_errors=error.errors)
    db = get_db()
    # A new visitor becomes a guest once the job starts (submit), not before a refusal: a 429
    # stores nothing.
    user = current_user()
    config = current_app.config
    mine = simulations.running_count(db, user.id) if user is not None else 0
    if mine >= config["SIMULATION_JOBS_PER_LEARNER"]:
        message = say("You have a simulation running already: wait for it to finish.")
    elif simulations.running_count(db) >= config["SIMULATION_JOBS_AT_ONCE"]:
        message = say("The server is running as many simulations as it can: try again in a minute.")
    else:
        fields["cache_dir"] = str(strategy_cache_dir())  # the app's charts, not the default
        started = submit(
            simulations.KIND,
            fields,
            what=NEW_RUN,
            total=int(fields["rounds_total"]),
            inline=config["JOBS_INLINE"] and config["SIMULATION_LAUNCH"],
        )
        if started is not None:  # None: no session cookie (a POST has one: its CSRF token)
            return redirect(url_for("simulation.job", job_id=started.id), code=303)
        message = say("Your browser must keep this site's cookie to run a simulation.")
    return _form_page(values, rules, status=429, limit_message=message)


@bp.get("/simulate/<rowid:job_id>")
def job(job_id: int) -> Response:
    db = get_db()
    user = current_user()
    found = simulations.get_job(db, job_id, user.id) if user is not None else None
    if found is None:  # another learner's run is not found, whether it exists or not
        abort(404)
    context: dict[str, Any] = {
        "job": found,
        "settings": found.settings,
        "system_name": _system_name(str(found.settings.get("system", ""))),
        "ramp_words": ramp_words(str(found.settings.get("ramp") or "")),
        "bankroll_words": _amount_words(found.settings.get("bankroll")),
        "seed_words": _amount_words(found.settings.get("seed", 0)),  # as read: "-0" is 0
        # Said in its game's words (a Las Vegas run read «с банкомётом» to a learner of 004).
        "page_rules": readable_rules(str(found.settings.get("rules", ""))),
        "stages": STAGES,
        "path_rounds": PATH_ROUNDS,
        "section": "simulate",
    }
    if found.status == "done" and found.result:
        result = players_edges(found.result)
        context.update(_figures(result), result=result, risk_query=_risk_query(result))
    response = render("simulation_job.html", block="progress" if _polled() else None, **context)
    response.headers["Vary"] = "HX-Request"
    return response


def _amount_words(kept: Any) -> str:
    """A run's number as it was kept (the form's text: a bankroll "10000", a deal number "-0")
    written as its figures are (:func:`money`: "10,000", "2,500.50", "0"; the page compared the
    text with a whole number and read "10,000.00", and wrote the deal number as typed)."""
    try:
        return money(Fraction(str(kept)))
    except (ValueError, ZeroDivisionError):
        return str(kept or "")


def _system_name(slug: str) -> str:
    """A run's counting system by its name (Hi-Lo), not its notation (hi-lo)."""
    try:
        return find_system(slug).name
    except ValueError:
        return slug


# Where a run was played, as the simulator keeps it in English (trainer/simulator/job.py), and
# the same in the learner's words, read after "on" ("… rounds a second on %(where)s").
_RAN_ON = (
    # Dask, a cluster's address, whether Dask is installed: the operator's detail (their
    # settings say it); a learner reads where the run was played in plain words.
    (re.compile(r"the Dask cluster at (?P<address>.+)"), N_("the server's computing cluster")),
    (
        re.compile(r"a local Dask cluster of (?P<count>\d+) workers"),
        N_plural(
            "%(count)s worker process started for the run",
            "%(count)s worker processes started for the run",
        ),
    ),
    (
        re.compile(
            r"(?P<count>\d+) worker processes of this server( \(Dask is not installed here\))?"
        ),
        N_plural(
            "%(count)s worker process of this server", "%(count)s worker processes of this server"
        ),
    ),
    (re.compile(r"one process of this server"), N_("one process of this server")),
)


def ran_on_words(kept: str) -> str:
    """Where a run was played, in the learner's words (as kept where the shape is not known)."""
    for shape, words in _RAN_ON:
        found = shape.fullmatch(kept)
        if found is None:
            continue
        if isinstance(words, tuple):
            return plural(*words, int(found["count"]))
        return say(words, **found.groupdict())
    return kept


def _figures(result: dict[str, Any]) -> dict[str, Any]:
    """What a finished run's page shows beside its figures: each count's label (the end
    buckets hold the counts beyond them too) and the plots."""
    ends = result.get("tc_ends")
    if not ends:  # a run kept from before the ends were recorded
        balanced = find_system(str(result.get("system", "hi-lo"))).balanced
        ends = [-TRUE_BUCKETS, TRUE_BUCKETS] if balanced else [-RUNNING_BUCKETS, RUNNING_BUCKETS]
    labels = {key: count_label(key, ends) for key in result["tc_frequency"]}
    frequency, edge = result["tc_frequency"], result["player_edge_by_tc"]
    se = result.get("se_by_tc")
    return {
        "ran_on": ran_on_words(str(result.get("ran_on") or "")),
        "pace": {"heads_up": rounds_an_hour(1), "full": rounds_an_hour(7)},  # assumed
        "labels": labels,
        "z95": Z95,
        "sweep_labels": [penetration_words(d["penetration"]) for d in result.get("sweep", [])],
        "interval": {k: Z95 * v for k, v in (se or {}).items() if v is not None},
        "plots": {
            "frequency": frequency_plot(frequency, labels),
            "edge": edge_plot(edge, frequency, labels, se),
            "paths": paths_plot(result.get("paths", []), result.get("bankroll")),
            "sweep": sweep_plot(result["sweep"]) if result.get("sweep") else None,
        },
    }


def _risk_query(result: dict[str, Any]) -> dict[str, str] | None:
    """The risk page's query for a finished run: its win rate and SD a round, and its bankroll,
    in table minimums (None for a run whose rules are no longer read)."""
    rules = readable_rules(str(result.get("rules", "")))
    if rules is None or not result.get("sd_per_100"):
        return None
    unit = float(rules.min_bet)
    query = {
        "source": "figures",
        "win_rate": f"{result['win_per_100'] / 100 / unit:.6f}",
        "sd": f"{result['sd_per_100'] / 10 / unit:.6f}",
    }
    if result.get("bankroll"):
        query["bankroll"] = f"{float(result['bankroll']) / unit:.6g}"
    return query


def players_edges(result: dict[str, Any]) -> dict[str, Any]:
    """A run's figures with its edges the player's (``player_edge_percent``,
    ``player_edge_by_tc``, and in a sweep's depths), whenever it was kept: a run kept before
    the simulator said whose its edge was has the house's, under ``edge_percent`` and
    ``edge_by_tc``."""

    def player(figures: dict[str, Any]) -> dict[str, Any]:
        if "player_edge_percent" in figures or "edge_percent" not in figures:
            return figures
        house = figures["edge_percent"]
        found = {k: v for k, v in figures.items() if k != "edge_percent"}
        return {**found, "player_edge_percent": None if house is None else -house}

    found = player(result)
    if "edge_by_tc" in found:
        by_count = found.pop("edge_by_tc")
        found["player_edge_by_tc"] = {k: None if v is None else -v for k, v in by_count.items()}
    if found.get("sweep"):
        found["sweep"] = [player(depth) for depth in found["sweep"]]
    return found


def _polled() -> bool:
    return request.headers.get("HX-Request") == "true" and request.args.get("poll") == "1"


def init_app(app: Flask) -> None:
    app.config.setdefault("SIMULATION_MAX_ROUNDS", 20_000_000)
    app.config.setdefault("SIMULATION_JOBS_PER_LEARNER", 1)
    app.config.setdefault("SIMULATION_JOBS_AT_ONCE", 2)
    # False: a run is queued and left there (a test runs it itself), even inline.
    app.config.setdefault("SIMULATION_LAUNCH", True)
    app.config.setdefault("SIMULATION_MAX_WORKERS", max(1, min(8, os.cpu_count() or 1)))
    # "local": a run with more than one worker gets a local Dask cluster of its own (where the
    # dask extra is installed; else processes); an address: that cluster; None: processes.
    app.config.setdefault("SIMULATION_CLUSTER", "local")
    cluster = app.config["SIMULATION_CLUSTER"]
    if cluster not in (None, "local"):
        check_address(str(cluster))
