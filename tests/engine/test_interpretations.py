"""Every rule the source texts leave open, listed with the sentence it reads (issue 27)."""

from __future__ import annotations

import re

import pytest

from trainer.engine.deck.hand import Hand
from trainer.engine.play.settlement import Outcome, settle_hand
from trainer.engine.rulebook.interpretations import (
    INTERPRETATIONS,
    PRESET_INTERPRETATIONS,
    interpretations_for,
)
from trainer.engine.rulebook.rule_words import OPTION_LABELS
from trainer.engine.rulebook.rules import find_preset

CYRILLIC = re.compile("[а-яА-ЯёЁ]")


@pytest.mark.parametrize("key", list(INTERPRETATIONS))
def test_each_quotes_its_text_in_russian_glosses_it_and_names_an_option(key: str) -> None:
    item = INTERPRETATIONS[key]
    assert key.startswith(item.source + "-")
    assert CYRILLIC.search(item.quote), "the text's own sentence, in Russian"
    assert not CYRILLIC.search(item.gloss), "the gloss is English"
    assert item.option in OPTION_LABELS, "the rule that plays it otherwise"
    assert item.topic.lower() in item.naming()


def test_every_interpretation_belongs_to_a_game_and_each_game_lists_its_own() -> None:
    listed = [key for keys in PRESET_INTERPRETATIONS.values() for key in keys]
    assert set(listed) == set(INTERPRETATIONS)
    for name, keys in PRESET_INTERPRETATIONS.items():
        assert {INTERPRETATIONS[key].source for key in keys} == {
            {"permanent-bank": "000", "russian-bank": "004"}.get(name, "002")
        }
    assert interpretations_for(find_preset("vegas-6d-s17")) == ()
    home = {item.key for item in interpretations_for(find_preset("twenty-one-home"))}
    assert {"002-auction", "002-method-3", "002-tie-premium"} <= home
    club = {item.key for item in interpretations_for(find_preset("twenty-one-club"))}
    assert "002-tie-premium" in club and "002-auction" not in club
    bank = {item.key for item in interpretations_for(find_preset("permanent-bank"))}
    assert "000-reserve" in bank
    assert "002-club-deal" in club and "002-club-deal" not in home  # home deals by method 3
    russian = {item.key for item in interpretations_for(find_preset("russian-bank"))}
    assert {"004-talia", "004-three-draws", "004-busted-banker"} <= russian


@pytest.mark.parametrize(
    ("preset", "hand", "dealer", "outcome", "key"),
    [
        ("twenty-one-club", "777", "T47", Outcome.PUSH, "002-tie-premium"),
        ("twenty-one-home", "777", "T47", Outcome.LOSE, "002-tie-premium"),
        ("twenty-one-home", "AK", "AQ", Outcome.LOSE, "002-home-ties"),
        ("russian-bank", "T8", "T6K", Outcome.WIN, "004-busted-banker"),
    ],
)
def test_a_verdict_resting_on_an_interpretation_names_it(
    preset: str, hand: str, dealer: str, outcome: Outcome, key: str
) -> None:
    settled = settle_hand(find_preset(preset), Hand.parse(hand).cards, Hand.parse(dealer).cards, 10)
    assert settled.outcome is outcome
    assert INTERPRETATIONS[key].naming() in settled.why


def test_a_verdict_on_no_open_rule_names_none() -> None:
    settled = settle_hand(
        find_preset("twenty-one-club"), Hand.parse("T9").cards, Hand.parse("T8").cards, 10
    )
    assert "interpretation" not in settled.why
