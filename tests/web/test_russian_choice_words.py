"""A verdict's words in Russian: its plays said in the sentences that pair them ("Not quite:
%(right)s, not %(answer)s."; a walk read «нужно застраховаться, а не не брать страховку», the
play declined said with its own «не» after the sentence's: every play against every other), and
the ace said as a word in a deviation's working."""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest

from drills.deviations import _PLAY_WORDS
from drills.strategy_chart import _CHOICE_WORDS
from trainer.words import say

PLAYS = sorted(set(_PLAY_WORDS.values()) | set(_CHOICE_WORDS.values()))
SENTENCES = ("Not quite: %(right)s, not %(answer)s.", "Right: %(answer)s.")


@pytest.mark.parametrize("sentence", SENTENCES)
def test_no_play_is_said_with_a_double_not(app: Any, sentence: str) -> None:
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        said = [say(sentence, right=say(a), answer=say(b)) for a, b in permutations(PLAYS, 2)]
    assert said and all("Неверно" in s or "Верно" in s for s in said), said[:3]
    doubled = [s for s in said if " не не " in s or "нужно не " in s]
    assert not doubled, doubled


@pytest.mark.usefixtures("count_studies")  # a deviation's working reads its indices
@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Hard 11 against an ace (Hi-Lo): "), ("ru", "Жёсткие 11 против туза (Hi-Lo): ")],
)
def test_a_deviation_against_an_ace_says_the_ace_in_words(
    app: Any, language: str, said: str
) -> None:
    """A walk read «Жёсткие 11 против A» in a deviation's working, where the quiz says «против
    туза»: the ace is said as a word, as every other verdict says it."""
    from drills.deviations import DRILL
    from trainer.engine.rulebook.rules import Rules

    with app.test_request_context(headers={"Accept-Language": language}):
        grade = DRILL.grade("hi-lo 6S 5H v AD tc +3", "H", Rules.parse("vegas-6d-s17"))
    assert said in grade.explanation, grade.explanation
    assert "against A " not in grade.explanation and "против A " not in grade.explanation


@pytest.mark.usefixtures("count_studies")
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_deviations_hint_quotes_the_choice_it_names(client: Any, language: str) -> None:
    """The hint under the deviations' cells names a choice of the select beside it in its own
    words (a walk read «в диапазоне» there against «в заданных пределах» in the select)."""
    import html
    import re

    page = client.get(
        "/drills/deviations", headers={"Accept-Language": language}, follow_redirects=True
    )
    text = html.unescape(page.get_data(as_text=True))
    options = re.findall(r'<option value="[a-z0-9]+"[^>]*>([^<]+)</option>', text)
    hint = re.search(r"[“«]([^”»]+)[”»]\. ", text)
    assert hint is not None and options, text[:200]
    assert hint.group(1).lower() in [o.lower() for o in options], (hint.group(1), options)
