"""Storing one graded answer: the attempt, and its skill scheduled for review, in one write;
and after a running count's checkpoint, the learner's speed level moved.

The drill road (:mod:`trainer.web.views.drills`) calls :func:`record` for every answer it
grades, on a drill's page and at a counting session's checkpoints alike, and
:func:`adapt_speed` after a checkpoint of a session drill that declares ``adapts_speed``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from drills import AskedInSessions, Drill, DrillError, Grade, SessionAsk
from drills.counting.pace import SpeedLevel
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.store import attempts, schedules, speeds, users
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
    skill: str | None = None,
) -> tuple[attempts.Attempt, bool]:
    """Store the graded answer under ``rules`` (their notation) once per token (a response
    time only if it is worth keeping) and, if new, schedule its ``skill`` for review in the
    same transaction (by default the drill's :meth:`~drills.Drill.skill` of the question);
    the attempt, and whether it was new."""
    kept = response_ms is not None and 0 <= response_ms <= _MAX_RESPONSE_MS
    if skill is None:
        try:
            skill = drill.skill(notation, Rules.parse(rules))
        except (DrillError, InvalidRulesError):
            skill = notation
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


def speed_level(user_id: int, system: str) -> SpeedLevel:
    """The learner's running-count speed level in ``system`` (the default one before any)."""
    stored = speeds.get_level(get_db(), user_id, system)
    return SpeedLevel(*stored) if stored else SpeedLevel()


def adapt_speed(drill: Drill, user: users.User, session: Any, correct: bool) -> None:
    """After a checkpoint of a session (a value with ``system`` and ``speed``), for a drill
    that adapts its speed (``AskedInSessions.adapts_speed``): move the learner's level in the
    session's system, if the session was dealt at the level's speed."""
    if not (isinstance(drill, AskedInSessions) and drill.adapts_speed):
        return
    level = speed_level(user.id, session.system)
    if session.speed == level.speed:
        moved = level.after(correct)
        speeds.set_level(get_db(), user.id, session.system, moved.level, moved.run)


def record_checkpoint(
    user: users.User,
    drill: Drill,
    session: Any,
    asks: Sequence[SessionAsk],
    grades: Mapping[str, Grade],
    *,
    response_ms: int | None,
) -> dict[str, Grade]:
    """Store a session checkpoint's graded answers (``grades`` by ask name) as the drill counts
    them (:meth:`~drills.AskedInSessions.counted`: a wrong running count's true count is left
    out, one slip stored once), each under its ask's token and the session's skill
    (:meth:`~drills.AskedInSessions.session_skill`), then move the speed level
    (:func:`adapt_speed`): inside the caller's transaction. The grades stored."""
    skill, kept = None, dict(grades)
    if isinstance(drill, AskedInSessions):
        skill, kept = drill.session_skill(session), drill.counted(grades)
    for ask in (ask for ask in asks if ask.name in kept):
        record(user, drill, ask.notation, kept[ask.name], rules=session.rules, token=ask.token,
               response_ms=response_ms, skill=skill)  # fmt: skip
    adapt_speed(drill, user, session, all(grade.correct for grade in kept.values()))
    return kept
