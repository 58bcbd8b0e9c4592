"""The home page: the way in (the one question, the path, Continue), Today (what is due) and
every drill, grouped under its step of the path."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from trainer.clock import stamp
from trainer.store import attempts, goals
from trainer.web.error_words import error_said
from trainer.web.support import clock_now, current_user, get_db, name_no_game, render
from trainer.web.views.classes import class_closures, learner_assignments
from trainer.web.views.path import path_context
from trainer.web.views.practice import NotWholeError, read_whole, today
from trainer.words import say

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> Response:
    return home_page()


def home_page(*, status: int = 200, goal_error: str = "") -> Response:
    """The home page; ``goal_error``: a daily goal refused, said beside its field with what
    was typed (it was a page of its own, away from the form)."""
    user = current_user()
    stats = attempts.drill_stats(get_db(), user.id) if user else {}
    shown = today(user, clock_now()) if user and stats else None
    name_no_game()
    return render(
        "home.html",
        status=status,
        goal_error=goal_error,
        stats=stats,
        today=shown,
        assignments=learner_assignments(user),
        closures=class_closures(user),
        section="home",
        **path_context(user, stats),
    )


@bp.post("/today/goal")
def set_goal() -> Response:
    """The learner's daily goal, in answers or minutes; one refused is said beside its field on
    the home page, as typed (it was a page of its own), nothing changed."""
    user = current_user()
    if user is None:
        abort(400, description=say("Answer a question first: a goal belongs to a learner."))
    kind = request.form.get("kind", "")
    try:
        goal = goals.check_goal(kind[:20], read_whole(request.form.get("amount", ""), "goal"))
    except NotWholeError as error:
        return home_page(status=400, goal_error=str(error))
    except goals.InvalidGoalError as error:
        why = error_said(error, say("it is not a goal the trainer keeps"))
        refused = say("That goal was not kept: %(why)s. Nothing was changed.", why=why)
        return home_page(status=400, goal_error=refused)
    goals.set_goal(get_db(), user.id, goal, at=stamp(clock_now()))
    return redirect(url_for("pages.home", _anchor="today"), code=303)
