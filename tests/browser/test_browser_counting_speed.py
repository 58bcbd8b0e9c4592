"""The running-count speed in a browser: set a level by hand, count a good run at it, and see
the speed raised on the set-up page."""

from __future__ import annotations

import re
import uuid
from typing import Any

from playwright.sync_api import expect

from drills.counting.checkpoint import Checkpoint
from drills.counting.pace import RAISE_AFTER
from tests.browser.test_browser_counting import FLIP_TIMEOUT, HI_LO, deal_on, shown_cards, signed


def test_the_speed_rises_after_a_good_run(learner: Any) -> None:
    page = learner.page
    learner.sign_up(f"speed-{uuid.uuid4().hex[:8]}", "a long password")
    learner.open_drill("Running count")
    # A newcomer starts at 1 card a second (level 3), the pace the path asks of its counting step,
    # said in one line with the rest folded under it (a walk met the ladder before a card).
    summary = page.get_by_text(re.compile("^Your speed: level 3 of 12, 1 card a second"))
    expect(summary).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="Level 3 of 12")).to_be_hidden()
    summary.click()
    expect(page.get_by_role("status").filter(has_text="Level 3 of 12")).to_be_visible()
    page.get_by_label("Set the level by hand").fill("10")
    page.get_by_role("button", name="Set level").click()
    expect(page.get_by_role("status").filter(has_text="Level 10 of 12")).to_be_visible()
    expect(page.get_by_label("Cards per second")).to_have_value("5")

    right = 0
    while right < RAISE_AFTER:
        page.get_by_label("Cards to count").fill("12")
        page.get_by_role("button", name="Deal").click()
        seen = []
        summary = page.get_by_role("heading", name=re.compile("^Summary"))
        for number in range(1, 20):
            question = page.get_by_role("heading", name=re.compile(rf"^Checkpoint {number} of"))
            expect(question.or_(summary)).to_be_visible(timeout=FLIP_TIMEOUT)
            if summary.is_visible() or right == RAISE_AFTER:
                break
            seen += shown_cards(page)
            page.get_by_label("Running count", exact=True).fill(
                signed(Checkpoint("rc", HI_LO, 6, tuple(seen)).right)
            )
            page.get_by_role("button", name="Answer").click()
            expect(page.get_by_role("heading", name=f"Checkpoint {number}: Right")).to_be_visible()
            right += 1
            if right < RAISE_AFTER:
                deal_on(page)
        learner.open_drill("Running count")
    expect(page.get_by_role("status").filter(has_text="Level 11 of 12")).to_be_visible()
    expect(page.get_by_label("Cards per second")).to_have_value("6")
