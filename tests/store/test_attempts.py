"""The attempts store: every field kept, one row per token, append-only, each learner apart."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from fractions import Fraction
from typing import Any

import pytest

from trainer.store import attempts, users


def record(db: Any, user_id: int, token: str, **fields: Any) -> tuple[attempts.Attempt, bool]:
    values: dict[str, Any] = {
        "drill": "hand-totals",
        "question": "AS 6H",
        "rules": "vegas-6d-s17",
        "answer": "hard 17",
        "right_answer": "soft 17",
        "correct": False,
    }
    values.update(fields)
    return attempts.record_attempt(db, user_id=user_id, token=token, **values)


def count(db: Any) -> int:
    return db.execute("SELECT count(*) FROM attempts").fetchone()[0]


def test_every_field_is_kept(db: Any) -> None:
    learner = users.create_guest(db)
    stored, created = record(
        db,
        learner.id,
        "token-1",
        ev_cost=Fraction(-3, 200),
        response_ms=1234,
        rules="vegas-6d-s17 decks=2",
    )
    assert created
    assert stored == attempts.find_attempt(db, learner.id, "token-1")
    assert (stored.drill, stored.question) == ("hand-totals", "AS 6H")
    assert stored.rules == "vegas-6d-s17 decks=2"
    assert (stored.answer, stored.right_answer, stored.correct) == ("hard 17", "soft 17", False)
    assert stored.ev_cost == Fraction(-3, 200)
    assert stored.response_ms == 1234
    assert stored.created_at.endswith("Z")


def test_the_same_token_is_stored_once(db: Any) -> None:
    learner = users.create_guest(db)
    first, created = record(db, learner.id, "double-click")
    again, created_again = record(db, learner.id, "double-click", answer="soft 17", correct=True)
    assert created and not created_again
    assert again == first
    assert count(db) == 1


def test_two_learners_may_use_the_same_token(db: Any) -> None:
    one, two = users.create_guest(db), users.create_guest(db)
    assert record(db, one.id, "same")[1]
    assert record(db, two.id, "same")[1]
    assert count(db) == 2


def test_attempts_are_append_only(db: Any) -> None:
    learner = users.create_guest(db)
    record(db, learner.id, "kept")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE attempts SET correct = 1")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("DELETE FROM attempts")
    assert attempts.list_attempts(db, learner.id)[0].correct is False


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"drill": ""}, "drill"),
        ({"question": ""}, "question"),
        ({"rules": ""}, "rules"),
        ({"response_ms": -5}, "negative"),
    ],
)
def test_bad_attempts_are_refused_and_nothing_is_written(
    db: Any, fields: dict[str, Any], message: str
) -> None:
    learner = users.create_guest(db)
    with pytest.raises(attempts.InvalidAttemptError, match=message):
        record(db, learner.id, "bad", **fields)
    assert count(db) == 0


@pytest.mark.parametrize("token", ["", "x" * 65, "tab\there"])
def test_bad_tokens_are_refused(db: Any, token: str) -> None:
    learner = users.create_guest(db)
    with pytest.raises(attempts.InvalidAttemptError, match="token"):
        record(db, learner.id, token)
    assert count(db) == 0


def test_a_learner_sees_only_their_own_attempts(db: Any) -> None:
    mine, theirs = users.create_guest(db), users.create_guest(db)
    record(db, mine.id, "a", correct=True, answer="soft 17")
    record(db, mine.id, "b")
    record(db, theirs.id, "c")
    listed = attempts.list_attempts(db, mine.id)
    assert [a.token for a in listed] == ["b", "a"]  # newest first
    assert {a.user_id for a in listed} == {mine.id}
    assert [a.token for a in attempts.list_attempts(db, mine.id, correct=False)] == ["b"]
    assert [a.token for a in attempts.list_attempts(db, mine.id, newest_first=False)] == ["a", "b"]
    assert attempts.list_attempts(db, mine.id, drill="other") == []


def test_drill_stats_count_answers_and_mean_time(db: Any) -> None:
    learner = users.create_guest(db)
    record(db, learner.id, "a", correct=True, response_ms=1000)
    record(db, learner.id, "b", correct=False, response_ms=3000)
    record(db, learner.id, "c", correct=True, response_ms=None)
    stats = attempts.drill_stats(db, learner.id)["hand-totals"]
    assert (stats.attempts, stats.correct, stats.mean_response_ms) == (3, 2, 2000)
    assert stats.accuracy == Fraction(2, 3)


def test_exports_hold_the_fields_but_no_token_or_user(db: Any) -> None:
    learner = users.create_guest(db)
    record(db, learner.id, "secret-token", ev_cost=Fraction(1, 8), response_ms=900)
    rows = attempts.list_attempts(db, learner.id)
    exported = json.loads(attempts.to_json(rows))
    assert exported[0]["ev_cost"] == "1/8"
    assert exported[0]["question"] == "AS 6H"
    assert "token" not in exported[0] and "user_id" not in exported[0]
    table = list(csv.DictReader(io.StringIO(attempts.to_csv(rows))))
    assert table[0]["right_answer"] == "soft 17"
    assert table[0]["correct"] == "0"
    assert "secret-token" not in attempts.to_csv(rows)


def _old_row(db: Any, rules: str, options: str | None) -> attempts.Attempt:
    """A row as stored before the notation (straight into the table), read back."""
    learner = users.create_guest(db)
    db.execute(
        "INSERT INTO attempts (user_id, drill, question, rules, rules_options, answer,"
        " right_answer, correct, token, created_at)"
        " VALUES (?, 'hand-totals', 'AS 6H', ?, ?, 'a', 'b', 0, 'old-1', 'x')",
        [learner.id, rules, options],
    )
    [old] = attempts.list_attempts(db, learner.id)
    return old


def test_rows_from_before_the_notation_read_as_notation(db: Any) -> None:
    """Older rows hold the preset's name and JSON options (append-only: they stay so)."""
    options = '{"surrender": "late", "penetration": 0.6666666666666666, "insurance": false}'
    old = _old_row(db, "double-deck", options)
    assert old.rules == "double-deck insurance=false penetration=2/3 surrender=late"
    from trainer.engine.rulebook.rules import Rules, find_preset

    assert Rules.parse(old.rules) == find_preset("double-deck").replace(
        surrender="late", penetration="2/3", insurance="false"
    )


def test_a_countdown_row_from_before_the_notation_reads_as_one_decks_notation(db: Any) -> None:
    """The countdown stored "one deck" where a notation belongs, before it stored one."""
    old = _old_row(db, "one deck", None)
    assert old.rules == "custom decks=1"
    from trainer.engine.rulebook.rules import Rules

    assert Rules.parse(old.rules).decks == 1
