"""Count studies worked out off the request, as jobs of the app's queue (kind
``count-study``, :mod:`trainer.web.jobs`), and the progress page every view shows meanwhile.

A count study (the indices and the edge by count of one rule set and counting system) takes many
seconds cold (``docs/counting-indices.md``), far longer than a request may hold a worker. A page
that needs one asks :func:`study_or_start`: the cached study, or ``None`` after making sure a
job is computing it. The job is shared by everyone who asks (its key names the rules and the
system) and writes the study into the app's cache directory.

A drill whose question needs a study raises :class:`drills.count_study.StudyPendingError`; the
app's handler for it starts the job and shows the progress page (htmx polls it; without
JavaScript it refreshes itself), which goes on to the page asked for once the study is there.
A job that failed is shown as failed for :data:`FAILED_SHOWN_SECONDS`, then asked for again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime

from flask import Blueprint, Flask, abort, current_app, redirect, request, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from drills import registry
from drills.count_study import StudyNotForGameError, StudyPendingError
from trainer.engine.counting import CountingSystem, UnknownSystemError, find_system
from trainer.engine.indices import Study, cached_study
from trainer.engine.indices.table import GRID_POINTS, least_penetration
from trainer.engine.rulebook.rules import Rules
from trainer.jobs.kinds import count_study_key
from trainer.store import jobs
from trainer.web.caches import strategy_cache_dir
from trainer.web.jobs import reload_at_once, submit, waited_on
from trainer.web.security import referrer_path, safe_next
from trainer.web.support import get_db, is_htmx, render, rules_from_form
from trainer.words import N_, percent, say

__all__ = [
    "JobState",
    "asked_page",
    "bp",
    "init_app",
    "job_state",
    "pending_page",
    "recently_failed",
    "study_job_params",
    "study_or_start",
]

bp = Blueprint("count_jobs", __name__)

NEW_STUDY = N_("the indices for rules and a counting system not worked out before")
# A failed study's job is shown as failed this long before a page asks for it again.
FAILED_SHOWN_SECONDS = 5 * 60


@dataclass(frozen=True)
class JobState:
    """Where the job of one study stands."""

    done: int  # counts whose charts are worked out
    total: int
    failed: bool = False
    busy: bool = False  # not started: as many jobs as may run at once are running
    waiting: bool = False  # not asked for: the visitor's browser has no session cookie yet
    left: int | None = None  # the estimate of the seconds left (None: nothing to go by)
    elapsed: int | None = None  # seconds since it started (None: not started)

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0

    @property
    def seconds_left(self) -> int | None:
        return None if self.failed or self.busy or self.waiting else self.left


def _state_of(job: jobs.Job) -> JobState:
    db = get_db()
    busy = job.state == "queued" and jobs.running_count(db) >= current_app.config["JOBS_AT_ONCE"]
    return JobState(
        job.done,
        job.total or GRID_POINTS,
        failed=job.failed,
        busy=busy,
        left=job.seconds_left(last=jobs.last_seconds(db, "count-study")),
        elapsed=round(job.elapsed() or 0) if job.started_at else None,
    )


def job_state(rules: Rules, system: CountingSystem) -> JobState | None:
    """The newest job of the study (None: none was ever asked for)."""
    found = jobs.latest_by_key(get_db(), count_study_key(rules.notation(), system.slug))
    return _state_of(found) if found is not None else None


def study_job_params(rules: Rules, system: CountingSystem, processes: int) -> dict[str, object]:
    return {
        "rules": rules.notation(),
        "system": system.slug,
        "cache_dir": str(strategy_cache_dir()),
        "processes": processes,
    }


def recently_failed(job: jobs.Job) -> bool:
    if not job.failed or job.finished_at is None:
        return False
    ended = datetime.fromisoformat(job.finished_at.replace("Z", "+00:00"))
    return (datetime.now(UTC) - ended).total_seconds() < FAILED_SHOWN_SECONDS


def study_or_start(rules: Rules, system: CountingSystem) -> tuple[Study | None, JobState | None]:
    """The study if it is worked out; else ``None`` and its job's state, a job being asked
    for if none is going (:func:`trainer.web.jobs.submit`: a 403 or 429 past its limits)."""
    found = cached_study(rules, system, cache_dir=strategy_cache_dir())
    if found is not None:
        return found, None
    least = least_penetration(rules, system)
    if least is not None:  # a job that would fail every time (it said "tried again": a walk)
        abort(400, description=say(
            "With the cut card this shallow (%(dealt)s of the shoe dealt), no shoe holds the "
            "counts a study reads, up to a true count of ±10: deal at least %(least)s of it.",
            dealt=percent(rules.penetration), least=percent(least)))  # fmt: skip
    key = count_study_key(rules.notation(), system.slug)
    going = jobs.latest_by_key(get_db(), key)
    if going is not None and (not going.finished or recently_failed(going)):
        return None, _state_of(waited_on(going))
    params = study_job_params(rules, system, current_app.config["COUNT_JOB_PROCESSES"])
    job = submit("count-study", params, what=NEW_STUDY, key=key, total=GRID_POINTS)
    found = cached_study(rules, system, cache_dir=strategy_cache_dir())
    if found is not None:  # run inline (tests)
        return found, None
    if job is None:  # no session cookie yet: asked for on the page's next load
        return None, JobState(0, GRID_POINTS, waiting=True)
    return None, _state_of(job)


def asked_page() -> str:
    """The page to go on to once the study is there: this one (a GET), or the page an answer
    was sent from."""
    if request.method == "GET":
        return safe_next(request.full_path.rstrip("?"), "/")
    return safe_next(referrer_path(), "/drills/")


def pending_page(
    rules: Rules, system: CountingSystem, state: JobState | None, then: str | None = None
) -> Response:
    """The progress page (its ``progress`` block for htmx), going on to ``then`` (by default
    the page asked for) once the study is worked out."""
    state = state or JobState(0, GRID_POINTS)
    then = then or asked_page()
    progress_url = url_for(
        "count_jobs.progress", rules=rules.notation(), system=system.slug, next=then
    )
    response = render(
        "count_pending.html",
        block="progress",
        status=202,
        rules=rules,
        page_rules=rules,
        system=system,
        state=state,
        then=then,
        at_once=reload_at_once(progress_url) if state.waiting else None,
        progress_url=progress_url,
    )
    response.headers["Retry-After"] = "2"
    return response


@bp.get("/count-jobs/progress")
def progress() -> Response:
    """Where a study's job stands (htmx polls it), or, once the study is there, on to
    ``next``."""
    rules = rules_from_form(request.args.get("rules"))
    try:
        system = find_system(request.args.get("system", "")[:40])
    except UnknownSystemError:
        abort(400, description=say("There is no such counting system."))
    then = safe_next(request.args.get("next"), "/")
    found, state = study_or_start(rules, system)
    if found is None:
        return pending_page(rules, system, state, then)
    if is_htmx():
        response = Response(status=200)
        response.headers["HX-Redirect"] = then
        return response
    return redirect(then, code=303)


def _on_pending(error: StudyPendingError) -> Response:
    try:
        found, state = study_or_start(error.rules, error.system)
    except HTTPException as refused:  # too much new work from this learner: the 429 page
        return current_app.handle_http_exception(refused)  # type: ignore[return-value]
    if found is not None:  # worked out between the drill's look and ours: ask again
        state = JobState(GRID_POINTS, GRID_POINTS)
    return pending_page(error.rules, error.system, state)


def _on_not_for_game(error: StudyNotForGameError) -> Response:
    """A page that rests on the count study, at 004 dealt face down: said plainly (no up card
    is shown, no question asked), with the drills that do practise this game."""
    slug = (request.view_args or {}).get("slug", "")
    asked = registry().get(slug) if isinstance(slug, str) else None
    return render(
        "count_not_for_game.html",
        rules=error.rules,
        page_rules=error.rules,
        asked=asked,
        section="drills",
    )


def init_app(app: Flask) -> None:
    # A study's counts shared between two processes where the machine has two cores (a new
    # rule set's counting page on a 2-core machine at load 2.4 to 2.9: 4.3 s to 3.0 s,
    # bench/counting_page.py), as the warm-up's studies are; one where the job runs in the
    # request that asks (tests).
    cores = min(2, os.cpu_count() or 1)
    app.config.setdefault("COUNT_JOB_PROCESSES", 1 if app.config["JOBS_INLINE"] else cores)
    app.register_error_handler(StudyPendingError, _on_pending)
    app.register_error_handler(StudyNotForGameError, _on_not_for_game)
