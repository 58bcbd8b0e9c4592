"""Bidding for the deal in a browser, as a learner, by keyboard, with JavaScript on and off:
a bid at the deal's worth is right, a bid below nothing is refused saying why and nothing is
stored, and the link beside the question opens the rules page at the text's sentence."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from playwright.sync_api import expect

from drills.deal_auction import read_auction
from trainer.engine.banker.auction import bank_edge, passing_chance
from trainer.engine.rulebook.rules import find_preset


def worth_of(notation: str) -> str:
    """The deal's worth, from its parts (the bank's round times the rounds held), to the cent
    (in whole chips a worth of 4.51 was bid as 5, 11% over it, and graded wrong)."""
    rules, punters, stake = read_auction(notation)
    rounds = 1 / passing_chance(rules, punters)
    return f"{punters * stake * bank_edge(find_preset('twenty-one-home')) * float(rounds):.2f}"


def bid(learner: Any, amount: str) -> None:
    page = learner.page
    box = page.get_by_label("Your bid, in chips")
    learner.tab_to(box)  # after an answer without JavaScript: from the verdict to the box
    expect(box).to_be_focused()  # autofocus: the learner types at once
    page.locator("form.question").evaluate("form => { form.dataset.answered = 'yes'; }")
    page.keyboard.type(amount)
    page.keyboard.press("Enter")
    expect(page.locator("form.question[data-answered]")).to_have_count(0)


def test_a_learner_bids_for_the_deal(learner: Any) -> None:
    page = learner.page
    # From every drill's list: the home page links it at 002's home game alone.
    learner.open_drill("Bidding for the deal", start="/drills/")
    expect(
        page.get_by_text("A bid is at most the table's maximum stake, 100 chips.")
    ).to_be_visible()

    notation = page.locator("form.question input[name=question]").input_value()
    bid(learner, worth_of(notation))
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    expect(page.locator(".feedback")).to_contain_text("an interpretation of text 002")
    assert ("/answered/" in page.url.split("?")[0]) != learner.javascript

    bid(learner, "-5")
    expect(page.get_by_role("alert")).to_contain_text("A bid for the deal is 0 chips or more")
    expect(page.get_by_text("1 answered")).to_be_visible()

    page.get_by_role("link", name="How the trainer reads the auction").click()
    sentence = page.locator("#interpretation-002-auction + dd blockquote")
    expect(sentence).to_contain_text("Среди некоторых групп игроков")
    expect(sentence).to_have_attribute("lang", "ru")
    expect(page.locator("#interpretation-002-auction + dd")).to_contain_text(
        "The trainer reads it so: With the auction on"
    )
    assert Fraction(worth_of(notation)) > 0
