"""The chart's own optimum (issue 12): the best total-dependent strategy, its exceptions shown
on the chart and its house edge, against the Wizard of Odds' multi-card changes."""

from __future__ import annotations

import pytest
from strategy_data import read_csv

from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import cache, compute_chart
from trainer.engine.strategy.chart import exception_words
from trainer.engine.strategy.cli import format_chart

# One worker runs this file: its charts are module fixtures, made once rather than once a worker.
pytestmark = pytest.mark.xdist_group("optimum")

TABLES = {
    "1ds17": "vegas-6d-s17 decks=1 surrender=none",
    "2ds17": "vegas-6d-s17 decks=2 surrender=none",
    "1dh17": "vegas-6d-h17 decks=1 surrender=none",
}


def _published(table: str) -> dict[tuple[str, str, str], str]:
    return {
        (section, total, up): play
        for name, section, total, up, play in read_csv("wizard_multicard_changes.csv")
        if name == table
    }


@pytest.fixture(scope="module", params=sorted(TABLES))
def table_chart(request):
    return request.param, compute_chart(Rules.parse(TABLES[request.param]))


def test_three_card_changes_are_the_published_ones_and_no_others(table_chart):
    table, chart = table_chart
    ours = {
        (section, row, up): found["three_or_more"]
        for section, rows in chart.exceptions.items()
        for row, cells in rows.items()
        for up, found in cells.items()
        if "three_or_more" in found
    }
    assert ours == _published(table)


def test_the_two_card_codes_stay_as_the_average_says_with_the_multi_card_play_marked(table_chart):
    table, chart = table_chart
    for (section, row, up), play in _published(table).items():
        code = chart.codes[section][row][up]
        assert code[-1] != play  # two cards: the usual play (the pages' "Two Cards: None")
        assert chart.exceptions[section][row][up]["three_or_more"] == play


def test_the_exceptions_make_the_house_edge_lower_than_the_codes_alone():
    rules = Rules.parse(TABLES["2ds17"])
    chart = compute_chart(rules)
    codes_only = compute_chart(rules, playing=chart.codes).house_edge_playing
    assert codes_only is not None
    # Never better than playing every hand for its exact cards; better than the codes alone.
    assert chart.house_edge_cd - 1e-9 <= chart.house_edge < codes_only


def test_late_surrender_16_v_10_surrenders_with_two_cards_and_stands_with_more():
    chart = compute_chart(Rules.parse("vegas-6d-s17"))
    assert chart.code("hard", "16", "10") == "R/H"  # as the Wizard's six-deck chart prints it
    assert chart.exceptions["hard"]["16"]["10"] == {"three_or_more": "S"}


def test_the_text_chart_marks_and_lists_the_exceptions():
    chart = compute_chart(Rules.parse(TABLES["2ds17"]))
    text = format_chart(chart)
    sixteen = next(line for line in text.splitlines() if line.startswith("16 "))
    assert sixteen.split()[9] == "H*"  # the 10 column
    assert "hard 16 v 10 (H): with three cards or more: stand" in text
    assert "soft 18 v A (H): with three cards or more: stand" in text


def test_exceptions_in_words():
    assert exception_words({"three_or_more": "S"}) == "with three cards or more: stand"
    assert exception_words({"after_split": "D"}) == "on a split hand's first two cards: double"
    assert exception_words({"if_played_perfectly": "H"}).startswith("hit is best only if")


def test_the_cache_keeps_the_exceptions(tmp_path, monkeypatch):
    rules = Rules.parse(TABLES["2ds17"])
    computed = cache.chart(rules, cache_dir=tmp_path)
    monkeypatch.setattr(cache.CACHE, "_memory", {})
    read = cache.cached(rules, cache_dir=tmp_path)
    assert read is not None and read.exceptions == computed.exceptions != {}
