"""A learner's own record: progress per drill, their mistakes, and every attempt (HTML, CSV, JSON).

Only the current learner's attempts are ever read; another learner's id in a URL is a 404.
"""

from __future__ import annotations

from flask import Blueprint, make_response
from werkzeug.wrappers import Response

from drills import Drill, DrillError, Question, registry
from trainer.engine.rules import InvalidRulesError, find_preset
from trainer.store import attempts
from trainer.web.support import current_rules, current_user, get_db, learner_or_404, render

bp = Blueprint("history", __name__)

_MISTAKES_SHOWN = 200


@bp.get("/progress")
def progress() -> Response:
    user = current_user()
    stats = attempts.drill_stats(get_db(), user.id) if user else {}
    return render(
        "history/progress.html",
        user=user,
        drills=registry(),
        stats=stats,
        section="progress",
    )


@bp.get("/mistakes")
def mistakes() -> Response:
    user = current_user()
    wrong = (
        attempts.list_attempts(get_db(), user.id, correct=False, limit=_MISTAKES_SHOWN)
        if user
        else []
    )
    drills = registry()
    shown = [(attempt, _shown(drills, attempt)) for attempt in wrong]
    return render(
        "history/mistakes.html", user=user, mistakes=shown, drills=drills, section="mistakes"
    )


def _shown(drills: dict[str, Drill], attempt: attempts.Attempt) -> Question | None:
    """The question as its drill shows it, or None if the drill is gone or cannot read it."""
    drill = drills.get(attempt.drill)
    if drill is None:
        return None
    try:
        rules = find_preset(attempt.rules)
    except InvalidRulesError:
        rules = current_rules()
    try:
        return drill.question(attempt.question, rules)
    except DrillError:
        return None


@bp.get("/learners/<int:user_id>/attempts")
def learner_attempts(user_id: int) -> Response:
    user = learner_or_404(user_id)
    rows = attempts.list_attempts(get_db(), user.id)
    return render(
        "history/attempts.html", user=user, attempts=rows, drills=registry(), section="progress"
    )


@bp.get("/learners/<int:user_id>/attempts.csv")
def learner_attempts_csv(user_id: int) -> Response:
    user = learner_or_404(user_id)
    response = make_response(attempts.to_csv(attempts.list_attempts(get_db(), user.id)))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="attempts-{user.id}.csv"'
    return response


@bp.get("/learners/<int:user_id>/attempts.json")
def learner_attempts_json(user_id: int) -> Response:
    user = learner_or_404(user_id)
    response = make_response(attempts.to_json(attempts.list_attempts(get_db(), user.id)))
    response.mimetype = "application/json"
    return response
