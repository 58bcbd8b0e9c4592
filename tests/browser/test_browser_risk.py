"""The risk page in a browser, with JavaScript on and off, as a counter would: open it from the
menu, read the example's figures, ask for a bankroll, a trip and a goal by keyboard, send a bad
standard deviation, then work the risk out from a game's rules, system and ramp."""

from __future__ import annotations

import math
import re
from typing import Any

from playwright.sync_api import expect

from tests.browser.test_browser_simulation import fill_ramp
from trainer.engine import risk


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def test_work_out_a_counters_risk_by_keyboard(learner: Any) -> None:
    page = learner.page
    page.goto("/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Risk").click()
    expect(
        page.get_by_role("heading", name="The risk a counter lives with", level=1)
    ).to_be_visible()
    figures = page.locator("dl.risk-figures")
    expect(figures).to_contain_text("4.86% for a bankroll of 200 units")  # the example
    page.get_by_label("Win rate a round (units)").fill("0.02")
    page.get_by_label("Bankroll (units)").fill("150")
    page.get_by_label("Rounds in a trip").fill("2000")
    page.get_by_label("Goal to win (units)").fill("50")
    page.get_by_label("Kelly fraction").fill("0.5")
    page.get_by_label("Kelly fraction").press("Enter")  # the keyboard sends the form
    ror = math.exp(-2 * 0.02 * 150 / 1.15**2)
    expect(figures).to_contain_text(f"{_percent(ror)} for a bankroll of 150 units")
    trip = risk.trip_risk_of_ruin(0.02, 1.15, 150, 2000)
    goal = risk.goal_probability_in_rounds(0.02, 1.15, 150, 50, 2000)
    expect(figures).to_contain_text(f"{_percent(trip)} within 2,000 rounds")
    expect(figures).to_contain_text(f"{_percent(goal)} to win it first within 2,000 rounds")
    expect(figures).to_contain_text("Certainty equivalent at 0.5 Kelly")
    assert re.search(r"[?&]bankroll=150(&|$)", page.url)  # a plain GET: the figures' own link


def test_a_bad_field_is_shown_beside_it(learner: Any) -> None:
    page = learner.page
    page.goto("/risk")
    sd = page.get_by_label("Standard deviation a round (units)")
    sd.fill("0")
    sd.press("Enter")
    expect(page.get_by_label("Standard deviation a round (units)")).to_have_attribute(
        "aria-invalid", "true"
    )
    expect(page.locator("#sd-error")).to_contain_text("above 0 and at most 100,000 units")
    expect(page.locator("dl.risk-figures")).to_have_count(0)
    bankroll = page.get_by_label("Bankroll (units)")
    bankroll.fill("1e300")
    page.get_by_label("Standard deviation a round (units)").fill("1.15")
    bankroll.press("Enter")
    expect(page.locator("#bankroll-error")).to_contain_text("at most 1,000,000,000 units")


def test_the_risk_of_a_games_ramp(learner: Any) -> None:
    page = learner.page
    page.goto("/risk")
    page.get_by_label("a game: rules, counting system and bet ramp").check()
    ramp = page.get_by_role("group", name="Bet ramp, in units (table minimums)")
    fill_ramp(ramp, "1", [("+1", "2"), ("+2", "4"), ("+3", "8")])
    page.get_by_label("Bankroll (units)").fill("400")
    page.get_by_role("button", name="Work out the risk").focus()
    page.keyboard.press("Enter")
    expect(
        page.get_by_text("Your game, worked out from the exact edge at each count")
    ).to_be_visible(timeout=30_000)
    expect(page.locator("dl.risk-figures")).to_contain_text("for a bankroll of 400 units")
    expect(page.get_by_label("a game: rules, counting system and bet ramp")).to_be_checked()
