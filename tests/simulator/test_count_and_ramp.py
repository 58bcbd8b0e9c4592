"""The count, the indices and the ramp in the simulator: the strategy tables make each index's
play from its count on, the count's frequencies are the engine's, and a ramp with the indices
turns the six-deck game to the player."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.engine.counting import find_system
from trainer.engine.indices import edge_by_count, indices
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.simulator.ramp import InvalidRampTextError, Ramp
from trainer.simulator.settings import settings_from, simulate
from trainer.simulator.tables import I18, LETTERS, strategy_of

HI_LO = find_system("hi-lo")
SIX = Rules.parse("vegas-6d-s17")


def _cell(hand: str) -> int:
    section, _, row = hand.partition(" ")
    if not row:
        card = hand.split("-")[0]
        return 25 + (1 if card == "A" else int(card))
    return (-5 if section == "hard" else 4) + int(row)


def test_each_index_is_played_from_its_count(count_studies: None) -> None:
    table = indices(SIX, HI_LO)
    strategy = strategy_of(chart(SIX), table, count_lo=-20, count_hi=20)
    checked = 0
    for play in table.plays:
        row = play.index - strategy.count_lo if play.when == "at_or_above" else None
        if row is None:
            row = play.index - 1 - strategy.count_lo  # "below": the count just under it
        up = 0 if play.dealer == "A" else int(play.dealer) - 1
        if play.hand == "insurance":
            assert strategy.insure[row] == 1
            assert strategy.insure[row - 1 if play.when == "at_or_above" else row + 1] == 0
            continue
        assert strategy.first[row, up, _cell(play.hand), 0] == LETTERS[play.play], play
        checked += 1
    assert checked > 50


def test_i18_keeps_only_those_cells(count_studies: None) -> None:
    table = indices(SIX, HI_LO)
    every = strategy_of(chart(SIX), table)
    i18 = strategy_of(chart(SIX), table, keep=I18)
    basic = strategy_of(chart(SIX)).first[0]
    count = 5
    row = count - every.count_lo
    kept = left_out = 0
    for play in table.plays:
        if play.hand == "insurance" or not play.applies(count) or play.play == play.basic:
            continue
        up = 0 if play.dealer == "A" else int(play.dealer) - 1
        cell = _cell(play.hand)
        assert every.first[row, up, cell, 0] != basic[up, cell, 0]
        if (play.hand, play.dealer) in I18:
            assert i18.first[row, up, cell, 0] == every.first[row, up, cell, 0]
            kept += 1
        else:
            assert (i18.first[row, up, cell] == basic[up, cell]).all()
            left_out += 1
    assert kept and left_out


def test_true_count_frequencies_are_the_engines(count_studies: None) -> None:
    exact = {row.count: row.share for row in edge_by_count(SIX, HI_LO).counts}
    found = simulate(settings_from(preset="vegas-6d-s17", rounds=600_000, seed=2))
    for count in range(-4, 5):
        assert found.tc_frequency[str(count)] == pytest.approx(exact[count], abs=0.015)


def test_a_ramp_with_indices_turns_the_edge_to_the_player(count_studies: None) -> None:
    flat = simulate(settings_from(preset="vegas-6d-s17", rounds=600_000, seed=8))
    counted = simulate(
        settings_from(
            preset="vegas-6d-s17",
            rounds=600_000,
            seed=8,
            indices="all",
            ramp="1@-99,2@1,4@2,8@3",
            bankroll="10000",
        )
    )
    assert flat.player_edge_percent < 0 < counted.player_edge_percent
    assert counted.player_edge_percent > flat.player_edge_percent + 3 * counted.se_percent
    assert counted.average_bet > flat.average_bet
    assert counted.n0 is not None and counted.score > 0
    assert 0 < counted.risk_of_ruin < 1


@pytest.mark.parametrize(
    ("text", "at", "units"),
    [
        ("1@-99,2@1,4@2,8@3", -3, 1),
        ("1@-99,2@1,4@2,8@3", 1, 2),
        ("1@-99,2@1,4@2,8@3", 9, 8),
        ("2@0,1.5@3", -5, 2),
        ("2@0,1.5@3", 3, 1.5),
    ],
)
def test_ramp_units(text: str, at: int, units: float) -> None:
    ramp = Ramp.parse(text)
    assert ramp.units_at(at) == units
    assert Ramp.parse(ramp.notation()) == ramp


@pytest.mark.parametrize("text", ["", "1", "1@", "@3", "1@2,,3@4", "0@1", "1@3,2@3", "x" * 500])
def test_unreadable_ramps(text: str) -> None:
    with pytest.raises(InvalidRampTextError, match="ramp"):
        Ramp.parse(text)


def test_ramp_top_is_units() -> None:
    assert Ramp.parse("1@-99,12@4").top == Fraction(12)
