"""The drill round between shoes, in a browser, by keyboard, with JavaScript on and off: a
played-out table's summary offers it; it asks an older mistake the review schedule says is due
first, saying why it came back ("you missed this 9 days ago"), marked as a drill round that is
not part of the shoe; the answer is graded and rescheduled on the drill road."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from typing import Any

from playwright.sync_api import Page, expect

from drills import registry
from tests.browser.test_accessibility import Audit
from tests.browser.test_browser_table import ready, sit_down
from trainer import store
from trainer.engine.rulebook.rules import Rules
from trainer.store import schedules

_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
OLD = "TS 2H v 6D"  # hard 12 against a 6: stand, under any rules


def play_out(page: Page, url: str) -> None:
    """Play the shoe to its end by the browser's own session (its cookies), off the page:
    every count given as 0, every bet one unit, no insurance, every hand stood."""
    for _ in range(600):
        text = page.request.get(url).text()
        kind = re.search(r'name="kind" value="(\w+)"', text)
        if kind is None:
            return
        fields = {name: html.unescape(value) for name, value in _HIDDEN.findall(text)}
        extra = {
            "count": {"running": "0", "true": "0"},
            "bet": {"units": "1"},
            "insurance": {"answer": "N"},
        }.get(kind.group(1), {"answer": "S"})
        assert page.request.post(url + "/step", form={**fields, **extra}).ok
    raise AssertionError("the shoe never ended")


def an_old_mistake(app: Any, table_id: str) -> schedules.Item:
    """A table play the learner missed nine days ago at a double-deck table, due now."""
    db = store.open_db(app.config["DATABASE"])
    try:
        (user_id,) = db.execute(
            "SELECT user_id FROM table_sessions WHERE id = ?", [table_id]
        ).fetchone()
        drill = registry()["table-play"]
        skill = drill.skill(OLD, Rules.parse("double-deck"))
        then = app.extensions["trainer.clock"].now() - timedelta(days=9)
        schedules.record_scheduled(
            db,
            skill=skill,
            now=then,
            timing=drill,
            user_id=user_id,
            drill="table-play",
            question=OLD,
            rules="double-deck",
            answer="H",
            right_answer="S",
            correct=False,
            token=f"old-{table_id}",
            response_ms=3_000,
        )
        item = schedules.find_item(db, user_id, "table-play", skill)
    finally:
        db.close()
    assert item is not None
    return item


def test_the_drill_round_asks_an_older_mistake_due_and_says_why(
    learner: Any, live_server: Any
) -> None:
    page = learner.page
    sit_down(page, "single-deck", "test")
    url = page.url.split("?")[0].split("#")[0]
    item = an_old_mistake(live_server.app, url.rsplit("/", 1)[1])
    play_out(page, url)
    page.goto(url)
    audit = Audit(page) if learner.javascript else None  # axe runs in the page's JavaScript
    if audit:
        audit.check("a played-out table's summary with its drill round")
    section = page.locator("section.drill-round")
    expect(
        section.get_by_role("heading", name="A drill round before the next shoe")
    ).to_be_visible()
    expect(section).to_contain_text("1 older mistake due for review")
    start = section.get_by_role(
        "button", name=re.compile(r"^Drill round: Table play, \d+ questions?$")
    )
    start.focus()
    page.keyboard.press("Enter")
    status = page.locator(".drill-round-status")
    expect(status).to_contain_text("Drill round after the table: question 1 of")
    expect(status).to_contain_text("Not part of the table's play")
    expect(status).to_contain_text("Due for review: you missed this 9 days ago.")
    expect(page.locator("input[name=question]")).to_have_value(OLD)  # the most overdue first
    if audit:
        audit.check("a drill round's question")
        assert audit.found == {}, audit.report()
    at_the_table = shoe_answers(live_server, OLD, url)  # the shoe may have dealt it too
    stand = page.locator('form.question button[data-key="S"]')
    page.locator("form.question").evaluate("form => { form.dataset.answered = 'yes'; }")
    if learner.javascript:
        ready(page)
        page.keyboard.press("S")  # the key answers wherever the focus is on the page
    else:
        learner.tab_to(stand)
        for _ in range(40):
            if stand.evaluate("b => b === document.activeElement"):
                break
            page.keyboard.press("Tab")
        expect(stand).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.locator("form.question[data-answered]")).to_have_count(0)
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    db = store.open_db(live_server.app.config["DATABASE"])
    try:
        again = schedules.find_item(db, item_user(db, url), "table-play", item.item)
    finally:
        db.close()
    assert again is not None and again.reviews == item.reviews + 1  # graded, rescheduled
    assert shoe_answers(live_server, OLD, url) == at_the_table  # not an answer at the table


def shoe_answers(live_server: Any, question: str, url: str) -> int:
    """How many answers to ``question`` were given at the table of ``url`` (their tokens start
    "t<table>-"; a drill's token is random URL-safe text, and 1 in 64 of them starts "t")."""
    prefix = f"t{url.rsplit('/', 1)[1]}-"
    db = store.open_db(live_server.app.config["DATABASE"])
    try:
        (count,) = db.execute(
            "SELECT count(*) FROM attempts WHERE question = ? AND substr(token, 1, ?) = ?",
            [question, len(prefix), prefix],
        ).fetchone()
    finally:
        db.close()
    return int(count)


def item_user(db: Any, url: str) -> int:
    (user_id,) = db.execute(
        "SELECT user_id FROM table_sessions WHERE id = ?", [url.rsplit("/", 1)[1]]
    ).fetchone()
    return int(user_id)
