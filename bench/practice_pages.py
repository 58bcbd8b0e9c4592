"""Today, progress and mistakes for a learner with a long history: p50 render time.

    .venv/bin/python bench/practice_pages.py [--attempts 10000] [--items 1000] [--runs 40]

Seeds one learner (in a temporary database) with ``--attempts`` answers over 120 days across
four drills (questions each drill dealt, graded by the drill) and ``--items`` scheduled review
items, a third of them due, then renders each page ``--runs`` times in-process (the Flask test
client: the view, its queries and the template, no network) and prints the median and the 90th
percentile in milliseconds. The target in issue 14 is a p50 under 50 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from drills import InvalidAnswerError, LearnerState, registry  # noqa: E402
from trainer import create_app, store  # noqa: E402
from trainer.clock import Clock, stamp  # noqa: E402
from trainer.engine.rulebook.rules import find_preset  # noqa: E402
from trainer.store import attempts, users  # noqa: E402

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
DRILLS = {"hand-totals": "hard 3", "basic-strategy": "H", "payout-math": "1", "true-count": "+1"}
PAGES = ("/", "/progress", "/mistakes", "/mistakes?sort=cost", "/mistakes?page=20")


def questions(rng: random.Random) -> list[tuple[str, str, str, str, str, object]]:
    """(drill, question, rules, answer, right answer, cost) of graded questions, wrong and right."""
    rules = find_preset("vegas-6d-s17")
    found = []
    for slug, wrong in DRILLS.items():
        drill = registry()[slug]
        for _ in range(60):
            question = drill.new_question(rng, rules, LearnerState(options={"wait": "1"}))
            asked = drill.rules_for(question.notation, rules)
            try:
                grade = drill.grade(question.notation, wrong, asked)
            except InvalidAnswerError:  # an insurance question: answered I or N
                continue
            right = drill.grade(question.notation, grade.right_answer, asked)
            for g in (grade, right):
                found.append((slug, question.notation, asked.notation(), g.answer,
                              g.right_answer, g.ev_cost, g.correct))  # fmt: skip
    return found  # type: ignore[return-value]


def seed(db: object, user_id: int, count: int, items: int, rng: random.Random) -> None:
    pool = questions(rng)
    with store.transaction(db):  # type: ignore[arg-type]
        for n in range(count):
            slug, question, rules, answer, right, cost, correct = rng.choice(pool)  # type: ignore[misc]
            at = NOW - timedelta(days=120 * (count - n) / count, minutes=rng.random())
            attempts.record_attempt(
                db, user_id=user_id, drill=slug, question=question, rules=rules, answer=answer,
                right_answer=right, correct=correct, ev_cost=cost, token=f"seed-{n}",
                response_ms=rng.randint(800, 9000), created_at=stamp(at),
            )  # type: ignore[arg-type]  # fmt: skip
        for n in range(items):
            due = NOW + timedelta(days=rng.uniform(-5, 10))
            db.execute(  # type: ignore[attr-defined]
                "INSERT INTO review_schedules (user_id, drill, item, question, rules, state, step,"
                " stability, difficulty, due, last_review, reviews, lapses, last_attempt_id)"
                " VALUES (?, ?, ?, ?, 'vegas-6d-s17', 2, NULL, 5.0, 5.0, ?, ?, 3, 1, 1)",
                [user_id, list(DRILLS)[n % 4], f"item {n}", "AS 6H", stamp(due),
                 stamp(due - timedelta(days=3))],
            )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=10_000)
    parser.add_argument("--items", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {"TESTING": True, "INSTANCE_PATH": tmp, "DATABASE": f"{tmp}/bench.sqlite3",
             "SECRET_KEY": "bench-" * 8, "CLOCK": Clock(fixed=NOW)}
        )  # fmt: skip
        db = store.open_db(app.config["DATABASE"])
        learner = users.create_guest(db)
        started = time.perf_counter()
        seed(db, learner.id, args.attempts, args.items, random.Random(2026))
        print(f"seeded {args.attempts} attempts, {args.items} items in "
              f"{time.perf_counter() - started:.1f} s")  # fmt: skip
        db.close()
        client = app.test_client()
        with client.session_transaction() as session:
            session["uid"], session["gen"] = learner.id, 0
        print(f"{'page':<24} {'p50 ms':>8} {'p90 ms':>8}")
        for url in PAGES:
            assert client.get(url).status_code == 200, url  # warm: templates, caches
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                client.get(url)
                times.append((time.perf_counter() - start) * 1000)
            times.sort()
            p90 = times[int(len(times) * 0.9) - 1]
            print(f"{url:<24} {statistics.median(times):>8.1f} {p90:>8.1f}")


if __name__ == "__main__":
    main()
