"""After an answer at the table, on a phone (390 pixels wide), the verdict is what the learner
sees, not the next hand below it: with JavaScript on (the verdict scrolled into view after the
swap) and off (the redirect goes to the verdict's anchor)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_browser_table import give_count, ready, right_play, where

PHONE = {"width": 390, "height": 844}


def sit_at_a_phone(page: Page) -> None:
    page.goto("/table/")
    page.get_by_label("Other seats").fill("2")
    page.get_by_label("Training", exact=False).check()
    page.get_by_role("button", name="Sit down").click()
    expect(page.get_by_role("heading", name="At the table", level=1)).to_be_visible()


def answer(page: Page, key: str, javascript: bool) -> None:
    before = page.locator("input[name=token]").first.input_value()
    if javascript:
        ready(page)
    page.locator(f'form.table-step button[data-key="{key}"]').click()
    expect(page.locator("input[name=token]").first).not_to_have_value(before)


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_the_verdict_is_in_view_on_a_phone_after_each_answer(
    javascript: bool, page_with: Any, live_server: Any
) -> None:
    page = page_with(viewport=PHONE, java_script_enabled=javascript)
    sit_at_a_phone(page)
    answered = 0
    for _ in range(12):
        spec, ask = where(live_server.app, page)
        if ask.kind == "count" and answered:  # a natural ended the round: on to the next one
            before = page.locator("input[name=token]").first.input_value()
            give_count(page, spec, ask, javascript=javascript)
            expect(page.locator("input[name=token]").first).not_to_have_value(before)
            continue
        if page.locator("form.held-choice").count() or ask.kind not in ("bet", "play", "insurance"):
            break
        key = {"bet": "1", "insurance": "N"}.get(ask.kind) or right_play(
            *where(live_server.app, page)
        )
        if javascript:  # (a title the answer's must replace)
            page.evaluate("document.title = 'before the answer'")
        answer(page, key, javascript)
        verdict = page.locator("#verdict")
        expect(verdict).to_be_visible()
        expect(verdict.locator(".verdict-first").first).to_be_in_viewport()
        # The tab's title names this verdict (htmx takes the answer's title), not an older one.
        wrong = "wrong" in (verdict.get_attribute("class") or "")
        assert page.title().startswith("Not quite") == wrong, page.title()
        assert page.title().endswith("At the table · Blackjack trainer"), page.title()
        if javascript:  # the keys keep the focus: the next answer is a key press away
            expect(page.locator("form.table-step [autofocus]").first).to_be_focused()
        else:
            assert page.url.endswith("#verdict"), page.url
        answered += 1
        if ask.kind == "play":
            break
    assert answered >= 2  # the bet, and at least the hand's first decision
