"""Strategy charts for new rules worked out off the request, as jobs of the app's queue (kind
``chart``, :mod:`trainer.web.jobs`), and the progress page a view shows meanwhile.

A chart for rules not worked out before takes seconds (1.6 to 4.8 s measured on 2 cores), more
than a request may spend; so does the banker's fixed point of 004 dealt face down (about a
second), which the same job works out beside its chart, and 002's deal method 3 game (the
dealer's double and the punters' redouble, :func:`trainer.engine.banker.method3.method3_game`:
some seconds), which it works out after the chart. A view that needs one asks
:func:`chart_or_pending`: the cached chart, or :class:`ChartPendingError` after making sure a
job is working it out (shared by everyone who asks for the same rules; a 429 past the limits;
for a visitor without the session cookie, asked for on the page's next load).
A drill that reads either game (004's banker, 002's method 3) raises
:class:`drills.method3_figures.GamePendingError` where it is not worked out (drills read them
from the cache only): the same job, the same progress page; the mistakes page says so on the
question's line instead (:func:`ask_for_chart`, a link to the progress page).
The app's handler for it shows the progress page (htmx polls it; without JavaScript it refreshes
itself), which goes on to the page asked for once the chart is there.
"""

from __future__ import annotations

from itertools import islice
from statistics import median

from flask import Blueprint, Flask, current_app, redirect, request, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from drills.method3_figures import GamePendingError
from drills.strategy_chart import cached_chart_for
from trainer.engine.banker.face_down import FixedPoint, cached_fixed_point, face_down_game
from trainer.engine.banker.method3 import cached_method3_game
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import Chart
from trainer.jobs.kinds import CHART_SECONDS, chart_key, chart_work
from trainer.store import jobs
from trainer.web.caches import app_caches, strategy_cache_dir
from trainer.web.jobs import reload_at_once, submit
from trainer.web.security import safe_next
from trainer.web.support import get_db, is_htmx, render, rules_from_form
from trainer.web.views.count_jobs import asked_page, recently_failed
from trainer.words import N_

__all__ = [
    "ChartPendingError",
    "ask_for_chart",
    "bp",
    "chart_or_pending",
    "chart_ready",
    "expected_seconds",
    "fixed_point_or_pending",
    "init_app",
    "pending_page",
]

bp = Blueprint("chart_jobs", __name__)

NEW_CHART = N_("a strategy chart for rules not worked out before")


class ChartPendingError(Exception):
    """The chart of ``rules`` is being worked out by a job (``then``: where to go on to; no
    job yet for a visitor without the session cookie, asked for on the page's next load)."""

    def __init__(self, rules: Rules, job: jobs.Job | None, then: str | None = None) -> None:
        super().__init__(rules.notation())
        self.rules, self.job, self.then = rules, job, then


def chart_or_pending(rules: Rules, then: str | None = None) -> Chart:
    """The chart of ``rules`` if it is worked out (memory or disk), else a job for it.

    :raises ChartPendingError: while the job works it out (going on to ``then``, by default
        the page asked for).
    :raises HTTPException: 429 past the limits.
    """
    found = _ready(rules)
    if found is not None:
        return found
    job = _job_for(rules, "chart", chart_key(rules.notation()))
    found = _ready(rules)  # worked out inline (tests)
    if found is not None:
        return found
    raise ChartPendingError(rules, job, then)


def fixed_point_or_pending(rules: Rules, then: str | None = None) -> FixedPoint:
    """The banker's fixed point of ``rules`` (004 dealt face down) if it is worked out, else a
    job for it (the chart of one column needs nothing else).

    :raises ChartPendingError: while the job works it out.
    """
    found = cached_fixed_point(rules)
    if found is None:
        job = _job_for(rules, "fixed-point", f"fixed-point {rules.notation()}")
        found = cached_fixed_point(rules)  # worked out inline (tests)
        if found is None:
            raise ChartPendingError(rules, job, then)
    return found


def chart_ready(rules: Rules) -> bool:
    """Whether :func:`chart_or_pending` would answer at once (the chart, and the game its
    rules deal, worked out): nothing is asked for."""
    return _ready(rules) is not None


def ask_for_chart(rules: Rules) -> None:
    """Have a job work out the chart of ``rules`` (and its game) where it is not worked out,
    for a page that shows something else meanwhile: nothing past the limits (no 429 page),
    nothing for a visitor without the session cookie."""
    try:
        chart_or_pending(rules)
    except (ChartPendingError, HTTPException):
        return


def _ready(rules: Rules) -> Chart | None:
    """The chart, where it and (for 004 dealt face down) the banker's fixed point, (for 002's
    deal method 3) the game are worked out; else None."""
    found = cached_chart_for(rules, caches=app_caches())
    if found is None or (face_down_game(rules) and cached_fixed_point(rules) is None):
        return None
    played = rules.played()
    if played.deal_method == 3 and cached_method3_game(played) is None:
        return None
    return found


def _job_for(rules: Rules, kind: str, key: str) -> jobs.Job | None:
    params = {"rules": rules.notation(), "cache_dir": str(strategy_cache_dir())}
    going = jobs.latest_by_key(get_db(), key)
    if going is not None and recently_failed(going):
        return going  # shown as failed; asked for again a few minutes on
    return submit(kind, params, what=NEW_CHART, key=key, total=1)


def pending_page(rules: Rules, job: jobs.Job | None, then: str) -> Response:
    """The progress page (its ``progress`` block for htmx), going on to ``then``: how long the
    job has run, and the time left by what like jobs took (:func:`expected_seconds`; None on a
    server that has worked out no chart yet: the page says why the first one takes longest).
    Past that time the page says the job takes longer than expected, not a time left."""
    progress_url = url_for("chart_jobs.progress", rules=rules.notation(), next=then)
    elapsed = job.elapsed() if job is not None else None
    expected = expected_seconds(job) if job is not None and not job.finished else None
    left = overrun = None
    if expected is not None:
        left = round(expected - (elapsed or 0))
        if left < 1:  # past the like jobs' time: said so, with the time they take
            left, overrun = None, round(expected)
    response = render(
        "chart_pending.html",
        block="progress",
        status=202,
        rules=rules,
        page_rules=rules,
        job=job,
        elapsed=round(elapsed) if elapsed is not None else None,
        left=left,
        overrun=overrun,
        then=then,
        at_once=reload_at_once(progress_url) if job is None else None,
        progress_url=progress_url,
    )
    response.headers["Retry-After"] = "2"
    return response


def expected_seconds(job: jobs.Job) -> float | None:
    """How long ``job`` should take, by what it works out (:func:`chart_work`): the median of
    the last like jobs on this server, else the measured time of such work
    (:data:`CHART_SECONDS`); None where no job of its kind has ended yet (the first compiles
    the engine's arithmetic, and takes longest)."""
    done = jobs.done_seconds(get_db(), job.kind)
    if not done:
        return None
    work = chart_work(job.params)
    like = list(islice((seconds for params, seconds in done if chart_work(params) == work), 5))
    if like:
        return float(median(like))
    kind_of_game, _, whole = work.partition(" ")
    prior = CHART_SECONDS.get(kind_of_game)
    return None if prior is None else prior * (2 if whole else 1)


@bp.get("/chart-jobs/progress")
def progress() -> Response:
    """Where a chart's job stands (htmx polls it), or, once the chart is there, on to
    ``next``."""
    rules = rules_from_form(request.args.get("rules"))
    then = safe_next(request.args.get("next"), "/")
    try:
        chart_or_pending(rules, then)
    except ChartPendingError as pending:
        return pending_page(rules, pending.job, then)
    if is_htmx():
        response = Response(status=200)
        response.headers["HX-Redirect"] = then
        return response
    return redirect(then, code=303)


def _on_pending(error: ChartPendingError) -> Response:
    return pending_page(error.rules, error.job, error.then or asked_page())


def _on_game_pending(error: GamePendingError) -> Response:
    """A drill's game (004's banker, 002's method 3) not worked out: the chart's job works it
    out (a 429 page past the limits), its progress page going on to the page asked for."""
    try:
        chart_or_pending(error.rules)
    except ChartPendingError as pending:
        return _on_pending(pending)
    except HTTPException as refused:  # too much new work from this learner: the 429 page
        return current_app.handle_http_exception(refused)  # type: ignore[return-value]
    return redirect(asked_page(), code=303)  # worked out between the drill's look and ours


def init_app(app: Flask) -> None:
    app.register_error_handler(ChartPendingError, _on_pending)
    app.register_error_handler(GamePendingError, _on_game_pending)
