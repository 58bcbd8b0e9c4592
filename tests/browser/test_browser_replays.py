"""A counter's new tools in a browser, by keyboard, JavaScript on and off: a table's shoe
replayed step by step (the arrow keys with JavaScript, the links and the step field without),
shared as a link another learner opens, then withdrawn; the aces drill answered by keyboard; a
running count dealt at the speed threshold's staircase, with table talk."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from drills.counting.aces import read_question
from tests.browser.conftest import Learner
from trainer.engine.aces import read_aces

TABLE = {
    "rules": "vegas-6d-s17",
    "others": "1",
    "boxes": "1",
    "bankroll": "500",
    "unit": "5",
    "system": "hi-lo",
    "convention": "floor",
    "resolution": "half",
    "graded": "insurance",
    "mode": "test",
}


def _fields(html: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))


def played_table(page: Page, steps: int = 5, **changes: str) -> str:
    """A table with ``steps`` steps played, or its shoe to the end if it comes first (the table
    itself is walked by its own tests): its id. The steps go through the table's own forms, as
    the page would send them."""
    page.goto("/table/")
    csrf = _fields(page.content())["csrf_token"]
    form = {**TABLE, **changes, "csrf_token": csrf}
    sat = page.request.post("/table/", form=form, max_redirects=0)
    url = sat.headers["location"]
    for _ in range(steps):
        html = page.request.get(url).text()
        fields = _fields(html)
        kind = fields.get("kind")
        if kind is None:  # the shoe is over
            break
        extra = {"bet": {"units": "1"}, "insurance": {"answer": "N"}}.get(
            kind or "", {"answer": "S"}
        )
        page.request.post(url + "/step", form={**fields, **extra})
    return url.rstrip("/").rsplit("/", 1)[1]


def step_heading(page: Page, step: int, total: int) -> Any:
    return page.get_by_role("heading", name=f"Step {step} of {total}")


def test_a_shoe_replayed_by_keyboard_shared_and_withdrawn(
    learner: Learner, second_learner: Learner
) -> None:
    page = learner.page
    table_id = played_table(page)
    page.goto("/")
    page.get_by_role("link", name="Replays").click()
    expect(page.get_by_role("heading", name="Replays", level=1)).to_be_visible()
    page.locator(f'a[href="/replays/table/{table_id}"]').click()
    expect(step_heading(page, 1, 5)).to_be_visible()
    expect(page.get_by_text("You bet 5.")).to_be_visible()
    if learner.javascript:
        page.wait_for_load_state("load")  # replay.js is deferred: its keys listen from then
        page.keyboard.press("ArrowRight")
        expect(step_heading(page, 2, 5)).to_be_focused()
        page.keyboard.press("End")
        expect(step_heading(page, 5, 5)).to_be_focused()
        page.keyboard.press("ArrowLeft")
        expect(step_heading(page, 4, 5)).to_be_visible()
        page.keyboard.press("Home")
        expect(step_heading(page, 1, 5)).to_be_visible()
    else:
        page.get_by_role("link", name="Next step").focus()
        page.keyboard.press("Enter")
        expect(step_heading(page, 2, 5)).to_be_visible()
        page.get_by_role("link", name="Previous step").focus()
        page.keyboard.press("Enter")
        expect(step_heading(page, 1, 5)).to_be_visible()
    # The step field: typed, sent by Enter.
    field = page.get_by_label("Go to step")
    field.focus()
    field.fill("3")
    page.keyboard.press("Enter")
    expect(step_heading(page, 3, 5)).to_be_visible()
    expect(page.get_by_role("heading", name="The decision")).to_be_visible()
    # Shared by keyboard: the link made, read and opened by another learner.
    page.get_by_role("button", name="Make a link").focus()
    page.keyboard.press("Enter")
    link = page.get_by_label("The link to this replay").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/replays/shared/[A-Za-z0-9_-]{43}", link)
    other = second_learner.page
    assert other.goto(f"/replays/table/{table_id}").status == 404  # not theirs
    other.goto(link)
    expect(other.get_by_role("heading", name="Step 1 of 5")).to_be_visible()
    expect(other.get_by_text("nothing else about them")).to_be_visible()
    expect(other.get_by_role("heading", name="Share this replay")).to_have_count(0)
    page.get_by_role("button", name="Withdraw the link").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Make a link")).to_be_visible()
    response = other.goto(link)
    assert response is not None and response.status == 410
    expect(other.get_by_role("heading", name="This replay was withdrawn")).to_be_visible()


@pytest.mark.usefixtures("live_server")
def test_a_finished_shoes_replay_fits_a_phone(page_with: Any) -> None:
    """A shoe played out shows its counts, the decks left as the learner estimates them among
    them, within a 390 px phone's width (their label once pushed the page to 818 px)."""
    page = page_with(viewport={"width": 390, "height": 844})
    table_id = played_table(page, steps=300, rules="single-deck", unit="10")
    # Its last step, the shoe's end (step 6 was asked for: a shoe of three rounds, one of them
    # a natural's, had five).
    page.goto(f"/replays/table/{table_id}")
    total = re.search(r"Step 1 of (\d+)", page.content())
    assert total is not None
    page.goto(f"/replays/table/{table_id}?step={total[1]}")
    expect(page.get_by_text("Decks left, to the half deck")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 391


def test_the_aces_drill_by_keyboard(learner: Learner) -> None:
    page = learner.page
    page.goto("/drills/ace-side-count?system=hi-opt-2&convention=floor&resolution=half")
    expect(page.get_by_role("heading", name="The aces, and what they change")).to_be_visible()
    notation = page.locator('input[name="question"]').first.input_value()
    parts = read_question(notation)
    reading = read_aces(parts[0], parts[3], parts[4], parts[5], parts[6], "floor", "half")
    aces = page.get_by_label("Aces left over (+) or under (−) the expected")
    expect(aces).to_be_focused()
    page.keyboard.type(str(reading.surplus))
    page.keyboard.press("Tab")
    page.keyboard.type(str(reading.betting_true))
    page.keyboard.press("Tab")
    page.keyboard.type(str(reading.insurance_true))
    page.keyboard.press("Enter")
    expect(page.locator("#feedback-heading")).to_contain_text("Right")


def test_a_running_count_dealt_at_the_threshold(learner: Learner) -> None:
    page = learner.page
    page.goto("/drills/running-count")
    # A newcomer's speed is folded under one line (a walk met its ladder before a card).
    page.get_by_text(re.compile("^Your speed: level 3 of 12")).click()
    expect(page.get_by_role("heading", name="Your speed threshold")).to_be_visible()
    box = page.get_by_label(re.compile("Find my speed threshold"))
    box.focus()
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    page.get_by_label("Distraction while you count (with JavaScript)").select_option("talk")
    page.get_by_role("button", name="Deal").click()
    expect(page).to_have_url(re.compile(r"/counting/sessions/"))
    expect(page.get_by_text("1 card per second")).to_be_visible()  # a newcomer's staircase
    if learner.javascript:  # the table talks while the cards flip
        expect(page.locator(".talk-now")).not_to_be_empty()
        expect(page.get_by_text("nobody talks")).to_be_hidden()
    else:
        expect(page.get_by_text("nobody talks")).to_be_visible()
