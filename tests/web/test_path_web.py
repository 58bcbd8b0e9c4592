"""The way in on the home page: a new visitor is asked where they start, each answer sets where
Continue goes (kept in the session, then stored once the learner has a row), a returning learner
sees Continue and Today first, and the placement check skips the steps whose questions are all
right, keeps the others, and refuses tampered input with a 400 that changes nothing."""

from __future__ import annotations

import re
from decimal import Decimal
from html import unescape
from typing import Any

import pytest

from drills import get_drill, rules_for
from drills import path as steps
from drills.hand_totals import read_hand, right_answer
from trainer.engine.rulebook.rules import Rules
from trainer.store import attempts, paths

# The deviation and bet-sizing questions are drawn from the default rules' Hi-Lo study.
pytestmark = pytest.mark.usefixtures("count_studies")

_CONTINUE = re.compile(r'<a class="button continue" href="([^"]+)"')
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


def home(client: Any) -> str:
    response = client.get("/")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def continue_href(page: str) -> str | None:
    found = _CONTINUE.search(page)
    return unescape(found.group(1)) if found else None


def choose(client: Any, csrf: Any, start: str) -> Any:
    return client.post("/path/start", data={"start": start, "csrf_token": csrf()})


def answer_a_hand(client: Any) -> None:
    page = client.get("/drills/hand-totals").get_data(as_text=True)
    form = dict(_HIDDEN.findall(page))
    kind, _, total = right_answer(read_hand(form["question"])).partition(" ")
    form.update(kind=kind, total=total)
    assert (
        client.post("/drills/hand-totals/answer", data=form, follow_redirects=True).status_code
        == 200
    )


def test_a_new_visitor_is_asked_where_they_start_and_sees_the_path(client: Any, db: Any) -> None:
    page = home(client)
    for label in steps.STARTS.values():
        assert 'name="start" value="' in page and label in page
    assert continue_href(page) is None  # the four answers are the way in
    order = [page.index(f'id="step-{step.key}"') for step in steps.STEPS]
    assert order == sorted(order)
    assert page.index('id="step-running"') < page.index('id="step-true"')
    assert 'href="/path/placement"' in page
    assert db["users"].count == 0  # looking is free: no guest made
    # The texts' games, every one: 003's casino was left out of the four (a walk).
    texts = unescape(page).split("Here for the games of the four Russian texts", 1)[1]
    texts = texts.split("?", 1)[0]
    for game in ("permanent bank", "twenty-one at home", "casino blackjack", "Russian banking"):
        assert game in texts, texts


@pytest.mark.parametrize(
    ("start", "first"),
    [
        ("new", "hand-totals"),
        ("basic", "payout-math?mix=casino"),  # the casino's payouts the step names
        ("counts", "deviations"),
        ("deals", "hand-totals"),
    ],
)
def test_each_answer_sets_where_continue_goes(
    client: Any, csrf: Any, db: Any, start: str, first: str
) -> None:
    response = choose(client, csrf, start)
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/#continue")
    page = home(client)
    assert continue_href(page) == f"/drills/{first}"
    assert page.count(">Skipped for now<") == len(steps.SKIPS[start])
    assert "Where are you starting from?" not in page
    assert f'<option value="{start}" selected>' in page
    # The start chosen reads after its label as a sentence of its own (a walk read «Начать с
    # [Я впервые играю в блэк джек]»).
    assert '<label for="start-again">Where you start:</label>' in page
    with client.session_transaction() as session:
        assert session["path"]["start"] == start  # no row yet: kept in the session
    assert db["users"].count == 0


def test_a_dealer_who_has_the_basics_continues_to_the_dealers_drills(
    client: Any, csrf: Any, db: Any
) -> None:
    choose(client, csrf, "deals")
    answer_a_hand(client)
    user_id = db["users"].rows.__next__()["id"]
    for kind in ("hand-totals", "payout-math"):
        for n in range(20):
            attempts.record_attempt(db, user_id=user_id, drill=kind, question="A5",
                                    rules="vegas-6d-s17", answer="1", right_answer="1",
                                    correct=True, token=f"{kind}-{n}")  # fmt: skip
    assert continue_href(home(client)) == "/drills/procedure"


def test_the_answer_is_stored_once_the_learner_has_a_row(client: Any, csrf: Any, db: Any) -> None:
    choose(client, csrf, "counts")
    answer_a_hand(client)  # the visitor becomes a guest
    page = home(client)
    user_id = db["users"].rows.__next__()["id"]
    assert paths.get_place(db, user_id) == paths.Place("counts", "")
    with client.session_transaction() as session:
        assert "path" not in session
    assert continue_href(page) == "/drills/deviations"
    choose(client, csrf, "basic")  # changed later: stored in place
    assert paths.get_place(db, user_id) == paths.Place("basic", "")


def test_a_start_that_is_not_one_of_the_four_is_a_400(client: Any, csrf: Any) -> None:
    response = choose(client, csrf, "expert")
    assert response.status_code == 400
    assert "choose one of the four answers" in response.get_data(as_text=True)
    no_token = client.post("/path/start", data={"start": "new"})
    assert no_token.status_code == 403  # the app's refusal of a form without its token
    assert continue_href(home(client)) is None


def test_a_returning_learner_sees_continue_and_today_before_the_path(client: Any) -> None:
    answer_a_hand(client)
    page = home(client)
    assert "Where are you starting from?" not in page
    assert continue_href(page) == "/drills/hand-totals"
    assert page.index("continue-heading") < page.index('id="today"') < page.index('id="path"')
    assert "Hand totals: your last 1 answer, 100% right." in page


# -- the placement check ------------------------------------------------------------------


def open_check(client: Any, waiting: int = 0) -> tuple[str, list[list[str]], Rules]:
    """Open the check (``waiting``: its questions left out while a study is worked out)."""
    response = client.get("/path/placement")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert page.count('class="placement-question"') == len(steps.PLACEMENT) - waiting
    with client.session_transaction() as session:
        kept = session["placement"]
    return kept["check"], kept["asked"], Rules.parse(kept["rules"])


def right_fields(number: int, slug: str, notation: str, rules: Rules) -> dict[str, str]:
    """The right answer's form fields, worked out by the drill (a wrong guess graded tells it)."""
    if slug == "hand-totals":
        kind, _, total = right_answer(read_hand(notation)).partition(" ")
        return {f"q{number}-kind": kind, f"q{number}-total": total}
    drill = get_drill(slug)
    question = drill.question(notation, rules)
    keys = [key for key, _label, legal in question.view.get("keys", ()) if legal]
    guess = keys[0] if keys else {"bet-sizing": "5"}.get(slug, "0")
    right = drill.grade(notation, guess, rules_for(drill, notation, rules)).right_answer
    return {f"q{number}-answer": right}


def wrong_fields(number: int, slug: str, notation: str, rules: Rules) -> dict[str, str]:
    fields = right_fields(number, slug, notation, rules)
    if slug == "hand-totals":
        total = fields[f"q{number}-total"]
        return {f"q{number}-kind": "hard", f"q{number}-total": str(int(total or 21) + 1)}
    if slug in ("basic-strategy", "deviations"):
        question = get_drill(slug).question(notation, rules)
        keys = [key for key, _label, legal in question.view["keys"] if legal]
        return {f"q{number}-answer": next(k for k in keys if k != fields[f"q{number}-answer"])}
    right = Decimal(fields[f"q{number}-answer"].replace("\u2212", "-"))
    step = 5 if slug == "bet-sizing" else 1  # a bet in the table's units (5), else refused
    return {f"q{number}-answer": str(right + step)}


def send_check(client: Any, csrf: Any, check: str, fields: dict[str, str]) -> Any:
    """The check sent as a plain form, on to its result's page (303)."""
    return client.post(
        "/path/placement",
        data={"csrf_token": csrf(), "check": check, **fields},
        follow_redirects=True,
    )


def test_right_answers_skip_their_steps(client: Any, csrf: Any) -> None:
    choose(client, csrf, "new")
    check, asked, rules = open_check(client)
    fields: dict[str, str] = {}
    for number, (_step, slug, notation) in enumerate(asked, start=1):
        fields.update(right_fields(number, slug, notation, rules))
    response = send_check(client, csrf, check, fields)
    assert response.status_code == 200
    done = response.get_data(as_text=True)
    placed = {step for step, _slug, _notation in asked}
    assert f"{len(placed)} steps marked as known" in done
    page = home(client)
    assert page.count(">Known: placement check<") == len(placed)
    # Every step the check asks placed, running count, deviations and bet sizing too: the
    # first step not placed is the table.
    assert placed == {"totals", "basic", "payouts", "running", "true", "deviations", "bets"}
    assert continue_href(page) == "/table/"


def test_wrong_answers_do_not_skip_their_steps(client: Any, csrf: Any) -> None:
    choose(client, csrf, "new")
    check, asked, rules = open_check(client)
    fields: dict[str, str] = {}
    for number, (step, slug, notation) in enumerate(asked, start=1):
        make = wrong_fields if step in ("totals", "payouts") else right_fields
        fields.update(make(number, slug, notation, rules))
    # one basic-strategy question left blank: not known either
    blank = next(n for n, (step, *_rest) in enumerate(asked, start=1) if step == "basic")
    fields.pop(f"q{blank}-answer")
    done = send_check(client, csrf, check, fields).get_data(as_text=True)
    # Known: the counting steps alone (running count, true count, deviations, bet sizing).
    assert "4 steps marked as known" in done
    page = home(client)
    assert page.count(">Known: placement check<") == 4
    assert 'id="step-true"' in page
    assert continue_href(page) == "/drills/hand-totals"


@pytest.mark.parametrize(
    "tamper",
    [
        {"q1-kind": "soft", "q1-total": "lots"},
        {"q3-answer": "Z"},
        {"q7-answer": "9" * 30},  # a running count far out of reach
        {"q7-answer": "lots"},
        {"q8-answer": "1/0"},
        {"q10-answer": "Z"},  # a deviation: no such play
        {"q11-answer": "lots"},  # a bet: not an amount
        {"check": "forged"},
    ],
)
def test_tampered_input_is_a_400_that_keeps_nothing(
    client: Any, csrf: Any, tamper: dict[str, str]
) -> None:
    choose(client, csrf, "new")
    check, asked, rules = open_check(client)
    fields: dict[str, str] = {}
    for number, (_step, slug, notation) in enumerate(asked, start=1):
        fields.update(right_fields(number, slug, notation, rules))
    fields.update(tamper)
    response = client.post(
        "/path/placement", data={"csrf_token": csrf(), "check": check, **fields} | tamper
    )
    assert response.status_code == 400
    assert "Traceback" not in response.get_data(as_text=True)
    assert ">Known: placement check<" not in home(client)


PLAYS = ("basic-strategy", "deviations")  # their answers are radio buttons


def test_an_unreadable_answer_shows_the_check_again_as_sent(client: Any, csrf: Any) -> None:
    """A 400 that keeps nothing, but loses nothing either: every answer in its place, the one
    that could not be read named; sent again, mended, it is graded."""
    check, asked, rules = open_check(client)
    fields = all_right(asked, rules)
    bad = at(asked, "running-count")
    sent = send_check(client, csrf, check, {**fields, f"q{bad}-answer": "lots"})
    page = sent.get_data(as_text=True)
    assert sent.status_code == 400 and sent.request.path == "/path/placement"
    assert f'<a href="#q{bad}">Question {bad}: ' in unescape(page)
    assert f'id="q{bad}" aria-describedby="placement-error"' in page
    assert f'name="check" value="{check}"' in page and 'value="lots"' in page
    radios = {f"q{n}-answer" for n, (_s, slug, _q) in enumerate(asked, 1) if slug in PLAYS}
    for name, value in fields.items():
        if name == f"q{bad}-answer":
            continue
        if name in radios or name.endswith("-kind"):
            shown = rf'name="{name}" value="{re.escape(value)}" checked'
        else:
            shown = rf'name="{name}"[^>]*value="{re.escape(value)}"'
        assert re.search(shown, page), name
    assert ">Known: placement check<" not in home(client)
    done = send_check(client, csrf, check, fields)
    assert done.status_code == 200 and done.request.path == f"/path/placement/{check}"


def test_a_check_sent_twice_is_a_400(client: Any, csrf: Any) -> None:
    check, _asked, _rules = open_check(client)
    assert send_check(client, csrf, check, {}).status_code == 200
    again = send_check(client, csrf, check, {})
    assert again.status_code == 400
    assert "start it again" in again.get_data(as_text=True)


def all_right(asked: list[list[str]], rules: Rules) -> dict[str, str]:
    fields: dict[str, str] = {}
    for number, (_step, slug, notation) in enumerate(asked, start=1):
        fields.update(right_fields(number, slug, notation, rules))
    return fields


def test_the_result_is_a_page_of_its_own_that_a_reload_or_back_sends_nothing_to(
    client: Any, csrf: Any, db: Any
) -> None:
    answer_a_hand(client)  # a guest, with a row: the place is stored
    choose(client, csrf, "new")
    check, asked, rules = open_check(client)
    sent = client.post(
        "/path/placement", data={"csrf_token": csrf(), "check": check, **all_right(asked, rules)}
    )
    assert sent.status_code == 303
    address = sent.headers["Location"]
    assert address == f"/path/placement/{check}"
    placed = len({step for step, _slug, _notation in asked})
    stored = list(db.query("SELECT * FROM learner_paths"))
    assert len(stored) == 1
    for _ in range(2):  # shown, then reloaded: the same result, nothing graded or kept again
        shown = client.get(address)
        assert shown.status_code == 200
        text = shown.get_data(as_text=True)
        assert f"{placed} steps marked as known" in text
        assert text.count("Right: ") == len(asked) and "Not quite" not in text
        assert list(db.query("SELECT * FROM learner_paths")) == stored
    # Back, to the check's page: a new check is drawn; the old one's form is refused (400) and
    # its result still shown.
    assert client.get("/path/placement").status_code == 200
    assert (
        client.post("/path/placement", data={"csrf_token": csrf(), "check": check}).status_code
        == 400
    )
    assert client.get(address).status_code == 200
    assert home(client).count(">Known: placement check<") == placed


def test_a_results_page_is_its_own_learners_alone(app: Any, client: Any, csrf: Any) -> None:
    answer_a_hand(client)
    check, asked, rules = open_check(client)
    address = send_check(client, csrf, check, all_right(asked, rules)).request.path
    assert address == f"/path/placement/{check}"
    assert client.get(address).status_code == 200
    other = app.test_client()  # another learner, or a visitor: never found
    assert other.get(address).status_code == 404
    answer_a_hand(other)
    assert other.get(address).status_code == 404
    with client.session_transaction() as session:  # the same browser, signed in as another
        session["uid"] = other_uid = _uid(other)
        session["gen"] = 0
    assert other_uid is not None
    assert client.get(address).status_code == 404
    assert client.get("/path/placement/never-sent-check").status_code == 404


def _uid(client: Any) -> int | None:
    with client.session_transaction() as session:
        found = session.get("uid")
    return found if isinstance(found, int) else None


def test_a_visitors_result_is_kept_in_their_session(client: Any, csrf: Any, db: Any) -> None:
    check, asked, rules = open_check(client)
    done = send_check(client, csrf, check, all_right(asked, rules))
    assert done.status_code == 200 and done.request.path == f"/path/placement/{check}"
    assert _uid(client) is None and db["users"].count == 0  # no row made for it
    with client.session_transaction() as session:
        assert session["placement_result"]["check"] == check
    assert client.get(done.request.path).status_code == 200


def test_htmx_gets_the_result_with_no_redirect(client: Any, csrf: Any) -> None:
    check, asked, rules = open_check(client)
    sent = client.post(
        "/path/placement",
        data={"csrf_token": csrf(), "check": check, **all_right(asked, rules)},
        headers={"HX-Request": "true"},
    )
    assert sent.status_code == 200 and "steps marked as known" in sent.get_data(as_text=True)
    assert client.get(f"/path/placement/{check}").status_code == 200


def test_the_check_is_graded_from_the_apps_own_caches(
    client: Any, csrf: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """A server whose charts and count studies are kept where its configuration says (not the
    engine's default folder) grades the check from there: it was sent to a count study's
    waiting page instead, which went on to a new check, the answers lost."""
    check, asked, rules = open_check(client)
    fields = all_right(asked, rules)
    monkeypatch.setenv("TRAINER_CACHE_DIR", str(tmp_path / "not-the-apps"))
    done = send_check(client, csrf, check, fields)
    assert done.status_code == 200 and done.request.path == f"/path/placement/{check}"
    placed = len({step for step, _slug, _notation in asked})
    assert f"{placed} steps marked as known" in done.get_data(as_text=True)


def test_a_check_without_a_csrf_token_is_refused(client: Any) -> None:
    check, _asked, _rules = open_check(client)
    assert client.post("/path/placement", data={"check": check}).status_code == 403


def at(asked: list[list[str]], slug: str) -> int:
    """The number of the question ``slug`` asks in the check."""
    return next(n for n, (_step, drilled, _rest) in enumerate(asked, start=1) if drilled == slug)


@pytest.mark.parametrize("slug", ["running-count", "deviations", "bet-sizing"])
def test_a_count_step_is_placed_only_by_its_right_answer(client: Any, csrf: Any, slug: str) -> None:
    """Each is graded by its drill: the running count over the cards shown, the deviation at
    the count given, the bet on the ramp; one wrong answer keeps its step on the path."""
    choose(client, csrf, "new")
    check, asked, rules = open_check(client)
    number = at(asked, slug)
    step = asked[number - 1][0]
    fields: dict[str, str] = {}
    for n, (_step, drilled, notation) in enumerate(asked, start=1):
        make = wrong_fields if n == number else right_fields
        fields.update(make(n, drilled, notation, rules))
    done = send_check(client, csrf, check, fields).get_data(as_text=True)
    assert "6 steps marked as known" in done
    title = steps.BY_KEY[step].title
    assert f"<li>{title}</li>" not in done.split("</ul>")[0]
    page = home(client)
    assert f'id="step-{step}"' in page
    assert continue_href(page) == "/drills/" + steps.continue_drill(steps.BY_KEY[step], {})


def test_the_running_count_question_shows_every_card_and_no_notation(client: Any) -> None:
    page = client.get("/path/placement").get_data(as_text=True)
    with client.session_transaction() as session:
        asked = session["placement"]["asked"]
    notation = asked[at(asked, "running-count") - 1][2]
    dealt = notation.split(": ", 1)[1].split()
    question = page.split(f'id="q{at(asked, "running-count")}"')[1].split("</fieldset>")[0]
    assert question.count('class="card') >= len(dealt) == 12
    assert "Hi-Lo, from a 6-deck shoe: count the 12 cards below" in question
    assert notation not in page and "rc hi-lo" not in page


def test_while_the_count_study_is_worked_out_the_check_asks_the_rest(
    client: Any, csrf: Any, monkeypatch: Any
) -> None:
    started: list[str] = []
    monkeypatch.setattr("drills.count_study.cached_study", lambda *args, **kwargs: None)
    monkeypatch.setattr(
        "trainer.web.views.path.study_or_start",
        lambda rules, system: started.append(f"{rules.notation()} {system.slug}") or (None, None),
    )
    check, asked, _rules = open_check(client, waiting=2)
    page = client.get("/path/placement").get_data(as_text=True)
    assert "Not asked yet, while their indices for these rules are worked out" in page
    assert "<li>Deviations</li>" in page and "<li>Bet sizing</li>" in page
    assert {slug for _step, slug, _notation in asked} >= {"running-count", "true-count"}
    assert not {"deviations", "bet-sizing"} & {slug for _step, slug, _notation in asked}
    assert started and started[0].endswith(" hi-lo")


@pytest.mark.parametrize(("first", "then", "done"), [(False, True, True), (True, False, False)])
def test_a_steps_mastery_rests_on_the_last_answers(
    client: Any, db: Any, first: bool, then: bool, done: bool
) -> None:
    """A hundred wrong first tries, then a hundred right: the step is done (its figures are the
    last hundred answers, all right); the other way round, it is not, however many right
    answers came long before. The path says what its figures rest on."""
    answer_a_hand(client)  # a guest, with a row
    (user_id,) = db.execute("SELECT user_id FROM attempts").fetchone()
    for n, correct in enumerate([first] * 150 + [then] * steps.RECENT_ANSWERS):
        attempts.record_attempt(db, user_id=user_id, drill="hand-totals", question="A5",
                                rules="vegas-6d-s17", answer="soft 16" if correct else "16",
                                right_answer="soft 16", correct=correct, token=f"t{n}")  # fmt: skip
    assert attempts.recent_tallies(db, user_id, ["hand-totals", "deviations"], 100) == {
        "hand-totals": (100, 100 if then else 0)
    }
    page = re.sub(r"\s+", " ", unescape(home(client)))
    step = page.split('id="step-totals"')[1].split("</li>")[0]
    assert ("Done</span>" in step) is done
    right = 100 if then else 0
    assert f"Hand totals: your last 100 answers, {right}% right." in step
    assert "rest on your last 100 answers to each drill" in page


def test_a_newcomer_who_came_for_the_source_texts_finds_their_games(client: Any) -> None:
    """The four starts are a casino player's: a reader of the Russian texts found their games
    only through the menu (a walk). The start says where they are, in both languages."""
    page = home(client)
    start = page[page.index('id="start-heading"') :].split("</section>")[0]
    link = re.search(r'<a href="([^"]+)">Choose one on the rules page</a>', start)
    assert link is not None and link.group(1) == "/rules"
    assert "the Russian banking game" in start
    russian = client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert ">Выберите игру на странице «Правила»</a>" in russian


@pytest.mark.parametrize(
    ("rules", "links", "not_linked"),
    [
        (
            "vegas-6d-s17",
            ["Pairs only", "Every hand, surrender included", "Insurance by the count"],
            [],
        ),
        ("permanent-bank", ["Pairs only", "Every hand"], ["surrender", "Insurance"]),
        ("russian-bank", ["Hard totals only"], ["Pairs only", "Every hand", "Insurance"]),
    ],
)
def test_the_basic_step_offers_the_plays_the_learners_game_has(
    client: Any, rules: str, links: list[str], not_linked: list[str]
) -> None:
    # At 004 the path read "hard, soft, pairs, surrender and insurance" against "the dealer's
    # card" and linked surrender and insurance drills the game has not (a walk).
    with client.session_transaction() as session:
        session["rules"] = rules
    page = unescape(client.get("/").get_data(as_text=True))
    step = page.split('id="step-basic"')[1].split("</li>\n    \n    <li")[0]
    drills = re.findall(r'<li><a href="[^"]*">([^<]*)</a></li>', step)
    assert all(link in drills for link in links), drills
    assert not any(word in link for link in drills for word in not_linked), drills
    teaches = re.search(r"</h3>\s*<p>(.*?)</p>", step, re.S)
    assert teaches is not None
    assert ("surrender and insurance" in teaches.group(1)) is (rules == "vegas-6d-s17")
    assert ("dealer's card" in teaches.group(1)) is (rules != "russian-bank")


@pytest.mark.parametrize(
    ("rules", "linked"),
    [
        ("vegas-6d-s17", set()),
        ("twenty-one-home", {"Table dealing", "Stakes as a punter", "Bidding for the deal"}),
        ("russian-bank", {"Table dealing", "Stakes as a punter"}),
    ],
)
def test_the_table_step_links_the_games_own_drills_with_that_game_alone(
    client: Any, rules: str, linked: set[str]
) -> None:
    # "Bidding for the deal" showed at Las Vegas, where nobody deals in turn (a walk).
    with client.session_transaction() as session:
        session["rules"] = rules
    page = unescape(client.get("/").get_data(as_text=True))
    step = page.split('id="step-table"')[1].split("</li>\n    \n    <li")[0]
    drills = set(re.findall(r'<li><a href="[^"]*">([^<]*)</a></li>', step))
    assert "Table play" in drills
    assert drills & {"Table dealing", "Stakes as a punter", "Bidding for the deal"} == linked
