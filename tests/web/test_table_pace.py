"""Pace and distraction at the table: chosen from bounded lists at the set-up (anything else a
400), written on the table's page for its script with a note for a browser without one, and
the learner's accuracy at each kept apart on the progress page."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.web.test_table_web import SETUP, answer, post_step, sit, step_form

pytestmark = pytest.mark.usefixtures("count_studies")


@pytest.mark.parametrize(
    "changes",
    [{"pace": "100"}, {"pace": "-1"}, {"pace": "9999999"}, {"distraction": "loud"}],
)
def test_a_pace_or_distraction_off_the_lists_is_refused(
    client: Any, csrf: Any, db: Any, changes: dict[str, str]
) -> None:
    response = client.post("/table/", data={**SETUP, **changes, "csrf_token": csrf()})
    assert response.status_code == 400
    assert db["table_sessions"].count == 0


def test_the_page_carries_the_pace_and_the_talk_for_its_script(
    client: Any, csrf: Any, db: Any
) -> None:
    url = sit(client, csrf, pace="900", distraction="busy")
    (row,) = db["table_sessions"].rows
    assert json.loads(row["setup"])["pace"] == 900
    page = client.get(url).get_data(as_text=True)
    assert 'data-pace="900"' in page and 'data-distraction="busy"' in page
    assert "table_pace.js" in page and 'id="table-no-pace"' in page
    assert "asks you" in page  # the other players' questions among the lines
    # The count is never written on the page (only asked for at a count check).
    assert "Running count" not in page.split("step-heading")[0]


def test_a_table_without_them_has_no_script_for_them(client: Any, csrf: Any) -> None:
    page = client.get(sit(client, csrf)).get_data(as_text=True)
    assert "table_pace.js" not in page and "data-pace" not in page


def test_the_progress_page_keeps_each_condition_apart(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    for pace, distraction in (("0", "none"), ("500", "talk")):
        url = sit(client, csrf, pace=pace, distraction=distraction)
        kind, fields = step_form(client, url, hidden_fields)
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    page = client.get("/progress").get_data(as_text=True)
    section = page.split('id="conditions-heading"')[1].split("</section>")[0]
    assert "Fast: half a second a card" in section and "Table talk" in section
    assert "Step by step (no pace)" in section


def _marks(page: str) -> list[tuple[int, str, int]]:
    """The cards a page marks to be shown one by one: (place in the dealing order, whose,
    which of that hand's cards), in dealing order."""
    felt = page.split('<section class="felt"')[1].split("</section>")[0]
    found = []
    for who, box in enumerate(re.split(r'<div class="(?:dealer-box|seat(?: mine)?)"', felt)[1:]):
        for hand in box.split('class="hand')[1:]:
            for index, card in enumerate(re.findall(r'<span class="card[^"]*"[^>]*>', hand)):
                mark = re.search(r'data-reveal="(\d+)"', card)
                if mark:
                    whose = "dealer" if who == 0 else f"box {who}"
                    found.append(
                        (int(mark.group(1)), whose + " turned" * ("data-turn" in card), index)
                    )
    return sorted(found)


def test_a_step_marks_its_cards_in_the_order_a_dealer_deals_and_a_reload_none(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    """The deal after a bet comes out as a dealer deals it: each box's first card from the
    dealer's left, the dealer's up card, each box's second card, the hole card; the same
    table drawn again (a reload) marks nothing, so nothing is dealt twice."""
    # One shoe every run, where no box plays before the learner's turn: in one shoe of some 50
    # (16 of 780 seeds) the first box splits its pair in the same step, and its second card,
    # dealt fifth, is then the first of the split hand (a clean run's failure; the order is
    # right, the reading of it by hand was not).
    client.application.config["RNG_SEED"] = 1
    url = sit(client, csrf, pace="500", others="2")
    kind, fields = step_form(client, url, hidden_fields)
    assert kind == "bet"
    sent = client.post(url + "/step", data=answer(kind, fields), headers={"HX-Request": "true"})
    marks = _marks(sent.get_data(as_text=True))
    deal = [(who, index) for _, who, index in marks[:8]]
    assert deal == [
        ("box 1", 0), ("box 2", 0), ("box 3", 0), ("dealer", 0),
        ("box 1", 1), ("box 2", 1), ("box 3", 1), ("dealer", 1),
    ]  # fmt: skip
    assert [n for n, _, _ in marks] == list(range(len(marks)))
    assert "data-reveal" not in client.get(url).get_data(as_text=True)


def test_the_hole_card_is_turned_after_the_boxes_draw_and_before_the_dealer_draws(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    """The step that ends a round (every hand stood): the other boxes' draws, then the hole card
    turned face up, then the dealer's own draws."""
    url = sit(client, csrf, pace="500", others="2")
    for _ in range(60):
        kind, fields = step_form(client, url, hidden_fields)
        sent = client.post(url + "/step", data=answer(kind, fields), headers={"HX-Request": "true"})
        marks = _marks(sent.get_data(as_text=True))
        whose = [who for _, who, _ in marks]
        if "dealer turned" in whose:
            break
    else:
        raise AssertionError("no round ended with the hole card turned")
    turned = whose.index("dealer turned")
    assert all(who.startswith("box") for who in whose[:turned])
    assert all(who == "dealer" for who in whose[turned + 1 :])  # the dealer's draws
    (index,) = [i for _, who, i in marks if who == "dealer turned"]
    assert index == 1  # the hole card: the dealer's second


def test_a_table_at_no_pace_marks_nothing(client: Any, csrf: Any, hidden_fields: Any) -> None:
    url = sit(client, csrf, distraction="talk")
    kind, fields = step_form(client, url, hidden_fields)
    sent = client.post(url + "/step", data=answer(kind, fields), headers={"HX-Request": "true"})
    assert "data-reveal" not in sent.get_data(as_text=True)


def deal_a_pair(app: Any, table_id: str) -> int:
    """Give the table ``table_id`` (no step played yet) the first seed whose first round,
    bet one unit, deals the learner a pair of two to ten to split, with the play asked at once
    (no insurance); the learner's box (from 0, the dealer's left)."""
    from drills.table_session import TableSpec
    from trainer import store
    from trainer.engine.play.round import Action
    from trainer.engine.rulebook.rules import Rules
    from trainer.web.table_money import money_notation
    from trainer.web.views.table import replay

    db = store.open_db(app.config["DATABASE"])
    try:
        rules, setup = db.execute(
            "SELECT rules, setup FROM table_sessions WHERE id = ?", [table_id]
        ).fetchone()
        spec = TableSpec.from_stored(Rules.parse(rules), json.loads(setup))
        with app.app_context():
            for seed in range(1, 2000):
                _, ask = replay(spec, seed, [f"bet {money_notation(spec.unit)}"])
                if ask.kind != "play" or ask.round is None or ask.seat is None:
                    continue
                (hand,) = ask.round.hands(ask.seat)
                first, second = hand
                if Action.SPLIT in ask.round.legal_actions() and first.value != 1:
                    db.execute("UPDATE table_sessions SET seed = ? WHERE id = ?", [seed, table_id])
                    db.conn.commit()
                    return ask.seat
    finally:
        db.close()
    raise AssertionError("no seed in 2,000 deals the learner a pair")


def _hand_marks(page: str, box: int) -> list[tuple[int, int]]:
    """The cards a page marks in the learner's box (``box``, from 0), in dealing order: each
    (its hand, its place in the hand)."""
    felt = page.split('<section class="felt"')[1].split("</section>")[0]
    seat = re.split(r'<div class="seat(?: mine)?"', felt)[box + 1]
    found = []
    for hand, cards in enumerate(seat.split('<div class="seat-hand')[1:]):
        for index, card in enumerate(re.findall(r'<span class="card[^"]*"[^>]*>', cards)):
            mark = re.search(r'data-reveal="(\d+)"', card)
            if mark:
                found.append((int(mark.group(1)), hand, index))
    return [(hand, index) for _, hand, index in sorted(found)]


def test_a_split_box_s_cards_come_hand_by_hand_and_a_reload_deals_none(
    app: Any, client: Any, csrf: Any, hidden_fields: Any
) -> None:
    """Split at a paced table: the split brings the first hand its second card alone (the
    second hand's comes at its turn); standing on the first hand brings the second hand's
    card, before any other card; a reload marks nothing."""
    url = sit(client, csrf, pace="500", others="2", graded=["strategy"])
    box = deal_a_pair(app, url.rsplit("/", 1)[1])
    kind, fields = step_form(client, url, hidden_fields)
    assert kind == "bet"
    htmx = {"HX-Request": "true"}
    dealt = client.post(url + "/step", data=answer(kind, fields), headers=htmx)
    assert _hand_marks(dealt.get_data(as_text=True), box) == [(0, 0), (0, 1)]
    kind, fields = step_form(client, url, hidden_fields)
    assert kind == "play"
    split = client.post(url + "/step", data={**fields, "answer": "P"}, headers=htmx)
    page = split.get_data(as_text=True)
    assert page.count('<div class="seat-hand') >= 2 + 2  # two hands here, one a box elsewhere
    assert _hand_marks(page, box) == [(0, 1)]  # the first hand's second card, and no other
    assert _hand_marks(client.get(url).get_data(as_text=True), box) == []  # a reload: none
    kind, fields = step_form(client, url, hidden_fields)
    stood = client.post(url + "/step", data={**fields, "answer": "S"}, headers=htmx)
    page = stood.get_data(as_text=True)
    assert _hand_marks(page, box)[0] == (1, 1)  # the second hand's card, at its turn
    assert all(hand == 1 for hand, _ in _hand_marks(page, box))
    marks = [int(n) for n in re.findall(r'data-reveal="(\d+)"', page)]
    assert sorted(marks) == list(range(len(marks)))
    assert "data-reveal" not in client.get(url).get_data(as_text=True)
