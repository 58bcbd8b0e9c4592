"""As a learner: the time zone the browser knows is used without a word (JavaScript on), or
chosen on the account page by keyboard (off); a page waiting on work being done says how far it
is and offers something to practise meanwhile, on a phone's screen too."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_the_learners_time_zone_comes_from_the_browser_or_the_account_page(
    page_with: Any, javascript: bool
) -> None:
    page = page_with(timezone_id="Europe/Moscow", java_script_enabled=javascript, viewport=PHONE)
    page.goto("/")
    page.goto("/account")
    zone = page.locator("#time-zone")
    if javascript:
        expect(zone).to_contain_text("in Europe/Moscow, your browser's time zone")
        return
    expect(zone).to_contain_text("in UTC until your time zone is known")
    field = page.get_by_label("Time zone, as Continent/City")
    field.fill("Europe/Atlantis")
    field.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text(
        "There is no time zone called 'Europe/Atlantis'"
    )
    expect(zone).to_contain_text("in UTC until")  # nothing changed
    page.get_by_label("Time zone, as Continent/City").fill("Asia/Tokyo")
    page.get_by_label("Time zone, as Continent/City").press("Enter")
    expect(page.locator("#time-zone")).to_contain_text("in Asia/Tokyo, as you chose")


@pytest.fixture
def pending_study(live_server: Any, request: pytest.FixtureRequest) -> Iterator[str]:
    """A study whose job is going (its row says so, a third of the way and 20 s in; no
    process runs it): the progress page's address. Each test has rules of its own."""
    from trainer.engine.rulebook.rules import Rules
    from trainer.jobs.kinds import count_study_key
    from trainer.store import jobs, open_db

    params = request.node.callspec.params
    decks = 2 + 2 * bool(params["javascript"]) + (params["viewport"] == DESKTOP)
    rules = Rules.parse(f"russian-bank decks={decks} dealer_stands_on=15")
    db = open_db(live_server.app.config["DATABASE"])
    key = count_study_key(rules.notation(), "hi-lo")
    job, _ = jobs.enqueue(db, "count-study", {"rules": rules.notation()}, key=key, total=21)
    jobs.claim_id(db, job.id, os.getpid())
    began = (datetime.now(UTC) - timedelta(seconds=20)).isoformat().replace("+00:00", "Z")
    db.execute("UPDATE jobs SET started_at = ?, done = 7 WHERE id = ?", [began, job.id])
    query = urlencode({"rules": rules.notation(), "system": "hi-lo", "next": "/drills/"})
    yield f"/count-jobs/progress?{query}"
    jobs.fail(db, job.id, "the test is over")
    db.conn.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_a_study_being_worked_out_shows_its_progress_and_something_to_practise(
    page_with: Any, pending_study: str, javascript: bool, viewport: dict[str, int]
) -> None:
    page = page_with(java_script_enabled=javascript, viewport=viewport)
    page.goto(pending_study)
    status = page.get_by_role("status").first
    expect(status).to_contain_text("charts at 7 of 21 counts (33%)")
    expect(status).to_contain_text(re.compile(r"About (3\d|4\d) seconds left\."))
    meanwhile = page.get_by_role("link", name="The running count")
    expect(meanwhile).to_be_visible()
    expect(page.get_by_role("link", name="The basic-strategy quiz")).to_be_visible()
    # The progress block is swapped every two seconds (htmx polls it): a link read between a
    # swap's removal and its insertion has no box for that moment, so its right edge is read
    # from the page as it is, in one step.
    right = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('a')]"
        ".filter(a => a.textContent.trim() === 'The running count')"
        ".map(a => a.getBoundingClientRect().right))"
    )
    assert 0 < right <= viewport["width"]
    meanwhile.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/drills/running-count"))


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_setting_up_a_double_deck_table_the_footer_names_its_shoe(
    page_with: Any, javascript: bool
) -> None:
    page = page_with(java_script_enabled=javascript, viewport=PHONE)
    page.goto("/table/")
    footer = page.locator("#footer-rules")
    expect(footer).to_contain_text("This table: Las Vegas, 6 decks")
    page.get_by_label("Rules preset").select_option("double-deck")
    if not javascript:  # the plain form draws the page again under the preset chosen
        page.get_by_role("button", name="Show these rules' options").press("Enter")
    expect(footer).to_contain_text("This table: Double deck")
    expect(footer).to_contain_text("Your rules for the drills: Las Vegas, 6 decks")


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_a_first_visit_without_the_cookie_has_its_chart_queued_at_once(
    page_with: Any, live_server: Any, monkeypatch: pytest.MonkeyPatch, javascript: bool
) -> None:
    """Issue 26: a visitor's first load of a waiting page only set the cookie; the chart's job
    was queued at the next poll, 2 or 3 s on. The page now reloads itself at once, and that
    reload (the cookie with it) queues the job: within a second of the first load here, the
    page saying the server is about to start."""
    from trainer.engine.rulebook.rules import Rules
    from trainer.store import open_db

    monkeypatch.setitem(live_server.app.config, "JOBS_INLINE", False)  # left queued, not run
    rules = Rules.parse(
        f"vegas-6d-s17 decks={5 + 2 * javascript} double_after_split=false surrender=none"
    ).notation()
    db = open_db(live_server.app.config["DATABASE"])
    page = page_with(java_script_enabled=javascript, viewport=PHONE)
    try:
        started = datetime.now(UTC)
        page.goto(f"/chart-jobs/progress?{urlencode({'rules': rules, 'next': '/drills/'})}")
        expect(page.get_by_role("status").first).to_contain_text(
            "Waiting for the server to start on the strategy chart", timeout=1_500
        )
        [job] = [j for j in db["jobs"].rows if j["key"] == f"chart {rules}"]
        queued = datetime.fromisoformat(job["created_at"].replace("Z", "+00:00"))
        assert (queued - started).total_seconds() < 1.5  # not a poll's 2 or 3 s on
        expect(page.get_by_text("Allow cookies")).to_have_count(0)
    finally:
        db.execute("DELETE FROM jobs WHERE key = ?", [f"chart {rules}"])
        db.conn.close()
