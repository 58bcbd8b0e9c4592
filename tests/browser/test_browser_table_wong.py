"""Back-counting in a browser, as a counter preparing for a casino would, by keyboard only:
set up a table to watch from behind, watch a round (W), come in on two of three boxes (the
boxes chosen with the arrow keys, the bet with its key), play the round, then leave (L); with
JavaScript on and off."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.test_browser_table import press, ready, right_play, where


def sit_behind(page: Page) -> None:
    page.goto("/table/")
    page.get_by_label("Other seats").fill("2")
    page.get_by_label("Your boxes", exact=True).fill("3")
    page.get_by_label("Back-count", exact=False).check()
    page.get_by_label("Training", exact=False).check()
    page.locator("select[name=unpriced]").select_option("note")
    page.get_by_label("Stop the table for a mistake costing at least").fill("2")
    page.get_by_role("button", name="Sit down").click()
    expect(page.get_by_role("heading", name="At the table", level=1)).to_be_visible()


def sent(page: Page, before: str) -> None:
    expect(page.locator("input[name=token]")).not_to_have_value(before)


def to_the_next_bet(page: Page, app: Any, javascript: bool) -> None:
    """Count checks answered (0: a mistake shown, and play goes on) until a round's bet."""
    for _ in range(10):
        _, ask = where(app, page)
        if ask.kind == "bet":
            return
        assert ask.kind == "count", ask.kind
        before = page.locator("input[name=token]").input_value()
        field = page.get_by_label("Running count")
        if javascript:
            ready(page)
        field.focus()
        page.keyboard.type("0")
        if page.get_by_label("True count").count():
            page.keyboard.press("Tab")
            page.keyboard.type("0")
        page.keyboard.press("Enter")
        sent(page, before)
    raise AssertionError("no bet came")


def test_watch_a_round_then_come_in_on_two_boxes(learner: Any, live_server: Any) -> None:
    page, javascript = learner.page, learner.javascript
    sit_behind(page)
    expect(
        page.get_by_role("heading", name="Round 1: come in, or watch from behind the table?")
    ).to_be_visible()
    expect(page.get_by_text("You are watching: come in for this round")).to_be_visible()
    before = page.locator("input[name=token]").input_value()
    press(page, "W", javascript)
    sent(page, before)
    expect(page.locator("section.feedback")).to_contain_text("Come in or watch: ")
    # The other seats played round 1 alone: none of its boxes is the learner's.
    settled = page.locator(".settlement, section.felt").first
    expect(settled).to_be_visible()
    expect(page.locator(".seat.mine")).to_have_count(0)
    to_the_next_bet(page, live_server.app, javascript)
    expect(page.get_by_role("heading", name="come in, or watch from behind")).to_be_visible()
    # Two boxes, by keyboard: three (the most) is checked at first; the arrow moves to two.
    three = page.get_by_role("radio", name="3")
    expect(three).to_be_checked()
    if javascript:
        ready(page)  # a swap still settling focuses its autofocus again: the arrow would miss
    three.focus()
    page.keyboard.press("ArrowUp")
    expect(page.get_by_role("radio", name="2")).to_be_checked()
    before = page.locator("input[name=token]").input_value()
    if javascript:
        ready(page)  # (sent before htmx had the form, the bet went as a whole page)
        page.keyboard.press("1")  # a bet of one unit on each box played
    else:
        for _ in range(10):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.getAttribute('data-key')") == "1":
                break
        page.keyboard.press("Enter")
    sent(page, before)
    expect(page.locator(".seat.mine")).to_have_count(2)
    expect(page.locator(".seat.mine").nth(1)).to_have_attribute("aria-label", "Your box 2")
    expect(page.get_by_role("group", name="Your box 3")).to_have_count(0)
    for _ in range(20):  # the round played to its end, by the right plays (no insurance)
        spec, ask = where(live_server.app, page)
        if ask.kind not in ("play", "insurance"):
            break
        before = page.locator("input[name=token]").input_value()
        press(page, "N" if ask.kind == "insurance" else right_play(spec, ask), javascript)
        sent(page, before)
    expect(page.get_by_text("Round 2 settled").first).to_be_visible()
    # Seated now: the choice is to stay (a bet) or leave (L), graded against the exit edge.
    to_the_next_bet(page, live_server.app, javascript)
    expect(page.get_by_role("heading", name="stay at the table, or leave it?")).to_be_visible()
    expect(page.locator("form.table-step button[data-key='W']")).to_have_count(0)
    before = page.locator("input[name=token]").input_value()
    press(page, "L", javascript)
    sent(page, before)
    feedback = page.locator("section.feedback")
    expect(feedback).to_contain_text("Stay or leave: ")
    expect(page.locator(".seat.mine")).to_have_count(0)  # the round dealt without the learner


def _casino_set_up(page: Page, pace: str) -> None:
    page.goto("/table/")
    page.get_by_label("Other seats").fill("2")
    page.get_by_label("Your boxes", exact=True).fill("2")
    page.get_by_label("Back-count", exact=False).check()
    page.locator("input[name=graded][value=tray]").check()
    page.locator("input[name=graded][value=cover]").check()
    page.get_by_label("The pace the cards come at").select_option(pace)
    page.get_by_label("Distraction").select_option("busy")
    page.locator("select[name=unpriced]").select_option("note")
    page.get_by_label("Test", exact=False).check()


def test_a_casino_table_has_no_wcag_21_aa_violation(page: Page, live_server: Any) -> None:
    """axe on the back-counting table's bet, a count check judging the tray, the talk and the
    sound switch of a paced table, and the progress page's figures by condition. The walk to
    the tray's first count check (half a deck played) is made at a second table, dealt step by
    step: at half a second a card it waited some 20 s on the cards alone."""
    from tests.browser.test_accessibility import Audit

    audit = Audit(page)
    _casino_set_up(page, "500")
    audit.check("casino table: set-up")
    page.get_by_role("button", name="Sit down").click()
    ready(page)
    expect(page.locator("#table-talk p").first).to_be_attached(timeout=15_000)
    audit.check("casino table: play or watch, with table talk")
    _casino_set_up(page, "0")
    page.get_by_role("button", name="Sit down").click()
    ready(page)
    for _ in range(300):
        page.wait_for_function("() => !document.querySelector('.card.pending')", timeout=30_000)
        _, ask = where(live_server.app, page)
        if ask.kind == "count" and page.locator("svg.tray").count():
            audit.check("casino table: a count check judging the tray")
            break
        before = page.locator("input[name=token]").input_value()
        form = page.locator("form.table-step")
        if ask.kind == "count":
            page.get_by_label("Running count").fill("0")
            if page.get_by_label("True count").count():
                page.get_by_label("True count").fill("0")
            page.get_by_label("Running count").press("Enter")
        elif ask.kind == "bet":
            form.locator("button[data-key='W']").click()
        else:
            form.locator("button:not([disabled])").first.click()
        sent(page, before)
    else:  # pragma: no cover
        raise AssertionError("no count check judged the tray")
    page.goto("/progress")
    audit.check("progress: by pace and distraction")
    assert audit.found == {}, f"axe found violations:\n{audit.report()}"
