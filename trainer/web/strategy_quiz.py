"""The basic-strategy quiz's pages: the quiz with its settings, the heat map, the timed mode.

The quiz takes the generic drill road (``trainer.web.drills``) further: the rules may be a preset
with options changed (carried in the form as ``preset`` and ``custom``, stored as
``rules_options``), the hand mix is a setting, and a timed run keeps its questions and start
time in the signed session, so the server decides what was asked and when time is up.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, redirect, request, session, url_for
from werkzeug.wrappers import Response

from drills import Grade, InvalidAnswerError, Question
from drills import strategy_quiz as quiz
from trainer.engine.rules import (
    OPTION_CHOICES,
    InvalidRulesError,
    Rules,
    find_preset,
    option_to_text,
    preset_names,
)
from trainer.store import attempts, users
from trainer.web import drills as drill_road
from trainer.web.support import (
    current_rules,
    current_user,
    current_user_or_guest,
    get_db,
    make_rng,
    render,
)

bp = Blueprint("strategy_quiz", __name__, url_prefix="/drills/basic-strategy")

DRILL = quiz.DRILL
_RECENT = 500
# A timed run: how many hands, and the seconds allowed per hand.
TIMED_COUNTS = (10, 20, 50)
TIMED_SECONDS_PER_HAND = 6
_TIMED_KEY = "strategy_timed"
_SLOWEST = 3


@dataclass(frozen=True)
class Settings:
    """The learner's choice: a preset, the options changed from it, the hand mix."""

    preset: str
    options: dict[str, str] = field(default_factory=dict)
    mix: str = quiz.DEFAULT_MIX

    @property
    def rules(self) -> Rules:
        return quiz.rules_with(self.preset, self.options)

    @property
    def custom(self) -> str:
        return quiz.options_text(self.options)

    def query(self, **extra: Any) -> dict[str, Any]:
        """The URL arguments that choose these settings again."""
        args: dict[str, Any] = {"preset": self.preset, "mix": self.mix}
        if self.options:
            args["custom"] = self.custom
        return {**args, **extra}


def read_settings(values: Mapping[str, str]) -> Settings:
    """Settings from a query string or a form; a 400 naming what is wrong.

    The settings form sends every option as ``rule-<name>`` with ``based_on`` (the preset its
    values came from); options that differ from that preset become the custom set. Answer forms
    and links send ``custom`` (:func:`drills.strategy_quiz.options_text`).
    """
    preset = values.get("preset") or current_rules().name
    mix = values.get("mix") or quiz.DEFAULT_MIX
    if mix not in quiz.MIXES:
        abort(400, description=f"There is no hand mix called {mix!r}.")
    try:
        base = find_preset(preset)
        options = quiz.parse_options_text(values.get("custom", ""))
        wanted = {
            name[len("rule-") :]: value
            for name, value in values.items()
            if name.startswith("rule-")
        }
        if wanted and values.get("based_on") == preset:
            options = quiz.changed_options(base, wanted)
        settings = Settings(preset=base.name, options=options, mix=mix)
        settings.rules  # noqa: B018 - validates the options together
    except InvalidRulesError as error:
        abort(400, description=f"These rules cannot be played: {error}.")
    return settings


@dataclass(frozen=True)
class History:
    """What the quiz reads of a learner's newest answers under the chosen rules."""

    answers: int  # how many of the newest _RECENT quiz answers were under these rules
    last_question: str | None  # the newest of them
    tally: dict[quiz.Cell, tuple[int, int]]  # per cell, when asked for: (right, answers)


def history(user: users.User | None, settings: Settings, *, by_cell: bool = False) -> History:
    """This learner's history with the quiz under exactly these rules, over its newest
    ``_RECENT`` answers (all rules), counted in the store; per-cell tallies only ``by_cell``.

    Rules are compared as values, so options stored as text (this page) or as JSON values (the
    generic drill road, re-drilled mistakes) match alike.
    """
    if user is None:
        return History(answers=0, last_question=None, tally={})
    db = get_db()
    groups = attempts.tally_attempts(
        db, user.id, drill=DRILL.slug, within=_RECENT, by_question=by_cell
    )
    wanted = settings.rules
    same: dict[tuple[str, str], bool] = {}
    kept = []
    for group in groups:
        options = group.rules_options
        key = (group.rules, json.dumps(options, sort_keys=True) if options else "")
        if key not in same:
            same[key] = _same_rules(group.rules, options, wanted)
        if same[key]:
            kept.append(group)
    last = attempts.get_attempt(db, user.id, kept[0].newest_id) if kept else None
    return History(
        answers=sum(g.answers for g in kept),
        last_question=last.question if last else None,
        tally=quiz.tally_by_cell(
            ((g.question, g.right, g.answers) for g in kept if g.question is not None), wanted
        )
        if by_cell
        else {},
    )


def _same_rules(name: str, options: Mapping[str, Any] | None, wanted: Rules) -> bool:
    try:
        return quiz.rules_with(name, options) == wanted
    except InvalidRulesError:
        return False


def quiz_rng(user: users.User | None, past: History) -> random.Random:
    """This question's generator: :func:`make_rng` (seeded by ``RNG_SEED`` in tests) moved on by
    the learner's answers so far, so a seeded session still asks a different hand each time."""
    user_id = user.id if user else None
    return random.Random(f"{make_rng().getrandbits(64)}:{user_id}:{past.answers}")


def next_question(rng: random.Random, settings: Settings, past: History) -> Question:
    """The quiz's next question for these settings, after this history."""
    return DRILL.next_question(
        rng, settings.rules, mix=settings.mix, last_question=past.last_question, tally=past.tally
    )


# -- the quiz ---------------------------------------------------------------------------------


@bp.get("")
def ask() -> Response:
    if request.args.get("review"):
        # Re-drilling mistakes (the mistakes page's review batches) takes the generic road.
        return drill_road.ask(DRILL.slug)
    settings = read_settings(request.args)
    user = current_user_or_guest()
    past = history(user, settings, by_cell=settings.mix == "weakest")
    question = next_question(quiz_rng(user, past), settings, past)
    return _page(settings, user, question)


@bp.post("/answer")
def answer() -> Response:
    form = request.form
    if form.get("review"):
        return drill_road.answer(DRILL.slug)
    settings = read_settings(form)
    token = drill_road.submission_token_or_400(form, reload="the quiz")
    asked_at = drill_road.asked_at_or_400(form.get("asked_at", ""))
    rules = settings.rules
    notation = form.get("question", "")
    asked, grade, error = drill_road.read_answer(DRILL, notation, form, rules, asker="quiz")
    if grade is None:
        return _page(
            settings,
            current_user(),
            asked,
            status=400,
            error=error,
            token=token,
            asked_at=asked_at,
        )
    user = current_user_or_guest()
    response_ms = drill_road.now_ms() - asked_at
    attempt, created = _record(user, settings, asked.notation, grade, token, response_ms)
    if not created:
        asked, grade = drill_road.stored_answer(DRILL, attempt, rules)
    past = history(user, settings, by_cell=settings.mix == "weakest")
    following = next_question(quiz_rng(user, past), settings, past)
    return _page(settings, user, following, answered=asked, grade=grade, repeated=not created)


def _record(
    user: users.User,
    settings: Settings,
    notation: str,
    grade: Grade,
    token: str,
    response_ms: int | None,
) -> tuple[attempts.Attempt, bool]:
    """Store a quiz answer under the settings' preset and the options changed from it."""
    return drill_road.record(
        user,
        DRILL,
        notation,
        grade,
        rules_name=settings.preset,
        rules_options=settings.options or None,
        token=token,
        response_ms=response_ms,
    )


def _page(
    settings: Settings,
    user: users.User | None,
    question: Any,
    *,
    status: int = 200,
    error: str | None = None,
    token: str | None = None,
    asked_at: int | None = None,
    answered: Any = None,
    grade: Grade | None = None,
    repeated: bool = False,
    timed: dict[str, Any] | None = None,
    results: dict[str, Any] | None = None,
) -> Response:
    context = drill_road.question_context(
        DRILL, user, settings.rules, question, error=error, token=token, asked_at=asked_at
    )
    context.update(
        settings=settings,
        answered=answered,
        grade=grade,
        repeated=repeated,
        presets=preset_names(),
        mixes=quiz.MIXES,
        option_rows=option_rows(settings),
        timed=timed,
        results=results,
        timed_counts=TIMED_COUNTS,
        seconds_per_hand=TIMED_SECONDS_PER_HAND,
    )
    return render(DRILL.template, block="panel", status=status, **context)


def option_rows(settings: Settings) -> list[dict[str, Any]]:
    """Every rule option with its value under these rules and the choices a form offers."""
    rules = settings.rules
    rows = []
    for name in Rules.option_names():
        value = getattr(rules, name)
        text = option_to_text(name, value)
        choices: tuple[str, ...] | None = None
        if isinstance(value, bool):
            choices = ("true", "false")
        elif name in OPTION_CHOICES:
            choices = OPTION_CHOICES[name]
        rows.append(
            {
                "name": name,
                "label": name.replace("_", " "),
                "value": text,
                "choices": choices,
                "changed": name in settings.options,
            }
        )
    return rows


# -- the heat map -----------------------------------------------------------------------------


@bp.get("/chart")
def heat_map() -> Response:
    settings = read_settings(request.args)
    user = current_user()
    rules = settings.rules
    tally = history(user, settings, by_cell=True).tally
    table = quiz.chart_for(rules)
    sections = []
    for section in quiz.SECTIONS:
        rows: dict[str, list[dict[str, Any]]] = {}
        for cell in quiz.cells_for(rules, section):
            right, total = tally.get(cell, (0, 0))
            rows.setdefault(cell.row, []).append(
                {
                    "cell": cell,
                    "code": table.code(cell.section, cell.row, cell.up),
                    "right": right,
                    "total": total,
                    "band": _band(right, total),
                }
            )
        sections.append((section, [{"label": row, "cells": cells} for row, cells in rows.items()]))
    answered = sum(total for _, total in tally.values())
    right_all = sum(right for right, _ in tally.values())
    return render(
        "drills/_strategy_heatmap.html",
        settings=settings,
        rules=rules,
        sections=sections,
        up_labels=quiz.UP_LABELS,
        answered=answered,
        right_all=right_all,
        presets=preset_names(),
        mixes=quiz.MIXES,
        section="drills",
        drill=DRILL,
    )


def _band(right: int, total: int) -> str:
    """A colour band for a cell's accuracy: none, bad, poor, fair, good, perfect."""
    if total == 0:
        return "none"
    share = right / total
    if share == 1:
        return "perfect"
    if share >= 0.75:
        return "good"
    if share >= 0.5:
        return "fair"
    if share > 0:
        return "poor"
    return "bad"


# -- the timed mode ---------------------------------------------------------------------------


def _learners_run_or_abort(status: int) -> tuple[dict[str, Any], users.User]:
    """The timed run this session keeps for its learner; none going is a ``status`` error."""
    run = session.get(_TIMED_KEY)
    user = current_user()
    if not isinstance(run, dict) or user is None or run.get("user") != user.id:
        abort(status, description="There is no timed run going: start one from the quiz.")
    return run, user


@bp.post("/timed")
def start_timed() -> Response:
    settings = read_settings(request.form)
    count_text = request.form.get("count", "")
    if not count_text.isdecimal() or int(count_text) not in TIMED_COUNTS:
        counts = ", ".join(map(str, TIMED_COUNTS))
        abort(400, description=f"A timed run is {counts} hands, not {count_text!r}.")
    count = int(count_text)
    user = current_user_or_guest()
    rules = settings.rules
    past = history(user, settings, by_cell=settings.mix == "weakest")
    hands = DRILL.timed_hands(
        quiz_rng(user, past), rules, mix=settings.mix, tally=past.tally, count=count
    )
    questions = list(hands)
    now = drill_road.now_ms()
    session[_TIMED_KEY] = {
        "id": secrets.token_hex(6),
        "preset": settings.preset,
        "custom": settings.custom,
        "mix": settings.mix,
        "questions": questions,
        "index": 0,
        "started": now,
        "last": now,
        "limit_ms": count * TIMED_SECONDS_PER_HAND * 1000,
        "user": user.id,
    }
    return redirect(url_for("strategy_quiz.timed"), code=303)


@bp.get("/timed")
def timed() -> Response:
    return _timed_page(*_learners_run_or_abort(404))


@bp.post("/timed/answer")
def timed_answer() -> Response:
    run, user = _learners_run_or_abort(400)
    if request.form.get("run") != run["id"] or request.form.get("index") != str(run["index"]):
        abort(400, description="That answer is for a hand this run is not asking now.")
    settings = _run_settings(run)
    now = drill_road.now_ms()
    if run["index"] >= len(run["questions"]) or now > run["started"] + run["limit_ms"]:
        return _timed_page(run, user)
    notation = run["questions"][run["index"]]
    rules = settings.rules
    try:
        grade = DRILL.grade(notation, DRILL.answer_text(request.form), rules)
    except InvalidAnswerError as error:
        return _timed_page(run, user, status=400, error=str(error))
    token = f"timed-{run['id']}-{run['index']:03d}"
    _record(user, settings, notation, grade, token, now - run["last"])
    answered = DRILL.question(notation, rules)
    run = {**run, "index": run["index"] + 1, "last": now}
    session[_TIMED_KEY] = run
    return _timed_page(run, user, answered=answered, grade=grade)


def _run_settings(run: Mapping[str, Any]) -> Settings:
    return Settings(
        preset=run["preset"], options=quiz.parse_options_text(run["custom"]), mix=run["mix"]
    )


def _timed_page(
    run: dict[str, Any],
    user: users.User,
    *,
    status: int = 200,
    error: str | None = None,
    answered: Any = None,
    grade: Grade | None = None,
) -> Response:
    settings = _run_settings(run)
    now = drill_road.now_ms()
    remaining = run["started"] + run["limit_ms"] - now
    done = run["index"] >= len(run["questions"]) or remaining <= 0
    info = {
        "id": run["id"],
        "index": run["index"],
        "count": len(run["questions"]),
        "remaining_ms": max(remaining, 0),
        "done": done,
    }
    results = _results(run, user) if done else None
    question = None if done else DRILL.question(run["questions"][run["index"]], settings.rules)
    return _page(
        settings,
        user,
        question,
        status=status,
        error=error,
        answered=answered,
        grade=grade,
        timed=info,
        results=results,
    )


def _results(run: Mapping[str, Any], user: users.User) -> dict[str, Any]:
    prefix = f"timed-{run['id']}-"
    found = [
        a
        for a in attempts.list_attempts(get_db(), user.id, drill=DRILL.slug, limit=_RECENT)
        if a.token.startswith(prefix)
    ]
    slowest = sorted(
        (a for a in found if a.response_ms is not None), key=lambda a: -(a.response_ms or 0)
    )[:_SLOWEST]
    rules = _run_settings(run).rules
    return {
        "answered": len(found),
        "right": sum(a.correct for a in found),
        "count": len(run["questions"]),
        "out_of_time": len(found) < len(run["questions"]),
        "slowest": [(a, DRILL.question(a.question, rules)) for a in slowest],
        "url": url_for("strategy_quiz.ask", **_run_settings(run).query()),
    }
