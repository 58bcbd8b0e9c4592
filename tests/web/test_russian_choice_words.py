"""A verdict's plays said in Russian in the sentences that pair them ("Not quite: %(right)s, not
%(answer)s."): a walk read «нужно застраховаться, а не не брать страховку», the play declined
said with its own «не» after the sentence's. Every play a verdict names, against every other,
in every sentence that puts one after «не» or «нужно»."""

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
