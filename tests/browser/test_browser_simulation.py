"""The simulation page in a browser, with JavaScript on and off, as a learner would: open it
from the nav, ask for a small run with a count and a ramp, watch its progress (htmx polling, or
the page reloading itself), and read the figures and plots."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect


def fill_ramp(scope: Any, base: str, steps: list[tuple[str, str]]) -> None:
    """Write a bet ramp in its lines (templates/_ramp_rows.html) by their labels: the bet at
    any count, then each step's count and bet."""
    scope.get_by_label("At any count, bet").fill(base)
    for line, (count, units) in enumerate(steps, start=2):
        scope.get_by_label(f"Line {line}: from a count of").fill(count)
        scope.get_by_label(f"Line {line}: bet").fill(units)


def test_run_a_small_simulation_and_read_it(learner: Any) -> None:
    page = learner.page
    page.goto("/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Simulator").click()
    expect(page.get_by_role("heading", name="Simulate a game", level=1)).to_be_visible()
    page.get_by_label("Rules preset").select_option("single-deck")
    page.get_by_label("Rounds").fill("60000")
    fill_ramp(page, "1", [("+1", "2"), ("+2", "4")])
    page.get_by_label("Bankroll").fill("5000")
    page.get_by_label("Bankroll").press("Enter")  # the keyboard sends the form
    expect(page.get_by_role("heading", name="Simulation run", level=1)).to_be_visible()
    figures = page.get_by_role("heading", name="The figures")
    expect(page.get_by_text("of 60,000 rounds").or_(figures)).to_be_visible()
    expect(figures).to_be_visible(timeout=60_000)
    expect(page.get_by_text("Risk of ruin", exact=True)).to_be_visible()
    expect(page.get_by_role("img", name="How often each count starts a round")).to_be_visible()
    expect(page.get_by_role("img", name="Your edge at each count")).to_be_visible()
    paths = page.get_by_role("img", name="A few bankroll paths")
    expect(paths.locator("polyline")).to_have_count(5)
    table = page.get_by_role("table", name="Each true count at the start of a round")
    expect(table.get_by_role("row", name=re.compile(r"^\+0 "))).to_be_visible()
    expect(page.locator(".sim-edge .edge-bar").first).to_be_attached()  # 95% intervals
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the plots' text is read
    for plot in ("sim-frequency", "sim-edge", "sim-paths"):
        heights = page.locator(f".{plot} text.axis").evaluate_all(
            "texts => texts.map(t => t.getBoundingClientRect().height)"
        )
        assert heights and min(heights) >= 10, (plot, heights)
    page.get_by_role("link", name="Simulate another game").click()
    expect(page.get_by_role("link", name="Run ")).not_to_have_count(0)


def test_every_bad_field_is_shown_beside_it(learner: Any) -> None:
    page = learner.page
    page.goto("/simulate")
    page.get_by_label("Rounds").fill("0")
    page.get_by_label("Bankroll").fill("1")
    page.get_by_label("Bankroll").press("Enter")
    rounds = page.get_by_label("Rounds")
    expect(rounds).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#rounds-error")).to_contain_text("1 to 20,000,000")
    expect(page.locator("#bankroll-error")).to_contain_text("below the table minimum")
    expect(page.get_by_label("Bankroll")).to_have_attribute("aria-describedby", "bankroll-error")


def test_back_count_with_two_hands_at_a_good_count(learner: Any) -> None:
    page = learner.page
    page.goto("/simulate")
    table = page.get_by_role("group", name="Other players, back-counting and more hands")
    table.get_by_label("Sit in at a count of").fill("1")
    table.get_by_label("Leave below a count of").fill("3")
    table.get_by_label("Leave below a count of").press("Enter")
    leave = page.get_by_label("Leave below a count of")
    expect(leave).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#leave-error")).to_contain_text("at most the count you sit in at")
    expect(page.locator("#others-error")).to_contain_text("at least 1")
    table = page.get_by_role("group", name="Other players, back-counting and more hands")
    table.get_by_label("Other players at the table").fill("2")
    leave.fill("\u22121")  # a true minus, as the pages write counts
    table.get_by_label("Hands at a good count").fill("2")
    table.get_by_label("Play them from a count of").fill("3")
    page.get_by_label("Rounds").fill("60000")
    fill_ramp(page, "1", [("+2", "2"), ("+3", "4")])
    page.get_by_label("Line 3: bet").press("Enter")
    expect(page.get_by_text("Back-counting: you sit in at a count of +1")).to_be_visible()
    expect(page.get_by_text("From a count of +3 you play 2 hands")).to_be_visible()
    expect(page.get_by_role("heading", name="The figures")).to_be_visible(timeout=60_000)
    expect(page.get_by_text("Rounds played", exact=True)).to_be_visible()
    expect(page.get_by_text(re.compile(r"of 60,000 rounds dealt \(\d"))).to_be_visible()
    expect(page.get_by_text("every hand of the round together")).to_be_visible()
    expect(page.get_by_text("An hour", exact=True)).to_be_visible()
