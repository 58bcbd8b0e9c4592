"""The mistakes page's second page, downloading the history, and deleting the account, in a
browser as a learner would."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from trainer import store
from trainer.store import attempts, users


def seed_mistakes(live_server: Any, username: str, count: int, **fields: str) -> None:
    """Store ``count`` wrong answers for the learner (hand totals, unless ``fields`` say)."""
    db = store.open_db(live_server.app.config["DATABASE"])
    try:
        user = users.find_user(db, username)
        assert user is not None
        for n in range(count):
            values = {"drill": "hand-totals", "question": f"AS {2 + n % 8}H", **fields}
            attempts.record_attempt(
                db, user_id=user.id, rules="vegas-6d-s17", answer="+99",
                right_answer="+1", correct=False, token=f"seeded-{n}", **values,
            )  # fmt: skip
    finally:
        db.close()


def test_the_second_page_the_download_and_deleting(learner: Any, live_server: Any) -> None:
    page = learner.page
    name = f"pages-{uuid.uuid4().hex[:8]}"
    learner.sign_up(name, "a long password")
    learner.open_drill("Hand totals")
    learner.answer_hand(correct=False)
    seed_mistakes(live_server, name, 60)

    page.get_by_role("link", name="Mistakes").click()
    mistakes = page.locator("ol.mistakes > li")
    expect(mistakes).to_have_count(50)
    expect(page.get_by_role("status").first).to_contain_text("Page 1 of 2")
    page.get_by_role("navigation", name="Pages of mistakes").get_by_role(
        "link", name="Next page"
    ).click()
    expect(mistakes).to_have_count(11)
    expect(page).to_have_url(re.compile(r"page=2"))
    expect(mistakes.last.get_by_text("Dealer's up card")).to_have_count(0)  # hand totals: none

    page.get_by_role("link", name="Account").click()
    with page.expect_download() as csv_download:
        page.get_by_role("link", name="CSV").click()
    text = Path(csv_download.value.path()).read_text(encoding="utf-8")
    assert text.startswith("id,drill,question,rules,answer,right_answer,correct")
    assert len(text.strip().splitlines()) == 1 + 61

    page.get_by_label("Type delete to confirm").fill("delete")
    page.get_by_label("Your password").fill("a long password")
    page.get_by_role("button", name="Delete my account").click()
    expect(page.get_by_role("heading", name="Account deleted")).to_be_visible()
    learner.expect_signed_out()
