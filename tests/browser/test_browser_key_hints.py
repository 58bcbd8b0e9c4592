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
