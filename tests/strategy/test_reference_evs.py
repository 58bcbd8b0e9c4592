"""Per-hand EVs and expected returns against the Wizard of Odds' appendix 9 tables."""

from __future__ import annotations

import pytest
from strategy_data import appendix_rules, read_csv

from trainer.engine.strategy import Action, action_evs, compute_chart

_CARD = {"A": 1}


def _value(text: str) -> int:
    return _CARD.get(text) or int(text)


@pytest.mark.parametrize(
    ("table", "up", "player", "stand", "hit", "double"),
    read_csv("wizard_appendix9_hands.csv"),
)
def test_hand_evs_match_the_appendix(table, up, player, stand, hit, double):
    rules = appendix_rules(table)
    values = [_value(card) for card in player.split("-")]
    evs = action_evs(rules, values, _value(up))
    assert evs[Action.STAND] == pytest.approx(float(stand), abs=1e-6)
    assert evs[Action.HIT] == pytest.approx(float(hit), abs=1e-6)
    assert evs[Action.DOUBLE] == pytest.approx(float(double), abs=1e-6)


_FAST_TABLES = {"1ds17"}


@pytest.mark.parametrize(
    ("table", "das", "expected_return"),
    [row for row in read_csv("wizard_appendix9_returns.csv") if row[0] in _FAST_TABLES],
)
def test_expected_return_matches_the_appendix(table, das, expected_return):
    rules = appendix_rules(table, das=das == "true")
    chart = compute_chart(rules)
    # Within 0.01 percentage points of the published figure.
    assert chart.house_edge_cd == pytest.approx(-100 * float(expected_return), abs=0.01)
