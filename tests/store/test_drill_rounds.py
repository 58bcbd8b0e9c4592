"""A drill round in the store: a review batch linked to the table it follows, keeping why each
question came back in the batch's order (the first reason of a question asked twice), and an
ordinary review batch is none."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from tests.store.test_schedules import answer
from trainer.store import drill_rounds, reviews, tables, users
from trainer.store.drill_rounds import Reason

START = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


def mistakes(db: Any, learner: Any, *questions: str) -> list[Any]:
    return [
        answer(db, learner.id, f"tok-{n}", at=START, correct=False, question=q)[0]
        for n, q in enumerate(questions)
    ]


def test_a_drill_round_keeps_its_table_and_each_question_s_reason_in_order(db: Any) -> None:
    learner = users.create_guest(db)
    table = tables.create_table(db, user_id=learner.id, rules="single-deck", setup={}, seed=1)
    old, new, again = mistakes(db, learner, "TS 6H v TD", "9S 7H v TD", "TS 6H v TD")
    chosen = [
        (old, Reason("missed", old.created_at)),
        (new, Reason("shoe", new.created_at)),
        (again, Reason("shoe", again.created_at)),  # the same question: asked once
    ]
    batch = drill_rounds.create_round(db, learner.id, "basic-strategy", table.id, chosen)
    assert [item.question for item in batch.items] == ["TS 6H v TD", "9S 7H v TD"]
    assert batch.purpose == "practice"
    found = drill_rounds.round_of(db, batch)
    assert found is not None and found.table_id == table.id
    assert [r.kind for r in found.reasons] == ["missed", "shoe"]
    assert found.reasons[0].at == old.created_at


def test_an_ordinary_review_batch_is_no_drill_round(db: Any) -> None:
    learner = users.create_guest(db)
    (wrong,) = mistakes(db, learner, "TS 6H v TD")
    batch = reviews.create_batch(db, learner.id, "basic-strategy", [wrong])
    assert drill_rounds.round_of(db, batch) is None


def test_a_reason_of_another_kind_is_refused_and_nothing_is_stored(db: Any) -> None:
    learner = users.create_guest(db)
    table = tables.create_table(db, user_id=learner.id, rules="single-deck", setup={}, seed=1)
    (wrong,) = mistakes(db, learner, "TS 6H v TD")
    with pytest.raises(reviews.InvalidReviewError):
        chosen = [(wrong, Reason("lucky", START.isoformat()))]
        drill_rounds.create_round(db, learner.id, "basic-strategy", table.id, chosen)
    assert db["review_batches"].count == 0 and db["drill_rounds"].count == 0
