"""A class's stricter checkout criteria in a browser: the coach sets them on the class page by
keyboard; a member's checkout start page names them, a learner in no class reads the defaults.
Run with JavaScript on and off."""

from __future__ import annotations

import re
import uuid
from typing import Any

from playwright.sync_api import Browser, Page, expect


def sign_up(page: Page, name: str) -> None:
    page.goto("/signup")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill("a long password " + name)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text(f"Welcome, {name}!")).to_be_visible()


def test_a_coach_sets_a_stricter_clock_and_a_member_reads_it(
    learner: Any, browser: Browser, browser_context_args: dict[str, Any]
) -> None:
    coach = learner.page
    tag = uuid.uuid4().hex[:6]
    sign_up(coach, f"coach-{tag}")
    coach.goto("/classes")
    coach.get_by_label("The class's name").fill("Checkout team")
    coach.get_by_label("Your name as your learners will see it").fill("Coach Lee")
    coach.get_by_role("button", name="Start a class").click()
    coach.get_by_label("How many invites").fill("1")
    coach.get_by_role("button", name="Make invites").click()
    link = coach.locator("code.invite-link").first.inner_text().strip()

    # By keyboard: the checkout, the clock's share, the errors, then Enter.
    coach.get_by_label("Checkout", exact=True).focus()
    coach.get_by_label("Checkout", exact=True).select_option(value="basic-strategy")
    coach.keyboard.press("Tab")
    coach.keyboard.press("Control+A")
    coach.keyboard.type("60")
    coach.keyboard.press("Tab")
    coach.keyboard.press("Control+A")
    coach.keyboard.type("0")
    coach.keyboard.press("Enter")
    criteria = coach.get_by_role("region", name="Checkout criteria for the class")
    expect(criteria).to_contain_text("Basic strategy: each clock 60% of the default")

    contexts = [
        browser.new_context(**browser_context_args, java_script_enabled=learner.javascript)
        for _ in range(2)
    ]
    try:
        member, outsider = (context.new_page() for context in contexts)
        sign_up(member, f"ann-{tag}")
        member.goto(link)
        member.get_by_label("Your name as your coach will see it").fill("Ann")
        member.get_by_label(re.compile("I agree that this coach sees my work")).check()
        member.get_by_role("button", name=re.compile("Join")).click()
        member.goto("/checkouts/basic-strategy")
        expect(member.locator("main")).to_contain_text("100 answers in at most 180 seconds")
        expect(member.locator("main")).to_contain_text("stricter criteria than the defaults")
        print("\n--- a member's start page ---\n" + member.locator("main").inner_text())
        sign_up(outsider, f"dan-{tag}")
        outsider.goto("/checkouts/basic-strategy")
        expect(outsider.locator("main")).to_contain_text("100 answers in at most 300 seconds")
    finally:
        for context in contexts:
            context.close()
