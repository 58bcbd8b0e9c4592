"""The counting and true count checkouts deal their cards one at a time from the server: the page
holds only the card served last (nothing ahead for developer tools to read), and
``POST .../card`` serves the next only once the one before is out and its moment has come by
the server's clock (card n, n cards' time after the first, which is served with the part's
start). Anything else is a 400 that says why, another learner's run a 404, and nothing is stored
for either. A class's shorter clock deals faster; items with no cards (a bet, the dealer's)
deal nothing."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import app_config
from tests.web.test_checkouts import CSRF, START, deal, right_form, sign_up, start_part
from trainer.clock import Clock, stamp
from trainer.store import class_criteria, classes, users

NO_JS_NOTE = "Without JavaScript the page brings each card by itself at its moment"
RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@pytest.fixture
def clock() -> Clock:
    return Clock(fixed=START)


@pytest.fixture
def app(tmp_path: Path, strategy_charts: None, count_studies: None, clock: Clock) -> Any:
    from trainer import create_app

    return create_app(app_config(tmp_path, CLOCK=clock))


def name(card: str) -> str:
    """A card's notation ("TH") as the page names it ("10 of hearts")."""
    return f"{RANKS.get(card[0], card[0])} of {SUITS[card[1]]}"


def deck_of(db: Any, run_id: int, part: int) -> list[str]:
    """The cards the counting checkout's part deals, in order (from the stored run)."""
    (items,) = db.execute("SELECT items FROM checkout_runs WHERE id = ?", [run_id]).fetchone()
    notation = re.findall(r'"deck", "([^"]+)"', items)[part]
    return notation.split(" / ")[0].split()[1:]


def run_page(client: Any, run_id: int) -> str:
    return html.unescape(client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True))


def shown(page: str) -> list[str]:
    """The names of every card the page holds."""
    return re.findall(r'class="card(?: red)?" role="img"\s+aria-label="([^"]+)"', page)


def deal_of(page: str) -> tuple[int, int, int] | None:
    """The page's deal: (ms a card, cards served, ms until the next is due), or None."""
    found = re.search(
        r'data-card-ms="(\d+)" data-served="(\d+)"\s+data-total="\d+"(?: data-next-ms="(\d+)")?',
        page,
    )
    return (int(found[1]), int(found[2]), int(found[3] or -1)) if found else None


def ask_card(client: Any, run_id: int, card: object, **extra: Any) -> Any:
    data = {"part": "0", "item": "0", "card": str(card), "csrf_token": CSRF}
    return client.post(f"/checkouts/runs/{run_id}/card", data=data, **extra)


def served(db: Any) -> int:
    return int(db.execute("SELECT count(*) FROM checkout_cards").fetchone()[0])


def test_the_page_holds_only_the_card_served(client: Any, db: Any) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    before = run_page(client, run_id)
    assert deal_of(before) is None and shown(before) == [] and served(db) == 0  # not started
    start_part(client, run_id, 0)
    page = run_page(client, run_id)
    deck = deck_of(db, run_id, 0)
    assert shown(page) == [name(deck[0])]  # the first card, and none of the 49 to come
    assert not any(name(card) in page for card in deck[1:])
    assert deal_of(page) == (500, 1, 500)  # 2 cards a second: the next in 500 ms
    assert "checkout_deal.js" in page and NO_JS_NOTE in page
    assert "50 cards, dealt one at a time at 2 cards a second: each covers the last." in page
    assert "Card 1 of 50" in page and ">Next card</button>" in page
    # The first card is served with the part's start: the deal and the clock run from then.
    start = db.execute("SELECT started_ms FROM checkout_starts").fetchone()[0]
    assert db.execute("SELECT card, served_ms FROM checkout_cards").fetchall() == [(0, start)]


def test_the_next_card_is_served_only_in_order_once_it_is_due(
    client: Any, db: Any, clock: Clock
) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    start_part(client, run_id, 0)
    deck = deck_of(db, run_id, 0)
    early = ask_card(client, run_id, 1)
    assert early.status_code == 400
    text = html.unescape(early.get_data(as_text=True))
    assert "Card 2 is not due yet: this checkout deals 2 cards a second." in text
    assert shown(text) == [name(deck[0])] and served(db) == 1  # the page again, nothing served
    clock.advance(timedelta(milliseconds=499))
    assert ask_card(client, run_id, 1).status_code == 400
    clock.advance(timedelta(milliseconds=1))
    ahead = ask_card(client, run_id, 2)
    assert ahead.status_code == 400
    assert "That is not the next card" in html.unescape(ahead.get_data(as_text=True))
    assert ask_card(client, run_id, 1).status_code == 303
    page = run_page(client, run_id)
    assert shown(page) == [name(deck[1])] and deal_of(page) == (500, 2, 500)
    assert ask_card(client, run_id, 1).status_code == 303 and served(db) == 2  # a resend: no-op
    for junk in ("x", "-1", "9" * 30, "", "²"):
        assert ask_card(client, run_id, junk).status_code == 400
    assert served(db) == 2
    # Fallen 5 s behind, the learner may catch up to the deal's moment, not beyond it.
    clock.advance(timedelta(seconds=5))
    for card in range(2, 12):
        assert ask_card(client, run_id, card).status_code == 303, card
    assert ask_card(client, run_id, 12).status_code == 400 and served(db) == 12
    # JavaScript's requests (htmx's header) get the deal's fragment: the card and the wait.
    clock.advance(timedelta(milliseconds=100))
    fragment = ask_card(client, run_id, 12, headers={"HX-Request": "true"})
    assert fragment.status_code == 400 and "HX-Request" in fragment.headers["Vary"]
    part = html.unescape(fragment.get_data(as_text=True))
    assert "<html" not in part and deal_of(part) == (500, 12, 400)
    assert shown(part) == [name(deck[11])]
    clock.advance(timedelta(milliseconds=400))
    fragment = ask_card(client, run_id, 12, headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert shown(html.unescape(fragment.get_data(as_text=True))) == [name(deck[12])]


def test_the_last_card_ends_the_deal(client: Any, db: Any, clock: Clock) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    start_part(client, run_id, 0)
    clock.advance(timedelta(seconds=25))
    for card in range(1, 50):
        assert ask_card(client, run_id, card).status_code == 303
    page = run_page(client, run_id)
    assert deal_of(page) == (500, 50, -1) and "Card 50 of 50" in page
    assert "All 50 cards are dealt: your answer." in page and ">Next card<" not in page
    over = ask_card(client, run_id, 50)
    assert over.status_code == 400 and served(db) == 50
    said = html.unescape(over.get_data(as_text=True))
    assert "Every card of this deal is out: your answer." in said


def test_without_javascript_the_page_deals_itself_at_each_cards_moment(
    client: Any, db: Any, clock: Clock
) -> None:
    """A learner who only watches: the page reloads itself for the next card (a refresh at
    once, inside noscript), which the server serves at its moment and never before; after the
    last card the refresh stops and the answer, hidden while the cards come, passes the part."""
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    start_part(client, run_id, 0)
    deck = deck_of(db, run_id, 0)

    def reload(card: int) -> str:
        return html.unescape(client.get(f"/checkouts/runs/{run_id}?card={card}").get_data(True))

    def refresh(card: int) -> str:
        return f'<meta http-equiv="refresh" content="0; url=/checkouts/runs/{run_id}?card={card}">'

    page = run_page(client, run_id)
    assert refresh(1) in page and ".answer-row { display: none; }" in page
    clock.advance(timedelta(milliseconds=499))
    early = reload(1)  # held a ms for its moment; the test's clock stands still: not served
    assert shown(early) == [name(deck[0])] and refresh(1) in early and served(db) == 1
    clock.advance(timedelta(milliseconds=1))
    assert shown(reload(5)) == [name(deck[0])] and served(db) == 1  # never beyond the next
    for card in range(1, 50):
        page = reload(card)
        assert shown(page) == [name(deck[card])] and served(db) == card + 1, card
        assert reload(card).count('class="card') == 1 and served(db) == card + 1  # a resend
        clock.advance(timedelta(milliseconds=500))
    assert "http-equiv" not in page and ".answer-row { display: none; }" not in page
    assert "All 50 cards are dealt: your answer." in page
    clock.advance(timedelta(seconds=4))  # 29 s after Start: answered in time
    answered = client.post(f"/checkouts/runs/{run_id}/answer", data=right_form(db, run_id, 0, 0))
    assert answered.status_code == 303
    assert "Part 2 of 3: A deck counted down" in run_page(client, run_id)


def test_a_reload_is_held_asleep_only_within_the_bounds(
    app: Any, client: Any, db: Any, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The no-JavaScript reload sleeps until its card's moment only where no other reload of
    its run is held and one of the server's HELD_WAITS slots is free; otherwise it is served at
    once, the card not out yet, and reloads again (no worker held)."""
    from trainer.web.held_waits import held
    from trainer.web.views import checkouts

    slept: list[float] = []
    monkeypatch.setattr(checkouts, "time", SimpleNamespace(sleep=slept.append))
    # One slot, whatever a TRAINER_HELD_WAITS in the environment says.
    monkeypatch.setitem(app.config, "HELD_WAITS", 1)
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    start_part(client, run_id, 0)
    clock.advance(timedelta(milliseconds=400))

    def reload() -> str:
        return html.unescape(client.get(f"/checkouts/runs/{run_id}?card=1").get_data(True))

    refresh = f'<meta http-equiv="refresh" content="0; url=/checkouts/runs/{run_id}?card=1">'
    with app.test_request_context():
        with held(run_id) as holding:  # another reload of this run, held now
            assert holding
            assert refresh in reload() and not slept and served(db) == 1
        with held(run_id + 1) as holding:  # another run takes the one slot
            assert holding
            assert refresh in reload() and not slept and served(db) == 1
    app.config["HELD_WAITS"] = 0
    assert refresh in reload() and not slept and served(db) == 1
    app.config["HELD_WAITS"] = 1
    reload()  # free: held for its moment (the test's clock stands still: still not out)
    assert slept == [pytest.approx(0.1)] and served(db) == 1


def test_another_learners_deal_is_a_404(app: Any, client: Any, db: Any, clock: Clock) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    start_part(client, run_id, 0)
    clock.advance(timedelta(seconds=1))
    mallory = app.test_client()
    sign_up(mallory, "mallory")
    assert ask_card(mallory, run_id, 1).status_code == 404
    assert ask_card(app.test_client(), run_id, 1).status_code in (403, 404)  # a guest
    assert served(db) == 1
    # Not the question asked now, or no deal at all: a 400.
    assert ask_card(client, run_id, 1).status_code == 303
    wrong_part = {"part": "1", "item": "0", "card": "2", "csrf_token": CSRF}
    assert client.post(f"/checkouts/runs/{run_id}/card", data=wrong_part).status_code == 400
    without_csrf = {"part": "0", "item": "0", "card": "2"}
    assert client.post(f"/checkouts/runs/{run_id}/card", data=without_csrf).status_code == 403
    assert served(db) == 2


def test_the_true_counts_stretch_is_dealt_and_its_bet_deals_nothing(client: Any, db: Any) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "true-count")
    start_part(client, run_id, 0)
    page = run_page(client, run_id)
    assert deal_of(page) == (500, 1, 500) and len(shown(page)) == 1
    assert NO_JS_NOTE in page and "The cards dealt since the last check:" in page
    answered = client.post(f"/checkouts/runs/{run_id}/answer", data=right_form(db, run_id, 0, 0))
    assert answered.status_code == 303
    bet = run_page(client, run_id)
    assert "Your bet" in bet
    assert deal_of(bet) is None and NO_JS_NOTE not in bet and "checkout_deal.js" not in bet
    no_deal = {"part": "0", "item": "1", "card": "1", "csrf_token": CSRF}
    response = client.post(f"/checkouts/runs/{run_id}/card", data=no_deal)
    assert response.status_code == 400
    assert "This question deals no cards." in html.unescape(response.get_data(as_text=True))


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
    assert deal_of(page) == (250, 1, 250)  # the deck in 12.5 of the 15 seconds
    assert "at 4 cards a second" in page


def test_the_dealer_checkout_deals_no_cards(client: Any) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "dealer")
    start_part(client, run_id, 0)
    page = run_page(client, run_id)
    assert deal_of(page) is None and NO_JS_NOTE not in page
