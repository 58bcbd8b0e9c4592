"""The counting page: what the count is worth under the learner's rules and counting system.

``GET /indices?rules=NOTATION&system=SLUG&count=&bankroll=&risk=`` shows, from the count study
(:mod:`trainer.engine.indices`): the deviation indices as a chart like the strategy chart (each
cell's play and index, coloured by how far the index is from 0; with ``count``, the plays in
force there marked), the edge by count as an SVG plot with its figures in a table, and the bet
ramp for the bankroll and risk of ruin chosen. The rules come from the one rules form; the
system defaults to the learner's counting preference. A study not worked out yet is computed
off the request (:mod:`trainer.web.views.count_jobs`) and this page shows its progress meanwhile.

Every field is bounded and checked before anything is looked up or started: an unknown system
or rule option, a count outside -30..+30, a bankroll below the table minimum or a risk of 0 or 1
is a 400 with the message beside its field, and nothing is computed, cached or stored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from flask import Blueprint, redirect, request, url_for
from werkzeug.exceptions import BadRequest
from werkzeug.wrappers import Response

from drills import InvalidOptionError
from drills.bet_sizing import (
    DEFAULT_RISK,
    aimed_percent,
    default_bankroll,
    ramp_rows,
    read_bankroll,
    read_risk,
    why_riskier,
)
from drills.count_study import StudyNotForGameError, counts_by_study, grid_words, signed
from drills.counting.preferences import system_choices
from drills.deviation_why import PLAY_WORDS
from drills.strategy_cells import UP_LABELS, cells_for
from trainer.engine.counting import SYSTEMS, CountingSystem
from trainer.engine.indices import COUNT_LIMIT, BetRamp, IndexTable, Play, Study, bet_ramp
from trainer.engine.rulebook.rules import Rules
from trainer.web.edge_plot import edge_chart
from trainer.web.keys import chart_letters
from trainer.web.preferences import current_counting_preferences
from trainer.web.rules_form import (
    is_rules_form,
    option_fields,
    preset_menu,
    read_rules,
    rules_shown_again,
)
from trainer.web.support import current_rules, render
from trainer.web.views.count_jobs import pending_page, study_or_start
from trainer.web.views.strategy import CELL_TITLES
from trainer.words import N_, quoted, say, trimmed

bp = Blueprint("count_worth", __name__)

_SECTIONS = (("hard", N_("Hard totals")), ("soft", N_("Soft totals")), ("pairs", N_("Pairs")))
# A play in force from its index on, as a cell's label says it.
_WHEN = {
    "at_or_above": N_("%(play)s at or above %(count)s"),
    "below": N_("%(play)s below %(count)s"),
}
# A hand of the study's (``hard 16``, ``soft 18``, ``8-8``, ``insurance``) against an up card.
_HANDS = {
    "hard": N_("hard %(row)s against %(up)s"),
    "soft": N_("soft %(row)s against %(up)s"),
    "insurance": N_("insurance against %(up)s"),
}
_COUNT_RE = re.compile(r"[+-]?[0-9]{1,3}")
# Options that do not change what the count is worth, left out of the form.
_NOT_STUDIED = {"max_seats", "box_bettors", "table_rotation", "deal_faces", "split_deal_order"}


@dataclass(frozen=True)
class Choice:
    """What the page's query chose, every field checked."""

    rules: Rules
    system: CountingSystem
    count: int | None
    bankroll: Fraction
    risk: Fraction

    def query(self) -> dict[str, Any]:
        query: dict[str, Any] = {
            "rules": self.rules.notation(),
            "system": self.system.slug,
            "bankroll": str(self.bankroll),
            "risk": str(float(self.risk)),
        }
        if self.count is not None:
            query["count"] = str(self.count)
        return query


class FieldError(ValueError):
    """A field of the page's form that is not one the page can show (beside the field)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def read_choice(values: dict[str, str]) -> Choice:
    """The page's choice from its query.

    :raises FieldError: naming the first field that is wrong.
    """
    try:
        rules = read_rules(values, default=current_rules())
    except BadRequest as error:
        raise FieldError(str(error.description), "rules") from None
    slug = values.get("system") or current_counting_preferences().system
    if slug not in SYSTEMS:
        raise FieldError(
            say("There is no counting system called %(system)s.", system=quoted(slug[:20])),
            "system",
        )
    count = None
    text = (values.get("count") or "").strip()
    if text:
        if not _COUNT_RE.fullmatch(text) or abs(int(text)) > COUNT_LIMIT:
            typed = (f"-{COUNT_LIMIT}", f"+{COUNT_LIMIT}")  # as the field takes them
            raise FieldError(
                say(
                    "A count is a whole number from %(low)s to %(high)s, not %(typed)s.",
                    low=typed[0],
                    high=typed[1],
                    typed=quoted(text[:12]),
                ),
                "count",
            )
        count = int(text)
    try:
        bankroll = read_bankroll(values.get("bankroll") or str(default_bankroll(rules)), rules)
        risk = read_risk(values.get("risk") or str(float(DEFAULT_RISK)))
    except InvalidOptionError as error:
        raise FieldError(str(error), error.field) from None
    return Choice(rules, SYSTEMS[slug], count, bankroll, risk)


def _play_text(play: Play) -> str:
    sign = "≥" if play.when == "at_or_above" else "<"
    return f"{chart_letters(play.play)} {sign}{signed(play.index)}"  # the chart's letters


def _play_word(code: str) -> str:
    return say(PLAY_WORDS[code]) if code in PLAY_WORDS else code


def _play_words(play: Play) -> str:
    when = _WHEN["at_or_above" if play.when == "at_or_above" else "below"]
    return say(when, play=_play_word(play.play), count=signed(play.index))


def _hand_words(hand: str, up: str) -> str:
    """A study's hand against an up card in words (``hard 16 against 10``)."""
    kind, _, row = hand.partition(" ")
    if kind in _HANDS:
        return say(_HANDS[kind], row=row, up=up)
    return say("%(pair)s against %(up)s", pair=hand, up=up)


def _cell_label(words: str, plays: Sequence[Play], span: str, in_force: bool) -> str:
    """What a cell of the index chart says to a screen reader and in its tooltip."""
    if plays:
        label = say(
            "%(cell)s: basic %(play)s; %(indices)s",
            cell=words,
            play=_play_word(plays[0].basic),
            indices="; ".join(_play_words(p) for p in plays),
        )
    else:
        label = say("%(cell)s: no index %(span)s", cell=words, span=span)
    return say("%(cell)s (in force at this count)", cell=label) if in_force else label


def _band(index: int) -> str:
    """A colour class for how far an index is from 0, and on which side: −1 to +1 one band, as
    the key says (a walk found ±1 uncoloured: "idx-pos-0" had no colour)."""
    distance = abs(index)
    if distance <= 1:
        return "idx-zero-0"
    level = 1 if distance <= 3 else 2 if distance <= 6 else 3
    return f"idx-{'pos' if index > 0 else 'neg'}-{level}"


def index_grid(table: IndexTable, count: int | None) -> list[dict[str, Any]]:
    """The index chart's sections: per row, per up card, the cell's plays (none: no index)."""
    sections = []
    span = grid_words(table.rules, table.system)
    for key, title in _SECTIONS:
        rows: dict[str, list[dict[str, Any]]] = {}
        for cell in cells_for(table.rules, key):
            hand = cell.row if key == "pairs" else f"{key} {cell.row}"
            plays = table.find(hand, cell.up)
            nearest = min(plays, key=lambda p: abs(p.index)) if plays else None
            in_force = count is not None and any(p.applies(count) for p in plays)
            words = say(CELL_TITLES[key], row=cell.row, up=cell.up)
            rows.setdefault(cell.row, []).append(
                {
                    "up": cell.up,
                    "plays": [_play_text(p) for p in plays],
                    "band": _band(nearest.index) if nearest else "idx-none",
                    "in_force": in_force,
                    "label": _cell_label(words, plays, span, in_force),
                }
            )
        shown = [{"label": row, "cells": cells} for row, cells in rows.items()]
        sections.append({"key": key, "title": say(title), "rows": shown})
    return sections


def _context(choice: Choice, study: Study) -> dict[str, Any]:
    table, edge = study.indices, study.edge
    kind = "true count" if choice.system.balanced else "running count"
    title = (
        say("The edge by true count: %(system)s", system=choice.system.name)
        if choice.system.balanced
        else say("The edge by running count: %(system)s", system=choice.system.name)
    )
    ramp = bet_ramp(edge, choice.bankroll, float(choice.risk))
    bets = dict(ramp.bets)
    return {
        "table": table,
        "kind": say(kind),
        "true_count": choice.system.balanced,
        "insurance": [_play_words(p) for p in table.find("insurance", "A")],
        "grid": index_grid(table, choice.count),
        # What each letter in the cells means (a walk met «Д» with no key to read it by).
        "letters": [
            (chart_letters(code), _play_word(code))
            for code in "HSDPR"
            if any(p.play == code and p.hand != "insurance" for p in table.plays)
        ],
        "span": grid_words(table.rules, table.system),
        "in_force": [
            (_hand_words(p.hand, p.dealer), _play_words(p))
            for p in table.plays
            if choice.count is not None and p.applies(choice.count)
        ],
        "edge_svg": edge_chart(
            edge.counts,
            kind=kind,
            title=title,
            chart_id="edge-chart",
        ),
        "edges": [(row, bets[row.count]) for row in edge.counts],
        "slope": edge.slope() if choice.system.balanced else None,
        "flat_edge": edge.flat_edge,
        "ramp": ramp,
        "ramp_rows": ramp_rows(ramp),
        # Why its own risk of ruin is above the one chosen, where it is (a walk read "6.3%"
        # beside the 5% asked for, with no word of why).
        "riskier": why_riskier(ramp, choice.rules, edge),
        "aimed": aimed_percent(ramp),
        "risk_query": _risk_query(ramp, choice),
    }


def _risk_query(ramp: BetRamp, choice: Choice) -> dict[str, str]:
    """The risk page's query for this ramp: its win rate, SD and bankroll in table minimums."""
    unit = float(choice.rules.min_bet)
    return {
        "source": "figures",
        "win_rate": f"{ramp.win_per_100 / 100 / unit:.6f}",
        "sd": f"{ramp.sd_per_100 / 10 / unit:.6f}",
        "bankroll": f"{float(choice.bankroll) / unit:.6g}",
        "target_ror": f"{float(choice.risk):g}",
    }


def _form_context(
    values: dict[str, str], rules: Rules, typed: dict[str, str] | None = None
) -> dict[str, Any]:
    """The form's context; ``typed``, a refused rule's field as typed (shown again, marked)."""
    options = [o for o in Rules.option_names() if o not in _NOT_STUDIED]
    return {
        "presets": preset_menu(),
        "fields": option_fields(rules, options, refused=typed),
        "systems": system_choices(),
        "values": values,
        "section": "indices",
        "up_labels": UP_LABELS,
    }


@bp.get("/indices")
def page() -> Response:
    values = {k: v[:200] for k, v in request.args.items()}
    try:
        choice = read_choice(values)
    except FieldError as error:
        rules, typed = rules_shown_again(values, default=current_rules())
        return render(
            "count_worth.html",
            status=400,
            choice=None,
            rules=rules,
            page_rules=rules,
            setup_error=str(error),
            setup_field=error.field,
            **_form_context(values, rules, typed),
        )
    if is_rules_form(request.args):  # the form was sent: show it at its own address
        return redirect(url_for("count_worth.page", **choice.query()), code=303)
    if not counts_by_study(choice.rules):  # 004 dealt face down: no up card, no study of it
        raise StudyNotForGameError(choice.rules)
    study, state = study_or_start(choice.rules, choice.system)
    if study is None:
        return pending_page(choice.rules, choice.system, state)
    return render(
        "count_worth.html",
        choice=choice,
        rules=choice.rules,
        page_rules=choice.rules,
        # (The risk in the field as the page writes numbers: «0,05» in Russian, as its hint.)
        **_form_context(
            {**values, **choice.query(), "risk": trimmed(choice.risk, 4)}, choice.rules
        ),
        **_context(choice, study),
    )
