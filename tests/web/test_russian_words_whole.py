"""What the Python code hands the pages issue 30's tester walked, read whole in Russian.

The scans of :mod:`tests.web.test_russian_pages` leave out what the Python code hands a template
(each drill's own words are that code's to translate). On these parts of these pages the Python
code says every word through the catalogue too, so they are read whole, marks and all: an
English start on the home page, a prompt, a verdict's play or hand, the working of the
deviations, bet sizing and the deal auction, a dealing step's keys, the rules' interpretations,
the counting script's words or an htmx answer's footer is found; so is one in the dealer's
drills' working and verdicts (the table payouts box by box, an irregularity's answer, catch the
dealer's slips and its run's summary), a mistake held at a training table, a count check
refused, or a Latin letter on the dealer's keys. (A module of its own beside
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
    CASINO_TABLE,
    CSRF,
    Walk,
    answers,
    question_form,
    walk_catch,
    walk_drill,
    walk_table,
)
from tests.web.test_plain_words import _step as _answered
from tests.web.test_russian_pages import (
    CLOSE,
    OPEN,
    TRAINING_TABLE,
    MarkedWalk,
    latin_words,
    russian,
)

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


# -- the table's part of issue 30: its working, verdicts, refusals and keys -----------------------

VERDICT = r'<section id="verdict".*?</section>'
PUNTER_TABLE = {**BANK_TABLE, "others": "2", "punter_seat": "1", "graded": ["bets"],
                "stop_at": "0", "unpriced": "stop"}  # fmt: skip
# A drill's verdict without the situation drawn beside it (its own words, read elsewhere): the
# heading, the why and the details; the table payouts' working, box by box.
VERDICT_LINES = r'<section id="feedback".*?(?=<div class="verdict-shown">|</section>)'
WORKING = {"table-payouts": r'<ul class="box-feedback">.*?</ul>'}
CATCH_SUMMARY = r'<section class="catch-summary".*?</section>'
REFUSAL = r'<p class="field-error".*?</p>'
REFUSED = r'<(p|section) class="(field-error|notice error)".*?</\1>'  # a field's, or a 400 page's
CATCH_CALLS = r'<div class="answer-row catch-calls">.*?</div>'


def _found(page: str, pattern: str) -> str:
    found = re.search(pattern, page, re.S)
    assert found, f"no {pattern} on the page"
    return found.group(0).replace(OPEN, "").replace(CLOSE, "")


def _keys_shown(part: str) -> list[str]:
    """The letters the keys show on their buttons."""
    return re.findall(r"<kbd>(.*?)</kbd>", part)


def test_the_dealers_drills_say_their_working_and_verdicts_in_russian(russian: Walk) -> None:
    """The table payouts' working box by box, an irregularity's right answer quoted, catch the
    dealer's slip or right round, and a run's summary round by round: every word Russian."""
    drills = registry()
    parts = {}
    for slug in ("table-payouts", "irregularities", "catch-the-dealer"):
        walk_drill(russian, drills[slug])
        for name, page in russian.seen[-2:]:
            parts[f"{name}: the verdict"] = _part(page, WORKING.get(slug, VERDICT_LINES))
    walk_catch(russian)
    parts["catch the dealer: the run's summary"] = _part(russian.seen[-1][1], CATCH_SUMMARY)
    # A run's set-up refused (its rounds out of bounds), and a run that cannot be played.
    for name, query in (
        ("a run's set-up refused", {"rounds": "99", "rate": "500"}),
        ("a run refused", {"rules": "vegas-6d-s17", "rounds": "99", "seed": "1"}),
    ):
        refused = russian.client.get("/dealing/catch" if "set-up" in name else "/dealing/catch/run",
                                     query_string=query)  # fmt: skip
        assert refused.status_code == 400, name
        parts[name] = _part(russian.text(refused), REFUSED)
    assert not _english(parts), _english(parts)
    assert "Бокс 1:" in parts["table-payouts: a wrong answer: the verdict"]
    assert "Раунд 1:" in parts["catch the dealer: the run's summary"]


def test_the_dealers_keys_show_cyrillic_letters_in_russian(russian: Walk) -> None:
    """The bank's deal and draw keys and catch the dealer's calls each show a Cyrillic letter,
    no two alike where shown together (their Latin keys still answer beside them), and the
    bank's other players are lettered in Russian."""
    walk_table(russian, "the bank", BANK_TABLE)
    steps = {name: page for name, page in russian.seen if name.startswith("the bank: a ")}
    steps["catch the dealer's calls"] = russian.get("catch the dealer", "/drills/catch-the-dealer")
    shown = {
        name: _keys_shown(_found(page, CATCH_CALLS if name.startswith("catch") else KEYS))
        for name, page in steps.items()
    }
    for name, keys in shown.items():
        assert keys and all(re.fullmatch("[А-ЯЁ]", key) for key in keys), (name, keys)
        assert len(set(keys)) == len(keys), (name, keys)
    assert shown["catch the dealer's calls"] == ["О", "Д"]
    assert shown["the bank: a draw step"] == ["П", "С"]
    # The other players are named by the Russian alphabet too (the Cyrillic А, not the Latin).
    assert "Игрок \u0410" in steps["the bank: a draw step"]


def test_a_mistake_at_the_table_and_a_count_refused_read_in_russian(russian: Walk) -> None:
    """A training table stops on a play's mistake: its verdict (the chart, the EVs, the cost)
    reads in Russian, and so does a punter's stake held at the Russian bank (the Kelly rule's
    working); a count check answered with nothing is refused in Russian."""
    walk_table(russian, "training", TRAINING_TABLE)
    held = russian.seen[-1][1]
    parts = {"a mistake held: its verdict": _part(held, VERDICT)}
    assert "Неверно" in parts["a mistake held: its verdict"]
    # A punter's stake at the Russian bank, off the Kelly rule: its working too.
    walk_table(russian, "a punter", PUNTER_TABLE)
    parts["a punter's stake held: its verdict"] = _part(russian.seen[-1][1], VERDICT)
    assert "единица ставки" in parts["a punter's stake held: its verdict"]
    response = russian.client.post("/table/", data={**CASINO_TABLE, "csrf_token": CSRF})
    url = response.headers["Location"]
    for _ in range(200):
        page = russian.text(russian.client.get(url))
        form = next(form for form in forms_of(page) if "kind" in form.fields)
        if form.fields["kind"] == "count":
            refused = russian.client.post(
                form.action, data={**form.fields, **dict.fromkeys(form.boxes, "")}
            )
            assert refused.status_code == 400
            parts["a count refused"] = _part(russian.text(refused), REFUSAL)
            break
        russian.client.post(form.action, data=_answered(form), follow_redirects=True)
    else:
        pytest.fail("no count check came")
    assert not _english(parts), _english(parts)
