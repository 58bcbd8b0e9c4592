"""Catch the dealer's runs on the web: set up, a round per call, each call stored once as an
answer of the drill, the summary at the end; a call on a round gone, one not dealt, a forged
run or a call that is neither Foul nor Next a readable 400, nothing stored."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from drills.dealing.catch_round import deal_round, round_notation
from tests.conftest import sealed
from trainer.engine.rulebook.rules import find_preset

RUN = "/dealing/catch/run"
DRILL = "catch-the-dealer"
# Seed 12's rounds 1 and 3, under the run's rules and rate (as start() deals them).
ROUND_1, ROUND_3 = (round_notation(find_preset("vegas-6d-s17"), 12, 50, n) for n in (1, 3))
NOT_THIS_PAGE = "This call&#39;s round is not one this page dealt, so nothing was stored"


def fields_of(page: str) -> dict[str, str]:
    found = re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)"', page)
    return {html.unescape(name): html.unescape(value) for name, value in found}


def start(client: Any, **settings: str) -> dict[str, str]:
    query = {"rules": "vegas-6d-s17", "rate": "50", "speed": "60", "rounds": "3", **settings}
    page = client.get(RUN, query_string=query)
    assert page.status_code == 200, page.get_data(as_text=True)[-800:]
    return fields_of(page.get_data(as_text=True))


def call(client: Any, form: dict[str, str], choice: str, **changed: str) -> tuple[int, str]:
    response = client.post(RUN, data={**form, "call": choice, **changed}, follow_redirects=True)
    return response.status_code, response.get_data(as_text=True)


def test_the_set_up_deals_a_run_with_a_seed_of_its_own(client: Any) -> None:
    assert client.get("/dealing/catch").status_code == 200
    first = client.get("/dealing/catch?rate=40&speed=5&rounds=4")
    assert first.status_code == 303
    second = client.get(first.headers["Location"])
    assert second.status_code == 303 and re.search(r"seed=[0-9]+", second.headers["Location"])
    page = client.get(second.headers["Location"]).get_data(as_text=True)
    assert "Round 1 of 4" in page and 'data-seconds="5"' in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("rate=101", "0 to 100"),
        ("speed=1", "2 to 60 seconds"),
        ("rounds=51", "1 to 50 rounds"),
        ("rate=%D9%A5", "0 to 100"),  # an Arabic-Indic five is not 0-9
    ],
)
def test_a_set_up_out_of_bounds_is_a_readable_400(client: Any, query: str, message: str) -> None:
    response = client.get(f"/dealing/catch?{query}")
    assert response.status_code == 400 and message in response.get_data(as_text=True)


def test_a_run_is_called_round_by_round_and_summed_up(client: Any, db: Any) -> None:
    form = start(client, seed="11")
    rules = find_preset("vegas-6d-s17")
    planted = [deal_round(rules, 11, 50, n).mistake is not None for n in (1, 2, 3)]
    for number in (1, 2, 3):
        assert form["round"] == str(number)
        status, page = call(client, form, "foul")
        assert status == 200 and f"Round {number}:" in page
        form = fields_of(page)
    assert "The run&#39;s summary" in page or "The run's summary" in page
    caught = sum(planted)
    assert f"you caught <strong>{caught}</strong>" in page
    assert f"<strong>{3 - caught}</strong> false calls" in page
    rows = db.query("SELECT question, answer, correct FROM attempts ORDER BY id")
    assert [(row["question"], row["correct"]) for row in rows] == [
        (f"vegas-6d-s17|11|50|{n}", int(planted[n - 1])) for n in (1, 2, 3)
    ]


def test_a_call_on_a_round_gone_is_refused_and_nothing_stored(client: Any, db: Any) -> None:
    form = start(client, seed="12")
    status, page = call(client, form, "next")
    assert status == 200 and db["attempts"].count == 1
    # The same call sent again is counted once; the other call on the same page is too late.
    status, page = call(client, form, "next")
    assert status == 200 and "counted once" in page
    status, page = call(client, form, "foul")
    assert status == 400 and "Round 1 is gone" in page
    # Round 1 in another tab (its own token), and round 3 (a form sealed as if dealt).
    other = sealed({**form, "token": "another-token-0123456789"}, DRILL, question=ROUND_1)
    status, page = call(client, other, "foul")
    assert status == 400 and "Round 1 is gone" in page
    status, page = call(client, sealed({**form, "round": "3"}, DRILL, question=ROUND_3), "foul")
    assert status == 400 and "Round 3 has not been dealt yet" in page
    assert db["attempts"].count == 1
    assert "Round 2 of 3" in page  # the run goes on at the round on screen


@pytest.mark.parametrize(
    ("changed", "message"),
    [
        ({"call": "maybe"}, "Call Foul"),
        ({"rate": "500"}, "0 to 100"),
        ({"seed": "x"}, "no seed"),
        ({"round": "9"}, "1 to 3"),
        ({"round": "\u0661"}, "1 to 3"),
        ({"rules": "no-such"}, "no known rules"),
        ({"token": "short"}, "submission token"),
        # Not the round this page dealt, or not when: refused by the page's seal.
        ({"round": "2"}, NOT_THIS_PAGE),
        ({"seed": "14"}, NOT_THIS_PAGE),
        ({"asked_at": "1"}, NOT_THIS_PAGE),
        ({"seal": ""}, NOT_THIS_PAGE),
    ],
)
def test_a_forged_or_malformed_call_is_a_readable_400_and_stores_nothing(
    client: Any, db: Any, changed: dict[str, str], message: str
) -> None:
    form = start(client, seed="13")
    status, page = call(client, form, "next", **changed)
    assert status == 400 and message in page
    assert db["attempts"].count == 0


def test_a_missed_mistake_is_on_the_mistakes_page(client: Any) -> None:
    form = start(client, seed="14", rate="100", rounds="1")
    status, page = call(client, form, "next")
    assert status == 200 and "Not quite: missed, the dealer made a mistake (Foul)." in page
    mistakes = client.get("/mistakes?drill=catch-the-dealer").get_data(as_text=True)
    assert "Catch the dealer" in mistakes and "You said <strong>“Next”</strong>" in mistakes


def test_a_banker_who_plays_his_best_has_no_slip_to_catch(client: Any, db: Any) -> None:
    # Text 004's banker draws as he judges best: graded by a casino's fixed rule, his draws on
    # 17 were "mistakes" (a Russian reader's walk). The drill and its runs say so instead.
    with client.session_transaction() as session:  # the rules chosen on /rules
        session["rules"] = find_preset("russian-bank").notation()
    page = client.get("/drills/catch-the-dealer")
    assert page.status_code == 200  # nothing sent was wrong: the game is not this drill's
    assert "draws as he judges best for the bank (text 004)" in page.get_data(as_text=True)
    setup = client.get("/dealing/catch").get_data(as_text=True)  # the rules chosen stay
    assert 'id="rules-error"' in setup and "no draw of his is a slip" in setup
    # Nothing to deal is offered there (a walk pressed "New round" for the same message).
    drill_page = page.get_data(as_text=True)
    for shown in (setup, drill_page):
        assert '<a href="/rules">Choose another game on the Rules page</a>' in shown
    assert "Deal the run" not in setup and ">New round<" not in drill_page
    run = client.get(f"{RUN}?rules=russian-bank&rate=30&speed=5&rounds=4&seed=7")
    assert run.status_code == 400 and "text 004" in run.get_data(as_text=True)
    assert db["attempts"].count == 0
    with client.session_transaction() as session:
        session["rules"] = find_preset("vegas-6d-s17").notation()
    assert client.get("/drills/catch-the-dealer").status_code == 200


def test_the_set_up_names_the_keys_its_buttons_show(client: Any) -> None:
    """The run's buttons answer to О and Д on a Russian page; its set-up said «клавиша F» and
    «клавиша N» (a reader's walk)."""
    russian = client.get("/dealing/catch", headers={"Accept-Language": "ru"})
    said = russian.get_data(as_text=True)
    assert "(клавиша О)" in said and "клавиша Д)" in said and "клавиша F" not in said
    english = client.get("/dealing/catch").get_data(as_text=True)
    assert "(the F key)" in english and "the N key)" in english
