"""The strategy page of 002's home game (deal method 3) shows, beside the chart (which reads the
up card alone), the game's first play on two cards when the dealer did not double and when he
did, as the quiz and the table grade it; hands a cell plays otherwise are listed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import url_for

from drills.method3_quiz import game_chart
from trainer.engine.rulebook.rules import find_preset

HOME = find_preset("twenty-one-home")


def _section(page: str) -> str:
    start = page.index('id="game-charts"')
    return page[start : page.index("</section>", start)]


def _cell(section: str, title: str, hand: str, up: str) -> str:
    """The letters of a cell of the game chart titled ``title`` (its aria-label names it)."""
    chart = section[section.index(title) :]
    found = re.search(rf'aria-label="{hand} against {up}: [^"]*— ([A-Z/]+)', chart)
    assert found is not None, (title, hand, up)
    return found[1]


def test_the_game_charts_are_the_games_play_for_each_double(client: Any) -> None:
    page = client.get("/strategy?rules=twenty-one-home").get_data(as_text=True)
    section = _section(page)
    chart = game_chart(HOME)
    for doubled, title in (
        (False, "When the dealer did not double"),
        (True, "When the dealer doubled"),
    ):
        assert title in section
        for row, up in (("16", "7"), ("12", "4"), ("17", "A")):
            assert (
                _cell(section, title, f"Hard totals {row}", up)
                == chart[doubled][("hard", row, up)].play
            )
    # Hard 16 against a 7: the chart hits; the game stands unless the dealer doubled.
    assert (
        _cell(section, "did not double", "Hard totals 16", "7"),
        _cell(section, "dealer doubled", "Hard totals 16", "7"),
    ) == ("S", "H")
    # Cells whose hands are played otherwise are marked and listed (3 and 9 against a 2 stand
    # where 10 and 2, the cell's most dealt hand, hits).
    assert "played otherwise (listed below)" in section
    assert "Hard 12 against 2: 3 and 9, 4 and 8, 5 and 7 — stand" in section


@pytest.mark.parametrize("rules", ["vegas-6d-s17", "twenty-one-club"])
def test_a_game_without_the_double_has_no_game_charts(client: Any, rules: str) -> None:
    page = client.get(f"/strategy?rules={rules}").get_data(as_text=True)
    assert 'id="game-charts"' not in page


def test_in_russian_the_game_charts_say_nothing_in_english(client: Any) -> None:
    page = client.get("/strategy?rules=twenty-one-home", headers={"Accept-Language": "ru"})
    section = _section(page.get_data(as_text=True))
    assert "Когда сдатчик не удвоил" in section
    for english in ("When the dealer", "against", "Played otherwise", "stand", "hit"):
        assert english not in section


def test_the_heat_map_shows_the_games_play_by_the_double(app: Any, client: Any) -> None:
    """The quiz's heat map at the home game gives each cell the play the quiz grades by: one
    letter where the double does not change it, else both (not doubled · doubled)."""
    with app.test_request_context():
        url = url_for("strategy_quiz.heat_map", rules="twenty-one-home")
    page = client.get(url).get_data(as_text=True)
    assert "reading the dealer's double" in page
    chart = game_chart(HOME)
    left, doubled = chart[False][("hard", "16", "7")].play, chart[True][("hard", "16", "7")].play
    assert (left, doubled) == ("S", "H")
    assert "stand if the dealer did not double, hit if he did" in page
    assert 'aria-hidden="true">S·H</span>' in page
