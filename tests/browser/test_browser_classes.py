"""A class in a browser, as a coach and three learners would: the coach starts a class and makes
invites; each learner opens their link, reads what the coach will see, and joins by keyboard;
a week of their practice passes (stored with the live server's clock moved on); the coach reads
the class page and its heat maps, downloads the CSV and sets an assignment; a learner sees it in
Today; a used invite is refused; a learner leaves and the coach sees nothing more of them. Run
with JavaScript on and off."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.class_week import a_week
from trainer import store
from trainer.clock import Clock


def sign_up(page: Page, name: str) -> None:
    page.goto("/signup")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill("a long password " + name)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text(f"Welcome, {name}!")).to_be_visible()


def join_by_keyboard(page: Page, link: str, shown_name: str) -> None:
    """Open the invite, read what the coach sees, give a name and agree, by keyboard."""
    page.goto(link)
    expect(page.get_by_role("heading", name="What your coach will see")).to_be_visible()
    expect(page.get_by_text("Never your username, your password")).to_be_visible()
    page.get_by_label("Your name as your coach will see it").focus()
    page.keyboard.type(shown_name)
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # the consent box
    expect(page.get_by_label(re.compile("I agree that this coach sees my work"))).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("You joined the class")
    expect(page.get_by_role("region", name="Coaches who see your work")).to_contain_text(
        "sees your work since"
    )


def test_a_coach_and_three_learners_a_week_on(
    learner: Any, browser: Browser, browser_context_args: dict[str, Any], live_server: Any
) -> None:
    coach = learner.page
    tag = uuid.uuid4().hex[:6]
    sign_up(coach, f"coach-{tag}")
    coach.get_by_role("navigation", name="Main").get_by_role("link", name="Classes").click()
    coach.get_by_label("The class's name").fill("Friday team")
    coach.get_by_label("Your name as your learners will see it").fill("Coach Kim")
    coach.get_by_role("button", name="Start a class").click()
    expect(coach.get_by_role("heading", name="Friday team", level=1)).to_be_visible()
    class_url = coach.url.split("#")[0]
    coach.get_by_label("How many invites").fill("4")
    coach.get_by_role("button", name="Make invites").click()
    # all_inner_texts does not wait: without JavaScript the click returns before the
    # redirected page is parsed, so wait for the four links first.
    expect(coach.locator("code.invite-link")).to_have_count(4)
    links = [text.strip() for text in coach.locator("code.invite-link").all_inner_texts()]
    assert len(links) == 4 and all(len(link.rsplit("/", 1)[1]) >= 32 for link in links)

    contexts = [
        browser.new_context(**browser_context_args, java_script_enabled=learner.javascript)
        for _ in range(4)
    ]
    clock: Clock = live_server.app.extensions["trainer.clock"]
    try:
        learners = [context.new_page() for context in contexts]
        for page, name, link in zip(learners, ("Ann", "Ben", "Cat"), links, strict=False):
            sign_up(page, f"{name.lower()}-{tag}")
            join_by_keyboard(page, link, name)
        # A used invite, opened by a fourth learner: refused, nothing joined.
        mallory = learners[3]
        sign_up(mallory, f"mallory-{tag}")
        mallory.goto(links[0])
        expect(mallory.get_by_role("alert")).to_contain_text("This invite was used already")
        expect(mallory.get_by_role("alert")).to_contain_text("you did not join any class")

        # A week of practice: stored straight into the server's database, the clock moved on.
        db = store.open_db(live_server.app.config["DATABASE"])
        try:
            ids = dict(db.execute("SELECT name, user_id FROM class_members WHERE name IN"
                                  " ('Ann', 'Ben', 'Cat') AND left_at IS NULL ORDER BY id DESC"
                                  " LIMIT 3").fetchall())  # fmt: skip
            start = clock.now() + timedelta(minutes=1)
            a_week(
                db, {ids["Ann"]: 0.9, ids["Ben"]: 0.6, ids["Cat"]: 0.3}, start - timedelta(hours=17)
            )
        finally:
            db.close()
        clock.advance(timedelta(days=7))

        coach.goto(class_url)
        learners_table = coach.get_by_role("region", name="Learners", exact=True)
        expect(learners_table).to_be_visible()
        for name in ("Ann", "Ben", "Cat"):
            expect(learners_table).to_contain_text(name)
        expect(learners_table).not_to_contain_text(f"ann-{tag}")  # the account is never shown
        expect(learners_table).to_contain_text("280, 92% right")
        # On a phone the learners' table scrolls sideways rather than squeezing its columns (a
        # walk found a row some 1,000 px tall at 390 px, its costliest mistakes a word a line).
        size = coach.viewport_size
        coach.set_viewport_size({"width": 390, "height": 844})
        tall = coach.locator("table.class-learners tbody tr").evaluate_all(
            "rows => rows.map(row => row.getBoundingClientRect().height)"
        )
        print("the learners' rows at 390 px:", tall)
        assert len(tall) == 3 and max(tall) < 420, tall
        assert coach.locator("table.class-learners").evaluate(
            "table => table.parentElement.scrollWidth > table.parentElement.clientWidth"
        )
        if size is not None:
            coach.set_viewport_size(size)
        expect(coach.get_by_role("heading", name="Last checkouts")).to_be_visible()
        expect(coach.locator("main")).to_contain_text("pairs 8-8 against 10")
        expect(coach.locator("main")).to_contain_text("Hi-Lo, 6 decks, at 2 cards a second")
        # Each learner's mastery, from their week since joining: Ann counts right 9 times in 10
        # at 2 cards a second; her page says it per area, with what it is of.
        expect(learners_table).to_contain_text("Counting speed: 2 cards a second")
        expect(learners_table).to_contain_text("Basic strategy: 0 of 340 chart cells")
        seen = [learners_table.inner_text(), *coach.locator("table.class-heat").all_inner_texts()]
        print("\n--- what the coach sees a week on ---\n" + "\n".join(seen))
        learners_table.get_by_role("link", name="Ann").focus()
        coach.keyboard.press("Enter")
        mastery = coach.get_by_role("region", name="Mastery since joining", exact=True)
        expect(mastery).to_contain_text("Hi-Lo, at 90% right or better")
        expect(mastery).to_contain_text("the Illustrious 18 and Fab 4, Hi-Lo count")
        print("--- Ann's mastery since joining ---\n" + mastery.inner_text())
        coach.goto(class_url)
        with coach.expect_download() as download:
            coach.get_by_role("link", name="Download the class as CSV").click()
        exported = Path(download.value.path()).read_text(encoding="utf-8")
        assert exported.splitlines()[1].startswith("Ann,") and f"-{tag}" not in exported
        assert "Counting speed: 2 cards a second" in exported.splitlines()[1]

        # An assignment, set by keyboard; Ann sees it in Today.
        coach.get_by_label("What to practise").select_option(label="Basic strategy")
        coach.get_by_label("Share right, in per cent (100: no error)").fill("100")
        coach.get_by_label("Answers counted (the newest)").focus()
        coach.keyboard.press("Control+A")
        coach.keyboard.type("100")
        coach.get_by_role("button", name="Set it").focus()
        coach.keyboard.press("Enter")
        assignments = coach.get_by_role("region", name="Assignments", exact=True)
        expect(assignments).to_contain_text("Basic strategy: no error in 100 answers")
        ann = learners[0]
        ann.goto("/")
        today = ann.get_by_role("region", name="Today")
        expect(today).to_contain_text("Set by your coaches")
        expect(today).to_contain_text("Basic strategy: no error in 100 answers")

        # Ben leaves: the coach's page and export show nothing more of him.
        ben = learners[1]
        ben.goto("/classes")
        ben.get_by_role("button", name="Leave Friday team").click()
        expect(ben.get_by_role("status")).to_contain_text("You left the class")
        expect(ben.get_by_text("No coach sees your work")).to_be_visible()
        coach.goto(class_url)
        expect(coach.get_by_role("region", name="Learners", exact=True)).not_to_contain_text("Ben")
        # Another class's page, and the learner who left, are not found for a learner.
        response = ann.goto(class_url)
        assert response is not None and response.status == 404
    finally:
        clock.reset()
        for context in contexts:
            context.close()
