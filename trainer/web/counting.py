"""Counting pages: the learner's counting preferences, and counting sessions (a running count,
a deck countdown, counting through a shoe) kept server-side and answered checkpoint by checkpoint.

The preferences (system, true-count convention, deck resolution) are the learner's, kept in the
store (:mod:`trainer.web.preferences`); the counting drills declare that they follow them
(``Drill.preferences``) and the drills' road puts them in their pages' options. A session's
checkpoints are answered on the session's page; its drills declare so (``Drill.asked_in``), and
the drills' road takes their answers only when re-drilled from the mistakes page.

The shoe-penetration drill's studies are cached (:mod:`trainer.web.caches`);
``GET /counting/penetration-chart?preset=&system=`` is the chart its feedback fetches by htmx
while a study is not cached yet (without htmx, the chart on a page of its own).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import Grade, InvalidAnswerError, InvalidQuestionError, get_drill
from drills.counting import penetration, penetration_study
from drills.counting.dealing import build_countdown, build_running, build_shoe, read_speed
from drills.counting.notation import format_count
from drills.counting.penetration_chart import chart as study_chart
from drills.counting.preferences import (
    CONVENTION_LABELS,
    CONVENTIONS,
    RESOLUTION_LABELS,
    RESOLUTIONS,
    system_choices,
)
from drills.counting.session import (
    ASK_LABELS,
    DRILL_OF_KIND,
    KINDS,
    Answered,
    CountingSession,
    InvalidSessionError,
    answer_token,
    next_checkpoint,
    summary,
)
from drills.counting.tray import tray_for
from trainer.engine.counting import SYSTEMS
from trainer.store import attempts, users
from trainer.store import counting as counting_store
from trainer.store.db import transaction
from trainer.web import drills as drill_road
from trainer.web import security
from trainer.web.preferences import current_counting_preferences
from trainer.web.support import (
    current_rules,
    current_user,
    current_user_or_guest,
    get_db,
    make_rng,
    render,
    rules_from_form,
)

bp = Blueprint("counting", __name__, url_prefix="/counting")

# What the preferences form offers, the same for every page.
_CHOICES = {
    "systems": system_choices(),
    "conventions": [(value, CONVENTION_LABELS[value]) for value in CONVENTIONS],
    "resolutions": [(value, RESOLUTION_LABELS[value]) for value in RESOLUTIONS],
}


@bp.app_context_processor
def _counting_context() -> dict[str, Any]:
    return {
        # The tray and chart macros, usable in any block (as ``cards`` is).
        "counting_svg": current_app.jinja_env.get_template("drills/_counting_tray.html").module,
        "counting_prefs": current_counting_preferences,
        "format_count": format_count,
        "counting_choices": _CHOICES,
    }


@bp.get("/penetration-chart")
def penetration_chart() -> Response:
    """The shoe-penetration chart, its studies dealt now if need be: htmx asks for it while the
    drill's feedback shows it being worked out; without htmx, a page of its own waiting for it."""
    try:
        preset, chosen = penetration.read_chart(
            request.args.get("preset", ""), request.args.get("system", "")
        )
    except InvalidQuestionError as error:
        abort(400, description=f"There is no penetration chart for that: {error}.")
    view = {
        "preset": preset,
        "system": penetration_study.chart_system(chosen),
        "chosen_system": chosen,
    }
    return render(
        "drills/counting_penetration_chart.html",
        block="chart",
        v=view,
        c=study_chart(preset, chosen),
        drill=penetration.DRILL,
        section="drills",
    )


@bp.post("/preferences")
def preferences() -> Response:
    form = request.form
    errors = []
    if form.get("system") not in SYSTEMS:
        errors.append(f"there is no counting system {form.get('system', '')[:30]!r}")
    if form.get("convention") not in CONVENTIONS:
        errors.append(f"true counts are rounded by {', '.join(CONVENTIONS)}")
    if form.get("resolution") not in RESOLUTIONS:
        errors.append(f"decks are estimated to the {', '.join(RESOLUTIONS)} deck")
    if errors:
        abort(
            400, description="Those counting preferences cannot be used: " + "; ".join(errors) + "."
        )
    user = current_user_or_guest()
    counting_store.save_preferences(
        get_db(),
        user.id,
        system=form["system"],
        convention=form["convention"],
        resolution=form["resolution"],
    )
    return redirect(security.safe_next(form.get("next"), url_for("drills.index")), code=303)


# -- counting sessions -------------------------------------------------------------------------

_FIELDS = {"rc": "running", "tc": "true", "missing": "missing"}


@bp.post("/sessions")
def start() -> Response:
    """Deal a new session of the kind the setup form asks for, and show its first cards."""
    form = request.form
    kind = form.get("kind", "")
    if kind not in KINDS:
        abort(400, description=f"There is no counting session of kind {kind[:20]!r}.")
    prefs = current_counting_preferences()
    rng = make_rng()
    try:
        speed = read_speed(form.get("speed", ""))
        if kind == "running":
            session = build_running(
                current_rules(),
                rng,
                prefs,
                group=form.get("group", ""),
                cards=_whole(form.get("cards", ""), "the number of cards", "cards"),
                speed=speed,
                seats=_whole(form.get("seats", "3"), "the number of seats", "seats"),
            )
        elif kind == "countdown":
            session = build_countdown(rng, prefs, removed=rng.randint(1, 5), speed=speed)
        else:
            session = build_shoe(
                rules_from_form(form.get("rules")),
                rng,
                prefs,
                seats=_whole(form.get("seats", ""), "the number of seats", "seats"),
                speed=speed,
            )
    except InvalidSessionError as error:
        return _setup_page(kind, error)
    user = current_user_or_guest()
    stored = counting_store.create_session(
        get_db(), user_id=user.id, drill=session.drill, rules=session.rules, spec=session.to_json()
    )
    return redirect(url_for("counting.show", session_id=stored.id), code=303)


def _setup_page(kind: str, error: InvalidSessionError) -> Response:
    """The set-up form again, with the learner's settings and what is wrong beside its field."""
    drill = get_drill(DRILL_OF_KIND[kind])
    rules = current_rules()
    return drill_road.page(
        drill,
        current_user(),
        rules,
        drill.question("setup", rules),
        status=400,
        setup_error=str(error),
        setup_field=error.field,
        setup_form=request.form,
    )


def _whole(text: str, what: str, field: str) -> int:
    text = text.strip()
    if not text.isdecimal():
        raise InvalidSessionError(f"Give {what} as a whole number, not {text[:20]!r}.", field)
    if len(text) > 4:
        shown = text[:12] + ("…" if len(text) > 12 else "")
        raise InvalidSessionError(f"{what.capitalize()} of {shown} is far too many.", field)
    return int(text)


def _session_or_404(
    session_id: str,
) -> tuple[users.User, counting_store.StoredSession, CountingSession]:
    """The learner's own session; anyone else's (or none) is a 404."""
    user = current_user()
    stored = counting_store.get_session(get_db(), session_id, user.id) if user else None
    if user is None or stored is None:
        abort(404, description="There is no such counting session of yours.")
    return user, stored, CountingSession.from_json(stored.spec)


def _answers(
    user: users.User, session_id: str, session: CountingSession
) -> dict[tuple[int, str], Answered]:
    found: dict[tuple[int, str], Answered] = {}
    for index, spec in enumerate(session.checkpoints):
        for ask in spec.asks:
            attempt = attempts.find_attempt(get_db(), user.id, answer_token(session_id, index, ask))
            if attempt is None:
                return found
            found[index, ask] = Answered(attempt.answer, attempt.right_answer, attempt.correct)
    return found


@bp.get("/sessions/<session_id>")
def show(session_id: str) -> Response:
    user, stored, session = _session_or_404(session_id)
    return _session_page(user, stored, session, _answers(user, stored.id, session))


@bp.post("/sessions/<session_id>/answer")
def answer(session_id: str) -> Response:
    """Grade one checkpoint's counts and store them; a checkpoint is answered once (sent again,
    its stored grade is shown)."""
    user, stored, session = _session_or_404(session_id)
    form = request.form
    text = form.get("checkpoint", "")
    if not text.isdecimal() or len(text) > 4:
        abort(400, description="This answer names no checkpoint; reload the session.")
    index = int(text)
    asked_at = form.get("asked_at", "")
    response_ms = (
        drill_road.now_ms() - int(asked_at) if asked_at.isdecimal() and len(asked_at) < 16 else None
    )
    drill = get_drill(session.drill)
    with transaction(get_db()):  # one answer per checkpoint, even from two tabs at once
        answers = _answers(user, stored.id, session)
        current = next_checkpoint(session, answers)
        if index >= len(session.checkpoints) or index > current:
            abort(400, description=f"Checkpoint {index + 1} was never asked; nothing was stored.")
        if index < current:  # a resent answer (a double click, a form sent again)
            return _resent_page(user, stored, session, answers, index)
        spec = session.checkpoints[index]
        grades: dict[str, Grade] = {}
        errors: list[str] = []
        for ask in spec.asks:
            try:
                grades[ask] = session.checkpoint(index, ask).grade(form.get(_FIELDS[ask], ""))
            except InvalidAnswerError as error:
                errors.append(str(error))
        if errors:
            return _session_page(
                user, stored, session, answers, status=400, error=" ".join(errors), form=form
            )
        for ask, grade in grades.items():
            drill_road.record(
                user,
                drill,
                session.checkpoint(index, ask).notation,
                grade,
                rules=session.rules,
                token=answer_token(stored.id, index, ask),
                response_ms=response_ms,
            )
            answers[index, ask] = Answered(grade.answer, grade.right_answer, grade.correct)
    return _session_page(
        user, stored, session, answers, graded=(index, grades), response_ms=response_ms
    )


def _resent_page(
    user: users.User,
    stored: counting_store.StoredSession,
    session: CountingSession,
    answers: dict[tuple[int, str], Answered],
    index: int,
) -> Response:
    """The stored grade of checkpoint ``index`` shown again, counted once: nothing is stored."""
    grades = {
        ask: session.checkpoint(index, ask).grade(answers[index, ask].answer)
        for ask in session.checkpoints[index].asks
    }
    return _session_page(user, stored, session, answers, graded=(index, grades), repeated=True)


def _session_page(
    user: users.User,
    stored: counting_store.StoredSession,
    session: CountingSession,
    answers: dict[tuple[int, str], Answered],
    *,
    status: int = 200,
    error: str | None = None,
    form: Any = None,
    graded: tuple[int, dict[str, Grade]] | None = None,
    response_ms: int | None = None,
    repeated: bool = False,
) -> Response:
    drill = get_drill(session.drill)
    index = next_checkpoint(session, answers)
    done = index >= len(session.checkpoints)
    context: dict[str, Any] = {
        "drill": drill,
        "stored": stored,
        "session": session,
        "index": index,
        "done": done,
        "error": error,
        "form": form or {},
        "graded": graded,
        "repeated": repeated,
        "ask_labels": ASK_LABELS,
        "fields": _FIELDS,
        "response_ms": response_ms,
        "asked_at": drill_road.now_ms(),
        "stats": attempts.drill_stats(get_db(), user.id, drill=drill.slug).get(drill.slug),
        "section": "drills",
    }
    if done:
        context["summary"] = summary(session, answers)
        context["right"] = sum(answered.correct for answered in answers.values())
        context["asked"] = len(answers)
    else:
        spec = session.checkpoints[index]
        steps = session.segment(index)
        seen = len(session.seen(spec.after))
        context.update(
            spec=spec,
            steps=[session.steps[at] for at in steps],
            first_step=steps.start,
            segment_cards=session.cards_in(steps),
            seen=seen,
            tray=tray_for(session.decks, seen),
        )
    return render("drills/counting_session.html", block="panel", status=status, **context)
