"""The rules presets: what each table plays by, and the one this learner drills with."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from trainer.engine.rulebook import rule_words
from trainer.engine.rulebook.interpretations import interpretations_for
from trainer.engine.rulebook.rules import PRESETS, InvalidRulesError
from trainer.web.readings import readings_context
from trainer.web.support import choose_rules, render

bp = Blueprint("rules", __name__)


@bp.get("/rules")
def index() -> Response:
    presets = list(PRESETS.values())
    readings = {rules.name: readings_context(rules) for rules in presets}
    interpretations = {
        rules.name: [
            {"item": item, "option": rule_words.OPTION_LABELS[item.option].label}
            for item in interpretations_for(rules)
        ]
        for rules in presets
    }
    return render(
        "rules.html",
        presets=presets,
        readings=readings,
        interpretations=interpretations,
        sources=rule_words.source_words(),
        section="rules",
    )


@bp.post("/rules")
def choose() -> Response:
    name = request.form.get("preset", "")
    try:
        choose_rules(name)
    except InvalidRulesError:
        abort(400, description=f"There is no rules preset called {name!r}.")
    return redirect(url_for("rules.index", chosen=name), 303)
