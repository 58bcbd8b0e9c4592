"""Spaced repetition in the store, on a fixed clock: a wrong answer is due again within the day,
right answers move an item out by days (as FSRS schedules them), a resent answer is scheduled
once, and each learner's items are their own."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fsrs import Rating

from trainer.clock import stamp
from trainer.store import schedules, users

START = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
PACE = schedules.Pace(brisk_ms=2_000, slow_ms=8_000)


def answer(
    db: Any,
    user_id: int,
    token: str,
    *,
    at: datetime,
    correct: bool,
    ms: int = 4_000,
    **fields: Any,
) -> tuple[Any, bool]:
    values: dict[str, Any] = {
        "drill": "basic-strategy",
        "question": "TS 6H v TD",
        "rules": "vegas-6d-s17",
        "answer": "S" if correct else "H",
        "right_answer": "S",
        "skill": "vegas-6d-s17: hard 16 v 10",
    }
    values.update(fields)
    return schedules.record_scheduled(
        db,
        now=at,
        timing=PACE,
        user_id=user_id,
        token=token,
        correct=correct,
        response_ms=ms,
        **values,
    )


def due_of(db: Any, user_id: int) -> datetime:
    (item,) = schedules.due_items(db, user_id, START + timedelta(days=3650))
    return datetime.fromisoformat(item.due)


@pytest.mark.parametrize(
    ("correct", "ms", "rating"),
    [
        (False, 500, Rating.Again),
        (True, 1_500, Rating.Easy),
        (True, 4_000, Rating.Good),
        (True, 9_000, Rating.Hard),
        (True, None, Rating.Good),
    ],
)
def test_the_rating_comes_from_right_or_wrong_and_the_time(
    correct: bool, ms: int | None, rating: Rating
) -> None:
    assert schedules.rating_for(correct, ms, PACE) == rating


def test_a_wrong_answer_is_due_again_within_the_day(db: Any) -> None:
    learner = users.create_guest(db)
    answer(db, learner.id, "t-1", at=START, correct=False)
    due = due_of(db, learner.id)
    assert START < due < START + timedelta(hours=1)
    assert schedules.due_items(db, learner.id, START) == []
    (item,) = schedules.due_items(db, learner.id, START + timedelta(hours=1))
    assert (item.reviews, item.lapses, item.item) == (1, 1, "vegas-6d-s17: hard 16 v 10")


def test_right_answers_move_an_item_out_by_days(db: Any) -> None:
    learner = users.create_guest(db)
    at = START
    dues = []
    for n in range(4):
        answer(db, learner.id, f"t-{n}", at=at, correct=True)
        at = due_of(db, learner.id)  # answered again when it falls due
        dues.append(at)
    assert dues[0] - START < timedelta(hours=1)  # still learning: minutes
    gaps = [later - earlier for earlier, later in zip(dues, dues[1:], strict=False)]
    assert gaps[-1] >= timedelta(days=2)
    assert gaps == sorted(gaps)  # each right answer moves it further out
    # A wrong answer then brings it back within the day.
    answer(db, learner.id, "t-wrong", at=at, correct=False)
    assert due_of(db, learner.id) - at < timedelta(days=1)


def test_a_resent_answer_is_scheduled_once(db: Any) -> None:
    learner = users.create_guest(db)
    first, created = answer(db, learner.id, "same", at=START, correct=True)
    again, created_again = answer(
        db, learner.id, "same", at=START + timedelta(minutes=5), correct=False
    )
    assert (created, created_again, again.id) == (True, False, first.id)
    (item,) = schedules.due_items(db, learner.id, START + timedelta(days=30))
    assert (item.reviews, item.lapses, item.last_attempt_id) == (1, 0, first.id)


def test_the_due_items_are_the_learners_own_and_most_overdue_first(db: Any) -> None:
    one, two = users.create_guest(db), users.create_guest(db)
    answer(db, one.id, "a", at=START, correct=False, skill="cell a")
    answer(db, one.id, "b", at=START + timedelta(minutes=5), correct=False, skill="cell b")
    answer(db, two.id, "c", at=START, correct=False, skill="cell c")
    later = START + timedelta(hours=2)
    assert [i.item for i in schedules.due_items(db, one.id, later)] == ["cell a", "cell b"]
    assert schedules.due_by_drill(db, one.id, later) == {"basic-strategy": 2}
    other = schedules.due_items(db, two.id, later)[0]
    assert schedules.get_item(db, one.id, other.id) is None
    assert schedules.next_review(db, one.id) == stamp(START + timedelta(minutes=1))


def test_an_answer_without_a_skill_is_stored_but_not_scheduled(db: Any) -> None:
    learner = users.create_guest(db)
    _, created = answer(db, learner.id, "t", at=START, correct=True, skill=None)
    assert created
    assert schedules.next_review(db, learner.id) is None
