"""Macros drawn once per argument (the cards): the same markup as the macro's own, kept apart by
the arguments' types, and made afresh for arguments that cannot be a key."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from trainer.engine.cards import Card
from trainer.engine.hand import Hand
from trainer.web.support import PureMacros


def test_a_kept_hand_is_the_macro_s_own_markup(app: Any) -> None:
    module = app.jinja_env.get_template("_cards.html").module
    kept = PureMacros(module)
    hand = Hand.parse("AH TS")
    for _ in range(2):
        assert kept.hand(hand, label="Your hand") == module.hand(hand, label="Your hand")
        assert kept.hand([Card.parse("6C")], small=True) == module.hand(
            [Card.parse("6C")], small=True
        )
    assert kept.hand(hand, label="One") != kept.hand(hand, label="Two")


def test_an_equal_markup_and_text_are_kept_apart(app: Any) -> None:
    template = app.jinja_env.from_string("{% macro say(text) %}<b>{{ text }}</b>{% endmacro %}")
    kept = PureMacros(template.module)
    assert kept.say("<i>") == "<b>&lt;i&gt;</b>"
    assert kept.say(Markup("<i>")) == "<b><i></b>"
    assert kept.say("<i>") == "<b>&lt;i&gt;</b>"


def test_arguments_that_cannot_be_a_key_are_drawn_each_time(app: Any) -> None:
    template = app.jinja_env.from_string("{% macro size(d) %}{{ d | length }}{% endmacro %}")
    kept = PureMacros(template.module)
    shown = {"a": 1}
    assert kept.size(shown) == "1"
    shown["b"] = 2
    assert kept.size(shown) == "2"
