"""A class's week of practice, stored straight through the store with moved timestamps: the
web tests and the browser walk read the coach's page over it.

The questions are real notations of their drills (a basic-strategy hand, an index play at a true
count, a payout, running-count checkpoints of a session at a speed), so the pages work them out
as they would a learner's own answers; right and wrong are set by the seed, not graded.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from fractions import Fraction
from typing import Any

from trainer.clock import stamp
from trainer.store import attempts

# (question, rules, right) per drill: "TS 6H v 9D" is hard 16 against a 9 (hit); "8S 8D v TH"
# a pair of eights against a ten (split); "hi-lo KS KH v 6D tc +8" tens against a six at +8.
STRATEGY = [("TS 6H v 9D", "H"), ("8S 8D v TH", "P"), ("AS 7D v 9C", "H"), ("9S 2D v 3C", "D")]
INDEX_PLAYS = ["hi-lo KS KH v 6D tc +8", "hi-lo TS 6H v TD tc +1", "hi-lo TS 2H v 3D tc +3"]
PAYOUTS = [
    "natural-3-2|vegas-6d-s17|15|AS 9H KD 7C|-|pay",
    "natural-3-2|vegas-6d-s17|25|AS KH 9D 7C|-|pay",
]
RULES = "vegas-6d-s17"


def store(db: Any, user_id: int, at: datetime, n: int, **fields: Any) -> None:
    values: dict[str, Any] = {"drill": "basic-strategy", "question": "TS 6H v 9D",
                              "rules": RULES, "answer": "H", "right_answer": "H",
                              "correct": True, "response_ms": 4_000, **fields}  # fmt: skip
    attempts.record_attempt(
        db,
        user_id=user_id,
        token=f"seed-{user_id}-{at:%Y%m%d%H%M%S}-{n}",
        created_at=stamp(at),
        **values,
    )


def counting_session(db: Any, user_id: int, session_id: str, speed: str, at: datetime) -> None:
    spec = {"kind": "rc", "system": "hi-lo", "decks": 6, "speed": speed, "steps": []}
    db.execute(
        "INSERT INTO counting_sessions (id, user_id, drill, rules, spec, created_at)"
        " VALUES (?, ?, 'running-count', ?, ?, ?)",
        [session_id, user_id, RULES, json.dumps(spec), stamp(at)],
    )


def checkpoints(
    db: Any, user_id: int, session_id: str, at: datetime, right: int, wrong: int
) -> None:
    for index in range(right + wrong):
        attempts.record_attempt(
            db, user_id=user_id, drill="running-count", question="rc hi-lo 6d: 5H KD",
            rules=RULES, answer="0" if index < right else "+2", right_answer="0",
            correct=index < right, token=f"cs-{session_id}-{index}-rc",
            created_at=stamp(at + timedelta(seconds=5 * index)), response_ms=3_000,
        )  # fmt: skip


def practise_day(db: Any, user_id: int, day: datetime, skill: float, n0: int) -> int:
    """One day's practice of a learner of ``skill`` (the share they get right, 0 to 1): 20
    basic-strategy hands, 6 index plays, 4 payouts, and a running-count session at 2 cards a
    second. Returns the next free token number."""
    n = n0
    for k in range(20):
        question, play = STRATEGY[k % len(STRATEGY)]
        right = (k % 10) < skill * 10
        store(db, user_id, day + timedelta(seconds=30 * k), n, question=question,
              answer=play if right else "S", right_answer=play, correct=right,
              ev_cost=None if right else Fraction(1, 10))  # fmt: skip
        n += 1
    for k in range(6):
        right = (k % 3) < skill * 3
        store(db, user_id, day + timedelta(minutes=12, seconds=20 * k), n, drill="deviations",
              question=INDEX_PLAYS[k % 3], answer="H" if right else "S", right_answer="H",
              correct=right, ev_cost=None if right else Fraction(3, 20))  # fmt: skip
        n += 1
    for k in range(4):
        right = k < skill * 4
        store(db, user_id, day + timedelta(minutes=15, seconds=20 * k), n, drill="payout-math",
              question=PAYOUTS[k % 2], answer="22.5" if right else "20", right_answer="22.5",
              correct=right)  # fmt: skip
        n += 1
    session = f"s{user_id}x{day:%Y%m%d}"
    counting_session(db, user_id, session, "2", day + timedelta(minutes=20))
    good = round(10 * skill)
    checkpoints(db, user_id, session, day + timedelta(minutes=20), good, 10 - good)
    return n


def a_week(db: Any, learners: dict[int, float], start: datetime, days: int = 7) -> None:
    """``days`` days of practice from ``start`` by each learner (user id: skill), one session
    a day at 18:00."""
    for user_id, skill in learners.items():
        n = 0
        for day in range(days):
            n = practise_day(db, user_id, start + timedelta(days=day, hours=18), skill, n)
