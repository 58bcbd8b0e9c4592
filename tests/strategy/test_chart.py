"""The chart against the Wizard of Odds' published chart, and the house edge against appendix 9."""

from __future__ import annotations

import pytest
from strategy_data import appendix_rules, read_chart, read_csv

from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import CODES, compute_chart
from trainer.engine.strategy.chart import HARD_ROWS, PAIR_ROWS, SOFT_ROWS, UP_CARDS, up_label


@pytest.fixture(scope="module")
def vegas_chart():
    return compute_chart(find_preset("vegas-6d-s17"))


@pytest.mark.parametrize(
    ("preset", "data"),
    [
        ("vegas-6d-s17", "wizard_chart_6d_s17_das_ls.txt"),
        ("vegas-6d-h17", "wizard_chart_6d_h17_das_ls.txt"),
    ],
)
def test_six_deck_charts_match_the_wizard_cell_for_cell(preset, data, vegas_chart):
    result = vegas_chart if preset == "vegas-6d-s17" else compute_chart(find_preset(preset))
    expected = read_chart(data)
    actual = {
        (section, row, up): code
        for section, rows in result.codes.items()
        for row, cells in rows.items()
        for up, code in cells.items()
    }
    differences = {cell: (code, actual.get(cell)) for cell, code in expected.items()}
    differences = {cell: pair for cell, pair in differences.items() if pair[0] != pair[1]}
    assert differences == {}


def test_chart_has_every_row_and_up_card_with_known_codes(vegas_chart):
    ups = [up_label(up) for up in UP_CARDS]
    assert list(vegas_chart.codes["hard"]) == [str(t) for t in HARD_ROWS]
    assert list(vegas_chart.codes["soft"]) == [str(t) for t in SOFT_ROWS]
    assert list(vegas_chart.codes["pairs"]) == [f"{up_label(v)}-{up_label(v)}" for v in PAIR_ROWS]
    for rows in vegas_chart.codes.values():
        for cells in rows.values():
            assert sorted(cells) == sorted(ups)
            assert set(cells.values()) <= set(CODES)


def test_cell_code_is_the_best_ev(vegas_chart):
    for section, rows in vegas_chart.evs.items():
        for row, cells in rows.items():
            for up, evs in cells.items():
                code = vegas_chart.codes[section][row][up]
                best = max(evs, key=evs.get)
                assert code.split("/")[0] == best, (section, row, up)


@pytest.mark.parametrize(
    ("table", "das", "expected_return"),
    [row for row in read_csv("wizard_appendix9_returns.csv") if row[1] == "true"],
)
def test_house_edge_matches_the_appendix_within_a_hundredth_of_a_point(table, das, expected_return):
    chart = compute_chart(appendix_rules(table, das=das == "true"))
    assert chart.house_edge_cd == pytest.approx(-100 * float(expected_return), abs=0.01)
    # Playing the (total-dependent) chart costs a little against each hand's own best play.
    assert chart.house_edge_cd - 1e-9 <= chart.house_edge <= chart.house_edge_cd + 0.05


def test_rules_change_the_chart():
    boxes = compute_chart(find_preset("casino-boxes"))  # no hole card, loses all, double 9-11
    assert boxes.code("hard", "11", "10") == "H"
    assert boxes.code("pairs", "A-A", "A") == "H"
    assert boxes.code("soft", "17", "4") == "H"  # soft hands may not double
    assert all(code[0] != "R" for code in (boxes.code("hard", str(t), "A") for t in HARD_ROWS))
