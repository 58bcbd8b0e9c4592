"""The glossary: the games' own words (банкомёт, понтёр, сдатчик, талия...) with their English,
their games and the texts' sentences quoting them, and the counting words Russian counters use
(:mod:`trainer.engine.rulebook.glossary` holds them)."""

from __future__ import annotations

from flask import Blueprint
from werkzeug.wrappers import Response

from trainer.engine.rulebook.glossary import terms
from trainer.web.support import render
from trainer.words import dealing_at

bp = Blueprint("glossary", __name__)


@bp.get("/glossary")
def page() -> Response:
    # Every game's words side by side, each as it is: not the learner's game's dealer.
    with dealing_at(None):
        shown = terms()
        return render(
            "glossary.html",
            texts=[term for term in shown if "counting" not in term.games],
            counting=[term for term in shown if "counting" in term.games],
            section="glossary",
        )
