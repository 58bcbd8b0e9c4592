"""004's banker as its text deals him (the fixed point: the banker's best play and the punters'
best chart, each against the other, about a second of work) is never worked out in a request,
whatever page or drill reads it: where it is not on disk the chart's job works it out (with the
chart, as the table's and the strategy page's) and the page shows the job's progress page, or
(the mistakes page) a line saying so with a link to it, then the question once it is done.

The game is refused in this process (``work_out_fixed_point`` raises) until the test runs the
queue, as a job worker would; 002's deal method 3 game likewise on the mistakes page.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from drills import strategy_cells, table_dealing
from tests.conftest import app_config, sealed
from trainer.engine.banker import face_down, method3
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.store import attempts, open_db, reviews, users

BANK = "russian-bank"  # 004 dealt face down: its chart is on disk, its banker is not
HOME = "twenty-one-home"  # 002's deal method 3
CSRF = "test-csrf-token-0123456789"
QUESTION = "TS 6H v ?"  # a punter's hard 16, no banker card shown
STAKE = "stake TS 6H bankroll 1000 risk 0.05"  # a punter's stake on his two cards at 004


def _refused(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the game was worked out in the request")


def _games_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, refuse: bool) -> None:
    """The fixed points and the method-3 games kept in ``tmp_path`` (none there yet, nothing in
    memory: no memo of an earlier test either), worked out only where ``refuse`` is off."""
    for name, cache in (("POINTS", face_down.FIXED_POINTS), ("GAMES", method3.GAMES)):
        monkeypatch.setenv(f"TRAINER_TEST_{name}", str(tmp_path / name.lower()))
        monkeypatch.setattr(cache, "env_var", f"TRAINER_TEST_{name}")
        monkeypatch.setattr(cache, "_memory", {})
    for memo in (strategy_cells._face_down_hands, strategy_cells._play_cells):
        memo.cache_clear()
    table_dealing._draw_evs.cache_clear()
    if refuse:
        monkeypatch.setattr(face_down, "work_out_fixed_point", _refused)
        monkeypatch.setattr(method3, "work_out_method3_game", _refused)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, strategy_charts: None) -> Any:
    """The app with the charts on disk but neither game, its jobs left queued (no inline run,
    no pool), the games refused in this process."""
    from trainer import create_app

    _games_apart(tmp_path, monkeypatch, refuse=True)
    return create_app(app_config(tmp_path, JOBS_INLINE=False))


@pytest.fixture
def learner(app: Any) -> tuple[Any, int]:
    """A browser the server knows (its session cookie, a CSRF token) and its learner's id."""
    client = app.test_client()
    guest = users.create_guest(open_db(app.config["DATABASE"]))
    with client.session_transaction() as session:
        session.update(uid=guest.id, gen=0, _csrf=CSRF)
    return client, guest.id


def _jobs(app: Any) -> list[tuple[str, str, str]]:
    rows = open_db(app.config["DATABASE"])["jobs"].rows
    return [(row["kind"], row["state"], row["key"]) for row in rows]


def _waiting(response: Any) -> bool:
    """The chart job's progress page, going on to the page asked for."""
    text = response.get_data(as_text=True)
    return response.status_code == 202 and "Working out the strategy chart" in text


def _run_the_queue(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Rules]:
    """As the job worker's process: the games worked out, onto disk; the rules of each
    method-3 game the jobs asked for."""
    from trainer.web.jobs import run_queued

    monkeypatch.undo()
    # 002's game is the run's, worked out once for the suite (strategy_charts; its figures are
    # tests/engine's): the job's call hands it over instead of its 12 CPU-s again.
    home = method3.cached_method3_game(find_preset(HOME))
    assert home is not None
    asked: list[Rules] = []
    work_out = method3.work_out_method3_game

    def handed_over(rules: Rules) -> Any:
        asked.append(rules)
        return home if rules == home.rules else work_out(rules)

    _games_apart(tmp_path, monkeypatch, refuse=False)
    monkeypatch.setattr(method3, "work_out_method3_game", handed_over)
    assert run_queued(app) >= 1
    assert all(state == "done" for _, state, _ in _jobs(app))
    _games_apart(tmp_path, monkeypatch, refuse=True)  # a new request: read from disk only
    return asked


def _answer(question: str, answer: str, **fields: str) -> dict[str, str]:
    return {
        "question": question,
        "answer": answer,
        "token": f"token-{time.monotonic_ns()}",
        "asked_at": str(int(time.time() * 1000)),
        "csrf_token": CSRF,
        **fields,
    }


def test_the_quiz_waits_for_the_banker_then_asks(
    app: Any, learner: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, _ = learner
    page = client.get(f"/drills/basic-strategy?rules={BANK}")
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and 'name="question"' not in text  # no question yet
    assert "Working out the chart for these rules" in text and "wait=1" in text
    assert _jobs(app) == []  # showing that starts nothing
    waited = client.get(f"/drills/basic-strategy?wait=1&rules={BANK}&mix=shoe")
    assert _waiting(waited)
    # Without JavaScript it reloads itself until the job is done, then goes on to the quiz.
    reloads = re.search(r'http-equiv="refresh" content="3; url=([^"]+)"', waited.get_data(True))
    assert reloads is not None and reloads[1].startswith("/chart-jobs/progress?rules=russian-bank")
    assert "next=/drills/basic-strategy?wait%3D1" in reloads[1]
    assert _jobs(app) == [("chart", "queued", f"chart {BANK}")]
    assert face_down.cached_fixed_point(find_preset(BANK)) is None

    _run_the_queue(app, tmp_path, monkeypatch)
    asked = client.get(f"/drills/basic-strategy?rules={BANK}&mix=cells")
    assert asked.status_code == 200 and 'name="question"' in asked.get_data(as_text=True)
    assert " v ?" in asked.get_data(as_text=True)  # a face-down question: no banker card


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/drills/basic-strategy/answer", _answer(QUESTION, "H", rules=BANK, mix="shoe")),
        ("/drills/basic-strategy/timed", {"rules": BANK, "mix": "shoe", "count": "10"}),
    ],
    ids=["an answer", "a timed run"],
)
def test_a_form_sent_under_rules_not_worked_out_waits_for_the_job(
    app: Any, learner: Any, path: str, form: dict[str, str]
) -> None:
    """An answer or a timed run sent by hand under 004's rules, before any question was asked
    under them: the job's progress page, nothing stored."""
    client, user_id = learner
    sent = client.post(path, data={**form, "csrf_token": CSRF})
    assert _waiting(sent)
    assert _jobs(app) == [("chart", "queued", f"chart {BANK}")]
    assert attempts.list_attempts(open_db(app.config["DATABASE"]), user_id) == []


def test_the_heat_map_waits_for_the_banker(app: Any, learner: Any) -> None:
    client, _ = learner
    assert _waiting(client.get(f"/drills/basic-strategy/chart?rules={BANK}"))
    assert _jobs(app) == [("chart", "queued", f"chart {BANK}")]


def _store_mistake(app: Any, user_id: int, token: str, **fields: Any) -> None:
    values: dict[str, Any] = {"correct": False, **fields}
    attempts.record_attempt(open_db(app.config["DATABASE"]), user_id=user_id, token=token, **values)


def test_a_review_of_stakes_at_004_waits_for_the_banker_to_grade(app: Any, learner: Any) -> None:
    """Re-drilling a punter's stakes at 004 (graded by what the two cards are worth against
    the banker's best play): the question is shown, its answer waits for the job."""
    client, user_id = learner
    _store_mistake(
        app, user_id, "t-stake", drill="punter-stake", question=STAKE, rules=BANK,
        answer="1", right_answer="40",
    )  # fmt: skip
    started = client.post("/mistakes/review", data={"drill": "punter-stake", "csrf_token": CSRF})
    assert started.status_code == 303
    batch = reviews.get_batch(open_db(app.config["DATABASE"]), user_id, 1)
    assert batch is not None
    shown = client.get(started.headers["Location"])
    assert shown.status_code == 200 and "Your stake on these cards?" in shown.get_data(True)
    review = {"review": str(batch.id), "review_item": str(batch.items[0].id)}
    form = sealed(_answer(STAKE, "10", rules=BANK, **review), "punter-stake")  # as its page
    sent = client.post("/drills/punter-stake/answer", data=form)
    assert _waiting(sent)
    assert [kind for kind, _, _ in _jobs(app)] == ["chart"]


@pytest.mark.parametrize(
    ("drill", "question", "rules", "shows"),
    [
        ("basic-strategy", QUESTION, BANK, "The banker shows no card"),
        # a punter's play at a 004 table, one card drawn
        ("table-play", "TS 2H 3C v ?", BANK, 'aria-label="3 of clubs"'),
        # the deal's worth at 002's auction: method 3's game
        ("deal-auction", None, HOME, '<ul class="auction-situation">'),
    ],
)
def test_the_mistakes_page_says_the_game_is_worked_out_then_shows_the_question(
    app: Any,
    learner: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    drill: str,
    question: str | None,
    rules: str,
    shows: str,
) -> None:
    from drills.deal_auction import auction_notation

    client, user_id = learner
    if question is None:
        question = auction_notation(find_preset(HOME).replace(deal_auction=True), 4, 10)
    _store_mistake(
        app, user_id, "t-1", drill=drill, question=question, rules=rules, answer="S",
        right_answer="H",
    )  # fmt: skip
    page = client.get(f"/mistakes?drill={drill}")
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "details are worked out in a moment: the server is working out this game" in text
    link = re.search(r'href="(/chart-jobs/progress\?[^"]+)"', text)
    assert link is not None and "next=/mistakes?drill%3D" in link[1]
    assert _jobs(app) == [("chart", "queued", f"chart {rules}")]  # asked for, never worked out
    assert client.get("/progress").status_code == 200  # the mastery of 004's cells: not either
    waiting = client.get(link[1].replace("&amp;", "&"))
    assert _waiting(waiting) and len(_jobs(app)) == 1  # the same job
    assert f'content="3; url={link[1]}"' in waiting.get_data(True)  # no script: it reloads

    asked = _run_the_queue(app, tmp_path, monkeypatch)
    assert asked == ([find_preset(HOME)] if rules == HOME else [])  # by the job, once
    done = client.get(link[1].replace("&amp;", "&"))
    assert done.status_code == 303 and done.headers["Location"] == f"/mistakes?drill={drill}"
    shown = client.get(f"/mistakes?drill={drill}").get_data(as_text=True)
    assert "worked out in a moment" not in shown
    assert shows in shown  # the question as its drill draws it


@pytest.mark.parametrize(
    ("drill", "question", "language", "said", "right"),
    [
        ("basic-strategy", QUESTION, "en", "stand", "draw"),
        ("table-play", "TS 2H 3C v ?", "en", "stand", "draw"),
        ("basic-strategy", QUESTION, "ru", "стоять", "прикупать"),
    ],
)
def test_a_pending_mistakes_answers_are_said_in_words_at_once(
    app: Any, learner: Any, drill: str, question: str, language: str, said: str, right: str
) -> None:
    """While 004's banker is worked out (the question not drawn yet), the answers are already
    the buttons' words, not the stored keys ("S", "H"): naming a key works nothing out."""
    client, user_id = learner
    _store_mistake(
        app, user_id, "t-1", drill=drill, question=question, rules=BANK, answer="S",
        right_answer="H",
    )  # fmt: skip
    page = client.get(f"/mistakes?drill={drill}", headers={"Accept-Language": language})
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and f'<html lang="{language}"' in text
    assert 'role="status">' in text and "/chart-jobs/progress?" in text  # still pending
    assert f"<strong>{said}</strong>" in text and f"<strong>{right}</strong>" in text
    assert "<strong>S</strong>" not in text and "<strong>H</strong>" not in text


def _class_of_one(app: Any) -> tuple[Any, int, int]:
    """A coach (signed up, their browser) with a class Ann has joined: the coach, the class's
    id and Ann's learner id."""
    from tests.web.test_classes import Person, invite, join, start_class

    coach = Person(app, "coachy")
    class_id = start_class(coach)
    ann = Person(app, "ann_account")
    assert join(ann, invite(coach, class_id), "Ann").status_code == 303
    return coach, class_id, ann.id


def _heat_cell(page: str, words: str) -> str:
    """A heat-map cell of the class page: its cell's words, the class's right answers and
    answers, and what it shows."""
    found = re.search(
        rf'<td class="heat-[a-z]+" title="{re.escape(words)}: [^"]*"[^>]*>(.*?)</td>', page
    )
    assert found is not None, words
    return found[0]


@pytest.mark.parametrize(
    ("rules", "question", "cell", "waits_for"),
    [
        (BANK, QUESTION, "hard 16, two cards dealt", "The banker's play under these rules"),
        (
            "vegas-6d-s17 decks=3",
            "TS 6H v 9D",
            "hard 16 against 9",
            "The strategy chart for these rules",
        ),
    ],
    ids=["004's banker", "a chart for new rules"],
)
def test_the_class_heat_map_shows_at_once_while_its_figures_are_worked_out(
    app: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    rules: str,
    question: str,
    cell: str,
    waits_for: str,
) -> None:
    """A coach's page draws the class's heat map from the stored answers at once, each cell
    without its play while the figures it is read from are worked out, a line saying which
    and linking to their job's progress; then, once done, with the plays."""
    coach, class_id, ann_id = _class_of_one(app)
    for n, correct in enumerate((True, False, False)):
        _store_mistake(
            app, ann_id, f"t-{n}", drill="basic-strategy", question=question, rules=rules,
            answer="S", right_answer="H", correct=correct,
        )  # fmt: skip
    page = coach.get(f"/classes/{class_id}")
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and "Working out the strategy chart" not in text
    assert "1 / 3" in _heat_cell(text, cell) and 'class="code"' not in _heat_cell(text, cell)
    assert f"{waits_for} is still being worked out" in text
    link = re.search(r'href="(/chart-jobs/progress\?[^"]+)"', text)
    assert link is not None and f"next=/classes/{class_id}" in link[1]
    assert _jobs(app) == [("chart", "queued", f"chart {Rules.parse(rules).notation()}")]
    if rules != BANK:
        return  # a chart for new rules takes seconds to work out: 004's banker shows the rest
    _run_the_queue(app, tmp_path, monkeypatch)
    text = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    assert waits_for not in text
    assert re.search(r'<span class="code">[HS]</span>', _heat_cell(text, cell))  # its play


@pytest.mark.parametrize("preset", [BANK, HOME])
def test_no_drill_page_works_either_game_out(app: Any, learner: Any, preset: str) -> None:
    """Every drill's page, three times (questions are drawn at random), the learner's table set
    to 004 as dealt or to 002's home game: each asks, or shows the job's progress page (or,
    the queue never run here, past the learner's two jobs a 429), and none works the game out
    (``_refused`` would fail the test)."""
    from drills import registry

    client, _ = learner
    chosen = client.post("/rules", data={"preset": preset, "csrf_token": CSRF})
    assert chosen.status_code == 303
    shown: dict[str, set[int]] = {}
    for slug in registry():
        for _ in range(3):
            got = client.get(f"/drills/{slug}", follow_redirects=True).status_code
            shown.setdefault(slug, set()).add(got)
    odd = {slug: got for slug, got in shown.items() if not got <= {200, 202, 429}}
    assert not odd, odd
    assert 202 in set().union(*shown.values())  # some drill waits on the game's job
