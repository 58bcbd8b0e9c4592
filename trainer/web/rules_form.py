"""Rules in requests and pages: one reader for every rules form, link and hidden field.

A page that lets the learner choose rules sends them as the rules' text notation
(``rules=vegas-6d-s17 decks=2``, :meth:`trainer.engine.rulebook.rules.Rules.parse`). Its form (the
``rules_fields`` macro of ``_rules_form.html``) carries:

- ``rules``: the notation the form was drawn with;
- ``preset``: the preset menu. Naming another preset than ``rules`` does starts from that
  preset's own values: the option fields still hold the old preset's and are ignored;
- ``rule-<option>``: every option's field. Only those whose value differs from the drawn
  rules' are changed, so an option the learner did not touch keeps the rules' value.

That works the same with JavaScript off (the form is a plain GET) and on. Every value is
bounded before it is read (the engine refuses long text and large numbers).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple
from urllib.parse import urlencode

from flask import Flask, request, url_for
from werkzeug.exceptions import BadRequest

from trainer.engine.rulebook import rule_words
from trainer.engine.rulebook.rule_options import FRACTION_OPTIONS
from trainer.engine.rulebook.rules import (
    OPTION_CHOICES,
    InvalidRulesError,
    Rules,
    find_preset,
    option_to_text,
    parse_option,
    preset_names,
)
from trainer.web.error_words import error_said
from trainer.words import N_, decimal_comma, locale, plain_amount, say

__all__ = [
    "error_text",
    "is_rules_form",
    "notation_summary",
    "option_fields",
    "plain_words",
    "preset_menu",
    "read_rules",
    "readable_rules",
    "rules_shown_again",
    "register_filters",
]

FIELD_PREFIX = "rule-"
# The options only the texts' home, club and banking games change (no casino's table does):
# at a casino's rules their fields sit apart, behind one summary (a counter read 40 fields, the
# deal's auction and the banker's draws among them: a walk), unless one is changed or refused.
TEXTS_ONLY = frozenset(
    (
        "reshuffle_reserve", "burn_ace_reshuffles", "burn_shown", "dealer_stands_on",
        "dealer_natural_takes_all", "dealer_natural_must_be_announced", "banker_best",
        "split_by", "split_deal_order", "max_draws", "dealer_blackjack_collects",
        "dealer_bust_pays", "ties", "tie_pays_bonus", "five_card_21_pays", "six_card_21_pays",
        "seven_seven_seven_pays", "six_seven_eight_pays", "max_seats", "deal_method",
        "deal_faces", "bet_after_deal", "table_rotation", "deal_auction",
    )
)  # fmt: skip
_CASINO = "vegas-6d-s17"  # a casino's rules: its values of those options are every casino's


def read_rules(values: Mapping[str, str], *, default: Rules) -> Rules:
    """The rules a query or form chooses (``default`` when it names none); a 400 naming the
    rule that is wrong."""
    try:
        return _read(values, default)
    except InvalidRulesError as error:
        refused = BadRequest(
            say("Those rules cannot be played: %(error)s", error=error_text(error))
        )
        refused.retry = _without_the_change(values, error.option)  # type: ignore[attr-defined]
        raise refused from None


class Refused(NamedTuple):
    """A rule refused in a form shown again: why, its field's name, and what was typed in it
    (bounded as the field is), by that name: the form's ``refused`` (:func:`option_fields`)."""

    said: str
    field: str
    text: str

    @property
    def typed(self) -> dict[str, str]:
        return {self.field: self.text}


def read_rules_kept(values: Mapping[str, str], *, default: Rules) -> tuple[Rules, Refused | None]:
    """For a form shown again where a rule is refused: the rules read (as :func:`read_rules`),
    or the rules without the refused rule's change (its field's other changes kept) and the
    refusal; a 400 as :func:`read_rules` gives where even those cannot be played. A table's
    set-up refused a rule on a page of its own, every other setting lost (a walk)."""
    try:
        return _read(values, default), None
    except InvalidRulesError as error:
        name = FIELD_PREFIX + (error.option or "")
        if error.option is None or name not in values:
            return read_rules(values, default=default), None  # (raises its 400)
        said = say("Those rules cannot be played: %(error)s", error=error_text(error))
        # The field whose change, left out, makes rules that can be played: the one named, or
        # (a rule between two) the other (a minimum of 2,000 blamed the maximum left at 1,000).
        for blamed in [name, *(key for key in values if key.startswith(FIELD_PREFIX))]:
            kept = {key: values[key] for key in values if key != blamed}
            try:
                return _read(kept, default), Refused(said, blamed, values[blamed][:20])
            except InvalidRulesError:
                continue
        return read_rules(values, default=default), None  # (raises its 400)


def rules_shown_again(values: Mapping[str, str], *, default: Rules) -> tuple[Rules, dict[str, str]]:
    """For a form shown again after any refusal: the rules it asks for, or those without the
    refused rule's change (:func:`read_rules_kept`), or ``default`` where even those cannot be
    played; and the refused field's text as typed, by its name (for :func:`option_fields`).
    A refused rule put the learner's own rules back, every change typed lost (a walk)."""
    try:
        rules, refused = read_rules_kept(values, default=default)
    except BadRequest:
        return default, {}
    return rules, (refused.typed if refused else {})


def _without_the_change(values: Mapping[str, str], option: str | None) -> str | None:
    """The page's own address with the form's other changes and not the one refused: the
    error page's way back (a learner's changes were all lost to one wrong rule, a walk). Only
    for a form sent by GET (its fields the address's); None otherwise."""
    name = FIELD_PREFIX + (option or "")
    if option is None or values is not request.args or name not in values or not request.endpoint:
        return None
    kept = [(key, value) for key, value in request.args.items(multi=True) if key != name]
    return f"{url_for(request.endpoint, **(request.view_args or {}))}?{urlencode(kept)}"


def is_rules_form(values: Mapping[str, str]) -> bool:
    """Whether ``values`` come from the rules form (its menu or option fields), not a link."""
    return "preset" in values or any(name.startswith(FIELD_PREFIX) for name in values)


def _read(values: Mapping[str, str], default: Rules) -> Rules:
    drawn = Rules.parse(values["rules"]) if values.get("rules") else default
    preset = values.get("preset")
    # Another preset picked: the options changed from the drawn rules' (the form's fields were
    # drawn for them) are changed on the new preset too; the others are the new preset's.
    chosen = find_preset(preset) if preset and preset != drawn.name else drawn
    changes: dict[str, Any] = {}
    if not any(name.startswith(FIELD_PREFIX) for name in values):
        return chosen  # a link's or an answer form's rules alone: no option field to read
    for option in Rules.option_names():
        name = FIELD_PREFIX + option
        # ``in`` first: a missing key costs a request's MultiDict an exception raised inside get
        text = values.get(name) if name in values else None
        if text is None or not text.strip():
            continue
        value = _option_value(option, text)
        if value != getattr(drawn, option) and value != getattr(chosen, option):
            changes[option] = value
    return chosen.replace(**changes)


def _option_value(option: str, text: str) -> Any:
    """An option's field read: an amount or a ratio as written ("0,8" as Russian writes it,
    "1,000" as English does), refused in the words typed ("six to five" was quoted back as
    “sixtofive”, the amount's spaces taken out: a walk)."""
    if text.strip().casefold() == say("none").casefold():  # the field's own word for none
        text = "none"
    if option not in FRACTION_OPTIONS:
        return parse_option(option, text)
    try:
        return parse_option(option, plain_amount(text))
    except InvalidRulesError:
        return parse_option(option, text.strip())


def error_text(error: InvalidRulesError) -> str:
    """An engine error in the interface's words: the option's label, not its field name; the
    engine's reason in the learner's language where it says it so (else, in another language
    than English, that the value or the notation cannot be played, without the detail)."""
    option = error.option
    labelled = option in rule_words.OPTION_LABELS
    fallback = (
        say("this value cannot be played under these rules")
        if labelled
        else say("these rules cannot be read or played")
    )
    text = error_said(error, fallback)
    if labelled:
        label = rule_words.OPTION_LABELS[str(option)].label
        text = say("%(rule)s: %(error)s", rule=label, error=text.removeprefix(f"{option}: "))
    return text if text.endswith(".") else f"{text}."


_NAMED_RE = re.compile(r"([a-z][a-z_]*(?: and [a-z][a-z_]*)*): ")
# Rules an engine message names together that have one name as a pair (not "Smallest bet and
# largest bet: ...", two labels run together).
_NAMED_TOGETHER = {frozenset({"min_bet", "max_bet"}): N_("The table's limits")}


def plain_words(text: str) -> str:
    """An engine message in the interface's words, as one sentence: the rules it names first
    (``min_bet and max_bet: a bet is ...``) by their labels, any other name dropped."""
    named = _NAMED_RE.match(text)
    if named is not None:
        rest = text[named.end() :]
        names = named[1].split(" and ")
        labels = [rule_words.OPTION_LABELS.get(name) for name in names]
        together = _NAMED_TOGETHER.get(frozenset(names))
        if together is not None:
            text = say("%(rule)s: %(error)s", rule=say(together), error=rest)
        elif all(labels):
            words = [label.label for label in labels if label]
            rule = words[0]
            for word in words[1:]:
                rule = say("%(rule)s and %(other)s", rule=rule, other=word[:1].lower() + word[1:])
            text = say("%(rule)s: %(error)s", rule=rule, error=rest)
        else:
            text = rest
    text = text[:1].upper() + text[1:]  # a sentence: "A bet is an amount", not "a bet ..."
    return text if text.endswith(".") else f"{text}."


@rule_words.in_its_words
def option_fields(
    rules: Rules,
    options: Iterable[str] | None = None,
    *,
    refused: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The form fields of ``options`` (every option by default) under ``rules``: the name the
    form sends, label, help, the value, the choices as (value, words), and whether it differs
    from the preset or was ``refused`` (a typed field's name: what was typed, shown again
    rather than the preset's value, a walk). Said in the words of the rules' own text (at 004
    «Банкомёт с перебором платит», as its rules' lines say it: the form read «Дилер»)."""
    changed, refused = rules.changes(), refused or {}
    casino = _a_casinos(rules)
    fields = []
    for option in options if options is not None else Rules.option_names():
        value = getattr(rules, option)
        if isinstance(value, bool):
            choices: tuple[str, ...] | None = ("true", "false")
        else:
            # Options with worded values but no fixed list in the engine (the deal method, the
            # faces dealt up) are offered as those words too, never as bare numbers or names.
            choices = OPTION_CHOICES.get(option) or tuple(rule_words.CHOICE_LABELS.get(option, ()))
        words = rule_words.OPTION_LABELS[option]
        fields.append(
            {
                "name": FIELD_PREFIX + option,
                "id": f"rule-field-{option}",
                "label": words.label,
                "help": words.help,
                "value": _shown(option, option_to_text(option, value), typed=not choices),
                "choices": [(c, rule_words.choice_label(option, c)) for c in choices or ()],
                "changed": option in changed,
                "refused": FIELD_PREFIX + option in refused,
                # Apart, behind "Rules only the texts' games have" (the template's).
                "apart": casino and option in TEXTS_ONLY and FIELD_PREFIX + option not in refused,
            }
        )
        if fields[-1]["refused"] and not choices:
            fields[-1]["value"] = refused[FIELD_PREFIX + option][:40]
    return fields


def _a_casinos(rules: Rules) -> bool:
    """Whether ``rules`` are a casino's: every option only the texts' games change as a
    casino's table has it (:data:`TEXTS_ONLY`)."""
    casino = find_preset(_CASINO)
    return all(getattr(rules, option) == getattr(casino, option) for option in TEXTS_ONLY)


def _shown(option: str, text: str, *, typed: bool) -> str:
    """A number option's value as the learner's language writes it ("0,75" in Russian; no
    value, in a field typed into, the word its help names: «нет», where the field read the
    engine's "none": a walk), which :func:`read_rules` reads back."""
    if text == "none" and typed:
        return say("none")
    return text.replace(".", ",") if option in FRACTION_OPTIONS and decimal_comma() else text


def preset_menu() -> list[tuple[str, str]]:
    """Every preset as (name, title) for a menu, the casino's games first (a newcomer met
    "(text 000)" to "(text 004)" before the game they came for: a walk): where the game is
    chosen, a source text's game names its text."""
    names = sorted(preset_names(), key=lambda name: name in rule_words.PRESET_TEXTS)
    return [(name, rule_words.chosen_title(find_preset(name))) for name in names]


def readable_rules(notation: str) -> Rules | None:
    """The rules a stored notation names, or None for text that names no rules we can play."""
    try:
        return Rules.parse(notation)
    except InvalidRulesError:
        return None


def notation_summary(notation: str) -> str:
    """A stored notation in plain words (the text itself when it names no rules)."""
    rules = readable_rules(notation)
    return rule_words.short_summary(rules) if rules is not None else notation


def _preset_chosen(name: str) -> str:
    return rule_words.chosen_title(find_preset(name))


def register_filters(app: Flask) -> None:
    """The rules in plain words in any template: ``rules | rules_title``, ``rules_summary``
    (one line), ``rules_lines`` (the full list); ``notation | notation_summary``; a preset
    where the game is chosen, ``name | preset_chosen`` (a source text's game names its text);
    and ``preset_menu()``, the presets in a menu's order."""
    app.add_template_global(preset_menu, "preset_menu")
    app.add_template_filter(notation_summary, "notation_summary")
    app.add_template_filter(_preset_chosen, "preset_chosen")
    app.add_template_filter(rule_words.title, "rules_title")
    app.add_template_filter(_summary, "rules_summary")
    app.add_template_filter(_summary_lines, "rules_lines")


# Kept by the rules (a value) and the learner's language: every drill page names its rules in
# words, twice an answer.
def _summary(rules: Rules) -> str:
    return _summary_in(rules, locale())


def _summary_lines(rules: Rules) -> tuple[str, ...]:
    return _lines_in(rules, locale())


@lru_cache(maxsize=256)
def _summary_in(rules: Rules, locale: str) -> str:
    return rule_words.short_summary(rules)


@lru_cache(maxsize=256)
def _lines_in(rules: Rules, locale: str) -> tuple[str, ...]:
    return tuple(rule_words.summary_lines(rules))
