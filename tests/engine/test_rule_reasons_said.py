"""Every reason the rules refuse a combination for has its sentence in the catalogue, naming
the rules in words (the command line's text names options: ``deal_faces``, ``max_split_hands``),
so a page says why in a learner's words, in English as in Russian."""

from __future__ import annotations

import re

import pytest

from trainer.engine.rulebook.rules import InvalidRulesError, find_preset

OPTION_NAME = re.compile(r"[a-z]+_[a-z_]+")


@pytest.mark.parametrize(
    ("preset", "changes"),
    [
        ("vegas-6d-s17", {"reshuffle_reserve": "9999"}),
        ("vegas-6d-s17", {"dealer_hits_soft_17": "true", "dealer_stands_on": "16"}),
        ("vegas-6d-s17", {"resplit_aces": "true", "max_split_hands": "2"}),
        ("vegas-6d-s17", {"max_draws": "11"}),
        ("vegas-6d-s17", {"max_seats": "99"}),
        ("vegas-6d-s17", {"max_split_hands": "9"}),
        ("vegas-6d-s17", {"min_bet": "0"}),
        ("vegas-6d-s17", {"min_bet": "50", "max_bet": "10"}),
        ("vegas-6d-s17", {"deal_method": "5"}),
        ("vegas-6d-s17", {"deal_faces": "sideways"}),
        ("vegas-6d-s17", {"deal_faces": "all-down"}),
        ("russian-bank", {"deal_faces": "casino"}),
        ("russian-bank", {"max_split_hands": "2"}),
    ],
)
def test_a_refused_combination_is_said_in_words(preset: str, changes: dict[str, str]) -> None:
    with pytest.raises(InvalidRulesError) as refused:
        find_preset(preset).replace(**changes)
    said = refused.value.said
    assert said is not None, str(refused.value)
    text, values = said
    sentence = text % values
    assert not OPTION_NAME.search(sentence), sentence
    assert not re.search(r"'\S*'", sentence), sentence  # a value in the language's marks
