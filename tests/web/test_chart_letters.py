"""The strategy chart's letters in the learner's language: the chart page's cells, its key, a
chosen cell, the quiz's heat map and the index chart show the letters of the quiz's play buttons
(П, С, У, Р, Н on a Russian page; H, S, D, P, R on an English one), while the links keep the
notation's Latin code."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from trainer.web.keys import chart_letters

# By language: the letters a chart cell may show, and the chosen cell's heading (hard 11 vs 6).
LETTERS = {
    "en": ({"H", "S", "D/H", "D/S", "P", "R/H", "R/S", "R/P"}, ": D/H</h2>"),
    "ru": ({"П", "С", "У/П", "У/С", "Р", "Д/П", "Д/С", "Д/Р"}, ": У/П</h2>"),
}
CELL_LINK = re.compile(r'<td class="kind-[A-Z]"><a href="([^"]*)#cell"[^>]*>([^<*]*)')


def test_a_code_reads_in_the_buttons_letters(app: Any) -> None:
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert [chart_letters(c) for c in ("H", "D/S", "R/P")] == ["П", "У/С", "Д/Р"]
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert chart_letters("R/P") == "R/P"


@pytest.mark.parametrize("language", sorted(LETTERS))
def test_the_chart_and_its_key_show_the_learners_letters(client: Any, language: str) -> None:
    allowed, heading = LETTERS[language]
    headers = {"Accept-Language": language}
    page = client.get("/strategy?rules=vegas-6d-s17&cell=hard.11.6", headers=headers)
    text = html.unescape(page.get_data(as_text=True))
    cells = CELL_LINK.findall(text)
    assert len(cells) > 200 and {shown for _, shown in cells} <= allowed
    assert all("cell=" in link for link, _ in cells)  # the notation stays in the links
    key = re.findall(r'<li class="kind-[A-Z]"><b>([^<]*)</b>', text)
    assert set(key) == {shown for _, shown in cells}  # the key keys the codes the chart has
    assert heading in text
    heat = client.get("/drills/basic-strategy/chart?rules=vegas-6d-s17", headers=headers)
    shown = re.findall(
        r'<span class="code" aria-hidden="true">([^<]*)</span>', heat.get_data(as_text=True)
    )
    assert shown and set(shown) <= allowed
    index = client.get("/indices?rules=vegas-6d-s17&system=hi-lo", headers=headers)
    plays = re.findall(r"<span>(\S+) [≥<]", html.unescape(index.get_data(as_text=True)))
    assert plays and {p for play in plays for p in play.split("/")} <= {
        p for code in allowed for p in code.split("/")
    }
