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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import abort, redirect, request, session, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from drills import Drill, DrillError, FiguresOffRequest
from trainer.engine.rulebook.rules import Rules
from trainer.jobs.kinds import figures_key
from trainer.store import attempts
from trainer.web.caches import app_caches, strategy_cache_dir
from trainer.web.jobs import has_session_cookie, submit
from trainer.web.support import current_user, get_db, is_htmx, render

__all__ = ["ask_ahead", "figures_ready", "forget", "kept", "taken_or_404", "wait", "waiting_page"]

_KEY = "kept_answers"
_MOST = 4  # answers kept at once in one session (the oldest let go): the cookie stays small
_FIELDS = 24  # an answer form's fields kept, at most, each cut to _LENGTH characters
_LENGTH = 200
_NOT_KEPT = frozenset({"csrf_token"})
NEW_FIGURES = "the figures of an answer not worked out before"


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
    if not isinstance(drill, FiguresOffRequest) or current_user() is None:
        return
    if not has_session_cookie() or drill.figures_kept(notation, rules, caches=app_caches()):
        return
    try:
        _submit(drill, notation, rules)
    except HTTPException:  # too much work going on: the answer's own request asks again
        return


def wait(drill: Drill, form: Mapping[str, str], token: str, rules: Rules) -> Response:
    """Keep the answer ``form`` (under its ``token``) until its figures are there, and show
    that it waits: for htmx the waiting block, else a 303 to the waiting page's address (with
    the answer form's own query, such as the counting preferences)."""
    fields = {
        name: value[:_LENGTH]
        for name, value in list(form.items())[:_FIELDS]
        if name not in _NOT_KEPT
    }
    held: dict[str, Any] = dict(session.get(_KEY) or {})
    held[token] = {"drill": drill.slug, "rules": rules.notation(), "form": fields}
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


def kept(drill: Drill, token: str) -> tuple[dict[str, str], str] | None:
    """The kept answer form of ``token`` for ``drill`` and its rules' notation, if kept."""
    found = (session.get(_KEY) or {}).get(token)
    if not isinstance(found, dict) or found.get("drill") != drill.slug:
        return None
    return dict(found["form"]), str(found["rules"])


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


def waiting_page(drill: Drill, token: str | None) -> Response:
    """The page of an answer kept while its figures are worked out (202; its ``panel`` for
    htmx), asking again until they are there: at its waiting address, or (``token`` None: an
    answer stored, its figures gone from the cache since) at this page's own."""
    again = _waiting_address(drill, token) if token else request.full_path.rstrip("?")
    response = render(
        "drills/answer_waiting.html",
        block="panel",
        status=202,
        drill=drill,
        again=again,
        section="drills",
    )
    response.headers["Retry-After"] = "2"
    return response
