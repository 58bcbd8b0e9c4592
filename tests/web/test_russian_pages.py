"""The pages whose templates speak through the catalogue, read in Russian: no Latin-letter word
the templates themselves write (their text, or a message missing from the catalogue), beside a
short allow-list (the counting systems' names, the cards' letters, the units, CSV and JSON).
On the drill pages whose Python code says every word through the catalogue too
(:data:`WHOLLY_SAID`), no Latin-letter word at all, whoever wrote it.

The pages are walked as a guest whose browser asks for Russian (a few answers to each drill, a
counting session, a run of catch the dealer), then the learner's own pages with those answers.
What the Python code hands a template (a drill's title, a question's prompt, the rules' summary)
is that code's to translate, not these templates': the test's app marks each such value as it is
printed (Jinja's ``finalize``), and also each value put into a catalogue sentence, and the scan
leaves the marked spans out. What a template writes itself (its text, a catalogue message, a
macro's markup) is not marked, so an English word in it is found. Text inside ``<code>``,
``<script>`` and ``<style>``, addresses and form values are not read; ``aria-label``, ``title``
and ``alt`` are, as a screen reader says them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from markupsafe import Markup

from drills import registry
from drills.checkouts.criteria import KINDS
from drills.checkouts.items import HELD_BACK
from tests.conftest import app_config
from tests.web.page_text import forms_of
from tests.web.test_plain_words import (
    BANK_TABLE,
    CASINO_TABLE,
    CSRF,
    Walk,
    question_form,
    walk_catch,
    walk_drill,
    walk_session,
    walk_table,
)
from trainer import store
from trainer.engine.counting import SYSTEMS
from trainer.engine.rulebook.rules import Rules
from trainer.store import checkouts as stored
from trainer.store import simulations

pytestmark = pytest.mark.usefixtures("count_studies")

# The pages walked, and the templates they are drawn from.
SCOPE = (
    "base.html", "home.html", "_today.html", "history/*.html", "error.html", "_footer_rules.html",
    "_cards.html", "counting_preferences.html", "drills/index.html", "drills/_list.html",
    "drills/_page.html", "drills/_stats.html", "drills/hand_totals.html",
    "drills/payout_math.html", "drills/_payout_situation.html", "drills/counting_*.html",
    "drills/_counting_*.html", "drills/dealing.html", "drills/_dealing_result.html",
    "drills/catch_the_dealer.html", "drills/_catch_*.html", "dealing/*.html",
    "drills/_forms.html", "drills/_hidden_fields.html", "auth/*.html", "rules.html",
    "_rules_form.html", "_readings.html", "glossary.html", "path/*.html", "table/*.html",
    "drills/table_play.html", "drills/table_payouts.html", "drills/_table_*.html",
    "drills/_asked_at_table.html", "drills/_verdict.html", "drills/_choice_feedback.html",
    "drills/punter_stake.html", "drills/_punter_stake_situation.html", "drills/deal_auction.html",
    "drills/_deal_auction_situation.html", "drills/bet_sizing.html", "drills/_bet_situation.html",
    "drills/deviations.html", "drills/_deviation_situation.html", "risk.html",
    "checkouts/*.html", "strategy.html", "_chart_table.html", "_one_column_chart.html",
    "chart_pending.html", "count_pending.html", "_waiting.html", "count_worth.html",
    "simulation.html", "simulation_job.html", "drills/strategy_quiz.html",
    "drills/_strategy_*.html",
)  # fmt: skip
DRILLS = ("hand-totals", "payout-math", "true-count", "deck-estimation", "shoe-penetration",
          "irregularities", "procedure")  # fmt: skip
AT_THE_TABLE = ("table-play", "table-dealing", "table-payouts", "punter-stake", "deal-auction",
                "bet-sizing", "deviations")  # fmt: skip
SESSIONS = ("running-count", "deck-countdown")
# A training table that stops for every mistake of play: the walk ends at the first one held.
TRAINING_TABLE = {**CASINO_TABLE, "graded": ["strategy"], "mode": "training", "stop_at": "0",
                  "unpriced": "stop"}  # fmt: skip
# The pages (by the walk's names) of the drills whose Python code says every word a learner
# reads through the catalogue: their titles, prompts, working, choices and skills. On these the
# scan reads everything, the marked values too.
WHOLLY_SAID = ("true-count", "deck-estimation", "shoe-penetration",
               "running-count", "deck-countdown", "irregularities", "catch-the-dealer",
               "catch the dealer")  # fmt: skip

# Words that are Latin in Russian too: the counting systems' names (not "EV": the pages say
# «матожидание», a walk read both), the cards' letters beside their suits, the keys named, the
# files offered, the unit of time and the time zones' names.
ALLOWED = {
    "Hi-Lo", "Hi-Opt", "KO", "Zen", "Omega", "Wong", "Halves", "Uston", "APC", "Red", "Seven",
    "A", "K", "Q", "J", "F", "N", "Enter", "Tab", "CSV", "JSON", "JavaScript",
    "UTC", "Continent", "City", "Europe", "Moscow",  # time zones as their names are written
    "T", "I",  # the table's keys: take a mistake back, take insurance
    "BOX", "talia",  # the glossary's notes: 003's own word, the English the pages use for талия
    "English",  # the language switch names each language in its own words
    "SCORE", "Blackjack", "Attack",  # the risk page: a counter's figure, Schlesinger's book
    "Dask",  # the simulator's cluster, by its name
}  # fmt: skip
# The systems' whole names, read as one word each (their words are not English to translate).
SYSTEM_NAMES = re.compile(
    "|".join(
        re.escape(system.name) for system in sorted(SYSTEMS.values(), key=lambda s: -len(s.name))
    )
)
OPEN, CLOSE = "\ue000", "\ue001"  # around what the Python code handed a template
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")


class Said(str):
    """A sentence the templates had said through the catalogue (its values already marked)."""


class Drawn(Markup):
    """Markup a template drew itself: a macro's, or a catalogue message's."""


def _marked(value: Any) -> Any:
    """``value`` between the marks when it is text from the Python code (not the templates')."""
    if isinstance(value, (Said, Drawn)) or not isinstance(value, str):
        return value
    if isinstance(value, Markup):
        return Markup(OPEN) + value + Markup(CLOSE)
    return OPEN + value + CLOSE


def _mark_the_python_values(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from flask_babel import get_translations
    from jinja2 import pass_context
    from jinja2.runtime import Macro

    env = app.jinja_env
    say, plural = env.globals["say"], env.globals["plural"]
    gettext, ngettext = env.globals["gettext"], env.globals["ngettext"]

    def marked(values: dict[str, Any]) -> dict[str, Any]:
        return {name: _marked(value) for name, value in values.items()}

    @pass_context
    def said(context: Any, text: str, /, **values: Any) -> Any:
        # A message the catalogue does not hold is the Python code's own text passed through
        # (a path step's title): each message a template writes is in it (tests/code/
        # test_catalogue.py), translated.
        if get_translations().gettext(text) == text and LATIN_WORD.search(text):
            return _marked(str(gettext(context, text, **values)))
        return Drawn(gettext(context, text, **marked(values)))

    @pass_context
    def said_of(context: Any, one: str, many: str, n: int, /, **values: Any) -> Drawn:
        return Drawn(ngettext(context, one, many, n, **marked(values)))

    def say_marked(text: str, /, **values: Any) -> Said:
        return Said(say(text, **marked(values)))

    def plural_marked(one: str, many: str, n: int, /, **values: Any) -> Said:
        return Said(plural(one, many, n, **marked(values)))

    env.globals.update(
        say=say_marked,
        plural=plural_marked,
        gettext=said,
        _=said,
        ngettext=said_of,
    )
    invoke = Macro._invoke
    monkeypatch.setattr(Macro, "_invoke", lambda self, *args: Drawn(invoke(self, *args)))


class MarkedWalk(Walk):
    """A walk that keeps each page as drawn, marks and all, and reads its forms without them."""

    def text(self, response: Any) -> str:
        return super().text(response).replace(OPEN, "").replace(CLOSE, "")

    def read(self, name: str, response: Any) -> str:
        return super().read(name, response).replace(OPEN, "").replace(CLOSE, "")


@pytest.fixture
def russian(tmp_path: Path, strategy_charts: None, monkeypatch: pytest.MonkeyPatch) -> Walk:
    """A guest's walk, in Russian, on an app whose templates mark what Python hands them."""
    import flask

    from trainer import create_app

    options = {**flask.Flask.jinja_options, "finalize": _marked}
    monkeypatch.setattr(flask.Flask, "jinja_options", options)
    app = create_app(app_config(tmp_path, LANGUAGES=("en", "ru"), RNG_SEED=30))
    _mark_the_python_values(app, monkeypatch)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru-RU,ru;q=0.9"
    return MarkedWalk(client)


READ_ALOUD = {"aria-label", "title", "alt"}


class _Read(HTMLParser):
    """A page's text and the attributes read aloud, without <script>, <style>, <template> and
    <code>: each part whole (``parts``), and without what lies between the marks (``own``). A
    marked value may hold markup (a chart), so the marks are followed from part to part."""

    SKIPPED = {"script", "style", "template", "code"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.own: list[str] = []
        self.skipping = 0
        self.depth = 0

    def _unmarked(self, text: str, depth: int) -> tuple[str, int]:
        kept = []
        for char in text:
            if char == OPEN:
                depth += 1
            elif char == CLOSE:
                depth = max(depth - 1, 0)
            elif depth == 0:
                kept.append(char)
        return "".join(kept), depth

    def _read(self, text: str, *, attribute: bool) -> None:
        own, depth = self._unmarked(text, self.depth)
        if not attribute:
            self.depth = depth
        if not self.skipping:
            self.parts.append(text.replace(OPEN, "").replace(CLOSE, ""))
            self.own.append(own)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIPPED:
            self.skipping += 1
        for name, value in attrs:
            if name in READ_ALOUD and value:
                self._read(value, attribute=True)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIPPED and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        self._read(data, attribute=False)


def latin_words(page: str, *, templates_only: bool = True) -> list[str]:
    """The Latin-letter words outside the allow-list in what a learner reads on ``page``: only
    the templates' own (``templates_only``), or every one (the Python code's too)."""
    reader = _Read()
    reader.feed(page)
    reader.close()
    texts = reader.own if templates_only else reader.parts
    return [
        word
        for text in texts
        for word in LATIN_WORD.findall(SYSTEM_NAMES.sub(" ", text))
        if word not in ALLOWED
    ]


def walk_in_russian(walk: Walk) -> Iterator[tuple[str, str]]:
    """The pages of this test's templates: the drills answered, a counting session and a run of
    catch the dealer, then the learner's own pages with those answers."""
    walk.get("the home page before any answer", "/")
    walk.get("the drills", "/drills/")
    drills = registry()
    for slug in DRILLS:
        walk_drill(walk, drills[slug])
    walk.get("catch the dealer: the question", "/drills/catch-the-dealer")
    for slug in SESSIONS:
        walk_session(walk, slug)
    walk.get("catch the dealer: the run's set-up", "/dealing/catch")
    walk_catch(walk)
    for url in ("/", "/progress", "/mistakes"):
        walk.get(f"{url} with answers", url)
    walk.get("/mistakes by cost", "/mistakes", sort="cost")
    pages = "".join(page for _, page in walk.seen)
    user = re.search(r"/learners/(\d+)/attempts", pages)
    assert user is not None, "no page links to the learner's answers"
    walk.get("the answers", f"/learners/{user.group(1)}/attempts")
    missing = walk.client.get("/no-such-page")
    assert missing.status_code == 404
    walk.seen.append(("a page not found", missing.get_data(as_text=True)))
    yield from walk.seen


def walk_the_table_and_the_account(walk: Walk) -> Iterator[tuple[str, str]]:
    """The pages of the table, its drills, the rules, the glossary, the path's placement check
    and the account's, in Russian: a guest's, then an account's, its refusals and its end."""
    drills = registry()
    for slug in AT_THE_TABLE:
        walk_drill(walk, drills[slug])
    walk_table(walk, "the table", CASINO_TABLE)
    walk_table(walk, "the bank", BANK_TABLE)
    walk_table(walk, "a training table", TRAINING_TABLE)  # to its first mistake, held
    for url in ("/rules", "/glossary", "/"):
        walk.get(url, url)
    walk.get("/rules with an option changed", "/rules", rules="vegas-6d-s17 decks=2")
    asked = {"win_rate": "0.01", "sd": "1.15", "bankroll": "200", "rounds": "5000"}
    walk.get("/risk, every figure", "/risk", **asked, goal="100", target_ror="0.05", kelly="0.5")
    walk.get("/risk of a losing game", "/risk", **{**asked, "win_rate": "-0.01"}, target_ror="0.1")
    walk.get("/risk of a game", "/risk", source="game", rules="vegas-6d-s17", bankroll="400")
    walk.get("/rules of the bank", "/rules", rules="russian-bank")
    page = walk.get("the placement check", "/path/placement")
    form = next(form for form in forms_of(page) if "placement" in form.classes)
    answered = {name: keys[0] for name, keys in form.radios.items() if name.endswith("-answer")}
    walk.post("the placement check answered", form.action, {**form.fields, **answered})
    for url in ("/account", "/signup", "/signin"):
        walk.get(f"{url} as a guest", url)
    for name, data in (
        ("a short username", {"username": "a", "password": "x"}),
        ("a short password", {"username": "learner30", "password": "x"}),
        ("two passwords", {"username": "learner30", "password": "a long pass 30", "confirm": "b"}),
    ):
        _refused(walk, f"sign-up refused: {name}", "/signup", data)
    walk.post("signed up", "/signup", {"username": "learner30", "password": "a long pass 30"})
    with walk.client.session_transaction() as session:
        session["_csrf"] = CSRF  # a sign-up draws a new token
    walk.get("/account signed up", "/account")
    _refused(walk, "a time zone unknown", "/account/time-zone", {"time_zone": "Mars/Base"})
    _refused(walk, "deleting without the word", "/account/delete", {"confirm": "no"})
    _refused(walk, "deleting without the password", "/account/delete", {"confirm": "delete"})
    walk.client.post("/signout", data={"csrf_token": CSRF})
    with walk.client.session_transaction() as session:
        session["_csrf"] = CSRF
    _refused(walk, "a sign-in refused", "/signin", {"username": "learner30", "password": "no"})
    _refused(walk, "a sign-in empty", "/signin", {"username": "", "password": ""})
    walk.post("signed in", "/signin", {"username": "learner30", "password": "a long pass 30"})
    with walk.client.session_transaction() as session:
        session["_csrf"] = CSRF  # a sign-in draws a new token
    walk_checkouts(walk)
    walk.post("deleted", "/account/delete", {"confirm": "delete", "password": "a long pass 30"})
    yield from walk.seen


def walk_checkouts(walk: Walk) -> None:
    """The checkouts, their start pages, a counting checkout passed to its certificate (its
    answers worked out from the stored run), a dealer checkout's first items, and refusals."""
    walk.get("the checkouts", "/checkouts/")
    for kind in KINDS:
        walk.get(f"the {kind} checkout's start", f"/checkouts/{kind}")
    walk.post("a counting checkout dealt", "/checkouts/counting", {})
    run = _latest_run(walk)
    for part in range(3):
        answers = f"/checkouts/runs/{run.id}/answer"
        walk.post(f"counting: part {part} started", f"/checkouts/runs/{run.id}/start",
                  {"part": str(part)})  # fmt: skip
        if part == 0:
            _refused(walk, "a count not a number", answers, {"part": "0", "item": "0",
                     "answer": "lots"})  # fmt: skip
        notation = run.items[part][0][1]
        right = HELD_BACK.grade(notation, "0", Rules.parse(run.rules)).right_answer
        answer = {"part": str(part), "item": "0", "answer": right.replace("\u2212", "-")}
        walk.post(f"counting: part {part} answered", answers, answer)
    _refused(walk, "an answer out of order", answers, {"part": "0", "item": "0", "answer": "0"})
    passed = walk.seen[-2][1]
    link = re.search(f'(/certificates/[^"{OPEN}{CLOSE}]+)', passed)
    assert link, "the passed checkout links no certificate"
    walk.get("a certificate", link.group(1))
    missing = walk.client.get("/certificates/not.signed")
    walk.seen.append(("a certificate forged", missing.get_data(as_text=True)))
    walk.post("a dealer checkout dealt", "/checkouts/dealer", {})
    run = _latest_run(walk)
    walk.post("dealer: the cheques", f"/checkouts/runs/{run.id}/start", {"part": "0"})
    walk.post("dealer: a wrong stack", f"/checkouts/runs/{run.id}/answer",
              {"part": "0", "item": "0", "answer": "1"})  # fmt: skip


def _latest_run(walk: Walk) -> stored.StoredRun:
    db = store.open_db(walk.client.application.config["DATABASE"])
    try:
        run_id, user_id = db.execute(
            "SELECT id, user_id FROM checkout_runs ORDER BY id DESC LIMIT 1"
        ).fetchone()
        found = stored.get_run(db, run_id, user_id)
    finally:
        db.close()
    assert found is not None
    return found


def _refused(
    walk: Walk, name: str, url: str, data: dict[str, str], *, method: str = "post"
) -> None:
    if method == "get":
        response = walk.client.get(url)
    else:
        response = walk.client.post(url, data={"csrf_token": CSRF, **data})
    assert 400 <= response.status_code < 500, f"{name}: {response.status_code}"
    walk.seen.append((name, response.get_data(as_text=True)))


def test_the_scan_finds_an_english_word_the_template_wrote_and_not_a_value_handed_to_it() -> None:
    page = (
        f'<p aria-label="Карты">Дилер: {OPEN}stands on 17{CLOSE} (a natural)</p>'
        f"<code>hi-lo 6d</code><p>Hi-Lo, A♠ K♥, Uston APC (Advanced Point Count); Count</p>"
    )
    assert latin_words(page) == ["a", "natural", "Count"]
    assert latin_words(page, templates_only=False) == ["stands", "on", "a", "natural", "Count"]


def test_the_pages_say_nothing_in_english_but_the_allowed_words(russian: Walk) -> None:
    pages = list(walk_in_russian(russian))
    assert len(pages) > 30
    assert all(re.search(f'<html lang="{OPEN}?ru{CLOSE}?">', page) for _, page in pages)
    hits = {name: words for name, page in pages if (words := latin_words(page))}
    hits |= {
        f"{name} (every word)": words
        for name, page in pages
        if name.startswith(WHOLLY_SAID) and (words := latin_words(page, templates_only=False))
    }
    assert not hits, "\n".join(f"{name}: {' '.join(sorted(set(w)))}" for name, w in hits.items())


@pytest.mark.long
def test_the_table_the_rules_and_the_account_say_nothing_in_english(russian: Walk) -> None:
    pages = list(walk_the_table_and_the_account(russian))
    assert len(pages) > 30
    hits = {name: words for name, page in pages if (words := latin_words(page))}
    assert not hits, "\n".join(f"{name}: {' '.join(sorted(set(w)))}" for name, w in hits.items())


def walk_the_tools(walk: Walk) -> Iterator[tuple[str, str]]:
    """The strategy chart, the basic-strategy quiz, the index chart, the simulator and the
    pages that wait on work being done, in Russian."""
    for name, query in (
        ("the chart", {}),
        ("a chart cell", {"cell": "hard.16.10"}),
        ("the chart with exceptions", {"rules": "casino-boxes", "cell": "hard.16.10"}),
        ("the chart of one column", {"rules": "russian-bank"}),
        ("the text's own advice", {"rules": "russian-bank banker_best=false deal_faces=casino"}),
    ):
        walk.get(f"/strategy: {name}", "/strategy", **query)
    walk.get("the chart's block", "/strategy/chart", rules="vegas-6d-s17")
    _refused(walk, "a chart cell refused", "/strategy?cell=hard.16", {}, method="get")
    walk_drill(walk, registry()["basic-strategy"])
    walk.get("the quiz's heat map", "/drills/basic-strategy/chart")
    page = walk.get("the quiz counting on insurance", "/drills/basic-strategy", insurance="count")
    timed = next(form for form in forms_of(page) if "timed-form" in form.classes)
    page = walk.post("a timed run", timed.action, timed.fields)
    for _ in range(40):
        if "timed-results" in page:
            break
        form = question_form(page)
        keys = [value for name, value, off in form.buttons if name == "answer" and not off]
        page = walk.post("a timed run answered", form.action, {**form.fields, "answer": keys[0]})
    assert "timed-results" in page, "the timed run did not end"
    walk.get("the index chart", "/indices")
    walk.get("the index chart at a count", "/indices", rules="single-deck", count="2", risk="0.025")
    _refused(walk, "the index chart refused", "/indices?count=99", {}, method="get")
    _walk_the_simulator(walk)
    app = walk.client.application
    app.config["JOBS_INLINE"] = False  # the work waits for a worker, as served
    for name, url in (
        ("a chart being worked out", "/strategy?rules=vegas-6d-s17+decks%3D3&wait=1"),
        ("its progress", "/chart-jobs/progress?rules=vegas-6d-s17+decks%3D3&next=/strategy"),
        ("the indices being worked out", "/indices?rules=vegas-6d-s17+decks%3D3&system=ko"),
    ):
        response = walk.client.get(url)
        assert response.status_code == 202, f"{name}: {response.status_code}"
        walk.seen.append((name, response.get_data(as_text=True)))
    yield from walk.seen


def _walk_the_simulator(walk: Walk) -> None:
    """The simulator's form, a run's pages queued and running, and its figures once done
    (figures made up here: the pages are read, not the simulator)."""
    app = walk.client.application
    app.config["SIMULATION_LAUNCH"] = False  # no run is played: its figures are set below
    walk.get("the simulator", "/simulate")
    _refused(walk, "a simulation refused", "/simulate", {"rounds": "0", "preset": "vegas-6d-s17"})
    fields = {"preset": "vegas-6d-s17", "rounds": "20000", "seats": "1", "system": "hi-lo",
              "ramp": "1@-99,2@1,4@2", "bankroll": "2000", "sweep": "1/2,3/4"}  # fmt: skip
    walk.post("a simulation queued", "/simulate", fields)
    db = store.open_db(app.config["DATABASE"])
    try:
        (job_id,) = db.execute("SELECT id FROM jobs ORDER BY id DESC LIMIT 1").fetchone()
        assert simulations.started(db, job_id, pid=1)
        simulations.set_stage(db, job_id, "sweep")
        simulations.progress(db, job_id, 5000)
        walk.get("a simulation running", f"/simulate/{job_id}")
        simulations.finish(db, job_id, _a_run_done())
    finally:
        db.close()
    walk.get("a simulation done", f"/simulate/{job_id}")
    walk.get("the simulator with a run", "/simulate")


def _a_run_done() -> dict[str, Any]:
    """A run's figures as the simulator keeps them, made up (a counter's game with a sweep)."""
    keys = [str(c) for c in range(-10, 11)]
    depth = {"player_edge_percent": 0.4, "se_percent": 0.2, "sd_per_100": 160.0, "score": 6.1}
    return {
        "rules": "vegas-6d-s17", "rounds": 20000, "player_edge_percent": 0.5,
        "se_percent": 0.3, "win_per_100": 4.25, "sd_per_100": 160.0, "average_bet": 12.5,
        "n0": 10240.0, "score": 7.06, "risk_of_ruin": 0.0412, "bankroll": 2000,
        "rounds_per_second": 2_000_000, "ran_on": "2 processes",
        "tc_frequency": {k: 1 / 21 for k in keys},
        "player_edge_by_tc": {k: 0.6 * int(k) for k in keys},
        "se_by_tc": {k: 1.5 for k in keys}, "tc_ends": [-10, 10], "system": "hi-lo",
        "paths": [[2000.0, 2010.0, 1995.0], [2000.0, 1980.0, 2040.0]],
        "sweep": [{**depth, "penetration": "1/2"}, {**depth, "penetration": "3/4"}],
    }  # fmt: skip


def test_the_chart_the_quiz_the_indices_and_the_simulator_say_nothing_in_english(
    russian: Walk,
) -> None:
    pages = list(walk_the_tools(russian))
    assert len(pages) > 20
    hits = {name: words for name, page in pages if (words := latin_words(page))}
    assert not hits, "\n".join(f"{name}: {' '.join(sorted(set(w)))}" for name, w in hits.items())


def test_the_index_charts_key_names_its_plays_by_the_cells_letters(tmp_path: Path) -> None:
    """The key's examples in the letters the Russian cells use («С ≥+3», «П ‹−1»): it said
    "S ≥+3" and "H ‹−1" above cells of «С» and «П» (a walk); English keeps S and H, drawn
    first (a letter worked out when the template compiled stayed English)."""
    from trainer import create_app

    app = create_app(app_config(tmp_path, LANGUAGES=("en", "ru")))
    english = app.test_client().get("/indices").get_data(as_text=True)
    assert "<b>S ≥+3</b>" in english and "<b>H &lt;−1</b>" in english
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru-RU,ru;q=0.9"
    russian = client.get("/indices").get_data(as_text=True)
    assert "<b>С ≥+3</b>" in russian and "<b>П &lt;−1</b>" in russian


def test_the_index_charts_bankroll_is_written_as_money(tmp_path: Path) -> None:
    """ "For a bankroll of 10,000", grouped as every amount is («10 000» in Russian): it said
    "10000" (a counter's walk)."""
    from trainer import create_app

    app = create_app(app_config(tmp_path, LANGUAGES=("en", "ru")))
    english = app.test_client().get("/indices?bankroll=10000").get_data(as_text=True)
    assert "For a bankroll of <strong>10,000</strong>" in english
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru-RU,ru;q=0.9"
    russian = client.get("/indices?bankroll=10000").get_data(as_text=True)
    assert "<strong>10\u00a0000</strong>" in russian or "<strong>10\u202f000</strong>" in russian
