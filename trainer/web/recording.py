"""Storing one graded answer: the attempt, and its skill scheduled for review, in one write.

The drill road (:mod:`trainer.web.drills`) calls :func:`record` for every answer it grades, on a
drill's page and at a counting session's checkpoints alike.
"""

from __future__ import annotations

from drills import Drill, Grade
from trainer.store import attempts, schedules, users
from trainer.web.support import clock_now, get_db

# Longer than this between question and answer is not a response time worth keeping.
_MAX_RESPONSE_MS = 60 * 60 * 1000


def record(
    user: users.User,
    drill: Drill,
    notation: str,
    grade: Grade,
    *,
    rules: str,
    token: str,
    response_ms: int | None,
    skill: str,
) -> tuple[attempts.Attempt, bool]:
    """Store the graded answer under ``rules`` (their notation) once per token (a response
    time only if it is worth keeping) and, if new, schedule its ``skill`` for review in the
    same transaction; the attempt, and whether it was new."""
    kept = response_ms is not None and 0 <= response_ms <= _MAX_RESPONSE_MS
    return schedules.record_scheduled(
        get_db(),
        skill=skill,
        now=clock_now(),
        timing=drill,
        user_id=user.id,
        drill=drill.slug,
        question=notation,
        rules=rules,
        answer=grade.answer,
        right_answer=grade.right_answer,
        correct=grade.correct,
        ev_cost=grade.ev_cost,
        response_ms=response_ms if kept else None,
        token=token,
    )
