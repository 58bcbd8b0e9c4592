""" "a" or "an" as the word is spoken: one helper for every rank, number and word a learner
reads (trainer/engine/article.py)."""

from __future__ import annotations

import pytest

from trainer.engine.article import a_or_an, article


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("8", "an 8"),
        ("80", "an 80"),
        ("800", "an 800"),
        ("11", "an 11"),
        ("18", "an 18"),
        ("11,000", "an 11,000"),
        ("18000", "an 18000"),
        ("1", "a 1"),
        ("10", "a 10"),
        ("110", "a 110"),
        ("1,100", "a 1,100"),
        ("2", "a 2"),
        ("+3", "a +3"),
        ("\u22121", "a \u22121"),
        ("ace", "an ace"),
        ("eight", "an eight"),
        ("ten", "a ten"),
        ("A", "an A"),
        ("K", "a K"),
        ("one-deck game", "a one-deck game"),
        ("hour", "an hour"),
        ("unit", "a unit"),
        ("umbrella", "an umbrella"),
    ],
)
def test_the_article_is_the_one_spoken(word: str, said: str) -> None:
    assert a_or_an(word) == said


def test_nothing_is_a_word_that_takes_a() -> None:
    assert article("") == "a"


def test_the_dealers_and_punters_card_words_use_it() -> None:
    from drills.punter_stake import _value_words
    from drills.skill_words import _against
    from drills.table_dealing_grades import card_words as _label

    assert [_label(8), _label(1), _label(10), _label(7)] == ["an 8", "an ace", "a ten", "a 7"]
    assert [_value_words(8), _value_words(1)] == ["an 8", "an ace"]
    import re

    assert _against(re.match(r"(.+)", "8")) == "against an 8"  # type: ignore[arg-type]
    assert _against(re.match(r"(.+)", "A")) == "against an ace"  # type: ignore[arg-type]
