"""The main menu on a phone: two rows that scroll sideways (its 15 links took five rows, some
240 px of an 844 px screen, before the page began: a walk; one row showed 2.5 of them, another),
the page's own link in view."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_on_a_phone_the_menu_is_two_rows_and_shows_the_pages_own_link(
    page_with: Any, javascript: bool
) -> None:
    page = page_with(viewport=PHONE, java_script_enabled=javascript)
    page.goto("/mistakes")
    menu = page.get_by_role("navigation", name="Main")
    links = menu.get_by_role("link")
    tops = {round(box["y"]) for box in (links.nth(i).bounding_box() for i in range(links.count()))}
    assert len(tops) == 2, tops  # two rows
    if not javascript:  # at its start: twice what one row showed (2.5 links)
        shown = sum(
            links.nth(i).evaluate(
                "a => { const r = a.getBoundingClientRect(); return r.left >= 0 && r.right <= 390 }"
            )
            for i in range(links.count())
        )
        assert shown >= 5, shown
    header = page.locator("header.site-header").bounding_box()
    assert header is not None and header["height"] < 200, header
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    mine = menu.get_by_role("link", name="Mistakes")
    expect(mine).to_have_attribute("aria-current", "page")
    if javascript:  # brought into the row's view (without the script the row starts at its first)
        expect(mine).to_be_in_viewport(ratio=1)
    mine.click()  # reachable either way: the browser scrolls the row to it
    expect(page.get_by_role("heading", name="Mistakes", level=1)).to_be_visible()


def test_on_a_phone_the_menu_glows_at_the_edge_where_more_links_are(page_with: Any) -> None:
    # Two walks read the link cut at the row's edge as a mistake: a glow at each edge, fixed to
    # the row (scroll), covered by felt that moves with the links (local) at the row's ends.
    page = page_with(viewport=PHONE, java_script_enabled=False)
    page.goto("/drills/")
    nav = page.locator("header.site-header nav")
    assert nav.evaluate("n => n.scrollWidth > n.clientWidth")
    style = nav.evaluate(
        "n => [getComputedStyle(n).backgroundImage, getComputedStyle(n).backgroundAttachment]"
    )
    assert style[0].count("radial-gradient") == 2, style
    assert style[1].replace(" ", "") == "local,local,scroll,scroll", style
