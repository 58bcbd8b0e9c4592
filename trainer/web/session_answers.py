"""Answers asked in a session (a drill :class:`~drills.AskedInSessions`: a counting session),
on the drill road: each checkpoint's answers graded, stored once, and shown on the session's
page; a plain form's answer then at its verdict's GET address (Post/Redirect/Get,
:func:`trainer.web.views.drills.see_verdict`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import abort
from werkzeug.wrappers import Response

from drills import AskedInSessions, Drill, Grade, InvalidAnswerError, SessionAsk, path
from drills.counting.flip_time import from_last_card
from trainer.engine.rulebook.rules import Rules
from trainer.store import attempts, users
from trainer.store.db import transaction
from trainer.web.caches import app_caches
from trainer.web.recording import record_checkpoint
from trainer.web.security import sealed_response_ms, time_seal
from trainer.web.support import digits, get_db, is_htmx, render
from trainer.web.verdicts import answered_again, see_verdict, stored_attempt_or_404
from trainer.web.views.drills import now_ms, stored_answer, stored_rules
from trainer.words import number, say

__all__ = ["answer_checkpoint", "checkpoint_verdict", "session_grades", "session_page"]


def session_grades(
    drill: Drill, user: users.User, checkpoints: tuple[tuple[SessionAsk, ...], ...], rules: Rules
) -> dict[str, Grade]:
    """The grades of a session's answers stored so far, by token, checkpoint by checkpoint up
    to the first not answered: each stored answer graded again (a stored question its drill no
    longer reads is a 400)."""
    found: dict[str, Grade] = {}
    for asks in checkpoints:
        for ask in asks:
            attempt = attempts.find_attempt(get_db(), user.id, ask.token)
            if attempt is not None:  # (a true count left out, AskedInSessions.counted: none)
                found[ask.token] = stored_answer(drill, attempt, rules)[1]
            elif ask is asks[0]:
                return found
    return found


def _next_checkpoint(
    checkpoints: tuple[tuple[SessionAsk, ...], ...], grades: Mapping[str, Grade]
) -> int:
    """The first checkpoint whose first ask is unanswered (``len(checkpoints)`` when all are)."""
    for index, asks in enumerate(checkpoints):
        if asks[0].token not in grades:
            return index
    return len(checkpoints)


def session_page(
    drill: Drill, user: users.User, session_id: str, spec: str, *, status: int = 200, **shown: Any
) -> Response:
    """A session's page (its ``panel`` block for htmx) after the answers stored so far: the
    drill's view of the session, and what else is shown by name (``error`` and ``form``,
    ``graded`` (checkpoint index, grades by ask), ``response_ms``, ``repeated``)."""
    if not isinstance(drill, AskedInSessions):
        abort(404, description=say("That drill is not asked in sessions."))
    session = drill.read_session(spec)
    rules = stored_rules(session.rules)
    grades = shown.pop("grades", None)
    if grades is None:
        grades = session_grades(drill, user, drill.session_asks(session, session_id), rules)
    context: dict[str, Any] = {
        **dict.fromkeys(("error", "graded", "response_ms")),
        **{"drill": drill, "session_id": session_id, "form": {}, "repeated": False},
        "asked_at": (asked_at := now_ms()),
        "asked_seal": time_seal(f"session {session_id}", "", asked_at),
        "stats": attempts.drill_stats(get_db(), user.id, drill=drill.slug).get(drill.slug),
        "section": "counting" if drill.slug in path.COUNTING_DRILLS else "drills",
        # An htmx answer's cards were flipped by the script: not shown again with its error.
        "counted_from_memory": is_htmx(),
        **drill.session_view(session, session_id, grades, caches=app_caches()),
        **shown,
    }
    return render(drill.session_template, block="panel", status=status, **context)


def answer_checkpoint(
    drill: Drill, user: users.User, session_id: str, spec: str, form: Mapping[str, str]
) -> Response:
    """Grade one checkpoint's answers (its ``checkpoint`` index, each ask's field) and store
    them once: sent again, its stored grades are shown, counted once; a malformed one, what is
    wrong (nothing stored); a checkpoint not asked yet, a 400."""
    text = form.get("checkpoint", "")
    if not digits(text) or len(text) > 4:
        abort(400, description=say("This answer names no checkpoint; reload the session."))
    index = int(text)
    response_ms = sealed_response_ms(form, f"session {session_id}", "")
    if not isinstance(drill, AskedInSessions):
        abort(404, description=say("That drill is not asked in sessions."))
    session = drill.read_session(spec)
    rules = stored_rules(session.rules)
    checkpoints, caches = drill.session_asks(session, session_id), app_caches()
    if index < len(checkpoints):
        response_ms = _after_flip(response_ms, form, drill.flip_ms(session, index))
    with transaction(get_db()):  # one answer per checkpoint, even from two tabs at once
        grades = session_grades(drill, user, checkpoints, rules)
        current = _next_checkpoint(checkpoints, grades)
        if index >= len(checkpoints) or index > current:
            abort(400, description=say("Checkpoint %(number)s was never asked; nothing was stored.",
                                       number=number(index + 1)))  # fmt: skip
        asks = checkpoints[index]
        resent = index < current  # a double click, a form sent again: its stored grades
        new: dict[str, Grade] = {}
        errors: list[str] = []
        for ask in (a for a in asks if not resent or a.token in grades):  # as stored
            try:
                new[ask.name] = (
                    grades[ask.token]
                    if resent
                    else drill.grade(ask.notation, form.get(ask.field, ""), rules, caches=caches)
                )
            except InvalidAnswerError as error:
                errors.append(str(error))
        if not resent and not errors:
            new = record_checkpoint(user, drill, session, asks, new, response_ms=response_ms)
            grades.update({ask.token: new[ask.name] for ask in asks if ask.name in new})
    # The page is drawn once the write is done, not while it holds the lock.
    if errors:
        failed: dict[str, Any] = {"error": " ".join(errors), "form": form}
        return session_page(drill, user, session_id, spec, status=400, grades=grades, **failed)
    shown = {"repeated": True} if resent else {"response_ms": response_ms}
    stored = attempts.find_attempt(get_db(), user.id, asks[0].token)
    return see_verdict(
        stored or attempts.find_attempt(get_db(), user.id, asks[-1].token),  # (one left out)
        lambda: session_page(
            drill, user, session_id, spec, grades=grades, graded=(index, new), **shown
        ),  # fmt: skip
        "counting.verdict",
        {"session_id": session_id},
        again=resent,
    )


def _after_flip(response_ms: int | None, form: Mapping[str, str], most: int) -> int | None:
    """The response time from the last card shown: the page's script says how long its flip
    took (``flip_ms``: with JavaScript the cards flip at the set speed, then the question is
    shown), taken off but never more than ``most``, the flip's own time at that speed; without
    the script (the cards listed at once) nothing is."""
    said = form.get("flip_ms", "")
    if response_ms is None:
        return None
    read = int(said) if said.isascii() and said.isdigit() and len(said) <= 9 else None
    return from_last_card(response_ms, read, most)


def checkpoint_verdict(
    drill: Drill, user: users.User, session_id: str, spec: str, attempt_id: int
) -> Response:
    """A session's page after one checkpoint's answers (where a plain form's answer goes): its
    stored grades as its answer showed them, named by one of its stored attempts; an attempt
    of no checkpoint of this session is a 404."""
    found = stored_attempt_or_404(attempt_id)
    if not isinstance(drill, AskedInSessions) or found.drill != drill.slug:
        abort(404)
    session = drill.read_session(spec)
    checkpoints = drill.session_asks(session, session_id)
    grades = session_grades(drill, user, checkpoints, stored_rules(session.rules))
    index = next((i for i, asks in enumerate(checkpoints) for a in asks
                  if a.token == found.token), None)  # fmt: skip
    if index is None:
        abort(404)
    new = {ask.name: grades[ask.token] for ask in checkpoints[index] if ask.token in grades}
    again = answered_again()
    shown = {"repeated": True} if again else {"response_ms": found.response_ms}
    return session_page(drill, user, session_id, spec, grades=grades, graded=(index, new), **shown)
