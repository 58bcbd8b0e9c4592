"""The rules a learner sees, as a learner sees them, with JavaScript on and off: /strategy
switched between presets shows each preset's own chart, house edge and rules; a batch of
mistakes made under three presets, drilled again, names each question's rules."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from drills.strategy_quiz import work_out
from trainer.engine.banker.face_down_chart import one_column_chart
from trainer.engine.rulebook.rule_words import summary_lines, title
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.engine.strategy import chart

SWITCHES = ("vegas-6d-s17", "russian-bank", "vegas-6d-h17")
# Cells whose play differs between these presets (soft 18 against 2 turns on the soft-17 rule;
# russian-bank, no card shown, has the chart of one column); each page must show the play the
# engine's chart has.
CELLS = (("hard", "Hard totals", "11", "10"), ("soft", "Soft totals", "A,7", "2"))


def show_chart(page: Page, javascript: bool) -> None:
    """Wait for the chart: htmx fetches it with JavaScript; without, follow the page's link."""
    waiting = page.get_by_role("link", name="Show the chart when it is ready")
    if not javascript and waiting.count():
        waiting.click()
    expect(page.locator(".house-edge")).to_be_visible(timeout=120_000)


def expect_one_column(page: Page, rules: Rules) -> None:
    """004 as its text deals it: no banker card, the punters' chart of one column."""
    one = one_column_chart(rules)
    expect(page.locator(".house-edge")).to_contain_text(f"{-one.house_edge:.3f}%")
    two_cards = page.locator("table.one-column").first
    for row in one.by_drawn(0):
        if row.total in (12, 16, 17):
            label = f"{'soft' if row.soft else 'hard'} {row.total}"
            line = two_cards.get_by_role("row", name=re.compile(f"^{label} "))
            expect(line.first).to_contain_text("Draw" if row.code == "H" else "Stand")


def expect_preset(page: Page, name: str, javascript: bool) -> None:
    rules = find_preset(name)
    if rules.deal_faces == "all-down":
        expect(
            page.get_by_role("heading", name=f"The chart below is for: {title(rules)}")
        ).to_be_visible()
        expect(page.get_by_label("Rules preset")).to_have_value(name)
        listed = page.locator("ul.strategy-summary")
        for line in summary_lines(rules):
            expect(listed).to_contain_text(line)
        expect_one_column(page, rules)
        return
    computed = chart(rules)
    show_chart(page, javascript)
    expect(
        page.get_by_role("heading", name=f"The chart below is for: {title(rules)}")
    ).to_be_visible()
    expect(page.get_by_label("Rules preset")).to_have_value(name)
    expect(page.locator(".house-edge")).to_contain_text(f"{computed.house_edge:.3f}%")
    listed = page.locator("ul.strategy-summary")
    for line in summary_lines(rules):
        expect(listed).to_contain_text(line)
    for section, caption, row, up in CELLS:
        if row not in computed.codes[section]:
            continue
        code = computed.code(section, row, up)
        cell = page.get_by_role("link", name=f"{caption} {row} against {up}:", exact=False)
        named = re.escape(f"{caption} {row} against {up}: ")
        said = re.compile(named + r".+ — " + re.escape(code) + "$")
        expect(cell.first).to_have_attribute("aria-label", said)  # the play in words, its letters


def test_switching_presets_on_the_strategy_page_shows_each_presets_own_chart(
    learner: Any,
) -> None:
    page = learner.page
    page.goto("/strategy?rules=vegas-6d-s17")
    expect_preset(page, "vegas-6d-s17", learner.javascript)
    # The option fields hold the Vegas values; choosing another preset must start from its own.
    page.get_by_text("Change any rule").click()
    expect(page.get_by_label("Double down on", exact=True)).to_have_value("any")
    for name in SWITCHES[1:]:
        learner.wait_for_htmx()
        page.get_by_label("Rules preset").select_option(name)
        page.get_by_role("button", name="Show the chart").click()
        expect_preset(page, name, learner.javascript)
        assert page.url.endswith(f"/strategy?rules={name}")
    # russian-bank's own options came back with it, and went again for vegas-6d-h17.
    page.get_by_text("Change any rule").click()
    expect(page.get_by_label("Dealer hits soft 17", exact=True)).to_have_value("true")
    expect(page.get_by_label("Double down on", exact=True)).to_have_value("any")


def answer_quiz(page: Page, *, correct: bool) -> str:
    """Answer the basic-strategy question on screen (by its buttons); return its rules."""
    form = page.locator("form.strategy-question")
    notation = form.locator("input[name=question]").input_value()
    rules_text = form.locator("input[name=rules]").input_value()
    play = work_out(notation, Rules.parse(rules_text))
    key = play.right
    if not correct:
        key = next(k for k in play.evs if play.evs[k] < play.evs[play.right] - 1e-6)
    token = form.locator("input[name=token]").input_value()
    form.get_by_role("button", name=play.keys[key]).click()
    expect(page.locator("form.strategy-question input[name=token]")).not_to_have_value(token)
    verdict = "Right: " if correct else "Not quite: "
    expect(page.locator("#feedback-heading")).to_have_text(re.compile("^" + verdict))
    # The feedback names the rules the answer was graded under.
    graded = page.locator("section.feedback details.rules-line summary")
    expect(graded).to_contain_text(f"Graded under: {title(Rules.parse(rules_text))}")
    return rules_text


def test_mistakes_made_under_three_presets_are_drilled_again_each_under_its_own_rules(
    learner: Any,
) -> None:
    page = learner.page
    learner.sign_up(f"rules{'js' if learner.javascript else 'nojs'}", "a long enough password")
    presets = ("vegas-6d-s17", "russian-bank", "casino-boxes")
    for name in presets:
        page.goto(f"/drills/basic-strategy?rules={name}&mix=hard")
        learner.wait_for_htmx()
        # The question names its rules in words, the full list a click away.
        line = page.locator("form.strategy-question details.rules-line")
        expect(line.locator("summary")).to_have_text(f"Rules: {title(find_preset(name))}")
        line.locator("summary").click()
        expect(line.get_by_role("listitem").first).to_be_visible()
        assert answer_quiz(page, correct=False) == name

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Mistakes").click()
    rows = page.locator("ol.mistakes > li")
    expect(rows).to_have_count(3)
    for row, name in zip(rows.all(), reversed(presets), strict=True):
        expect(row.locator("details.rules-line summary")).to_have_text(
            f"Under: {title(find_preset(name))}"
        )

    page.get_by_role("button", name=re.compile("Drill these Basic strategy mistakes again")).click()
    seen = []
    for position in range(1, 4):
        expect(page.locator("#drill-panel").get_by_role("status")).to_contain_text(
            f"question {position} of 3"
        )
        form = page.locator("form.strategy-question")
        name = form.locator("input[name=rules]").input_value()
        expect(form.locator("details.rules-line summary")).to_have_text(
            f"Rules: {title(find_preset(name))}"
        )
        # The footer names the question's rules beside the learner's table, never the table
        # alone as if it were this question's (htmx brings it up to date with each question).
        footer = page.locator("footer")
        if name == "vegas-6d-s17":  # the learner's table
            expect(footer).to_contain_text("every question and chart names")
        else:
            page_rules = title(find_preset(name))
            expect(footer).to_contain_text(f"This page: {page_rules}; your rules for the drills:")
        seen.append(answer_quiz(page, correct=True))
    assert sorted(seen) == sorted(presets)
    expect(page.get_by_text("Review done: 3 of 3 right")).to_be_visible()
