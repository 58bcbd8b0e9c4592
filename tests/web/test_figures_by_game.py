"""A drill's figures are the learner's at the game the page asks under: a learner of two games
read one "28 answered" for both on the quiz (a walk at 004). A drill whose questions name their
own rules (payouts), or whose answer is the same at every game (a hand's total), counts every
game, and says nothing of one. The progress page still counts every game."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import store_answer
from tests.store.test_drill_totals import record_some
from tests.web.test_answer_cost import QUIZ, answer
from trainer import store
from trainer.store import attempts, migrations, users


def figures(page: str) -> str:
    found = re.search(r'<aside class="stats"[^>]*>(.*?)</aside>', page, re.S)
    assert found is not None, page[-3000:]
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def quiz(client: Any, rules: str, language: str = "en") -> str:
    with client.session_transaction() as session:
        session["rules"] = rules
    response = client.get(QUIZ, headers={"Accept-Language": language})
    assert response.status_code == 200
    return str(response.get_data(as_text=True))


def test_the_quiz_counts_the_answers_at_the_game_asked(client: Any, hidden_fields: Any) -> None:
    page = quiz(client, "vegas-6d-s17")
    assert figures(page) == "No answers at this game yet: your first one starts its record."
    for _ in range(2):
        page = answer(client, hidden_fields, page)
    assert figures(page).startswith("At this game: 2 answered · ")

    page = quiz(client, "russian-bank")
    assert figures(page) == "No answers at this game yet: your first one starts its record."
    page = answer(client, hidden_fields, page)  # the htmx panel, put together or drawn
    assert figures(page).startswith("At this game: 1 answered · ")
    assert figures(quiz(client, "russian-bank", "ru")).startswith("В этой игре ответов: 1 · ")
    assert figures(quiz(client, "vegas-6d-s17")).startswith("At this game: 2 answered · ")
    progress = client.get("/progress").get_data(as_text=True)
    assert re.search(r">Basic strategy</a></th>\s*<td>3</td>", progress), progress[-3000:]


def test_a_drill_whose_questions_name_their_rules_counts_every_game(
    db: Any, learner: tuple[Any, int]
) -> None:
    client, user_id = learner
    store_answer(db, user_id, "a", drill="payout-math", rules="vegas-6d-s17")
    store_answer(db, user_id, "b", drill="payout-math", rules="russian-bank")
    store_answer(db, user_id, "c", drill="hand-totals", rules="russian-bank")
    with client.session_transaction() as session:
        session["rules"] = "vegas-6d-s17"
    payouts = client.get("/drills/payout-math").get_data(as_text=True)
    assert figures(payouts).startswith("2 answered · ")
    # A hand adds up the same at every game: its figures are of every game too (a review of
    # a hand answered at 004 read "1 answered", then "no answers at this game yet": a walk).
    totals = client.get("/drills/hand-totals").get_data(as_text=True)
    assert figures(totals).startswith("1 answered · ")


def counted(db: Any, user_id: int) -> dict[tuple[str, str], tuple[int, int, int | None]]:
    rows = db.execute(
        "SELECT drill, rules, count(*), sum(correct), avg(response_ms) FROM attempts"
        " WHERE user_id = ? GROUP BY drill, rules",
        [user_id],
    ).fetchall()
    return {(d, r): (n, ok, round(ms) if ms is not None else None) for d, r, n, ok, ms in rows}


def from_totals(db: Any, user_id: int) -> dict[tuple[str, str], tuple[int, int, int | None]]:
    found = {}
    for drill, rules in {(d, r) for d, r in counted(db, user_id)}:
        stats = attempts.drill_stats(db, user_id, drill=drill, rules=rules)[drill]
        found[drill, rules] = (stats.attempts, stats.correct, stats.mean_response_ms)
    return found


GAMES = ("vegas-6d-s17", "russian-bank", "vegas-6d-s17 surrender=none")


def test_the_totals_by_rules_are_the_attempts_counted_old_and_new(
    tmp_path: Path, rng: random.Random, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = store.open_db(tmp_path / "old.sqlite3")
    before = [m for m in migrations.MIGRATIONS if m[0] != "0029_drill_rules_totals"]
    monkeypatch.setattr(migrations, "MIGRATIONS", before)
    store.migrate(db)
    learners = [users.create_guest(db).id for _ in range(2)]
    with store.transaction(db):  # stored before the totals existed
        record_some(db, rng, learners, 80, GAMES)
    monkeypatch.undo()
    assert store.migrate(db) == ["0029_drill_rules_totals"]
    record_some(db, rng, learners, 60, GAMES, first=80)  # stored since: kept by the trigger
    for learner in learners:
        assert len(counted(db, learner)) > 3
        assert from_totals(db, learner) == counted(db, learner)
    db.close()
