"""The player's count errors in the simulator (CountNoise): they change the bets, never the
cards, and a count read badly enough costs what the ramp was winning."""

from __future__ import annotations

import dataclasses

import pytest

from trainer.simulator import settings_from, simulate
from trainer.simulator.tables import CountNoise

# One worker runs the file (--dist loadgroup): the base simulation run once, not on each.
pytestmark = pytest.mark.xdist_group("count-noise")

RAMP = "1@-99,2@1,4@2,8@3,12@4"


@pytest.fixture(scope="module")
def base() -> object:
    return settings_from(preset="vegas-6d-s17", rounds=400_000, ramp=RAMP, seed=11)


def run(settings: object, noise: CountNoise) -> object:
    return simulate(dataclasses.replace(settings, noise=noise))  # type: ignore[type-var]


def test_no_noise_is_the_perfect_counters_run(base: object) -> None:
    assert (
        run(base, CountNoise()).to_json()["win_per_100"] == simulate(base).to_json()["win_per_100"]
    )  # type: ignore[arg-type]


def test_a_miscount_moves_the_bets_and_never_the_cards(base: object) -> None:
    perfect, noisy = run(base, CountNoise()), run(base, CountNoise(0.1, 0.8, 0.4))
    # No indices: every play is the chart's whatever the count, so the same cards make the
    # same hands; only the bets differ.
    assert noisy.hands == perfect.hands and noisy.rounds == perfect.rounds
    assert noisy.average_bet != perfect.average_bet
    assert noisy.to_json()["count_noise"] == {"rc_sd": 0.1, "tc_sd": 0.8, "deck_sd": 0.4}


def test_a_count_read_at_random_loses_what_the_ramp_won(base: object) -> None:
    perfect, blind = run(base, CountNoise()), run(base, CountNoise(tc_sd=30.0))
    unit = float(base.rules.min_bet)  # type: ignore[attr-defined]
    se = perfect.se_percent / 100 * perfect.average_bet / unit  # the win's error a round
    win, lost = perfect.win_per_100 / 100 / unit, blind.win_per_100 / 100 / unit
    assert win > 2 * se  # the ramp wins
    assert lost < win - 4 * se  # betting by a count that says nothing does not
