"""The basic-strategy quiz in a browser, as a learner uses it, with JavaScript on and off:
20 hands answered by keyboard with feedback after each, the wrong ones found on the mistakes
page and drilled again, and the heat map showing the answers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from drills.strategy_cells import cell_of, cell_words, read_situation
from drills.strategy_chart import choice_words
from drills.strategy_quiz import work_out
from tests.browser.conftest import tab_to
from trainer.engine.rulebook.rules import Rules

HANDS = 20
WRONG_AT = {2, 7, 12, 17}
SEED = 424242


@pytest.fixture
def seeded(live_server: Any) -> Iterator[None]:
    """Questions from a seeded generator (``RNG_SEED``), as the brief's tests ask."""
    config = live_server.app.config
    before = config.get("RNG_SEED")
    config["RNG_SEED"] = SEED
    try:
        yield
    finally:
        config["RNG_SEED"] = before


def press(page: Page, key: str, legal: list[str], javascript: bool) -> None:
    """Answer by keyboard: the key itself with JavaScript; without it, from the first answer
    button (focused on arrival), Tab to the play and press Enter."""
    if javascript:
        # After a page load (a re-drill), the key waits for htmx to have taken the form.
        page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")
        page.keyboard.press(key.lower())
        return
    form = page.locator("form.strategy-question")
    tab_to(page, form.locator(f'button[data-key="{legal[0]}"]'))  # from the last verdict
    expect(form.locator(f'button[data-key="{legal[0]}"]')).to_be_focused()
    for _ in range(legal.index(key)):
        page.keyboard.press("Tab")
    expect(form.locator(f'button[data-key="{key}"]')).to_be_focused()
    page.keyboard.press("Enter")


def answer_one(page: Page, javascript: bool, *, correct: bool) -> tuple[str, str, bool]:
    """Answer the hand on screen; return its notation, the key pressed and whether it was right."""
    form = page.locator("form.strategy-question")
    notation = form.locator("input[name=question]").input_value()
    # The quiz and a re-drilled mistake both carry the rules' notation.
    play = work_out(notation, Rules.parse(form.locator("input[name=rules]").input_value()))
    key = play.right
    if not correct:
        key = next(k for k in play.evs if play.evs[k] < play.evs[play.right] - 1e-6)
    # Every button shows its key; illegal plays are disabled.
    for shown, label in play.keys.items():
        button = form.get_by_role("button", name=label)
        expect(button).to_contain_text(shown)
        if shown in play.evs:
            expect(button).to_be_enabled()
        else:
            expect(button).to_be_disabled()
    token = form.locator("input[name=token]").input_value()
    press(page, key, [k for k in play.keys if k in play.evs], javascript)
    # The answer is in once the next question (a new submission token) is on the page.
    expect(page.locator("form.strategy-question input[name=token]")).not_to_have_value(token)
    verdict = "Right: " if correct else "Not quite: "
    heading = page.locator("#feedback-heading")
    expect(heading).to_have_text(re.compile("^" + verdict))
    feedback = page.locator("section.feedback")
    # Every play's EV, behind the verdict's Details.
    expect(feedback.locator("details.verdict-details table")).to_contain_text("EV of each play")
    if not correct and "natural" in heading.inner_text():  # even money, its own short line
        expect(heading).to_have_text(
            re.compile(r"^Not quite: (take even money|play the natural out); .*% of your bet\.$")
        )
    elif not correct and play.insurance:  # a sentence each way, not "no insurance, not ..."
        said = "take insurance here." if play.right == "I" else "do not take insurance here."
        expect(heading).to_contain_text(f"Not quite: {said} It costs ")
        expect(heading).to_contain_text("% of the bet")
    elif not correct:
        expect(heading).to_contain_text(f"{play.keys[play.right].lower()}, not ")
        expect(heading).to_contain_text("% of the bet")
    assert ("/answered/" in page.url and page.url.endswith("#feedback")) != javascript
    return notation, key, correct


def test_twenty_hands_by_keyboard_then_mistakes_redrill_and_heat_map(
    learner: Any, seeded: None
) -> None:
    page = learner.page
    name = f"strat{'js' if learner.javascript else 'nojs'}"
    learner.sign_up(name, "a long enough password")
    learner.open_drill("Basic strategy")
    if learner.javascript:
        # Typing in a field does not answer: the answer keys are for the quiz only.
        page.get_by_text("Change any rule").click()
        decks = page.get_by_label("Decks", exact=True)
        decks.fill("6")
        decks.press("h")
        decks.press("s")
        expect(page.locator("section.feedback")).to_have_count(0)
        page.locator("body").click(position={"x": 5, "y": 5})
        # Nor does a key with focus outside the question (WCAG 2.1.4): back in it, they answer.
        page.keyboard.press("h")
        expect(page.locator("section.feedback")).to_have_count(0)
        page.locator("form.strategy-question button:not([disabled])").first.focus()

    answers = [
        answer_one(page, learner.javascript, correct=i not in WRONG_AT) for i in range(HANDS)
    ]
    wrong = [(notation, key) for notation, key, right in answers if not right]
    assert len(wrong) == len(WRONG_AT)

    # The mistakes page lists each wrong answer.
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Mistakes").click()
    expect(page.get_by_role("heading", name="Mistakes", level=1)).to_be_visible()
    items = page.locator("ol.mistakes > li")
    expect(items).to_have_count(len(wrong))
    rules = Rules.parse("vegas-6d-s17")
    for item, (notation, key) in zip(items.all(), reversed(wrong), strict=True):
        play = work_out(notation, rules)
        # In a verdict's words: "play the natural out", not the button's "No, play the natural".
        said, right_words = choice_words(play.keys[key]), choice_words(play.keys[play.right])
        expect(item).to_contain_text(f"You said {said}; right: {right_words}.")
        situation, _ = read_situation(notation, rules)
        expect(item.get_by_role("img")).to_have_count(len(situation.hand) + 1)

    # Drill them again, right this time.
    page.get_by_role("button", name=re.compile("Drill these Basic strategy mistakes again")).click()
    redrilled = []
    for _ in range(len(wrong)):
        expect(page.locator("#drill-panel").get_by_role("status")).to_contain_text(
            "Drilling your mistakes again"
        )
        redrilled.append(answer_one(page, learner.javascript, correct=True)[0])
    expect(page.get_by_text(f"Review done: {len(wrong)} of {len(wrong)} right")).to_be_visible()
    assert sorted(redrilled) == sorted(n for n, _ in wrong)

    # The heat map counts every play answered under these rules.
    tally: dict[str, list[int]] = {}
    for notation, _, right in [*answers, *((n, "", True) for n in redrilled)]:
        situation, insurance = read_situation(notation, rules)
        if insurance:
            continue
        counts = tally.setdefault(cell_words(cell_of(situation, rules)), [0, 0])
        counts[0] += int(right)
        counts[1] += 1
    page.goto("/drills/basic-strategy?preset=vegas-6d-s17")
    page.get_by_role("link", name="Your accuracy per chart cell").click()
    expect(page.get_by_role("heading", name="Your accuracy per chart cell")).to_be_visible()
    answered = sum(total for _, total in tally.values())
    expect(page.locator(".lead")).to_contain_text(f"{answered} plays answered")
    for cell, (right, total) in tally.items():
        shown = page.locator("td .visually-hidden", has_text=f"{cell}: the chart says ")
        expect(shown).to_have_text(re.compile(f"{right} of {total} right$"))


def test_an_illegal_play_is_refused_without_storing(learner: Any) -> None:
    page = learner.page
    form = page.locator("form.strategy-question")
    for _ in range(20):  # a hand against an ace asks insurance first (1 in 13): a new hand
        page.goto("/drills/basic-strategy?preset=vegas-6d-s17&mix=hard")
        if form.get_by_role("button", name="No insurance").count() == 0:
            break
    expect(form.get_by_role("button", name="Split")).to_be_disabled()  # no pair
    page.goto("/drills/basic-strategy?preset=russian-bank&mix=hard")
    form = page.locator("form.strategy-question")
    expect(form.get_by_role("button", name="Split")).to_have_count(0)  # 004 has none
    expect(form.get_by_role("button", name="Double")).to_have_count(0)
    # A forged request for a play the buttons do not offer.
    fields = {
        name: form.locator(f"input[name={name}]").input_value()
        for name in ("csrf_token", "question", "rules", "mix", "token", "asked_at", "seal")
    }
    response = page.request.post("/drills/basic-strategy/answer", form={**fields, "answer": "P"})
    assert response.status == 400
    assert "Split is not allowed for this hand" in response.text()


def test_a_timed_run_ends_with_the_score_and_the_slowest(learner: Any) -> None:
    page = learner.page
    page.goto("/drills/basic-strategy?preset=vegas-6d-s17&mix=hard")
    page.get_by_label("Timed run").select_option("10")
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator(".countdown")).to_contain_text("Hand 1 of 10")
    for index in range(10):
        expect(page.locator(".countdown")).to_contain_text(f"Hand {index + 1} of 10")
        page.locator("form.strategy-question button:enabled").first.click()
    expect(page.get_by_role("heading", name="Run complete")).to_be_visible()
    expect(page.locator(".score")).to_contain_text("of 10 right")
    expect(page.get_by_role("heading", name="Your slowest decisions")).to_be_visible()
    expect(page.locator("ol.slowest > li")).to_have_count(3)


def test_start_under_other_rules_goes_to_their_address_and_the_footer_names_both(
    learner: Any,
) -> None:
    page = learner.page
    page.goto("/drills/basic-strategy")
    settings = page.locator("form.strategy-form")
    settings.get_by_label("Rules").select_option("single-deck")
    settings.get_by_role("button", name="Start", exact=True).click()
    expect(page).to_have_url(re.compile(r"/drills/basic-strategy\?rules=single-deck&mix=shoe$"))
    expect(page.locator("footer")).to_contain_text(
        "This page: Single deck, dealer hits soft 17; your rules for the drills: Las Vegas, 6 decks"
    )


QUIZ_UNCACHED = "/drills/basic-strategy?rules=vegas-6d-s17+decks%3D5+double_after_split%3Dfalse"


def test_a_chart_never_worked_out_is_shown_being_worked_out_then_the_quiz_asks(
    learner: Any, live_server: Any, tmp_path: Any, monkeypatch: Any
) -> None:
    from dataclasses import replace

    from trainer.engine.strategy import cache
    from trainer.web.caches import EXTENSION, app_caches

    # No chart is cached: the quiz under these rules first shows the chart being worked out
    # (the live server's app, made once for the session, keeps its charts here for this test).
    here = replace(app_caches(live_server.app), strategy=tmp_path)
    monkeypatch.setitem(live_server.app.extensions, EXTENSION, here)
    monkeypatch.setattr(cache.CACHE, "_memory", {})
    page = learner.page
    sent = page.goto(QUIZ_UNCACHED)
    # The page as sent says so; with JavaScript, htmx asks at once and may replace it before
    # a look at the page could catch it (a chart takes about a second on a quiet machine).
    assert sent is not None and "Working out the chart" in sent.text()
    if not learner.javascript:  # without JavaScript the learner follows the link; it waits
        expect(page.get_by_role("status").filter(has_text="Working out the chart")).to_be_visible()
        page.get_by_role("link", name="Start the quiz when the chart is ready").click()
    expect(
        page.get_by_role("heading", name=re.compile("Your play|insurance|Even money"))
    ).to_be_visible()
    expect(page.locator("form.strategy-question input[name=rules]")).to_have_value(
        "vegas-6d-s17 decks=5 double_after_split=false"
    )


@pytest.mark.parametrize("width", [390, 1280])
def test_the_hand_comes_before_the_quiz_settings(page_with: Any, width: int) -> None:
    """On a phone the question (the dealer's card, the hand, the play keys) is on the first
    screen and the settings come after it, one link away; at desktop width too."""
    page = page_with(viewport={"width": width, "height": 844})
    page.goto("/drills/basic-strategy")
    hand = page.locator("form.strategy-question .table-cards")
    expect(hand).to_be_in_viewport()
    expect(page.locator("form.strategy-question button:not([disabled])").first).to_be_in_viewport()
    settings = page.locator("section.strategy-settings")
    hand_box, settings_box = hand.bounding_box(), settings.bounding_box()
    assert hand_box and settings_box and hand_box["y"] < settings_box["y"]
    page.get_by_role("link", name=re.compile("^Quiz settings")).click()
    expect(page.get_by_role("heading", name="Quiz settings")).to_be_in_viewport()
    expect(settings.locator("select[name=mix]")).to_be_visible()
