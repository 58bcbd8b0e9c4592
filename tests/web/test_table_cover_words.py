"""The cover's sentences at the end of a shoe (templates/table/_cover.html), rendered from the
words trainer.web.table_end makes: too few rounds to judge is said so, not read as flat betting;
what the cover gave up is worded for each sign; the session says which shoes it judged."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import render_template

SHOE = {
    "shoe": True,
    "rounds": 2,
    "explained": None,  # two rounds: not read
    "share_rounds": 3,
    "spread": "2.0",
    "off_the_top": "0.67",
    "came_in": 1,
    "jump": "1.0",
    "ramp_ev": "+0.10",
    "your_ev": "+1.24",
    "given_up": "1.14",
    "gained": True,
}
SESSION = {
    "shoes": 2,
    "rounds": 2,
    "explained": None,
    "share_rounds": 3,
    "spreads": ["10 to 10", "20 to 20"],
    "same_spread": False,
    "shuffles": 0,
    "changed": 0,
    "fell": 0,
    "change": "0.0",
    "off_the_top": 0,
    "from_the_top": 1,
    "late": 1,
    "watched": 1,
    "given_up": "1.14",
    "gained": True,
    "signs": [],
}


def rendered(app: Any, language: str, *, gained: bool = True) -> str:
    shoe, session = {**SHOE, "gained": gained}, {**SESSION, "gained": gained}
    with app.test_request_context(headers={"Accept-Language": language}):
        page = render_template("table/_cover.html", cover={**shoe, "session": session})
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_the_cover_says_what_it_could_not_judge_and_which_way_it_cost(app: Any) -> None:
    text = rendered(app, "en")
    assert "flat betting: 0" not in text and "0%" not in text
    assert "Not judged: you bet 2 rounds, too few to read; it takes at least 3 rounds" in text
    assert "gave up" not in text  # a gain was worded as a loss of −1.14
    assert "your bets gained 1.14 over the ramp's, with more risk." in text
    assert "Your bets gained 1.14 over the ramp's bets, with more risk." in text
    assert "Of the 1 shoe you bet from its first round, 0 began at your smallest bet" in text
    assert "1 shoe is not judged off the top: you came in after its first round" in text
    assert "1 more shoe of the session you only watched" in text


@pytest.mark.parametrize("gained", [False, True])
def test_in_russian_each_sign_has_its_sentence(app: Any, gained: bool) -> None:
    text = rendered(app, "ru", gained=gained)
    assert "Не оценивается: вы ставили в 2 раундах" in text
    assert ("на 1,14 выше" in text or "на 1.14 выше" in text) is gained
    assert ("маскировка стоила 1.14" in text.lower()) is not gained
    assert "Ещё 1 шуз этой сессии вы только смотрели со стороны" in text
