"""Every drill in the registry, one road: ask, grade, store, show the next question.

``GET /drills/<slug>`` shows a question; its form carries the question's notation, the rules
preset, a submission token and the time it was asked. ``POST /drills/<slug>/answer`` re-derives
the right answer from the notation (the drill's ``grade``), stores the attempt once per token,
and shows the feedback with the next question. htmx requests get only the ``panel`` block.
"""

from __future__ import annotations

import re
import secrets
import time
from typing import Any

from flask import Blueprint, abort, request
from werkzeug.wrappers import Response

from drills import (
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    LearnerState,
    PastAttempt,
    Question,
    UnknownDrillError,
    get_drill,
    registry,
)
from trainer.engine.rules import Rules
from trainer.store import attempts, users
from trainer.web.support import (
    current_rules,
    current_user,
    current_user_or_guest,
    get_db,
    make_rng,
    render,
    rules_from_form,
)

bp = Blueprint("drills", __name__, url_prefix="/drills")

_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
# Longer than this between question and answer is not a response time worth keeping.
_MAX_RESPONSE_MS = 60 * 60 * 1000
_RECENT = 200


def get_drill_or_404(slug: str) -> Drill:
    try:
        return get_drill(slug)
    except UnknownDrillError:
        abort(404, description=f"There is no drill called {slug!r}.")


def learner_state(user: users.User, drill: Drill) -> LearnerState:
    recent = attempts.list_attempts(get_db(), user.id, drill=drill.slug, limit=_RECENT)
    return LearnerState(
        user_id=user.id,
        recent=tuple(
            PastAttempt(a.question, a.answer, a.correct, a.ev_cost, a.created_at) for a in recent
        ),
        options=dict(request.args),
    )


@bp.get("/")
def index() -> Response:
    return render("drills/index.html", drills=list(registry().values()), section="drills")


@bp.get("/<slug>")
def ask(slug: str) -> Response:
    drill = get_drill_or_404(slug)
    user = current_user_or_guest()
    rules = current_rules()
    question = drill.new_question(make_rng(), rules, learner_state(user, drill))
    return _page(drill, user, rules, question)


@bp.post("/<slug>/answer")
def answer(slug: str) -> Response:
    drill = get_drill_or_404(slug)
    form = request.form
    token = form.get("token", "")
    if not _TOKEN_RE.fullmatch(token):
        abort(400, description="This answer has no valid submission token; reload the drill.")
    asked_at = _asked_at(form.get("asked_at", ""))
    rules = rules_from_form(form.get("rules"))
    notation = form.get("question", "")
    try:
        asked = drill.question(notation, rules)
        grade = drill.grade(notation, drill.answer_text(form), rules)
    except InvalidQuestionError as error:
        abort(400, description=f"That is not a question this drill asks: {error}.")
    except InvalidAnswerError as error:
        # Nothing is written for a malformed answer, not even a guest.
        return _page(
            drill,
            current_user(),
            rules,
            asked,
            status=400,
            error=str(error),
            token=token,
            asked_at=asked_at,
        )
    user = current_user_or_guest()
    response_ms = int(time.time() * 1000) - asked_at
    attempt, created = attempts.record_attempt(
        get_db(),
        user_id=user.id,
        drill=drill.slug,
        question=asked.notation,
        rules=rules.name,
        answer=grade.answer,
        right_answer=grade.right_answer,
        correct=grade.correct,
        ev_cost=grade.ev_cost,
        response_ms=response_ms if 0 <= response_ms <= _MAX_RESPONSE_MS else None,
        token=token,
    )
    if not created:
        # The same answer sent again (double click, resent form): show what was stored.
        # A drill's normalised answer is one its grade() reads again.
        asked = drill.question(attempt.question, rules)
        grade = drill.grade(attempt.question, attempt.answer, rules)
    following = drill.new_question(make_rng(), rules, learner_state(user, drill))
    return _page(
        drill,
        user,
        rules,
        following,
        answered=asked,
        grade=grade,
        response_ms=attempt.response_ms,
        repeated=not created,
    )


def _asked_at(text: str) -> int:
    if not text.isdecimal() or len(text) > 15:
        abort(400, description="This answer form is missing the time its question was asked.")
    return int(text)


def _page(
    drill: Drill,
    user: users.User | None,
    rules: Rules,
    question: Question,
    *,
    status: int = 200,
    error: str | None = None,
    token: str | None = None,
    asked_at: int | None = None,
    answered: Question | None = None,
    grade: Grade | None = None,
    response_ms: int | None = None,
    repeated: bool = False,
) -> Response:
    context: dict[str, Any] = {
        "drill": drill,
        "rules": rules,
        "question": question,
        "token": token or secrets.token_urlsafe(18),
        "asked_at": asked_at if asked_at is not None else int(time.time() * 1000),
        "error": error,
        "answered": answered,
        "grade": grade,
        "response_ms": response_ms,
        "repeated": repeated,
        "form": request.form if error else {},
        "stats": attempts.drill_stats(get_db(), user.id).get(drill.slug) if user else None,
        "section": "drills",
    }
    return render(drill.template, block="panel", status=status, **context)
