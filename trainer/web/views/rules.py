"""The rules presets: what each table plays by, and the one this learner drills with."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import Drill, get_drill, path
from trainer.engine.banker.method3 import cached_method3_game
from trainer.engine.banker.method3_table import table_figures
from trainer.engine.play.table_setup import MAX_OTHERS
from trainer.engine.rulebook import rule_words
from trainer.engine.rulebook.interpretations import interpretations_for
from trainer.engine.rulebook.rule_words import PRESET_TEXTS
from trainer.engine.rulebook.rules import PRESETS, InvalidRulesError, Rules
from trainer.web.readings import readings_context
from trainer.web.security import safe_next
from trainer.web.support import choose_rules, current_rules, keep_rules, render, rules_from_form
from trainer.words import dealing_at, quoted, say

bp = Blueprint("rules", __name__)


@bp.get("/rules")
def index() -> Response:
    # The casino's games first, then the texts' (a newcomer read a page of sources before the
    # game they drill: a walk); the sources are said where the texts' games begin.
    casino = [rules for rules in PRESETS.values() if rules.name not in PRESET_TEXTS]
    presets = casino + [rules for rules in PRESETS.values() if rules.name in PRESET_TEXTS]
    readings = {rules.name: _readings(rules) for rules in presets}
    interpretations = {rules.name: _interpretations(rules) for rules in presets}
    chosen = current_rules()
    way_on = _way_on(chosen) if request.args.get("chosen", "")[:64] == chosen.name else None
    return render(
        "rules.html",
        way_on=way_on,
        presets=presets,
        texts_from=len(casino),
        readings=readings,
        interpretations=interpretations,
        sources=rule_words.source_words(),
        most_punters=MAX_OTHERS,  # the learner and at most 6 others, one of the 7 dealing
        section="rules",
    )


def _readings(rules: Rules) -> list[dict[str, object]]:
    """The open readings of the text of ``rules``, in its words (:func:`_interpretations`)."""
    with dealing_at(PRESET_TEXTS.get(rules.name)):
        return readings_context(rules)


def _interpretations(rules: Rules) -> list[dict[str, object]]:
    """What the text of ``rules`` leaves open, each reading said in that text's words (the
    dealer and the punters as it names them, whichever game the learner plays)."""
    with dealing_at(PRESET_TEXTS.get(rules.name)):
        return [
            {
                "item": item,
                "topic": say(item.topic),
                "ours": say(item.ours),
                "option": say(rule_words.OPTION_LABELS[item.option].label),
                "tables": _method3_tables(rules) if item.key == "002-method-3" else [],
            }
            for item in interpretations_for(rules)
        ]


def _method3_tables(rules: Rules) -> list[dict[str, object]]:
    """002 method 3's bank edge by the number of punters (in percent, with its standard error;
    one punter: the game's own figure, where it is on disk), the dealer doubling by the chances
    his punters read at that table (the game's own: docs/table.md)."""
    game = cached_method3_game(rules) if rules.deal_method == 3 else None
    sizes = table_figures(rules)
    if game is None or not sizes:
        return []
    rows: list[dict[str, object]] = [{"punters": 1, "edge": game.edge * 100, "error": None}]
    rows += [
        # An error under 0.005 points shown to the thousandth, not as "± 0.00%".
        {"punters": size.punters, "edge": size.edge * 100, "error": size.edge_se * 100,
         "digits": 2 if size.edge_se * 100 >= 0.005 else 3}
        for size in sizes
    ]  # fmt: skip
    return rows


def _way_on(rules: Rules) -> dict[str, object]:
    """Where a learner who has just chosen ``rules`` goes on to: whether the players hold the
    deal in turn (002 home, 004: the table as the dealer or banker, or as a punter), and the
    drills of this game's own (a punter's stakes, dealing, bidding for the deal)."""
    players_deal = rules.table_rotation != "none"
    drills: list[Drill] = [get_drill(slug) for slug in path.game_drills(rules)]
    return {"players_deal": players_deal, "drills": drills}


@bp.post("/rules")
def choose() -> Response:
    """Drill with a preset (``preset``, the rules page's buttons), or with any rules the
    strategy chart was shown for (``rules``, their notation: a counter going to a new casino
    worked its chart out and could drill nothing but the presets, a walk), then back where the
    form was (``next``, a path on this site)."""
    if "rules" in request.form:
        chosen = keep_rules(rules_from_form(request.form.get("rules")))
        back = url_for("rules.index", chosen=chosen.name)
        return redirect(safe_next(request.form.get("next"), back), 303)
    name = request.form.get("preset", "")
    try:
        choose_rules(name)
    except InvalidRulesError:
        abort(400, description=say("There is no rules preset called %(name)s.", name=quoted(name)))
    return redirect(url_for("rules.index", chosen=name), 303)
