"""Sitting at a table in a browser, as a learner would, by keyboard: a whole 6-deck shoe at a
vegas table with two other seats in training mode (a deliberate strategy error taken back, a
deliberate bet error kept, the count checks), with its summary; a test-mode shoe; a reload in
the middle of a round; and one round with JavaScript off.

The test knows the right answers by replaying the table the server stored, as the server does.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from drills import face_down_play
from drills.counting.checkpoint import read_checkpoint
from drills.counting.notation import format_count
from drills.table_play import WORDS, work_out
from drills.table_session import TableSpec, step_asks
from tests.browser.test_browser_verdict import said_in_live_regions
from trainer import store
from trainer.engine.play.table_game import Ask, TableGame
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.store import tables

PLAY_ORDER = "HSDPR"


def sit_down(page: Page, preset: str, mode: str) -> None:
    page.goto("/table/")
    page.get_by_label("Rules preset").select_option(preset)
    page.get_by_role("button", name="Show these rules' options").click()
    page.get_by_label("Other seats").fill("2")
    page.get_by_label(mode.capitalize(), exact=False).check()
    # Every mistake stops the training table here (the deliberate ones cost little, a bet
    # of eight units at a count near 0, under the default threshold).
    page.get_by_label("Stop the table for a mistake costing at least").fill("0")
    page.get_by_role("button", name="Sit down").click()
    expect(page.get_by_role("heading", name="At the table", level=1)).to_be_visible()


def where(app: Any, page: Page) -> tuple[TableSpec, Ask]:
    """The table the page shows, replayed from what the server stored."""
    table_id = page.url.split("?")[0].rstrip("/").split("/table/")[1].split("/")[0]
    db = store.open_db(app.config["DATABASE"])
    try:
        row = db.execute(
            "SELECT rules, setup, seed FROM table_sessions WHERE id = ?", [table_id]
        ).fetchone()
        steps = [s.step for s in tables.steps_of(db, table_id) if s.state == "played"]
    finally:
        db.close()
    import json

    spec = TableSpec.from_stored(Rules.parse(row[0]), json.loads(row[1]))
    game = TableGame(spec.setup(row[2]), chart(spec.rules))
    return spec, game.play(steps, spec.bankroll)


def wrong_play(spec: TableSpec, ask: Ask) -> str | None:
    """A hit or a stand that is a mistake here (worth less than the right play for these
    cards: one worth more, a composition play, is graded right too); None where neither is."""
    asked = step_asks(spec, ask)
    if not asked:  # pragma: no cover: every play is graded at these tables
        return None
    if face_down_play.is_face_down(asked[0].notation):  # 004 as dealt: the chart of one column
        shown = face_down_play.work_out(asked[0].notation, spec.rules)
        return next((k for k in "SH" if shown.evs[k] < shown.evs[shown.right]), None)
    worked = work_out(asked[0].notation, spec.rules)
    right = worked.evs.get(worked.right)
    if right is None:
        return None
    costly = [k for k in "SH" if k in worked.legal and worked.evs.get(k, right) < right]
    return costly[0] if costly else None


def right_play(spec: TableSpec, ask: Ask) -> str:
    asked = step_asks(spec, ask)
    assert ask.round is not None
    if not asked:  # pragma: no cover: every play is graded at these tables
        return "S" if ask.round.current_total >= 17 else "H"
    if face_down_play.is_face_down(asked[0].notation):
        return face_down_play.work_out(asked[0].notation, spec.rules).right
    return work_out(asked[0].notation, spec.rules).right


def press(page: Page, key: str, javascript: bool) -> None:
    """Press an action's key; without JavaScript, Tab to its button and press Enter."""
    if javascript:
        ready(page)
        # A key answers only while the focus is in its form or the verdict (WCAG 2.1.4); a
        # whole page opened at its verdict (#verdict, after a step sent before htmx had taken
        # the form) has it on neither: Tab into the form first, as a keyboard user would.
        keys = page.locator(f'form.table-keys:has(button[data-key="{key}"])').first
        inside = (
            "f => f.contains(document.activeElement) "
            "|| !!document.activeElement.closest('.feedback')"
        )
        if not keys.evaluate(inside):
            keys.locator("button[data-key]:not([disabled])").first.focus()
        page.keyboard.press(key)
        return
    form = page.locator("form.table-step")
    button = form.locator(f'button[data-key="{key}"]')
    # After a verdict the page opens at it (#verdict: no autofocus then), and Tab goes on
    # from there to the step's keys; otherwise the first key has the focus.
    for _ in range(40):
        if button.evaluate("b => b === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")


def ready(page: Page) -> None:
    """Wait until htmx has processed the page (after a whole page came), so that a form sent
    now goes through htmx rather than as a plain post, and has settled any swap (it focuses
    the swapped-in autofocus again as it settles: keys typed before would lose their field)."""
    page.wait_for_function(
        "() => document.readyState === 'complete' && !!window.htmx && "
        "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def give_count(page: Page, spec: TableSpec, ask: Ask, *, javascript: bool) -> None:
    asked = {a.name: read_checkpoint(a.notation) for a in step_asks(spec, ask)}
    box = page.get_by_label("Running count")
    if not javascript and page.url.endswith("#verdict"):
        # The page opens at the last answer's verdict, and a fragment's target wins over
        # autofocus: the learner reads the verdict, then Tabs to the box.
        page.wait_for_load_state()
        for _ in range(40):
            if box.evaluate("element => element === document.activeElement"):
                break
            page.keyboard.press("Tab")
    expect(box).to_be_focused()
    if javascript:
        ready(page)
    page.keyboard.type(format_count(asked["rc"].right))
    if "tc" in asked:  # not once the whole pack is seen (nothing left to divide by)
        page.keyboard.press("Tab")
        page.keyboard.type(format_count(asked["tc"].right))
    else:
        expect(page.get_by_label("True count")).to_have_count(0)
    page.keyboard.press("Enter")


def one_step(page: Page, app: Any, state: dict[str, Any], *, javascript: bool) -> str:
    """Play the step the table waits for; its kind."""
    spec, ask = where(app, page)
    drawn = page.locator("input[name=token]")  # a new one on every page and swap
    before = drawn.input_value() if ask.kind != "over" else ""
    if ask.kind == "count":
        give_count(page, spec, ask, javascript=javascript)
        state["counts"] += 1
    elif ask.kind == "bet":
        if state.get("bet_error") is None:  # a deliberate bet error: eight units, kept
            press(page, "8", javascript)
            expect(
                page.get_by_role("heading", name="A mistake: keep it or take it back?")
            ).to_be_visible()
            expect(page.locator("section.feedback")).to_contain_text("Bet, box 1")
            expect(page.locator("form.held-choice")).to_contain_text("Keep my bet")
            press_held(page, "K", javascript, before)
            state["bet_error"] = ask.number
            return "bet"
        press(page, "1", javascript)
    elif ask.kind == "insurance":
        press(page, "N", javascript)
    elif ask.kind == "play":
        right = right_play(spec, ask)
        wrong = wrong_play(spec, ask)
        if state.get("play_error") is None and wrong:  # a deliberate strategy error, taken back
            press(page, wrong, javascript)
            feedback = page.locator("section.feedback")
            expect(feedback.get_by_role("heading", name="Not quite")).to_be_visible()
            said = f"Play: {WORDS[right]} was right, not {WORDS[wrong]}; it cost "
            expect(feedback.locator(".verdict-first")).to_contain_text(said)
            if javascript:  # the verdict is said in the live region outside the table swapped
                expect(page.locator("#table-said")).to_have_text(re.compile(r"^Not quite\. Play: "))
                expect(page.locator("#table-panel #table-said")).to_have_count(0)
                # Said once: the one live region, never the feedback itself.
                lead = feedback.locator(".verdict-first").first.inner_text()
                assert said_in_live_regions(page, lead) == 1
            press_held(page, "T", javascript, before)
            expect(page.get_by_text("Taken back: choose again.")).to_be_visible()
            state["play_error"] = ask.number
            before = drawn.input_value()
            spec, ask = where(app, page)
        press(page, right_play(spec, ask), javascript)
    else:
        return "over"
    if ask.kind == "count" and ask.final:
        expect(page.get_by_role("heading", name="The shoe is played out")).to_be_visible()
        return "over"
    # The step was played (or a held bet is waiting): the page moved on.
    expect(drawn).not_to_have_value(before)
    if page.locator("form.held-choice").count():  # the ramp bets more than a unit here: keep it
        press_held(page, "K", javascript, drawn.input_value())
    return ask.kind


def press_held(page: Page, key: str, javascript: bool, before: str) -> None:
    form = page.locator("form.held-choice")
    expect(form.locator('button[data-key="T"]')).to_be_focused()
    before = page.locator("input[name=token]").input_value()
    if javascript:
        ready(page)
        page.keyboard.press(key)
    else:
        if key == "K":
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    expect(page.locator("input[name=token]")).not_to_have_value(before)
    expect(page.locator("form.held-choice")).to_have_count(0)


def test_a_whole_six_deck_shoe_in_training_mode_with_its_summary(
    page: Page, live_server: Any
) -> None:
    sit_down(page, "vegas-6d-s17", "training")
    page.wait_for_function("() => !!window.htmx")
    state: dict[str, Any] = {"counts": 0}
    for _ in range(400):
        if one_step(page, live_server.app, state, javascript=True) == "over":
            break
    summary = page.locator("section.table-summary")
    expect(summary.get_by_role("heading", name="The shoe is played out")).to_be_visible()
    assert state["counts"] >= 1 and state["play_error"] and state["bet_error"]  # the last, at least
    errors = summary.locator("ol.table-errors li")
    expect(errors.filter(has_text="you bet 40 on box 1, where the ramp bets")).to_have_count(1)
    expect(errors.filter(has_text="and you took it back")).to_have_count(1)
    expect(summary.locator("dl.luck")).to_contain_text("The cards (luck)")
    # Each error links to its hand.
    errors.filter(has_text="and you took it back").get_by_role("link").click()
    expect(
        page.get_by_role("heading", name=f"Round {state['play_error']}", level=1)
    ).to_be_visible()
    expect(page.get_by_text("Your mistakes in this round")).to_be_visible()


def test_a_test_mode_shoe_shows_its_errors_only_at_the_end(page: Page, live_server: Any) -> None:
    sit_down(page, "single-deck", "test")
    page.wait_for_function("() => !!window.htmx")
    state: dict[str, Any] = {"counts": 0, "bet_error": 0}  # no bet error here
    for _ in range(200):
        spec, ask = where(live_server.app, page)
        wrong = wrong_play(spec, ask) if ask.kind == "play" else None
        if wrong and state.get("play_error") is None:
            before = page.locator("input[name=token]").input_value()
            press(page, wrong, True)  # a mistake, not shown now
            expect(
                page.locator("input[name=token]").or_(page.locator("section.table-summary")).first
            ).not_to_have_value(before)
            expect(page.locator("section.feedback")).to_have_count(0)
            expect(page.locator("form.held-choice")).to_have_count(0)
            state["play_error"] = ask.number
            continue
        if one_step(page, live_server.app, state, javascript=True) == "over":
            break
    summary = page.locator("section.table-summary")
    expect(summary.get_by_role("heading", name="The shoe is played out")).to_be_visible()
    played = re.compile(r"you (hit|stood), where [a-z]+ was right")
    expect(summary.locator("ol.table-errors li").filter(has_text=played)).to_have_count(1)


def test_a_reload_in_the_middle_of_a_round_finds_the_same_round(
    page: Page, live_server: Any
) -> None:
    sit_down(page, "vegas-6d-s17", "test")
    page.wait_for_function("() => !!window.htmx")
    state: dict[str, Any] = {"counts": 0, "bet_error": 0, "play_error": 0}
    for _ in range(60):
        spec, ask = where(live_server.app, page)
        if ask.kind == "play":
            break
        one_step(page, live_server.app, state, javascript=True)
    else:  # pragma: no cover
        raise AssertionError("no play came")
    felt = page.locator("section.felt")
    cards = felt.get_by_role("img").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))")
    at = page.locator("form.table-step input[name=at]").input_value()
    page.reload()
    expect(page.locator("form.table-step input[name=at]")).to_have_value(at)
    again = felt.get_by_role("img").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))")
    assert again == cards
    assert "a card face down" in cards  # the dealer's hole card stays hidden
    # The round goes on from there.
    press(page, right_play(*where(live_server.app, page)), True)
    expect(page.locator("form.table-step input[name=at]")).not_to_have_value(at)


def test_one_round_with_javascript_off(browser: Browser, live_server: Any) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    try:
        sit_down(page, "vegas-6d-s17", "training")
        state: dict[str, Any] = {"counts": 0, "bet_error": 0, "play_error": 0}
        for _ in range(20):
            one_step(page, live_server.app, state, javascript=False)
            if page.locator(".settlement").count():
                break
        settled = page.locator(".settlement")
        expect(settled).to_contain_text("Round 1 settled")
        # "Your box:", or "Your box, hand 1:" where the shoe dealt a pair that was split (the
        # one box unnumbered, as the table names it).
        expect(settled).to_contain_text(re.compile(r"Your box(, hand 1)?:"))
        # Each step was a page of its own, posted and redirected to the table's address (so
        # a reload or Back sends nothing again), the step's verdict shown there.
        assert re.search(r"/table/[^/?]+(\?shown=\d+#verdict)?$", page.url), page.url
        page.reload()
        expect(settled).to_contain_text("Round 1 settled")
    finally:
        context.close()


def test_an_amount_typed_and_sent_with_enter_is_the_bet(learner: Any) -> None:
    # Enter in the "Another amount" field sends that amount (not the form's first key, 1 unit).
    page = learner.page
    sit_down(page, "vegas-6d-s17", "training")
    if learner.javascript:
        ready(page)
    expect(page.locator("form.step-bet")).to_be_visible()
    page.get_by_text("Another amount").click()
    field = page.get_by_label("Your stake")
    field.fill("25")
    field.press("Enter")
    feedback = page.locator("section.feedback")
    expect(feedback.locator(".verdict-first")).to_contain_text("was right, not 25")
    expect(page.get_by_role("heading", name="A mistake: keep it or take it back?")).to_be_visible()


def test_picking_a_preset_draws_its_own_rules_at_once(page: Page) -> None:
    # With JavaScript the form is drawn again under the preset picked, focus kept on the menu:
    # the rule fields shown are the new preset's (a value typed there is then read as it reads).
    page.goto("/table/")
    ready(page)
    page.get_by_text("Change any rule").click()
    expect(page.get_by_label("Decks", exact=True)).to_have_value("6")
    page.get_by_label("Rules preset").focus()  # as a learner choosing it by keyboard
    page.get_by_label("Rules preset").select_option("russian-bank")
    expect(page.get_by_label("Decks", exact=True)).to_have_value("2")
    expect(page.get_by_label("Rules preset")).to_be_focused()
    expect(page.get_by_label("Rules preset")).to_have_value("russian-bank")
