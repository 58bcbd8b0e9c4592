"""Irregularities in a browser, as a learner dealing 000's game: each item of the text's list
once, answered by keyboard (a remedy's number, or Tab and Enter without JavaScript), the round
played on in the feedback, and a wrong remedy on the mistakes page."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

# The remedy 000 gives for each ("Нарушения правил", seeds/000_f1d390320e8700ce.txt), by the
# words of its button: what the learner knows, not what the drill computes.
TEXT_SAYS = {
    "Too many cards dealt": "keeps any two of his cards",
    "A card the player did not ask for": "Offer it to the player",
    "A card shown in the pack": "Offer it to the player",
    "One card only": "may take his bet back, or take the missing card",
    "One card only, and the dealer has a natural": "His bet is withdrawn",
    "No cards": "His bet is withdrawn",
    "A card dealt face up": "may accept the card and play on, or take his bet back",
    "The dealer's natural not announced": "counts as a 21 of three or more cards",
}


def choose_kind(page: Page, title: str) -> None:
    page.get_by_label("Irregularity").select_option(label=title)
    page.get_by_role("button", name="New situation").click()
    expect(page.locator(".dealing-situation strong").first).to_have_text(f"{title}.")


def remedy_buttons(page: Page) -> Any:
    return page.locator("form.question button[name=answer]")


def press_remedy(page: Page, words: str, *, javascript: bool) -> None:
    """Answer with the remedy whose button holds ``words``, by keyboard."""
    buttons = remedy_buttons(page)
    expect(buttons.first).to_be_focused()  # autofocus: the learner answers at once
    labels = buttons.all_inner_texts()
    [index] = [i for i, label in enumerate(labels) if words in label]
    page.locator("form.question").evaluate("form => { form.dataset.answered = 'yes'; }")
    if javascript:
        page.keyboard.press(str(index + 1))
    else:
        for _ in range(index):
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    expect(page.locator("form.question[data-answered]")).to_have_count(0)


def test_a_learner_resolves_each_irregularity_of_the_list(page: Page) -> None:
    page.goto("/drills/")
    page.get_by_role("link", name="Irregularities", exact=True).click()
    page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")
    for title, words in TEXT_SAYS.items():
        choose_kind(page, title)
        press_remedy(page, words, javascript=True)
        expect(page.get_by_role("heading", name="Right")).to_be_visible()
        expect(page.locator(".feedback")).to_contain_text("The round played on")
        assert not page.url.endswith("/answer?kind=")

    # A wrong remedy: the feedback names the text's, and the mistakes page shows the situation.
    choose_kind(page, "No cards")
    press_remedy(page, "his bet is lost", javascript=True)
    expect(page.get_by_role("heading", name="Not quite")).to_be_visible()
    expect(page.locator(".feedback")).to_contain_text("the text says His bet is withdrawn")
    expect(page.get_by_text(f"{len(TEXT_SAYS) + 1} answered")).to_be_visible()
    page.goto("/mistakes")
    mistake = page.locator(".mistake").filter(has_text="Irregularities")
    expect(mistake).to_have_count(1)
    expect(mistake).to_contain_text("No cards.")
    expect(mistake).to_contain_text("his bet is lost")


def test_without_javascript_a_remedy_is_answered_by_tab_and_enter(page_with: Any) -> None:
    page = page_with(java_script_enabled=False)
    page.goto("/drills/irregularities")
    choose_kind(page, "Too many cards dealt")
    press_remedy(page, TEXT_SAYS["Too many cards dealt"], javascript=False)
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    assert re.search(r"/answer\?kind=extra-card$", page.url)
    choose_kind(page, "A card dealt face up")
    press_remedy(page, "Void the round", javascript=False)
    expect(page.get_by_role("heading", name="Not quite")).to_be_visible()
    expect(page).to_have_title(re.compile("^Not quite"))
