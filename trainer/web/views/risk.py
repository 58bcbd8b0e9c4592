"""The risk page: the risk a counter lives with, for a bankroll in betting units.

``GET /risk?source=figures&win_rate=&sd=&bankroll=&rounds=&goal=&target_ror=&kelly=`` shows,
from a win rate and standard deviation a round (or, with ``source=game``, from the rules, the
counting system and a bet ramp, ``ramp=1@-99,2@1,4@2,8@3``, whose figures are worked out from
the edge by count first): the risk of ruin, the bankroll for a target risk, the risk of ruin
within a trip, the chance of reaching a goal before losing the bankroll (with and without the
trip's limit), N0, SCORE and the certainty equivalent at a Kelly fraction. The arithmetic is the
engine's (:mod:`trainer.engine.risk`, the diffusion formulas of *Blackjack Attack*, ch. 10); a
game's edge by count is the count study's, worked out off the request
(:mod:`trainer.web.views.count_jobs`), this page showing its progress meanwhile.

Every field is bounded and checked before anything is worked out: a field that is not a number
or out of its bounds (a standard deviation of 0, a bankroll of 0, NaN, a target risk of 0 or 1,
a goal of 10^300) is a 400 with the message beside its field; each figure takes the same few
steps whatever the numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, current_app, redirect, request, url_for
from werkzeug.exceptions import BadRequest
from werkzeug.wrappers import Response

from drills.count_study import StudyNotForGameError, counts_by_study
from drills.counting.preferences import system_choices
from trainer.engine.counting import SYSTEMS, CountingSystem
from trainer.engine.indices import ramp_game
from trainer.engine.risk import InvalidRiskInputError, RiskInputs, read_inputs, risk_report
from trainer.engine.rulebook.rules import Rules
from trainer.simulator.ramp import InvalidRampTextError, Ramp
from trainer.web.preferences import current_counting_preferences
from trainer.web.ramp_form import InvalidRampRowsError, faulty_line, form_rows, ramp_text
from trainer.web.rules_form import (
    is_rules_form,
    option_fields,
    preset_menu,
    read_rules,
    rules_shown_again,
)
from trainer.web.support import current_rules, render
from trainer.web.views.count_jobs import pending_page, study_or_start
from trainer.words import N_, decimal_comma, plain_amount, said, say

bp = Blueprint("risk", __name__)

RISK_FIELDS = ("win_rate", "sd", "bankroll", "rounds", "goal", "target_ror", "kelly")
DEFAULTS = {
    "source": "figures",
    "win_rate": "0.01",
    "sd": "1.15",
    "bankroll": "200",
    "target_ror": "0.05",
    "kelly": "1",
    "ramp": "1@-99,2@1,4@2,8@3",
}
# Options that change nothing the count study works out, left out of the form.
_NOT_STUDIED = {"max_seats", "box_bettors", "table_rotation", "deal_faces", "split_deal_order"}
# What each field takes, said beside it when it is out of its bounds.
_BOUNDS = {
    "win_rate": N_("The win rate a round must be from −10,000 to 10,000 units."),
    "sd": N_("The standard deviation of a round must be above 0 and at most 100,000 units."),
    "bankroll": N_("The bankroll must be above 0 and at most 1,000,000,000 units."),
    "rounds": N_("A trip's rounds must be a whole number from 1 to 1,000,000,000."),
    "goal": N_("The goal must be above 0 and at most 1,000,000,000 units."),
    "target_ror": N_("The target risk of ruin must be above 0 and below 1, such as 0.05."),
    "kelly": N_("The Kelly fraction must be above 0 and at most 100, such as 0.5."),
}


# A ramp in an address (a link's notation) that cannot be read.
_LINK_RAMP = N_("The address gives a ramp that cannot be read (%(why)s): write it in its lines.")


class FieldError(ValueError):
    """A field of the page's form the page cannot work from (said beside the field)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Game:
    """A game the figures are worked out from: rules, counting system and bet ramp."""

    rules: Rules
    system: CountingSystem
    ramp: Ramp


def _field_message(error: InvalidRiskInputError) -> str:
    if error.message.startswith(("not a number", "give a number")):  # and the field's bounds
        # ("such as 0.05" beside a bankroll read oddly: a walk)
        digits_only = say("Write a number with the digits 0 to 9.")
        return digits_only + " " + say(_BOUNDS[error.field])
    return say(_BOUNDS[error.field])


def _game_default() -> Rules:
    """The game the form starts from: the learner's, where counting is studied in it, else the
    app's default (at 004 dealt face down "a game" with every default was a dead end, a walk)."""
    rules = current_rules()
    return rules if counts_by_study(rules) else Rules.parse(current_app.config["DEFAULT_RULES"])


def read_game(values: dict[str, str]) -> Game:
    """The game the form names.

    :raises FieldError: naming the first field that is wrong.
    """
    try:
        rules = read_rules(values, default=_game_default())
    except BadRequest as error:
        raise FieldError(str(error.description), "rules") from None
    slug = values.get("system") or current_counting_preferences().system
    if slug not in SYSTEMS:
        raise FieldError(say("There is no such counting system."), "system")
    try:  # the form's rows, read into the notation its address keeps
        values["ramp"] = ramp_text(values)
    except InvalidRampRowsError as error:
        raise FieldError(said(error) or str(error), "ramp") from None
    try:
        ramp = Ramp.parse(values.get("ramp") or DEFAULTS["ramp"])
    except InvalidRampTextError as error:  # a link's ramp: said as its rows would say it
        raise FieldError(say(_LINK_RAMP, why=said(error) or str(error)), "ramp") from None
    return Game(rules, SYSTEMS[slug], ramp)


def read_choice(values: dict[str, str]) -> tuple[RiskInputs, Game | None]:
    """The inputs the page's query asks for (the page's defaults where it asks for nothing).

    :raises FieldError: naming the first field that is wrong.
    """
    game = read_game(values) if values.get("source") == "game" else None
    try:
        return read_inputs(values, game_given=game is not None), game
    except InvalidRiskInputError as error:
        raise FieldError(_field_message(error), error.field) from None


def _form_context(
    values: dict[str, str], rules: Rules, typed: dict[str, str] | None = None
) -> dict[str, Any]:
    """The form's context; ``typed``, a refused rule's field as typed (shown again, marked)."""
    options = [o for o in Rules.option_names() if o not in _NOT_STUDIED]
    return {
        "presets": preset_menu(),
        "fields": option_fields(rules, options, refused=typed),
        "systems": system_choices(),
        "values": _as_written(values),
        "ramp_lines": form_rows(values, DEFAULTS["ramp"]),
        "ramp_bad_line": faulty_line(values),
        "rules": rules,
        "page_rules": rules,
        "section": "risk",
    }


def _as_written(values: dict[str, str]) -> dict[str, str]:
    """The form's numbers as the learner's language writes them: read as ASCII ("0.05"), a
    Russian page showed its defaults and a learner's "0,05" back with points (a walk)."""
    if not decimal_comma():
        return values
    return {k: v.replace(".", ",") if k in RISK_FIELDS and _PLAIN.fullmatch(v) else v
            for k, v in values.items()}  # fmt: skip


_PLAIN = re.compile(r"-?\d+\.\d+")


def _canonical(values: dict[str, str], rules: Rules) -> dict[str, Any]:
    """The query at its own address: the rules in their notation, not the form's fields."""
    kept = ("source", "system", "ramp", *RISK_FIELDS)
    return {"rules": rules.notation(), **{k: values[k] for k in kept if values.get(k)}}


@bp.get("/risk")
def page() -> Response:
    values = {k: v[:200] for k, v in request.args.items()}
    for field in RISK_FIELDS:  # as the learner writes them: "0,05" in Russian, "1,000" in English
        if field in values:
            values[field] = plain_amount(values[field])
    if not values:
        values = dict(DEFAULTS)
    if not values.get("bankroll", "").strip():  # a link from a run without one: the example's
        values["bankroll"] = DEFAULTS["bankroll"]
    try:
        given, game = read_choice(values)
    except FieldError as error:
        rules, typed = rules_shown_again(values, default=_game_default())
        return render(
            "risk.html",
            status=400,
            report=None,
            setup_error=str(error),
            setup_field=error.field,
            **_form_context(values, rules, typed),
        )
    rules = game.rules if game else _game_default()
    if game and is_rules_form(request.args):  # the form was sent: show it at its own address
        return redirect(url_for("risk.page", **_canonical(values, rules)), code=303)
    game_figures = None
    if game:
        if not counts_by_study(game.rules):  # 004 dealt face down: no up card, no study of it
            raise StudyNotForGameError(game.rules)
        study, state = study_or_start(game.rules, game.system)
        if study is None:
            return pending_page(game.rules, game.system, state)
        win_rate, sd = ramp_game(study.edge, game.ramp.units_at)
        try:
            given = given.with_game(win_rate, sd)
        except InvalidRiskInputError:  # a ramp whose game is beyond the bounds of the figures
            return render(
                "risk.html",
                status=400,
                report=None,
                setup_error=say(
                    "This ramp bets more than the page works out: at most 10,000 units won a "
                    "round on average and a standard deviation of 100,000 units a round."
                ),
                setup_field="ramp",
                **_form_context(values, rules),
            )
        game_figures = {"win_rate": win_rate, "sd": sd, "system": game.system}
    return render(
        "risk.html",
        report=risk_report(given),
        game=game_figures,
        **_form_context({**values, "rules": rules.notation()}, rules),
    )
