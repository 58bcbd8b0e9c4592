"""Cover (drills/table_cover.py): the share of the bets' variance the count explains."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from drills.table_cover import SHARE_ROUNDS, BetAtCount, explained_share, session_cover


def test_a_bet_that_follows_the_count_exactly_is_all_explained() -> None:
    assert explained_share([-1, 0, 1, 2, 3], [10, 10 + 5, 20, 25, 30]) == pytest.approx(1.0)


def test_a_flat_bet_explains_nothing() -> None:
    assert explained_share([-1, 0, 3, 5], [10, 10, 10, 10]) == 0.0


def test_too_few_rounds_are_not_judged_rather_than_read_as_flat_betting() -> None:
    """Two bets fit a line exactly: below SHARE_ROUNDS the share is not read (None), not 0,
    which the summary showed as "0% ... flat betting: 0" for a ramp's two bets."""
    assert SHARE_ROUNDS == 3
    assert explained_share([1, 2], [10, 20]) is None
    assert explained_share([1, 2, 3], [10, 20, 30]) == pytest.approx(1.0)
    one = _shoe([["1", "20", "20", "0"]])
    found = session_cover([one, one], Fraction(10))
    assert found is not None and found.explained is None and found.signs == ()


def test_a_known_case_worked_by_hand() -> None:
    """Counts 0 1 2 3, bets 1 2 2 4: Sxx 5, Syy 4.75, Sxy 4.5, so r^2 = 20.25 / 23.75."""
    assert explained_share([0, 1, 2, 3], [1, 2, 2, 4]) == pytest.approx(20.25 / 23.75)


# -- across the shoes of a session -------------------------------------------------------------

SESSION = json.loads((Path(__file__).parents[1] / "data" / "session_cover.json").read_text())


def _shoe(rows: list[list[str]]) -> list[BetAtCount]:
    """Each row: count, bet, ramp, edge; then, where given, the round's number and 1 for the
    shoe's last round (else 0)."""
    return [
        BetAtCount(*(Fraction(x) for x in row[:4]), int(row[4]), row[5] == "1")
        if len(row) > 4
        else BetAtCount(*(Fraction(x) for x in row))
        for row in rows
    ]


@pytest.mark.parametrize("case", SESSION["cases"], ids=lambda case: case["name"])
def test_a_session_s_cover_is_read_across_its_shoes(case: dict[str, Any]) -> None:
    found = session_cover([_shoe(s) for s in case["shoes"]], Fraction(SESSION["min_bet"]))
    assert found is not None
    assert found.shoes == len(case["shoes"])
    assert found.explained == pytest.approx(case["explained"])
    assert found.spreads == tuple((Fraction(a), Fraction(b)) for a, b in case["spreads"])
    assert (found.shuffles, found.changed, found.fell) == (
        case["shuffles"],
        case["changed"],
        case["fell"],
    )
    assert found.largest_change == Fraction(case["largest_change"])
    assert found.off_the_top == case["off_the_top"]
    assert found.from_the_top == case.get("from_the_top", len(case["shoes"]))
    assert found.given_up == Fraction(case["given_up"])
    assert list(found.signs) == case["signs"]


def test_one_shoe_bet_in_is_no_session() -> None:
    shoe = _shoe([["0", "10", "10", "0"], ["1", "20", "20", "0"]])
    assert session_cover([shoe, []], Fraction(10)) is None
    assert session_cover([shoe, shoe], Fraction(10)) is not None


def test_a_shoe_only_watched_is_counted_as_left_out() -> None:
    """A shoe with no bets is not one of the session's shoes bet in, but the summary says it
    was left out (it was dropped silently)."""
    shoe = _shoe([["0", "10", "10", "0"], ["1", "20", "20", "0"]])
    found = session_cover([shoe, [], shoe], Fraction(10))
    assert found is not None and (found.shoes, found.watched) == (2, 1)
