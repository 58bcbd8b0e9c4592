"""The strategy page: pick a preset, change any option, see the chart, the house edge and the EVs.

``GET /strategy?preset=NAME&decks=2&surrender=none...``: any rule option by its name. A chart
already computed (the disk cache) is shown at once; otherwise the page shows progress and htmx
fetches ``/strategy/chart`` (the same query) for the chart block; without JavaScript a link
asks for the whole page with ``wait=1``. ``cell=hard.16.10`` shows one cell's EVs.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, request
from werkzeug.wrappers import Response

from trainer.engine.rules import (
    OPTION_CHOICES,
    InvalidRulesError,
    Rules,
    find_preset,
    option_to_text,
    preset_names,
)
from trainer.engine.strategy import CODES, Chart, chart
from trainer.engine.strategy.advice import advice_cost, advice_for
from trainer.engine.strategy.cache import cached
from trainer.engine.strategy.chart import UP_CARDS, up_label
from trainer.web.support import current_rules, render

bp = Blueprint("strategy", __name__)

_SECTIONS = (("hard", "Hard totals"), ("soft", "Soft totals"), ("pairs", "Pairs"))
_ACTION_NAMES = {"S": "Stand", "H": "Hit", "D": "Double", "P": "Split", "R": "Surrender"}
# Options that do not change the play of one hand, left out of the form.
_NOT_PLAY = {
    "penetration",
    "reshuffle_reserve",
    "burn_cards",
    "burn_ace_reshuffles",
    "min_bet",
    "max_bet",
    "deal_method",
    "bet_after_deal",
    "box_bettors",
    "table_rotation",
    "split_deal_order",
    "dealer_natural_must_be_announced",
    "insurance",
}


def _rules_from_query() -> tuple[Rules, dict[str, str]]:
    """The preset named in the query with every option the query changes; 400 if bad."""
    name = request.args.get("preset") or current_rules().name
    try:
        base = find_preset(name)
    except InvalidRulesError as exc:
        abort(400, description=str(exc))
    changes: dict[str, str] = {}
    for option in Rules.option_names():
        value = request.args.get(option)
        if value is None or value.strip() == "":
            continue
        if value.strip().lower() != str(option_to_text(option, getattr(base, option))).lower():
            changes[option] = value.strip()
    try:
        return base.replace(**changes), changes
    except InvalidRulesError as exc:
        abort(400, description=f"Those rules cannot be played: {exc}.")


def _cache_dir() -> str | None:
    return current_app.config.get("STRATEGY_CACHE_DIR")


def _form_fields(rules: Rules) -> list[dict[str, Any]]:
    fields = []
    for option in Rules.option_names():
        if option in _NOT_PLAY:
            continue
        value = getattr(rules, option)
        text = option_to_text(option, value)
        if isinstance(value, bool):
            choices: tuple[str, ...] | None = ("true", "false")
        else:
            choices = OPTION_CHOICES.get(option)
        fields.append(
            {"name": option, "label": option.replace("_", " "), "value": text, "choices": choices}
        )
    return fields


def _grid(result: Chart) -> list[dict[str, Any]]:
    ups = [up_label(up) for up in UP_CARDS]
    sections = []
    for key, title in _SECTIONS:
        rows = []
        for row, cells in result.codes[key].items():
            rows.append(
                {
                    "label": row,
                    "cells": [
                        {
                            "up": up,
                            "code": cells[up],
                            "kind": cells[up][0],
                            "id": f"{key}.{row}.{up}",
                            "evs": result.evs[key][row][up],
                        }
                        for up in ups
                    ],
                }
            )
        sections.append({"key": key, "title": title, "rows": rows})
    return sections


def _chosen_cell(result: Chart) -> dict[str, Any] | None:
    text = request.args.get("cell")
    if not text:
        return None
    parts = text.split(".")
    if len(parts) != 3:
        abort(400, description=f"{text!r} is not a chart cell (write it like hard.16.10).")
    section, row, up = parts
    try:
        evs = result.evs[section][row][up]
        code = result.codes[section][row][up]
    except KeyError:
        abort(404, description=f"The chart has no cell {text!r}.")
    best = max(evs.values())
    actions = [
        {
            "code": action,
            "name": _ACTION_NAMES.get(action, action),
            "ev": value,
            "cost": best - value,
        }
        for action, value in sorted(evs.items(), key=lambda item: -item[1])
    ]
    title = {"hard": "Hard", "soft": "Soft", "pairs": "Pair"}[section]
    return {
        "section": section,
        "title": f"{title} {row} against {up}",
        "code": code,
        "actions": actions,
    }


def _context(rules: Rules, changes: dict[str, str], result: Chart | None) -> dict[str, Any]:
    query = {"preset": rules.name, **changes}
    context: dict[str, Any] = {
        "rules": rules,
        "query": query,
        "presets": preset_names(),
        "fields": _form_fields(rules),
        "codes": CODES,
        "chart": result,
        "section": "strategy",
        "grid": _grid(result) if result is not None else None,
        "cell": _chosen_cell(result) if result is not None else None,
        "advice": None,
    }
    advice = advice_for(rules)
    if result is not None and advice is not None:
        context["advice"] = advice_cost(rules, advice, cache_dir=_cache_dir())
    return context


@bp.get("/strategy")
def page() -> Response:
    rules, changes = _rules_from_query()
    result = cached(rules, cache_dir=_cache_dir())
    if result is None and request.args.get("wait") == "1":
        result = chart(rules, cache_dir=_cache_dir())
    return render("strategy.html", **_context(rules, changes, result))


@bp.get("/strategy/chart")
def chart_block() -> Response:
    """The chart block, computed now if need be (htmx asks for it while the page waits)."""
    rules, changes = _rules_from_query()
    result = chart(rules, cache_dir=_cache_dir())
    return render("strategy.html", block="chart", **_context(rules, changes, result))
