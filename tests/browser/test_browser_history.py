"""Drilling in a browser: a guest answers, signs up and keeps their history; learners stay apart."""

from __future__ import annotations

import itertools
import re

from playwright.sync_api import expect

_names = itertools.count(1)
_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def shown(notation: str) -> str:
    """Cards' notation ("TS 6H") as a page shows them ("10♠ 6♥")."""
    return " ".join(card[:-1].replace("T", "10") + _SIGNS[card[-1]] for card in notation.split())


def test_a_guest_drills_then_signs_up_and_keeps_their_history(learner) -> None:
    page = learner.page
    learner.open_drill("Hand totals")
    learner.expect_signed_out()  # opening a page makes no learner: the first answer does
    expect(page.get_by_text("Drilling as a guest")).to_have_count(0)
    right = learner.answer_hand(correct=True)
    wrong = learner.answer_hand(correct=False)
    learner.answer_hand(correct=True)
    expect(page.get_by_text("3 answered")).to_be_visible()
    page.goto("/")
    expect(page.get_by_text("Drilling as a guest")).to_be_visible()

    name = f"guest{next(_names)}"
    learner.sign_up(name, "password guest")
    expect(page.get_by_text("3 answers recorded")).to_be_visible()

    page.get_by_role("link", name="Progress").click()
    row = page.get_by_role("row", name=re.compile("Hand totals"))
    expect(row.get_by_role("cell").first).to_have_text("3")
    expect(row.get_by_role("cell").nth(1)).to_have_text("67%")

    page.get_by_role("link", name="Mistakes").click()
    mistakes = page.locator("ol.mistakes > li")
    expect(mistakes).to_have_count(1)
    expect(mistakes.first).to_contain_text("You said hard 3")

    page.get_by_role("link", name="Account").click()
    page.get_by_role("link", name="All your answers").click()
    table = page.locator("table.attempts tbody tr")
    expect(table).to_have_count(3)
    # Each question's cards as the learner saw them ("A♠ 6♥"), not their notation ("AS 6H").
    for notation in (right, wrong):
        expect(page.locator("table.attempts")).to_contain_text(shown(notation))
        expect(page.locator("table.attempts")).not_to_contain_text(notation)


def test_a_second_learner_cannot_reach_the_first_ones_data(learner, second_learner) -> None:
    first = learner.page
    learner.open_drill()
    learner.answer_hand(correct=False)
    learner.sign_up(f"first{next(_names)}", "password first")
    first.get_by_role("link", name="All your answers").click()
    expect(first).to_have_url(re.compile(r"/learners/\d+/attempts$"))
    attempts_url = first.url
    csv_url = attempts_url + ".csv"

    other = second_learner.page
    second_learner.sign_up(f"second{next(_names)}", "password second")
    for url in (attempts_url, csv_url, attempts_url + ".json"):
        response = other.goto(url)
        assert response is not None and response.status == 404
    expect(other.get_by_role("heading", name="Page not found")).to_be_visible()
    other.get_by_role("link", name="Mistakes").click()
    expect(other.get_by_text("No wrong answers recorded")).to_be_visible()
    other.get_by_role("link", name="Progress").click()
    expect(other.get_by_text("No answers yet")).to_be_visible()
