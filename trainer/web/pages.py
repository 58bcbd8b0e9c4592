"""The home page: what the trainer is, and every drill that exists."""

from __future__ import annotations

from flask import Blueprint
from werkzeug.wrappers import Response

from drills import registry
from trainer.store import attempts
from trainer.web.support import current_user, get_db, render

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> Response:
    user = current_user()
    stats = attempts.drill_stats(get_db(), user.id) if user else {}
    return render("home.html", drills=list(registry().values()), stats=stats, section="home")
