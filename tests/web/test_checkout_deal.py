"""The counting and true count checkouts deal their cards card by card with JavaScript: the page
carries the pace (ms a card) and the part's ms gone by the server's clock, with the whole stretch
for a page without JavaScript under a note saying it is step by step; a class's shorter clock
deals faster. Items with no cards (a bet, the dealer's) deal nothing."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config
from tests.web.test_checkouts import START, deal, right_form, sign_up, start_part
from trainer.clock import Clock, stamp
from trainer.store import class_criteria, classes, users

STEP_BY_STEP = "This page is step by step: without JavaScript the cards are all shown at once"


@pytest.fixture
def clock() -> Clock:
    return Clock(fixed=START)


@pytest.fixture
def app(tmp_path: Path, strategy_charts: None, count_studies: None, clock: Clock) -> Any:
    from trainer import create_app

    return create_app(app_config(tmp_path, CLOCK=clock))


def run_page(client: Any, run_id: int) -> str:
    return html.unescape(client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True))


def deal_of(page: str) -> tuple[int, int] | None:
    """The page's deal: (ms a card, ms of the part gone), or None."""
    found = re.search(r'data-card-ms="(\d+)" data-elapsed-ms="(\d+)"', page)
    return (int(found[1]), int(found[2])) if found else None


def test_the_counting_deck_is_dealt_at_its_pace_from_the_parts_start(
    client: Any, clock: Clock
) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    before = run_page(client, run_id)
    assert deal_of(before) is None and "checkout_deal.js" not in before  # not started yet
    start_part(client, run_id, 0)
    page = run_page(client, run_id)
    assert deal_of(page) == (500, 0)  # 2 cards a second, from the part's start
    assert "checkout_deal.js" in page
    assert STEP_BY_STEP in page
    assert "50 cards, dealt one at a time at 2 cards a second: each covers the last." in page
    whole = page.split("data-deal-whole>", 1)[1].split("data-deal-source", 1)[0]
    assert whole.count('class="card') == 50  # the whole deck, for a page without JavaScript
    # Loaded again 10 s on, the deal goes on where the server's clock says.
    clock.advance(timedelta(seconds=10))
    assert deal_of(run_page(client, run_id)) == (500, 10_000)


def test_the_true_counts_stretch_is_dealt_and_its_bet_deals_nothing(client: Any, db: Any) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "true-count")
    start_part(client, run_id, 0)
    page = run_page(client, run_id)
    assert deal_of(page) == (500, 0)
    assert STEP_BY_STEP in page and "The cards dealt since the last check:" in page
    answered = client.post(f"/checkouts/runs/{run_id}/answer", data=right_form(db, run_id, 0, 0))
    assert answered.status_code == 303
    bet = run_page(client, run_id)
    assert "Your bet" in bet
    assert deal_of(bet) is None and STEP_BY_STEP not in bet and "checkout_deal.js" not in bet


def test_a_class_shorter_clock_deals_faster(client: Any, db: Any) -> None:
    learner = sign_up(client, "alice")
    coach = users.create_user(db, "coach", "password for the coach").id
    found = classes.create_class(db, coach, "Team", "Coach", at=stamp(START))
    (invite,) = classes.make_invites(db, found.id, 1, at=stamp(START))
    classes.join(db, invite.code, learner, "Alice", at=stamp(START))
    stricter = class_criteria.Stricter(time_percent=50, errors=0)
    class_criteria.set_criteria(db, found.id, "counting", stricter, at=stamp(START))
    run_id = deal(client, "counting")
    start_part(client, run_id, 0)
    page = run_page(client, run_id)
    assert deal_of(page) == (250, 0)  # the deck in 12.5 of the 15 seconds
    assert "at 4 cards a second" in page


def test_the_dealer_checkout_deals_no_cards(client: Any) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "dealer")
    start_part(client, run_id, 0)
    page = run_page(client, run_id)
    assert deal_of(page) is None and STEP_BY_STEP not in page
