"""Counting sessions as a learner with a screen reader, or who wants no motion, meets them: the
cards stepped by hand (offered first under prefers-reduced-motion), each step said in a status
with its cards; a timed run paused and resumed; after a checkpoint's verdict the next cards
waiting for "Deal on" (focused), then focus on their heading while they flip, and on the
summary's heading at the end."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

FLIP_TIMEOUT = 30_000


@pytest.fixture
def calm(page_with: Any) -> Page:
    """A learner whose system asks for reduced motion."""
    return page_with(reduced_motion="reduce")


def open_setup(page: Page, title: str) -> None:
    page.goto("/drills/")
    page.get_by_role("link", name=title, exact=True).click()
    expect(page.get_by_role("heading", name="Set up the cards")).to_be_visible()
    page.wait_for_function("() => document.readyState === 'complete'")


def status(page: Page) -> Any:
    return page.locator("#drill-panel .flip-status")


def test_under_reduced_motion_the_cards_are_stepped_by_hand(calm: Page) -> None:
    page = calm
    open_setup(page, "Running count")
    pace = page.get_by_role("group", name="Show the cards")
    # Step by hand comes first, and is chosen.
    expect(pace.get_by_role("radio").first).to_have_accessible_name(re.compile("^Step by hand"))
    expect(pace.get_by_role("radio", name=re.compile("^Step by hand"))).to_be_checked()
    page.get_by_label("Cards to count").fill("6")
    page.get_by_label("Cards per second").fill("20")
    page.get_by_role("button", name="Deal").click()
    steps = page.locator("ol.count-steps > li")
    expect(steps.first).to_be_attached()
    count = steps.count()  # the cards up to the first checkpoint
    assert count in range(1, 7)
    next_step = page.get_by_role("button", name="Next step")
    expect(next_step).to_be_focused()
    page.wait_for_timeout(1000)  # at 20 a second, a timed run would be over by now
    expect(page.locator("ol.count-steps > li.current")).to_have_count(0)
    expect(page.locator("form.checkpoint")).to_be_hidden()
    expect(page.get_by_role("button", name="Pause")).to_be_hidden()
    for number in range(1, count + 1):
        page.keyboard.press("Enter" if number % 2 else "Space")
        expect(steps.nth(number - 1)).to_have_class(re.compile(r"\bcurrent\b"))
        # Said with its cards: "Step 1 of 4: Cards: 7 of hearts".
        expect(status(page)).to_have_text(re.compile(rf"^Step {number} of {count}: .+ of "))
        expect(page.locator("ol.count-steps > li:visible")).to_have_count(1)
    page.keyboard.press("Enter")
    box = page.get_by_label("Running count", exact=True)
    expect(box).to_be_visible()
    expect(box).to_be_focused()
    # The flip's time goes with the answer, for the server to time it from the last card.
    expect(page.locator("form.checkpoint input[name=flip_ms]")).to_have_value(re.compile(r"^\d+$"))
    box.fill("0")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=re.compile("^Checkpoint 1: "))).to_be_visible()
    # By hand still: after "Deal on" the next cards wait for Next step, which has the focus.
    deal_on = page.get_by_role("button", name="Deal on")
    if deal_on.is_visible():
        page.keyboard.press("Enter")
        expect(next_step).to_be_focused()
        expect(page.locator("ol.count-steps > li.current")).to_have_count(0)


def test_a_timed_run_pauses_and_resumes(page: Page) -> None:
    # The cards' time is the test's own (the page times them by performance.now() on animation
    # frames): a step lasts half a second, and a loaded machine's polling once missed step 1.
    page.clock.install()
    open_setup(page, "Deck countdown")  # one checkpoint, after the whole deck but a few
    expect(page.get_by_role("radio", name=re.compile("^Timed"))).to_be_checked()
    page.get_by_label("Cards per second").fill("2")
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.get_by_role("button", name="Deal").click()
    expect(status(page)).to_have_text("Get ready…", timeout=FLIP_TIMEOUT)
    page.clock.run_for(900)  # the moment to get ready (800 ms), then into step 1's half second
    expect(status(page)).to_have_text(re.compile(r"^Step 1 of \d"))
    steps = int(status(page).inner_text().split()[3].rstrip(":"))
    assert steps >= 40
    page.get_by_role("button", name="Pause").click()
    resume = page.get_by_role("button", name="Resume")
    expect(resume).to_be_focused()
    held = status(page).inner_text()
    page.clock.run_for(1500)  # three cards' time at 2 a second
    expect(status(page)).to_have_text(held)
    resume.click()
    page.clock.run_for(500)  # the rest of step 1's half second, and into step 2
    expect(status(page)).to_have_text(re.compile(rf"^Step 2 of {steps}"))
    # Then by hand from where it is.
    page.get_by_role("button", name="Step by hand").click()
    next_step = page.get_by_role("button", name="Next step")
    expect(next_step).to_be_focused()
    at = int(status(page).inner_text().split()[1])
    page.keyboard.press("Enter")
    expect(status(page)).to_have_text(re.compile(f"^(Step {at + 1} of {steps}|Your count)"))


def test_focus_is_on_a_heading_after_a_checkpoint_and_at_the_summary(page: Page) -> None:
    open_setup(page, "Counting through a shoe")
    page.get_by_label("Rules preset").select_option("twenty-one-home")
    page.get_by_label("Seats at the table").fill("2")
    page.get_by_label("Cards per second").fill("20")
    page.get_by_role("button", name="Deal").click()
    expect(page.locator("#run-heading")).to_be_focused()
    summary = page.get_by_role("heading", name=re.compile("^Summary"))
    number = 0
    while True:
        form = page.locator("form.checkpoint")
        expect(form.or_(summary)).to_be_visible(timeout=FLIP_TIMEOUT)
        if summary.is_visible():
            break
        number += 1
        for box in form.locator("input:not([type=hidden])").all():
            box.fill("0")
        form.get_by_role("button", name="Answer").click()
        heading = page.get_by_role("heading", name=re.compile(f"^Checkpoint {number}: "))
        expect(heading).to_be_visible()
        expect(page.locator("#verdict")).to_have_text(re.compile(f"^Checkpoint {number}: "))
        deal_on = page.get_by_role("button", name="Deal on")
        if page.locator("ol.count-steps[data-flip-state=waiting]").count():
            # The next cards wait for the learner (the verdict read, its details opened):
            # "Deal on" has the focus, and nothing flips until it is pressed.
            expect(deal_on).to_be_focused()
            expect(page.locator("ol.count-steps")).to_be_hidden()
            expect(form).to_be_hidden()
            page.keyboard.press("Space")
            # Then they flip, focus on their heading, not lost to the page.
            expect(deal_on).to_have_count(0)
            expect(page.locator("#run-heading")).to_be_focused()
            expect(status(page)).to_have_text(re.compile(r"^(Get ready|Step \d+ of \d+)"))
    assert number >= 2
    expect(summary).to_be_focused()
