"""The risk figures (trainer.engine.risk): known answers from their sources, and each ruin or goal
figure against a count of ruins and goals over random walks of whole rounds.

The walks step a round at a time, each round's result drawn from the normal law with the game's
win rate and standard deviation (numpy, a fixed seed). A figure passes when it is within three
standard errors of the walks' share plus the diffusion model's stated error
(:func:`trainer.engine.risk.diffusion_error`: a walk overshoots the line, the model does not).
Every walk has a bankroll of at least 20 units.
"""

from __future__ import annotations

import csv
import itertools
import math
from pathlib import Path

import numpy as np
import pytest

from trainer.engine import risk

DATA = Path(__file__).resolve().parents[1] / "data" / "risk" / "known_answers.csv"
PATHS = 10_000
BLOCK = 256


def _rows() -> list[dict[str, str]]:
    with DATA.open(encoding="utf-8") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))


def _inputs(row: dict[str, str]) -> risk.RiskInputs:
    return risk.read_inputs(
        {
            "win_rate": row["win_rate"],
            "sd": row["sd"],
            "bankroll": row["bankroll"],
            "goal": row["goal"],
            "rounds": row["rounds"],
            "target_ror": row["target_ror"],
            "kelly": row["kelly"],
        }
    )


@pytest.mark.parametrize("row", _rows(), ids=lambda row: f"{row['figure']}-{row['source'][:30]}")
def test_known_answers(row: dict[str, str]) -> None:
    report = risk.risk_report(_inputs(row))
    found = getattr(report, row["figure"])
    expected = float(row["expected"])
    if row["tolerance"] == "model":
        tolerance = report.errors[row["figure"]]
    else:
        tolerance = float(row["tolerance"])
    assert abs(found - expected) <= tolerance, (found, expected, tolerance)


def test_the_gamblers_ruin_row_is_the_walk_itself() -> None:
    """The data file's +1/-1 walk answers are what (q/p)^B gives, and its SD is that walk's."""
    for row in _rows():
        if row["source"].startswith("Feller: (0.495"):
            assert float(row["expected"]) == pytest.approx(
                (0.495 / 0.505) ** float(row["bankroll"]), abs=1e-7
            )
            assert float(row["sd"]) == pytest.approx(math.sqrt(1 - 0.01**2), abs=1e-5)


def walk(
    win_rate: float,
    sd: float,
    bankroll: float,
    *,
    goal: float | None = None,
    rounds: int | None = None,
    seed: int = 31,
) -> tuple[float, float]:
    """The shares of :data:`PATHS` walks ruined and reaching the goal (before ruin, within
    ``rounds`` where given). Without a goal nor rounds, give a goal far enough off to stand for
    never (the caller's)."""
    rng = np.random.default_rng(seed)
    position = np.zeros(PATHS)
    going = np.arange(PATHS)
    ruined = reached = 0
    played = 0
    limit = rounds if rounds is not None else 10**6
    top = goal if goal is not None else math.inf
    while going.size and played < limit:
        steps = min(BLOCK, limit - played)
        track = position[going, None] + np.cumsum(rng.normal(win_rate, sd, (going.size, steps)), 1)
        down, up = track <= -bankroll, track >= top
        first_down = np.where(down.any(1), down.argmax(1), steps)
        first_up = np.where(up.any(1), up.argmax(1), steps)
        lost, won = first_down < first_up, first_up < first_down
        ruined += int(lost.sum())
        reached += int(won.sum())
        position[going] = track[:, -1]
        going = going[~(lost | won)]
        played += steps
    assert rounds is not None or going.size == 0, "a walk with no time limit never ended"
    return ruined / PATHS, reached / PATHS


def _within(figure: float, share: float, error: float) -> None:
    se = math.sqrt(max(share * (1 - share), 1e-4) / PATHS)
    assert abs(figure - share) <= 3 * se + error, (figure, share, se, error)


def _never(win_rate: float, sd: float, bankroll: float) -> float:
    """A goal so far off that a walk reaching it is ruined afterwards with a chance below
    1e-4 (counted as never ruined: 1e-4 more of tolerance)."""
    return -(sd * sd) * math.log(1e-4) / (2 * win_rate) - bankroll


@pytest.mark.parametrize(
    ("win_rate", "sd", "bankroll"), [(0.05, 1.15, 20), (0.1, 1.15, 20), (0.1, 2.3, 40)]
)
def test_risk_of_ruin_against_walks(win_rate: float, sd: float, bankroll: float) -> None:
    far = _never(win_rate, sd, bankroll)
    share, _ = walk(win_rate, sd, bankroll, goal=far)
    figure = risk.risk_of_ruin(win_rate, sd, bankroll)
    error = risk.diffusion_error(risk.risk_of_ruin, win_rate=win_rate, sd=sd, bankroll=bankroll)
    _within(figure, share, error + 1e-4)


def test_the_bankroll_for_a_target_risk_is_ruined_that_often() -> None:
    bankroll = risk.bankroll_for_risk(0.05, 1.15, 0.1)
    assert bankroll is not None and bankroll >= 20
    share, _ = walk(0.05, 1.15, bankroll, goal=_never(0.05, 1.15, bankroll))
    error = risk.diffusion_error(risk.risk_of_ruin, win_rate=0.05, sd=1.15, bankroll=bankroll)
    _within(0.1, share, error + 1e-4)


@pytest.mark.parametrize(
    ("win_rate", "sd", "bankroll", "rounds"),
    [(0.02, 1.15, 20, 200), (-0.02, 1.15, 20, 500), (0.05, 1.15, 30, 1000), (0.0, 2.0, 40, 300)],
)
def test_trip_risk_against_walks(win_rate: float, sd: float, bankroll: float, rounds: int) -> None:
    share, _ = walk(win_rate, sd, bankroll, rounds=rounds)
    figure = risk.trip_risk_of_ruin(win_rate, sd, bankroll, rounds)
    error = risk.diffusion_error(
        risk.trip_risk_of_ruin, win_rate=win_rate, sd=sd, bankroll=bankroll, rounds=rounds
    )
    _within(figure, share, error)


@pytest.mark.parametrize(
    ("win_rate", "sd", "bankroll", "goal"),
    [(0.05, 1.15, 20, 20), (-0.02, 1.15, 30, 20), (0.0, 1.15, 20, 30), (0.02, 1.5, 25, 40)],
)
def test_goal_against_walks(win_rate: float, sd: float, bankroll: float, goal: float) -> None:
    ruined, reached = walk(win_rate, sd, bankroll, goal=goal)
    assert ruined + reached == 1.0
    figure = risk.goal_probability(win_rate, sd, bankroll, goal)
    error = risk.diffusion_error(
        risk.goal_probability, win_rate=win_rate, sd=sd, bankroll=bankroll, goal=goal
    )
    _within(figure, reached, error)


@pytest.mark.parametrize(
    ("win_rate", "sd", "bankroll", "goal", "rounds"),
    [
        (0.05, 1.15, 20, 30, 300),  # short beside the lines: the images
        (0.05, 1.15, 20, 30, 3000),  # long: the sine series
        (0.02, 1.15, 25, 25, 800),
        (-0.03, 1.15, 40, 20, 400),
    ],
)
def test_goal_within_rounds_against_walks(
    win_rate: float, sd: float, bankroll: float, goal: float, rounds: int
) -> None:
    _, reached = walk(win_rate, sd, bankroll, goal=goal, rounds=rounds)
    figure = risk.goal_probability_in_rounds(win_rate, sd, bankroll, goal, rounds)
    error = risk.diffusion_error(
        risk.goal_probability_in_rounds,
        win_rate=win_rate,
        sd=sd,
        bankroll=bankroll,
        goal=goal,
        rounds=rounds,
    )
    _within(figure, reached, error)


@pytest.mark.parametrize(
    ("drift", "short"), list(itertools.product([-0.3, -0.01, 0.0, 0.02, 0.2], [0.3, 1.0, 2.5]))
)
def test_the_two_series_agree_where_either_may_be_used(drift: float, short: float) -> None:
    low, high = 17.0, 26.0
    rounds = short * (low + high) ** 2
    by_images = risk._goal_by_images(drift, low, high, rounds)
    by_sines = risk._goal_by_sines(drift, low, high, rounds)
    assert by_images == pytest.approx(by_sines, abs=1e-9)


def test_with_time_enough_the_trip_figures_are_the_figures_without_a_limit() -> None:
    assert risk.trip_risk_of_ruin(0.01, 1.15, 200, 10**9) == pytest.approx(
        risk.risk_of_ruin(0.01, 1.15, 200), rel=1e-9
    )
    assert risk.goal_probability_in_rounds(0.01, 1.15, 200, 300, 10**9) == pytest.approx(
        risk.goal_probability(0.01, 1.15, 200, 300), rel=1e-9
    )
    assert risk.trip_risk_of_ruin(0.01, 1.15, 200, 1) == 0.0  # 174 SDs in one round


def test_the_goal_probability_is_schlesingers_form() -> None:
    """(1 - R) / (1 - R^((B + G) / B)), R the risk of ruin (Blackjack Attack, ch. 10)."""
    ruin = risk.risk_of_ruin(0.015, 1.2, 150)
    expected = (1 - ruin) / (1 - ruin ** ((150 + 100) / 150))
    assert risk.goal_probability(0.015, 1.2, 150, 100) == pytest.approx(expected, rel=1e-12)


def test_the_certainty_equivalent_at_full_kelly_betting_is_half_the_win() -> None:
    """At a bankroll whose Kelly bet is the game's (B = SD^2 / W), full Kelly keeps half."""
    bankroll = 1.15**2 / 0.01
    assert risk.certainty_equivalent(0.01, 1.15, bankroll, 1.0) == pytest.approx(0.005)
    assert risk.certainty_equivalent(0.01, 1.15, bankroll, 0.5) == pytest.approx(0.0)


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("sd", "-1"),
        ("sd", "0"),
        ("bankroll", "0"),
        ("win_rate", "nan"),
        ("sd", "NaN"),
        ("bankroll", "inf"),
        ("target_ror", "0"),
        ("target_ror", "1"),
        ("goal", "1e300"),
        ("goal", "10" * 200),
        ("rounds", "2.5"),
        ("rounds", "0"),
        ("kelly", "0"),
        ("bankroll", "1_000"),
        ("bankroll", "\u0661\u0662"),
        ("sd", "1e-300"),  # read to 12 places: 0
        ("bankroll", "1e-13"),
        ("kelly", "1/10000000000000"),
    ],
)
def test_bad_input_names_its_field(field: str, text: str) -> None:
    values = {"win_rate": "0.01", "sd": "1.15", "bankroll": "200", field: text}
    with pytest.raises(risk.InvalidRiskInputError) as caught:
        risk.read_inputs(values)
    assert caught.value.field == field


def test_a_missing_win_rate_is_asked_for_unless_a_game_gives_it() -> None:
    with pytest.raises(risk.InvalidRiskInputError, match="win_rate"):
        risk.read_inputs({"bankroll": "200"})
    given = risk.read_inputs({"bankroll": "200"}, game_given=True)
    assert given.with_game(0.02, 1.1).win_rate == 0.02
    with pytest.raises(risk.InvalidRiskInputError, match="sd"):
        given.with_game(0.02, math.nan)


@pytest.mark.parametrize(
    "values",
    [
        {"win_rate": "1e-300", "sd": "1", "bankroll": "1", "rounds": "1", "goal": "1"},
        {"win_rate": "1e-12", "sd": "1e-12", "bankroll": "1e-12", "rounds": "1", "goal": "1e-12"},
        {"win_rate": "-1e-12", "sd": "1e5", "bankroll": "1e-12", "rounds": "1e9", "goal": "1e9"},
        {"win_rate": "1e4", "sd": "1e-12", "bankroll": "1e9", "rounds": "1e9", "goal": "1e-12"},
    ],
)
def test_the_tiniest_figures_divide_by_nothing_that_is_0(values: dict[str, str]) -> None:
    report = risk.risk_report(risk.read_inputs({**values, "target_ror": "0.5", "kelly": "1e-12"}))
    for name in ("ror", "trip_ror", "goal_probability", "goal_probability_in_rounds"):
        assert 0.0 <= getattr(report, name) <= 1.0, name
    assert report.n0 is None or math.isfinite(report.n0)
    assert math.isfinite(report.ce) and math.isfinite(report.score)


def _corners() -> list[dict[str, str]]:
    def ends(name: str) -> list[str]:
        low, high, low_allowed = risk.LIMITS[name]
        return [repr(low if low_allowed else low + 1e-9), repr(high * (1 - 1e-9))]

    names = ("win_rate", "sd", "bankroll", "rounds", "goal")
    return [
        dict(zip(names, values, strict=True))
        for values in itertools.product(*(ends(name) for name in names))
    ]


@pytest.mark.parametrize("values", _corners())
def test_every_figure_is_a_chance_or_an_amount_at_the_bounds(values: dict[str, str]) -> None:
    values = {**values, "rounds": str(int(float(values["rounds"]))), "target_ror": "1e-9"}
    report = risk.risk_report(risk.read_inputs(values))
    for name in ("ror", "trip_ror", "goal_probability", "goal_probability_in_rounds"):
        value = getattr(report, name)
        assert 0.0 <= value <= 1.0, (name, value)
    assert all(math.isfinite(v) for v in report.errors.values())
    assert math.isfinite(report.ce) and math.isfinite(report.score)
