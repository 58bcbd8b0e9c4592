"""The drill round between shoes (:mod:`trainer.web.table_drill_round`).

- ``POST /table/<id>/drill-round`` (``drill``: one of the drills the played-out table asked):
  start the drill round of that drill's mistakes due and this shoe's, as a review batch linked to
  the table, and ask it on the drill road (``/drills/<slug>?review=<batch id>``). The table
  must be played out; a drill with nothing to ask, or one the table did not ask, is a 400.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import registry
from trainer.store import drill_rounds
from trainer.web.support import clock_now, get_db
from trainer.web.table_drill_round import DRILL_ROUND, asked_drills, round_questions
from trainer.web.views.table import seated_or_404
from trainer.words import say

bp = Blueprint("drill_round", __name__, url_prefix="/table")


@bp.post("/<key:table_id>/drill-round")
def start(table_id: str) -> Response:
    """Start the drill round of one drill after a played-out table."""
    seated = seated_or_404(table_id)
    if seated.ask.kind != "over":
        abort(400, say("The drill round comes between shoes: play this shoe out first."))
    slug = request.form.get("drill", "")[:40]
    drill = registry().get(slug)
    if drill is None or slug not in asked_drills(seated.user.id, seated.stored.id):
        abort(400, say("Choose a kind of question this table asked for the drill round."))
    chosen = round_questions(seated.user.id, drill, seated.stored.id, clock_now())
    if not chosen:
        abort(400, say("Nothing of that kind is due for review: there is no drill round."))
    batch = drill_rounds.create_round(
        get_db(), seated.user.id, slug, seated.stored.id, chosen[:DRILL_ROUND]
    )
    return redirect(url_for("drills.ask", slug=slug, review=batch.id), code=303)
