"""Catch the dealer in a browser, as a learner by keyboard: a run of four rounds with two planted
mistakes, one caught and one missed, shown as such in the summary and on the mistakes page
(JavaScript on and off); with JavaScript, a round moves on by itself when its time is up."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from drills.dealing.catch_round import deal_round
from tests.browser.conftest import tab_to
from trainer.engine.rulebook.rules import find_preset

VEGAS = find_preset("vegas-6d-s17")


def seed_with_two_planted(rounds: int = 4, rate: int = 50) -> tuple[int, list[bool]]:
    """A run's seed whose rounds hold exactly two planted mistakes (the test's hook: the seed
    in the run's address)."""
    for seed in range(1, 500):
        planted = [
            deal_round(VEGAS, seed, rate, n).mistake is not None for n in range(1, rounds + 1)
        ]
        if sum(planted) == 2:
            return seed, planted
    raise AssertionError("no seed with two planted mistakes")


def call_round(page: Page, number: int, foul: bool, javascript: bool) -> None:
    heading = page.get_by_role("heading", name=re.compile(f"^Round {number} of 4"))
    expect(heading).to_be_visible()
    tab_to(page, page.get_by_role("button", name="Next"))  # without JavaScript, from the verdict
    expect(page.get_by_role("button", name="Next")).to_be_focused()  # Enter passes the round
    page.locator("form.catch-question").evaluate("form => { form.dataset.answered = 'yes'; }")
    if foul and javascript:
        page.keyboard.press("f")
    elif foul:
        page.keyboard.press("Shift+Tab")  # from Next back to Foul
        expect(page.get_by_role("button", name="Foul")).to_be_focused()
        page.keyboard.press("Enter")
    else:
        page.keyboard.press("Enter")
    expect(page.locator("form.catch-question[data-answered]")).to_have_count(0)
    expect(page.get_by_role("heading", name=re.compile(f"^Round {number}: "))).to_be_visible()


def test_a_run_with_two_planted_mistakes_one_caught_one_missed(learner) -> None:
    page = learner.page
    learner.open_drill("Catch the dealer")
    page.get_by_role("link", name="Play a run of rounds against the clock").click()
    expect(page.get_by_role("heading", name="Catch the dealer: a run", level=1)).to_be_visible()
    seed, planted = seed_with_two_planted()
    first, second = [n for n, yes in enumerate(planted, 1) if yes]
    page.goto(f"/dealing/catch/run?rules=vegas-6d-s17&rate=50&speed=60&rounds=4&seed={seed}")
    learner.wait_for_htmx()
    for number in range(1, 5):
        call_round(page, number, foul=number == first, javascript=learner.javascript)
    summary = page.locator(".catch-summary")
    expect(summary).to_contain_text("you caught 1 and missed 1; 0 false calls")
    expect(summary.get_by_role("listitem").nth(first - 1)).to_contain_text(f"Round {first}: caught")
    expect(summary.get_by_role("listitem").nth(second - 1)).to_contain_text(
        f"Round {second}: missed"
    )
    page.get_by_role("link", name="Your Catch the dealer mistakes").click()
    mistakes = page.locator("li.mistake")
    expect(mistakes).to_have_count(1)
    expect(mistakes).to_contain_text("Catch the dealer")
    expect(mistakes).to_contain_text("You said “Next”; right: “Foul”")


def test_with_javascript_a_round_moves_on_when_its_time_is_up(page: Page) -> None:
    page.goto("/dealing/catch/run?rules=vegas-6d-s17&rate=0&speed=2&rounds=2&seed=5")
    expect(page.get_by_role("heading", name=re.compile("^Round 1 of 2"))).to_be_visible()
    expect(page.locator(".catch-timer")).to_be_visible()
    summary = page.locator(".catch-summary")
    expect(summary).to_contain_text("you caught 0 and missed 0; 0 false calls", timeout=20_000)
    expect(page.locator(".catch-tally")).to_contain_text("passed right 2")
