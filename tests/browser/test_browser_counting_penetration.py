"""The shoe-penetration page in a browser while its studies are not cached yet: no chart before
an answer; the feedback shows the chart being worked out, then drawn (htmx fetches it; without
JavaScript its link opens the chart's own page, where a job deals the studies; the answer never
deals them); answered by keyboard as usual."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, expect

from drills.counting.penetration_study import clear_memory
from tests.browser.conftest import tab_to
from trainer.web.caches import penetration_cache_dir

CHART_NAME = re.compile(r"^Share of rounds starting at each true count")


def forget_the_studies(live_server: Any) -> None:
    """As on a fresh install: nothing in the live server's cache, nothing in memory."""
    for path in Path(penetration_cache_dir(live_server.app)).glob("*.json"):
        path.unlink()
    clear_memory()


def open_single_deck_penetration(page: Page) -> None:
    page.goto("/rules")
    page.get_by_role("button", name="Drill with Single deck, dealer hits soft 17").click()
    page.wait_for_load_state("load")  # its scripts loaded, not cut off by the next page
    page.goto("/")
    page.get_by_role("link", name="Shoe penetration").click()
    expect(page.get_by_role("heading", name="Shoe penetration", level=1)).to_be_visible()


def answer_by_keyboard(page: Page) -> None:
    box = page.locator("form.question input[name=answer]")
    tab_to(page, box)  # without JavaScript, from the last verdict
    expect(box).to_be_focused()
    page.keyboard.type("1")  # a readable answer to every kind of question
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=re.compile("^(Right|Not quite): "))).to_be_visible()


def see_the_chart_on_its_own_page(page: Page) -> None:
    """Without JavaScript: follow the feedback's link, by keyboard, to the chart's own page
    (it reloads itself until the job has dealt the studies)."""
    link = page.get_by_role("link", name="Show the chart when it is ready")
    tab_to(page, link)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Shoe penetration chart", level=1)).to_be_visible()


def test_the_chart_comes_with_the_feedback_worked_out_then_drawn(learner, live_server) -> None:
    page = learner.page
    forget_the_studies(live_server)
    held: list[Route] = []

    def hold(route: Route) -> None:  # the chart held back a while, to see the feedback wait
        held.append(route)

    if learner.javascript:
        page.route("**/counting/penetration-chart*", hold)
    open_single_deck_penetration(page)
    learner.wait_for_htmx()  # else an answer sent at once goes as a plain post (seen in CI)
    chart = page.get_by_role("img", name=CHART_NAME)
    # Before an answer, no chart: it would show a share question's answer.
    # (The page's verdict region, outside the panel, is a status too: the panel's are meant.)
    expect(page.get_by_role("heading", name=re.compile(r"\?$"))).to_be_visible()
    expect(chart).to_have_count(0)
    expect(page.locator("#drill-panel").get_by_role("status")).to_have_count(0)
    answer_by_keyboard(page)
    # htmx swaps the panel in place; without JavaScript the form posts to /answer and goes on
    # to the answer's verdict address.
    assert ("/answered/" in page.url.split("?")[0]) != learner.javascript
    status = page.locator("#drill-panel").get_by_role("status")
    expect(status.or_(chart)).to_be_visible()
    if status.count():  # not cached yet (a share question's grade deals the whole chart)
        expect(status).to_contain_text("Dealing 10,000 shoes")
        expect(page.get_by_role("progressbar", name="Studying the shoes")).to_be_visible()
        expect(chart).to_have_count(0)
        if learner.javascript:
            page.wait_for_function("() => true")  # a round trip: the route handler has run
            assert len(held) == 1  # htmx asked for the chart at once
            held[0].continue_()
        else:  # the answer dealt nothing: its link opens the page a job deals them for
            see_the_chart_on_its_own_page(page)
            expect(chart).to_be_visible(timeout=30_000)
            back = page.get_by_role("link", name="Back to the shoe penetration drill")
            for _ in range(60):  # by Tab from the top of the chart's page (no verdict here)
                if back.evaluate("element => element === document.activeElement"):
                    break
                page.keyboard.press("Tab")
            expect(back).to_be_focused()
            page.keyboard.press("Enter")
            answer_by_keyboard(page)
    if learner.javascript:
        page.unroute("**/counting/penetration-chart*")
    expect(chart).to_be_visible(timeout=30_000)
    expect(status).to_have_count(0)
    # The chart follows the feedback, not the next question.
    feedback = page.get_by_role("region", name=re.compile("^(Right|Not quite): "))
    after = feedback.locator("xpath=following-sibling::div[@id='penetration-chart']")
    expect(after).to_have_count(1)
    # The next answer's feedback draws the cached chart at once.
    answer_by_keyboard(page)
    expect(chart).to_be_visible()
    expect(status).to_have_count(0)
