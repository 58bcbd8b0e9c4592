"""The strategy page: pick a preset, change any option, see the chart, the house edge and the EVs.

``GET /strategy?rules=NOTATION``: any rules in their notation (``vegas-6d-s17 decks=2``); the
page's form is the one rules form (:mod:`trainer.web.rules_form`). A chart
already computed (the disk cache) is shown at once; otherwise the page shows progress and htmx
fetches ``/strategy/chart`` (the same query) for the chart block; without JavaScript a link
asks for the whole page with ``wait=1``. ``cell=hard.16.10`` shows one cell's EVs.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import method3_quiz
from drills.method3_figures import GamePendingError
from trainer.engine.banker.face_down import edge_standing_on
from trainer.engine.banker.face_down_chart import one_column_chart
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import CODES, Chart
from trainer.engine.strategy.advice import AdviceCost, advice_cost, advice_for
from trainer.engine.strategy.cache import cached
from trainer.engine.strategy.chart import UP_CARDS, code_words, exception_words, up_label
from trainer.web.caches import strategy_cache_dir
from trainer.web.readings import bank_game, double_edge, readings_context
from trainer.web.rules_form import is_rules_form, option_fields, preset_menu, read_rules
from trainer.web.support import current_rules, render
from trainer.web.views.chart_jobs import chart_or_pending, fixed_point_or_pending
from trainer.words import N_, N_as, quoted, say, say_as

bp = Blueprint("strategy", __name__)


_SECTIONS = (("hard", N_("Hard totals")), ("soft", N_("Soft totals")), ("pairs", N_("Pairs")))
# A cell by its section, row and up card, as a heading says it and as the text's advice lists it.
CELL_TITLES = {
    "hard": N_("Hard %(row)s against %(up)s"),
    "soft": N_("Soft %(row)s against %(up)s"),
    "pairs": N_("Pair %(row)s against %(up)s"),
}
_ADVICE_CELLS = {
    "hard": N_("hard %(row)s against %(up)s"),
    "soft": N_("soft %(row)s against %(up)s"),
    "pairs": N_("pairs %(row)s against %(up)s"),
}
# The actions' names in a cell's table of EVs.
_ACTION_NAMES = {"H": N_("Hit"), "S": N_("Stand"), "D": N_("Double"), "P": N_("Split"),
                 "R": N_as("play", "Surrender")}  # fmt: skip
# Options that do not change the play of one hand, left out of the form.
_NOT_PLAY = {
    "penetration",
    "reshuffle_reserve",
    "burn_cards",
    "burn_ace_reshuffles",
    "burn_shown",
    "min_bet",
    "max_bet",
    "max_seats",
    "deal_faces",
    "deal_method",
    "bet_after_deal",
    "box_bettors",
    "table_rotation",
    "split_deal_order",
    "dealer_natural_must_be_announced",
    "insurance",
}


def _rules_from_query() -> Rules:
    """The rules the query chooses (the learner's table when it names none); 400 if bad."""
    return read_rules(request.args, default=current_rules())


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
                            "play": code_words(cells[up]),  # what a screen reader says
                            "kind": cells[up][0],
                            "id": f"{key}.{row}.{up}",
                            "evs": result.evs[key][row][up],
                            "exception": _exception(result, key, row, up),
                        }
                        for up in ups
                    ],
                }
            )
        sections.append({"key": key, "title": say(title), "rows": rows})
    return sections


def _codes(result: Chart | None) -> dict[str, str]:
    """The colour key: the codes the chart has (000 and 002, no doubling and no surrender,
    keyed "double if allowed" and "surrender if allowed"), each in words."""
    used = (
        {code for rows in result.codes.values() for row in rows.values() for code in row.values()}
        if result is not None
        else set(CODES)
    )
    return {code: say(meaning) for code, meaning in CODES.items() if code in used}


def _exception(result: Chart, section: str, row: str, up: str) -> str | None:
    """What a cell's exceptions say in words, or None (the chart's own optimum)."""
    found = result.exceptions.get(section, {}).get(row, {}).get(up)
    return exception_words(found) if found else None


def _exception_list(result: Chart) -> list[dict[str, str]]:
    return [
        {
            "cell": say(CELL_TITLES[section], row=row, up=up),
            "code": result.codes[section][row][up],
            "words": words,
            "id": f"{section}.{row}.{up}",
        }
        for section, row, up, words in result.exception_notes()
    ]


def _chosen_cell(result: Chart) -> dict[str, Any] | None:
    text = request.args.get("cell")
    if not text:
        return None
    parts = text.split(".")
    if len(parts) != 3:
        abort(
            400,
            description=say(
                "%(cell)s is not a chart cell (write it like hard.16.10).", cell=quoted(text)
            ),
        )
    section, row, up = parts
    try:
        evs = result.evs[section][row][up]
        code = result.codes[section][row][up]
    except KeyError:
        abort(404, description=say("The chart has no cell %(cell)s.", cell=quoted(text)))
    best = max(evs.values())
    actions = [
        {
            "code": action,
            "name": say_as("play", _ACTION_NAMES[action]) if action in _ACTION_NAMES else action,
            "ev": value,
            "cost": best - value,
        }
        for action, value in sorted(evs.items(), key=lambda item: -item[1])
    ]
    return {
        "section": section,
        "title": say(CELL_TITLES[section], row=row, up=up),
        "code": code,
        "actions": actions,
        "exception": _exception(result, section, row, up),
    }


def _context(rules: Rules, result: Chart | None) -> dict[str, Any]:
    context: dict[str, Any] = {
        "rules": rules,
        "page_rules": rules,  # the footer names them when they are not the learner's table
        "query": {"rules": rules.notation()},
        "presets": preset_menu(),
        "fields": option_fields(rules, [o for o in Rules.option_names() if o not in _NOT_PLAY]),
        "codes": _codes(result),
        "chart": result,
        "section": "strategy",
        "grid": _grid(result) if result is not None else None,
        "exceptions": _exception_list(result) if result is not None else [],
        "cell": _chosen_cell(result) if result is not None else None,
        "advice": None,
        "readings": readings_context(rules),
        "double_edge": double_edge(rules),
        "game_charts": _game_charts(rules, result),
        "bank_game": bank_game(rules),  # a text's game whose bank plays the punters: no house
    }
    advice = advice_for(rules)
    if result is not None and advice is not None:
        cost = advice_cost(rules, advice)
        context["advice"] = cost
        context["advice_cells"] = [
            (say(_ADVICE_CELLS[section], row=row, up=up), math, followed)
            for section, row, up, math, followed in cost.differences
        ]
    return context


# The game's charts at 002's deal method 3, by whether the dealer doubled.
_GAME_CHARTS = {
    False: N_("When the dealer did not double"),
    True: N_("When the dealer doubled"),
}


def _game_charts(rules: Rules, result: Chart | None) -> list[dict[str, Any]] | None:
    """002's deal method 3: the game's punters' first play by cell, the dealer having doubled
    or not (:func:`drills.method3_quiz.game_chart`), in the chart's rows; the hands of a cell
    played otherwise listed under it. None at another game, or while the game or the chart is
    being worked out (the page shows the chart's progress)."""
    if result is None or not method3_quiz.reads_the_double(rules):
        return None
    try:
        found = method3_quiz.game_chart(rules)
    except GamePendingError:
        return None
    charts = []
    for doubled, title in _GAME_CHARTS.items():
        sections, otherwise = [], []
        for key, section_title in _SECTIONS:
            rows = []
            for row in result.codes[key]:
                cells = [
                    (up_label(up), found[doubled].get((key, row, up_label(up)))) for up in UP_CARDS
                ]
                if any(cell for _, cell in cells):
                    rows.append(
                        {"label": row, "cells": [_game_cell(up, cell) for up, cell in cells]}
                    )
                    otherwise += [
                        _otherwise(key, row, up, cell)
                        for up, cell in cells
                        if cell and cell.otherwise
                    ]
            sections.append({"title": say(section_title), "rows": rows})
        charts.append({"title": say(title), "sections": sections, "otherwise": otherwise})
    return charts


def _game_cell(up: str, cell: method3_quiz.GameCell | None) -> dict[str, Any]:
    if cell is None:
        return {"up": up, "play": "", "words": "", "mark": False}
    return {
        "up": up,
        "play": cell.play,
        "words": code_words(cell.play),
        "mark": bool(cell.otherwise),
    }


def _otherwise(section: str, row: str, up: str, cell: method3_quiz.GameCell) -> str:
    """The hands a cell plays otherwise, by play: "Hard 12 against 2: 3 and 9, 4 and 8 —
    stand"."""
    by_play: dict[str, list[str]] = {}
    for hand, play in cell.otherwise:
        cards = say(" and ").join("A" if value == 1 else str(value) for value in hand)
        by_play.setdefault(play, []).append(cards)
    return say("; ").join(
        say(
            "%(cell)s: %(cards)s — %(play)s",
            cell=say(CELL_TITLES[section], row=row, up=up),
            cards=say(", ").join(hands),
            play=code_words(play),
        )
        for play, hands in by_play.items()
    )


# A row of the chart of one column the text's advice plays otherwise, by the cards drawn.
_ONE_COLUMN_CELLS = (
    N_("%(hand)s on your two dealt cards"),
    N_("%(hand)s after one card drawn"),
    N_("%(hand)s after two cards drawn"),
)


def _one_column(rules: Rules) -> dict[str, Any]:
    """004 dealt face down: its chart of one column at the fixed point, and the text's advice
    priced against it (a punter standing on 16 to 20, the banker's play as at the fixed point:
    the page showed the chart's soft 16 and 17 drawn without the text's word on them)."""
    found = one_column_chart(rules)
    context: dict[str, Any] = {"one_column": found}
    advice = advice_for(rules)
    if advice is None:
        return context
    followed = -100 * edge_standing_on(rules, advice.stand_on)
    context["advice"] = AdviceCost(advice, found.house_edge, followed, differences=())
    context["advice_cells"] = [
        (say(_ONE_COLUMN_CELLS[row.drawn], hand=_hand_words(row)), say("draw"), say("stand"))
        for row in found.rows
        if row.total in advice.stand_on and row.code != "S" and row.drawn < len(_ONE_COLUMN_CELLS)
    ]
    return context


def _hand_words(row: Any) -> str:
    return (
        say("soft %(total)s", total=row.total)
        if row.soft
        else say("hard %(total)s", total=row.total)
    )


@bp.get("/strategy")
def page() -> Response:
    rules = _rules_from_query()
    if is_rules_form(request.args):
        # The rules form was sent: show the rules at their own address (one notation).
        return redirect(url_for("strategy.page", rules=rules.notation()), code=303)
    here = url_for("strategy.page", rules=rules.notation())
    if rules.deal_faces == "all-down":
        # 004 as its text deals it: no banker card, the chart of one column, from the banker's
        # fixed point (a job works it out: about a second).
        fixed_point_or_pending(rules, then=here)
        return render("strategy.html", **{**_context(rules, None), **_one_column(rules)})
    where = strategy_cache_dir()
    result = cached(rules, cache_dir=where)
    if result is None and request.args.get("wait") == "1":
        result = chart_or_pending(rules, then=here)
    return render("strategy.html", **_context(rules, result))


@bp.get("/strategy/chart")
def chart_block() -> Response:
    """The chart block, computed now if need be (htmx asks for it while the page waits)."""
    rules = _rules_from_query()
    here = url_for("strategy.page", rules=rules.notation())
    if rules.deal_faces == "all-down":
        fixed_point_or_pending(rules, then=here)
        context = {**_context(rules, None), **_one_column(rules)}
        return render("strategy.html", block="chart", **context)
    result = chart_or_pending(rules, then=here)
    return render("strategy.html", block="chart", **_context(rules, result))
