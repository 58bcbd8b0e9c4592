"""As a learner on a phone: the running count drill's Deal comes first, in view on arrival; the
counting settings come after, one link away."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}


@pytest.mark.usefixtures("live_server")
@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_deal_is_in_view_and_the_settings_one_link_away(page_with: Any, javascript: bool) -> None:
    page = page_with(java_script_enabled=javascript, viewport=PHONE)
    page.goto("/drills/running-count")
    deal = page.get_by_role("button", name="Deal")
    expect(deal).to_be_in_viewport()
    settings = page.get_by_role("form", name="Your counting preferences")
    expect(settings).not_to_be_in_viewport()
    page.get_by_role("link", name="Counting settings").click()
    expect(settings.get_by_label("Counting system")).to_be_in_viewport()
    deal.click()
    expect(page.get_by_role("heading", name="Set up the cards")).to_have_count(0)
