"""A checkout in a browser, by keyboard, JavaScript on and off: the dealer checkout found from the
menu, its criteria read on its start page, each part started and answered before its deadline
(shown as a time; with JavaScript a countdown too), the certificate it gives named by its holder
(never their username), and opened by a stranger at its new link and at the one before."""

from __future__ import annotations

import re
import secrets
from typing import Any

from playwright.sync_api import Browser, Page, expect

from drills.checkouts.plan import SORT_DRILLS
from drills.dealing.table_payouts import BOX_FIELDS
from tests.browser.test_accessibility import Audit
from trainer import store
from trainer.engine.rulebook.rules import Rules
from trainer.store import checkouts as stored


def right_answers(live_server: Any, run_id: int, part: int) -> dict[str, str]:
    """The item's right answer by field, worked out by its drill from the stored run."""
    db = store.open_db(live_server.app.config["DATABASE"])
    try:
        user = db.execute("SELECT user_id FROM checkout_runs WHERE id = ?", [run_id]).fetchone()[0]
        run = stored.get_run(db, run_id, user)
    finally:
        db.close()
    assert run is not None
    sort, notation = run.items[part][0]
    rules = Rules.parse(run.rules)
    if sort == "table":
        right = SORT_DRILLS[sort].grade(notation, ";".join("0" for _ in range(7)), rules)
        amounts = right.right_answer.replace("\u2212", "-").split("; ")
        return dict(zip(BOX_FIELDS, amounts, strict=False))
    return {"answer": SORT_DRILLS[sort].grade(notation, "0", rules).right_answer}


def answer_part(page: Page, fields: dict[str, str], javascript: bool) -> None:
    first = page.locator("form.checkout-question input[type=text]").first
    expect(first).to_be_focused()  # the learner types at once
    clock = page.locator(".checkout-clock")
    expect(clock).to_contain_text(re.compile(r"Answer by \d\d:\d\d:\d\d \(UTC\)"))
    if javascript:
        expect(clock.locator(".checkout-left")).to_have_text(re.compile(r"^\d+\u00a0s$"))
    for name, value in fields.items():
        box = page.locator(f"form.checkout-question input[name={name}]")
        expect(box).to_be_focused()
        page.keyboard.type(value)
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # on the Answer (or Pay) button


def test_the_dealer_checkout_to_a_certificate(
    learner: Any, live_server: Any, browser: Browser, browser_context_args: dict[str, Any]
) -> None:
    page = learner.page
    username = "dealer" + secrets.token_hex(3)
    learner.sign_up(username, "password for the dealer")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Checkouts").click()
    page.get_by_role("link", name="Dealer", exact=True).click()
    expect(page.get_by_role("heading", name="Dealer checkout", level=1)).to_be_visible()
    expect(page.locator(".checkout-criteria")).to_contain_text(
        "A stack of 20 cheques: 1 answer in at most 10 seconds."
    )
    page.get_by_role("button", name="Deal this checkout").click()
    run_id = int(page.url.rsplit("/", 1)[1])
    # WCAG 2.1 AA on the pages test_accessibility.py does not reach (axe runs as a script: with
    # JavaScript on only).
    audit = Audit(page) if learner.javascript else None
    for part in range(9):
        heading = page.get_by_role("heading", name=re.compile(f"^Part {part + 1} of 9"))
        expect(heading).to_be_visible()
        expect(page.get_by_role("button", name="Start")).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator(".checkout-clock")).to_be_visible()
        if audit and part in (2, 3):  # the table (60 s) and a bonus (30 s): time to audit
            audit.check(f"the dealer checkout's part {part + 1}")
            page.locator("form.checkout-question input[type=text]").first.focus()
        answer_part(page, right_answers(live_server, run_id, part), learner.javascript)
    expect(page.get_by_role("heading", name="Passed")).to_be_visible()
    passed_naming = page.get_by_role("region", name="The name on your certificate")
    expect(passed_naming).to_contain_text("It shows no name yet")  # named here or on its page
    if audit:
        audit.check("a checkout passed")
    link = page.get_by_role("link", name="Your certificate")
    address = link.get_attribute("href")
    assert address is not None and "/certificates/" in address
    link.click()
    certificate = page.locator("article.certificate")
    # Issued with no name: never the username.
    expect(certificate).to_contain_text("who chose to show no name, passed its Dealer checkout on")
    expect(certificate).not_to_contain_text(username)
    expect(certificate).to_contain_text("A table of seven boxes paid")
    expect(certificate).to_contain_text("Verified")
    # Its holder names it on its own page, by keyboard: the page it returns to is its new link.
    naming = page.get_by_role("region", name="The name on your certificate")
    expect(naming).to_contain_text("It shows no name yet")
    naming.get_by_label(re.compile("^Name to show")).focus()
    page.keyboard.type("Dana K.")
    page.keyboard.press("Tab")
    expect(naming.get_by_role("button", name="Show this name")).to_be_focused()
    page.keyboard.press("Enter")
    expect(certificate).to_contain_text("Dana K. passed the Dealer checkout of this trainer on")
    expect(naming).to_contain_text("It shows the name Dana K.")
    named = page.url
    assert named != address and "/certificates/" in named
    print(f"\n--- the certificate, named ---\n{certificate.inner_text()}")
    if audit:
        audit.check("a certificate")
        assert audit.found == {}, f"axe found violations:\n{audit.report()}"
    # A stranger (no session) opens the link; an edited link is refused.
    stranger = browser.new_context(**browser_context_args)
    try:
        other = stranger.new_page()
        other.goto(named)
        shown = other.locator("article.certificate")
        expect(shown).to_contain_text("Dealer checkout passed")
        expect(shown).to_contain_text("Dana K. passed")
        expect(shown).to_contain_text("has not been changed.")
        expect(other.get_by_role("region", name="The name on your certificate")).to_have_count(0)
        # The link made before the name: still verified, under the name shown now.
        other.goto(address)
        expect(shown).to_contain_text("Dana K. passed")
        expect(shown).to_contain_text("Its holder has changed the name it shows")
        expect(shown).not_to_contain_text(username)
        other.goto(address[:-3] + ("xyz" if not address.endswith("xyz") else "abc"))
        expect(other.get_by_role("alert")).to_contain_text("not a certificate of this trainer")
    finally:
        stranger.close()
