"""``python -m trainer simulate``: the figures, the JSON document, the seed and the workers, and
bad input refused with exit status 2 before anything is played."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from trainer.cli import main
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.simulator import kernel as K
from trainer.simulator.run import Sums, prepare, run
from trainer.simulator.settings import InvalidSettingError, settings_from
from trainer.simulator.summary import HANDS_AN_HOUR, Summary, at_pace, summarise

ISSUE_KEYS = {
    "rules",
    "rounds",
    "player_edge_percent",
    "se_percent",
    "rounds_per_second",
    "tc_frequency",
    "player_edge_by_tc",
    "win_per_100",
    "sd_per_100",
    "risk_of_ruin",
}


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_has_the_issues_keys(capsys: pytest.CaptureFixture[str]) -> None:
    found = _json(
        capsys,
        "--preset",
        "vegas-6d-s17",
        "--rule",
        "surrender=none",
        "--rounds",
        "20000",
        "--bankroll",
        "10000",
    )
    assert set(found) >= ISSUE_KEYS
    assert found["rules"] == "vegas-6d-s17 surrender=none"
    assert found["rounds"] == 20000
    assert abs(sum(found["tc_frequency"].values()) - 1) < 1e-4
    assert set(found["player_edge_by_tc"]) == set(found["tc_frequency"])
    assert "edge_percent" not in found and "edge_by_tc" not in found  # one key, the player's
    assert found["player_edge_percent"] < 0  # flat bets without surrender: the house has it
    assert found["risk_of_ruin"] == 1.0  # flat bets against the house: ruin is certain
    assert found["average_bet"] == 5.0  # the preset's table minimum


def test_each_counts_edge_has_its_standard_error_and_the_ends_are_open(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = _json(capsys, "--preset", "vegas-6d-s17", "--rounds", "200000", "--seed", "3")
    assert found["tc_ends"] == [-10, 10]
    assert set(found["se_by_tc"]) == set(found["tc_frequency"])
    # Flat bets: a count's edge rests on its share of the rounds, so its error is about the
    # whole run's over the square root of that share (the spread of a round is much alike).
    for key in ("-1", "0", "1"):
        expected = found["se_percent"] / found["tc_frequency"][key] ** 0.5
        assert found["se_by_tc"][key] == pytest.approx(expected, rel=0.15)
    assert main(["simulate", "--preset", "vegas-6d-s17", "--rounds", "200000"]) == 0
    text = capsys.readouterr().out
    assert "<=-10" in text and ">=+10" in text and "+- 1 SE" in text


def test_every_bad_setting_is_named_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--rounds", "0", "--seats", "9", "--ramp", "x", "--bankroll", "1"]
    assert main(["simulate", "--preset", "vegas-6d-s17", *args]) == 2
    err = capsys.readouterr().err
    for named in ("rounds:", "seats:", "ramp:", "bankroll:"):
        assert named in err
    with pytest.raises(InvalidSettingError) as caught:
        settings_from(preset="vegas-6d-s17", rounds="\u0663", seed="12", max_rounds=1000)
    assert caught.value.errors == {"rounds": "“\u0663” is not a whole number"}
    with pytest.raises(InvalidSettingError, match="1 to 1,000, not 1,001"):
        settings_from(preset="vegas-6d-s17", rounds=1001, max_rounds=1000)


def test_same_seed_same_figures_other_seed_others(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--preset", "single-deck", "--rounds", "5000")
    one = _json(capsys, *args, "--seed", "4")
    two = _json(capsys, *args, "--seed", "4")
    other = _json(capsys, *args, "--seed", "5")
    assert one["player_edge_percent"] == two["player_edge_percent"]
    assert one["player_edge_percent"] != other["player_edge_percent"]


def test_text_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--preset", "casino-boxes", "--rounds", "3000", "--seats", "3"]) == 0
    out = capsys.readouterr().out
    assert "house edge" in out and "3 seat(s)" in out and "rounds a second" in out
    assert "house edge      -" not in out  # never the house's edge as a negative number
    assert "at an assumed pace (418 hands dealt an hour" in out  # the figures an hour say so


def test_your_own_rounds_an_hour_put_the_figures_an_hour(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--preset", "vegas-6d-s17", "--rounds", "20000", "--seed", "3"]
    assumed = _json(capsys, *args[1:])
    given = _json(capsys, *args[1:], "--rounds-an-hour", "80")
    assert assumed["pace"] == "assumed" and assumed["rounds_per_hour"] == 209.0
    assert given["pace"] == "given" and given["rounds_per_hour"] == 80.0
    assert given["win_per_round_seen"] == assumed["win_per_round_seen"]  # the same run
    assert given["win_per_hour"] == pytest.approx(assumed["win_per_round_seen"] * 80, abs=1e-3)
    assert given["sd_per_hour"] == pytest.approx(assumed["sd_per_round_seen"] * 80**0.5, abs=1e-3)
    assert main(["simulate", *args[1:], "--rounds-an-hour", "80"]) == 0
    assert "at the rounds an hour you gave" in capsys.readouterr().out


def _summary_dealing(others_a_round: float) -> Summary:
    """The table figures of 1,000 rounds (made-up sums) with ``others_a_round`` boxes dealt."""
    acc = np.zeros(K.ACC)
    acc[[K.ROUNDS, K.PLAYED, K.BOXES, K.HANDS]] = 1000
    acc[[K.SUMX, K.SUMB, K.SUMXX, K.SUMBB, K.SUMXB]] = (-7.3, 1000, 1337.77, 1000, -7.3)
    acc[K.DEALT] = 1000 * (1 + others_a_round)
    return summarise(
        Sums(acc, np.zeros((1, K.BFIELDS))),
        rules="made-up",
        seats=1,
        min_bet=Fraction(1),
        bucket_lo=0,
        bankroll=None,
        seconds=1.0,
        compile_seconds=0.0,
        settings={},
    )


@pytest.mark.parametrize("pace", [10, 52.25, 209, 418])
def test_your_own_pace_gives_the_figures_the_run_gives_at_that_pace(pace: float) -> None:
    """At a pace given, the figures an hour are those worked out from the run's own per-round
    figures at that pace, not from the table's rounded ones (1.6e-3 off at 1,000 an hour)."""
    heads_up = _summary_dealing(0)
    direct = _summary_dealing(HANDS_AN_HOUR / pace - 2).table  # the assumed pace is ``pace``
    given = at_pace(heads_up, pace).table
    assert direct is not None and given is not None
    assert direct["rounds_per_hour"] == given["rounds_per_hour"] == round(pace, 1)
    assert given["win_per_hour"] == direct["win_per_hour"]
    assert given["sd_per_hour"] == direct["sd_per_hour"]
    assert given["pace"] == "given" and direct["pace"] == "assumed"


@pytest.mark.long
def test_the_worker_count_does_not_change_the_figures() -> None:
    rules = Rules.parse("vegas-6d-s17")
    job = prepare(rules, chart=chart(rules), system=find_system("hi-lo"), seed=99)
    alone = run(job, 120_000, workers=1, block_rounds=25_000)
    shared = run(job, 120_000, workers=2, block_rounds=25_000)
    assert np.array_equal(alone.acc, shared.acc)
    assert np.array_equal(alone.buckets, shared.buckets)
    assert alone.acc[0] == 120_000


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--rounds", "0"], "rounds"),
        (["--rounds", "-5"], "rounds"),
        (["--rounds", "1e99"], "rounds"),
        (["--rounds", "99999999999999"], "rounds"),
        (["--rounds", "10", "--ramp", "1@-99,two@3"], "ramp"),
        (["--rounds", "10", "--ramp", "1@2,2@1"], "ramp"),
        (["--rounds", "10", "--ramp", "1@-99,500@2"], "ramp"),  # above the table maximum
        (["--rounds", "10", "--bankroll", "4"], "bankroll"),  # the minimum is 5
        (["--rounds", "10", "--rule", "colour=red"], "colour"),
        (["--rounds", "10", "--rule", "decks=9"], "decks"),
        (["--rounds", "10", "--seats", "8"], "seats"),
        (["--rounds", "10", "--system", "no-such-count"], "system"),
        (["--rounds", "10", "--indices", "some"], "indices"),
        (["--rounds", "10", "--penetration", "2"], "penetration"),
        (["--rounds", "10", "--workers", "0"], "workers"),
        (["--rounds", "10", "--rounds-an-hour", "0"], "--rounds-an-hour"),
        (["--rounds", "10", "--rounds-an-hour", "5000"], "--rounds-an-hour"),
        (["--rounds", "10", "--rounds-an-hour", "nan"], "--rounds-an-hour"),
        (["--rounds", "10", "--rounds-an-hour", "inf"], "--rounds-an-hour"),
        (["--rounds", "10", "--rounds-an-hour", "fast"], "--rounds-an-hour"),
    ],
)
def test_bad_input_is_status_2_naming_it(
    capsys: pytest.CaptureFixture[str], args: list[str], named: str
) -> None:
    assert main(["simulate", "--preset", "vegas-6d-s17", *args]) == 2
    captured = capsys.readouterr()
    assert named in captured.err
    assert captured.out == ""


@pytest.mark.parametrize("spots", ["0", "4"])
def test_the_spots_refusal_says_what_the_help_says(
    capsys: pytest.CaptureFixture[str], spots: str
) -> None:
    assert main(["simulate", "--preset", "vegas-6d-s17", "--rounds", "10", "--spots", spots]) == 2
    said = capsys.readouterr().err
    assert f"spots: must be 1 to 3, not {spots}" in said
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "hands to play at a good count (1 to 3)" in capsys.readouterr().out


def test_a_table_refusal_is_english_without_python_quotes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--others", "1", "--enter", "1", "--leave", "3", "--ramp", "1@1,x@2"]
    assert main(["simulate", "--preset", "vegas-6d-s17", "--rounds", "10", *args]) == 2
    said = capsys.readouterr().err
    assert "leave: must be at most the count you sit in at (+1), not +3" in said
    assert "ramp: “x@2” is not units@count" in said
    assert "'" not in said


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(InvalidSettingError, match="unknown preset") as caught:
        settings_from(preset="blackjack-on-mars", rounds=10)
    assert caught.value.field == "rules"


def test_a_missing_argument_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--preset", "vegas-6d-s17"])
    assert stopped.value.code == 2
    assert "--rounds" in capsys.readouterr().err


MEMORY_RUN = """
import resource
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.simulator.run import prepare, run
rules = Rules.parse("vegas-6d-s17")
job = prepare(rules, chart=chart(rules), system=find_system("hi-lo"), seed=1)
sums = run(job, 1_500_000, workers=2, block_rounds=50_000)
print(int(sums.acc[0]), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


@pytest.mark.long
def test_a_workers_memory_stays_small_whatever_the_rounds() -> None:
    """Each worker keeps a block's sums only: 30 blocks cost it no more than one."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", MEMORY_RUN], capture_output=True, text=True, check=True
    ).stdout.split()
    assert int(out[0]) == 1_500_000
    assert int(out[1]) < 300 * 1024  # kilobytes: under 300 MB for the largest worker


def test_a_penetration_sweep(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--preset", "single-deck", "--rounds", "40000", "--ramp", "1@-99,4@2"]
    found = _json(capsys, *args, "--sweep", "5/6,1/2,2/3")
    assert [d["penetration"] for d in found["sweep"]] == ["1/2", "2/3", "5/6"]
    assert set(found["sweep"][0]) >= {"player_edge_percent", "se_percent", "sd_per_100", "score"}
    alone = _json(capsys, *args, "--penetration", "2/3")
    # The same seed and game:
    assert found["sweep"][1]["player_edge_percent"] == alone["player_edge_percent"]
    assert main(["simulate", *args, "--sweep", "1/2,3/4"]) == 0
    assert "penetration sweep" in capsys.readouterr().out
    assert main(["simulate", *args, "--sweep", "1/2,0"]) == 2
    assert "sweep:" in capsys.readouterr().err
    assert main(["simulate", *args, "--sweep", ",".join(["1/2"] * 9)]) == 2
    assert "at most 8" in capsys.readouterr().err
