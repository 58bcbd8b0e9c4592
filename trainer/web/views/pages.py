"""The home page: the way in (the one question, the path, Continue), Today (what is due) and
every drill, grouped under its step of the path."""

from __future__ import annotations

from flask import Blueprint
from werkzeug.wrappers import Response

from trainer.store import attempts
from trainer.web.support import clock_now, current_user, get_db, name_no_game, render
from trainer.web.views.classes import class_closures, learner_assignments
from trainer.web.views.path import path_context
from trainer.web.views.practice import today

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> Response:
    user = current_user()
    stats = attempts.drill_stats(get_db(), user.id) if user else {}
    shown = today(user, clock_now()) if user and stats else None
    name_no_game()
    return render(
        "home.html",
        stats=stats,
        today=shown,
        assignments=learner_assignments(user),
        closures=class_closures(user),
        section="home",
        **path_context(user, stats),
    )
