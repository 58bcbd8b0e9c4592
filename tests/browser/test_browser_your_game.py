"""Your game in a browser, JavaScript on and off, by keyboard: a learner with answers of every
kind opens it from the progress page, works their game out, and reads the figures beside a
perfect counter's, the leaks ranked with their drills, and the weeks' plot; a learner with no
answers reads "not enough answers yet". The running count says the speed it is read at."""

from __future__ import annotations

import re
import secrets
from typing import Any

from playwright.sync_api import expect

from tests.web.test_your_game import seed, seed_speeds
from trainer import store


def _seed_for(live_server: Any, username: str) -> None:
    db = store.open_db(live_server.app.config["DATABASE"])
    try:
        (user_id,) = db.execute("SELECT id FROM users WHERE username = ?", [username]).fetchone()
        seed(db, user_id)
        seed_speeds(db, user_id, {f"{username}-{n}": ("2", 1) for n in range(3)})
    finally:
        db.conn.close()


def test_work_out_your_game_and_read_it(learner: Any, live_server: Any) -> None:
    live_server.app.config["YOUR_GAME_ROUNDS"] = 40_000
    name = "yg" + secrets.token_hex(4)
    learner.sign_up(name, "password for your game")
    _seed_for(live_server, name)
    page = learner.page
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Progress").click()
    page.get_by_role("link", name="Your game: what your errors cost an hour").click()
    expect(page.get_by_role("heading", name="Your game", level=1)).to_be_visible()
    errors = page.get_by_role("table", name="Your errors by kind, from your own answers")
    expect(errors.get_by_role("row")).to_have_count(8)
    expect(errors.get_by_role("row", name="Index plays made where the count")).to_be_visible()
    expect(errors).to_contain_text("95% interval")
    expect(errors.get_by_role("row", name="The running count")).to_contain_text(
        "Read at 2 cards a second, the speed you count at most (24 checkpoints)."
    )
    bankroll = page.get_by_label("Your bankroll")
    bankroll.fill("20000")
    bankroll.press("Enter")  # the keyboard sends the form
    expect(page.get_by_role("heading", name="You beside a perfect counter")).to_be_visible(
        timeout=120_000
    )
    figures = page.get_by_role("table", name="An hour at your pace")
    expect(figures.get_by_role("row", name="Risk of ruin at your bankroll (%)")).to_be_visible()
    leaks = page.locator("ol.your-leaks > li")
    expect(leaks).to_have_count(7)
    taken = leaks.filter(has_text="Index plays made where the count")
    expect(taken).to_have_count(1)
    # A deviation error is charged only at the hands that meet an index play: it says how often.
    expect(taken).to_contain_text(
        re.compile(r"About 1 hand in \d+ meets one of your index plays where the count does not")
    )
    missed = leaks.filter(has_text="Index plays missed where the count")
    expect(missed).to_contain_text(re.compile(r"About 1 hand in \d+ meets one of your index plays"))
    leaks.first.get_by_role("link", name="Practise:").focus()
    expect(page.get_by_role("img", name="Your win an hour, week by week")).to_be_visible()
    page.screenshot(
        path=f"/tmp/yg/your-game-{'js' if learner.javascript else 'nojs'}.png", full_page=True
    )
    page.get_by_role("link", name="Back to your answers").click()
    expect(page.get_by_role("link", name="Your game as last worked out")).to_be_visible()


def test_no_answers_reads_not_enough_answers_yet(learner: Any) -> None:
    learner.sign_up("yg" + secrets.token_hex(4), "password for your game")
    page = learner.page
    page.goto("/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Your game").click()
    expect(page.get_by_role("status")).to_contain_text("Not enough answers yet.")
    expect(page.get_by_role("button", name="Work out my game")).to_have_count(0)
