"""The progress page in a browser: data in three drills, charts (with their tables) for those
three only, and the mastery table."""

from __future__ import annotations

import re
import uuid
from typing import Any

from playwright.sync_api import expect

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
