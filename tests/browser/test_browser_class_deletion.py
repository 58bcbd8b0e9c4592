"""A coach clears a class's stricter checkout criteria and deletes the class in a browser, by
keyboard, JavaScript on and off: a member reads the stricter clock, then the defaults again;
the deletion's page says what goes (never the learners' answers), and after it the member is in
no class and is told so on their next page until they dismiss the line, while the member's own
try at the delete page is a 404."""

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


def press(page: Page, target: Any) -> None:
    """Focus a control as Tab would and press Enter on it."""
    target.focus()
    expect(target).to_be_focused()
    page.keyboard.press("Enter")


def test_a_coach_clears_a_criterion_then_deletes_the_class(
    learner: Any, browser: Browser, browser_context_args: dict[str, Any]
) -> None:
    coach = learner.page
    tag = uuid.uuid4().hex[:6]
    sign_up(coach, f"coach-{tag}")
    coach.goto("/classes")
    coach.get_by_label("The class's name").fill("Monday team")
    coach.get_by_label("Your name as your learners will see it").fill("Coach Ray")
    coach.get_by_role("button", name="Start a class").click()
    class_url = coach.url.split("#")[0]
    coach.get_by_label("How many invites").fill("2")
    coach.get_by_role("button", name="Make invites").click()
    link = coach.locator("code.invite-link").first.inner_text().strip()
    coach.get_by_label("Checkout", exact=True).select_option(value="basic-strategy")
    coach.get_by_label(re.compile("Each part's clock")).fill("60")
    coach.get_by_label(re.compile("Errors allowed")).fill("0")
    press(coach, coach.get_by_role("button", name="Set the criteria"))
    criteria = coach.get_by_role("region", name="Checkout criteria for the class")
    expect(criteria).to_contain_text("Basic strategy: each clock 60% of the default")

    context = browser.new_context(**browser_context_args, java_script_enabled=learner.javascript)
    try:
        member = context.new_page()
        sign_up(member, f"ann-{tag}")
        member.goto(link)
        member.get_by_label("Your name as your coach will see it").fill("Ann")
        member.get_by_label(re.compile("I agree that this coach sees my work")).check()
        member.get_by_role("button", name=re.compile("Join")).click()
        member.goto("/checkouts/basic-strategy")
        expect(member.locator("main")).to_contain_text("100 answers in at most 180 seconds")

        # Back to the defaults, by keyboard.
        press(coach, criteria.get_by_role("button", name="Back to the defaults for Basic strategy"))
        criteria = coach.get_by_role("region", name="Checkout criteria for the class")
        expect(criteria).to_contain_text("Basic strategy: the default criteria.")
        expect(
            criteria.get_by_role("button", name=re.compile("Back to the defaults"))
        ).to_have_count(0)
        member.reload()
        expect(member.locator("main")).to_contain_text("100 answers in at most 300 seconds")

        # The member cannot reach the class's deletion.
        answer = member.goto(class_url + "/delete")
        assert answer is not None and answer.status == 404

        # Delete: a link to the page that says what goes, then its button, by keyboard.
        press(coach, coach.get_by_role("link", name="Delete Monday team…"))
        expect(coach.get_by_role("heading", name="Delete Monday team?", level=1)).to_be_visible()
        main = coach.locator("main")
        expect(main).to_contain_text("Your view of its 1 learner")
        expect(main).to_contain_text("Its 1 open invite: the link stops working.")
        expect(main).to_contain_text("are theirs, not the class's")
        print("\n--- the deletion's page ---\n" + main.inner_text())
        press(coach, coach.get_by_role("button", name="Delete Monday team for good"))
        expect(coach.get_by_role("status")).to_contain_text("The class was deleted")
        expect(coach.get_by_role("region", name="Classes you coach")).to_contain_text(
            "You coach no class yet."
        )
        gone = coach.goto(class_url)
        assert gone is not None and gone.status == 404
        # The member is told on their next page, until they dismiss it (by keyboard); the
        # coach, who is no member, never is.
        closed = "Your class “Monday team” was deleted by its coach on "
        expect(coach.locator("main")).not_to_contain_text("was deleted by its coach")
        member.goto("/")
        line = member.locator(".class-closure")
        expect(line).to_have_count(1)
        expect(line).to_contain_text(closed)
        expect(line).to_contain_text(
            "your own answers, sessions, checkouts and certificates are kept."
        )
        member.goto("/classes")
        expect(member.get_by_role("region", name="Coaches who see your work")).to_contain_text(
            "No coach sees your work"
        )
        print("\n--- the member's classes page ---\n" + member.locator("main").inner_text()[:300])
        press(member, line.get_by_role("button", name="Dismiss the notice that “Monday team”"))
        expect(member.locator(".class-closure")).to_have_count(0)
        assert member.url.split("?")[0].endswith("/classes")
        member.goto("/")
        expect(member.locator(".class-closure")).to_have_count(0)
    finally:
        context.close()
