"""Bidding for the deal (002 home's auction): the question, the grade against the deal's worth,
the refusals, and the web road (issue 27)."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

import pytest

from drills.base import InvalidAnswerError, InvalidQuestionError, LearnerState
from drills.deal_auction import DRILL, auction_notation
from tests.conftest import sealed
from trainer.engine.banker.auction import deal_worth
from trainer.engine.rulebook.rules import Rules, find_preset

AUCTION = Rules.parse("twenty-one-home deal_auction=true")
PAGE_RULES = find_preset("vegas-6d-s17")
URL = "/drills/deal-auction"
QUESTION = auction_notation(AUCTION, 4, 5)

# The games' figures on disk (002's method-3 game), as the chart's job leaves them: drills only
# read them (run alone, the file found the game being worked out).
pytestmark = pytest.mark.usefixtures("strategy_charts")


def test_a_question_names_the_home_game_with_the_auction_whatever_the_page_rules() -> None:
    question = DRILL.new_question(random.Random(1), PAGE_RULES, LearnerState())
    assert DRILL.rules_for(question.notation, PAGE_RULES) == AUCTION
    assert 2 <= question.view["punters"] <= 11
    assert question.view["limit"] == "100"


def test_a_bid_near_the_worth_is_right_and_an_overbid_costs_what_it_overpays() -> None:
    worth = Fraction(deal_worth(AUCTION, 4, 5)).limit_denominator(100)
    near = DRILL.grade(QUESTION, str(int(worth)), PAGE_RULES)
    assert near.correct and near.ev_cost == 0
    assert near.right_answer == f"{float(worth):.2f}"
    assert "an interpretation of text 002: the auction for the deal" in near.explanation
    over = DRILL.grade(QUESTION, "90", PAGE_RULES)
    assert not over.correct
    assert over.ev_cost == (90 - worth) / 5
    under = DRILL.grade(QUESTION, "1", PAGE_RULES)
    assert not under.correct and under.ev_cost == 0
    assert "another player" in under.explanation


@pytest.mark.parametrize(
    ("answer", "says"),
    [("-5", "0 chips or more"), ("101", "table's maximum stake, 100"), ("lots", "in chips")],
)
def test_a_bid_breaking_a_rule_is_refused_saying_which(answer: str, says: str) -> None:
    with pytest.raises(InvalidAnswerError, match=says):
        DRILL.grade(QUESTION, answer, PAGE_RULES)


@pytest.mark.parametrize(
    ("notation", "says"),
    [
        ("twenty-one-club deal_auction=true|4|5", "house dealer"),
        ("casino-boxes deal_auction=true|4|5", "house dealer"),
        ("twenty-one-home|4|5", "no auction"),
        ("twenty-one-home deal_auction=true decks=2|4|5", "home twenty-one only"),
        ("twenty-one-home deal_auction=true|14|5", "punters"),
        ("twenty-one-home deal_auction=true|4|500", "outside the table's limits"),
        ("nonsense", "names the rules"),
    ],
)
def test_a_question_no_table_could_ask_is_refused(notation: str, says: str) -> None:
    with pytest.raises(InvalidQuestionError, match=says):
        DRILL.question(notation, PAGE_RULES)


def _shown(page: str) -> str:
    """The page as a learner reads it: without the hidden fields the form carries."""
    return re.sub(r'<input type="hidden"[^>]*>', "", page)


def _ask(client: Any, hidden_fields: Any) -> dict[str, str]:
    page = client.get(URL)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "deal_auction" not in _shown(text) and "max_bet" not in _shown(text)
    return hidden_fields(text)


def test_on_the_web_a_bid_is_graded_and_stored_with_the_auction_rules(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = _ask(client, hidden_fields)
    response = client.post(f"{URL}/answer", data={**form, "answer": "100"}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "Not quite" in page
    assert "deal_auction" not in _shown(page)
    [row] = db.query("SELECT * FROM attempts")
    assert row["drill"] == "deal-auction" and row["rules"] == AUCTION.notation()


@pytest.mark.parametrize(("answer", "says"), [("-3", "0 chips or more"), ("250", "maximum")])
def test_on_the_web_a_bid_past_a_rule_is_a_400_saying_so(
    client: Any, hidden_fields: Any, db: Any, answer: str, says: str
) -> None:
    form = _ask(client, hidden_fields)
    response = client.post(f"{URL}/answer", data={**form, "answer": answer}, follow_redirects=True)
    assert response.status_code == 400
    assert says in response.get_data(as_text=True)
    assert not list(db.query("SELECT * FROM attempts"))


def test_on_the_web_a_forged_casino_auction_is_a_400_naming_the_rule(
    client: Any, hidden_fields: Any
) -> None:
    form = _ask(client, hidden_fields)
    forged = {**form, "question": "twenty-one-club deal_auction=true|4|5", "answer": "10"}
    forged = sealed(forged, DRILL.slug)
    response = client.post(f"{URL}/answer", data=forged, follow_redirects=True)
    assert response.status_code == 400
    page = _shown(response.get_data(as_text=True))
    assert "house dealer" in page and "The deal is auctioned" in page
    assert "deal_auction" not in page and "table_rotation" not in page


def test_an_overbid_is_priced_in_chips_and_the_why_says_how_the_worth_comes_about() -> None:
    """Issue 26: "It costs 406.06% of a bet" meant nothing; the cost is the chips overpaid,
    and the why is one sentence: a round's take times the rounds the deal is held."""
    worth = Fraction(deal_worth(AUCTION, 4, 5)).limit_denominator(100)
    over = DRILL.grade(QUESTION, "90", PAGE_RULES)
    assert over.cost_words == f"Paying that gives away {float(90 - worth):.2f} chips."
    assert "%" not in (over.cost_words or "")
    assert over.why.startswith("The bank makes ") and "from 4 punters staking 5" in over.why
    assert over.why.endswith(f"{float(worth):.2f} chips.")
    assert len(over.why.split()) <= 30


def test_a_stake_of_one_chip_is_said_in_the_singular() -> None:
    from drills.deal_auction import chips

    assert chips(Fraction(1)) == "1 chip" and chips(Fraction(5)) == "5 chips"
    assert chips(Fraction(594, 100)) == "5.94 chips"


def test_a_russian_bid_reads_its_decimal_comma_and_is_refused_in_russian(app: Any) -> None:
    """In Russian the comma is the decimal mark: "12,50" is 12.50 chips, not 1,250 (which the
    table's limit would refuse); a refused bid says why in Russian."""
    from drills.deal_auction import read_bid

    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert read_bid("12,50", AUCTION) == Fraction(25, 2)
        with pytest.raises(InvalidAnswerError, match="0 фишек или больше"):
            read_bid("-5", AUCTION)
        with pytest.raises(InvalidAnswerError, match="не выше максимальной ставки стола"):
            read_bid("100000", AUCTION)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert read_bid("12.50", AUCTION) == Fraction(25, 2)  # English as before
