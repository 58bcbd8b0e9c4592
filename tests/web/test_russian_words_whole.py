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
from dataclasses import replace
from fractions import Fraction

import pytest

from drills import registry
from drills.base import InvalidAnswerError
from drills.strategy_play import Play, ShownCount
from drills.strategy_quiz import DRILL, work_out
from drills.strategy_why import explain, illegal_reason
from tests.conftest import sealed, store_answer
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
from trainer import store
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules

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
    assert "Your rules for the drills" in footers[0]
    assert "Ваши правила" in footers[1] and "Your rules" not in footers[1]


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
SAID = r"<p>[^<]*Ваш ответ:.*?</p>"  # a mistake's answer and the right one, on /mistakes


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
    # The mistakes page says the stored answers ("foul", an English label) in Russian.
    for slug in ("irregularities", "catch-the-dealer"):
        page = russian.get(f"/mistakes of {slug}", "/mistakes", drill=slug)
        parts[f"/mistakes of {slug}"] = _part(page, SAID)
    assert not _english(parts), _english(parts)
    assert "Бокс 1:" in parts["table-payouts: a wrong answer: the verdict"]
    assert "Раунд 1:" in parts["catch the dealer: the run's summary"]


def test_the_dealers_keys_show_cyrillic_letters_in_russian(russian: Walk) -> None:
    """The bank's deal and draw keys and catch the dealer's calls each show a Cyrillic letter,
    no two alike where shown together (their Latin keys still answer beside them), and the
    bank's other players are lettered in Russian."""
    for _ in range(8):  # a shoe whose first keys were all right left no mistake: another
        walk_table(russian, "the bank", BANK_TABLE)
        mistakes = russian.get("/mistakes", "/mistakes", drill="table-dealing")
        if re.search(SAID, mistakes, re.S):
            break
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
    said = _part(mistakes, SAID)
    assert not _english({"/mistakes of table-dealing": said}), said
    assert shown["the bank: a draw step"] == ["П", "С"]
    # The other players are named by the Russian alphabet too (the Cyrillic А, not the Latin),
    # and at 004 as its text calls them: понтёр (a reader's walk found «Игрок А» there).
    assert "Понтёр \u0410" in steps["the bank: a draw step"]


def test_a_mistake_at_the_table_and_a_count_refused_read_in_russian(russian: Walk) -> None:
    """A training table stops on a play's mistake: its verdict (the chart, the EVs, the cost)
    reads in Russian, and so does a punter's stake held at the Russian bank (the Kelly rule's
    working); a count check answered with nothing is refused in Russian."""
    for _ in range(8):  # a walk that ended held nothing (a shoe of no play step wrong): another
        walk_table(russian, "training", TRAINING_TABLE)
        if re.search(VERDICT, russian.seen[-1][1], re.S):
            break
    held = russian.seen[-1][1]
    parts = {"a mistake held: its verdict": _part(held, VERDICT)}
    assert "Неверно" in parts["a mistake held: its verdict"]
    # A punter's stake at the Russian bank, off the Kelly rule: its working too.
    for _ in range(8):  # a shoe whose smallest stakes were all right holds nothing: another
        walk_table(russian, "a punter", PUNTER_TABLE)
        if re.search(VERDICT, russian.seen[-1][1], re.S):
            break
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


def test_the_quizs_verdicts_read_in_russian_with_their_details(russian: Walk) -> None:
    """A right and a wrong answer to the basic-strategy quiz: the verdict, its why, the EV table
    and the chart's line behind Details, each word said in Russian."""
    walk_drill(russian, registry()["basic-strategy"])
    (_, right), (_, wrong) = russian.seen[-2:]
    parts = {"the quiz: a right answer": _part(right, FEEDBACK),
             "the quiz: a wrong answer": _part(wrong, FEEDBACK)}  # fmt: skip
    for name, part in parts.items():
        assert '<details class="verdict-details">' in part, f"{name}: no details"
        assert "Таблица для этих правил" in part, f"{name}: no chart's line in the details"
    assert "Верно" in parts["the quiz: a right answer"]
    assert "Неверно" in parts["the quiz: a wrong answer"]
    # Insurance taken against a 16, then even money declined: each verdict a sentence of its own.
    for notation, answer in (("TS 6H v AD insurance", "I"), ("AS KH v AD insurance", "N")):
        form = question_form(russian.get("the quiz", "/drills/basic-strategy"))
        sent = sealed({**form.fields, "question": notation, "answer": answer}, "basic-strategy")
        page = russian.post(f"the quiz: {notation}", form.action, sent)
        parts[f"the quiz: {notation} answered {answer}"] = _part(page, FEEDBACK)
    assert "страховку здесь брать не нужно" in parts["the quiz: TS 6H v AD insurance answered I"]
    assert not _english(parts), _english(parts)


def test_the_placement_checks_plays_and_its_results_read_in_russian(russian: Walk) -> None:
    page = russian.get("the placement check", "/path/placement")
    plays = re.findall(r'<fieldset class="plays">.*?</fieldset>', page, re.S)
    assert len(plays) >= 3, "the placement check asks no play"
    parts = {f"the placement check: play {n}": part for n, part in enumerate(plays, start=1)}
    assert any("Прикупить" in part for part in plays)
    form = next(form for form in forms_of(page) if "placement" in form.classes)
    # Each play answered with its first key, right or not; the hands' totals and the payout
    # too ("hard 21" and "22.50" read on a Russian page: a walk); the others left blank.
    answers = {name: keys[0] for name, keys in form.radios.items() if name.endswith("-answer")}
    answers |= {"q1-kind": "soft", "q1-total": "19", "q2-kind": "hard", "q2-total": "21"}
    answers["q6-answer"] = "7"  # a natural's payout, wrong: its right amount has cents
    done = russian.post("the placement check answered", form.action, {**form.fields, **answers})
    said = re.findall(r"<li><p>.*?</li>", _part(done, r'<details class="placement-answers">.*?'
                                                      r"</details>"), re.S)  # fmt: skip
    parts |= {f"the placement's answer {n}": part for n, part in enumerate(said, start=1)}
    assert not _english(parts), _english(parts)
    assert not re.search(r"\d\.\d", " ".join(said)), said  # «22,50», not "22.50"
    assert "Верно: Стоять" not in done and "правильно: Стоять" not in done  # lower case


def test_an_old_answer_stored_in_english_reads_in_russian(russian: Walk) -> None:
    """An attempt stored before the quiz stored keys (its play by its English name, "Stand"):
    the mistakes page and the answers page name it in Russian, and the mistakes page its cost;
    a stored text that is no play is shown as it is."""
    walk_drill(russian, registry()["hand-totals"])  # the guest's first answers
    app = russian.client.application
    db = store.open_db(app.config["DATABASE"])
    try:
        (user_id,) = db.execute("SELECT user_id FROM attempts ORDER BY id DESC").fetchone()
        for token, answer in (("old-play", "Stand"), ("old-text", "Soft 99")):
            store_answer(db, user_id, token, drill="basic-strategy", question="TS 6H v 9D",
                         answer=answer, right_answer="H", correct=False,
                         ev_cost=Fraction(4625, 10000))  # fmt: skip
    finally:
        db.close()
    page = russian.get("/mistakes of the quiz", "/mistakes", drill="basic-strategy")
    mistakes = page.split('<li class="mistake">')[1:]
    assert len(mistakes) == 2
    answered = [re.findall(r"<strong>([^<]*)</strong>", mistake)[-2:] for mistake in mistakes]
    assert answered[0][0] == "Soft 99"  # newest first: no play, shown as stored
    said = {"the old answer's": " ".join(answered[1]),
            "its cost": _part(mistakes[1], r'<span class="cost">.*?</span>')}  # fmt: skip
    assert "46,25" in said["its cost"] and "ставки" in said["its cost"]
    assert "46,25\u00a0% ставки" in said["its cost"]  # the sign kept to its number
    page = russian.get("the answers", f"/learners/{user_id}/attempts")
    rows = re.findall(r'<tr class="wrong">.*?</tr>', page, re.S)
    assert len(rows) >= 2
    cells = re.findall(r"<td>([^<]*)</td>", rows[1])
    said["the answers page's old answer"] = " ".join(cells[3:5])
    said["the answers page's question"] = cells[2]
    assert cells[2].startswith("жёсткие 16 против 9 (Лас-Вегас")
    assert said["the old answer's"] == "Стоять прикупать"  # the key "H" in the verdicts' word
    assert "<td>Soft 99</td>" in rows[0] and "<td>Стоять</td>" in rows[1]
    assert not _english(said), _english(said)


# Questions whose why takes each of the quiz's sentences (Las Vegas, six decks, S17): a double
# the chart writes "D/H", a surrender "R/H", a pair, a soft hand and a hard one against an ace,
# insurance, even money, and insurance by the count on either side of its index.
WHY_ASKED = ("5S 6H v 6D", "TS 6H v 9D", "8S 8H v AD", "AS 7H v AD", "TS 2H v AD",
             "TS 6H v AD insurance", "AS KH v AD insurance", "9S 7H v AD insurance hi-lo tc +6",
             "9S 7H v AD insurance hi-lo tc 0", "TS TH v AD insurance hi-lo tc +3",
             "5S 4H v AD insurance hi-lo tc +2", "AS KH v AD insurance hi-lo tc -2")  # fmt: skip


def test_every_sentence_of_the_quizs_why_is_said_in_russian(russian: Walk) -> None:
    vegas = Rules.parse("vegas-6d-s17")
    said: dict[str, str] = {}
    with russian.client.application.test_request_context(headers={"Accept-Language": "ru"}):
        for notation in WHY_ASKED:
            play = work_out(notation, vegas)
            assert isinstance(play, Play)
            for answer in play.evs:
                said[f"{notation}: {answer}"] = DRILL.grade(notation, answer, vegas).explanation
            for answer in set(play.keys) - set(play.evs):
                with pytest.raises(InvalidAnswerError) as refused:
                    DRILL.grade(notation, answer, vegas)
                said[f"{notation}: {answer} refused"] = str(refused.value)
        counted = work_out("9S 7H v AD insurance hi-lo tc +6", vegas)
        assert isinstance(counted, Play)
        ko = replace(counted, shown=ShownCount(find_system("ko"), 2), indices=())
        said["a running count, no index"] = explain(ko)
        hand = work_out("TS 6H v 9D", vegas)
        assert isinstance(hand, Play)
        for options in ("max_split_hands=1", "double_on=none", "double_on=10-11",
                        "surrender=none", "surrender_vs_ace=false"):  # fmt: skip
            rules = Rules.parse(f"vegas-6d-s17 {options}")
            for answer in "PDR":
                said[f"{options}: {answer}"] = illegal_reason(hand, answer, rules)
        for item in ("hard 16 v 10", "soft 18 v A", "pairs 8-8 v A", "insurance", "insurance ko"):
            said[f"the item {item}"] = DRILL.skill_words(f"vegas-6d-s17: {item}")
        against_ace = replace(hand, situation=work_out("TS 6H v AD", vegas).situation)
        said["surrender against an ace"] = illegal_reason(
            against_ace, "R", Rules.parse("vegas-6d-s17 surrender_vs_ace=false")
        )
    assert "Таблица для этих правил" in said["5S 6H v 6D: D"]
    assert "текущем счёте" in said["a running count, no index"]
    assert not _english(said), _english(said)


def test_a_timed_runs_results_name_the_plays_in_russian(russian: Walk) -> None:
    page = russian.get("the quiz", "/drills/basic-strategy")
    timed = next(form for form in forms_of(page) if "timed-form" in form.classes)
    page = russian.post("a timed run", timed.action, timed.fields)
    for _ in range(40):
        if "timed-results" in page:
            break
        form = question_form(page)
        keys = [value for name, value, off in form.buttons if name == "answer" and not off]
        page = russian.post("a timed run answered", form.action, {**form.fields, "answer": keys[0]})
    results = _part(page, r'<section class="timed-results".*?</section>')
    assert "вы выбрали" in results
    assert not _english({"the timed run's results": results}), results


# -- the items a learner's pages list (the answers, Today, the next step), by drill ------------

FACES_UP = "russian-bank banker_best=false deal_faces=casino"  # the banker's first card shown
# A key of each shape each drill's skill() writes, beside the quiz's (read above): its words in
# Russian hold no English word (only the systems' names and the allowed letters).
ITEM_KEYS = (
    ("table-play", "vegas-6d-s17: hard 16 v 10"),
    ("table-play", "vegas-6d-s17: hard 16 v 10, 3 cards or more"),
    ("table-play", "vegas-6d-s17: pairs 8-8 v 6, split hi-lo"),
    ("table-play", "vegas-6d-s17: pairs A-A v A"),
    ("table-play", "vegas-6d-s17: natural v A, early surrender"),
    ("table-play", "russian-bank: hard 16, no banker card"),
    ("table-play", "russian-bank: hard 15, no banker card, 2 drawn"),
    ("deviations", "vegas-6d-s17: hi-lo hard 12 v 8"),
    ("deviations", "vegas-6d-s17: hi-lo 8-8 v 6"),
    ("deviations", "vegas-6d-s17: hi-lo insurance v A"),
    ("deviations", "vegas-6d-s17: ko soft 18 v 2"),
    ("basic-strategy", "russian-bank: hard 14 v ?1"),
    ("basic-strategy", "russian-bank: soft 18 v ?0"),
    ("punter-stake", "russian-bank: a stake on 19"),
    ("punter-stake", "russian-bank: a stake on soft 17"),
    ("punter-stake", "twenty-one-home: a stake on an ace"),
    ("punter-stake", "twenty-one-home: a stake on a ten"),
    ("punter-stake", "twenty-one-home: a stake on an 8"),
    ("punter-stake", f"{FACES_UP}: a stake on 19 against a 6"),
    ("punter-stake", f"{FACES_UP}: a stake on 19 against an ace"),
    ("table-dealing", "russian-bank: the bank's 16"),
    ("table-dealing", "twenty-one-home: doubling on 7"),
    ("table-dealing", "twenty-one-home: redoubling on A"),
    ("hand-totals", "soft 17"),
    ("hand-totals", "bust"),
    ("bet-sizing", "hi-lo tc -2"),
    ("bet-sizing", "ko rc +4"),
    ("catch-the-dealer", "catch-the-dealer none"),
    ("catch-the-dealer", "catch-the-dealer draw-on-17"),
    ("irregularities", "one-card-natural"),
    ("procedure", "stop casino-boxes"),
    ("table-payouts", "table-payouts vegas-6d-s17"),
)  # fmt: skip


def test_each_drills_items_are_listed_in_russian(russian: Walk) -> None:
    drills = registry()
    with russian.client.application.test_request_context(headers={"Accept-Language": "ru"}):
        said = {f"{slug}: {key}": drills[slug].skill_words(key) for slug, key in ITEM_KEYS}
    assert said["table-play: vegas-6d-s17: pairs 8-8 v 6, split hi-lo"].startswith(
        "пара 8-8 против 6, после сплита, игра по счёту Hi-Lo (Лас-Вегас"
    )
    assert said["punter-stake: russian-bank: a stake on 19"] == (
        "ставка на 19 (Русская банковая игра)"
    )
    assert not _english(said), _english(said)


# -- refusals of a malformed address or form: what was wrong, said in Russian -----------------

# What a malformed answer form names (the typed values Cyrillic, so that the scan reads only the
# page's own words): a question no drill asks, rules of no preset, an option's value that is no
# number, an option the rules do not have, a word that is no option=value, and no rules at all.
BAD_FORMS = {
    "a question in no notation": {"question": "ZZ v 99"},
    "rules of no preset": {"rules": "нет-таких"},
    "an option's value no number": {"rules": "vegas-6d-s17 decks=много"},
    "an option unknown": {"rules": "vegas-6d-s17 колоды=2"},
    "a word not option=value": {"rules": "vegas-6d-s17 колоды"},
    "no rules": {"rules": ""},
    "a time changed by hand (not the page's seal)": {"asked_at": "1"},
    "a time no number": {"asked_at": "вчера"},
}
BAD_ADDRESSES = {
    "the chart's rules, a value no number": "/strategy?rules=vegas-6d-s17+decks%3Dмного",
    "the chart's rules, an option unknown": "/strategy?rules=vegas-6d-s17+колоды%3D2",
    "the indices' rules, a value no number": "/indices?rules=vegas-6d-s17+decks%3Dмного",
    "the chart's rules, a value out of range": "/strategy?rules=vegas-6d-s17+decks%3D99",
    "a review that is not": "/drills/hand-totals?review=12345",
    "the mistakes of no drill": "/mistakes?drill=нет",
    "the mistakes from no date": "/mistakes?since=вчера",
    "the mistakes to no day": "/mistakes?until=2026-02-30",
    "the mistakes' dates the wrong way": "/mistakes?since=2026-12-01&until=2026-01-01",
    "the mistakes sorted by nothing": "/mistakes?sort=цена",
    "the mistakes' page no number": "/mistakes?page=два",
    "the quiz's hands of no mix": "/drills/basic-strategy?mix=нет",
    "a drill's counting system none": "/drills/true-count?system=нет",
    "bet sizing's bankroll no amount": "/drills/bet-sizing?bankroll=много",
    "a penetration chart of nothing": "/counting/penetration-chart?preset=нет&system=нет",
    "a timed run not going": "/drills/basic-strategy/timed",
}
# Forms of the learner's own settings sent with a value that is none.
BAD_SETTINGS = {
    "a daily goal before any answer": ("/today/goal", {"kind": "answers", "amount": "20"}),
    "a speed level no number": ("/counting/speed", {"level": "много"}),
    "a counting session of no kind": ("/counting/sessions", {"kind": "нет"}),
    "a drill round of no drill": ("/mistakes/review", {}),
}


def test_a_malformed_form_or_address_is_refused_in_russian(russian: Walk) -> None:
    """Each drill's answer form sent with a malformed question or rules, and the addresses of the
    chart, the indices, a review and the mistakes with a malformed value: a 400 (a 404 for the
    review) whose message says, in Russian, what was wrong."""
    parts = {}
    for slug in ("hand-totals", "basic-strategy", "true-count", "deviations", "table-payouts"):
        form = question_form(russian.get(slug, f"/drills/{slug}"))
        for name, change in BAD_FORMS.items():
            data = {"csrf_token": CSRF, **form.fields, **change}
            if "question" in change:  # sealed as its page would: the drill's own refusal
                data = sealed(data, slug)
            refused = russian.client.post(form.action, data=data)
            assert refused.status_code == 400, (slug, name, refused.status_code)
            parts[f"{slug}: {name}"] = _found(russian.text(refused), REFUSED)
    for name, url in BAD_ADDRESSES.items():
        refused = russian.client.get(url, follow_redirects=True)  # to the preferences' address
        assert refused.status_code in (400, 404), (name, refused.status_code)
        parts[name] = _found(russian.text(refused), REFUSED)
    said = parts["hand-totals: an option's value no number"]
    assert "Колоды: нужно целое число, а не" in said, said
    said = parts["hand-totals: a time changed by hand (not the page's seal)"]
    assert "Этот ответ дан не на тот вопрос, который задала эта страница" in said, said
    said = parts["basic-strategy: a question in no notation"]  # what was wrong (issue 30)
    assert "в вопросе нет руки против открытой карты дилера" in said, said
    assert "от 1 до 8, а не 99" in parts["the chart's rules, a value out of range"]
    # An answer in no form the drill reads (a letter no key, a word no number).
    for slug in ("deviations", "bet-sizing", "deal-auction", "procedure", "shoe-penetration"):
        page = russian.text(russian.client.get(f"/drills/{slug}", follow_redirects=True))
        form = question_form(page)
        typed = {**dict.fromkeys(form.boxes, "много"), "answer": "Ж"}
        refused = russian.client.post(form.action, data={"csrf_token": CSRF, **form.fields,
                                                         **typed})  # fmt: skip
        assert refused.status_code == 400, (slug, refused.status_code)
        parts[f"{slug}: an answer unread"] = _found(russian.text(refused), REFUSED)
    for name, (url, data) in BAD_SETTINGS.items():
        refused = russian.client.post(url, data={"csrf_token": CSRF, **data})
        assert refused.status_code == 400, (name, refused.status_code)
        parts[name] = _found(russian.text(refused), REFUSED)
    refused = russian.client.post("/rules", data={"csrf_token": CSRF, "preset": "нет-таких"})
    assert refused.status_code == 400
    parts["the rules chosen of no preset"] = _found(russian.text(refused), REFUSED)
    assert not _english(parts), _english(parts)


def test_the_mistakes_and_the_answers_say_every_drills_answers_in_russian(russian: Walk) -> None:
    """A wrong answer to the drills whose answers are words (a hand's total, the aces' three
    counts, a dealer's remedy or call) and a table's mistakes with the count shown: the mistakes
    page says each question and answer in Russian, and the answers page each item and answer."""
    drills = registry()
    for slug in ("hand-totals", "ace-side-count", "irregularities", "procedure",
                 "catch-the-dealer"):  # fmt: skip
        walk_drill(russian, drills[slug])
    walk_table(russian, "the table", CASINO_TABLE)
    page = russian.get("/mistakes", "/mistakes")
    mistakes = re.findall(r'<li class="mistake">.*?</li>', page, re.S)
    assert len(mistakes) >= 5
    parts = {f"/mistakes: {n}": part for n, part in enumerate(mistakes, start=1)}
    user = re.search(r"/learners/(\d+)/attempts", russian.get("/progress", "/progress"))
    assert user is not None
    answers = russian.get("the answers", f"/learners/{user.group(1)}/attempts")
    rows = re.findall(r"<tr class=\"(?:right|wrong)\">.*?</tr>", answers, re.S)
    parts |= {f"the answers: {n}": row for n, row in enumerate(rows, start=1)}
    said = " ".join(parts.values())
    assert "тузы" in said and "жёсткие" in said, said
    # A table's decision and a back-counter's, with the count shown and its rounding.
    vegas = Rules.parse("vegas-6d-s17")
    with russian.client.application.test_request_context(headers={"Accept-Language": "ru"}):
        for slug, notation in (
            ("table-play", "TS 2H v 3D hi-lo floor half rc +7 played 130"),
            ("back-count", "enter out bankroll 10000 risk 0.05 hi-lo round full rc +3 played 52"),
        ):
            view = drills[slug].question(notation, vegas).view
            parts[f"{slug}: the count's rounding"] = view["rounding"]
    assert parts["table-play: the count's rounding"] == (
        "округление вниз, число колод — с точностью до половины колоды"
    )
    assert not _english(parts), _english(parts)


def test_the_verdicts_cards_name_the_dealer_in_each_games_own_word(russian: Walk) -> None:
    # The verdict's cards are a piece kept for reuse: kept by the language alone, 002's club
    # verdict read «Дилер» where its question said «У сдатчика» (a walk).
    for rules, word in (("vegas-6d-s17", "Дилер"), ("twenty-one-club", "Сдатчик"),
                        ("permanent-bank", "Сдающий"), ("vegas-6d-s17", "Дилер")):  # fmt: skip
        page = russian.get(f"the quiz at {rules}", "/drills/basic-strategy", rules=rules)
        form = question_form(page)
        sent = sealed({**form.fields, "question": "TS 6H v 9D", "answer": "H"}, "basic-strategy")
        part = _part(russian.post(f"the quiz at {rules}: a verdict", form.action, sent), FEEDBACK)
        assert re.findall(r'<p class="cards-label">([^<]*)</p>', part)[0] == word, (rules, part)


def test_each_payout_kind_names_the_dealer_as_its_own_game_does(russian: Walk) -> None:
    # The page's list of kinds, beside a question of 004's, read «Страховка против блэк джека
    # банкомёта», where 004 has no insurance (a walk): each kind in its own game's words.
    page = russian.get("the payouts, 004's dealt 21", "/drills/payout-math", mix="russian-natural")
    kinds = re.search(r'<select[^>]*name="mix".*?</select>', page, re.S)
    assert kinds and "Страховка против блэк джека дилера" in kinds[0], kinds
    assert "банкомёта" not in kinds[0].split("русская банковая игра")[0]


def test_the_split_rules_two_choices_read_as_two_things_in_russian(russian: Walk) -> None:
    # «одного ранга / одного достоинства»: to a Russian card player both say "of one rank"
    # (a walk); the second is the cards' points.
    page = russian.get("the chart's rules", "/strategy")
    choices = re.search(r'<select[^>]*name="rule-split_by".*?</select>', page, re.S)
    assert choices, "no choice of how pairs split"
    said = re.findall(r"<option[^>]*>([^<]*)</option>", choices[0])
    assert said == ["одного ранга", "равных по очкам"], said
