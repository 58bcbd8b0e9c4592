"""At the table, as a learner found on a walk: a count check sent with the true count left empty
is refused beside that field, which gets the focus and comes into view (JavaScript on, the
panel swapped by htmx); and the buttons' key badges and the hints to press them show only where
the keys answer (JavaScript on), never read as part of a button's name where they do nothing."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from drills.counting.checkpoint import read_checkpoint
from drills.counting.notation import format_count
from drills.table_session import step_asks
from tests.browser.test_browser_table import one_step, ready, sit_down, where

PHONE = {"width": 390, "height": 844}


def to_a_true_count_check(page: Page, app: Any) -> dict[str, Any]:
    """Play on (right plays, a unit bet, right counts) to a count check that asks the true
    count too; its checkpoints by name."""
    state: dict[str, Any] = {"counts": 0, "bet_error": 0, "play_error": 0}
    for _ in range(150):
        spec, ask = where(app, page)
        # The shoe's last check too: a shoe whose only check was its last (1 in 10 or so)
        # failed here; it asks the true count as any other does, and is refused the same.
        if ask.kind == "count":
            asked = {a.name: read_checkpoint(a.notation) for a in step_asks(spec, ask)}
            if "tc" in asked:
                return asked
        assert one_step(page, app, state, javascript=True) != "over"
    raise AssertionError("no count check with a true count came")


def test_a_true_count_left_empty_gets_the_focus_and_its_message_in_view(
    page_with: Any, live_server: Any
) -> None:
    page = page_with(viewport=PHONE)
    sit_down(page, "vegas-6d-s17", "training")
    asked = to_a_true_count_check(page, live_server.app)
    running, true = page.get_by_label("Running count"), page.get_by_label("True count")
    expect(running).to_be_focused()
    ready(page)
    page.keyboard.type(format_count(asked["rc"].right))  # the running count only, then Enter
    token = page.locator("form.table-step input[name=token]").input_value()
    page.keyboard.press("Enter")
    expect(page.locator("form.table-step input[name=token]")).not_to_have_value(token)
    # Refused beside the field left empty, which has the focus and is in view with it.
    message = page.locator("#true-error")
    expect(message).to_have_text("Type the true count.")
    expect(true).to_have_attribute("aria-invalid", "true")
    expect(true).to_have_attribute("aria-describedby", "true-error")
    expect(true).to_be_focused()
    expect(true).to_be_in_viewport()
    expect(message).to_be_in_viewport()
    expect(running).not_to_have_attribute("aria-invalid", "true")
    expect(running).to_have_value(format_count(asked["rc"].right))  # what was typed stays
    expect(page.locator("#table-error")).to_have_count(0)  # not said above the felt as well
    from tests.browser.test_accessibility import Audit

    audit = Audit(page)  # axe on the count check refused (at each width; then a desktop's)
    audit.check("table: a count check refused")
    assert audit.found == {}, f"axe found violations:\n{audit.report()}"
    expect(true).to_be_focused()
    # The learner types the true count where the focus is: the check is taken.
    ready(page)
    page.keyboard.type(format_count(asked["tc"].right))
    page.keyboard.press("Enter")
    expect(page.get_by_label("True count")).to_have_count(0)
    expect(page.locator("#true-error")).to_have_count(0)


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_key_badges_and_hints_show_only_where_the_keys_answer(
    page_with: Any, live_server: Any, javascript: bool
) -> None:
    page = page_with(java_script_enabled=javascript)
    sit_down(page, "vegas-6d-s17", "training")
    step = page.locator("form.step-bet")
    expect(step).to_be_visible()
    first = step.locator("button[data-key='1']")
    amount = first.evaluate("b => b.firstChild.textContent.trim()")  # its words, before the badge
    badges = page.locator("form.table-keys kbd")
    assert badges.count() > 1
    hint = step.get_by_text("Keys 1 to 8")
    if javascript:
        expect(badges.first).to_be_visible()
        expect(hint).to_be_visible()
        expect(first).to_have_accessible_name(f"{amount} 1")
        return
    for n in range(badges.count()):
        expect(badges.nth(n)).to_be_hidden()
    expect(hint).to_be_hidden()
    # A screen reader reads the button's words, not a key that does nothing.
    expect(first).to_have_accessible_name(amount)
