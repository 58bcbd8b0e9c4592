"""The hand-totals drill in a browser: cards on screen, keyboard answers, readable bad input."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_the_hand_is_drawn_as_cards_not_codes(learner) -> None:
    page = learner.page
    learner.open_drill()
    notation = page.locator("form.question input[name=question]").input_value()
    cards = page.get_by_role("group", name="Your hand").get_by_role("img")
    expect(cards).to_have_count(len(notation.split()))
    expect(cards.first).to_have_attribute("aria-label", re.compile(r" of "))
    expect(page.get_by_text(notation, exact=True)).to_have_count(0)


def test_an_answer_without_a_total_is_refused_readably_and_not_stored(learner) -> None:
    page = learner.page
    learner.open_drill()
    question = page.locator("form.question input[name=question]").input_value()
    page.get_by_label("Soft", exact=True).check()
    page.get_by_role("button", name="Answer").click()
    expect(page.get_by_role("alert")).to_have_text("Type the hand's total, or choose bust.")
    # The same question stays up, and nothing was recorded.
    expect(page.locator("form.question input[name=question]")).to_have_value(question)
    expect(page.get_by_text("No answers yet: your first one starts your record.")).to_be_visible()
    learner.answer_hand(correct=True)
    expect(page.get_by_text("1 answered")).to_be_visible()
