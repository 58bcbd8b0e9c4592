"""An answer whose figures are not worked out yet waits for them, kept, rather than have its
request work them out (a drill :class:`~drills.FiguresOffRequest`: a deviation's EVs at its
count take seconds of CPU on a server just started).

The drill road asks :func:`figures_ready` before it grades: the figures are kept, or a job
(kind ``figures``, :mod:`trainer.jobs.kinds`) is asked to work them out. Where they are not
ready, the answer form's fields are kept in the learner's session under its submission token
(:func:`wait`), and the browser goes (303; htmx: the block) to ``/drills/<slug>/waiting/<token>``,
which says the answer is kept and reloads itself (htmx asks again) until the figures are there;
then the answer is graded and stored once like any other, and its verdict shown at its own
address. Nothing is stored before: an attempt's grade and cost need the figures.

Where the job ends without them (:func:`figures_failed`: it failed, or was stopped too often,
or ended with nothing kept) since the answer began waiting, the page stops asking and says so,
with the answer still kept: a button asks for the job again (:func:`try_again`), and links
offer something else to practise meanwhile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, cast

from flask import abort, redirect, request, session, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from drills import Drill, DrillError, FiguresOffRequest, capable
from trainer.engine.rulebook.rules import Rules
from trainer.jobs.kinds import figures_key
from trainer.store import attempts, jobs
from trainer.store.db import utc_now
from trainer.web.caches import app_caches, strategy_cache_dir
from trainer.web.jobs import has_session_cookie, submit
from trainer.web.support import current_user, get_db, is_htmx, render
from trainer.web.views.count_jobs import recently_failed
from trainer.words import N_

__all__ = [
    "Kept",
    "ask_ahead",
    "figures_failed",
    "figures_page",
    "figures_ready",
    "forget",
    "kept",
    "taken_or_404",
    "try_again",
    "wait",
    "waiting_page",
]

_KEY = "kept_answers"
_MOST = 4  # answers kept at once in one session (the oldest let go): the cookie stays small
_FIELDS = 24  # an answer form's fields kept, at most, each cut to _LENGTH characters
_LENGTH = 200
_NOT_KEPT = frozenset({"csrf_token"})
NEW_FIGURES = N_("the figures of an answer not worked out before")


class Kept(NamedTuple):
    """An answer kept while its figures are worked out: its form's fields, its rules' notation,
    and when it began waiting (or was last sent to try again: :func:`utc_now`'s text)."""

    form: dict[str, str]
    rules: str
    since: str | None


def well_formed(drill: Drill, notation: str, form: Mapping[str, str], rules: Rules) -> bool:
    """Whether the answer in ``form`` is one ``drill`` would grade, judged without its figures
    (a :class:`~drills.FiguresOffRequest`'s ``check_answer``; any other drill: yes)."""
    if not isinstance(drill, FiguresOffRequest):
        return True
    try:
        drill.check_answer(notation, drill.answer_text(form), rules)
    except DrillError:
        return False
    return True


def figures_ready(drill: Drill, notation: str, rules: Rules) -> bool:
    """Whether the figures grading ``notation`` reads are kept (any drill but a
    :class:`~drills.FiguresOffRequest`: yes); where not, a job is asked to work them out (run
    at once under ``JOBS_INLINE``: then they are; past the limits on jobs, asked again on the
    waiting page's next load: the answer is never refused for it)."""
    if not isinstance(drill, FiguresOffRequest):
        return True
    if drill.figures_kept(notation, rules, caches=app_caches()):
        return True
    try:
        _submit(drill, notation, rules)
    except HTTPException:  # past the limits on jobs: the answer waits, kept, and asks again
        return False
    return drill.figures_kept(notation, rules, caches=app_caches())


def figures_failed(drill: Drill, notation: str, rules: Rules, since: str | None) -> bool:
    """Whether the figures grading ``notation`` are not kept and the newest job making them
    ended without them since ``since`` (:func:`utc_now`'s text): failed (its error, or its
    process stopped too often), or done with nothing kept (a cache it could not write). With
    ``since`` None (an answer stored, its figures gone since): a job failed in the last few
    minutes (:func:`~trainer.web.views.count_jobs.recently_failed`, as the study pages show)."""
    if not isinstance(drill, FiguresOffRequest):
        return False
    if drill.figures_kept(notation, rules, caches=app_caches()):
        return False
    key = figures_key(drill.slug, rules.notation(), notation)
    job = jobs.latest_by_key(get_db(), key)
    if job is None or not job.finished or job.finished_at is None:
        return False
    if since is not None:
        return job.finished_at >= since
    return recently_failed(job)


def _submit(drill: Drill, notation: str, rules: Rules) -> None:
    """The job working out ``notation``'s figures: held to the limits on jobs (a 429 past
    them), not counted as expensive work (a second of a worker's time: every deviation
    answered would count)."""
    params = {
        "drill": drill.slug,
        "question": notation,
        "rules": rules.notation(),
        "cache_dir": str(strategy_cache_dir()),
    }
    key = figures_key(drill.slug, rules.notation(), notation)
    submit("figures", params, what=NEW_FIGURES, key=key, total=1, counted=False)


def ask_ahead(drill: Drill, notation: str, rules: Rules) -> None:
    """As a question is asked of a learner (a session cookie, a learner already), have its
    figures worked out ahead of the answer, so that the answer seldom waits; past the limits
    on jobs, nothing (the answer asks again)."""
    if not capable(drill, FiguresOffRequest) or current_user() is None:
        return
    if not has_session_cookie() or cast(FiguresOffRequest, drill).figures_kept(
        notation, rules, caches=app_caches()
    ):
        return
    try:
        _submit(drill, notation, rules)
    except HTTPException:  # too much work going on: the answer's own request asks again
        return


def wait(drill: Drill, form: Mapping[str, str], token: str, rules: Rules, since: str) -> Response:
    """Keep the answer ``form`` (under its ``token``; sent at ``since``) until its figures are
    there, and show that it waits: for htmx the waiting block, else a 303 to the waiting
    page's address (with the answer form's own query, such as the counting preferences)."""
    fields = {
        name: value[:_LENGTH]
        for name, value in list(form.items())[:_FIELDS]
        if name not in _NOT_KEPT
    }
    held: dict[str, Any] = dict(session.get(_KEY) or {})
    held[token] = {"drill": drill.slug, "rules": rules.notation(), "form": fields, "since": since}
    while len(held) > _MOST:
        del held[next(iter(held))]
    session[_KEY] = held
    if is_htmx():
        return waiting_page(drill, token)
    return redirect(_waiting_address(drill, token), code=303)


def _query(*taken: str) -> dict[str, Any]:
    """The request's query, less the names its address takes (and url_for's own)."""
    return {n: v for n, v in request.args.items() if n not in taken and n[:1] != "_"}


def _waiting_address(drill: Drill, token: str) -> str:
    query = _query("slug", "token")
    return url_for("drills.waiting", slug=drill.slug, token=token, **query)


def kept(drill: Drill, token: str) -> Kept | None:
    """The answer kept under ``token`` for ``drill``, if kept."""
    found = (session.get(_KEY) or {}).get(token)
    if not isinstance(found, dict) or found.get("drill") != drill.slug:
        return None
    since = found.get("since")
    return Kept(dict(found["form"]), str(found["rules"]), since if isinstance(since, str) else None)


def try_again(drill: Drill, notation: str, rules: Rules, token: str | None) -> None:
    """Ask again for the job working out ``notation``'s figures, after one ended without them
    (the answer kept under ``token``, if any, waits from now); past the limits on jobs, its
    waiting page asks again on its next load."""
    if token is not None:
        held = dict(session.get(_KEY) or {})
        if isinstance(held.get(token), dict):
            held[token] = {**held[token], "since": utc_now()}
            session[_KEY] = held
    try:
        _submit(drill, notation, rules)
    except HTTPException:
        return


def forget(token: str) -> None:
    """Let the kept answer of ``token`` go (it is stored now)."""
    held = dict(session.get(_KEY) or {})
    if held.pop(token, None) is not None:
        session[_KEY] = held


def taken_or_404(drill: Drill, token: str) -> Response:
    """An answer no longer kept: once stored, on to its verdict; else (never kept here, or
    another learner's) a 404."""
    user = current_user()
    found = attempts.find_attempt(get_db(), user.id, token) if user is not None else None
    if found is None or found.drill != drill.slug:
        abort(404)
    query = {**_query("slug", "attempt_id"), "rules": found.rules}
    address = url_for(
        "drills.verdict", slug=drill.slug, attempt_id=found.id, _anchor="feedback", **query
    )
    return redirect(address, code=303)


def waiting_page(
    drill: Drill, token: str | None, *, failed: bool = False, attempt_id: int | None = None
) -> Response:
    """The page of an answer kept while its figures are worked out (202; its ``panel`` for
    htmx), asking again until they are there: at its waiting address, or (``token`` None: an
    answer stored, its figures gone from the cache since, ``attempt_id``) at this page's own.
    ``failed``: working them out failed; the page stops asking (200) and offers to try again
    and something to practise meanwhile."""
    again = _waiting_address(drill, token) if token else request.full_path.rstrip("?")
    response = render(
        "drills/answer_waiting.html",
        block="panel",
        status=200 if failed else 202,
        drill=drill,
        again=again,
        failed=failed,
        token=token,
        attempt_id=attempt_id,
        section="drills",
    )
    if not failed:
        response.headers["Retry-After"] = "1"
    return response


def figures_page(
    drill: Drill,
    notation: str,
    rules: Rules,
    since: str | None,
    *,
    token: str | None = None,
    attempt_id: int | None = None,
) -> Response | None:
    """The waiting page of an answer (kept under ``token``, or stored as ``attempt_id``) whose
    figures are not there: being worked out, or (since ``since``) failed; None once they are."""
    if figures_failed(drill, notation, rules, since):
        return waiting_page(drill, token, failed=True, attempt_id=attempt_id)
    if figures_ready(drill, notation, rules):
        return None
    failed = figures_failed(drill, notation, rules, since)  # its job run inline, and failed
    return waiting_page(drill, token, failed=failed, attempt_id=attempt_id)
