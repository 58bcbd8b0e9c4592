"""A table dealt at a pace with distraction, in a browser, by keyboard: the cards come one at
a time and the keys wait for them, the table talk goes on, the sound is a switch; without
JavaScript the page says the table is step by step, and it is."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.test_browser_table import press, ready
from tests.web.test_table_pace import deal_a_pair


def sit_at_pace(page: Page) -> None:
    page.goto("/table/")
    page.get_by_label("Other seats").fill("3")
    page.get_by_label("The pace the cards come at").select_option("500")
    page.get_by_label("Distraction").select_option("busy")
    page.get_by_role("button", name="Sit down").click()
    expect(page.get_by_role("heading", name="At the table", level=1)).to_be_visible()


def test_the_cards_come_at_a_pace_and_the_keys_wait(page: Page, live_server: Any) -> None:
    sit_at_pace(page)
    ready(page)
    sound = page.get_by_role("button", name="Sound of the cards")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.focus()
    page.keyboard.press("Enter")
    expect(sound).to_have_attribute("aria-pressed", "true")
    page.locator("form.table-step button[data-key='1']").focus()
    page.keyboard.press("1")  # the bet: the round is dealt
    form = page.locator("form.table-step")
    # Dealt at half a second a card to four boxes and the dealer: some still to come at once.
    expect(page.locator("section.felt .card.pending").first).to_be_attached()
    assert form.evaluate("f => f.inert") is True
    expect(page.locator("section.felt .card.pending")).to_have_count(0, timeout=20_000)
    expect(form).not_to_have_js_property("inert", True)
    expect(page.locator("#table-talk p").first).to_be_attached(timeout=15_000)
    expect(page.get_by_text("Pace and distraction need JavaScript")).to_be_hidden()


def test_without_javascript_the_table_says_it_is_step_by_step(
    browser: Browser, live_server: Any
) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    try:
        sit_at_pace(page)
        expect(page.get_by_text("Pace and distraction need JavaScript")).to_be_visible()
        expect(page.get_by_role("button", name="Sound of the cards")).to_be_hidden()
        button = page.locator("form.table-step button[data-key='1']")
        expect(button).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("section.felt .card").first).to_be_visible()
    finally:
        context.close()


# Records, as each card comes out, whose it is and its place in the dealing order.
_WATCH = """() => {
  window.cameOut = [];
  const felt = () => [...document.querySelectorAll("section.felt .seat")];
  new MutationObserver((changes) => {
    for (const change of changes) {
      const card = change.target;
      const was = change.oldValue || "";
      if (!card.classList.contains("card") || !was.includes("pending")) continue;
      if (card.matches(".pending, .pending-turn")) continue;
      const box = card.closest(".seat");
      const who = box ? "box " + (felt().indexOf(box) + 1) : "dealer";
      window.cameOut.push([who, Number(card.dataset.reveal)]);
    }
  }).observe(document.getElementById("table-panel"), {
    subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true,
  });
}"""


def test_the_deal_comes_in_a_dealer_s_order_and_a_reload_deals_nothing_again(
    page: Page, live_server: Any
) -> None:
    """Four boxes and the dealer: each box's first card from the dealer's left, the dealer's
    up card, each box's second card, the hole card; reloaded, the table shows every card at
    once."""
    sit_at_pace(page)
    ready(page)
    page.evaluate(_WATCH)
    page.locator("form.table-step button[data-key='1']").focus()
    page.keyboard.press("1")
    expect(page.locator("section.felt .card.pending").first).to_be_attached()
    expect(page.locator("section.felt .card.pending")).to_have_count(0, timeout=20_000)
    came_out = page.evaluate("() => window.cameOut")
    assert [n for _, n in came_out] == list(range(len(came_out)))
    boxes = ["box 1", "box 2", "box 3", "box 4"]
    assert [who for who, _ in came_out[:10]] == [*boxes, "dealer", *boxes, "dealer"]
    shown = page.locator("section.felt .card").count()
    page.reload()
    ready(page)
    expect(page.locator("section.felt .card")).to_have_count(shown)
    expect(page.locator("section.felt .card.pending, section.felt [data-reveal]")).to_have_count(0)
    expect(page.locator("form.table-step")).not_to_have_js_property("inert", True)


# Records, as each card of the learner's box comes out: its hand, its place in that hand,
# whether the step's keys were waiting (inert) and whether its hand's total shows then.
_WATCH_MINE = """() => {
  window.mineOut = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      const card = change.target;
      const was = change.oldValue || "";
      if (!card.classList.contains("card") || !was.includes("pending")) continue;
      if (card.matches(".pending, .pending-turn") || !card.closest(".seat.mine")) continue;
      const hand = card.closest(".seat-hand");
      const hands = [...document.querySelectorAll(".seat.mine .seat-hand")];
      const form = document.querySelector("form.table-step");
      window.mineOut.push({
        hand: hands.indexOf(hand),
        card: [...hand.querySelectorAll(".card")].indexOf(card),
        inert: !!(form && form.inert),
        total: hand.querySelector(".total") ?
          getComputedStyle(hand.querySelector(".total")).visibility : "none",
      });
    }
  }).observe(document.getElementById("table-panel"), {
    subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true,
  });
}"""


def sit_for_a_split(page: Page, live_server: Any) -> None:
    """A paced table (two other seats, test mode) whose first round deals the learner a pair."""
    page.goto("/table/")
    page.get_by_label("Other seats").fill("2")
    page.get_by_label("The pace the cards come at").select_option("500")
    page.get_by_label("Test", exact=False).check()
    page.get_by_role("button", name="Sit down").click()
    expect(page.get_by_role("heading", name="At the table", level=1)).to_be_visible()
    deal_a_pair(live_server.app, page.url.rsplit("/", 1)[1].split("?")[0].split("#")[0])
    page.reload()


def dealt(page: Page) -> None:
    """Wait for every card the step brought, and for the keys to be given back."""
    expect(
        page.locator("section.felt .card.pending, section.felt .card.pending-turn")
    ).to_have_count(0, timeout=20_000)
    expect(page.locator("form.table-step")).not_to_have_js_property("inert", True)
    ready(page)


def test_a_split_box_is_dealt_hand_by_hand_and_the_keys_wait(page: Page, live_server: Any) -> None:
    """By keyboard at a paced table: bet, split the pair; the split brings the first hand its
    card, with the keys waiting; standing on it brings the second hand's card (its total shown
    once the card is out); a reload deals nothing again."""
    sit_for_a_split(page, live_server)
    ready(page)
    page.evaluate(_WATCH_MINE)
    page.locator("form.table-step button[data-key='1']").focus()
    page.keyboard.press("1")  # the bet: the round is dealt
    expect(page.locator("form.table-step button[data-key='P']")).to_be_attached()
    dealt(page)
    assert [(c["hand"], c["card"]) for c in page.evaluate("() => window.mineOut")] == [
        (0, 0),
        (0, 1),
    ]
    page.evaluate("() => { window.mineOut = []; }")
    page.keyboard.press("P")  # split
    mine = page.locator(".seat.mine .seat-hand")
    expect(mine).to_have_count(2)
    expect(mine.nth(0).locator(".card")).to_have_count(2)
    expect(mine.nth(1).locator(".card")).to_have_count(1)  # its card comes at its turn
    dealt(page)
    came = page.evaluate("() => window.mineOut")
    assert [(c["hand"], c["card"]) for c in came] == [(0, 1)]
    assert all(c["inert"] for c in came)  # the keys waited for the card
    page.evaluate("() => { window.mineOut = []; }")
    page.keyboard.press("S")  # stand on the first hand: the second's card comes
    expect(mine.nth(1).locator(".card")).to_have_count(2)
    dealt(page)
    came = page.evaluate("() => window.mineOut")
    assert [(c["hand"], c["card"]) for c in came][:1] == [(1, 1)]
    assert all(c["inert"] for c in came)
    assert came[-1]["total"] == "visible"  # shown once its card is out, not after every card
    shown = page.locator("section.felt .card").count()
    page.reload()
    ready(page)
    expect(page.locator("section.felt .card")).to_have_count(shown)
    expect(page.locator("section.felt .card.pending, section.felt [data-reveal]")).to_have_count(0)


def test_without_javascript_a_split_is_played_step_by_step(
    browser: Browser, live_server: Any
) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    try:
        sit_for_a_split(page, live_server)
        expect(page.get_by_text("Pace and distraction need JavaScript")).to_be_visible()
        press(page, "1", javascript=False)
        press(page, "P", javascript=False)
        mine = page.locator(".seat.mine .seat-hand")
        expect(mine).to_have_count(2)
        expect(mine.nth(1).locator(".card")).to_have_count(1)
        press(page, "S", javascript=False)
        expect(mine.nth(1).locator(".card")).to_have_count(2)
        expect(page.locator("section.felt .card.pending")).to_have_count(0)
    finally:
        context.close()
