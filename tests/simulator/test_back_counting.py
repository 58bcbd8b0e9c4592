"""Back-counting and more spots in the simulator: the Wonged edge is the exact edge by count (the
count study's) weighted over the counts played, within three standard errors; two spots'
hands share the dealer's, so a round's spread with two is more than one spot's times the square
root of two and less than twice it; and bad input to ``simulate`` exits 2 naming the flag."""

from __future__ import annotations

import json
import math

import pytest

from trainer.cli import main
from trainer.engine.counting import find_system
from trainer.engine.indices import edge_by_count
from trainer.engine.rulebook.rules import Rules
from trainer.simulator import kernel as K
from trainer.simulator.run import run
from trainer.simulator.settings import job_of, settings_from, simulate

SIX = Rules.parse("vegas-6d-s17")
HI_LO = find_system("hi-lo")
# Some 2 million rounds seen: a second or two once the kernel is compiled (numba's cache).
ROUNDS = 2_000_000


def _exact_basic() -> dict[int, float]:
    """The count study's edge by count with basic strategy, percent, by whole true count."""
    return {row.count: 100 * row.basic for row in edge_by_count(SIX, HI_LO).counts}


def test_the_wonged_edge_is_the_edge_by_count_over_the_counts_played(
    count_studies: None,
) -> None:
    table = {"others": 2, "enter": 1, "leave": 0}
    found = simulate(settings_from(preset="vegas-6d-s17", rounds=ROUNDS, seed=5, table=table))
    figures = found.to_json()
    played = figures["tc_frequency_played"]
    exact = _exact_basic()
    wonged = sum(share * exact[int(count)] for count, share in played.items())
    assert abs(sum(played.values()) - 1) < 1e-4
    assert min(int(count) for count in played) == 0  # left below 0: never played at -1
    assert 0.2 < figures["played_fraction"] < 0.6
    assert abs(found.player_edge_percent - wonged) < 3 * found.se_percent
    flat = sum(row.share * 100 * row.basic for row in edge_by_count(SIX, HI_LO).counts)
    assert wonged > 0 > flat  # back-counting turns the basic-strategy game to the player
    assert found.player_edge_percent > flat + 3 * found.se_percent


def test_a_ramp_and_two_spots_weigh_each_count_by_the_money_bet_there(
    count_studies: None,
) -> None:
    table = {"others": 1, "enter": 2, "leave": 1, "spots": 2, "spots_at": 3}
    settings = settings_from(
        preset="vegas-6d-s17", rounds=ROUNDS, seed=6, ramp="1@-99,2@2,4@3", table=table
    )
    sums = run(job_of(settings), settings.rounds)
    exact = _exact_basic()
    lo = -10
    money = {lo + i: row[K.BB] for i, row in enumerate(sums.buckets) if row[K.BP]}
    weighted = sum(bet * exact[count] for count, bet in money.items()) / sum(money.values())
    found = simulate(settings)
    assert found.player_edge_percent == pytest.approx(100 * sums.acc[K.SUMX] / sums.acc[K.SUMB])
    assert abs(found.player_edge_percent - weighted) < 3 * found.se_percent
    assert sums.acc[K.BOXES] > sums.acc[K.PLAYED]  # two spots at +3 and up


def test_two_spots_spread_a_round_by_their_covariance(count_studies: None) -> None:
    one = simulate(settings_from(preset="vegas-6d-s17", rounds=400_000, seed=7)).to_json()
    two = simulate(
        settings_from(
            preset="vegas-6d-s17",
            rounds=400_000,
            seed=7,
            table={"spots": 2, "spots_at": -99},  # two hands at every count
        )
    ).to_json()
    sd_one, sd_two = one["sd_per_round_played"], two["sd_per_round_played"]
    # Independent hands would spread a round by sqrt(2); sharing the dealer's hand, more.
    assert math.sqrt(2) * sd_one < sd_two < 2 * sd_one
    # Their covariance, some 0.5 squared units a pair of hands (Schlesinger, "Blackjack
    # Attack": two hands' variance 2 x 1.3 + 2 x 0.5); 0.48 in 20 million rounds here.
    assert 0.4 < (sd_two**2 - 2 * sd_one**2) / 2 < 0.56
    assert two["hands"] > 1.9 * one["hands"]
    assert two["sd_per_100"] == pytest.approx(10 * sd_two * 5, rel=1e-3)  # a round's, in money
    assert one["played_fraction"] == two["played_fraction"] == 1.0


def test_the_table_pace_counts_every_box_dealt(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--preset", "vegas-6d-s17", "--rounds", "20000", "--json"]
    assert main(args) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main([*args, "--others", "6"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert alone["rounds_per_hour"] == 209.0 and full["rounds_per_hour"] == 52.2
    assert full["win_per_hour"] == pytest.approx(full["win_per_round_seen"] * 52.25, abs=1e-3)
    assert full["others"] == 6 and full["enter"] is None and full["spots"] == 1


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--enter", "2"], "others"),  # no one else's rounds to watch
        (["--others", "1", "--leave", "0"], "leave"),
        (["--others", "1", "--enter", "1", "--leave", "3"], "leave"),
        (["--others", "7"], "others"),
        (["--others", "5", "--spots", "3", "--spots-at", "2"], "others"),  # 8 boxes
        (["--spots", "4", "--spots-at", "2"], "spots"),
        (["--spots", "2"], "spots_at"),
        (["--spots-at", "2"], "spots"),
        (["--seats", "3", "--spots", "2", "--spots-at", "1"], "spots"),
        (["--others", "1", "--enter", "100"], "enter"),
        (["--others", "1", "--enter", "nan"], "enter"),
        (["--others", "1", "--enter", "1.5"], "enter"),
        (["--spots", "2", "--spots-at", "9" * 30], "spots_at"),
    ],
)
def test_bad_table_input_is_status_2_naming_it(
    args: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--preset", "vegas-6d-s17", "--rounds", "1000", *args]) == 2
    assert f"{named}:" in capsys.readouterr().err


def test_an_entry_count_never_reached_plays_no_round(capsys: pytest.CaptureFixture[str]) -> None:
    table = ["--others", "1", "--enter", "99", "--rounds", "2000"]
    assert main(["simulate", "--preset", "vegas-6d-s17", *table, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["rounds_played"] == 0 and found["player_edge_percent"] is None
    assert found["win_per_round_seen"] == 0 and found["tc_frequency_played"] == {}
    assert main(["simulate", "--preset", "vegas-6d-s17", *table]) == 0
    assert "no round played" in capsys.readouterr().out


def test_a_back_counter_leaves_at_the_shuffle() -> None:
    def played(leave: str) -> dict:
        table = {"others": 1, "enter": 1, "leave": leave}
        return simulate(
            settings_from(preset="vegas-6d-s17", rounds=200_000, seed=9, table=table)
        ).to_json()

    stays, leaves_at_0 = played("-99"), played("0")
    # Never leaving on the count, they still watch each new shoe until it reaches +1: some
    # rounds of each shoe, not one round in the whole run.
    assert leaves_at_0["played_fraction"] < stays["played_fraction"] < 0.9
    assert min(int(count) for count in stays["tc_frequency_played"]) < -3
