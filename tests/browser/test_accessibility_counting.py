"""The WCAG 2.1 A/AA audit (``test_accessibility.Audit``: axe-core on a laptop and a 320 px
phone) of the pages that use the count's worth: the deviations and bet-sizing drills (a
question, its feedback, a bad choice), the counting page (its chart, plot and ramp, and a bad
field) and the quiz's insurance question by the count."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_accessibility import WIDTHS, Audit


def test_the_count_pages_have_no_wcag_21_aa_violation(page: Page) -> None:
    audit = Audit(page)
    page.set_viewport_size(WIDTHS["desktop"])
    page.goto("/drills/deviations")
    page.wait_for_function("() => !!window.htmx")
    audit.check("deviations: the question")
    page.locator("form.strategy-question button:not([disabled])").first.click()
    expect(page.locator("#feedback-heading")).to_be_visible()
    audit.check("deviations: feedback")
    page.goto("/drills/deviations?cells=range&low=9&high=2")
    expect(page.locator("#low-error")).to_be_visible()
    audit.check("deviations: a bad range")
    page.goto("/drills/bet-sizing")
    page.wait_for_function("() => !!window.htmx")
    audit.check("bet sizing: the question")
    page.get_by_label("Your bet", exact=True).fill("5")
    page.get_by_label("Your bet", exact=True).press("Enter")
    expect(page.locator("#feedback-heading")).to_be_visible()
    audit.check("bet sizing: feedback")
    page.goto("/drills/bet-sizing?bankroll=1")
    expect(page.locator("#bankroll-error")).to_be_visible()
    audit.check("bet sizing: a bankroll below the minimum")
    for rules in ("twenty-one-club", "vegas-6d-s17"):
        page.goto(f"/indices?rules={rules}&count=2")
        expect(page.get_by_role("heading", name="Your bet ramp")).to_be_visible()
        audit.check(f"counting page: {rules}")
    page.goto("/indices?count=99")
    expect(page.locator("#count-error")).to_be_visible()
    audit.check("counting page: a bad count")
    page.goto("/drills/basic-strategy?rules=vegas-6d-s17&mix=shoe&insurance=count")
    for _ in range(150):  # deal until an insurance question shows its count
        if page.locator("form.strategy-question .big-count").count():
            break
        token = page.locator("form.strategy-question input[name=token]").input_value()
        page.locator("form.strategy-question button:not([disabled])").first.click()
        expect(page.locator("form.strategy-question input[name=token]")).not_to_have_value(token)
    expect(page.locator("form.strategy-question .big-count")).to_be_visible()
    audit.check("basic strategy: insurance by the count")
    assert audit.found == {}, f"axe found violations:\n{audit.report()}"
