"""Payouts at the table in a browser, as a learner: a table of five boxes paid by keyboard, box
after box, then one paid wrong, with JavaScript on and off."""

from __future__ import annotations

import re
from fractions import Fraction

from playwright.sync_api import Page, expect

from drills.dealing.table_round import read_played
from drills.payout.money import money_text
from tests.browser.conftest import tab_to


def owed(page: Page) -> list[str]:
    """What each box gets, from the engine's settlement of the question's notation."""
    notation = page.locator("form.question input[name=question]").input_value()
    _, result = read_played(notation)
    return [money_text(seat.net) for seat in result.seats]


def pay_by_keyboard(page: Page, amounts: list[str]) -> None:
    tab_to(page, page.get_by_label("Box 1 gets"))  # without JavaScript, from the last verdict
    expect(page.get_by_label("Box 1 gets")).to_be_focused()  # autofocus: pay at once
    for index, amount in enumerate(amounts):
        page.keyboard.type(amount)
        if index < len(amounts) - 1:
            page.keyboard.press("Tab")
            expect(page.get_by_label(f"Box {index + 2} gets")).to_be_focused()
    page.locator("form.question").evaluate("form => { form.dataset.answered = 'yes'; }")
    page.keyboard.press("Enter")
    expect(page.locator("form.question[data-answered]")).to_have_count(0)


def test_a_learner_pays_a_table_of_five_boxes_by_keyboard(learner) -> None:
    page = learner.page
    learner.open_drill("Payouts at the table")
    page.get_by_label("Boxes dealt").select_option("5")
    page.get_by_role("button", name="New table").click()
    heading = "Pay the table: what does each of the 5 boxes get?"
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    learner.wait_for_htmx()
    boxes = page.locator("form.question").get_by_role(
        "list", name="The boxes, from the dealer's left"
    )
    expect(boxes.get_by_role("listitem")).to_have_count(5)
    amounts = owed(page)
    pay_by_keyboard(page, amounts)
    feedback = page.locator(".feedback")
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    expect(feedback).to_contain_text("You took")
    expect(feedback.locator("details .box-feedback li")).to_have_count(5)
    assert ("/answered/" in page.url and "boxes=5" in page.url) != learner.javascript

    # The next table has five boxes too; this time box 3 is paid a chip too much.
    amounts = owed(page)
    assert len(amounts) == 5
    amounts[2] = money_text(Fraction(amounts[2].replace("\u2212", "-")) + 1)
    pay_by_keyboard(page, amounts)
    expect(page.get_by_role("heading", name="Not quite")).to_be_visible()
    # The box paid wrong is said at once, in one line of why; every box's pay is behind
    # Details, once (the wrong ones were listed above them too: up to seven lines twice).
    shown = page.locator(".feedback > p.why")
    expect(shown).to_have_count(1)
    expect(page.get_by_role("heading", name="Not quite: box 3 gets")).to_be_visible()
    expect(shown).to_contain_text(re.compile(r"^(The hand|Hand \d) (\(|was taken back)"))
    expect(page.locator(".feedback .box-feedback")).to_have_count(1)
    expect(page.locator("details .box-feedback li").nth(2)).to_contain_text("Box 3:")
    expect(page.locator("details .box-feedback li").nth(0)).to_contain_text(", right:")


def test_a_box_left_unpaid_says_so_and_keeps_the_table(learner) -> None:
    page = learner.page
    learner.open_drill("Payouts at the table")
    notation = page.locator("form.question input[name=question]").input_value()
    page.get_by_label("Box 1 gets").press("Enter")
    expect(page.locator("#answer-error")).to_contain_text("Box 1: Type an amount")
    assert page.locator("form.question input[name=question]").input_value() == notation
