"""The progress page in a browser: data in three drills, charts (with their tables) for those
three only, and the mastery table; on a phone, the charts open at their newest weeks."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Learner
from tests.browser.test_browser_mistakes import answer, ask
from tests.browser.test_browser_mistakes_pages import seed_mistakes


def test_progress_draws_the_drills_used_and_no_others(learner: Any, live_server: Any) -> None:
    page = learner.page
    name = f"progress-{uuid.uuid4().hex[:8]}"
    learner.sign_up(name, "a long password")
    learner.open_drill("Hand totals")
    learner.answer_hand(correct=True)
    learner.answer_hand(correct=False)
    learner.open_drill("Payout math")
    _, paid = ask(page, "A natural at 3:2")
    answer(page, paid, "Right")
    seed_mistakes(live_server, name, 3, drill="true-count",
                  question="hi-lo floor half 6d rc +6 played 156 tray")  # fmt: skip

    page.get_by_role("link", name="Progress").click()
    charts = page.get_by_role("img", name=re.compile(r": the last (12 weeks|30 days)"))
    expect(charts).to_have_count(6)
    for title in ("Hand totals", "Payout math", "True count"):
        for span in ("12 weeks", "30 days"):
            chart = page.get_by_role("img", name=re.compile(f"^{title}: the last {span}"))
            expect(chart).to_be_visible()
    expect(page.get_by_role("img", name=re.compile("Running count|Deviations"))).to_have_count(0)
    mastery = page.get_by_role("table", name=re.compile("Mastery per area"))
    expect(mastery.get_by_role("row", name=re.compile(r"Hand totals 50% right"))).to_be_visible()
    expect(mastery.get_by_role("row", name=re.compile(r"Payout math 100% right"))).to_be_visible()
    page.get_by_text("The figures for True count").first.click()
    expect(
        page.get_by_role("table", name=re.compile("True count: answers and share right per week"))
    ).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False])
def test_on_a_phone_the_charts_open_at_the_newest_weeks(page_with: Any, javascript: bool) -> None:
    """At 390 pixels a chart is wider than the screen: it opens scrolled to its newest end
    (this week's bar in view, the oldest weeks off to the left), JavaScript on or off."""
    page = page_with(viewport={"width": 390, "height": 844}, java_script_enabled=javascript)
    learner = Learner(page, javascript)
    learner.sign_up(f"phone-{uuid.uuid4().hex[:8]}", "a long password")
    learner.open_drill("Hand totals")
    learner.answer_hand(correct=True)
    page.goto("/progress")
    area = page.locator(".chart-scroll").first
    expect(area).to_be_visible()
    sizes = area.evaluate("a => [a.scrollWidth, a.clientWidth]")
    assert sizes[0] > sizes[1], "the chart fits the phone: nothing to scroll"
    box = area.bounding_box()
    newest = area.locator("rect.bar").last.bounding_box()
    assert box and newest
    assert box["x"] <= newest["x"] and newest["x"] + newest["width"] <= box["x"] + box["width"]
    oldest_label = area.locator("text.axis[text-anchor=middle]").first.bounding_box()
    assert oldest_label and oldest_label["x"] + oldest_label["width"] < box["x"]
