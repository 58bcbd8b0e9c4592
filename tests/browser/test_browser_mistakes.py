"""The mistakes page in a browser: find each wrong answer, filter and sort, drill them again."""

from __future__ import annotations

import re
from fractions import Fraction

from playwright.sync_api import Page, expect

from drills.payout.money import money_text
from drills.payout.play import read_question
from tests.browser.conftest import tab_to

PAYS = {"five-card-21": Fraction(2), "natural-6-5": Fraction(6, 5), "natural-3-2": Fraction(3, 2)}


def ask(page: Page, label: str) -> tuple[str, str]:
    page.get_by_label("Questions").select_option(label=label)
    asked = page.locator("form.question input[name=question]")
    before = asked.input_value() if asked.count() else None
    page.get_by_role("button", name="New question").click()
    if before is not None:  # input_value does not wait for the new question to arrive
        expect(asked).not_to_have_value(before)
    notation = asked.input_value()
    question = read_question(notation)
    return notation, money_text(question.bets[0] * PAYS[question.kind])


def answer(page: Page, amount: str, verdict: str) -> None:
    tab_to(page, page.get_by_label("Amount"))  # without JavaScript, from the last verdict
    expect(page.get_by_label("Amount")).to_be_focused()
    page.keyboard.type(amount)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=verdict)).to_be_visible()


def show(learner, page: Page) -> None:
    """Without JavaScript the filter form is sent with its button; with it, htmx already has."""
    if not learner.javascript:
        page.get_by_role("button", name="Show").click()


def test_find_filter_sort_and_drill_the_mistakes_again(learner) -> None:
    page = learner.page
    learner.open_drill("Payout math")
    _, five = ask(page, "21 with five cards")
    answer(page, money_text(Fraction(five) - 1), "Not quite")  # off by 1
    _, six_five = ask(page, "A natural at 6:5")
    answer(page, "100", "Not quite")  # far off: the costlier mistake
    _, three_two = ask(page, "A natural at 3:2")
    answer(page, three_two, "Right")
    learner.open_drill("Hand totals")
    learner.answer_hand(correct=False)

    page.get_by_role("link", name="Mistakes").click()
    mistakes = page.locator("ol.mistakes > li")
    expect(mistakes).to_have_count(3)
    expect(mistakes.nth(0)).to_contain_text("Hand totals")
    expect(mistakes.nth(1)).to_contain_text("A natural at 6:5")
    expect(mistakes.nth(1)).to_contain_text(f"You said 100; right: {six_five}.")
    expect(mistakes.nth(2)).to_contain_text("21 with five cards")
    expect(mistakes.nth(2).get_by_role("group", name="Your hand").get_by_role("img")).to_have_count(
        5
    )

    page.get_by_label("Drill", exact=True).select_option(label="Payout math")
    show(learner, page)
    expect(mistakes).to_have_count(2)
    page.get_by_label("Sort", exact=True).select_option(label="Most expensive first")
    show(learner, page)
    expect(mistakes.first).to_contain_text("A natural at 6:5")
    expect(page).to_have_url(re.compile(r"drill=payout-math.*sort=cost"))
    # The five-card 21 was asked under one of 002's two games (club or home), named in words.
    game = page.locator("#filter-rules option", has_text="twenty-one")
    page.get_by_label("Rules", exact=True).select_option(label=game.inner_text())
    show(learner, page)
    expect(mistakes).to_have_count(1)
    page.get_by_label("Rules", exact=True).select_option(label="All rules")
    show(learner, page)
    expect(mistakes).to_have_count(2)

    page.get_by_role("button", name=re.compile("Drill these Payout math mistakes again")).click()
    # In the order their items fall due: the five-card 21, answered wrong first, is due first.
    expect(page.get_by_text("question 1 of 2")).to_be_visible()
    expect(page.locator("form.question")).to_contain_text("21 with five cards")
    # The footer names each question's rules beside the table, never the table alone.
    footer = page.locator("#footer-rules")
    expect(footer).to_contain_text(re.compile(r"This page: .*(Club|Home) twenty-one"))
    answer(page, five, "Right")
    expect(page.get_by_text("question 2 of 2")).to_be_visible()
    expect(page.locator("form.question")).to_contain_text("A natural at 6:5")
    yours = re.compile(r"This page: .*6:5\); your rules for the drills:\s*Las Vegas")
    expect(footer).to_contain_text(yours)
    answer(page, six_five, "Right")
    expect(page.get_by_text("Review done: 2 of 2 right")).to_be_visible()

    page.get_by_role("link", name="Back to your mistakes").click()
    expect(mistakes).to_have_count(3)  # the record keeps every wrong answer
    page.get_by_role("link", name="Progress").click()
    row = page.get_by_role("row", name=re.compile("Payout math"))
    expect(row.get_by_role("cell").first).to_have_text("5")
    expect(row.get_by_role("cell").nth(1)).to_have_text("60%")
    chart = page.get_by_role("img", name=re.compile("Payout math: the last 30 days"))
    expect(chart).to_be_visible()
