"""Today in a browser, as a learner would: answer a mix on one day, meet the daily goal, come
back the next day (the live server's clock moved a day) and see what is due and the streak,
then practise every due item with "Practise now" until nothing is due."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from typing import Any

from playwright.sync_api import expect

from drills.payout.money import money_text
from tests.browser.test_browser_mistakes import PAYS, answer, ask
from trainer.clock import Clock


def answer_payout(page: Any) -> None:
    """Answer the payout question on screen rightly."""
    from drills.payout.play import read_question

    question = read_question(page.locator("form.question input[name=question]").input_value())
    answer(page, money_text(question.bets[0] * PAYS[question.kind]), "Right")


def test_come_back_tomorrow_see_what_is_due_and_practise_it(learner: Any, live_server: Any) -> None:
    page = learner.page
    learner.sign_up(f"today-{uuid.uuid4().hex[:8]}", "a long password")
    learner.open_drill("Payout math")
    ask(page, "A natural at 3:2")
    answer(page, "1", "Not quite")
    learner.open_drill("Hand totals")
    for correct in (False, True, True, False, True):
        learner.answer_hand(correct=correct)

    page.get_by_role("link", name="Blackjack trainer").first.click()
    today = page.get_by_role("region", name="Today")
    expect(today).to_contain_text("6 of 20 answers today")
    page.get_by_label("Goal a day").fill("5")
    page.get_by_role("button", name="Set goal").click()
    expect(today).to_contain_text("Daily goal of 5 answers met: 6 today.")
    expect(today).to_contain_text("Streak: 1 day in a row")

    clock: Clock = live_server.app.extensions["trainer.clock"]
    clock.advance(timedelta(days=1))
    try:
        page.reload()
        expect(today).to_contain_text("Streak: 1 day in a row")  # yesterday's stands
        expect(today).to_contain_text("0 of 5 answers today")
        expect(today.get_by_role("listitem").filter(has_text="Payout math: 1 due")).to_be_visible()
        hand_totals = today.get_by_role("listitem").filter(has_text=re.compile(r"Hand totals: \d"))
        expect(hand_totals).to_be_visible()
        due = int(re.search(r"(\d+) items? due", today.inner_text())[1])  # type: ignore[index]
        today.get_by_role("button", name="Practise now").click()
        # Drill by drill, another than the last answer's first, each drill's due items in one go.
        status = page.locator(".review-status")
        for title, items in (("Payout math", 1), ("Hand totals", due - 1)):
            expect(page.get_by_role("heading", level=1)).to_have_text(title)
            for n in range(items):
                expect(status).to_contain_text(
                    f"Practising what is due: question {n + 1} of {items}"
                )
                if title == "Payout math":
                    answer_payout(page)
                else:
                    learner.answer_hand(correct=True)
            expect(status).to_contain_text(f"Done: {items} of {items} right")
            page.get_by_role("button", name="Practise what is due next").click()
        # Nothing due: new questions, and Today says so.
        expect(page.get_by_text("Practising what is due")).to_have_count(0)
        page.get_by_role("link", name="Blackjack trainer").first.click()
        expect(today).to_contain_text("Nothing is due for review now")
        expect(today).to_contain_text(f"{due} of 5 answers today")
    finally:
        clock.reset()
