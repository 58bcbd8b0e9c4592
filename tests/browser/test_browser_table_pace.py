"""A table dealt at a pace with distraction, in a browser, by keyboard: the cards come one at
a time and the keys wait for them, the table talk goes on, the sound is a switch; without
JavaScript the page says the table is step by step, and it is."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.test_browser_table import ready


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
