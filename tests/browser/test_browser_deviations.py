"""The deviations drill in a browser, as a learner uses it, with JavaScript on and off: ten
questions answered by keyboard, each with its feedback (the play at the count, every play's EV
there, the mistake's cost), the tally counting them."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import expect

from drills.deviations import work_out
from trainer.engine.rulebook.rules import Rules

QUESTIONS = 10
WRONG_AT = {1, 4, 8}
KEY_NAMES = {
    "H": "Hit",
    "S": "Stand",
    "D": "Double",
    "P": "Split",
    "R": "Surrender",
    "I": "Take insurance",
    "N": "No insurance",
}
# Each key's play in a verdict's sentence ("take insurance, not decline insurance").
SAID = {**{key: name.lower() for key, name in KEY_NAMES.items()}, "N": "decline insurance"}


def answer_one(learner: Any, *, correct: bool) -> None:
    page = learner.page
    form = page.locator("form.strategy-question")
    notation = form.locator("input[name=question]").input_value()
    worked = work_out(notation, Rules.parse(form.locator("input[name=rules]").input_value()))
    key = worked.right if correct else next(k for k in sorted(worked.legal) if k != worked.right)
    order = [k for k in KEY_NAMES if k in worked.legal and (k in "IN") == worked.asked.insurance]
    token = form.locator("input[name=token]").input_value()
    # The first play's button has the focus (a key answers only from inside the question);
    # without JavaScript the learner Tabs to it from the last verdict.
    learner.tab_to(form.locator(f'button[data-key="{order[0]}"]'))
    expect(form.locator(f'button[data-key="{order[0]}"]')).to_be_focused()
    if learner.javascript:
        page.keyboard.press(key.lower())
    else:  # Tab to the one wanted
        for _ in range(order.index(key)):
            page.keyboard.press("Tab")
        expect(form.locator(f'button[data-key="{key}"]')).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.locator("form.strategy-question input[name=token]")).not_to_have_value(token)
    feedback = page.locator("section.feedback")
    heading = feedback.locator("#feedback-heading")
    expect(heading).to_have_text(re.compile("^Right: " if correct else "^Not quite: "))
    expect(heading).to_contain_text(SAID[key])
    expect(feedback.locator("details.verdict-details")).to_contain_text(
        "The EV of each play at this count"
    )
    if not correct:
        expect(heading).to_contain_text(f"{SAID[worked.right]}, not ")
    # htmx swaps the panel in place; without JavaScript the form posts to .../answer and goes
    # on to the answer's verdict address.
    assert ("/answered/" in urlsplit(page.url).path) != learner.javascript


def test_ten_deviation_questions_by_keyboard(learner: Any) -> None:
    learner.open_drill("Deviations")
    page = learner.page
    expect(page.get_by_label("Counting system")).to_have_value("hi-lo")
    expect(
        page.get_by_text("Your play at this count?").or_(page.get_by_text("Do you take insurance?"))
    ).to_be_visible()
    for number in range(QUESTIONS):
        learner.wait_for_htmx()
        answer_one(learner, correct=number not in WRONG_AT)
    expect(page.get_by_label("Your figures for this drill")).to_contain_text(
        f"{QUESTIONS} answered"
    )
    expect(page.get_by_label("Your figures for this drill")).to_contain_text(
        f"{round(100 * (QUESTIONS - len(WRONG_AT)) / QUESTIONS)}% right"
    )


def test_at_004_dealt_face_down_deviations_offers_the_games_own_drills(learner: Any) -> None:
    """Issue 27: a learner who chose 004 on the rules page opened Deviations and saw "Dealer
    shows 9" in a game whose banker shows no card. The page says why it asks nothing there and
    leads to the punter's own quiz, which asks at once (its chart is there)."""
    page = learner.page
    page.goto("/rules")
    page.locator("#preset-russian-bank").get_by_role("button").click()
    page.goto("/drills/deviations")
    expect(page.get_by_role("heading", level=1)).to_have_text("Deviations: not for this game")
    expect(page.locator("#not-for-game")).to_contain_text("the banker shows no card")
    expect(page.locator("main")).not_to_contain_text("Dealer shows")
    expect(page.locator("form.strategy-question")).to_have_count(0)
    page.get_by_role("link", name="Basic strategy").click()
    expect(page.locator("form.strategy-question")).to_be_visible()
    expect(page.locator("form.strategy-question")).to_contain_text("The banker shows no card")
    assert page.locator("form.strategy-question input[name=question]").input_value().endswith("v ?")


def test_the_counting_choices_show_whole_on_a_desktop(page_with: Any) -> None:
    """A walk read "Hi-Lo: 2–6: +1; 7–9: 0; 10," and "The Illustrious 18 and the F" in the
    counting pages' selects at 1280 px: each shows its choice whole there (the text's width,
    measured in the select's own font, within the box less its arrow)."""
    page = page_with(viewport={"width": 1280, "height": 800})
    page.goto("/drills/deviations")
    selects = page.locator("form.count-prefs select")
    expect(selects.first).to_be_visible()
    widths = selects.evaluate_all(
        """selects => selects.map(select => {
            const style = getComputedStyle(select);
            const context = document.createElement("canvas").getContext("2d");
            context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = select.options[select.selectedIndex].text;
            const room = select.clientWidth - parseFloat(style.paddingLeft)
                - parseFloat(style.paddingRight) - 20;  // the arrow
            return [text, Math.ceil(context.measureText(text).width), Math.floor(room)];
        })"""
    )
    assert len(widths) >= 4, widths
    cut = [(text, need, room) for text, need, room in widths if need > room]
    assert cut == [], cut


def test_the_index_charts_hands_stay_in_view_as_it_scrolls_on_a_phone(page_with: Any) -> None:
    """A walk scrolled the index chart to its 10 and ace columns at 390 px and lost which hand
    each row was: the hands' column stays at the scroll area's left edge."""
    page = page_with(viewport={"width": 390, "height": 844})
    page.goto("/indices?rules=vegas-6d-s17&system=hi-lo")
    region = page.get_by_role("region", name=re.compile("^Hard totals: indices"))
    expect(region).to_be_visible()
    scrolls = region.evaluate("area => area.scrollWidth > area.clientWidth")
    assert scrolls  # (the case itself: the chart is wider than a phone)
    region.scroll_into_view_if_needed()
    region.evaluate("area => { area.scrollLeft = area.scrollWidth; }")
    hand = region.locator("tbody th[scope=row]").first
    left = hand.evaluate(
        "th => th.getBoundingClientRect().left - th.closest('.table-scroll')"
        ".getBoundingClientRect().left"
    )
    assert abs(left) < 2, left
    expect(hand).to_be_in_viewport()
