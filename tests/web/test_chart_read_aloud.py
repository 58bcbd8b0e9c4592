"""What a screen reader says of a strategy chart's cell: the play in words, in the learner's
language (the chart's letters, P or D/H, are for the eye), on the chart page and the quiz's
heat map."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest


@pytest.mark.parametrize(
    ("language", "split", "letters"),
    [
        ("en", "Pairs 8-8 against 6: split", "against 6: P"),
        ("ru", "8-8 против 6: разделить", "против 6: P"),
    ],
)
def test_the_chart_pages_cells_say_the_play_in_words(
    client: Any, language: str, split: str, letters: str
) -> None:
    page = client.get("/strategy/chart?rules=vegas-6d-s17", headers={"Accept-Language": language})
    labels = re.findall(r'aria-label="([^"]*)"', html.unescape(page.get_data(as_text=True)))
    assert any(split in label for label in labels), [x for x in labels if "10" in x][-12:]
    assert not any(letters in label for label in labels)


@pytest.mark.parametrize(
    ("language", "said", "letters"),
    [
        ("en", ": the chart says split;", "chart P,"),
        ("ru", ": по таблице — разделить;", "в таблице P"),
    ],
)
def test_the_heat_maps_cells_say_the_play_in_words(
    client: Any, language: str, said: str, letters: str
) -> None:
    page = client.get(
        "/drills/basic-strategy/chart?rules=vegas-6d-s17", headers={"Accept-Language": language}
    )
    text = html.unescape(page.get_data(as_text=True))
    hidden = re.findall(r'<span class="visually-hidden">([^<]*)</span>', text)
    assert any(said in words for words in hidden), hidden[:10]
    assert letters not in text
