"""Holding the deal and the bank in a browser, by keyboard: a round of twenty-one-home dealt
by the learner (the double, the draws, each draw graded), and a talia of russian-bank on a
short pack (one deck) holding the bank, to its summary (luck against skill, the error's round
opened from it by keyboard).

The test knows the right draw by replaying the table the server stored, as the server does.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

from playwright.sync_api import Page, expect

from drills import punter_stake
from drills.table_dealing import dealer_grade, standing_hands
from drills.table_play import WORDS
from drills.table_session import step_asks
from tests.browser.conftest import Learner
from tests.browser.test_browser_table import give_count, ready, right_play, where, wrong_play
from trainer import store
from trainer.engine.banker.dealer_choice import unseen_values
from trainer.store import attempts


def sit_to_deal(page: Page, preset: str, decks: str = "", punter_seat: str = "0") -> None:
    page.goto("/table/")
    page.get_by_label("Rules preset").select_option(preset)
    page.get_by_role("button", name="Show these rules' options").click()
    if decks:  # a short pack: the rules' options, opened
        page.get_by_text("Change any rule").click()
        page.get_by_label("Decks", exact=True).fill(decks)
    page.get_by_label("Other seats").fill("3")
    page.get_by_label("Where you start").select_option(punter_seat)
    page.get_by_label("Training", exact=False).check()
    page.get_by_label("Stop the table for a mistake costing at least").fill("0")
    page.get_by_role("button", name="Sit down").click()
    expect(page.get_by_role("heading", name="At the table", level=1)).to_be_visible()
    ready(page)


def key(page: Page, letter: str) -> None:
    before = page.locator("input[name=token]").first.input_value()
    ready(page)
    page.keyboard.press(letter)
    expect(page.locator("input[name=token]").first).not_to_have_value(before)


def dealer_step(page: Page, app: Any, state: dict[str, Any]) -> str:
    """Take the step the table waits for, as a dealer; its kind."""
    spec, ask = where(app, page)
    if page.locator("form.held-choice").count():  # a draw that was not the best: keep it
        key(page, "K")
        state["kept"] += 1
        return "held"
    if ask.kind == "count":
        give_count(page, spec, ask, javascript=True)
        if ask.final:
            expect(page.locator("section.table-summary")).to_be_visible()
            return "over"
        expect(page.get_by_label("Running count")).to_have_count(0)
    elif ask.kind == "deal":
        key(page, "D")
    elif ask.kind == "double":
        expect(page.get_by_role("heading", name="Double every bet?")).to_be_visible()
        grade = dealer_grade(spec.rules, ask, "double 0")
        assert grade is not None
        key(page, "D" if grade.right_answer == "double" else "N")  # the right choice
        feedback = page.locator("section.feedback")
        expect(feedback).to_contain_text("Doubling the bets")
        expect(feedback).to_contain_text("so the bank expects")
    elif ask.kind == "draw":
        heading = "as the banker" if spec.rules.name == "russian-bank" else "as the dealer"
        expect(page.get_by_role("heading", name=f"Your turn {heading}")).to_be_visible()
        grade = dealer_grade(spec.rules, ask, "draw")
        if grade is None:  # the pack seen but the punters' face-down cards: not graded
            hidden = sum(hand.hidden for hand in standing_hands(ask.round)) if ask.round else 0
            assert sum(unseen_values(spec.rules, ask.seen)) <= hidden
            key(page, "S")
            return ask.kind
        other = "stand" if grade.right_answer == "draw" else "draw"
        costly = dealer_grade(spec.rules, ask, other)
        # One deliberate mistake where the other choice gives something up (where both are worth
        # the same, nothing is held to keep), then the best draws.
        wrong = state["wrong"] == 0 and costly is not None and not costly.correct
        wrong = wrong and costly is not None and (costly.ev_cost or 0) > 0
        choice = other if wrong else grade.right_answer
        key(page, "H" if choice == "draw" else "S")
        feedback = page.locator("section.feedback")
        expect(feedback).to_contain_text("Draw or stand")
        expect(feedback).to_contain_text("to the bank")
        state["wrong"] += wrong
        state["draws"] += 1
    else:
        return "over"
    return ask.kind


def test_a_round_of_twenty_one_home_holding_the_deal(page: Page, live_server: Any) -> None:
    sit_to_deal(page, "twenty-one-home")
    expect(page.locator(".dealer-box").or_(page.locator("form.step-deal")).first).to_be_visible()
    state = {"wrong": 1, "draws": 0, "kept": 0}  # no deliberate mistake in this one
    kinds = []
    for _ in range(30):
        kinds.append(dealer_step(page, live_server.app, state))
        if page.locator(".settlement").count():
            break
    settled = page.locator(".settlement")
    expect(settled).to_contain_text("Round 1 settled")
    expect(settled).to_contain_text("The bank:")
    assert kinds[:2] == ["deal", "double"]
    # The learner dealt round 1; the page now shows the next round's dealer, who is the
    # learner again unless a punter's natural took the deal (002 home).
    expect(page.locator(".dealer-box .who")).to_contain_text(
        re.compile(r"You, the dealer|Punter [A-F], dealing")
    )


def test_a_talia_of_russian_bank_holding_the_bank(page: Page, live_server: Any) -> None:
    sit_to_deal(page, "russian-bank", decks="1")
    assert where(live_server.app, page)[0].rules.decks == 1  # the short pack
    state = {"wrong": 0, "draws": 0, "kept": 0}
    for _ in range(200):
        if dealer_step(page, live_server.app, state) == "over":
            break
    summary = page.locator("section.table-summary")
    expect(summary.get_by_role("heading", name="The talia is played out")).to_be_visible()
    assert state["draws"] >= 1 and state["wrong"] == 1 and state["kept"] == 1
    drew = re.compile(r"you (drew a card|stood), where (standing|drawing a card) was right")
    expect(summary.locator("ol.table-errors li").filter(has_text=drew)).to_have_count(1)
    # Grouped in one line; the table of costs behind "How the costs ... are counted".
    expect(summary.locator(".error-groups")).to_contain_text("1 choice as the dealer")
    expect(summary.get_by_role("row", name="Dealing")).to_be_hidden()
    summary.get_by_text("How the costs and the luck are counted").click()
    expect(summary.get_by_role("row", name="Dealing")).to_be_visible()
    # Luck against skill: perfect dealer play's expectation beside the bank's result.
    luck = summary.locator("dl.luck")
    expect(luck).to_be_visible()
    figures = {}
    for label in (
        "Perfect dealer play expected",
        "Your mistakes cost (skill)",
        "So your play expected",
        "You got",
        "The cards (luck)",
    ):
        term = luck.locator("dt", has_text=label)
        expect(term).to_have_count(1)
        figures[label] = float(
            term.locator("xpath=following-sibling::dd[1]").inner_text().replace("\u2212", "-")
        )
    assert figures["Your mistakes cost (skill)"] < 0  # the wrong draw kept
    perfect, skill = figures["Perfect dealer play expected"], figures["Your mistakes cost (skill)"]
    assert abs(perfect + skill - figures["So your play expected"]) < 0.011
    assert (
        abs(figures["So your play expected"] + figures["The cards (luck)"] - figures["You got"])
        < 0.011
    )
    expect(summary).to_contain_text("what the right choice was worth to the bank")
    # The error's round, opened by keyboard from its link.
    link = summary.locator("ol.table-errors li").filter(has_text=drew).get_by_role("link")
    link.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=re.compile(r"^Round \d+$"), level=1)).to_be_visible()
    expect(page.get_by_text("Your mistakes in this round")).to_be_visible()
    # The round page's list says it as a sentence, after the banker's cards it turned on:
    # "10♠ 6♥: you drew a card, where ...".
    card = r"(10|[2-9JQKA])[♠♥♦♣]"
    drew_words = r"you (drew a card|stood), where (standing|drawing a card) was right"
    said = re.compile(rf"{card}.*: {drew_words}")
    expect(page.locator("li", has_text=said)).to_have_count(1)


def right_stake(page: Page, spec: Any, ask: Any) -> str:
    """The stake a punter's cards call for, on the bankroll the page shows."""
    shown = page.locator(".table-money .bankroll").inner_text()
    bankroll = Fraction(shown.replace("\u2212", "-").replace(",", ""))  # "1,015" in English
    (asked,) = step_asks(spec, ask, bankroll)
    return punter_stake.DRILL.grade(asked.notation, "1", spec.rules).right_answer


def stake(page: Page, amount: str) -> None:
    """Stake ``amount`` by keyboard: "Another amount" opened by its key A, typed, Enter (the
    keys answer while focus is in the step's form: on its first key, as the page arrives)."""
    expect(page.locator('form.step-bet button[data-key="1"]')).to_be_focused()
    ready(page)  # the swap settled: its autofocus taken, A's field keeps the focus
    before = page.locator("input[name=token]").first.input_value()
    page.keyboard.press("A")
    field = page.get_by_label("Your stake")
    expect(field).to_be_focused()
    page.keyboard.type(amount)
    page.keyboard.press("Enter")
    # The next step's page, not the last round's feedback on the same stake: the table is read
    # from the store next, and must not be read before this stake is stored.
    expect(page.locator("input[name=token]").first).not_to_have_value(before)
    # (Typed as the drill states it, "1012"; the verdict writes it as a number, "1,012".)
    said = f"{Decimal(amount):,}"
    expect(page.locator("section.feedback")).to_contain_text(f"Your stake: {said}.")


def test_a_talia_of_russian_bank_as_a_punter_against_an_engine_banker(
    page: Page, live_server: Any
) -> None:
    sit_to_deal(page, "russian-bank", decks="1", punter_seat="1")
    expect(page.locator(".dealer-box .who")).to_contain_text("Punter C, the banker")
    expect(page.locator("form.step-bet")).to_contain_text("You have looked at your two cards")
    kinds: list[str] = []
    wrong = False
    for _ in range(200):
        spec, ask = where(live_server.app, page)
        if page.locator("form.held-choice").count():  # the deliberate wrong draw: keep it
            key(page, "K")
            continue
        if ask.kind == "over":
            break
        kinds.append(ask.kind)
        if ask.kind == "count":
            give_count(page, spec, ask, javascript=True)
            if ask.final:
                break
            expect(page.get_by_label("Running count")).to_have_count(0)
            continue
        if ask.kind == "bet":  # after both cards are seen: the stake their edge calls for
            stake(page, right_stake(page, spec, ask))
            continue
        assert ask.kind == "play", ask.kind  # a punter is asked no dealer's step
        # 004 has no double, no split, no surrender: no button for them (only draw and stand).
        expect(page.locator("form.step-play button[data-key]")).to_have_count(2)
        mistake = None if wrong else wrong_play(spec, ask)
        choice = mistake or right_play(spec, ask)
        key(page, choice)
        said = f"Play: {WORDS[choice]}." if mistake is None else f"not {WORDS[choice]}"
        expect(page.locator("section.feedback")).to_contain_text(said)
        wrong = wrong or mistake is not None
    summary = page.locator("section.table-summary")
    expect(summary.get_by_role("heading", name=re.compile("bank passes to you"))).to_be_visible()
    # Focus goes to the last count's feedback (no step is left to focus), not to the body.
    expect(page.locator("#feedback-heading")).to_be_focused()
    assert "bet" in kinds and "play" in kinds
    expect(summary.locator("ol.table-errors li")).to_have_count(1)
    expect(summary.locator("dl.luck")).to_be_visible()


def test_a_missed_stake_drilled_again_ends_with_focus_on_its_feedback(
    page: Page, live_server: Any
) -> None:
    # A table drill's review asks no new question when it is done: focus went to the body.
    Learner(page, javascript=True).sign_up("staker", "password of a staker")
    db = store.open_db(live_server.app.config["DATABASE"])
    (user_id,) = db.execute("SELECT id FROM users WHERE username = 'staker'").fetchone()
    notation = "stake TS 6H bankroll 1000 risk 0.05"  # a 16, no banker card shown: the minimum
    attempts.record_attempt(
        db, user_id=user_id, drill="punter-stake", question=notation, rules="russian-bank",
        answer="20", right_answer="1", correct=False, token="missed-stake-in-browser",
    )  # fmt: skip
    db.close()
    page.goto("/mistakes?drill=punter-stake")
    page.get_by_role("button", name=re.compile("Drill these .* mistakes again")).click()
    expect(page.get_by_role("textbox", name="Your stake")).to_be_focused()
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Review done: 1 of 1")).to_be_visible()
    expect(page.locator("#feedback-heading")).to_be_focused()
