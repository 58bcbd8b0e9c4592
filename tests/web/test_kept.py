"""What is kept by its arguments (``trainer.web.kept``): macros drawn once per argument (the
cards), the same markup as the macro's own (and a hand put together from its kept cards too),
kept apart by the arguments' types, and made afresh for arguments that cannot be a key; the
templates' addresses, the same as Flask builds, apart by mount point; a learner's totals read
once per request while nothing is written."""

from __future__ import annotations

from typing import Any

import pytest
from flask import url_for
from markupsafe import Markup

from tests.conftest import store_answer
from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.store import users
from trainer.web import quiz_panel
from trainer.web.kept import KeptUrls, PureMacros
from trainer.web.support import drill_totals, get_db


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


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_hand_put_together_from_kept_cards_is_the_macro_s_own(app: Any, language: str) -> None:
    module = app.jinja_env.get_template("_cards.html").module
    hands = [Hand.parse("AH TS"), Hand.parse("2C 3D 4S"), [Card.parse("KD")], Hand.parse("9S 9H")]
    labels = [Markup("The dealer's up card you answered"), Markup("Your hand"), "A & B"]
    with app.test_request_context("/", headers={"Accept-Language": language}):
        for _ in range(2):  # the shells drawn, then kept
            for held in hands:
                for label in labels:
                    for small in (False, True):
                        put = quiz_panel.hand(held, label, small=small)
                        assert put == module.hand(list(held), label=label, small=small)
        assert ("3 бубен" if language == "ru" else "3 of diamonds") in quiz_panel.hand(
            hands[1], labels[1]
        )


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


def test_a_kept_address_is_the_one_flask_builds(app: Any) -> None:
    kept = KeptUrls(app)
    asked = [
        ("static", {"filename": "css/app.css"}),
        ("strategy_quiz.ask", {"rules": "vegas-6d-s17", "mix": "weakest"}),
        ("strategy_quiz.ask", {"rules": "vegas-6d-s17", "mix": "cells"}),
        ("history.mistakes", {}),
    ]
    with app.test_request_context("/"):
        for _ in range(2):
            for endpoint, values in asked:
                assert kept(endpoint, **values) == url_for(endpoint, **values)
        assert kept("history.mistakes", _external=True).startswith("http://")
        assert "v=" in kept("static", filename="css/app.css")  # the file's version
    with app.test_request_context("/", base_url="http://localhost/trainer/"):
        assert kept("history.mistakes") == "/trainer/mistakes"


def test_totals_are_read_again_once_an_answer_is_written(app: Any) -> None:
    with app.test_request_context("/"):
        db = get_db()
        user = users.create_guest(db)
        assert drill_totals(user.id, "hand-totals") is None
        store_answer(db, user.id, "kept-totals-token-1", correct=False, answer="soft 18")
        totals = drill_totals(user.id, "hand-totals")
        assert totals is not None and (totals.attempts, totals.correct) == (1, 0)
