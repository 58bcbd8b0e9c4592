"""What a screen reader says of a strategy chart's cell: the play in words, in the learner's
language (the chart's letters, P or D/H, are for the eye), on the chart page and the quiz's
heat map."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

# By language: a chart cell's label, a heat-map cell's hidden words, and the letters they were.
SAID = {
    "en": ("Pairs 8-8 against 6: split", ": the chart says split;", ("against 6: P", "chart P,")),
    "ru": ("8-8 против 6: разделять", ": по таблице — разделять;", ("против 6: P", "в таблице P")),
}


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_charts_cells_say_the_play_in_words(client: Any, language: str) -> None:
    chart_label, heat_words, letters = SAID[language]
    headers = {"Accept-Language": language}
    chart = client.get("/strategy/chart?rules=vegas-6d-s17", headers=headers)
    labels = re.findall(r'aria-label="([^"]*)"', html.unescape(chart.get_data(as_text=True)))
    assert any(chart_label in label for label in labels)
    heat = client.get("/drills/basic-strategy/chart?rules=vegas-6d-s17", headers=headers)
    text = html.unescape(heat.get_data(as_text=True))
    hidden = re.findall(r'<span class="visually-hidden">([^<]*)</span>', text)
    assert any(heat_words in words for words in hidden)
    assert not any(old in label for label in labels for old in letters)
    assert not any(old in text for old in letters)
