"""Numbers typed as Russian writes them (a decimal comma) are read as they are meant, where the
Russian hints write them so: a rule's value in the rules form (the shoe's penetration "0,8",
shown back as "0,75"), a stake at 004 and a bet sized ("12,50"). Before issue 30's walk the
rules form refused "0,8" (and its help asked for a point), and the two stakes read "12,50" as
1250."""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import pytest

from drills.base import InvalidAnswerError
from drills.punter_stake import _read_stake
from trainer.engine.rulebook.rules import Rules
from trainer.web.rules_form import option_fields, read_rules

RUSSIAN = {"Accept-Language": "ru"}
BANK = Rules.parse("russian-bank")


def test_the_rules_form_reads_and_shows_a_decimal_comma_in_russian(app: Any) -> None:
    vegas = Rules.parse("vegas-6d-s17")
    with app.test_request_context(headers=RUSSIAN):
        assert read_rules({"rule-penetration": "0,8"}, default=vegas).penetration == Fraction(4, 5)
        shown = {field["name"]: field["value"] for field in option_fields(vegas)}
        assert shown["rule-penetration"] == "0,75"
        assert read_rules({"rule-penetration": shown["rule-penetration"]}, default=vegas) == vegas
    with app.test_request_context(headers={"Accept-Language": "en"}):
        shown = {field["name"]: field["value"] for field in option_fields(vegas)}
        assert shown["rule-penetration"] == "0.75"


def test_a_rule_field_with_no_value_shows_and_reads_the_word_its_help_names(app: Any) -> None:
    # 004's bonus hands and table maximum have no value: the Russian fields read "none" (the
    # engine's word) above help that says «нет — не оплачивается».
    empty = ("rule-five_card_21_pays", "rule-max_bet", "rule-max_seats")
    with app.test_request_context(headers=RUSSIAN):
        fields = {field["name"]: field for field in option_fields(BANK)}
        assert [fields[name]["value"] for name in empty] == ["нет"] * 3
        assert fields["rule-surrender"]["value"] == "none"  # a menu's choice: its notation
        for typed in ("нет", "Нет ", "none"):
            assert read_rules({name: typed for name in empty}, default=BANK) == BANK
        assert read_rules({"rule-max_bet": "50"}, default=BANK).max_bet == 50
    with app.test_request_context(headers={"Accept-Language": "en"}):
        fields = {field["name"]: field for field in option_fields(BANK)}
        assert [fields[name]["value"] for name in empty] == ["none"] * 3
        assert read_rules({"rule-max_bet": "None"}, default=BANK) == BANK


def test_a_refused_rule_quotes_the_value_in_russian_marks(client: Any) -> None:
    page = client.get("/drills/basic-strategy?rule-penetration=abc", headers=RUSSIAN)
    assert page.status_code == 400
    text = html.unescape(page.get_data(as_text=True))
    assert "«abc»" in text
    assert "'abc'" not in text


def test_a_stake_at_004_reads_a_decimal_comma_in_russian(app: Any) -> None:
    least = BANK.min_bet
    with app.test_request_context(headers=RUSSIAN):
        typed = f"{least},50"
        assert _read_stake(typed, BANK, Fraction(1000 * least)) == least + Fraction(1, 2)
    english = app.test_request_context(headers={"Accept-Language": "en"})
    with english, pytest.raises(InvalidAnswerError):  # 1,050 in English: above the limits
        _read_stake(f"{least},50", BANK, Fraction(least))
