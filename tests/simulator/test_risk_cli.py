"""``python -m trainer risk`` (trainer.simulator.risk_cli): the figures from a win rate and SD, or
from a game's edge by count and ramp; bad input exits 2 naming the flag."""

from __future__ import annotations

import json
import math

import pytest

from trainer.cli import main as trainer_main
from trainer.engine import risk
from trainer.engine.counting import find_system
from trainer.engine.indices import cache as study_cache
from trainer.engine.indices import ramp_game, study
from trainer.engine.rulebook.rules import Rules
from trainer.simulator.ramp import Ramp
from trainer.simulator.risk_cli import main

RATE = ["--win-rate", "0.01", "--sd", "1.15", "--bankroll", "200"]
KEYS = {
    "ror",
    "trip_ror",
    "goal_probability",
    "goal_probability_in_rounds",
    "bankroll_for_target",
    "n0",
    "score",
    "ce",
}


def test_the_figures_of_a_win_rate_and_sd(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*RATE, "--rounds", "5000", "--goal", "100", "--target-ror", "0.05", "--kelly", "0.5"]
    assert trainer_main(["risk", *argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= KEYS
    assert data["ror"] == pytest.approx(math.exp(-2 * 0.01 * 200 / 1.15**2), abs=1e-8)
    assert data["bankroll_for_target"] == pytest.approx(198.0928, abs=1e-4)
    assert data["n0"] == 13225 and data["score"] == pytest.approx(75.6144)
    assert data["ce"] == pytest.approx(0.01 - 1.15**2 / (2 * 0.5 * 200))
    assert data["trip_ror"] == pytest.approx(
        risk.trip_risk_of_ruin(0.01, 1.15, 200, 5000), abs=1e-8
    )
    assert 0 < data["goal_probability_in_rounds"] < data["goal_probability"] < 1
    assert set(data["diffusion_error"]) == KEYS - {"n0", "score", "ce"}


def test_figures_not_asked_for_are_null(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RATE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["trip_ror"] is None and data["goal_probability"] is None
    assert data["goal_probability_in_rounds"] is None and data["bankroll_for_target"] is None
    assert data["kelly"] == 1.0


def test_the_text_names_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RATE, "--rounds", "1000", "--goal", "50", "--target-ror", "0.02"]) == 0
    out = capsys.readouterr().out
    assert "risk of ruin for 200 units   4.858%" in out
    for words in ("ruin within 1,000 rounds", "winning 50 units before ruin", "N0 13,225"):
        assert words in out
    assert "bankroll for a 2% risk" in out and "certainty equivalent at 1 Kelly" in out


def test_a_losing_game_has_no_bankroll_for_a_target(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--win-rate", "-0.005", "--sd", "1.15", "--bankroll", "200", "--target-ror", "0.1"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ror"] == 1.0 and data["bankroll_for_target"] is None and data["n0"] is None
    assert main(argv) == 0
    assert "none: the game loses" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--sd", "-1"], "--sd"),
        (["--sd", "0"], "--sd"),
        (["--bankroll", "0"], "--bankroll"),
        (["--win-rate", "nan"], "--win-rate"),
        (["--sd", "inf"], "--sd"),
        (["--target-ror", "0"], "--target-ror"),
        (["--target-ror", "1"], "--target-ror"),
        (["--goal", "1e300"], "--goal"),
        (["--rounds", "10" * 300], "--rounds"),
        (["--kelly", "-1"], "--kelly"),
    ],
)
def test_bad_input_exits_2_naming_the_flag(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    assert main([*RATE, *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"risk: {named}:")


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--bankroll", "200"], "one of them"),
        ([*RATE, "--ramp", "1@-99,4@2"], "one of them"),
        (["--bankroll", "200", "--ramp", "lots"], "units@count"),
        (["--bankroll", "200", "--ramp", "1@1", "--system", "tens"], "counting system"),
        (["--bankroll", "200", "--ramp", "1@1", "--penetration", "2"], "penetration"),
        (["--bankroll", "200", "--ramp", "1@1", "--rule", "decks=0"], "decks"),
    ],
)
def test_a_game_badly_named_exits_2_and_works_nothing_out(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: object,
    argv: list[str],
    named: str,
) -> None:
    monkeypatch.setattr(study_cache, "compute_study", pytest.fail)
    with pytest.raises(SystemExit) as stopped:
        raise SystemExit(main([*argv, "--cache-dir", str(tmp_path)]))
    assert stopped.value.code == 2
    assert named in capsys.readouterr().err


def test_a_games_figures_come_from_its_edge_by_count(
    count_studies: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(study_cache, "compute_study", pytest.fail)  # the warm study, read
    ramp = "1@-99,2@1,4@2,8@3"
    argv = ["--preset", "vegas-6d-s17", "--system", "hi-lo", "--ramp", ramp, "--bankroll", "400"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    table = study(Rules.parse("vegas-6d-s17"), find_system("hi-lo")).edge
    win_rate, sd = ramp_game(table, Ramp.parse(ramp).units_at)
    assert data["win_rate"] == win_rate and data["sd"] == sd
    # A 1-8 ramp wins about 1.5 to 2.5 units per 100 rounds at 6 decks, 75% (Blackjack Attack's
    # tables for Hi-Lo put a 1-8 spread there); the SD of a round grows with the spread.
    assert 0.01 < win_rate < 0.03 and 3.0 < sd < 4.5
    assert data["ror"] == pytest.approx(math.exp(-2 * win_rate * 400 / sd**2), rel=1e-6)
    assert main(argv) == 0
    assert "The game: vegas-6d-s17, Hi-Lo, ramp 1@-99,2@1,4@2,8@3" in capsys.readouterr().out


def test_flat_betting_a_game_is_its_flat_edge(
    count_studies: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--preset", "vegas-6d-s17", "--ramp", "1@-99", "--bankroll", "400", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    table = study(Rules.parse("vegas-6d-s17"), find_system("hi-lo")).edge
    assert data["win_rate"] == pytest.approx(table.flat_edge, abs=1e-12)
    assert data["win_rate"] < 0 and data["ror"] == 1.0


def test_a_games_figures_agree_with_the_simulators(count_studies: None) -> None:
    """The second, independent computation: the simulator plays the same rules, indices and
    ramp round by round. The win rate agrees within three of the run's standard errors; the SD,
    taken from a round's variance of 1.3 units squared, within a tenth (Blackjack Attack's 1.3
    is a six-deck figure, not this game's own)."""
    from trainer.simulator.settings import settings_from, simulate

    ramp = "1@-99,2@1,4@2,8@3"
    table = study(Rules.parse("vegas-6d-s17"), find_system("hi-lo")).edge
    win_rate, sd = ramp_game(table, Ramp.parse(ramp).units_at)
    played = simulate(
        settings_from(preset="vegas-6d-s17", rounds=2_000_000, seed=31, indices="all", ramp=ramp)
    )
    unit = float(Rules.parse("vegas-6d-s17").min_bet)
    found_rate = played.win_per_100 / 100 / unit
    found_sd = played.sd_per_100 / 10 / unit
    assert abs(win_rate - found_rate) < 3 * found_sd / math.sqrt(played.rounds), (
        win_rate,
        found_rate,
    )
    assert sd == pytest.approx(found_sd, rel=0.1)
