"""The ace side count against published figures (tests/data/aces/published.json): the aces
expected, the points an ace over the expected adds for the bet, the betting and insurance
correlations the engine's tags and ace weight give, and what the sources say of insurance.

Each tolerance is stated where it is used, with its reason."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from trainer.engine.aces import ACES_PER_DECK, ace_weight, insurance_ace_weight, read_aces
from trainer.engine.counting import CountingSystem, find_system

DATA = json.loads((Path(__file__).parents[1] / "data" / "aces" / "published.json").read_text())
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
IN_A_DECK = (1, 1, 1, 1, 1, 1, 1, 1, 1, 4)  # of each rank per 13 cards: four ten-values
SIDE_COUNT_SYSTEMS = ("hi-opt-1", "hi-opt-2", "omega-2", "uston-apc")


def _correlation(xs: tuple[float, ...], ys: tuple[float, ...]) -> float:
    """The correlation over a deck (each rank weighted by how many it holds) of two tags."""
    total = sum(IN_A_DECK)
    mean_x = sum(n * x for n, x in zip(IN_A_DECK, xs, strict=True)) / total
    mean_y = sum(n * y for n, y in zip(IN_A_DECK, ys, strict=True)) / total
    cov = sum(n * (x - mean_x) * (y - mean_y) for n, x, y in zip(IN_A_DECK, xs, ys, strict=True))
    var_x = sum(n * (x - mean_x) ** 2 for n, x in zip(IN_A_DECK, xs, strict=True))
    var_y = sum(n * (y - mean_y) ** 2 for n, y in zip(IN_A_DECK, ys, strict=True))
    return cov / math.sqrt(var_x * var_y)


def _tags(system: CountingSystem) -> tuple[float, ...]:
    return tuple(float(tag) for tag in system.tags)


def _betting_tags(system: CountingSystem) -> tuple[float, ...]:
    """The tags the engine bets by: adding ``ace_weight`` for each ace left over the expected
    is tagging each ace seen ``-ace_weight`` and every card ``+ace_weight / 13`` (a constant,
    which no correlation sees)."""
    return (-float(ace_weight(system)), *_tags(system)[1:])


EOR = tuple(DATA["eor_six_deck_s17"]["eor"][rank] for rank in RANKS)
TEN = tuple(1.0 if rank == "T" else 0.0 for rank in RANKS)


@pytest.mark.parametrize("case", DATA["aces_per_deck"], ids=lambda case: case["source"][:30])
def test_the_aces_expected(case: dict[str, Any]) -> None:
    # Exact: the sources' figures are whole numbers of aces.
    assert ACES_PER_DECK * case["decks"] == case["shoe"]
    reading = read_aces(find_system("hi-opt-1"), case["decks"], Fraction(case["played"]), 0, 0)
    assert reading.expected == case["expected"]


@pytest.mark.parametrize(
    "case", DATA["betting_adjustment"], ids=lambda c: f"{c['system']}-{c['aces']}-aces"
)
@pytest.mark.parametrize("running", [-4, 0, 5])
def test_the_points_the_aces_add_for_the_bet(case: dict[str, Any], running: int) -> None:
    """Exact: each source gives whole points. The true count for the bet is the adjusted
    running count over the decks left ('before ... the true count conversion', Uston APC)."""
    system = find_system(case["system"])
    played = Fraction(case["played"])
    reading = read_aces(system, case["decks"], played, case["aces"], Fraction(running))
    assert reading.betting_running - running == case["points"]
    left = case["decks"] - played
    assert reading.betting_true == Fraction(running + case["points"]) / left
    # Said per deck left instead (the surplus aces per deck remaining, added to the main true
    # count at the same weight), it is the same figure while nothing is rounded.
    assert reading.betting_true == Fraction(running) / left + reading.weight * reading.per_deck


def test_an_ace_is_worth_a_ten_for_the_bet_by_the_effects_of_removal() -> None:
    """The ace weight the engine uses (the ten's) against the least-squares weight the
    published effects of removal give: the EoR regressed on the main tags and an ace's
    indicator, which are uncorrelated over a deck for an ace-neutral balanced count, so each
    coefficient is its own. Within 0.1 point: the six-deck EoRs are rounded to 0.001%."""
    ace = tuple(1.0 if rank == "A" else 0.0 for rank in RANKS)
    for slug in SIDE_COUNT_SYSTEMS:
        system = find_system(slug)
        tags = _tags(system)
        assert _correlation(tags, ace) == pytest.approx(0, abs=1e-12)
        per_point = _slope(tags, EOR)
        per_ace = _slope(ace, EOR)
        assert -per_ace / per_point == pytest.approx(float(ace_weight(system)), abs=0.1), slug


def _slope(xs: tuple[float, ...], ys: tuple[float, ...]) -> float:
    total = sum(IN_A_DECK)
    mean_x = sum(n * x for n, x in zip(IN_A_DECK, xs, strict=True)) / total
    mean_y = sum(n * y for n, y in zip(IN_A_DECK, ys, strict=True)) / total
    cov = sum(n * (x - mean_x) * (y - mean_y) for n, x, y in zip(IN_A_DECK, xs, ys, strict=True))
    return cov / sum(n * (x - mean_x) ** 2 for n, x in zip(IN_A_DECK, xs, strict=True))


@pytest.mark.parametrize("slug", SIDE_COUNT_SYSTEMS)
def test_the_betting_correlations(slug: str) -> None:
    """Tolerances and their reasons: in the data file's ``correlations.note``."""
    system = find_system(slug)
    published = DATA["correlations"]["systems"][slug]
    without = _correlation(_tags(system), EOR)
    assert without == pytest.approx(published["bc"], abs=0.015)
    with_aces = _correlation(_betting_tags(system), EOR)
    assert with_aces > without + 0.04  # the side count is worth keeping for the bet
    if "bc_side_count" in published:
        assert with_aces == pytest.approx(published["bc_side_count"], abs=0.03)


@pytest.mark.parametrize("slug", SIDE_COUNT_SYSTEMS)
def test_the_insurance_correlations(slug: str) -> None:
    """Exact from the tags; 0.005 for the tables' two decimals."""
    published = DATA["correlations"]["systems"][slug]["ic"]
    assert -_correlation(_tags(find_system(slug)), TEN) == pytest.approx(published, abs=0.005)


def _insurance_points_per_surplus_ace(system: CountingSystem) -> Fraction:
    """What one ace left over the expected is worth, in points of the main running count, for
    the chance of a ten: least squares over a deck, tens on the main tags and on the aces.
    An ace left is one non-ace fewer left, and a third of the non-aces are tens (16 of 48):
    -1/3 ten. A point of running count means ``-cov(tag, ten) / var(tag)`` tens left."""
    tags = system.tags
    cov = sum((n * t for n, t, rank in zip(IN_A_DECK, tags, RANKS, strict=True) if rank == "T"),
              Fraction(0))  # fmt: skip
    var = sum((n * t * t for n, t in zip(IN_A_DECK, tags, strict=True)), Fraction(0))
    tens_per_point = -cov / var
    return Fraction(-1, 3) / tens_per_point


def test_what_the_aces_change_in_insurance() -> None:
    """The one source with a figure (Advanced Omega II, -1 point per surplus ace) agrees with
    least squares to the whole point it gives (-4/3), and so does the engine: it takes the
    least-squares weight, which moves insurance against the bet."""
    exact = {slug: _insurance_points_per_surplus_ace(find_system(slug))
             for slug in SIDE_COUNT_SYSTEMS}  # fmt: skip
    assert exact == {"hi-opt-1": Fraction(-2, 3), "hi-opt-2": Fraction(-7, 6),
                     "omega-2": Fraction(-4, 3), "uston-apc": Fraction(-16, 9)}  # fmt: skip
    (omega,) = [c for c in DATA["insurance_adjustment"] if c["system"] == "omega-2"]
    # Within rounding: the source's whole point is the exact weight to the nearest point.
    assert round(exact["omega-2"]) == omega["points_per_surplus_ace"]
    for slug in SIDE_COUNT_SYSTEMS:
        assert insurance_ace_weight(find_system(slug)) == exact[slug], slug
    # The engine: four aces over the expected in a double deck at the half raise the bet by
    # 2 x 4 and lower insurance by 4/3 x 4 (the source's 1 x 4, to the whole point per ace).
    reading = read_aces(find_system("omega-2"), 2, Fraction(1), 0, Fraction(3))
    assert reading.betting_running == 3 + 2 * 4
    assert reading.insurance_running == 3 - Fraction(4, 3) * 4
    assert reading.insurance_true == Fraction(-7, 3)  # one deck left, not rounded
