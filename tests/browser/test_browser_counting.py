"""The counting drills in a browser, as a learner would: count a deck down by keyboard, convert
running counts to true counts in two conventions, estimate a discard tray, count through a whole
shoe of a seed preset with checkpoints, and find each miss in the mistakes. JavaScript on (the
cards flip at the set speed, htmx swaps the panel) and off (the cards listed, plain forms)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from drills.counting.checkpoint import Checkpoint
from drills.counting.decks import DRILL as DECKS
from drills.counting.true_count import DRILL as TRUE
from trainer.engine.counting import find_system
from trainer.engine.deck.cards import Card
from trainer.engine.rulebook.rules import find_preset

HI_LO = find_system("hi-lo")
RULES = find_preset("vegas-6d-s17")
# Generous: the cards flip at 20 a second after a short lead, and the machine may be busy.
FLIP_TIMEOUT = 30_000


def shown_cards(page: Page) -> list[Card]:
    """The cards of the steps on the page (each step carries its cards' codes)."""
    codes = page.locator("ol.count-steps > li").evaluate_all("els => els.map(e => e.dataset.codes)")
    return [Card.parse(code) for text in codes for code in text.split()]


def deal(page: Page, **fields: str) -> None:
    """Fill the set-up form and deal by pressing Enter in the speed box."""
    for label, value in fields.items():
        box = page.get_by_label(label)
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
    speed = page.get_by_label("Cards per second")
    speed.fill("20")
    speed.press("Enter")


def deal_on(page: Page) -> None:
    """After a checkpoint's verdict, with JavaScript, the next cards wait for the learner:
    "Deal on" has the focus, and Enter brings them. Without JavaScript they are listed under
    the verdict, and there is nothing to press."""
    button = page.get_by_role("button", name="Deal on")
    if button.is_visible():
        expect(button).to_be_focused()
        page.keyboard.press("Enter")
        expect(button).to_have_count(0)


def signed(value: object) -> str:
    number = int(value)  # type: ignore[call-overload]
    return f"+{number}" if number > 0 else str(number)


def test_count_a_deck_down_by_keyboard(learner) -> None:
    page = learner.page
    learner.open_drill("Deck countdown")
    deal(page)
    running_box = page.get_by_label("Running count", exact=True)
    if learner.javascript:
        # The cards flip one at a time; the question waits until the last has been shown.
        expect(page.locator("ol.count-steps.flipping")).to_be_visible()
        expect(page.locator("ol.count-steps > li:visible")).to_have_count(1)
        expect(running_box).to_be_hidden()
    expect(running_box).to_be_visible(timeout=FLIP_TIMEOUT)
    expect(running_box).to_be_focused()
    if learner.javascript:
        expect(page.locator("ol.count-steps")).to_be_hidden()  # counted, not re-read
    cards = shown_cards(page)
    assert len(cards) in range(47, 52)
    final = Checkpoint("rc", HI_LO, 1, tuple(cards))
    missing = Checkpoint("missing", HI_LO, 1, tuple(cards))
    page.keyboard.type(signed(final.right))
    page.keyboard.press("Tab")
    page.keyboard.type(signed(missing.right))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Checkpoint 1: Right")).to_be_visible()
    expect(page.get_by_role("group", name="The missing cards").get_by_role("img")).to_have_count(
        52 - len(cards)
    )
    expect(page.get_by_role("heading", name="Summary: 2 of 2 counts right")).to_be_visible()


def choose(page: Page, convention: str, resolution: str) -> None:
    page.get_by_label("True count rounding").select_option(convention)
    page.get_by_label("Decks estimated to").select_option(resolution)
    with page.expect_navigation():  # the page reloads with the new preferences
        page.get_by_role("button", name="Use these").click()


def answer_true_count(page: Page) -> str:
    notation = page.locator("form.question input[name=question]").input_value()
    right = TRUE.grade(notation, "0", RULES).right_answer
    box = page.get_by_label("True count", exact=True)
    expect(box).to_be_focused()
    page.keyboard.type(right)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    return notation


def test_convert_running_to_true_counts_in_two_conventions(learner) -> None:
    page = learner.page
    learner.open_drill("True count")
    choose(page, "floor", "half")
    assert " floor half " in answer_true_count(page)
    choose(page, "truncate", "quarter")
    expect(page.get_by_label("True count rounding")).to_have_value("truncate")
    assert " truncate quarter " in answer_true_count(page)
    # A wrong answer is shown with the conversion worked out.
    notation = page.locator("form.question input[name=question]").input_value()
    right = TRUE.grade(notation, "0", RULES).right_answer
    page.get_by_label("True count", exact=True).fill(signed(int(right.replace("\u2212", "-")) + 1))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Not quite")).to_be_visible()
    expect(page.locator("details.verdict-details")).to_contain_text("rounded toward zero, ")


def test_estimate_a_discard_tray(learner) -> None:
    page = learner.page
    learner.open_drill("Deck estimation")
    expect(page.get_by_role("img", name=re.compile("^Discard tray"))).to_be_visible()
    notation = page.locator("form.question input[name=question]").input_value()
    right = DECKS.grade(notation, "1", RULES).right_answer
    page.keyboard.type(right)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Right")).to_be_visible()
    # Half a deck off the mark is a miss, and says so.
    notation = page.locator("form.question input[name=question]").input_value()
    right = DECKS.grade(notation, "1", RULES).right_answer
    page.get_by_role("textbox", name=re.compile("^Decks (played|remaining)")).fill(
        str(float(right) + 0.5)
    )
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Not quite")).to_be_visible()


def test_count_through_a_whole_shoe_then_find_each_miss(learner) -> None:
    page = learner.page
    learner.open_drill("Counting through a shoe")
    # 002's home game: one pack, a player dealing, dealt to its end.
    deal(page, **{"Rules preset": "twenty-one-home", "Seats at the table": "2"})
    summary = page.get_by_role("heading", name=re.compile("^Summary"))
    seen: list[Card] = []
    misses: list[tuple[str, str]] = []
    number = 1
    backs_seen = False
    while True:
        question = page.get_by_role("heading", name=re.compile(rf"^Checkpoint {number} of"))
        expect(question.or_(summary)).to_be_visible(timeout=FLIP_TIMEOUT)
        if summary.is_visible():
            break
        # 002 deals the first cards face down: a round as it is played shows them as backs
        # (uncounted), then turned over at its end, counted then. A round whose players all
        # showed their cards (busted, say) is seen whole, so a stretch may hold none.
        steps = page.locator("ol.count-steps > li")
        played = steps.filter(has_text="as played (face-down cards unseen)")
        if not backs_seen and played.count():
            backs = played.first.get_by_role("img", name="a card face down", include_hidden=True)
            expect(backs).not_to_have_count(0)
            expect(steps.filter(has_text="its face-down cards turned over")).not_to_have_count(0)
            backs_seen = True
        if number == 1 and not learner.javascript:  # (with it, the cards are flipped away)
            # A hand's name stood over its last card (the header's .who pushed it right), and
            # whose cards were whose did not show (a walk): each name starts where its hand does.
            for held in steps.locator(".held").all():
                label, hand = (
                    held.locator(".who").bounding_box(),
                    held.locator(".hand").bounding_box(),
                )
                assert label and hand and abs(label["x"] - hand["x"]) < 1, (label, hand)
        seen += shown_cards(page)
        running = Checkpoint("rc", HI_LO, 1, tuple(seen)).right
        # The first checkpoint's running count is off by two; the others are right.
        said = running + 2 if number == 1 else running
        if said != running:
            misses.append((signed(said), signed(running)))
        page.get_by_label("Running count", exact=True).fill(signed(said))
        true_box = page.get_by_label("True count", exact=True)
        asked_true = true_box.count() > 0
        if asked_true:
            true = Checkpoint("tc", HI_LO, 1, tuple(seen), "floor", "half").right
            true_box.fill(signed(true + 1))  # and the true count off by one
            if said == running:  # a true count from a wrong running count is not a second miss
                misses.append((signed(true + 1), signed(true)))
        page.get_by_role("button", name="Answer").click()
        verdict = "Right" if said == running and not asked_true else "Not quite"
        expect(page.get_by_role("heading", name=f"Checkpoint {number}: {verdict}")).to_be_visible()
        deal_on(page)
        number += 1
    assert number >= 3  # at least one checkpoint on the way and one at the end
    assert backs_seen, "no round of the shoe was shown as played, its first cards face down"
    expect(page.get_by_text(re.compile("The count went wrong by "))).to_be_visible()
    page.get_by_role("link", name="Mistakes", exact=True).click()
    # A pack at 002's home game, named so on the mistakes page as at the table (a walk).
    shoe_mistakes = page.locator("li.mistake").filter(has_text="Counting through a pack")
    expect(shoe_mistakes).to_have_count(len(misses))
    for said, right in misses:  # the page's minus sign is the true one
        line = f"You said {said}; right: {right}".replace("-", "\u2212")
        expect(shoe_mistakes.filter(has_text=line)).not_to_have_count(0)


def test_a_replayed_or_malformed_checkpoint_is_refused(learner) -> None:
    page = learner.page
    learner.open_drill("Running count")
    deal(page, **{"Cards to count": "6"})
    running_box = page.get_by_label("Running count", exact=True)
    expect(running_box).to_be_visible(timeout=FLIP_TIMEOUT)
    running_box.fill("a lot")
    page.get_by_role("button", name="Answer").click()
    expect(page.get_by_role("alert")).to_contain_text("as a number")
    expect(page.get_by_text("No answers yet")).to_be_visible()
    page.get_by_label("Running count", exact=True).fill("+99")
    page.get_by_role("button", name="Answer").click()
    expect(page.get_by_role("alert")).to_contain_text("out of reach")
