"""The play keys on a Russian keyboard layout, JavaScript on: each button shows its letter in
the page's language (П for Прикупить, С for Стоять, Д for Сдаться: no two alike), the Cyrillic
letter typed answers, and the Latin key of today still does beside it; at the quiz and at the
table."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from drills.strategy_quiz import work_out
from tests.browser.test_browser_table import ready
from trainer.engine.rulebook.rules import Rules

# The quiz's plays, the letters the Russian buttons show.
LETTERS = {"H": "П", "S": "С", "D": "У", "P": "Р", "R": "Д"}
# Where each letter is on the Russian (ЙЦУКЕН) layout: the physical key a learner presses,
# which types the Cyrillic letter (Playwright's own press knows the US layout only).
RUSSIAN_LAYOUT = {"п": "KeyG", "с": "KeyC", "у": "KeyE", "р": "KeyH", "н": "KeyY", "б": "Comma",
                  "о": "KeyJ", "д": "KeyL", "в": "KeyD", "ж": "Semicolon"}  # fmt: skip


def focus_in(form: Any) -> None:
    """Put the focus on the form's first key where it is neither in the form nor on a verdict:
    a key answers only there (WCAG 2.1.4), and a whole page (after a held choice, or a step
    sent before htmx had its form) opens with the focus on neither, as a keyboard user would
    Tab in first."""
    inside = (
        "f => f.contains(document.activeElement) || !!document.activeElement.closest('.feedback')"
    )
    keys = form.first.locator("button[data-key]:not([disabled])")
    if form.count() and not form.first.evaluate(inside) and keys.count():
        keys.first.focus()


def press(page: Page, key: str) -> None:
    """Press ``key`` as a keyboard would: a Cyrillic letter on the Russian layout (its physical
    key's code, the letter as the character typed), anything else as Playwright presses it."""
    code = RUSSIAN_LAYOUT.get(key)
    if code is None:
        page.keyboard.press(key)
        return
    session = page.context.new_cdp_session(page)
    try:
        for kind in ("keyDown", "keyUp"):
            session.send(
                "Input.dispatchKeyEvent",
                {"type": kind, "key": key, "code": code, "text": key if kind == "keyDown" else ""},
            )
    finally:
        session.detach()


@pytest.fixture
def russian_page(
    live_server: Any, browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[Page]:
    """A page whose browser asks for Russian, on the live server offering it."""
    config = live_server.app.config
    before = config["LANGUAGES"]
    config["LANGUAGES"] = ("en", "ru")
    context = browser.new_context(**browser_context_args, locale="ru-RU")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
        assert errors == []
    finally:
        context.close()
        config["LANGUAGES"] = before


def _last_answer(live_server: Any) -> tuple[str, int]:
    db = sqlite3.connect(live_server.app.config["DATABASE"])
    try:
        row = db.execute("SELECT answer, correct FROM attempts ORDER BY id DESC LIMIT 1").fetchone()
    finally:
        db.close()
    assert row is not None
    return row[0], row[1]


def _answer(page: Page, live_server: Any, latin: bool = False) -> tuple[str, str]:
    """Press the right answer's key at the quiz's question, the letter its button shows (lower
    case, as typed) or its Latin key; the answer that was right and the one stored."""
    page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")
    form = page.locator("form.strategy-question")
    notation = form.locator("input[name=question]").input_value()
    play = work_out(notation, Rules.parse(form.locator("input[name=rules]").input_value()))
    shown = form.locator(f'button[data-key="{play.right}"] kbd').inner_text()
    assert re.fullmatch("[А-Я]", shown), shown
    token = form.locator("input[name=token]").input_value()
    press(page, play.right.lower() if latin else shown.lower())
    expect(page.locator("form.strategy-question input[name=token]")).not_to_have_value(token)
    answer, _ = _last_answer(live_server)
    return play.right, answer


def test_the_quiz_answers_to_the_cyrillic_letters_shown_and_to_the_latin_ones(
    russian_page: Page, live_server: Any
) -> None:
    page = russian_page
    page.goto("/drills/basic-strategy")
    keys = page.locator("form.strategy-question .strategy-keys button")
    expect(keys.first).to_be_focused()
    shown = [keys.nth(n).locator("kbd").inner_text() for n in range(keys.count())]
    assert len(set(shown)) == len(shown), shown
    plays = 0
    for _ in range(12):  # the right answer by its Cyrillic letter (plays and insurance)
        right, answer = _answer(page, live_server)
        assert answer == right
        assert _last_answer(live_server)[1] == 1
        plays += right in LETTERS
        if plays >= 3:
            break
    assert plays >= 3
    # The plays' buttons show their letters, стоять and сдаться two different ones.
    buttons = page.locator("form.strategy-question .strategy-keys button")
    if buttons.count() == len(LETTERS):
        assert [b.locator("kbd").inner_text() for b in buttons.all()] == list(LETTERS.values())
        expect(page.get_by_role("button", name=re.compile("^Стоять"))).to_have_attribute(
            "aria-keyshortcuts", "S С"
        )
    # The Latin letters of today still answer.
    right, answer = _answer(page, live_server, latin=True)
    assert answer == right
    # A Cyrillic letter no button shows answers nothing.
    token = page.locator("form.strategy-question input[name=token]").input_value()
    press(page, "ж")
    page.wait_for_timeout(300)
    expect(page.locator("form.strategy-question input[name=token]")).to_have_value(token)


def test_the_table_plays_by_cyrillic_letters(russian_page: Page, live_server: Any) -> None:
    page = russian_page
    page.goto("/table/")
    page.get_by_role("button", name="Сесть", exact=True).click()
    played = set()
    for _ in range(40):
        ready(page)
        expect(page.locator("form.table-step, form.held-choice")).to_have_count(1)
        held = page.locator("form.held-choice")
        if held.count():  # a mistake held: kept by its Cyrillic letter (О, "Оставить")
            expect(held.locator("button[value=keep] kbd")).to_have_text("О")
            focus_in(held)
            press(page, "о")
            expect(page.locator("form.held-choice")).to_have_count(0)
            played.add("kept")
            continue
        step = page.locator("form.table-step")
        kind = step.locator("input[name=kind]").input_value()
        before = step.element_handle()
        if kind != "count":
            focus_in(step)
        if kind == "bet":
            expect(step.locator("summary kbd")).to_have_text("Д")  # "Другая сумма"
            if "amount" not in played:  # Д opens the field for an amount, typed
                press(page, "д")
                field = step.locator("details.bet-amounts input").first
                expect(field).to_be_focused()
                field.fill("10")
                page.keyboard.press("Enter")
                played.add("amount")
            else:
                press(page, "1")
        elif kind == "insurance":  # or even money, on a natural of the learner's (Н, "Нет")
            natural = step.get_by_role("button", name=re.compile("^Нет, играть")).count()
            no = step.get_by_role("button", name=re.compile("^(Без страховки|Нет, играть)"))
            expect(no.locator("kbd")).to_have_text("Н" if natural else "Б")
            press(page, "н" if natural else "б")
            played.add("insurance")
        elif kind == "play":
            stand = step.get_by_role("button", name=re.compile("^Стоять"))
            expect(stand.locator("kbd")).to_have_text("С")
            # Latin S on every other hand, the Cyrillic С on the rest.
            press(page, "s" if "play" in played and "latin" not in played else "с")
            played.add("latin" if "play" in played else "play")
        elif kind == "count":
            for field in step.locator("input[type=text]").all():
                field.fill("0")
            page.keyboard.press("Enter")
        else:
            pytest.fail(f"a step this walk does not take: {kind}")
        # The step answered: htmx swapped the table in, the form answered gone.
        page.wait_for_function("form => !form.isConnected", arg=before)
        if {"play", "latin"} <= played:
            break
    assert {"play", "latin", "amount"} <= played, played


def test_catch_the_dealer_calls_by_their_cyrillic_letters(
    russian_page: Page, live_server: Any
) -> None:
    """Ошибка (О) and Дальше (Д) call a round by the letters their buttons show, F and N
    beside them."""
    page = russian_page
    page.goto("/drills/catch-the-dealer")
    calls = page.locator("form.catch-question .catch-calls")
    expect(calls.locator("button[value=foul] kbd")).to_have_text("О")
    expect(calls.locator("button[value=next] kbd")).to_have_text("Д")
    expect(calls.locator("button[value=foul]")).to_have_attribute("aria-keyshortcuts", "F О")
    for letter, call in (("д", "next"), ("о", "foul"), ("n", "next")):
        page.wait_for_function("() => document.readyState === 'complete' && !!window.htmx")
        token = page.locator("form.catch-question input[name=token]").input_value()
        press(page, letter)
        expect(page.locator("#feedback")).to_be_visible()
        assert _last_answer(live_server)[0] == call
        page.goto("/drills/catch-the-dealer")
        expect(page.locator("form.catch-question input[name=token]")).not_to_have_value(token)


def test_the_bank_is_dealt_and_drawn_by_cyrillic_letters(
    russian_page: Page, live_server: Any
) -> None:
    """Holding the bank in Russian: Сдать кон by С, then Прикупить карту (П) and Стоять (С)
    shown on the dealer's buttons, a held mistake kept by О."""
    page = russian_page
    page.goto("/table/")
    page.locator("select[name=preset]").select_option("russian-bank")
    expect(page.locator("input[name=rules]").first).to_have_value("russian-bank")  # redrawn
    page.locator("input[name=others]").fill("1")
    page.locator("input[name=mode][value=training]").check()
    page.locator("input[name=stop_at]").fill("0")
    page.get_by_role("button", name="Сесть", exact=True).click()
    dealt = drawn = 0
    for _ in range(40):
        ready(page)
        expect(page.locator("form.table-step, form.held-choice")).to_have_count(1)
        if page.locator("form.held-choice").count():
            before = page.locator("form.held-choice").element_handle()
            focus_in(page.locator("form.held-choice"))
            press(page, "о")
        else:
            step = page.locator("form.table-step")
            kind = step.locator("input[name=kind]").input_value()
            before = step.element_handle()
            keys = [k.inner_text() for k in step.locator(".strategy-keys kbd").all()]
            if kind == "deal":
                assert keys == ["С"]
                focus_in(step)
                press(page, "с")
                dealt += 1
            elif kind == "draw":
                assert keys == ["П", "С"]
                focus_in(step)
                press(page, "с")
                drawn += 1
            elif kind == "count":
                for field in step.locator("input[type=text]").all():
                    field.fill("0")
                page.keyboard.press("Enter")
            else:
                pytest.fail(f"a step this walk does not take: {kind}")
        page.wait_for_function("form => !form.isConnected", arg=before)
        if dealt >= 2 and drawn >= 1:
            break
    assert dealt >= 2 and drawn >= 1, (dealt, drawn)
