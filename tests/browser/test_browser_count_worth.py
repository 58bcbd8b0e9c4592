"""The counting page in a browser, with JavaScript on and off: a learner opens it from the
nav, picks a seed game (twenty-one-club) and a modern table (vegas-6d-s17) with the rules form,
and reads the index chart and the edge plot with its table; a count outside -30..+30 is named
beside its field."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect


@pytest.mark.parametrize(
    ("preset", "title", "section", "cell", "plays"),
    [
        ("twenty-one-club", "Club twenty-one", "Hard totals", "Hard 16 against 10", "S stand"),
        ("vegas-6d-s17", "Las Vegas, 6 decks", "Pairs", "Pair 10-10 against 6", "P split"),
    ],
)
def test_the_index_chart_and_the_edge_plot(
    learner: Any, preset: str, title: str, section: str, cell: str, plays: str
) -> None:
    page = learner.page
    page.goto("/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Index chart").click()
    heading = page.get_by_role("heading", name="Index chart: what the count is worth", level=1)
    expect(heading).to_be_visible()
    page.get_by_label("Rules preset").select_option(preset)
    page.get_by_label("Plays at a count", exact=True).fill("4")
    page.get_by_role("button", name="Show").click()
    heading = page.get_by_role("heading", name="The indices:")
    expect(heading).to_contain_text(title)
    expect(heading).to_contain_text("Hi-Lo (true count)")
    letter, word = plays.split()
    chart = page.get_by_role("table", name=f"{section}: indices")
    expect(chart).to_be_visible()
    expect(chart.get_by_role("cell", name=cell)).to_contain_text(f"{letter} ≥+")
    expect(chart.get_by_role("cell", name=cell)).to_have_attribute(
        "aria-label", re.compile(f"{word} at or above")
    )
    expect(page.get_by_role("status")).to_contain_text("At a true count of +4")
    plot = page.get_by_role("img", name="The edge by true count: Hi-Lo")
    expect(plot).to_be_visible()
    expect(plot.locator("polyline")).to_have_count(2)
    table = page.get_by_role("table", name="The edge at each true count")
    expect(table.get_by_role("row")).to_have_count(22)  # a heading row and -10..+10
    expect(page.get_by_role("heading", name="Your bet ramp")).to_be_visible()
    assert f"rules={preset}" in page.url


def test_a_count_out_of_range_is_named_beside_its_field(learner: Any) -> None:
    page = learner.page
    page.goto("/indices")
    page.get_by_label("Plays at a count", exact=True).fill("40")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_text("A count is a whole number from -30 to +30")).to_be_visible()
    expect(page.get_by_label("Plays at a count", exact=True)).to_have_attribute(
        "aria-invalid", "true"
    )
