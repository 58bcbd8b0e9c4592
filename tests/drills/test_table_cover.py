"""Cover (drills/table_cover.py): the share of the bets' variance the count explains."""

from __future__ import annotations

import pytest

from drills.table_cover import explained_share


def test_a_bet_that_follows_the_count_exactly_is_all_explained() -> None:
    assert explained_share([-1, 0, 1, 2, 3], [10, 10 + 5, 20, 25, 30]) == pytest.approx(1.0)


def test_a_flat_bet_or_too_few_rounds_explains_nothing() -> None:
    assert explained_share([-1, 0, 3, 5], [10, 10, 10, 10]) == 0.0
    assert explained_share([1, 2], [10, 20]) == 0.0


def test_a_known_case_worked_by_hand() -> None:
    """Counts 0 1 2 3, bets 1 2 2 4: Sxx 5, Syy 4.75, Sxy 4.5, so r^2 = 20.25 / 23.75."""
    assert explained_share([0, 1, 2, 3], [1, 2, 2, 4]) == pytest.approx(20.25 / 23.75)
