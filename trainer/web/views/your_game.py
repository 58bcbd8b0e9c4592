"""Your game: the learner's own answers as an error model, played by the simulator beside a
perfect counter's game, and the leaks it shows, costliest first (:mod:`drills.your_game`).

``GET /your-game`` shows the model (how many answers of each kind, each rate with its
interval, "not enough answers yet" below a kind's floor) and the learner's latest worked-out
game; ``POST /your-game`` (the bankroll and the risk of ruin their ramp is made for) queues the
runs as a job (:func:`trainer.web.jobs.submit`: never in a request) and goes to
``GET /your-game/<id>``: its progress while it runs (htmx polls it; without JavaScript the page
reloads itself), the figures, the leaks and the weeks once done. A learner sees only their own
answers and their own jobs (another's id is a 404).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, abort, current_app, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import registry
from drills.base import InvalidOptionError
from drills.bet_sizing import DEFAULT_RISK, default_bankroll, read_bankroll, read_risk
from drills.deviation_due import reader
from drills.deviation_reach import reach
from drills.error_model import (
    ErrorModel,
    error_model,
    model_from_json,
    model_to_json,
    session_of,
    with_reach,
)
from drills.your_game import figures, leaks, scenarios, weekly
from trainer.engine.counting import UnknownSystemError, find_system
from trainer.engine.rulebook.rule_options import InvalidRulesError
from trainer.engine.rulebook.rules import Rules
from trainer.store import attempts, class_work, jobs
from trainer.web.caches import app_caches, strategy_cache_dir
from trainer.web.jobs import submit
from trainer.web.preferences import current_counting_preferences
from trainer.web.support import current_rules, current_user, get_db, render
from trainer.web.your_game_page import (
    describe_kind,
    drill_url,
    running_speed,
    titles,
    win_rate_plot,
)
from trainer.words import N_, say

bp = Blueprint("your_game", __name__)

KIND = "your-game"
MOST_ANSWERS = 20_000  # the newest answers the model reads
STAGES = {
    "ramp": N_("Working out your ramp (the count study, a minute or so the first time)"),
    "rounds": N_("Playing your game and a perfect counter's"),
}


def _answers() -> list[attempts.Attempt]:
    user = current_user()
    if user is None:
        return []
    return attempts.list_attempts(get_db(), user.id, limit=MOST_ANSWERS)


def _reach(rules: str | None = None, system: str | None = None) -> dict[str, float] | None:
    """How often a hand meets one of the deviations drill's index plays where due and where
    not, in the game (the page's rules and system unless named); None before its count study
    is kept."""
    try:
        game = Rules.parse(rules) if rules else current_rules()
        counting = find_system(system) if system else current_counting_preferences().counting_system
    except (InvalidRulesError, UnknownSystemError):  # an old job's game no longer read
        return None
    found = reach(game, counting, app_caches())
    return None if found is None else {"deviation": found.due, "taken": found.not_due}


def _speeds(answers: list[attempts.Attempt]) -> dict[str, str]:
    """The speed (cards a second) of each counting session the learner's answers come from."""
    ids = {found for answer in answers if (found := session_of(answer.token)) is not None}
    user = current_user()
    if user is None or not ids:
        return {}
    sessions = class_work.session_speeds(get_db(), user.id, sorted(ids))
    return {session: str(speed) for session, (_, speed) in sessions.items()}


def _model(answers: list[attempts.Attempt]) -> ErrorModel:
    """The model of ``answers``, each deviations answer read as due or not by its count study,
    each deviation kind priced at the hands that can make it, the running count at the
    learner's counting speed."""
    return error_model(answers, due=reader(app_caches()), reach=_reach(), speed_of=_speeds(answers))


def _latest() -> jobs.Job | None:
    user = current_user()
    if user is None:
        return None
    found = jobs.jobs_of(get_db(), user.id, KIND, limit=1)
    return found[0] if found else None


def _page(model: ErrorModel, *, status: int = 200, **extra: Any) -> Response:
    rules = current_rules()
    values = {"bankroll": str(default_bankroll(rules)), "risk": "5%"}
    values.update(extra.pop("values", {}))
    return render(
        "your_game/page.html",
        status=status,
        values=values,
        game_rules=rules,  # named above the form (a walk took the drills' for the table's)
        latest=_latest(),
        **_model_context(model),
        **extra,
    )


def _model_context(model: ErrorModel) -> dict[str, Any]:
    """What the model's table shows: each kind's title, its sentence (and the running count's
    speed) and its drill's page."""
    return {
        "model": model,
        "titles": titles(),
        "described": {name: describe_kind(kind) for name, kind in model.kinds.items()},
        "running_speed": running_speed(model),
        "drill_url": drill_url,
        "drills": registry(),
        "section": "your-game",
    }


@bp.get("/your-game")
def page() -> Response:
    return _page(_model(_answers()))


def _read_form() -> tuple[str, str]:
    """The bankroll and the risk, bounded and checked.

    :raises InvalidOptionError: naming the field at fault.
    """
    rules = current_rules()
    bankroll = read_bankroll(request.form.get("bankroll", "")[:20], rules)
    risk = read_risk(request.form.get("risk", "")[:12] or str(float(DEFAULT_RISK)))
    return str(bankroll), str(float(risk))


@bp.post("/your-game")
def start() -> Response:
    model = _model(_answers())
    values = {name: request.form.get(name, "")[:20] for name in ("bankroll", "risk")}
    try:
        bankroll, risk = _read_form()
    except InvalidOptionError as error:
        return _page(model, status=400, values=values, form_error=str(error))
    if not model.enough:
        message = say("Not enough answers yet: there is nothing to work out your game from.")
        return _page(model, status=400, values=values, form_error=message)
    params = {
        "rules": current_rules().notation(),
        "system": current_counting_preferences().counting_system.slug,
        "bankroll": bankroll,
        "risk": risk,
        "rounds": current_app.config["YOUR_GAME_ROUNDS"],
        "seed": 1,
        "runs": scenarios(model),
        "model": model_to_json(model),
        "cache_dir": str(strategy_cache_dir()),
    }
    total = params["rounds"] * len(params["runs"])
    started = submit(KIND, params, what=say("your game worked out"), total=total)
    if started is None:
        message = say("Your browser must keep this site's cookie to work out your game.")
        return _page(model, status=429, values=values, form_error=message)
    return redirect(url_for("your_game.job", job_id=started.id), code=303)


@bp.get("/your-game/<rowid:job_id>")
def job(job_id: int) -> Response:
    user = current_user()
    found = jobs.owned(get_db(), job_id, user.id, KIND) if user is not None else None
    if found is None:  # another learner's is not found, whether it exists or not
        abort(404)
    context: dict[str, Any] = {"job": found, "stages": STAGES, "section": "your-game"}
    if found.state == "done" and found.result:
        context.update(_results(found))
    polled = request.headers.get("HX-Request") == "true" and request.args.get("poll") == "1"
    return render("your_game/job.html", block="progress" if polled else None, **context)


def _results(found: jobs.Job) -> dict[str, Any]:
    params = found.params
    model = with_reach(model_from_json(params["model"]), _reach(params["rules"], params["system"]))
    result = found.result
    answers = _answers()
    weeks = weekly(answers, model, result, due=reader(app_caches()), speed_of=_speeds(answers))
    return {
        **_model_context(model),
        "games": figures(model, result),
        "leaks": leaks(model, result),
        "weeks": weeks,
        "plot": win_rate_plot(weeks, unit=result["unit"]),
        "result": result,
    }


def init_app(app: Flask) -> None:
    # Rounds a run (seven runs a game at most, some 3 million rounds a second here: about
    # ten seconds, while a count error's worth is told within some 2 table minimums an hour).
    app.config.setdefault("YOUR_GAME_ROUNDS", 4_000_000)
