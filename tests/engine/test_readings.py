"""The source texts' open readings: each other reading is one rule change away from ours."""

from __future__ import annotations

import pytest

from trainer.engine.rulebook.readings import READINGS, readings_for
from trainer.engine.rulebook.rule_words import summary_lines
from trainer.engine.rulebook.rules import PRESETS, find_preset


@pytest.mark.parametrize("name", list(READINGS))
def test_every_other_reading_is_one_option_away(name: str) -> None:
    ours = find_preset(name)
    assert readings_for(ours) == READINGS[name]
    for reading in READINGS[name]:
        assert reading.others, reading.topic
        for other in reading.others:
            read = other.rules(ours)
            assert read.name == name
            # One reading away: only the options the reading names change (004's banker
            # standing on a total also turns his best play off).
            named = {word.split("=")[0] for word in other.changes.split()}
            assert set(read.changes()) - set(ours.changes()) <= named, other.words
            assert read != ours


def test_a_reading_applies_on_top_of_rules_already_changed() -> None:
    ours = find_preset("russian-bank").replace(decks=1)
    stands_on_12 = READINGS["russian-bank"][1].others[0]
    assert (
        stands_on_12.rules(ours).notation()
        == "russian-bank decks=1 dealer_stands_on=12 banker_best=false"
    )


def test_the_banker_policy_reading_covers_standing_on_12_to_17() -> None:
    [sight, policy] = READINGS["russian-bank"]
    totals = {other.rules(PRESETS["russian-bank"]).dealer_stands_on for other in policy.others}
    assert totals == set(range(12, 18))
    assert all(not other.rules(PRESETS["russian-bank"]).banker_best for other in policy.others)
    [face_up] = sight.others
    assert face_up.rules(PRESETS["russian-bank"]).deal_faces == "casino"
    assert "не исключая и себя" in sight.text  # the text's own sentence, quoted


def test_003_doubling_names_the_other_reading() -> None:
    doubling = READINGS["casino-boxes"][0]
    assert doubling.others[0].rules(PRESETS["casino-boxes"]).double_on == "any"
    assert "offers" in doubling.others[0].words


def test_003_surrender_is_labelled_as_working_like_early_surrender() -> None:
    lines = summary_lines(find_preset("casino-boxes"))
    [surrender] = [line for line in lines if "urrender" in line]
    assert "against a 10 it works like early surrender" in surrender
    assert "Late" not in surrender
