"""Counting pages: the learner's counting preferences, and counting sessions (a running count,
a deck countdown, counting through a shoe) kept server-side and answered checkpoint by checkpoint.

The preferences (system, true-count convention, deck resolution) are the learner's, kept in the
store (:mod:`trainer.web.preferences`); the counting drills declare that they follow them
(``Drill.preferences``) and the drills' road puts them in their pages' options. A session's
checkpoints are answered on the session's page; its drills declare so (``AskedInSessions``), and
this module only finds the learner's session: the drills' road grades, stores and shows its
answers (:func:`trainer.web.session_answers.answer_checkpoint`), as it does every other answer.

The shoe-penetration drill's studies are cached (the app's, :mod:`trainer.web.caches`);
``GET /counting/penetration-chart?preset=&system=`` is the chart its feedback fetches by htmx
while a study is not cached yet (without htmx, the chart on a page of its own).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any

from flask import Blueprint, abort, current_app, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import Drill, InvalidOptionError, InvalidQuestionError, UnknownDrillError, get_drill
from drills.counting import penetration, penetration_study
from drills.counting.dealing import build_countdown, build_running, build_shoe, read_speed
from drills.counting.notation import format_count
from drills.counting.pace import SpeedLevel, read_level
from drills.counting.penetration_chart import cached_chart
from drills.counting.preferences import (
    PREFERENCE_FIELDS,
    card_values,
    convention_choices,
    preference_errors,
    resolution_choices,
    system_choices,
)
from drills.counting.session import DRILL_OF_KIND, KINDS, InvalidSessionError
from drills.counting.threshold import (
    DISTRACTIONS,
    MAX_SPEED,
    MIN_SPEED,
    STEP_FASTER,
    STEP_SLOWER,
    TABLE_TALK,
    Staircase,
    UnknownDistractionError,
    read_distraction,
)
from trainer.engine.counting import SYSTEMS
from trainer.jobs.kinds import penetration_key
from trainer.store import counting as counting_store
from trainer.store import speeds, thresholds, users
from trainer.store.db import transaction
from trainer.web import security, session_answers
from trainer.web.caches import app_caches, penetration_cache_dir
from trainer.web.error_words import error_said
from trainer.web.jobs import submit
from trainer.web.preferences import current_counting_preferences, preferences_error_page
from trainer.web.recording import speed_level
from trainer.web.support import (
    current_rules,
    current_user,
    current_user_or_guest,
    digits,
    get_db,
    make_rng,
    render,
    rules_from_form,
)
from trainer.web.thresholds import staircase as threshold_staircase
from trainer.web.views import drills as drill_road
from trainer.web.views.chart_jobs import chart_or_pending
from trainer.web.warm_up import COUNT_SYSTEM
from trainer.words import N_, quoted, say

bp = Blueprint("counting", __name__, url_prefix="/counting")

NEW_STUDY = penetration.NEW_STUDY


class _Choices:
    """What the preferences form offers, the same for every page, in the learner's language:
    each list said when a template first reads it (every page's context has this, few pages
    show the form: saying every system's card values cost a quiz answer a tenth of its CPU)."""

    @cached_property
    def systems(self) -> list[tuple[str, str]]:
        return system_choices()

    @cached_property
    def conventions(self) -> list[tuple[str, str]]:
        return list(convention_choices().items())

    @cached_property
    def resolutions(self) -> list[tuple[str, str]]:
        return list(resolution_choices().items())

    @cached_property
    def values(self) -> str:
        """What each card counts in the learner's system, a sentence above the cards (a
        newcomer found the values only in the settings' menu, cut off on a phone)."""
        system = SYSTEMS[current_counting_preferences().system]
        return say(
            "Add each card's value in %(system)s as it comes: %(values)s.",
            system=system.name,
            values=card_values(system),
        )


class _TableTalk:
    """The dealer's table talk in the learner's language, said when a template reads it."""

    def __iter__(self) -> Iterator[str]:
        return (say(line) for line in TABLE_TALK)


@bp.app_context_processor
def _counting_context() -> dict[str, Any]:
    return {
        # The tray and chart macros, usable in any block (as ``cards`` is).
        "counting_svg": current_app.jinja_env.get_template("drills/_counting_tray.html").module,
        "counting_prefs": current_counting_preferences,
        "counting_speed": _counting_speed,
        "counting_threshold": _counting_threshold,
        "counting_distraction": _counting_distraction,
        "table_talk": _TableTalk(),
        "format_count": format_count,
        "counting_choices": _Choices(),
    }


def _counting_threshold() -> dict[str, Any]:
    """The learner's staircase in their counting system, as the set-up page shows it (a new
    visitor's starts at the default speed level's speed)."""
    user = current_user()
    system = current_counting_preferences().system
    stairs = threshold_staircase(user.id, system) if user else Staircase(SpeedLevel().speed)
    found = stairs.threshold
    return {
        "speed_value": stairs.speed,
        "threshold_value": found,
        "threshold": found is not None,
        "trials": stairs.trials,
        "faster": STEP_FASTER,
        "distractions": {key: say(words) for key, words in DISTRACTIONS.items()},
        "slower": STEP_SLOWER,
    }


def _counting_distraction(session_id: str) -> str:
    """The distraction the learner's session is dealt with ("none" unless their staircase
    dealt it with one)."""
    user = current_user()
    found = thresholds.distraction_of(get_db(), session_id, user.id) if user else None
    return found or "none"


def _counting_speed() -> SpeedLevel:
    """The learner's speed level in their counting system (the default for a new visitor)."""
    user = current_user()
    system = current_counting_preferences().system
    return speed_level(user.id, system) if user else SpeedLevel()


@bp.post("/speed")
def set_speed() -> Response:
    """Set the learner's running-count speed level in their counting system by hand."""
    try:
        level = read_level(request.form.get("level", "")[:20])
    except InvalidOptionError as error:
        abort(400, description=say("%(why)s Nothing was changed.", why=str(error)))
    user = current_user_or_guest()
    system = current_counting_preferences().system
    speeds.set_level(get_db(), user.id, system, level, 0)
    return redirect(security.safe_next(request.form.get("next"), url_for("drills.index")), 303)


@bp.get("/penetration-chart")
def penetration_chart() -> Response:
    """The shoe-penetration chart, its studies dealt now if need be: htmx asks for it while the
    drill's feedback shows it being worked out; without htmx, a page of its own waiting for it."""
    try:
        preset, chosen = penetration.read_chart(
            request.args.get("preset", ""), request.args.get("system", "")
        )
    except InvalidQuestionError as error:
        why = error_said(error, say("its preset or system is not one the trainer has"))
        abort(400, description=say("There is no penetration chart for that: %(why)s.", why=why))
    system = penetration_study.chart_system(chosen)
    view = {"preset": preset, "system": system, "chosen_system": chosen}
    view["shoes"] = penetration_study.STUDY_SHOES
    found = cached_chart(preset, chosen, caches=app_caches())
    if found is None:
        # Its studies are seconds of work: a job (the warm-up's own, where it is going), the
        # page polling it meanwhile (202), never dealt in the request.
        key = penetration_key(preset) + ("" if system.slug == COUNT_SYSTEM else f" {system.slug}")
        params = {"preset": preset, "system": system.slug}
        params["cache_dir"] = str(penetration_cache_dir())
        submit("penetration", params, what=NEW_STUDY, key=key)
        found = cached_chart(preset, chosen, caches=app_caches())  # worked out inline (tests)
    response = render(
        "drills/counting_penetration_chart.html",
        block="chart",
        status=200 if found is not None else 202,
        v=view,
        c=found,
        polling=found is None,
        drill=penetration.DRILL,
        section="drills",
    )
    if found is None:
        response.headers["Retry-After"] = "2"
    return response


@bp.post("/preferences")
def preferences() -> Response:
    form = request.form
    back = security.safe_next(form.get("next"), url_for("drills.index"))
    errors = preference_errors({name: form.get(name, "") for name in PREFERENCE_FIELDS})
    if errors:  # the form again, each message beside its field; nothing stored
        lead = (
            "Those counting preferences cannot be used, so nothing was changed: the reason is "
            "beside the field. Choose again, and you go back to the page you came from."
        )
        return preferences_error_page(errors, back, lead)
    user = current_user_or_guest()
    counting_store.save_preferences(
        get_db(),
        user.id,
        system=form["system"],
        convention=form["convention"],
        resolution=form["resolution"],
    )
    return redirect(back, code=303)


# -- counting sessions -------------------------------------------------------------------------


@bp.post("/sessions")
def start() -> Response:
    """Deal a new session of the kind the setup form asks for, and show its first cards."""
    form = request.form
    kind = form.get("kind", "")
    if kind not in KINDS:
        abort(400, description=say("There is no counting session of kind %(kind)s.",
                                   kind=quoted(kind[:20])))  # fmt: skip
    prefs = current_counting_preferences()
    rng = make_rng()
    rules = rules_from_form(form.get("rules")) if kind == "shoe" else current_rules()
    deals_rounds = kind == "shoe" or (kind == "running" and form.get("group") == "rounds")
    # Whole rounds are played by the rules' chart: a chart not worked out yet is a job (its
    # progress page, going back to the set-up form), never seconds of this request.
    chart = chart_or_pending(rules) if deals_rounds else None
    try:
        staircase, distraction = _staircase_asked(kind, form, prefs.system)
        speed = staircase.speed if staircase else read_speed(form.get("speed", ""))
        if kind == "running":
            session = build_running(
                rules,
                rng,
                prefs,
                group=form.get("group", ""),
                cards=_whole(form.get("cards", ""), "cards"),
                speed=speed,
                seats=_whole(form.get("seats", "3"), "seats"),
                chart=chart,
            )
        elif kind == "countdown":
            session = build_countdown(rng, prefs, removed=rng.randint(1, 5), speed=speed)
        else:
            session = build_shoe(
                rules,
                rng,
                prefs,
                seats=_whole(form.get("seats", ""), "seats"),
                speed=speed,
                chart=chart,
            )
    except InvalidSessionError as error:
        return _setup_page(kind, error)
    user = current_user_or_guest()
    db = get_db()
    with transaction(db):
        stored = counting_store.create_session(
            db, user_id=user.id, drill=session.drill, rules=session.rules, spec=session.to_json()
        )
        if staircase is not None:  # a trial of the learner's staircase at that speed
            thresholds.add_session(
                db,
                session_id=stored.id,
                user_id=user.id,
                system=session.system,
                distraction=distraction,
                speed=speed,
            )
    return redirect(url_for("counting.show", session_id=stored.id), code=303)


def _staircase_asked(kind: str, form: Any, system: str) -> tuple[Staircase | None, str]:
    """The learner's staircase at the distraction asked, where the set-up form asks for a
    session at its speed (a running count or a shoe); (None, "none") where it does not.

    :raises InvalidSessionError: for a form that asks it of another kind, or sends another value.
    """
    asked = form.get("threshold", "")
    if not asked:
        return None, "none"
    if kind not in ("running", "shoe"):  # the form has no such field: said above it
        raise InvalidSessionError(
            say("Only a running count or a shoe is dealt at your threshold's speed.")
        )
    if asked != "1":
        raise InvalidSessionError(say("Tick the box, or leave it."), "threshold")
    try:
        distraction = read_distraction(str(form.get("distraction", "none")))
    except UnknownDistractionError:
        raise InvalidSessionError(say("There is no such distraction level."), "threshold") from None
    user = current_user()  # a new visitor's guest is made once the session is dealt, not before
    if user is None:
        return Staircase(min(MAX_SPEED, max(MIN_SPEED, SpeedLevel().speed))), distraction
    return threshold_staircase(user.id, system, distraction), distraction


def _setup_page(kind: str, error: InvalidSessionError) -> Response:
    """The set-up form again, with the learner's settings and what is wrong beside its field."""
    drill = get_drill(DRILL_OF_KIND[kind])
    rules = current_rules()
    return drill_road.page(
        drill,
        current_user(),
        rules,
        None,
        status=400,
        setup_error=str(error),
        setup_field=error.field,
        setup_form=request.form,
    )


# A whole number's refusals, by the field it is read from: whole sentences for the catalogue.
_NOT_WHOLE = {
    "cards": N_("Give the number of cards as a whole number, not %(typed)s."),
    "seats": N_("Give the number of seats as a whole number, not %(typed)s."),
}
_TOO_MANY = {
    "cards": N_("The number of cards of %(typed)s is far too many."),
    "seats": N_("The number of seats of %(typed)s is far too many."),
}


def _whole(text: str, field: str) -> int:
    text = text.strip()
    if not digits(text):
        raise InvalidSessionError(say(_NOT_WHOLE[field], typed=quoted(text[:20])), field)
    if len(text) > 4:
        shown = text[:12] + ("…" if len(text) > 12 else "")
        raise InvalidSessionError(say(_TOO_MANY[field], typed=shown), field)
    return int(text)


def _session_or_404(session_id: str) -> tuple[users.User, counting_store.StoredSession, Drill]:
    """The learner's own session and its drill; anyone else's (or none) is a 404."""
    user = current_user()
    stored = counting_store.get_session(get_db(), session_id, user.id) if user else None
    if user is None or stored is None:
        abort(404, description=say("There is no such counting session of yours."))
    try:
        return user, stored, get_drill(stored.drill)
    except UnknownDrillError:
        abort(404, description=say("That counting session's drill is no longer offered."))


@bp.get("/sessions/<key:session_id>")
def show(session_id: str) -> Response:
    user, stored, drill = _session_or_404(session_id)
    return session_answers.session_page(drill, user, stored.id, stored.spec)


@bp.post("/sessions/<key:session_id>/answer")
def answer(session_id: str) -> Response:
    """One checkpoint's counts, taken by the drill road (graded, stored once, shown)."""
    user, stored, drill = _session_or_404(session_id)
    return session_answers.answer_checkpoint(drill, user, stored.id, stored.spec, request.form)


@bp.get("/sessions/<key:session_id>/answered/<rowid:attempt_id>")
def verdict(session_id: str, attempt_id: int) -> Response:
    """The session after one checkpoint's answers (where a plain form's answer goes, 303)."""
    user, stored, drill = _session_or_404(session_id)
    return session_answers.checkpoint_verdict(drill, user, stored.id, stored.spec, attempt_id)
