"""The verdict after an answer, as a learner with a screen reader or a phone meets it: said in a
polite live region that stays in the page, in every drill; the feedback in view on a 390 x 844
phone with the next question's input focused (in the quiz, its buttons on the same screen);
payout math's question whole on arrival; the quiz's letter keys only while focus is in the
question, and Enter held on a play answering once; and with JavaScript off, the verdict first
in the page's title."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from drills import DRILLS, AskedAtTable
from drills.hand_totals import right_answer
from drills.strategy_chart import choice_words
from trainer.engine.deck.hand import Hand

PHONE = {"width": 390, "height": 844}
FLIP_TIMEOUT = 30_000
VERDICT = re.compile(r"^(Right|Not quite)\b")


@pytest.fixture
def phone(page_with: Any) -> Page:
    return page_with(viewport=PHONE)


def open_drill(page: Page, title: str) -> None:
    page.goto("/drills/")
    page.get_by_role("link", name=title, exact=True).click()
    expect(page.get_by_role("heading", name=title, level=1)).to_be_visible()
    page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")


def answer_typed(page: Page, text: str) -> None:
    box = page.locator("form.question input:not([type=hidden])").first
    expect(box).to_be_focused()
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def typed(text: str) -> Callable[[Page], None]:
    return lambda page: answer_typed(page, text)


def answer_hand_totals(page: Page) -> None:
    notation = page.locator("form.question input[name=question]").input_value()
    kind, _, total = right_answer(Hand.parse(notation)).partition(" ")
    page.keyboard.type(total)
    page.get_by_label(kind.capitalize(), exact=True).check()
    page.get_by_role("button", name="Answer").click()


def answer_quiz(page: Page) -> None:
    expect(page.locator("form.strategy-question button:not([disabled])").first).to_be_focused()
    page.keyboard.press("Enter")


def deal(page: Page) -> None:
    """Deal a counting session at 20 cards a second: its page comes, its cards flip."""
    page.get_by_label("Cards per second").fill("20")
    page.get_by_role("button", name="Deal").click()
    expect(page.locator("ol.count-steps")).to_be_attached()


def answer_checkpoint(page: Page) -> None:
    """Wait for the cards to flip, answer the first checkpoint."""
    form = page.locator("form.checkpoint")
    expect(form).to_be_visible(timeout=FLIP_TIMEOUT)
    for box in form.locator("input:not([type=hidden])").all():
        box.fill("0")
    form.get_by_role("button", name="Answer").click()


def answer_table(page: Page) -> None:
    """Pay every box of the table 0, Tab between them, Enter."""
    boxes = page.locator("form.question input[name^=box]")
    expect(boxes.first).to_be_focused()
    for index in range(boxes.count()):
        boxes.nth(index).fill("0")
    boxes.last.press("Enter")


def answer_catch(page: Page) -> None:
    """Let the round pass: Next has the focus."""
    expect(page.get_by_role("button", name="Next")).to_be_focused()
    page.keyboard.press("Enter")


def answer_aces(page: Page) -> None:
    """Type 0 in each of the three boxes, the first focused, Tab between them, Enter."""
    expect(page.locator("form.question input[name=aces]")).to_be_focused()
    for name in ("aces", "bet", "insurance"):
        page.locator(f"form.question input[name={name}]").fill("0")
    page.locator("form.question input[name=insurance]").press("Enter")


ANSWERS = {
    "Hand totals": answer_hand_totals,
    "Basic strategy": answer_quiz,
    "True count": typed("+1"),
    "Deck estimation": typed("1"),
    "Running count": answer_checkpoint,
    "Deck countdown": answer_checkpoint,
    "Counting through a shoe": answer_checkpoint,
    "Shoe penetration": typed("1"),
    "Payout math": typed("1"),
    "Deviations": answer_quiz,
    "Bet sizing": typed("995"),
    "Irregularities": answer_quiz,
    "Dealing procedure": answer_quiz,
    "Payouts at the table": answer_table,
    "Catch the dealer": answer_catch,
    "Bidding for the deal": typed("10"),
    "Aces: the side count": answer_aces,
}
SESSIONS = {"Running count", "Deck countdown", "Counting through a shoe"}


def test_every_drill_is_answered_here() -> None:
    # A table's decisions are answered at the table: its verdict is tested there
    # (tests/browser/test_browser_table.py).
    assert set(ANSWERS) == {drill.title for drill in DRILLS if not isinstance(drill, AskedAtTable)}


@pytest.mark.parametrize("title", ANSWERS)
def test_the_verdict_is_said_in_a_live_region_that_stays_in_the_page(page: Page, title) -> None:
    open_drill(page, title)
    if title in SESSIONS:
        deal(page)
    region = page.locator("#verdict")
    expect(region).to_have_attribute("role", "status")
    expect(page.locator("#drill-panel #verdict")).to_have_count(0)  # not swapped with the panel
    expect(region).to_have_text("")
    page.evaluate("() => { window.regionBefore = document.getElementById('verdict') }")
    ANSWERS[title](page)
    heading = page.locator("#feedback-heading")
    # Shoe penetration's verdict waits for the rules' penetration study, dealt cold where this
    # test comes first in its worker (the kernel compiling, on a loaded machine).
    expect(heading).to_be_visible(timeout=90_000 if title == "Shoe penetration" else 15_000)
    said = "Checkpoint 1: " if heading.inner_text().startswith("Checkpoint") else ""
    expect(region).to_have_text(re.compile("^" + said + r"(Right|Not quite|right|not quite)\b"))
    # The verdict names the answer given; the region is the one the page had before.
    if said:
        expect(region).to_contain_text(" 0")
    assert page.evaluate("() => window.regionBefore === document.getElementById('verdict')")


def test_the_quiz_on_a_phone_shows_the_verdict_and_the_next_buttons_on_one_screen(phone) -> None:
    page = phone
    open_drill(page, "Basic strategy")
    for _ in range(6):
        token = page.locator("input[name=token]").input_value()
        answer_quiz(page)
        expect(page.locator("input[name=token]")).not_to_have_value(token)
        heading = page.locator("#feedback-heading")
        expect(heading).to_be_in_viewport(ratio=1)
        expect(page.locator("#verdict")).to_have_text(VERDICT)
        buttons = page.locator("form.strategy-question .strategy-keys button")
        for index in range(buttons.count()):
            expect(buttons.nth(index)).to_be_in_viewport(ratio=1)
        # Focused without scrolling to it: the feedback's top is still on the screen.
        expect(page.locator("form.strategy-question button:not([disabled])").first).to_be_focused()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_after_a_quiz_answer_on_a_phone_the_verdict_is_in_view(page_with: Any, javascript) -> None:
    """With JavaScript on, the swapped feedback is scrolled to; off, the form's action opens
    the new page at #feedback, not at the next hand the browser would autofocus."""
    page = page_with(viewport=PHONE, java_script_enabled=javascript)
    page.goto("/drills/basic-strategy")
    if javascript:
        page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")
    for _ in range(3):
        token = page.locator("input[name=token]").input_value()
        page.locator("form.strategy-question button:not([disabled])").last.click()
        expect(page.locator("input[name=token]")).not_to_have_value(token)
        heading = page.locator("#feedback-heading")
        expect(heading).to_have_text(VERDICT)
        expect(heading).to_be_in_viewport(ratio=1)
        # The long explanation is folded away: the first line and the why are what shows.
        expect(page.locator("section.feedback details.verdict-details")).not_to_have_attribute(
            "open", ""
        )


def test_payout_math_on_a_phone_shows_the_question_then_the_feedback(phone) -> None:
    page = phone
    open_drill(page, "Payout math")
    question = page.locator("form.question")
    # On arrival the question's top is not cut off, and its box has focus.
    expect(page.get_by_label("Amount")).to_be_focused()
    assert question.bounding_box()["y"] >= 0  # type: ignore[index]
    expect(page.locator("#question-heading")).to_be_in_viewport(ratio=1)
    for amount in ["1", "2.50"]:
        answer_typed(page, amount)
        # This answer's verdict first: the last one's heading is in view until the swap, and
        # measured during it the section was gone (a loaded clean run's failure).
        expect(page.locator("#verdict")).to_contain_text(f"not {amount}")
        expect(page.locator("#feedback-heading")).to_be_in_viewport(ratio=1)
        feedback = page.locator("section.feedback")
        assert feedback.bounding_box()["y"] >= 0  # type: ignore[index]


def test_a_letter_key_answers_only_while_focus_is_in_the_question(page: Page) -> None:
    open_drill(page, "Basic strategy")
    expect(page.locator("[accesskey]")).to_have_count(0)
    token = page.locator("input[name=token]").input_value()
    plays = page.locator("form.strategy-question button:not([disabled])")
    keys = [key.lower() for key in plays.evaluate_all("bs => bs.map(b => b.dataset.key)")]
    chosen = (plays.last.text_content() or "").rsplit(maxsplit=1)[0].strip()  # "Stand S"
    # From the header's link, the settings' menu or the page itself, the keys answer nothing.
    for outside in [
        page.locator("header").get_by_role("link", name="Strategy"),
        page.locator("select[name=mix]"),
        page.locator("body"),
    ]:
        outside.evaluate("element => element.focus()")
        for key in keys:
            page.keyboard.press(key)
    page.wait_for_timeout(500)  # time enough for an answer to have gone
    expect(page.locator("#feedback-heading")).to_have_count(0)
    expect(page.locator("input[name=token]")).to_have_value(token)
    # In the question, a play's key answers.
    plays.first.focus()
    page.keyboard.press(keys[-1])
    # (Said in the verdict's words: "No insurance" is "decline insurance" there, "No, play the
    # natural" "play the natural out".)
    said = choice_words(chosen)
    expect(page.locator("#feedback-heading")).to_contain_text(re.compile(said, re.IGNORECASE))
    expect(page.locator("input[name=token]")).not_to_have_value(token)


def test_without_javascript_the_title_names_the_verdict(page_with: Any) -> None:
    page = page_with(java_script_enabled=False)
    page.goto("/drills/hand-totals")
    expect(page).to_have_title(re.compile("^Hand totals"))
    page.get_by_label("Total", exact=True).fill("3")
    page.get_by_label("Hard", exact=True).check()
    page.get_by_role("button", name="Answer").click()
    expect(page).to_have_title(re.compile(r"^Not quite · Hand totals"))


# Where a screen reader says text as it changes: the live regions of the page.
LIVE = "[role=status], [role=alert], [role=log], [aria-live]:not([aria-live=off])"


def said_in_live_regions(page: Page, text: str) -> int:
    """How many times ``text`` stands in the page's live regions."""
    found = page.evaluate(
        "sel => Array.from(document.querySelectorAll(sel)).map(e => e.textContent)", LIVE
    )
    return sum(region.count(text) for region in found)


@pytest.mark.parametrize("title", ["Basic strategy", "Payout math"])
def test_the_verdict_is_said_once_and_read_once(page: Page, title: str) -> None:
    """Said in one live region only (the feedback itself in none), and, once the learner moves
    on, read once: the hidden region emptied, so that the page read through meets the verdict
    in the feedback alone."""
    open_drill(page, title)
    ANSWERS[title](page)
    heading = page.locator("#feedback-heading")
    expect(heading).to_have_text(VERDICT)
    line = heading.inner_text()
    expect(page.locator("#verdict")).to_have_text(line)
    assert said_in_live_regions(page, line) == 1
    assert page.locator("#feedback").evaluate("(e, sel) => !e.closest(sel)", LIVE)
    # Moving on (any key) ends what was said: the verdict stays in the page once, in view.
    page.keyboard.press("Shift")
    expect(page.locator("#verdict")).to_have_text("")
    assert said_in_live_regions(page, line) == 0
    # Read once: as the feedback's heading (the section it heads takes its name from it, as a
    # landmark's name, not a second reading of the text).
    read = [
        node.strip(" -'")
        for node in page.locator("main").aria_snapshot().splitlines()
        if line in node and not node.strip(" -'").startswith("region ")
    ]
    assert len(read) == 1 and read[0].startswith("heading "), read


def test_the_quiz_keys_still_answer_once_details_is_opened_by_keyboard(page: Page) -> None:
    """Details opened from the keyboard (Shift+Tab back to its summary, Enter): it opens and
    closes by keyboard, and the play keys answer the next hand without tabbing back."""
    open_drill(page, "Basic strategy")
    answer_quiz(page)
    expect(page.locator("#feedback-heading")).to_have_text(VERDICT)
    # Once the panel has settled (the next hand's first key focused), back to Details.
    expect(page.locator("form.strategy-question button:not([disabled])").first).to_be_focused()
    summary = page.locator("section.feedback details.verdict-details > summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator("section.feedback details.verdict-details")).to_have_attribute("open", "")
    expect(summary).to_be_focused()
    token = page.locator("form.strategy-question input[name=token]").input_value()
    key = page.locator("form.strategy-question button:not([disabled])").first.get_attribute(
        "data-key"
    )
    page.keyboard.press(str(key).lower())
    expect(page.locator("form.strategy-question input[name=token]")).not_to_have_value(token)
    expect(page.locator("#feedback-heading")).to_have_text(VERDICT)
    # Details still opens and closes by keyboard on the new verdict.
    # Once the panel has settled (the next hand's first key focused), back to Details.
    expect(page.locator("form.strategy-question button:not([disabled])").first).to_be_focused()
    summary = page.locator("section.feedback details.verdict-details > summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator("section.feedback details.verdict-details")).to_have_attribute("open", "")
    page.keyboard.press("Enter")
    expect(page.locator("section.feedback details.verdict-details")).not_to_have_attribute(
        "open", ""
    )


def test_enter_held_on_a_play_answers_one_question(page: Page) -> None:
    """Enter held down on a focused play presses it once: its repeats do not answer the next
    question, whose first play has the focus on arrival, unseen."""
    open_drill(page, "Basic strategy")
    page.locator("form.strategy-question button:not([disabled])").first.focus()
    page.keyboard.down("Enter")
    expect(page.locator("#feedback-heading")).to_be_visible()
    first = page.locator("input[name=token]").input_value()
    for _ in range(6):  # the key's repeats, as a browser sends them while it is held
        page.keyboard.down("Enter")
        page.wait_for_timeout(100)
    page.keyboard.up("Enter")
    page.wait_for_timeout(500)  # time enough for a second answer to have gone
    expect(page.locator("input[name=token]")).to_have_value(first)
    expect(page.locator("aside.stats")).to_contain_text(re.compile(r"\b1 answered"))
