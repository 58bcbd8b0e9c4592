"""What the Python code hands the pages issue 30's tester walked, read whole in Russian.

The scans of :mod:`tests.web.test_russian_pages` leave out what the Python code hands a template
(each drill's own words are that code's to translate). On these parts of these pages the Python
code says every word through the catalogue too, so they are read whole, marks and all: an
English start on the home page, a prompt, a verdict's play or hand, the working of the
deviations, bet sizing and the deal auction, a dealing step's keys, the rules' interpretations,
the counting script's words or an htmx answer's footer is found. (A module of its own beside
that one's scans, which it uses: one module would pass 600 lines.)"""

from __future__ import annotations

import html
import json
import re

import pytest

from drills import registry
from tests.web.page_text import forms_of
from tests.web.test_plain_words import (
    BANK_TABLE,
    CSRF,
    Walk,
    answers,
    question_form,
    walk_drill,
    walk_table,
)
from tests.web.test_russian_pages import CLOSE, OPEN, MarkedWalk, latin_words, russian

__all__ = ["russian"]  # the fixture the tests walk with, shared with that module

pytestmark = pytest.mark.usefixtures("count_studies")


PROMPTED = ("hand-totals", "bet-sizing", "deviations", "catch-the-dealer", "deal-auction",
            "table-payouts", "procedure")  # fmt: skip
QUESTION_HEADING = r'<h2 id="question-heading".*?</h2>'
FEEDBACK_HEADING = r'<h2 id="feedback-heading".*?</h2>'
KEYS = r'<div class="answer-row strategy-keys">.*?</div>'
FEEDBACK = r'<section id="feedback".*?</section>'


def _part(page: str, pattern: str) -> str:
    found = re.search(pattern, page, re.S)
    assert found, f"no {pattern} on the page"
    # The keys' letters are the table's shortcuts, not words.
    return re.sub(r"<kbd>.*?</kbd>", "", found.group(0))


def _english(parts: dict[str, str]) -> dict[str, list[str]]:
    said = {name: latin_words(part, templates_only=False) for name, part in parts.items()}
    return {name: words for name, words in said.items() if words}


def test_the_starts_the_prompts_and_the_verdicts_are_said_in_russian(russian: Walk) -> None:
    home = russian.get("/", "/")
    parts = {"the home page's starts": _part(home, r"<form[^>]*start-choices.*?</form>")}
    drills = registry()
    for slug in PROMPTED:
        parts[f"{slug}: the question"] = _part(
            russian.get(slug, f"/drills/{slug}"), QUESTION_HEADING
        )
    walk_drill(russian, drills["hand-totals"])
    parts["hand-totals: a wrong answer"] = _part(russian.seen[-1][1], FEEDBACK_HEADING)
    page = russian.get("procedure: the question", "/drills/procedure")
    parts["procedure: its answers"] = _part(
        page, r'<div class="answer-row[^"]*choice-keys">.*?</div>'
    )
    for slug in ("deviations", "bet-sizing", "deal-auction", "procedure"):
        walk_drill(russian, drills[slug])
        parts[f"{slug}: its working"] = _part(russian.seen[-1][1], FEEDBACK)
    assert "Неверно" in parts["hand-totals: a wrong answer"]
    assert not _english(parts), _english(parts)


def test_the_table_deals_and_the_rules_read_in_russian(russian: Walk) -> None:
    walk_table(russian, "the bank", BANK_TABLE)
    steps = {name: page for name, page in russian.seen if name.startswith("the bank: a ")}
    assert {"the bank: a deal step", "the bank: a draw step"} <= set(steps)
    parts = {f"{name}: its keys": _part(page, KEYS) for name, page in steps.items()}
    for rules in ("twenty-one-home", "russian-bank", "permanent-bank"):
        page = russian.get(f"/rules of {rules}", "/rules", rules=rules)
        preset = _part(page, f'<li class="preset[^"]*" id="preset-{rules}">.*?</ul>')
        parts[f"/rules: {rules}'s lines"] = preset
        section = _part(page, r'<section class="interpretations".*?</section>')
        shown = re.findall(r'<dt id="interpretation-.*?</dt>|<p>.*?</p>', section)
        parts[f"/rules: {rules}'s interpretations"] = "".join(shown)
    assert "Толкование" in parts["/rules: twenty-one-home's lines"]
    assert not _english(parts), _english(parts)


def test_the_counting_script_is_given_its_words_in_russian(russian: Walk) -> None:
    page = russian.get("running-count: the set-up", "/drills/running-count")
    setup = next(form for form in forms_of(page) if "session-setup" in form.classes)
    page = russian.post("running-count: the cards", setup.action, {**setup.fields, "speed": "20"})
    found = re.search(r'data-words="([^"]*)"', page)
    assert found, "the counting session gives its script no words"
    said = json.loads(html.unescape(found.group(1)).replace(OPEN, "").replace(CLOSE, ""))
    assert said["count"] == "Ваш счёт?"
    assert "%(step)s" in said["step"] and "%(steps)s" in said["step"]
    # The placeholders the script fills in are not words.
    assert not _english({key: re.sub(r"%\(\w+\)s", "", text) for key, text in said.items()})


def test_an_htmx_answer_in_russian_keeps_its_footer_russian(russian: Walk) -> None:
    """The footer an htmx answer brings is kept by the app: one kept from an English answer
    must not be handed to a Russian one."""
    app = russian.client.application
    english = MarkedWalk(app.test_client())
    english.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    footers = []
    for walk in (english, russian):
        page = walk.get("hand-totals", "/drills/hand-totals")
        form = question_form(page)
        right, _ = answers(registry()["hand-totals"], form)
        response = walk.client.post(form.action, data={"csrf_token": CSRF, **right},
                                    headers={"HX-Request": "true"})  # fmt: skip
        assert response.status_code == 200
        footer = _part(walk.text(response), r'<p id="footer-rules" hx-swap-oob="true">.*?</p>')
        footers.append(footer.replace(OPEN, "").replace(CLOSE, ""))
    assert "Your table" in footers[0]
    assert "Ваш стол" in footers[1] and "Your table" not in footers[1]
