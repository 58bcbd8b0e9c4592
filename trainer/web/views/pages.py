"""The home page: what the trainer is, every drill that exists, and Today (what is due)."""

from __future__ import annotations

from flask import Blueprint
from werkzeug.wrappers import Response

from drills import registry
from trainer.store import attempts
from trainer.web.support import clock_now, current_user, get_db, render
from trainer.web.views.practice import today

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> Response:
    user = current_user()
    stats = attempts.drill_stats(get_db(), user.id) if user else {}
    shown = today(user, clock_now()) if user and stats else None
    return render(
        "home.html", drills=list(registry().values()), stats=stats, today=shown, section="home"
    )
