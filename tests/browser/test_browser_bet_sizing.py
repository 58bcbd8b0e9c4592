"""The bet-sizing drill in a browser, with JavaScript on and off: the learner sets a bankroll
and a risk, answers a question by keyboard with their ramp's bet, and sees the ramp in the
feedback; a bankroll below the table minimum is named beside its field."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from drills.bet_sizing import DRILL
from trainer.engine.rulebook.rules import Rules


def test_a_bet_sizing_question_by_keyboard(learner: Any) -> None:
    learner.open_drill("Bet sizing")
    page = learner.page
    page.get_by_label("Bankroll", exact=True).fill("2")
    page.get_by_role("button", name="Use this ramp").click()
    expect(page.get_by_text("must be at least the table minimum")).to_be_visible()
    expect(page.get_by_label("Bankroll", exact=True)).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Bankroll", exact=True).fill("20000")
    page.get_by_label("Risk of ruin", exact=True).fill("10%")
    page.get_by_role("button", name="Use this ramp").click()
    learner.wait_for_htmx()
    form = page.locator("form.question")
    notation = form.locator("input[name=question]").input_value()
    assert notation.startswith("hi-lo bankroll 20000 risk 0.1 ")
    rules = Rules.parse(form.locator("input[name=rules]").input_value())
    right = DRILL.grade(notation, "5", rules).right_answer
    box = page.get_by_label("Your bet", exact=True)
    expect(box).to_be_focused()
    page.keyboard.type(right)
    page.keyboard.press("Enter")
    feedback = page.locator("section.feedback")
    expect(feedback.get_by_role("heading", name=f"Right: your ramp bets {right}.")).to_be_visible()
    expect(feedback.locator("details.verdict-details")).to_contain_text("The whole ramp")
    expect(feedback).to_contain_text("bankroll 20,000, risk of ruin 10%")
    expect(page.get_by_label("Your figures for this drill")).to_contain_text("1 answered")
