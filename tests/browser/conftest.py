"""Browser fixtures: pages on the live server, with JavaScript on (htmx) and off.

``learner`` is parametrized: each flow runs once in pytest-playwright's ``page`` (JavaScript on,
htmx swapping blocks) and once in a context with ``java_script_enabled=False`` (plain forms and
full pages). A :class:`Learner` drives the page by role and label, and answers by keyboard.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from drills.hand_totals import right_answer
from trainer.engine.deck.hand import Hand

# Assertions wait up to 15 s (Playwright's default is 5 s): on a loaded two-core machine a page
# with a chart can take longer than that to come back.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], live_server: Any) -> dict[str, Any]:
    return {**browser_context_args, "base_url": live_server.url}


def tab_to(page: Page, target: Any) -> None:
    """Without JavaScript an answer's page opens at its verdict (#feedback), which the
    browser's autofocus would scroll away from: the learner reads it, then Tabs to the next
    question's ``target``. Anywhere else ``target`` has the focus already (autofocus)."""
    if not page.url.endswith("#feedback") or not page.locator("#feedback-heading").count():
        return
    expect(page.locator("#feedback-heading")).to_be_in_viewport()
    for _ in range(8):
        if target.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Tab")


class Learner:
    """One learner at one browser page, doing what a person would."""

    def __init__(self, page: Page, javascript: bool) -> None:
        self.page = page
        self.javascript = javascript

    def sign_up(self, username: str, password: str) -> None:
        page = self.page
        page.goto("/")
        page.get_by_role("link", name="Sign up").first.click()
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Sign up").click()
        expect(page.get_by_text(f"Welcome, {username}!")).to_be_visible()

    def sign_out(self) -> None:
        page = self.page
        page.get_by_role("link", name="Account").click()
        page.get_by_role("button", name="Sign out").click()
        self.expect_signed_out()

    def expect_signed_in(self, username: str) -> None:
        expect(self.page.locator("header .who")).to_have_text(f"Signed in as {username}")

    def expect_signed_out(self) -> None:
        expect(self.page.locator("header .who")).not_to_contain_text("Signed in")

    def sign_in(self, username: str, password: str) -> None:
        page = self.page
        page.get_by_role("link", name="Sign in").first.click()
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Sign in").click()

    def wait_for_htmx(self) -> None:
        """With JavaScript on, wait until htmx has loaded and processed the page, so that a
        form sent at once goes through htmx rather than as a plain post."""
        if self.javascript:
            self.page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")

    def open_drill(self, title: str = "Hand totals", start: str = "/") -> None:
        """The drill by its link on the home page (``start``: another page's, "/drills/" for
        a game's own drill the learner's game has not)."""
        self.page.goto(start)
        self.page.get_by_role("link", name=title).click()
        expect(self.page.get_by_role("heading", name=title, level=1)).to_be_visible()
        self.wait_for_htmx()

    def tab_to(self, box: Any) -> None:
        if not self.javascript:
            tab_to(self.page, box)

    def answer_hand(self, *, correct: bool) -> str:
        """Answer the question on screen by keyboard; return the question's notation."""
        page = self.page
        self.wait_for_htmx()
        notation = page.locator("form.question input[name=question]").input_value()
        answer = right_answer(Hand.parse(notation))
        if not correct:
            answer = "hard 3"  # never right: no hand of 2 to 5 cards totals 3
        kind, _, total = answer.partition(" ")
        total_box = page.get_by_label("Total", exact=True)
        self.tab_to(total_box)
        expect(total_box).to_be_focused()  # autofocus: the learner can type at once
        page.keyboard.type(total)
        page.keyboard.press("Tab")  # into the soft / hard / bust group, on "Soft"
        page.keyboard.press("Space")
        for _ in range(["soft", "hard", "bust"].index(kind)):
            page.keyboard.press("ArrowRight")
        expect(page.get_by_label(kind.capitalize(), exact=True)).to_be_checked()
        page.keyboard.press("Tab")  # to the Answer button
        # Mark the form answered, and wait for it to be gone (swapped out by htmx, or left by the
        # post): a verdict and a hand like the last answer's would otherwise match the old panel
        # at once, and the next answer be typed into a form about to be replaced.
        page.locator("form.question").evaluate("form => { form.dataset.answered = 'yes'; }")
        page.keyboard.press("Enter")
        expect(page.locator("form.question[data-answered]")).to_have_count(0)
        verdict = "Right" if correct else "Not quite"
        expect(page.get_by_role("heading", name=verdict)).to_be_visible()
        answered = page.get_by_role("group", name="The hand you answered").get_by_role("img")
        expect(answered).to_have_count(len(Hand.parse(notation)))
        # htmx swaps the panel in place; without JavaScript the form posts to /answer, which
        # sends the browser on to the answer's own verdict address (Post/Redirect/Get).
        assert ("/answered/" in page.url and page.url.endswith("#feedback")) != self.javascript
        return notation


@pytest.fixture(params=["javascript", "no-javascript"])
def learner(request: pytest.FixtureRequest) -> Iterator[Learner]:
    if request.param == "javascript":
        page: Page = request.getfixturevalue("page")
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield Learner(page, javascript=True)
        # No script errors and no Content-Security-Policy refusals; pages the test meant to
        # reach with an error status ("Failed to load resource") are not script errors.
        assert [e for e in errors if not e.startswith("Failed to load resource")] == []
        return
    browser: Browser = request.getfixturevalue("browser")
    args = request.getfixturevalue("browser_context_args")
    context = browser.new_context(**args, java_script_enabled=False)
    try:
        yield Learner(context.new_page(), javascript=False)
    finally:
        context.close()


@pytest.fixture
def second_learner(request: pytest.FixtureRequest, learner: Learner) -> Iterator[Learner]:
    """Another learner in their own browser context, JavaScript as for ``learner``."""
    browser: Browser = request.getfixturevalue("browser")
    args = request.getfixturevalue("browser_context_args")
    context = browser.new_context(**args, java_script_enabled=learner.javascript)
    try:
        yield Learner(context.new_page(), javascript=learner.javascript)
    finally:
        context.close()


@pytest.fixture
def page_with(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Any]:
    """A function opening a page in a browser context of its own with these options (a
    phone's viewport, reduced motion, ...); the contexts are closed after the test."""
    contexts: list[Any] = []

    def open_page(**options: Any) -> Page:
        context = browser.new_context(**{**browser_context_args, **options})
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()
