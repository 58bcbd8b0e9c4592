"""The payout drill on the web road: the page's kind option, grading, bad amounts, storage."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any

import pytest

from drills.payout.drill import DRILL
from drills.payout.play import read_question
from tests.conftest import sealed
from trainer.engine.rulebook.rules import find_preset

URL = "/drills/payout-math"


def ask(client: Any, hidden_fields: Any, mix: str) -> dict[str, str]:
    page = client.get(f"{URL}?mix={mix}")
    assert page.status_code == 200
    return hidden_fields(page.get_data(as_text=True))


def right(notation: str) -> str:
    return DRILL.grade(notation, "0", find_preset("vegas-6d-s17")).right_answer


@pytest.mark.parametrize("mix", ["five-card-21", "natural-6-5", "co-bettors", "bonuses"])
def test_the_page_asks_the_kind_chosen_and_keeps_it_for_the_next(
    client: Any, hidden_fields: Any, mix: str
) -> None:
    form = ask(client, hidden_fields, mix)
    kinds = DRILL.kinds if mix in DRILL.kinds else dict.fromkeys(DRILL.mixes[mix][1])
    assert read_question(form["question"]).kind in kinds
    response = client.post(
        f"{URL}/answer?mix={mix}",
        data={**form, "answer": right(form["question"])},
        follow_redirects=True,
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "Right" in page
    assert read_question(hidden_fields(page)["question"]).kind in kinds
    assert f'action="/drills/payout-math/answer?mix={mix}#feedback"' in page


def test_a_wrong_amount_is_stored_with_its_cost_and_the_rules_in_play(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = ask(client, hidden_fields, "natural-6-5")
    amount = right(form["question"])
    response = client.post(f"{URL}/answer", data={**form, "answer": "$1.00"}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert f"Not quite: the right amount is {amount}, not 1." in page
    [row] = db.query("SELECT * FROM attempts")
    assert (row["drill"], row["answer"], row["right_answer"]) == ("payout-math", "1", amount)
    assert row["rules"] == "vegas-6d-s17 blackjack_pays=6:5"
    assert row["rules_options"] is None
    stake = read_question(form["question"]).bets[0]
    assert Fraction(row["ev_cost"]) == abs(Fraction(amount) - 1) / stake


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("abc", "is not an amount"),
        ("-5", "0 or more"),
        ("2000000", "far beyond"),
        ("22.505", "two decimals"),
    ],
)
def test_a_bad_amount_is_a_readable_400_and_stores_nothing(
    client: Any, hidden_fields: Any, db: Any, typed: str, message: str
) -> None:
    form = ask(client, hidden_fields, "natural-3-2")
    response = client.post(f"{URL}/answer", data={**form, "answer": typed}, follow_redirects=True)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert db["attempts"].count == 0
    # The same question stays on the page to answer again.
    assert hidden_fields(response.get_data(as_text=True))["question"] == form["question"]


def test_a_forged_situation_is_refused(client: Any, hidden_fields: Any, db: Any) -> None:
    form = ask(client, hidden_fields, "natural-3-2")
    forged = "natural-3-2|vegas-6d-s17|15|9S 9H KD 7C|-|pay"
    response = client.post(
        f"{URL}/answer",
        data=sealed({**form, "question": forged, "answer": "22.50"}, DRILL.slug),
        follow_redirects=True,
    )
    assert response.status_code == 400
    assert "not a question this drill asks" in response.get_data(as_text=True)
    assert db["attempts"].count == 0


def test_an_htmx_answer_gets_the_panel_only(client: Any, hidden_fields: Any) -> None:
    form = ask(client, hidden_fields, "surrender")
    response = client.post(
        f"{URL}/answer",
        data={**form, "answer": "1"},
        headers={"HX-Request": "true"},
        follow_redirects=True,
    )
    page = response.get_data(as_text=True)
    assert "<html" not in page and "Not quite" in page
    # A catalogue message is markup to Jinja (its apostrophe printed as it is, or escaped where
    # the label came in as text): either way the dealer's cards are in the panel.
    assert re.search(r'aria-label="The dealer(&#39;|\')s cards"', page)


def test_the_footer_names_the_questions_rules_beside_the_table_and_follows_the_panel(
    client: Any, hidden_fields: Any
) -> None:
    # A 6:5 natural is asked under rules of its own: the footer says both, not the table alone.
    page = client.get(f"{URL}?mix=natural-6-5").get_data(as_text=True)
    summary = "This page: Las Vegas, 6 decks, dealer stands on soft 17, but with these changes ("
    assert (
        summary in page.split('<p id="footer-rules">', 1)[1]
        and "your rules for the drills:" in page
    )
    # The htmx panel brings the footer again, for the next question may be under other rules.
    form = hidden_fields(page)
    answered = client.post(
        f"{URL}/answer?mix=natural-6-5",
        data={**form, "answer": right(form["question"])},
        headers={"HX-Request": "true"},
        follow_redirects=True,
    ).get_data(as_text=True)
    assert "<html" not in answered
    assert summary in answered.split('<p id="footer-rules" hx-swap-oob="true">', 1)[1]


@pytest.mark.parametrize("mix", ["co-bettors", "five-card-21"])
def test_a_box_with_co_bettors_names_its_hand_the_boxs_and_a_lone_stake_no_box(
    client: Any, hidden_fields: Any, mix: str
) -> None:
    # "Your hand: 17 · stake 60" beside "You 30 · Co-bettor 1 20 · Co-bettor 2 10", and
    # "Stakes on the box: You 10" at 002's home game, which has no boxes (a walk).
    page = client.get(f"{URL}?mix={mix}").get_data(as_text=True)
    form = hidden_fields(page)
    answered = client.post(
        f"{URL}/answer?mix={mix}", data={**form, "answer": "0.01"}, follow_redirects=True
    ).get_data(as_text=True)
    shared = mix == "co-bettors"
    assert ("Stakes on the box:" in page) is shared
    if shared:
        assert "<p>The box's hand: " in page and "Your hand: " not in page
        assert "The box's hand (" in html.unescape(answered) and "Your hand (" not in answered
    else:
        assert "Your hand" in page and "The box's hand" not in page
