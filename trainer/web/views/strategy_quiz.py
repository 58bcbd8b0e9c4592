"""The basic-strategy quiz's pages: the quiz with its settings, the heat map, the timed mode.

The quiz's answers travel the drill road (``trainer.web.views.drills.answer_once``); its pages
add the settings: the rules (carried in forms and links as their notation, ``rules``, and
chosen with the one rules form, :mod:`trainer.web.rules_form`) and the hand mix. A timed run
is a value of the drill's (:class:`drills.strategy_timed.TimedRun`), kept in the signed
session, so the server decides what was asked and when time is up.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from flask import Blueprint, abort, redirect, request, session, url_for
from werkzeug.wrappers import Response

from drills import Question, face_down_quiz, method3_quiz
from drills import strategy_cells as cells
from drills import strategy_quiz as quiz
from drills import strategy_timed as timed
from drills.method3_figures import GamePendingError
from drills.strategy_cells import Cell, tally_by_cell
from drills.strategy_chart import cached_chart_for
from trainer.engine.banker.face_down import cached_fixed_point, face_down_game
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.store import attempts, schedules, users
from trainer.web import quiz_panel
from trainer.web.caches import app_caches
from trainer.web.preferences import current_counting_preferences
from trainer.web.rules_form import is_rules_form, option_fields, preset_menu, read_rules
from trainer.web.support import (
    clock_now,
    current_rules,
    current_user,
    current_user_or_guest,
    drill_totals,
    get_db,
    is_htmx,
    name_the_dealer,
    random_bits,
    render,
)
from trainer.web.verdicts import Answered, see_verdict
from trainer.web.views import drills as drill_road
from trainer.web.views.chart_jobs import ask_for_chart, chart_or_pending, chart_ready
from trainer.words import plural, quoted, say

bp = Blueprint("strategy_quiz", __name__, url_prefix="/drills/basic-strategy")

DRILL = quiz.DRILL
_RECENT = 500
_TIMED_KEY = "strategy_timed"
BY_COUNT = "count"  # the ``insurance`` option: insurance questions show a count and go by it


@dataclass(frozen=True)
class Settings:
    """The learner's choice: the rules (a preset, options changed from it), the hand mix."""

    rules: Rules
    mix: str = quiz.DEFAULT_MIX
    count: bool = False  # insurance questions show a count (the learner's system) and go by it

    def query(self, **extra: Any) -> dict[str, Any]:
        """The URL arguments that choose these settings again."""
        shown = {"insurance": BY_COUNT} if self.count else {}
        return {"rules": self.rules.notation(), "mix": self.mix, **shown, **extra}


def read_settings(values: Mapping[str, str]) -> Settings:
    """Settings from a query string or a form (the rules form's fields, or a link's ``rules``
    notation); a 400 naming what is wrong. Nothing is worked out: a view that reads the chart
    asks :func:`ready_or_pending` (a job, past the limits a 429)."""
    mix = values.get("mix") or quiz.DEFAULT_MIX
    if mix not in quiz.MIXES:
        abort(400, description=say("There is no hand mix called %(mix)s.", mix=quoted(mix[:40])))
    count = values.get("insurance") or ""
    if count not in ("", BY_COUNT):
        abort(
            400,
            description=say(
                "Insurance questions either go by the count or not; %(typed)s is neither.",
                typed=quoted(count[:20]),
            ),
        )
    rules = read_rules(values, default=current_rules())
    return Settings(rules=rules, mix=mix, count=bool(count))


def ready_or_pending(settings: Settings) -> None:
    """Nothing where the chart of the settings' rules and the game they deal (004's banker,
    002's method 3) are worked out; else a job works them out and its progress page is shown,
    going on to the quiz (:class:`~trainer.web.views.chart_jobs.ChartPendingError`): an answer
    or a timed run sent under rules not worked out (a form sent by hand) never works them out
    in the request. The progress page goes on to the quiz that waits (``wait=1``): without
    JavaScript its reload before the job is done comes back to the progress page, not to the
    quiz's page that shows the chart being worked out (it reloads nothing). Nearly always the
    chart is there: the address to go on to is not built then."""
    if chart_ready(settings.rules):
        return
    then = url_for("strategy_quiz.ask", wait=1, **settings.query())
    chart_or_pending(settings.rules, then=then)


@dataclass(frozen=True)
class History:
    """What the quiz reads of a learner's answers."""

    answers: int  # how many answers the learner has given the quiz under these rules
    last_question: str | None  # the newest under the chosen rules, of the newest _RECENT
    tally: dict[Cell, tuple[int, int]]  # per cell, when asked for: (right, answers)
    due: tuple[Cell, ...] = ()  # with the tally: cells due for review now, most overdue first


def history(
    user: users.User | None,
    settings: Settings,
    *,
    by_cell: bool = False,
    newest: attempts.Attempt | None = None,
) -> History:
    """This learner's history with the quiz: how many answers under these rules (kept as they are
    stored), the newest question under exactly these rules of its newest ``_RECENT`` answers
    (all rules) and, ``by_cell``, per-cell tallies of those under these rules, counted in the
    store.

    Without ``by_cell`` the newest answer alone is read when it is under these rules (nearly
    always: the one just given), so an answer costs the same however long the history; an
    answer stored by this request (``newest``) is that one, and is not read again.
    Rules are compared as values, so a rule set written two ways (rows from before the notation
    list their options in another order) matches alike.
    """
    if user is None:
        return History(answers=0, last_question=None, tally={})
    db = get_db()
    wanted = settings.rules
    totals = drill_totals(user.id, DRILL.slug, wanted.notation())  # as the page's figures
    answers = totals.attempts if totals else 0
    if not by_cell:
        found = (
            [newest] if newest else attempts.list_attempts(db, user.id, drill=DRILL.slug, limit=1)
        )
        if not found or _same_rules(found[0].rules, wanted):
            last = found[0].question if found else None
            return History(answers=answers, last_question=last, tally={})
    groups = attempts.tally_attempts(
        db, user.id, drill=DRILL.slug, within=_RECENT, by_question=by_cell
    )
    same: dict[str, bool] = {}
    kept = []
    for group in groups:
        if group.rules not in same:
            same[group.rules] = _same_rules(group.rules, wanted)
        if same[group.rules]:
            kept.append(group)
    newest_kept = attempts.get_attempt(db, user.id, kept[0].newest_id) if kept else None
    return History(
        answers=answers,
        last_question=newest_kept.question if newest_kept else None,
        tally=tally_by_cell(
            ((g.question, g.right, g.answers) for g in kept if g.question is not None), wanted
        )
        if by_cell
        else {},
        due=due_cells(user, wanted) if by_cell else (),
    )


def due_cells(user: users.User, rules: Rules) -> tuple[Cell, ...]:
    """The chart cells under ``rules`` the review schedule has due now, most overdue first."""
    head = f"{rules.notation()}: "
    due = schedules.due_items(get_db(), user.id, clock_now(), drill=DRILL.slug)
    return tuple(
        Cell.parse(item.item[len(head) :])
        for item in due
        if item.item.startswith(head) and "insurance" not in item.item
    )


def _same_rules(notation: str, wanted: Rules) -> bool:
    try:
        return Rules.parse(notation) == wanted
    except InvalidRulesError:
        return False


def quiz_rng(user: users.User | None, past: History) -> random.Random:
    """This question's generator: :func:`random_bits` (seeded by ``RNG_SEED`` in tests) moved
    on by the learner's answers so far, so a seeded session still asks a different hand each
    time."""
    user_id = user.id if user else None
    return random.Random(f"{random_bits(64)}:{user_id}:{past.answers}")


def next_question(rng: random.Random, settings: Settings, past: History) -> Question:
    """The quiz's next question for these settings, after this history."""
    return DRILL.next_question(
        rng,
        settings.rules,
        mix=settings.mix,
        last_question=past.last_question,
        tally=past.tally,
        due=past.due,
        caches=app_caches(),
        counted=current_counting_preferences().counting_system if settings.count else None,
    )


# -- the quiz ---------------------------------------------------------------------------------


@bp.get("")
def ask() -> Response:
    if request.args.get("review"):
        # Re-drilling mistakes (the mistakes page's review batches) takes the generic road.
        return drill_road.ask(DRILL.slug)
    waits = request.args.get("wait") == "1"
    settings = read_settings(request.args)  # a job works a new chart out
    if is_rules_form(request.args):
        # The settings form was sent: ask at the rules' own address (one notation, as /strategy).
        return redirect(url_for("strategy_quiz.ask", **settings.query()), code=303)
    user = current_user()  # a new visitor becomes a guest on their first answer, not here
    if not waits and not chart_ready(settings.rules):
        # Rules never worked out before (their chart, or the game they deal: 004's banker,
        # 002's method 3): the page shows the chart being worked out and asks for its first
        # question with wait=1 (htmx at once; a link without).
        return _page(settings, user, None, pending=True)
    if waits:
        # The page waited for the chart: a job works it out (its progress page meanwhile),
        # whether or not the question drawn needs it (a hand dealt from a shoe is graded by its
        # own EVs), so the next page asks.
        ready_or_pending(settings)
    past = history(user, settings, by_cell=settings.mix in quiz.TALLIED_MIXES)
    question = next_question(quiz_rng(user, past), settings, past)
    return _page(settings, user, question)


@bp.post("/answer")
def answer() -> Response:
    form = request.form
    if form.get("review"):
        return drill_road.answer(DRILL.slug)
    settings = read_settings(form)
    ready_or_pending(settings)
    # Graded in the words of the quiz's rules, not the learner's game's: a Las Vegas hand's
    # insurance "why" said «у банкомёта» for a learner whose game is 004 (a walk).
    name_the_dealer(settings.rules)
    token = drill_road.submission_token_or_400(form, reload="the quiz")
    asked_at = drill_road.asked_at_or_400(form.get("asked_at", ""))
    notation = form.get("question", "")
    drill_road.sealed_or_400(
        DRILL, form, notation, settings.rules, token=token, asked_at=asked_at, reload="the quiz"
    )
    answered = drill_road.answer_once(
        DRILL,
        notation,
        form,
        settings.rules,
        token=token,
        asked_at=asked_at,
        stored_as=settings.rules,
        asker="quiz",
    )
    if answered.grade is None:
        return _page(
            settings,
            current_user(),
            answered.question,
            status=400,
            error=answered.error,
            token=token,
            asked_at=asked_at,
        )
    # The answer just stored is the learner's newest: the next question follows it unread.
    newest = answered.attempt if answered.created else None
    shown = partial(_verdict_page, settings, answered, newest=newest)
    return see_verdict(answered, shown, "strategy_quiz.verdict", settings.query())


@bp.get("/answered/<rowid:attempt_id>")
def verdict(attempt_id: int) -> Response:
    """The verdict on one of the learner's answers (where a plain form's answer goes), with the
    next question; anyone else's answer is a 404."""
    if request.args.get("review"):
        return drill_road.verdict(DRILL.slug, attempt_id)
    settings = read_settings(request.args)
    ready_or_pending(settings)
    name_the_dealer(settings.rules)  # (graded again in its rules' words, as answer says)
    answered = drill_road.answered_or_404(DRILL, attempt_id, settings.rules)
    return _verdict_page(settings, answered)


def _verdict_page(
    settings: Settings, answered: Answered, newest: attempts.Attempt | None = None
) -> Response:
    user = current_user_or_guest()
    past = history(user, settings, by_cell=settings.mix in quiz.TALLIED_MIXES, newest=newest)
    following = next_question(quiz_rng(user, past), settings, past)
    return _page(settings, user, following, **answered.feedback)


def _page(
    settings: Settings, user: users.User | None, question: Question | None, **shown: Any
) -> Response:
    """The quiz's page: the drill road's, with the settings and what they offer (the settings
    form and its hand mixes are outside the panel an htmx request gets, so that one is spared
    making them)."""
    form: dict[str, Any] = {}
    if not is_htmx():
        form = {
            "presets": preset_menu(),
            "option_rows": option_fields(settings.rules),
            "mixes": _mixes(settings.rules),
        }
    return drill_road.page(
        DRILL,
        user,
        settings.rules,
        question,
        panel=quiz_panel.panel_response,
        settings=settings,
        timed_counts=timed.COUNTS,
        seconds_per_hand=timed.SECONDS_PER_HAND,
        **form,
        **shown,
    )


# -- the heat map -----------------------------------------------------------------------------


@bp.get("/chart")
def heat_map() -> Response:
    settings = read_settings(request.args)  # a job works a new chart out
    if is_rules_form(request.args):
        # The heat map's rules form was sent: show it at the rules' own address, as the quiz.
        return redirect(url_for("strategy_quiz.heat_map", **settings.query()), code=303)
    rules = settings.rules
    tally = history(current_user(), settings, by_cell=True).tally
    then = url_for("strategy_quiz.heat_map", **settings.query())
    return render(
        "drills/_strategy_heatmap.html",
        settings=settings,
        rules=rules,
        page_rules=rules,
        sections=cells.heat_map(rules, tally, _chart_code(rules, then)),
        up_labels=_column_words(rules),
        answered=sum(total for _, total in tally.values()),
        right_all=sum(right for right, _ in tally.values()),
        presets=preset_menu(),
        option_rows=option_fields(settings.rules),
        mixes=_mixes(rules),
        section="drills",
        drill=DRILL,
    )


def heat_at_once(rules: Rules, tally: Mapping[Cell, tuple[int, int]], then: str) -> dict[str, Any]:
    """A class's heat map of ``tally`` under ``rules`` (``sections``, ``up_labels``) at once, a
    coach never waiting on a computation: where the figures its cells' plays are read from are
    not worked out yet (``waits_for``: ``"chart"``, or at 004 as dealt ``"banker"``, his fixed
    point), the cells without their plays, and the chart's job asked for (``waiting``: its
    progress page, going on to ``then``)."""
    code = _code_at_once(rules)
    found: dict[str, Any] = {
        "sections": cells.heat_map(rules, tally, code),
        "up_labels": _column_words(rules, tally),
        "waiting": None,
        "waits_for": None,
    }
    if code is None:
        ask_for_chart(rules)  # within the limits; the page shows the answers meanwhile
        found["waiting"] = url_for("chart_jobs.progress", rules=rules.notation(), next=then)
        found["waits_for"] = "banker" if face_down_game(rules) else "chart"
    return found


def _code_at_once(rules: Rules) -> Callable[[Cell], str] | None:
    """Each heat-map cell's play where what it is read from is worked out already (the chart,
    or at 004 as dealt the banker's fixed point); None where not (nothing asked for)."""
    if face_down_game(rules):
        if cached_fixed_point(rules) is None:
            return None
        return lambda cell: cells.face_down_code(rules, cell)
    table = cached_chart_for(rules, caches=app_caches())
    if table is None:
        return None
    if method3_quiz.reads_the_double(rules):  # 002 home: the game's play, by the double
        try:
            game = method3_quiz.heat_code(rules)
        except GamePendingError:
            return None
        return lambda cell: game(cell) or table.code(cell.section, cell.row, cell.up)
    return lambda cell: table.code(cell.section, cell.row, cell.up)


def _mixes(rules: Rules) -> dict[str, str]:
    """The hand mixes these rules offer (no pairs to split at 004 as dealt), in the learner's
    words."""
    offered = face_down_quiz.MIXES if face_down_game(rules) else quiz.MIXES
    return {key: say(words) for key, words in quiz.mix_names(rules).items() if key in offered}


def _chart_code(rules: Rules, then: str) -> Callable[[Cell], str]:
    """Each heat-map cell's play: the chart's (its job's page first where it is not worked out,
    coming back to ``then``), or at 004 as dealt the chart of one column's (its banker's
    fixed point worked out by the same job)."""
    table = chart_or_pending(rules, then=then)
    if face_down_game(rules):
        return lambda cell: cells.face_down_code(rules, cell)
    if method3_quiz.reads_the_double(rules):  # 002 home: the game's play, by the double
        game = method3_quiz.heat_code(rules)  # (its job worked it out with the chart)
        return lambda cell: game(cell) or table.code(cell.section, cell.row, cell.up)
    return lambda cell: table.code(cell.section, cell.row, cell.up)


def _column_words(
    rules: Rules, tally: Mapping[Cell, tuple[int, int]] | None = None
) -> tuple[str, ...]:
    """The heat map's column heads: the up cards, or the cards the punter drew so far."""
    if not face_down_game(rules):
        return cells.UP_LABELS
    drawn = [int(label[1:]) for label in cells.heat_columns(rules, tally)]
    return tuple(
        say("Dealt") if n == 0 else plural("%(count)s drawn", "%(count)s drawn", n) for n in drawn
    )


# -- the timed mode ---------------------------------------------------------------------------


def _learners_run_or_abort(status: int) -> tuple[timed.TimedRun, users.User]:
    """The timed run this session keeps for its learner; none going is a ``status`` error."""
    user = current_user()
    try:
        run = timed.TimedRun.from_json(session.get(_TIMED_KEY) or {})
    except timed.InvalidRunError:
        run = None
    if run is None or user is None or run.user != user.id:
        abort(status, description=say("There is no timed run going: start one from the quiz."))
    return run, user


@bp.post("/timed")
def start_timed() -> Response:
    settings = read_settings(request.form)
    try:
        count = timed.read_count(request.form.get("count", ""))
    except timed.InvalidRunError as error:
        abort(400, description=str(error))
    ready_or_pending(settings)
    user = current_user_or_guest()
    past = history(user, settings, by_cell=settings.mix in quiz.TALLIED_MIXES)
    hands = DRILL.timed_hands(
        quiz_rng(user, past),
        settings.rules,
        mix=settings.mix,
        tally=past.tally,
        count=count,
        caches=app_caches(),
    )
    run = timed.TimedRun.start(
        user=user.id,
        rules=settings.rules.notation(),
        mix=settings.mix,
        questions=hands,
        now=drill_road.now_ms(),
    )
    session[_TIMED_KEY] = run.to_json()
    return redirect(url_for("strategy_quiz.timed"), code=303)


@bp.get("/timed", endpoint="timed")
def timed_page() -> Response:
    return _timed_page(*_learners_run_or_abort(404))


@bp.post("/timed/answer")
def timed_answer() -> Response:
    run, user = _learners_run_or_abort(400)
    if not run.asks(request.form.get("run", ""), request.form.get("index", "")):
        abort(400, description=say("That answer is for a hand this run is not asking now."))
    if run.done(drill_road.now_ms()):
        return _timed_page(run, user)
    settings = _run_settings(run)
    answered = drill_road.answer_once(
        DRILL,
        run.current,
        request.form,
        settings.rules,
        token=run.token,
        asked_at=run.last,
        stored_as=settings.rules,
        asker="quiz",
    )
    if answered.grade is None:
        return _timed_page(run, user, status=400, error=answered.error)
    run = run.answered(drill_road.now_ms())
    session[_TIMED_KEY] = run.to_json()
    shown = partial(_timed_page, run, user, answered=answered.question, grade=answered.grade)
    return see_verdict(answered, shown, "strategy_quiz.timed_verdict")


@bp.get("/timed/answered/<rowid:attempt_id>", endpoint="timed_verdict")
def timed_verdict(attempt_id: int) -> Response:
    """The timed run after one of its answers (where a plain form's answer goes): its verdict,
    and the run's next hand (or its results, once time is up)."""
    run, user = _learners_run_or_abort(404)
    answered = drill_road.answered_or_404(DRILL, attempt_id, _run_settings(run).rules)
    return _timed_page(run, user, answered=answered.question, grade=answered.grade)


def _run_settings(run: timed.TimedRun) -> Settings:
    try:
        return Settings(rules=Rules.parse(run.rules), mix=run.mix)
    except InvalidRulesError:
        abort(400, description=say("That timed run's rules cannot be played: start another one."))


def _timed_page(run: timed.TimedRun, user: users.User, **shown: Any) -> Response:
    settings = _run_settings(run)
    now = drill_road.now_ms()
    done = run.done(now)
    info = {
        "id": run.id,
        "index": run.index,
        "count": len(run.questions),
        "remaining_ms": run.remaining_ms(now),
        "done": done,
    }
    question = None if done else DRILL.question(run.current, settings.rules, caches=app_caches())
    results = _results(run, user) if done else None
    return _page(settings, user, question, timed=info, results=results, **shown)


def _results(run: timed.TimedRun, user: users.User) -> dict[str, Any]:
    found = [
        a
        for a in attempts.list_attempts(get_db(), user.id, drill=DRILL.slug, limit=_RECENT)
        if a.token.startswith(run.token_prefix)
    ]
    slowest = sorted(
        (a for a in found if a.response_ms is not None), key=lambda a: -(a.response_ms or 0)
    )[: timed.SLOWEST]
    settings = _run_settings(run)
    return {
        "answered": len(found),
        "right": sum(a.correct for a in found),
        "count": len(run.questions),
        "out_of_time": len(found) < len(run.questions),
        "slowest": [
            (a, DRILL.question(a.question, settings.rules, caches=app_caches())) for a in slowest
        ],
        "url": url_for("strategy_quiz.ask", **settings.query()),
    }
