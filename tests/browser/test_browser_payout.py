"""Payout math in a browser, as a learner: pick a kind, read the cards, type amounts by keyboard."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from playwright.sync_api import Page, expect

from drills.payout.money import money_text
from drills.payout.play import read_question
from tests.browser.conftest import tab_to

# The amounts a learner works out, from the rules the page names (002, RULES.md): not the drill.
PAYS = {"five-card-21": Fraction(2), "natural-6-5": Fraction(6, 5), "natural-3-2": Fraction(3, 2)}


def choose_kind(learner: Any, label: str) -> None:
    """Pick a kind of question: a plain form, so a new page (htmx loaded again before answering)."""
    page = learner.page
    page.get_by_label("Questions").select_option(label=label)
    page.get_by_role("button", name="New question").click()
    expect(
        page.get_by_role("heading", name=re.compile("How much does the dealer pay"))
    ).to_be_visible()
    learner.wait_for_htmx()


def situation(page: Page) -> tuple[str, str]:
    notation = page.locator("form.question input[name=question]").input_value()
    question = read_question(notation)
    return notation, money_text(question.bets[0] * PAYS[question.kind])


def type_amount(page: Page, amount: str) -> None:
    box = page.get_by_label("Amount")
    tab_to(page, box)  # without JavaScript, from the verdict an answer's page opens at
    expect(box).to_be_focused()  # autofocus: the learner types at once
    page.keyboard.type(amount)
    page.keyboard.press("Enter")


def test_a_learner_answers_a_five_card_21_and_a_6_5_natural(learner) -> None:
    page = learner.page
    learner.open_drill("Payout math")

    choose_kind(learner, "21 with five cards")
    form = page.locator("form.question")
    in_play = form.get_by_role("list", name="Rules in play")
    expect(in_play.get_by_text("21 with five cards pays 2:1")).to_be_visible()
    # The full list of the question's rules is a click away.
    # 002's bonus hands are paid in its club and its home game alike (РАСЧЕТЫ covers both).
    expect(form.locator("details.rules-line summary")).to_contain_text(
        re.compile(r"(Club|Home) twenty-one")
    )
    expect(form.get_by_role("group", name="Your hand").get_by_role("img")).to_have_count(5)
    _, amount = situation(page)
    type_amount(page, amount)
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    expect(page.locator(".feedback")).to_contain_text(f"The dealer pays {amount}.")
    assert ("/answered/" in page.url and "mix=five-card-21" in page.url) != learner.javascript

    # The next question is of the same kind; this time the learner slips.
    _, amount = situation(page)
    type_amount(page, money_text(Fraction(amount) + 1))
    expect(page.get_by_role("heading", name="Not quite")).to_be_visible()
    expect(page.locator(".feedback")).to_contain_text(f"the right amount is {amount}")

    choose_kind(learner, "A natural at 6:5")
    in_play = page.locator("form.question").get_by_role("list", name="Rules in play")
    expect(in_play.get_by_text("Naturals pay 6:5")).to_be_visible()
    _, amount = situation(page)
    type_amount(page, f"${amount}")
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    expect(page.get_by_text("3 answered")).to_be_visible()


def test_a_bad_amount_is_explained_and_nothing_is_stored(learner) -> None:
    page = learner.page
    learner.open_drill("Payout math")
    choose_kind(learner, "A natural at 3:2")
    notation, amount = situation(page)
    type_amount(page, "abc")
    expect(page.get_by_role("alert")).to_contain_text("is not an amount")
    expect(page.get_by_text("No answers yet")).to_be_visible()
    assert page.locator("form.question input[name=question]").input_value() == notation
    page.get_by_label("Amount").fill("-5")
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("0 or more")
    page.get_by_label("Amount").fill(amount)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    expect(page.get_by_text("1 answered")).to_be_visible()
