"""The counting checkout's deck dealt in a browser, by keyboard. The page's source holds only the
card served last: the server hands out each card once the one before is out and its moment has
come. With JavaScript the cards come one at a time at the checkout's pace (a class's half clock:
4 a second), in the deck's order, each covering the last; a reload goes on where the deal has
got to, never from the start; once all are out the status says so and the answer goes in.
Without JavaScript the learner presses Next card for each (a press before the card's moment is
refused and says so) and answers after the last."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_browser_checkouts import right_answers
from trainer import store
from trainer.clock import Clock, stamp
from trainer.store import class_criteria, classes, users

RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def in_a_half_clock_class(live_server: Any, learner_id: int) -> None:
    """Put the learner in a class whose coach halves the counting checkout's clock."""
    db = store.open_db(live_server.app.config["DATABASE"])
    try:
        now = stamp(datetime.now(UTC))
        coach = users.create_user(db, "coach" + secrets.token_hex(3), "password for the coach")
        found = classes.create_class(db, coach.id, "Half clock", "Coach", at=now)
        (invite,) = classes.make_invites(db, found.id, 1, at=now)
        classes.join(db, invite.code, learner_id, "Learner", at=now)
        stricter = class_criteria.Stricter(time_percent=50, errors=0)
        class_criteria.set_criteria(db, found.id, "counting", stricter, at=now)
    finally:
        db.close()


def learner_id(live_server: Any, name: str) -> int:
    db = store.open_db(live_server.app.config["DATABASE"])
    try:
        user = users.find_user(db, name)
    finally:
        db.close()
    assert user is not None
    return user.id


def deck_order(live_server: Any, run_id: int) -> list[str]:
    """The names of the first part's 50 cards, in the order dealt (from the stored run)."""
    db = store.open_db(live_server.app.config["DATABASE"])
    try:
        (items,) = db.execute("SELECT items FROM checkout_runs WHERE id = ?", [run_id]).fetchone()
    finally:
        db.close()
    cards = re.findall(r'"deck", "([^"]+)"', items)[0].split(" / ")[0].split()[1:]
    return [f"{RANKS.get(card[0], card[0])} of {SUITS[card[1]]}" for card in cards]


def shown_index(page: Page, order: list[str]) -> int:
    """The place in the deck of the one card on show."""
    spot = page.locator(".deal-spot .card")
    expect(spot).to_have_count(1)
    label = spot.get_attribute("aria-label")
    assert label is not None and label.strip() in order
    return order.index(label.strip())


def cards_in_source(page: Page) -> int:
    return len(re.findall(r'class="card(?: red)?" role="img"', page.content()))


def deal_by_presses(page: Page, clock: Clock, seconds_a_card: float) -> Iterator[int]:
    """Press Next card for each card after the first, each at its moment (the first card's
    time and a card's time for each since), as a learner keeping to the pace would: where the
    moment has not come, the server's clock is moved on to it rather than waited for (49
    presses at 2 cards a second waited 25 s), so that the part's own clock reads what it would
    have. Yield each card's place once it is on show (a press refused as too early is pressed
    again a tenth of a second later)."""
    first = time.monotonic()
    moved = 0.0  # seconds the server's clock is ahead of this one
    for place in range(1, 50):
        early = first + place * seconds_a_card - (time.monotonic() + moved)
        while True:
            if early > 0:
                clock.advance(timedelta(seconds=early))
                moved += early
            # Until the next page has loaded, the old one would answer (a refusal read as a card).
            with page.expect_navigation():
                page.get_by_role("button", name="Next card").press("Enter")
            if page.get_by_role("alert").filter(has_text="is not due yet").count():
                early = 0.1
                continue
            break
        yield place


@pytest.fixture
def server_clock(live_server: Any) -> Iterator[Clock]:
    """The live server's clock (moved on by a test), set back after the test."""
    clock: Clock = live_server.app.extensions["trainer.clock"]
    yield clock
    clock.reset()


def test_the_deck_is_dealt_card_by_card(
    learner: Any, live_server: Any, server_clock: Clock
) -> None:
    page = learner.page
    name = "counter" + secrets.token_hex(3)
    learner.sign_up(name, "password for the counter")
    if learner.javascript:
        in_a_half_clock_class(live_server, learner_id(live_server, name))
    page.goto("/checkouts/counting")
    expect(page.locator("main")).to_contain_text("A deck counted down, 3 times in a row")
    button = page.get_by_role("button", name="Deal this checkout")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Start")).to_be_focused()
    run_id = int(page.url.rsplit("/", 1)[1])
    page.keyboard.press("Enter")
    order = deck_order(live_server, run_id)
    note = page.get_by_role("note").filter(has_text="Without JavaScript the cards come one")
    first = shown_index(page, order)
    if not learner.javascript:
        assert first == 0  # the first card, until Next card is pressed
        expect(note).to_be_visible()
        assert cards_in_source(page) == 1  # developer tools find nothing ahead
        expect(page.get_by_role("button", name="Next card")).to_be_focused()
        for place in deal_by_presses(page, server_clock, 0.5):  # the checkout's 2 cards a second
            assert shown_index(page, order) == place
            assert cards_in_source(page) == 1
        expect(page.get_by_role("status")).to_have_text("All 50 cards are dealt: your answer.")
        print("\n--- without JavaScript: 49 presses ---")
        print(page.locator("main").inner_text()[:420])
    else:
        expect(note).to_be_hidden()
        expect(page.get_by_role("button", name="Next card")).to_be_hidden()
        expect(page.locator("main")).to_contain_text("50 cards, dealt one at a time at 4 cards")
        seen = [shown_index(page, order)]
        assert seen[0] >= first  # dealing on from the first (on a busy machine, already past it)
        for _ in range(4):
            time.sleep(0.6)
            seen.append(shown_index(page, order))
            assert cards_in_source(page) == 1  # only the card on show, ever
        assert seen == sorted(seen) and len(set(seen)) == len(seen)  # in order, moving on
        print(f"\n--- cards on show at 0.6 s steps: places {seen} of 50 ---")
        page.reload()  # the deal goes on where it had got to, not from the first card
        assert shown_index(page, order) >= seen[-1]
        status = page.get_by_role("status").filter(has_text="cards are dealt")
        expect(status).to_have_text("All 50 cards are dealt: your answer.", timeout=20_000)
        expect(page.locator(".deal-spot .card")).to_have_count(0)
    box = page.get_by_role("textbox", name="Tag total of the two cards held back")
    expect(box).to_be_focused()
    page.keyboard.type(right_answers(live_server, run_id, 0)["answer"].replace("\u2212", "-"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Part 2 of 3: A deck counted down")).to_be_visible()
