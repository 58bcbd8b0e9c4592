"""Drill totals kept by a trigger: the same figures as counting every attempt, for old rows
(the migration's backfill) and new ones alike."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from trainer import store
from trainer.store import attempts, migrations, users

DRILLS = ("hand-totals", "basic-strategy", "payout-math")


def counted(db: Any, user_id: int) -> dict[str, tuple[int, int, int | None]]:
    """The figures drill_stats gives, counted the slow way over every attempt."""
    rows = db.execute(
        "SELECT drill, count(*), sum(correct), avg(response_ms) FROM attempts"
        " WHERE user_id = ? GROUP BY drill",
        [user_id],
    ).fetchall()
    return {d: (n, right, round(ms) if ms is not None else None) for d, n, right, ms in rows}


def from_totals(db: Any, user_id: int) -> dict[str, tuple[int, int, int | None]]:
    return {
        s.drill: (s.attempts, s.correct, s.mean_response_ms)
        for s in attempts.drill_stats(db, user_id).values()
    }


def record_some(
    db: Any,
    rng: random.Random,
    user_ids: list[int],
    count: int,
    rules: tuple[str, ...] = ("vegas-6d-s17",),
    first: int = 0,
) -> None:
    """``count`` answers (tokens from ``first`` on) by learners, drills and ``rules`` drawn."""
    for n in range(first, first + count):
        attempts.record_attempt(
            db,
            user_id=rng.choice(user_ids),
            drill=rng.choice(DRILLS),
            question="TS 6H v 9D",
            rules=rng.choice(rules),
            answer="H",
            right_answer="H",
            correct=rng.random() < 0.6,
            token=f"t-{n}",
            response_ms=rng.choice([None, rng.randrange(0, 20_000)]),
        )


def test_totals_match_the_attempts_and_a_resent_answer_counts_once(
    db: Any, rng: random.Random
) -> None:
    learners = [users.create_guest(db).id for _ in range(3)]
    record_some(db, rng, learners, 120)
    record_some(db, rng, learners, 40)  # the same tokens again: nothing new is stored
    for learner in learners:
        assert from_totals(db, learner) == counted(db, learner)
    assert sum(v[0] for v in from_totals(db, learners[0]).values()) > 0


def test_the_migration_counts_the_attempts_already_there(
    tmp_path: Path, rng: random.Random, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = store.open_db(tmp_path / "old.sqlite3")
    before = [m for m in migrations.MIGRATIONS if m[0] != "0007_drill_totals"]
    monkeypatch.setattr(migrations, "MIGRATIONS", before)
    store.migrate(db)
    learners = [users.create_guest(db).id for _ in range(2)]
    with store.transaction(db):  # stored before the totals existed
        record_some(db, rng, learners, 60)
    monkeypatch.undo()
    assert store.migrate(db) == ["0007_drill_totals"]
    for learner in learners:
        assert from_totals(db, learner) == counted(db, learner)
    db.close()
