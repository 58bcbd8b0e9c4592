"""The price of a miscount in a browser, JavaScript on and off: a shoe counted through with
every running count four high (four low where four high is out of reach); the summary says,
beside each, the bets and index plays it changes and what they give up, and opens the rounds
it changes by keyboard."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from drills.counting.checkpoint import Checkpoint
from tests.browser.test_browser_counting import (
    FLIP_TIMEOUT,
    HI_LO,
    deal,
    deal_on,
    shown_cards,
    signed,
)


def test_a_shoe_counted_high_shows_what_the_count_would_cost(learner) -> None:
    page = learner.page
    learner.open_drill("Counting through a shoe")
    deal(page, **{"Rules preset": "single-deck", "Seats at the table": "2"})
    summary = page.get_by_role("heading", name=re.compile("^Summary"))
    seen = []
    number = 1
    while True:
        question = page.get_by_role("heading", name=re.compile(rf"^Checkpoint {number} of"))
        expect(question.or_(summary)).to_be_visible(timeout=FLIP_TIMEOUT)
        if summary.is_visible():
            break
        seen += shown_cards(page)
        running = Checkpoint("rc", HI_LO, 1, tuple(seen)).right
        # Four high, or four low where four high is past what the cards seen can reach (+6
        # after 9 cards: +10 was refused as out of reach, in a clean run).
        off = 4 if running + 4 <= len(seen) else -4
        page.get_by_label("Running count", exact=True).fill(signed(running + off))
        true_box = page.get_by_label("True count", exact=True)
        if true_box.count():
            true_box.fill("0")
        page.get_by_label("Running count", exact=True).press("Enter")
        expect(page.get_by_role("heading", name=f"Checkpoint {number}: Not quite")).to_be_visible()
        deal_on(page)
        number += 1
    price = page.locator("p.miscount-price").first
    # In full, or in a few words where it changed nothing to the shuffle.
    expect(price).to_contain_text(
        re.compile(
            r"a count off by (\+|\u2212)4"
            r"(, until the next checkpoint: bets changed| would have changed no bet)"
        )
    )
    expect(page.locator("p.miscount-total")).to_contain_text("would have given up")
    rounds = page.get_by_text("The rounds it changes")
    if rounds.count():
        rounds.first.focus()
        page.keyboard.press("Enter")
        expect(page.locator("ol.miscount-rounds").first).to_be_visible()
    page.screenshot(
        path=f"/tmp/yg/miscount-{'js' if learner.javascript else 'nojs'}.png", full_page=True
    )
