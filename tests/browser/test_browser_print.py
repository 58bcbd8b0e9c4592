"""The strategy chart on paper: every preset's chart prints on one A4 page (Chromium's own PDF,
as a learner's Print gives it), with its colour key and without the site's navigation, the rules
form or the footer (static/css/app.css and strategy.css, ``@media print``); at 002's home game
(deal method 3) the game's two charts by the dealer's double follow on a page of their own."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from trainer.engine.rulebook.rules import find_preset, preset_names

# A page object of a PDF (not the /Pages tree that lists them).
PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def printed_pages(page: Page) -> int:
    return len(PAGE_OBJECT.findall(page.pdf(format="A4")))


# A desktop's window in English, and a phone's in Russian, whose key and headings run longer (its
# colour key takes two lines where the English takes one): one run each, the suite's time kept.
@pytest.mark.parametrize(("width", "locale"), [(1280, "en-GB"), (390, "ru-RU")])
def test_every_presets_chart_prints_on_one_a4_page(page_with: Any, width: int, locale: str) -> None:
    page = page_with(locale=locale, viewport={"width": width, "height": 900})
    too_long = {}
    for name in preset_names():
        page.goto(f"/strategy?preset={name}&wait=1")
        expect(page.locator(".strategy-grid").first).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", locale[:2])
        count = printed_pages(page)
        game_charts = find_preset(name).deal_method == 3
        if game_charts:
            expect(page.locator("#game-charts")).to_be_visible()
        if count != (2 if game_charts else 1):
            too_long[name] = count
    assert too_long == {}


def test_the_printed_chart_keeps_its_key_and_drops_the_site_around_it(page: Page) -> None:
    page.goto("/strategy?preset=vegas-6d-s17&wait=1")
    page.emulate_media(media="print")
    for hidden in (".site-header nav", ".site-footer", "form.strategy-rules", ".skip-chart"):
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.get_by_role("list", name="Colour key")).to_be_visible()
    for title in ("Hard totals", "Soft totals", "Pairs"):
        expect(page.get_by_role("table", name=title)).to_be_visible()
    page.emulate_media(media="screen")
    expect(page.locator(".site-header nav")).to_be_visible()  # on screen, all of it
    assert printed_pages(page) > 1  # the screen's layout (a PDF in screen media) takes more
    page.emulate_media(media="null")  # no emulation: a PDF is printed in print media again
    assert printed_pages(page) == 1
