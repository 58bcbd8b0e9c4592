"""As a learner: the hint to press the key shown on a button is there only where the keys
answer (JavaScript on); without JavaScript a letter key does nothing, and the page does not say
it would."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}


@pytest.mark.usefixtures("live_server")
@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_the_key_hint_shows_only_where_the_keys_answer(page_with: Any, javascript: bool) -> None:
    page = page_with(java_script_enabled=javascript, viewport=PHONE)
    page.goto("/drills/basic-strategy")
    hint = page.get_by_text("press the key shown on any button")
    first = page.locator("form.strategy-question button:not([disabled])").first
    expect(first).to_be_visible()  # a play, or insurance, as drawn
    if javascript:
        expect(hint).to_be_visible()
        page.keyboard.press(str(first.get_attribute("data-key")).lower())  # the key answers
        expect(page.locator(".feedback").first).to_be_visible()
    else:
        expect(hint).to_be_hidden()


@pytest.mark.usefixtures("live_server")
def test_a_touch_screen_is_not_told_to_press_keys(page_with: Any) -> None:
    """A phone with no keyboard (touch, no hover) is not told to press keys (a trainee read
    "Press an answer's number" on one); the buttons answer as ever."""
    page = page_with(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto("/drills/basic-strategy")
    assert page.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
    expect(page.locator("form.strategy-question button:not([disabled])").first).to_be_visible()
    expect(page.get_by_text("press the key shown on any button")).to_be_hidden()
    page.locator("form.strategy-question button:not([disabled])").first.tap()
    expect(page.locator(".feedback").first).to_be_visible()
