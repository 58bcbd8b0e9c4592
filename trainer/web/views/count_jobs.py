"""Count studies worked out off the request: a background process per study, a job marker on
disk, and the progress page every view shows meanwhile.

A count study (the indices and the edge by count of one rule set and counting system) takes many
seconds cold (``docs/counting-indices.md``), far longer than a request may hold a worker. A page
that needs one asks :func:`study_or_start`: the cached study, or ``None`` after making sure a
job is computing it. The job is the engine's own command (``python -m trainer indices``) run as
a child process, writing the study into the app's cache directory (passed to it as
``--cache-dir``); its progress lines go to a marker file beside the cache
(``count-<key>.job``), which any worker process reads. A thread of the worker that started it
waits for the child and writes how it ended, so a failed job is shown as failed rather than
forever running.

A drill whose question needs a study raises :class:`drills.count_study.StudyPendingError`; the
app's handler for it starts the job and shows the progress page (htmx polls it; without
JavaScript it refreshes itself), which goes on to the page asked for once the study is there.
At most ``COUNT_JOBS_AT_ONCE`` jobs run at once; each new one counts as expensive work
(:func:`~trainer.web.support.limit_expensive_work`).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from flask import Blueprint, Flask, abort, current_app, redirect, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from drills.count_study import StudyPendingError
from trainer.engine.counting import CountingSystem, UnknownSystemError, find_system
from trainer.engine.indices import Study, cached_study
from trainer.engine.indices.cache import CACHE, cache_key
from trainer.engine.indices.table import GRID_POINTS
from trainer.engine.rulebook.rules import Rules
from trainer.web.caches import strategy_cache_dir
from trainer.web.security import safe_next
from trainer.web.support import is_htmx, limit_expensive_work, render, rules_from_form

__all__ = [
    "JobState",
    "bp",
    "init_app",
    "job_state",
    "pending_page",
    "start_for_warm_up",
    "stop_for_warm_up",
    "study_or_start",
]

bp = Blueprint("count_jobs", __name__)

NEW_STUDY = "the indices for rules and a counting system not worked out before"
# A marker older than this with no study beside it is a job that died: it may be started again.
STALE_SECONDS = 15 * 60
_PROGRESS_RE = re.compile(r"charts at ([0-9]+) of ([0-9]+) counts")
_ENDED_RE = re.compile(r"^ended (-?[0-9]+)$", re.MULTILINE)
_STARTED_RE = re.compile(r"^job for .* started ([0-9]{1,12})$", re.MULTILINE)
# A job whose marker has not moved for this long is taken for dead by the warm-up (a count's
# charts take seconds; a server killed mid-job leaves its marker behind), which starts it again.
QUIET_SECONDS = 120
# Beside the studies: how many seconds the last job that ended well took, the estimate shown
# before a new job has its first count.
LAST_JOB_FILE = "count-job-seconds"


@dataclass(frozen=True)
class JobState:
    """Where the job of one study stands."""

    done: int  # counts whose charts are worked out
    total: int
    failed: bool = False
    busy: bool = False  # not started: as many jobs as may run at once are running
    elapsed: float | None = None  # seconds since the job started, where its marker says
    last_seconds: float | None = None  # how long the last job that ended well took

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0

    @property
    def seconds_left(self) -> int | None:
        """An honest estimate of the seconds left: the time per count so far times the counts
        left; before the first count, the last job's time less this one's so far; None when
        nothing is known to go by."""
        if self.failed or self.busy:
            return None
        if self.done and self.elapsed is not None:
            return max(1, round(self.elapsed / self.done * (self.total - self.done)))
        if self.last_seconds is not None:
            return max(1, round(self.last_seconds - (self.elapsed or 0)))
        return None


def _marker(rules: Rules, system: CountingSystem) -> Path:
    return CACHE.path(cache_key(rules, system), strategy_cache_dir()).with_suffix(".job")


def _read(marker: Path) -> tuple[str, float] | None:
    try:
        return marker.read_text(encoding="utf-8", errors="replace"), marker.stat().st_mtime
    except OSError:
        return None


def _state_of(text: str, now: float | None = None, last: float | None = None) -> JobState:
    found = _PROGRESS_RE.findall(text)
    done, total = (int(found[-1][0]), int(found[-1][1])) if found else (0, GRID_POINTS)
    ended = _ENDED_RE.search(text)
    started = _STARTED_RE.search(text)
    elapsed = None
    if started is not None:
        elapsed = max(0.0, (time.time() if now is None else now) - int(started.group(1)))
    return JobState(
        done,
        total,
        failed=ended is not None and ended.group(1) != "0",
        elapsed=elapsed,
        last_seconds=last,
    )


def _last_seconds(directory: Path) -> float | None:
    """How long the last job that ended well took (None: no job has, here)."""
    try:
        text = (directory / LAST_JOB_FILE).read_text(encoding="ascii")[:20]
    except OSError:
        return None
    return float(text) if text.strip().isdigit() else None


def _running(directory: Path) -> int:
    """Jobs that are going now (markers that have not ended and are not stale)."""
    now = time.time()
    going = 0
    for marker in directory.glob("count-*.job"):
        found = _read(marker)
        if found and not _ENDED_RE.search(found[0]) and now - found[1] < STALE_SECONDS:
            going += 1
    return going


def _wait_for(process: subprocess.Popen[bytes], marker: Path, started: float) -> None:
    code = process.wait()
    if code == 0:
        with suppress(OSError):
            (marker.parent / LAST_JOB_FILE).write_text(
                f"{round(time.monotonic() - started)}", encoding="ascii"
            )
    # Never made again: a request that found the study may have removed it already.
    with suppress(OSError), os.fdopen(os.open(marker, os.O_WRONLY | os.O_APPEND), "w") as handle:
        handle.write(f"\nended {code}\n")


def _start(
    rules: Rules, system: CountingSystem, marker: Path, processes: int | None = None
) -> subprocess.Popen[bytes]:
    """Run the engine's command for the study as a child process, its progress into
    ``marker`` (created here: a second worker finding it does not start another); its first
    line says when it started, for the estimate of what is left."""
    marker.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    command = [
        sys.executable,
        "-m",
        "trainer",
        "indices",
        "--rules",
        rules.notation(),
        "--system",
        system.slug,
        "--cache-dir",
        str(marker.parent),
        "--jobs",
        str(processes or current_app.config["COUNT_JOB_PROCESSES"]),
        "--progress-lines",  # read back by _PROGRESS_RE
    ]
    with os.fdopen(handle, "w", encoding="utf-8") as log:
        log.write(f"job for {rules.notation()} in {system.slug} started {time.time():.0f}\n")
        log.flush()
        process = subprocess.Popen(  # noqa: S603 (our own interpreter and command, no shell)
            command, stdout=subprocess.DEVNULL, stderr=log, stdin=subprocess.DEVNULL
        )
    threading.Thread(
        target=_wait_for, args=(process, marker, time.monotonic()), daemon=True
    ).start()
    return process


def job_state(rules: Rules, system: CountingSystem) -> JobState | None:
    """The job of the study as its marker says (None: no job, or one that died)."""
    marker = _marker(rules, system)
    found = _read(marker)
    if found is None:
        return None
    text, mtime = found
    state = _state_of(text, last=_last_seconds(marker.parent))
    if not _ENDED_RE.search(text) and time.time() - mtime > STALE_SECONDS:
        return None
    return state


def study_or_start(rules: Rules, system: CountingSystem) -> tuple[Study | None, JobState | None]:
    """The study if it is worked out; else ``None`` and its job's state, a job being started
    if none is going (a failed one is shown as failed, and started again after
    :data:`STALE_SECONDS`)."""
    found = cached_study(rules, system, cache_dir=strategy_cache_dir())
    marker = _marker(rules, system)
    if found is not None:
        marker.unlink(missing_ok=True)
        return found, None
    state = job_state(rules, system)
    if state is not None and not (state.failed and _stale(marker)):
        return None, state
    if _running(marker.parent) >= current_app.config["COUNT_JOBS_AT_ONCE"]:
        return None, JobState(0, GRID_POINTS, busy=True)
    limit_expensive_work(NEW_STUDY)
    marker.unlink(missing_ok=True)
    with suppress(FileExistsError):  # another worker started it a moment ago
        _start(rules, system, marker)
    return None, job_state(rules, system) or JobState(0, GRID_POINTS)


def start_for_warm_up(rules: Rules, system: CountingSystem) -> subprocess.Popen[bytes] | None:
    """The server's warm-up (:mod:`trainer.web.warm_up`): start the study's job unless the
    study is there or a job is going for it (its marker moved in the last
    :data:`QUIET_SECONDS`); the child process started, or None. No learner asked, so neither
    the learner's share of new work nor the jobs at once are counted."""
    if cached_study(rules, system, cache_dir=strategy_cache_dir()) is not None:
        return None
    marker = _marker(rules, system)
    state, found = job_state(rules, system), _read(marker)
    quiet = found is not None and time.time() - found[1] > QUIET_SECONDS
    if state is not None and not state.failed and not quiet:
        return None
    marker.unlink(missing_ok=True)
    try:  # the server is idle at its start: the job may use every core (at most 4)
        return _start(rules, system, marker, processes=min(os.cpu_count() or 1, 4))
    except FileExistsError:  # a worker started it a moment ago
        return None


def stop_for_warm_up(
    process: subprocess.Popen[bytes], rules: Rules, system: CountingSystem
) -> None:
    """The warm-up is stopping: end the job it started and say so in its marker, so that the
    next start (or a page) starts it again rather than waiting on a job no one runs."""
    if process.poll() is None:
        process.terminate()
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
    _wait_for(process, _marker(rules, system), time.monotonic())


def _stale(marker: Path) -> bool:
    found = _read(marker)
    return found is None or time.time() - found[1] > STALE_SECONDS


def _asked_page() -> str:
    """The page to go on to once the study is there: this one (a GET), or the page an answer
    was sent from."""
    if request.method == "GET":
        return safe_next(request.full_path.rstrip("?"), "/")
    came_from = urlsplit(request.referrer or "")
    path = came_from.path + (f"?{came_from.query}" if came_from.query else "")
    return safe_next(path, "/drills/")


def pending_page(
    rules: Rules, system: CountingSystem, state: JobState | None, then: str | None = None
) -> Response:
    """The progress page (its ``progress`` block for htmx), going on to ``then`` (by default
    the page asked for) once the study is worked out."""
    response = render(
        "count_pending.html",
        block="progress",
        status=202,
        rules=rules,
        page_rules=rules,
        system=system,
        state=state or JobState(0, GRID_POINTS),
        then=then or _asked_page(),
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
        abort(400, description="There is no such counting system.")
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


def init_app(app: Flask) -> None:
    app.config.setdefault("COUNT_JOBS_AT_ONCE", 2)
    app.config.setdefault("COUNT_JOB_PROCESSES", 1)
    app.register_error_handler(StudyPendingError, _on_pending)
