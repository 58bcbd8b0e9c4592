"""Attempt tallies counted in SQL: the same window as list_attempts, grouped by rules (and by
question), one learner only; and the index that reads a learner's newest attempts in order."""

from __future__ import annotations

from typing import Any

from trainer.store import attempts, users


def record(db: Any, user_id: int, token: str, **fields: Any) -> attempts.Attempt:
    values: dict[str, Any] = {
        "drill": "basic-strategy",
        "question": "TS 6H v 9D",
        "rules": "vegas-6d-s17",
        "answer": "H",
        "right_answer": "H",
        "correct": True,
    }
    values.update(fields)
    return attempts.record_attempt(db, user_id=user_id, token=token, **values)[0]


def test_tallies_count_the_newest_attempts_by_rules(db: Any) -> None:
    learner = users.create_guest(db)
    record(db, learner.id, "t-01", correct=False)  # outside a window of 4
    record(db, learner.id, "t-02", rules="vegas-6d-s17 decks=2")
    record(db, learner.id, "t-03", correct=False)
    record(db, learner.id, "t-04", drill="hand-totals")  # another drill
    record(db, learner.id, "t-05")
    last = record(db, learner.id, "t-06", question="AS 7D v 9H")
    groups = attempts.tally_attempts(db, learner.id, drill="basic-strategy", within=4)
    assert [(g.rules, g.answers, g.right) for g in groups] == [
        ("vegas-6d-s17", 3, 2),
        ("vegas-6d-s17 decks=2", 1, 1),
    ]
    assert groups[0].newest_id == last.id and groups[0].question is None
    window = attempts.list_attempts(db, learner.id, drill="basic-strategy", limit=4)
    assert sum(g.answers for g in groups) == len(window)
    assert sum(g.right for g in groups) == sum(a.correct for a in window)


def test_tallies_by_question(db: Any) -> None:
    learner = users.create_guest(db)
    record(db, learner.id, "t-01", correct=False)
    record(db, learner.id, "t-02")
    record(db, learner.id, "t-03", question="AS 7D v 9H", correct=False)
    groups = attempts.tally_attempts(
        db, learner.id, drill="basic-strategy", within=10, by_question=True
    )
    assert [(g.question, g.answers, g.right) for g in groups] == [
        ("AS 7D v 9H", 1, 0),
        ("TS 6H v 9D", 2, 1),
    ]


def test_tallies_and_get_attempt_keep_learners_apart(db: Any) -> None:
    mine, other = users.create_guest(db), users.create_guest(db)
    theirs = record(db, other.id, "t-01")
    assert attempts.tally_attempts(db, mine.id, drill="basic-strategy", within=10) == []
    assert attempts.get_attempt(db, mine.id, theirs.id) is None
    assert attempts.get_attempt(db, other.id, theirs.id) == theirs


def test_the_newest_attempts_of_a_drill_are_read_in_index_order(db: Any) -> None:
    plan = db.execute(
        "EXPLAIN QUERY PLAN SELECT * FROM attempts WHERE user_id = 1 AND drill = 'x'"
        " ORDER BY id DESC LIMIT 500"
    ).fetchall()
    details = " / ".join(row[-1] for row in plan)
    assert "attempts_by_user_drill_id" in details
    assert "TEMP B-TREE" not in details


def test_drill_stats_of_one_drill_are_that_drills_figures(db: Any) -> None:
    learner = users.create_guest(db)
    record(db, learner.id, "t-01", response_ms=1000)
    record(db, learner.id, "t-02", correct=False, response_ms=3000)
    record(db, learner.id, "t-03", drill="hand-totals", response_ms=9000)
    every = attempts.drill_stats(db, learner.id)
    one = attempts.drill_stats(db, learner.id, drill="basic-strategy")
    assert one == {"basic-strategy": every["basic-strategy"]}
    assert (one["basic-strategy"].attempts, one["basic-strategy"].correct) == (2, 1)
    assert one["basic-strategy"].mean_response_ms == 2000
    assert attempts.drill_stats(db, learner.id, drill="payout-math") == {}
