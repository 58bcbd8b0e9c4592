"""What every view needs: the database on ``g``, the learner, the rules, htmx-aware rendering,
and readable error pages. Other blueprints import from here."""

from __future__ import annotations

import json
import math
import os
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

import sqlite_utils
from flask import (
    Flask,
    abort,
    current_app,
    g,
    has_request_context,
    make_response,
    render_template,
    request,
    session,
)
from jinja2 import pass_context
from jinja2.runtime import Context
from jinja2_fragments.flask import render_block
from werkzeug.exceptions import HTTPException, TooManyRequests
from werkzeug.wrappers import Response

from drills import CostlyFeedback, capable
from trainer import store
from trainer.clock import Clock
from trainer.engine.rulebook.rule_words import PRESET_TEXTS
from trainer.engine.rulebook.rules import (
    InvalidRulesError,
    Rules,
    UnknownPresetError,
    find_preset,
    preset_names,
)
from trainer.store import attempts, throttle, users
from trainer.web import rules_form, security
from trainer.web.caches import app_caches
from trainer.web.error_words import error_words
from trainer.web.kept import KeptPieces, KeptUrls, kept_card_macros
from trainer.words import number, plural, quoted, say

_USER_KEY = "uid"
_GENERATION_KEY = "gen"
_RULES_KEY = "rules"
PATH_KEY = "path"  # where a newcomer starts on the path, until they have a row


# -- the database ---------------------------------------------------------------------------


def digits(text: str) -> bool:
    """Whether ``text`` is digits 0-9 only (``str.isdecimal`` and ``int`` take any script's:
    an Arabic-Indic 3 is not a number a form of ours sends)."""
    return text.isascii() and text.isdecimal()


def get_db() -> sqlite_utils.Database:
    """This request's database connection: the one this worker thread keeps open.

    Opening a connection runs its PRAGMAs, and closing the last one to the database checkpoints
    the WAL with an fsync (some 10 ms here), so a worker keeps one per thread for the app's life
    instead of one per request; a forked process opens its own.
    """
    if "db" not in g:
        kept = current_app.extensions["trainer.db"]
        path = current_app.config["DATABASE"]
        if getattr(kept, "pid", None) != os.getpid() or kept.path != path:
            kept.db = store.open_db(path)
            kept.pid, kept.path = os.getpid(), path
        g.db = kept.db
    return g.db


def drill_totals(user_id: int, drill: str, rules: str | None = None) -> attempts.DrillStats | None:
    """The learner's totals for one drill (:func:`trainer.store.attempts.drill_stats`; of the
    answers stored under ``rules`` only, given them), read once per request while nothing is
    written: an answer's page reads them for the next question and for its figures."""
    db = get_db()
    key = (user_id, drill, rules, db.conn.total_changes)
    kept = g.setdefault("drill_totals", {})
    if key not in kept:
        kept[key] = attempts.drill_stats(db, user_id, drill=drill, rules=rules).get(drill)
    return kept[key]  # type: ignore[no-any-return]


def _end_request_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()  # never carry a transaction into the next request


def clock_now() -> datetime:
    """The time now by the app's clock (``CLOCK`` in the configuration: a test fixes it)."""
    clock: Clock = current_app.extensions["trainer.clock"]
    return clock.now()


# -- the learner ----------------------------------------------------------------------------


def current_user() -> users.User | None:
    """The signed-in learner or guest of this session, or None for a new visitor."""
    if "user" not in g:
        user_id = session.get(_USER_KEY)
        user = users.get_user(get_db(), user_id) if isinstance(user_id, int) else None
        if user is not None and session.get(_GENERATION_KEY, 0) != user.session_generation:
            user = None  # a session from before the learner signed out
        if user is None and user_id is not None:
            # The account is gone (e.g. a fresh database) or this session was signed out.
            session.pop(_USER_KEY, None)
            session.pop(_GENERATION_KEY, None)
        g.user = user
    return g.user


def current_user_or_guest() -> users.User:
    """The current learner; a new visitor becomes a guest, so they can drill at once."""
    user = current_user()
    if user is None:
        user = users.create_guest(get_db())
        start_session(user)
    return user


# The language a visitor chose with the switch, before they are a learner (trainer.web.language).
LANGUAGE_KEY = "language"


def start_session(user: users.User) -> None:
    """Make ``user`` this session's learner (sign-in, sign-up, a new guest).

    The chosen rules, the language, the CSRF token and where a newcomer starts on the path are
    kept: a visitor becomes a guest on their first answer, and the forms already on their pages
    carry that token (sign-in and sign-up rotate it themselves). A language this browser speaks
    goes to a learner who has none of their own yet, so that it comes back with the account (a
    walker chose Russian as a visitor, signed up, signed out and in: English); so do the rules
    drilled with (an account's own come back with it: a walk lost its new casino's rules).
    """
    kept_keys = (_RULES_KEY, LANGUAGE_KEY, security.CSRF_SESSION_KEY, PATH_KEY)
    kept = {key: session[key] for key in kept_keys if key in session}
    session.clear()
    session.update(kept)
    language = kept.get(LANGUAGE_KEY)
    if isinstance(language, str) and user.language is None:
        users.set_language(get_db(), user.id, language)
        user = replace(user, language=language)
    # The rules drilled with, likewise: the account's own, else this browser's choice for it.
    chosen = kept.get(_RULES_KEY)
    if user.rules is not None:
        session[_RULES_KEY] = user.rules
    elif isinstance(chosen, str):
        users.set_rules(get_db(), user.id, chosen)
        user = replace(user, rules=chosen)
    session[_USER_KEY] = user.id
    session[_GENERATION_KEY] = user.session_generation
    session.permanent = True
    g.user = user


def end_session() -> None:
    """Sign out: this session, and every other copy of the learner's session cookie. The
    language the page was in stays with the browser (the learner's, else the one it chose)."""
    user = current_user()
    language = session.get(LANGUAGE_KEY)
    if user is not None:
        language = user.language or language
        users.end_sessions(get_db(), user.id)
    session.clear()
    if isinstance(language, str):
        session[LANGUAGE_KEY] = language
    g.user = None


def learner_or_404(user_id: int) -> users.User:
    """The current learner if ``user_id`` is theirs; any other id is a 404, not a 403, so a
    learner cannot even tell whether another learner exists."""
    user = current_user()
    if user is None or user.id != user_id:
        abort(404)
    return user


# -- expensive work -------------------------------------------------------------------------


def limit_expensive_work(what: str, *, record: bool = True) -> None:
    """Count one piece of expensive work (``what``: "a strategy chart for new rules") for this
    address and learner, or refuse it with a 429 saying when to try again: at most
    ``EXPENSIVE_WORK_PER_WINDOW`` in ``EXPENSIVE_WORK_WINDOW_SECONDS``, per address and per
    learner. Work already done (cached) is never counted; ``record=False`` only checks."""
    config = current_app.config
    limit, window = config["EXPENSIVE_WORK_PER_WINDOW"], config["EXPENSIVE_WORK_WINDOW_SECONDS"]
    db = get_db()
    now = time.time()
    keys = [throttle.address_key(request.remote_addr)]
    user = current_user()
    if user is not None:
        keys.append(throttle.learner_key(user.id))
    for key in keys:
        asked = throttle.work_since(db, key, since=now - window)
        if len(asked) >= limit:
            # Under the limit again once the oldest requests that put it over are forgotten.
            over = len(asked) - limit
            expires = asked[over] + window if over < len(asked) else now + window
            wait = max(1, math.ceil(expires - now))
            refusal = plural(
                "Working out %(what)s takes a few seconds of the server's time, and "
                "%(count)s such request came from you in the last %(minutes)s minutes. Try "
                "again in %(wait)s; anything already worked out (every preset) is shown at "
                "once meanwhile.",
                "Working out %(what)s takes a few seconds of the server's time, and "
                "%(count)s such requests came from you in the last %(minutes)s minutes. Try "
                "again in %(wait)s; anything already worked out (every preset) is shown at "
                "once meanwhile.",
                len(asked), what=say(what), minutes=number(round(window / 60)),
                wait=_duration(wait),
            )  # fmt: skip
            raise TooManyRequests(description=refusal, retry_after=wait)
    if record:
        throttle.record_work(db, keys, at=now, forget_before=now - window)


def _duration(seconds: int) -> str:
    if seconds < 90:
        return plural("%(count)s second", "%(count)s seconds", seconds)
    return plural("%(count)s minute", "%(count)s minutes", round(seconds / 60))


# -- rules and randomness -------------------------------------------------------------------


def current_rules() -> Rules:
    """The rules this learner chose (the default preset until they choose), kept in the
    session as their notation."""
    notation = session.get(_RULES_KEY) or current_app.config["DEFAULT_RULES"]
    try:
        return Rules.parse(notation)
    except InvalidRulesError:
        session.pop(_RULES_KEY, None)
        return find_preset(current_app.config["DEFAULT_RULES"])


def choose_rules(name: str) -> Rules:
    """Remember the preset ``name`` for this learner.

    :raises InvalidRulesError: when there is no such preset.
    """
    return keep_rules(find_preset(name))


def keep_rules(rules: Rules) -> Rules:
    """Remember ``rules`` (a preset, or any rules: their notation) for this learner: in the
    session, and with the learner's account where there is one (signing in again brings them
    back: :func:`start_session`)."""
    session[_RULES_KEY] = rules.notation()
    user = current_user()
    if user is not None:
        users.set_rules(get_db(), user.id, rules.notation())
    return rules


def rules_from_form(notation: str | None) -> Rules:
    """The rules a submitted form names in their notation; a 400 saying what is wrong."""
    try:
        return Rules.parse(notation or "")
    except UnknownPresetError:
        shown = (notation or "").split(" ")[0][:40]
        abort(400, description=say("The form names no known rules preset (%(name)s).",
                                   name=quoted(shown)))  # fmt: skip
    except InvalidRulesError as error:
        text = rules_form.error_text(error)
        abort(400, description=say("The form names rules that cannot be played: %(error)s",
                                   error=text))  # fmt: skip


def make_rng() -> random.Random:
    """A fresh random generator for one question (seeded by ``RNG_SEED`` in tests)."""
    seed = current_app.config.get("RNG_SEED")
    return random.Random(seed if seed is not None else secrets.randbits(64))


def random_bits(count: int) -> int:
    """``count`` random bits: :func:`make_rng`'s first (the same every time under
    ``RNG_SEED``), drawn without making a generator where nothing is seeded (making one is
    some 15 us)."""
    seed = current_app.config.get("RNG_SEED")
    return random.Random(seed).getrandbits(count) if seed is not None else secrets.randbits(count)


# -- rendering ------------------------------------------------------------------------------


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def feedback_data(drill: Any, shown: dict[str, Any]) -> dict[str, Any]:
    """What a drill page's feedback on the answer ``shown`` (its ``answered`` and ``grade``)
    shows that takes work (:meth:`drills.CostlyFeedback.feedback_data`), ``wait=1`` when it
    is worked out already (never made here); nothing for a drill without
    :class:`~drills.CostlyFeedback`."""
    answered = shown.get("answered")
    if not capable(drill, CostlyFeedback) or answered is None or shown.get("grade") is None:
        return {}
    return dict(drill.feedback_data(answered, dict(request.args), caches=app_caches()))


def limit_uncached_work(drill: Any, notation: str) -> None:
    """Count the expensive work answering ``notation`` would do now, not cached yet
    (:meth:`drills.CostlyFeedback.uncached_work`), before it is done: a 429 past the limit."""
    if not capable(drill, CostlyFeedback):
        return
    work = drill.uncached_work(notation, caches=app_caches())
    if work is not None:
        limit_expensive_work(work)


def request_game() -> str | None:
    """The seed text whose words name the dealer on this page (:func:`trainer.words.
    dealing_at`): the page's rules' (:func:`render`'s ``page_rules``), else the learner's."""
    if not has_request_context():
        return None
    if _GAME_KEY not in g:
        setattr(g, _GAME_KEY, PRESET_TEXTS.get(current_rules().name))
    found: str | None = getattr(g, _GAME_KEY)
    return found


_GAME_KEY = "game_text"


def name_the_dealer(shown: Any) -> None:
    """Name the dealer in the words of the text of ``shown`` (a page's rules, if any) for the
    rest of the request (:func:`request_game`)."""
    if isinstance(shown, Rules):
        setattr(g, _GAME_KEY, PRESET_TEXTS.get(shown.name))


def name_no_game() -> None:
    """On a page of every game (the home page, the drills' list), name the dealer as the
    catalogue does (дилер), not in the learner's game's words: its drills of the casino's
    dealer are nobody's банкомёт or сдатчик."""
    setattr(g, _GAME_KEY, None)


@contextmanager
def dealer_of(shown: Any) -> Iterator[None]:
    """Within it, the dealer named in the words of the text of ``shown`` (rules, if any), as
    :func:`name_the_dealer` names him; after it, as before: a verdict on a question of 002's
    re-drilled beside the next question, at the learner's Las Vegas table."""
    had, before = _GAME_KEY in g, g.get(_GAME_KEY)
    name_the_dealer(shown)
    try:
        yield
    finally:
        if had:
            setattr(g, _GAME_KEY, before)
        else:
            g.pop(_GAME_KEY, None)


@pass_context
def in_answered_words(context: Context, rules: Any = None, *, caller: Callable[[], str]) -> str:
    """The templates' ``{% call in_answered_words() %}`` around a drill's feedback: what it
    draws in the words of the rules the answer was graded under (``answered_rules``, or the
    ``rules`` given: a past answer's on the mistakes page), not the next question's, whose may
    be another game's (a review batch's, the learner's table)."""
    with dealer_of(rules if rules is not None else context.get("answered_rules")):
        return caller()


def render(
    template: str,
    *,
    block: str | None = None,
    status: int = 200,
    titled: bool = False,
    **context: Any,
) -> Response:
    """The whole page, or only ``block`` of it for an htmx request (``Vary: HX-Request``); a
    page of ``page_rules`` names the dealer in their text's words (:func:`request_game`).
    ``titled``: the block comes with the page's title, which htmx makes the document's (a
    title that names the last verdict stayed "Not quite" through the right answers after it)."""
    name_the_dealer(context.get("page_rules"))
    if block is not None and is_htmx():
        body = render_block(template, block, **context)
        if titled:
            body = f"<title>{render_block(template, 'title', **context)}</title>{body}"
    else:
        body = render_template(template, **context)
    response = make_response(body, status)
    response.vary.add("HX-Request")
    return response


def _error_page(error: HTTPException) -> Response:
    status = error.code or 500
    title, message = error_words(error)
    retry = getattr(error, "retry", None)  # (a rules form's other changes: rules_form.read_rules)
    response = render(
        "error.html",
        block="message",
        status=status,
        title=title,
        message=message,
        retry=retry,
        back=None if retry else _came_from(),
    )
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def _came_from() -> str | None:
    """Where a form refused came from, a page of this site (the referrer, sent same-origin
    only): a link back to it, where the only link was the home page's (a coach's class form
    refused: a walk)."""
    if request.method != "POST":
        return None
    return security.safe_next(security.referrer_path(same_site=True), "") or None


def init_app(app: Flask) -> None:
    app.extensions["trainer.db"] = threading.local()
    app.extensions["trainer.clock"] = app.config.get("CLOCK") or Clock()
    env = app.jinja_env
    # Memoised unless templates reload as they change (make dev): a kept card would go stale.
    cards = None if env.auto_reload else kept_card_macros(env)
    if not env.auto_reload:  # (make dev: a static file's version changes as it is edited)
        env.globals["url_for"] = KeptUrls(app)
    # Pieces of the quiz's panel kept by what they show (drawn afresh each time in make dev).
    pieces = env.globals["kept_piece"] = KeptPieces()
    env.globals["in_answered_words"] = in_answered_words
    pieces.on = not env.auto_reload
    app.teardown_appcontext(_end_request_db)
    app.register_error_handler(HTTPException, _error_page)
    rules_form.register_filters(app)

    @app.context_processor
    def _layout_context() -> dict[str, Any]:
        return {
            "current_user": current_user(),
            "current_rules": current_rules(),
            "preset_names": preset_names(),
            # The card-drawing macros, usable in any block (a block rendered alone for htmx
            # does not see the imports at the top of its template).
            "cards": cards or env.get_template("_cards.html").module,
            "csrf_header_json": json.dumps({security.CSRF_HEADER: security.csrf_token()}),
        }
