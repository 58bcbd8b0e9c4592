"""Rules in plain words: every option labelled, every preset titled, no field names shown."""

from __future__ import annotations

import re

import pytest

from trainer.engine.rulebook.rule_words import (
    OPTION_LABELS,
    PRESET_TITLES,
    change_words,
    short_summary,
    summary_lines,
)
from trainer.engine.rulebook.rules import PRESETS, Rules

_FIELD_NAME = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def test_every_option_has_a_label_and_one_line_of_help() -> None:
    assert list(OPTION_LABELS) == list(Rules.option_names())
    for option, words in OPTION_LABELS.items():
        assert words.label and words.help.endswith("."), option
        assert "\n" not in words.help and len(words.help) < 120, option
        assert not _FIELD_NAME.search(words.label + words.help), option


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_reads_in_plain_words(name: str) -> None:
    rules = PRESETS[name]
    assert name in PRESET_TITLES
    assert short_summary(rules) == PRESET_TITLES[name]
    for line in summary_lines(rules):
        assert not _FIELD_NAME.search(line), line
        assert "=" not in line


def test_the_source_games_go_by_their_names_and_name_their_text_where_chosen() -> None:
    # Issue 26: "(source 002)" on every page; the game's own name, and its text named once
    # where the game is chosen.
    from trainer.engine.rulebook.rule_words import chosen_title
    from trainer.engine.rulebook.rules import find_preset

    assert PRESET_TITLES["twenty-one-club"] == "Club twenty-one"
    assert "source" not in PRESET_TITLES["russian-bank"]
    assert chosen_title(find_preset("twenty-one-club")) == "Club twenty-one (text 002)"
    assert chosen_title(find_preset("vegas-6d-s17")) == PRESET_TITLES["vegas-6d-s17"]


def test_changes_are_named_by_label_and_value_in_words() -> None:
    rules = Rules.parse("vegas-6d-s17 dealer_hits_soft_17=true double_on=10-11 surrender=none")
    assert change_words(rules) == [
        "Dealer hits soft 17: yes",
        "Double down on: 10 and 11",
        "Surrender: none",
    ]
    assert short_summary(rules) == (
        "Las Vegas, 6 decks, dealer stands on soft 17, but with these changes (Dealer hits soft "
        "17: yes; Double down on: 10 and 11; Surrender: none)"
    )


@pytest.mark.parametrize(
    "change",
    [
        "deal_method=1",
        "deal_method=2 deal_faces=dealer-second-up",
        "split_deal_order=in-turn",
        "table_rotation=none",
    ],
)
def test_a_changed_value_reads_as_words_not_a_bare_number_or_name(change: str) -> None:
    rules = Rules.parse(f"twenty-one-home {change}")
    words = change_words(rules)
    assert words
    for line in words:
        value = line.split(": ", 1)[1]
        assert not value.isdigit(), line
        assert "-" not in value, line  # not the engine's "in-turn", "dealer-second-up"
    assert "Deal method: 1" not in short_summary(rules)


def test_the_home_games_summary_says_what_makes_it_and_its_deal_once() -> None:
    """A walk read 002's home game's rules: nothing of the dealer's double, the players'
    redouble or the natural that takes the deal, and the deal said twice; 004's "Naturals pay
    2:1" where its text speaks of a dealt 21 only."""
    home = summary_lines(Rules.parse("twenty-one-home"))
    assert any("the dealer, having looked at his, may double every stake" in line for line in home)
    assert any(line.startswith("A player's natural takes the deal") for line in home)
    assert sum(line.startswith(("Deal method", "Dealt with")) for line in home) == 1
    club = summary_lines(Rules.parse("twenty-one-club"))
    assert not any("double every stake" in line or "takes the deal" in line for line in club)
    bank = summary_lines(Rules.parse("russian-bank"))
    assert "A dealt 21 pays 2:1" in bank and not any("Naturals" in line for line in bank)
