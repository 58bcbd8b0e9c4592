"""An automated WCAG 2.1 A/AA audit of every page and drill state, on a laptop and a 320 px phone.

axe-core (the npm package pinned in package-lock.json, installed by ``npm ci``) is evaluated in
the page by Playwright and run once per state and width, the viewport resized between the two
runs of each state. A guest walks through the pages: the site's pages, each drill's states, a
learner's own pages, each walk a test of its own (which the suite's workers share).
The audit reports every violation of every state at once, so one run shows all there is to fix.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from drills import DRILLS
from drills.hand_totals import right_answer
from trainer.engine.deck.hand import Hand

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
WIDTHS = {"desktop": {"width": 1280, "height": 800}, "320 px": {"width": 320, "height": 640}}
FLIP_TIMEOUT = 30_000
PENETRATION_TIMEOUT = 90_000

# What axe does not measure, on a 320 px screen: fields and buttons with text under 16 px (a
# phone zooms into them) or under 44 px to touch, chart text under 11 px once the chart is
# scaled to the screen, and a page wider than the screen.
PHONE_CHECKS = """() => {
  const found = [];
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const name = e => e.tagName.toLowerCase() + (e.name ? '[name=' + e.name + ']' : '')
    + (e.textContent.trim() ? ' "' + e.textContent.trim().slice(0, 30) + '"' : '');
  const controls = 'select, textarea, button, input:not([type=hidden]):not([type=radio])'
    + ':not([type=checkbox])';
  for (const e of document.querySelectorAll(controls)) {
    if (!shown(e)) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    const box = e.getBoundingClientRect();
    if (size < 16) found.push(name(e) + ': text ' + size + ' px');
    if (box.height < 43.5) found.push(name(e) + ': ' + Math.round(box.height) + ' px high');
    if (box.right > innerWidth + 1) found.push(name(e) + ': wider than the screen');
  }
  for (const svg of document.querySelectorAll('svg')) {
    if (!shown(svg) || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) continue;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const t of svg.querySelectorAll('text')) {
      const size = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (size < 10.95) {
        const text = t.textContent.trim().slice(0, 20);
        found.push('chart text "' + text + '": ' + size.toFixed(1) + ' px');
        break;
      }
    }
  }
  if (document.documentElement.scrollWidth > innerWidth + 1)
    found.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  return found;
}"""


def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make setup` (npm ci installs axe-core)", pytrace=False)
    return AXE.read_text(encoding="utf-8")


class Audit:
    """Runs axe on the page's current state at each width and keeps what it found."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.source = axe_source()
        self.found: dict[str, list[str]] = {}
        self.states: list[str] = []

    def check(self, state: str) -> None:
        page = self.page
        page.wait_for_load_state("load")
        self.states.append(state)
        for width, size in WIDTHS.items():
            page.set_viewport_size(size)
            if not page.evaluate("() => !!window.axe"):
                page.evaluate(self.source)
            # resultTypes: only the violations are read, so axe makes no selector for each
            # node that passed (18% of its time: 26.0 s to 21.3 s over the pages walk's 56).
            violations = page.evaluate(
                "tags => axe.run(document, {runOnly: {type: 'tag', values: tags},"
                " resultTypes: ['violations']})"
                ".then(r => r.violations.map(v => v.id + ': ' + v.help + ' at '"
                " + v.nodes.map(n => n.target.join(' ')).join(', ')))",
                WCAG_21_AA,
            )
            if size["width"] < 400:
                violations += page.evaluate(PHONE_CHECKS)
            if violations:
                self.found[f"{state} ({width})"] = violations
        page.set_viewport_size(WIDTHS["desktop"])

    def report(self) -> str:
        return "\n".join(
            f"{state}:\n  " + "\n  ".join(found) for state, found in self.found.items()
        )


def type_into_question(page: Page, text: str) -> None:
    box = page.locator("form.question input:not([type=hidden]):not([type=radio])").first
    box.fill(text)
    box.press("Enter")


def verdict(page: Page) -> None:
    expect(page.locator("#feedback-heading")).to_be_visible()


def hand_totals(page: Page, audit: Audit) -> None:
    notation = page.locator("form.question input[name=question]").input_value()
    kind, _, total = right_answer(Hand.parse(notation)).partition(" ")
    page.get_by_label("Total", exact=True).fill(total or "")
    page.get_by_label(kind.capitalize(), exact=True).check()
    page.get_by_role("button", name="Answer").click()
    verdict(page)
    audit.check("hand totals: right")
    page.get_by_label("Hard", exact=True).check()
    page.get_by_role("button", name="Answer").click()
    expect(page.locator("#answer-error")).to_be_visible()
    audit.check("hand totals: an answer without a total")


def typed(wrong: str, bad: str) -> Callable[[Page, Audit], None]:
    """A drill answered in its text box: once wrong (the feedback), once malformed (the error)."""

    def answer(page: Page, audit: Audit) -> None:
        slug = page.url.rstrip("/").rsplit("/", 1)[-1]
        type_into_question(page, wrong)
        verdict(page)
        audit.check(f"{slug}: feedback")
        type_into_question(page, bad)
        expect(page.locator("#answer-error")).to_be_visible()
        audit.check(f"{slug}: a malformed answer")

    return answer


def penetration(page: Page, audit: Audit) -> None:
    type_into_question(page, "1")
    # The feedback waits for the penetration study of the rules: seconds, but dealt cold where
    # this walk comes first (numba compiling the kernel in this process, on a loaded machine,
    # took over 30 s once the walks were shared among the workers).
    expect(page.locator("#feedback-heading")).to_be_visible(timeout=PENETRATION_TIMEOUT)
    expect(page.locator("svg.penetration-chart")).to_be_visible(timeout=PENETRATION_TIMEOUT)
    audit.check("shoe penetration: feedback and chart")


def deviations(page: Page, audit: Audit) -> None:
    page.locator("form.strategy-question button:not([disabled])").first.click()
    verdict(page)
    audit.check("deviations: feedback")


def irregularities(page: Page, audit: Audit) -> None:
    """A remedy chosen (the feedback with the round played on), then a situation with an
    exposed card."""
    page.locator("form.strategy-question button").first.click()
    verdict(page)
    audit.check("irregularities: feedback")
    page.get_by_label("Irregularity").select_option("shown-card")
    page.get_by_role("button", name="New situation").click()
    expect(page.get_by_role("group", name="The card shown")).to_be_visible()
    audit.check("irregularities: a card shown in the pack")


def procedure(page: Page, audit: Audit) -> None:
    """An answer's feedback, then the deal order with cards on the table."""
    page.locator("form.strategy-question button").first.click()
    verdict(page)
    audit.check("procedure: feedback")
    page.get_by_label("Point of the deal").select_option("deal")
    page.get_by_role("button", name="New question").click()
    expect(page.get_by_role("group", name="Seat 1's cards")).to_be_visible()
    audit.check("procedure: the deal order")


def table_payouts(page: Page, audit: Audit) -> None:
    boxes = page.locator("form.question input[name^=box]")
    for index in range(boxes.count()):
        boxes.nth(index).fill("0")
    boxes.last.press("Enter")
    verdict(page)
    audit.check("payouts at the table: feedback")
    page.locator("form.question input[name^=box]").first.press("Enter")
    expect(page.locator("#answer-error")).to_be_visible()
    audit.check("payouts at the table: a box not paid")


def catch_the_dealer(page: Page, audit: Audit) -> None:
    """A round called on the drill's page, then a run's set-up, a refused set-up, a round of a
    run and the run's summary."""
    page.get_by_role("button", name="Foul").click()
    verdict(page)
    audit.check("catch the dealer: feedback")
    page.get_by_role("link", name="Play a run of rounds against the clock").click()
    audit.check("catch the dealer: a run's set-up")
    page.get_by_label("Seconds a round").fill("1")
    page.get_by_role("button", name="Deal the run").click()
    expect(page.locator(".field-error")).to_be_visible()
    audit.check("catch the dealer: a set-up refused")
    page.goto("/dealing/catch/run?rules=vegas-6d-s17&rate=50&speed=60&rounds=1&seed=3")
    audit.check("catch the dealer: a round of a run")
    page.get_by_role("button", name="Next").click()
    expect(page.locator(".catch-summary")).to_be_visible()
    audit.check("catch the dealer: the run's summary")


def table(page: Page, audit: Audit) -> None:
    """The table: its set-up (and a bad one), a bet, a mistake held, a round to its end."""
    page.get_by_role("link", name="Sit at a table").click()
    audit.check("table: set-up")
    page.get_by_label("Bankroll").fill("abc")
    page.get_by_role("button", name="Sit down").click()
    expect(page.locator(".field-error")).to_be_visible()
    audit.check("table: a bad set-up")
    page.get_by_label("Bankroll").fill("1000")
    # Every mistake stops the table (a bet of eight units near a count of 0 costs less than
    # the default threshold, 0.05 of a bet).
    page.get_by_label("Stop the table for a mistake costing at least").fill("0")
    page.get_by_role("button", name="Sit down").click()
    page.wait_for_function("() => !!window.htmx")
    audit.check("table: a bet")
    page.locator('form.table-step button[data-key="8"]').click()  # a bet off the ramp: held
    expect(page.locator("form.held-choice")).to_be_visible()
    audit.check("table: a mistake held")
    drawn = page.locator("input[name=token]").first  # a new one with every table drawn
    for _ in range(30):
        before = drawn.input_value()
        if page.locator("form.held-choice").count():
            page.locator('form.held-choice button[data-key="K"]').click()
        elif page.locator("form.step-play").count():
            audit.check("table: a play")
            page.locator("form.step-play button:not([disabled])").first.click()
        elif page.locator("form.step-count").count():
            page.get_by_label("Running count", exact=True).fill("0")
            page.get_by_label("True count", exact=True).fill("0")
            page.get_by_role("button", name="Answer").click()
        else:
            # A visible key: a step's form may hold a hidden default submit (insurance's
            # "Insure this much", behind its heading), which no one can click.
            visible = "form.table-step button:not([disabled]):not(.visually-hidden)"
            page.locator(visible).first.click()
        expect(drawn).not_to_have_value(before)
        if page.locator(".settlement").count():
            break
    expect(page.locator(".settlement")).to_be_visible()
    audit.check("table: a round settled")


def strategy_quiz(page: Page, audit: Audit) -> None:
    page.locator("form.strategy-question button:not([disabled])").first.click()
    verdict(page)
    audit.check("basic strategy: feedback")
    page.get_by_role("link", name="Your accuracy per chart cell").click()
    expect(page.locator("table.heatmap").first).to_be_visible()
    audit.check("basic strategy: heat map")
    page.get_by_role("link", name="Back to the quiz").click()
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator(".countdown")).to_be_visible()
    audit.check("basic strategy: a timed run")
    page.locator("form.strategy-question button:not([disabled])").first.click()
    verdict(page)
    audit.check("basic strategy: a timed run's feedback")


def counting_session(setup: dict[str, str]) -> Callable[[Page, Audit], None]:
    """Set up a session, watch it flip, answer each checkpoint, end at the summary."""

    def run(page: Page, audit: Audit) -> None:
        slug = page.url.rstrip("/").rsplit("/", 1)[-1]
        for label, value in setup.items():
            page.get_by_label(label).select_option(value)
        page.get_by_label("Cards per second").fill("abc")
        page.get_by_role("button", name="Deal").click()
        expect(page.locator(".field-error")).to_be_visible()
        audit.check(f"{slug}: a bad set-up")
        page.get_by_label("Cards per second").fill("20")
        page.get_by_role("button", name="Deal").click()
        expect(page.locator("ol.count-steps.flipping")).to_be_visible()
        audit.check(f"{slug}: cards flipping")
        summary = page.get_by_role("heading", name=re.compile("^Summary"))
        number = 0
        while True:
            form = page.locator("form.checkpoint")
            # Every card flipped (the form shows only then), or the summary.
            flipped = page.locator("ol.count-steps[data-flip-state=done]")
            expect(flipped.or_(summary)).to_have_count(1, timeout=FLIP_TIMEOUT)
            if summary.is_visible():
                break
            number += 1
            if number == 1:
                audit.check(f"{slug}: a checkpoint")
            for box in form.locator("input:not([type=hidden])").all():
                box.fill("+1")
            form.get_by_role("button", name="Answer").click()
            expect(page.locator("#feedback-heading")).to_contain_text(f"Checkpoint {number}")
            if number == 1:
                audit.check(f"{slug}: a checkpoint's feedback")  # the next cards wait for:
            deal_on = page.get_by_role("button", name="Deal on")
            if deal_on.is_visible():
                deal_on.click()
                expect(deal_on).to_have_count(0)
        audit.check(f"{slug}: the summary")

    return run


def table_dealing(page: Page, audit: Audit) -> None:
    """The dealer's choices (a punter's stakes) are asked at a table: its page says so."""
    expect(page.get_by_role("link", name="Sit at a table")).to_be_visible()


def aces(page: Page, audit: Audit) -> None:
    """The aces drill: its three numbers answered (right or wrong: the feedback), then one
    that is no number (the error)."""
    for label, value in (("Aces left over", "0"), ("True count for your bet", "0"),
                         ("True count for insurance", "0")):  # fmt: skip
        page.get_by_label(re.compile(label)).fill(value)
    page.get_by_role("button", name="Answer").click()
    verdict(page)
    audit.check("aces: feedback")
    page.get_by_label(re.compile("Aces left over")).fill("x")
    page.get_by_role("button", name="Answer").click()
    expect(page.locator("#answer-error")).to_be_visible()
    audit.check("aces: an answer that is no number")


DRILL_STATES: dict[str, Callable[[Page, Audit], None]] = {
    "Hand totals": hand_totals,
    "Basic strategy": strategy_quiz,
    "True count": typed("+30", "many"),
    "Aces: the side count": aces,
    "Deck estimation": typed("0.5", "many"),
    "Running count": counting_session({}),
    "Deck countdown": counting_session({}),
    "Counting through a shoe": counting_session({"Rules preset": "twenty-one-home"}),
    "Shoe penetration": penetration,
    "Payout math": typed("0.01", "many"),
    "Deviations": deviations,
    "Bet sizing": typed("995", "many"),  # a bet the table takes (units of 5), not the ramp's
    "Table play": table,
    "Table dealing": table_dealing,
    "Stakes as a punter": table_dealing,  # asked at a table too
    "Back-counting and boxes": table_dealing,  # asked at a back-counting table
    "Bidding for the deal": typed("1", "-5"),
    "Irregularities": irregularities,
    "Dealing procedure": procedure,
    "Payouts at the table": table_payouts,
    "Catch the dealer": catch_the_dealer,
}


def replays(page: Page, audit: Audit) -> None:
    """A table's shoe replayed (its first steps played through the table's forms), shared."""
    from tests.browser.test_browser_replays import played_table

    table_id = played_table(page, steps=4)
    page.goto("/replays/")
    audit.check("replays: the list")
    page.goto(f"/replays/table/{table_id}?step=2")
    audit.check("replays: a step")
    page.get_by_role("button", name="Make a link").click()
    expect(page.get_by_role("button", name="Withdraw the link")).to_be_visible()
    audit.check("replays: shared")


def pages(page: Page, audit: Audit) -> None:
    for path, state in [
        ("/", "home"),
        ("/drills/", "drills"),
        ("/path/placement", "placement check"),
        ("/rules", "rules"),
        ("/glossary", "glossary"),
        ("/signin", "sign in"),
        ("/signup", "sign up"),
        ("/no-such-page", "not found"),
        ("/risk?win_rate=0.01&sd=1.15&bankroll=200&rounds=5000&goal=100", "risk"),
        ("/risk?win_rate=0.01&sd=0&bankroll=200", "risk: a bad field"),
    ]:
        page.goto(path)
        audit.check(state)
    page.goto("/path/placement")
    page.get_by_role("button", name="Check my answers").click()  # all left blank
    expect(page.get_by_role("heading", name="No step marked as known yet")).to_be_visible()
    audit.check("placement check: its result")
    page.goto("/signin")
    page.get_by_label("Username").fill("nobody")
    page.get_by_label("Password").fill("wrong password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#form-error")).to_be_visible()
    audit.check("sign in: refused")
    page.goto("/strategy")
    expect(page.locator("table.strategy-grid").first).to_be_visible(timeout=FLIP_TIMEOUT)
    audit.check("strategy chart")
    page.locator("table.strategy-grid a").first.click()
    expect(page.locator("#cell")).to_be_visible()
    audit.check("strategy chart: a cell's EVs")


def history(page: Page, audit: Audit) -> None:
    for path, state in [("/progress", "progress"), ("/mistakes", "mistakes")]:
        page.goto(path)
        audit.check(state)
    page.get_by_role("button", name=re.compile("^Drill these Payout math")).click()
    expect(page.locator(".review-status")).to_be_visible()
    audit.check("mistakes drilled again")
    page.goto("/")
    audit.check("home: today")
    page.goto("/account")
    audit.check("account (guest)")
    page.get_by_role("link", name="All your answers").click()
    audit.check("every answer")
    page.goto("/signup")
    page.get_by_label("Username").fill("audited")
    page.get_by_label("Password").fill("a long enough password")
    page.get_by_role("button", name="Sign up").click()
    audit.check("account: welcome")


def drill(title: str) -> Callable[[Page, Audit], None]:
    """A drill's question page from the drills' list, then its walk through its states."""

    def walk(page: Page, audit: Audit) -> None:
        page.goto("/drills/")
        page.get_by_role("link", name=title, exact=True).click()
        expect(page.get_by_role("heading", name=title, level=1)).to_be_visible()
        page.wait_for_function("() => !!window.htmx")
        audit.check(f"{title}: the question")
        DRILL_STATES[title](page, audit)

    return walk


def learners_pages(page: Page, audit: Audit) -> None:
    """The pages of a learner's own: as a newcomer on the path, the table's set-up with the
    count's settings folded away, and opened; a mistake made (payout math), so that there are
    mistakes to list and drill again."""
    page.goto("/")
    page.get_by_role("button", name="I am new to blackjack").click()
    page.goto("/table/")
    audit.check("table: a newcomer's set-up")
    page.locator("details.setup-more summary").click()
    expect(page.get_by_label("Counting system")).to_be_visible()
    audit.check("table: a newcomer's set-up, the count's settings opened")
    drill("Payout math")(page, Audit(page))
    history(page, audit)


def a_class(page: Page, audit: Audit) -> None:
    """A coach's class (empty, then with a learner who answered), the invite, joining, a
    used invite refused, a learner's page, the class's deletion page and its deletion."""

    def sign_up(name: str) -> None:
        page.goto("/signup")
        page.get_by_label("Username").fill(name)
        page.get_by_label("Password").fill("a long enough password")
        page.get_by_role("button", name="Sign up").click()

    sign_up("audit-coach")
    page.goto("/classes")
    audit.check("classes: none yet")
    page.get_by_label("The class's name").fill("Audited")
    page.get_by_label("Your name as your learners will see it").fill("Kim")
    page.get_by_role("button", name="Start a class").click()
    page.get_by_role("button", name="Make invites").click()
    audit.check("a class: no learner yet, an invite")
    link = page.locator("code.invite-link").first.inner_text().strip()
    class_url = page.url.split("#")[0]
    page.get_by_role("link", name="Account").click()
    page.get_by_role("button", name="Sign out").click()
    sign_up("audit-learner")
    page.goto(link)
    audit.check("an invite")
    page.get_by_label("Your name as your coach will see it").fill("Sam")
    page.get_by_label(re.compile("I agree")).check()
    page.get_by_role("button", name="Join the class").click()
    audit.check("classes: joined")
    page.goto(link)
    audit.check("an invite used already")
    drill("Payout math")(page, Audit(page))
    page.get_by_role("link", name="Account").click()
    page.get_by_role("button", name="Sign out").click()
    page.goto("/signin")
    page.get_by_label("Username").fill("audit-coach")
    page.get_by_label("Password").fill("a long enough password")
    page.get_by_role("button", name="Sign in").click()
    page.goto(class_url)
    audit.check("a class with a learner")
    page.get_by_role("link", name="Sam").click()
    audit.check("a learner of a class")
    page.goto(class_url + "/delete")
    audit.check("a class's deletion page")
    page.get_by_role("button", name="Delete Audited for good").click()
    audit.check("classes: a class deleted")


def checkouts(page: Page, audit: Audit) -> None:
    """The checkouts: the list, a start page, a part to start, the cheque stack, an answer in
    the wrong form, a failed run's wrong answers, and the counting checkout's deck."""
    page.goto("/signup")
    page.get_by_label("Username").fill("audited-checkouts")
    page.get_by_label("Password").fill("a long enough password")
    page.get_by_role("button", name="Sign up").click()
    page.goto("/checkouts/")
    audit.check("checkouts")
    page.get_by_role("link", name="Dealer", exact=True).click()
    audit.check("checkouts: the dealer's start page")
    page.get_by_role("button", name="Deal this checkout").click()
    audit.check("checkouts: a part to start")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("svg.cheque-stack")).to_be_visible()
    audit.check("checkouts: a stack of cheques")
    page.get_by_label("The stack is worth").fill("many")
    page.get_by_role("button", name="Answer").click()
    expect(page.locator(".field-error")).to_be_visible()
    audit.check("checkouts: an answer in the wrong form")
    page.get_by_label("The stack is worth").fill("1")
    page.get_by_role("button", name="Answer").click()
    expect(page.locator(".checkout-mistakes")).to_be_visible()
    audit.check("checkouts: a run failed")
    page.goto("/checkouts/counting")
    page.get_by_role("button", name="Deal this checkout").click()
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".deal-spot .card")).to_have_count(1)  # the deck dealt card by card
    audit.check("checkouts: a deck counted down")


# One walk a test, so that the workers share the audit: the pages, each drill's states, and a
# learner's own pages. Each walk starts from a new guest in a browser context of its own.
WALKS: dict[str, Callable[[Page, Audit], None]] = {
    "pages": pages,
    **{title: drill(title) for title in DRILL_STATES},
    "a learner's own pages": learners_pages,
    "a class": a_class,
    "replays": replays,
    "checkouts": checkouts,
}


def test_every_drill_is_audited() -> None:
    assert set(DRILL_STATES) == {drill.title for drill in DRILLS}


@pytest.mark.parametrize("walk", list(WALKS))
def test_every_page_and_drill_state_has_no_wcag_21_aa_violation(page: Page, walk: str) -> None:
    audit = Audit(page)
    page.set_viewport_size(WIDTHS["desktop"])
    WALKS[walk](page, audit)
    assert audit.states, "the walk checked no state"
    assert audit.found == {}, f"axe found violations:\n{audit.report()}"


def test_the_audit_sees_a_violation(page: Page, live_server: Any) -> None:
    """The audit is not blind: an image without a name on the home page is reported."""
    audit = Audit(page)
    page.goto("/")
    page.evaluate("() => document.querySelector('main').append(document.createElement('img'))")
    audit.check("home with a nameless image")
    assert any("image-alt" in v for found in audit.found.values() for v in found)
