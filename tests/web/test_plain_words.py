"""No engine notation in what a learner reads: a walk through every page and every drill state
(each drill's question, its verdict after a right answer and after a wrong one, a counting
session to its end, the learner's own pages, the reference pages, the table and catch the
dealer) that fails on card codes ("4H", "TD"), count notation ("rc hi-lo 6d:") and the rules'
option names ("dealer_hits_soft_17") in a page's visible text, naming each hit and its page.

Notation stays where a learner does not read it: links, hidden fields, attributes, exports."""

from __future__ import annotations

import re
import secrets
import uuid
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from drills import DRILLS, AsksOnItsPage, Drill, DrillError, registry
from drills.checkouts.criteria import KINDS, criteria_for
from drills.checkouts.plan import SORT_DRILLS
from drills.dealing.table_payouts import BOX_FIELDS
from tests.conftest import app_config
from tests.web.page_text import Form, forms_of, notation_in, verdict_parts, visible_text
from trainer.engine.rulebook.rules import Rules

# The indices and edge by count the count drills grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

CSRF = "test-csrf-token-0123456789"
PAGES = ("/", "/drills/", "/rules", "/strategy", "/indices", "/simulate", "/risk", "/progress",
         "/mistakes", "/signin", "/signup", "/account", "/dealing/catch", "/table/", "/glossary",
         "/drills/basic-strategy/chart", "/strategy/chart", "/path/placement",
         "/classes", "/your-game", "/replays/", "/checkouts/")  # fmt: skip
# Pages of no arguments the walk reaches otherwise, or that are not a page a learner reads.
NOT_WALKED_ALONE = {
    "/drills/basic-strategy": "a drill: walked with every drill",
    "/drills/basic-strategy/timed": "a timed run's page: walked by starting one",
    "/dealing/catch/run": "catch the dealer's run: walked with its settings",
    "/counting/penetration-chart": "a block of the penetration drill's verdict, walked with it",
    "/count-jobs/progress": "a count study's progress block, read by a script",
    "/chart-jobs/progress": "a new chart's progress block, read by a script",
    "/healthz": "JSON for a health check, not a page a learner reads",
}
# The table's walks and drills: its verdicts are the table's own (templates/table/), not a drill's.
TABLE_ONLY = {"table-play", "table-dealing", "punter-stake", "back-count", "the table", "the bank"}


class Walk:
    """A learner's client on an app of its own, and the pages it has read: (name, HTML)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.seen: list[tuple[str, str]] = []
        with client.session_transaction() as session:
            session["_csrf"] = CSRF

    def text(self, response: Any) -> str:
        """``response``'s page as the walk reads its links and forms."""
        return str(response.get_data(as_text=True))

    def read(self, name: str, response: Any) -> str:
        page = str(response.get_data(as_text=True))
        assert response.status_code == 200, f"{name}: {response.status_code} {page[-600:]}"
        self.seen.append((name, page))
        return page

    def get(self, name: str, url: str, **query: str) -> str:
        return self.read(name, self.client.get(url, query_string=query, follow_redirects=True))

    def post(self, name: str, url: str, data: dict[str, str]) -> str:
        response = self.client.post(url, data={"csrf_token": CSRF, **data}, follow_redirects=True)
        return self.read(name, response)

    def hits(self) -> list[str]:
        return [
            f"{name}: {hit}" for name, page in self.seen for hit in notation_in(visible_text(page))
        ]


@pytest.fixture(scope="module")
def walk_app(tmp_path_factory: pytest.TempPathFactory, strategy_charts: None) -> Any:
    from trainer import create_app

    return create_app(app_config(Path(tmp_path_factory.mktemp("plain-words"))))


@pytest.fixture
def walk(walk_app: Any) -> Walk:
    return Walk(walk_app.test_client())


def question_form(page: str) -> Form:
    found = [form for form in forms_of(page) if re.search(r"\bquestion\b", form.classes)]
    assert found, "the page asks no question"
    return found[0]


def _keys(form: Form, name: str = "answer") -> list[str]:
    return [value for named, value, disabled in form.buttons if named == name and not disabled]


def _candidates(drill: Drill, form: Form, rules: Rules) -> Iterator[dict[str, str]]:
    """Answers to the page's question, as form fields: the right one among them."""
    notation = form.fields["question"]
    if drill.slug == "hand-totals":
        kind, _, total = right_of(drill, notation, rules, "bust").partition(" ")
        yield {"kind": kind, "total": total}
        yield {"kind": "hard", "total": "3"}
        return
    if drill.slug == "ace-side-count":  # three numbers, said as "aces +2, bet +1, insurance 0"
        probe = drill.answer_text({name: "0" for name in form.boxes})
        numbers = re.findall(r"[+\-\u2212]?\d+", right_of(drill, notation, rules, probe))
        yield dict(zip(form.boxes, numbers, strict=True))
        yield {name: "9" for name in form.boxes}
        return
    for name in ("answer", "call"):
        if _keys(form, name):
            yield from ({name: key} for key in _keys(form, name))
            return
    probe = "5" if drill.slug == "bet-sizing" else "0"  # a bet the table takes (units of 5)
    right = right_of(drill, notation, rules, drill.answer_text(dict.fromkeys(form.boxes, probe)))
    amounts = right.split("; ")
    if len(form.boxes) > 1 and len(amounts) == len(form.boxes):
        yield dict(zip(form.boxes, (a.lstrip("+").replace(",", "") for a in amounts), strict=True))
        yield {name: "12345" for name in form.boxes}
        return
    right = right.replace(",", "").replace("\u2212", "-").removesuffix("%")  # a share: "27%"
    yield {form.boxes[0]: right}
    for step in (1, -1, 0.5, -0.5, 2, 5, -5):  # (5: a bet in the table's units)
        yield {form.boxes[0]: f"{float(right) + step:g}"}
    yield {form.boxes[0]: f"{float(right) / 2:.2f}"}  # far off, where near is right enough


def right_of(drill: Drill, notation: str, rules: Rules, probe: str) -> str:
    return drill.grade(notation, probe, rules).right_answer


def answers(drill: Drill, form: Form) -> tuple[dict[str, str], dict[str, str]]:
    """A right and a wrong answer to the page's question, as the form's fields."""
    rules = Rules.parse(form.fields.get("rules") or "vegas-6d-s17")
    right = wrong = None
    for fields in _candidates(drill, form, rules):
        data = {**form.fields, **fields}
        try:
            correct = drill.grade(data["question"], drill.answer_text(data), rules).correct
        except DrillError:
            continue
        if correct and right is None:
            right = data
        elif not correct and wrong is None:
            wrong = data
    assert right is not None and wrong is not None, f"no right and wrong answer for {form.fields}"
    return right, wrong


def walk_drill(walk: Walk, drill: Drill) -> None:
    page = walk.get(f"{drill.slug}: the question", f"/drills/{drill.slug}")
    if not isinstance(drill, AsksOnItsPage):
        return
    form = question_form(page)
    right, wrong = answers(drill, form)
    page = walk.post(f"{drill.slug}: a right answer", form.action, right)
    assert "feedback right" in page, f"{drill.slug}: the right answer was not graded right"
    form = question_form(page)
    _, wrong = answers(drill, form)
    page = walk.post(f"{drill.slug}: a wrong answer", form.action, wrong)
    assert "feedback wrong" in page, f"{drill.slug}: the wrong answer was not graded wrong"


def walk_session(walk: Walk, slug: str) -> None:
    page = walk.get(f"{slug}: the set-up", f"/drills/{slug}")
    setup = next(form for form in forms_of(page) if "session-setup" in form.classes)
    page = walk.post(f"{slug}: the cards", setup.action, {**setup.fields, "speed": "20"})
    for number in range(1, 40):
        checkpoint = [form for form in forms_of(page) if "checkpoint" in form.classes]
        if not checkpoint:
            assert number > 1, f"{slug}: the session asked nothing"
            return
        form = checkpoint[0]
        answer = {name: "0" for name in form.boxes}
        page = walk.post(f"{slug}: checkpoint {number} answered", form.action,
                         {**form.fields, **answer})  # fmt: skip
    raise AssertionError(f"{slug}: the session did not end")


def walk_catch(walk: Walk) -> None:
    page = walk.get("catch the dealer: a run", "/dealing/catch/run", rules="vegas-6d-s17",
                    rate="50", speed="60", rounds="3", seed="11")  # fmt: skip
    for number in (1, 2, 3):
        form = next(form for form in forms_of(page) if "call" in [b[0] for b in form.buttons])
        page = walk.post(f"catch the dealer: round {number} called", form.action,
                         {**form.fields, "call": "foul" if number % 2 else "next"})  # fmt: skip


CASINO_TABLE = {"rules": "single-deck", "others": "1", "boxes": "1", "bankroll": "1000",
                "unit": "10", "system": "hi-lo", "convention": "floor", "resolution": "half",
                "graded": ["strategy", "deviations", "bets", "insurance", "counts"],
                "mode": "test"}  # fmt: skip
BANK_TABLE = {**CASINO_TABLE, "rules": "russian-bank decks=1", "graded": ["strategy"], "unit": "1",
              "bankroll": "200", "mode": "training"}  # fmt: skip


def _step(form: Form) -> dict[str, str]:
    """A step's answer: standing, declining, the smallest bet, a count of 0, the first key."""
    if any(name == "units" for name, _, _ in form.buttons):
        return {**form.fields, "units": "1"}
    keys = _keys(form)
    chosen = next((key for key in ("S", "N", "D") if key in keys), keys[0] if keys else None)
    answer = {"answer": chosen} if chosen else {}
    boxes = {name: "1" if name == "units" else "0" for name in form.boxes}
    return {**form.fields, **boxes, **answer}


def walk_table(walk: Walk, name: str, table: dict[str, Any]) -> None:
    walk.get(f"{name}: the set-up", "/table/")
    response = walk.client.post("/table/", data={**table, "csrf_token": CSRF})
    assert response.status_code == 303, response.get_data(as_text=True)[-600:]
    url = response.headers["Location"]
    kinds: set[str] = set()
    for _ in range(600):
        response = walk.client.get(url)
        page = walk.text(response)
        steps = [form for form in forms_of(page) if "kind" in form.fields]
        if not steps:
            summary = walk.read(f"{name}: the summary", walk.client.get(url))
            for round_url in sorted(set(re.findall(r'href="([^"]*/rounds/\d+)"', summary)))[:3]:
                walk.read(f"{name}: {round_url}", walk.client.get(round_url))
            return
        form = steps[0]
        if form.fields["kind"] not in kinds:
            kinds.add(form.fields["kind"])
            walk.seen.append(
                (f"{name}: a {form.fields['kind']} step", response.get_data(as_text=True))
            )
        response = walk.client.post(form.action, data=_step(form), follow_redirects=True)
        assert response.status_code == 200, response.get_data(as_text=True)[-600:]
    raise AssertionError(f"{name}: the shoe did not end")


def walk_pages(walk: Walk) -> None:
    for url in PAGES:
        walk.get(url, url)
    walk.get("/strategy under the Russian bank", "/strategy", rules="russian-bank")
    page = walk.get("the quiz", "/drills/basic-strategy")
    timed = next(form for form in forms_of(page) if "timed-form" in form.classes)
    page = walk.post("a timed run", timed.action, timed.fields)
    form = question_form(page)
    walk.post("a timed run answered", form.action, {**form.fields, "answer": _keys(form)[0]})
    walk.get("/rules with an option changed", "/rules", rules="vegas-6d-s17 decks=2")
    drill = registry()["hand-totals"]
    walk_drill(walk, drill)  # a history to show
    for url in ("/", "/progress", "/mistakes", "/account", "/your-game"):
        walk.get(f"{url} with a history", url)
    user = re.search(r"/learners/(\d+)/attempts", "".join(page for _, page in walk.seen))
    assert user is not None, "no page links to the learner's history"
    walk.get("the history", f"/learners/{user.group(1)}/attempts")


def walk_own_pages(walk: Walk) -> None:
    """The learner's own pages (their mistakes, answers and progress) after a wrong answer to
    every drill asked on its own page and a counting session: each drill's mistakes shown."""
    for drill in DRILLS:
        if isinstance(drill, AsksOnItsPage) and drill.slug != "catch-the-dealer":
            walk_drill(walk, drill)
    walk_session(walk, "running-count")
    walk_table(walk, "the table", CASINO_TABLE)
    walk.seen.clear()
    for url in ("/", "/progress", "/mistakes", "/account", "/your-game"):
        walk.get(f"{url} after every drill", url)
    walk.get("/mistakes by cost after every drill", "/mistakes", sort="cost")
    shoes = walk.get("/replays/ after every drill", "/replays/")
    for replay in re.findall(r'href="(/replays/(?:table|count)/[^"?]+)"', shoes)[:2]:
        first = walk.get(f"{replay}: its first step", replay)
        last = re.search(r'href="([^"]+)" data-replay="last"', first)
        if last:
            url, _, step = last.group(1).partition("?step=")
            walk.get(f"{replay}: its last step", url, step=step)
    user = re.search(r"/learners/(\d+)/attempts", "".join(page for _, page in walk.seen))
    assert user is not None, "no page links to the learner's history"
    walk.get("the history after every drill", f"/learners/{user.group(1)}/attempts")


def signed_up(walk: Walk, name: str) -> Walk:
    walk.post(f"{name} signs up", "/signup", {"username": name, "password": "password " + name})
    with walk.client.session_transaction() as session:
        session["_csrf"] = CSRF  # signing up starts a new session
    return walk


def walk_class(walk: Walk) -> None:
    """A coach's pages after a member's answers to the drills the class page reads (strategy,
    index plays, payouts, a counting session), with an assignment; the member's invite page,
    classes page and Today; an invite used already."""
    tag = uuid.uuid4().hex[:8]
    signed_up(walk, f"coach{tag}")
    page = walk.post("a class started", "/classes", {"name": "Walkers", "coach_name": "Kim"})
    class_url = re.search(r'action="(/classes/\d+)/invites"', page)
    assert class_url is not None
    page = walk.post("invites made", f"{class_url[1]}/invites", {"count": "2"})
    code = re.findall(r"/join/([A-Za-z0-9_-]{32,})", page)[0]
    member = signed_up(Walk(walk.client.application.test_client()), f"member{tag}")
    member.get("the invite", f"/join/{code}")
    member.post("joined", f"/join/{code}", {"name": "Sam", "consent": "yes"})
    walk.post("an assignment set", f"{class_url[1]}/assignments",
              {"target": "drill:running-count", "system": "hi-lo", "speed": "2", "answers": "20",
               "percent": "90", "due": str(date.today() + timedelta(days=30))})  # fmt: skip
    for slug in ("basic-strategy", "deviations", "payout-math", "hand-totals"):
        walk_drill(member, registry()[slug])
    walk_session(member, "running-count")
    member.get("Today with an assignment", "/")
    refused = member.client.post(f"/join/{code}", data={"csrf_token": CSRF, "name": "Sam"})
    member.seen.append(("an invite used already", refused.get_data(as_text=True)))
    walk.seen.clear()
    walk.seen.extend(member.seen[-3:])
    page = walk.get("the class page", class_url[1])
    learner = re.search(r'href="(/classes/\d+/learners/\d+)"', page)
    assert learner is not None
    walk.get("a learner's page", learner[1])
    walk.get("the coach's classes", "/classes")


def walk_checkouts(walk: Walk) -> None:
    """Each checkout's start page; the counting and strategy checkouts' first question; the
    dealer checkout's every part (its answers worked out from the stored run), to its
    certificate."""
    name = "plain" + secrets.token_hex(4)  # the app is the module's: a new learner each walk
    walk.post("signed up", "/signup", {"username": name, "password": "plain words 1"})
    with walk.client.session_transaction() as session:
        session["_csrf"] = CSRF  # a sign-up draws a new token
    for kind in KINDS:
        walk.get(f"the {kind} checkout", f"/checkouts/{kind}")
    # (deviations and the true count deal from the count's studies, which this app has not)
    for kind in ("counting", "basic-strategy", "dealer"):
        page = walk.post(f"the {kind} checkout dealt", f"/checkouts/{kind}", {})
        run = re.search(r'action="/checkouts/runs/(\d+)/start"', page)
        assert run is not None, f"the {kind} checkout shows no part to start"
        parts = len(criteria_for(kind).parts) if kind == "dealer" else 1
        for part in range(parts):
            walk.post(f"{kind}: part {part}", f"/checkouts/runs/{run.group(1)}/start",
                      {"part": str(part)})  # fmt: skip
            if kind == "dealer":
                walk.post(f"{kind}: part {part} answered", f"/checkouts/runs/{run.group(1)}/answer",
                          _right_checkout_answer(walk, int(run.group(1)), part))  # fmt: skip
    walk.get("the checkouts", "/checkouts/")
    page = walk.seen[-2][1]
    link = re.search(r'href="http://localhost(/certificates/[^"]+)"', page)
    assert link is not None, "the dealer checkout passed gives no certificate"
    walk.get("a certificate", link.group(1))


def _right_checkout_answer(walk: Walk, run_id: int, part: int) -> dict[str, str]:
    from trainer import store
    from trainer.store import checkouts

    db = store.open_db(walk.client.application.config["DATABASE"])
    try:
        user = db.execute("SELECT user_id FROM checkout_runs WHERE id = ?", [run_id]).fetchone()
        run = checkouts.get_run(db, run_id, user[0])
    finally:
        db.close()
    assert run is not None
    sort, notation = run.items[part][0]
    rules = Rules.parse(run.rules)
    place = {"part": str(part), "item": "0"}
    if sort == "table":
        right = SORT_DRILLS[sort].grade(notation, ";".join("0" for _ in range(7)), rules)
        amounts = right.right_answer.replace("\u2212", "-").split("; ")
        return {**place, **dict(zip(BOX_FIELDS, amounts, strict=False))}
    return {**place, "answer": SORT_DRILLS[sort].grade(notation, "0", rules).right_answer}


WALKS: dict[str, Callable[[Walk], None]] = {
    "a class": walk_class,
    "checkouts": walk_checkouts,
    "pages": walk_pages,
    "your pages": walk_own_pages,
    "catch the dealer": walk_catch,
    "the table": lambda walk: walk_table(walk, "the table", CASINO_TABLE),
    "the bank": lambda walk: walk_table(walk, "the bank", BANK_TABLE),
}
for _drill in DRILLS:
    if _drill.slug in ("running-count", "deck-countdown", "shoe-count"):
        WALKS[_drill.slug] = lambda walk, slug=_drill.slug: walk_session(walk, slug)
    else:
        WALKS[_drill.slug] = lambda walk, drill=_drill: walk_drill(walk, drill)


def test_the_walk_reads_every_page(walk_app: Any) -> None:
    pages = {
        rule.rule
        for rule in walk_app.url_map.iter_rules()
        if "GET" in rule.methods and not rule.arguments
    }
    assert pages - set(PAGES) - set(NOT_WALKED_ALONE) == set()


@pytest.mark.parametrize("name", list(WALKS))
def test_no_notation_in_what_a_learner_reads(walk: Walk, name: str) -> None:
    WALKS[name](walk)
    hits = walk.hits()
    assert not hits, f"{len(hits)} pieces of notation:\n" + "\n".join(hits)


# -- the shape of a verdict ---------------------------------------------------------------------

FIRST_LINE_WORDS = 15  # "about 15 words": the first line says right or wrong, the answer, its cost
WHY_WORDS = 40  # one sentence of why (the situation answered, drawn beside it, not counted)
_FEEDBACK_RE = re.compile(r'<section id="feedback".*?</section>', re.S)


def verdict_of(page: str) -> tuple[str, str, str]:
    """A page's verdict: its first line, its other words shown without opening anything, and
    what is behind its Details."""
    section = _FEEDBACK_RE.search(page)
    assert section is not None, "the page has no verdict"
    return verdict_parts(section.group(0))


# What each drill with a long explanation keeps behind Details, right answer or wrong.
BEHIND_DETAILS = {
    "basic-strategy": "EV of each play",
    "deviations": "The EV of each play at this count",
    "bet-sizing": "The whole ramp",
    "true-count": "; rounded down,",
    "payout-math": "Dealer: ",  # the hand answered (taller than a phone's screen) too
    "table-payouts": "Box 1:",
}

# (A checkout shows no verdict on an answer: it is a test, with no hints until the end.)
VERDICT_WALKS = [
    name for name in WALKS if name not in ("pages", "your pages", "checkouts", *TABLE_ONLY)
]


@pytest.mark.parametrize("name", VERDICT_WALKS)
def test_every_verdict_says_it_in_a_line_and_keeps_the_rest_behind_details(
    walk: Walk, name: str
) -> None:
    WALKS[name](walk)
    verdicts = [(page_name, page) for page_name, page in walk.seen if 'id="feedback"' in page]
    assert verdicts, f"{name}: no verdict was shown"
    for page_name, page in verdicts:
        line, shown, hidden = verdict_of(page)
        assert re.match(r"(Right|Not quite|Checkpoint \d+|Round \d+)\b", line), (page_name, line)
        assert len(line.split()) <= FIRST_LINE_WORDS, f"{page_name}: {line!r}"
        assert len(shown.split()) <= WHY_WORDS, f"{page_name}: {len(shown.split())}: {shown!r}"
        if "right answer" in page_name:
            assert line.startswith("Right"), (page_name, line)
        if name in BEHIND_DETAILS:
            assert BEHIND_DETAILS[name] in hidden, f"{page_name}: {hidden!r}"
            assert BEHIND_DETAILS[name] not in shown, f"{page_name}: {shown!r}"


def test_a_hand_to_add_up_names_no_rules(client: Any, hidden_fields: Any) -> None:
    """Hand totals are the same under any rules: its page names none, above the question or
    under the verdict (a newcomer read "dealer stands on soft 17" above a hand to add up,
    before soft was taught); the basic-strategy quiz names its rules still."""
    page = client.get("/drills/hand-totals").get_data(as_text=True)
    assert 'class="rules-line"' not in page and "soft 17" not in page.split("<footer")[0]
    form = hidden_fields(page)
    answered = client.post(
        "/drills/hand-totals/answer",
        data={**form, "total": "3", "kind": "hard"},
        follow_redirects=True,
    ).get_data(as_text=True)
    assert "Not quite" in answered and "Graded under" not in answered
    quiz = client.get("/drills/basic-strategy?rules=vegas-6d-s17").get_data(as_text=True)
    assert 'class="rules-line"' in quiz


def test_a_quiz_verdicts_details_open_with_the_charts_word(client: Any, hidden_fields: Any) -> None:
    """Behind Details: the explanation's sentences (the chart's word on the cell) first, then
    the table of EVs, then the rules it was graded under (a walker found the chart's word
    last, under the rules list and the table)."""
    page = client.get("/drills/basic-strategy?rules=vegas-6d-s17").get_data(as_text=True)
    checked = 0
    for _ in range(12):  # each question answered by its first key (an insurance's: I or N)
        key = re.search(r'name="answer" value="([A-Z])"(?![^>]*disabled)', page)
        assert key is not None
        page = client.post(
            "/drills/basic-strategy/answer",
            data={**hidden_fields(page), "answer": key.group(1)},
            follow_redirects=True,
        ).get_data(as_text=True)
        details = page.split('<details class="verdict-details">')[1].split("</details>\n")[0]
        if "The chart for these rules says" in details:
            chart = details.index("The chart for these rules says")
            assert chart < details.index("<table") < details.index("Graded under")
            checked += 1
    assert checked
