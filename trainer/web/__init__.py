"""The web layer: thin views in blueprints, one module each, under :mod:`trainer.web.views`.

To add pages, write ``trainer/web/views/<name>.py`` exposing a Blueprint called ``bp``, import it
here and add it to :data:`BLUEPRINT_MODULES` (one line). Beside ``views/`` are the helpers the
views share: the database, the learner, the rules, htmx-aware rendering and readable errors in
:mod:`trainer.web.support`; security, caches, assets, charts and what a table shows.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

from flask import Flask
from werkzeug.routing import BaseConverter, ValidationError

from trainer.web import (
    assets,
    caches,
    jobs,
    language,
    quiz_panel,
    security,
    support,
    time_zone,
    verdicts,
    warm_up,
)
from trainer.web.views import (
    auth,
    catch_dealer,
    chart_jobs,
    checkouts,
    classes,
    count_jobs,
    count_worth,
    counting,
    drill_round,
    drills,
    glossary,
    history,
    pages,
    path,
    practice,
    replay,
    risk,
    rules,
    simulation,
    strategy,
    strategy_quiz,
    table,
    your_game,
)

BLUEPRINT_MODULES: tuple[ModuleType, ...] = (
    jobs,  # /healthz (the job queue's web side: limits, inline runs, the pool)
    pages,  # the home page
    path,  # the path: the one question, the steps in order, Continue, the placement check
    practice,  # Today: what is due, the daily goal and streak, practising what is due
    auth,  # sign up, sign in, sign out, the account page
    strategy_quiz,  # the basic-strategy quiz: settings, heat map, timed runs
    drills,  # every drill in drills.registry(), under /drills/<slug>
    history,  # progress, mistakes, a learner's attempts and their export
    rules,  # the rules presets and the learner's chosen table
    glossary,  # the games' own words, in Russian and English, with the texts' sentences
    counting,  # counting preferences and counting sessions
    strategy,  # the strategy chart for any rules, its EVs and house edge
    count_jobs,  # count studies worked out off the request, and their progress
    chart_jobs,  # strategy charts for new rules worked out off the request, and their progress
    count_worth,  # what the count is worth: the index chart, the edge by count, the ramp
    table,  # sit at a table: whole rounds from a real shoe, every decision graded
    drill_round,  # the drill round between shoes: a table's mistakes due, on the drill road
    simulation,  # the simulator: a run off the request, its progress, its figures and plots
    risk,  # the risk a counter lives with: ruin, a trip, a goal, N0, SCORE, the CE
    catch_dealer,  # catch the dealer: a run of rounds, the learner's calls, the summary
    classes,  # classes: a coach, invites, members' work since joining, assignments, export
    your_game,  # your game: the learner's errors played by the simulator, the leaks ranked
    replay,  # a shoe replayed step by step, and shared as a link
    checkouts,  # checkouts: formal tests under the server's clock, and their certificates
)


# SQLite's largest integer: no stored row's id can be larger.
LARGEST_ROW_ID = 2**63 - 1


class RowIdConverter(BaseConverter):
    """``<rowid:...>``: a stored row's id (or a position counted from 1): ASCII digits without a
    sign or a leading zero, from 1 to :data:`LARGEST_ROW_ID`. Anything else (``-1``, ``0``,
    ``1e3``, a number past SQLite's integers, digits of other scripts) is a 404 before any
    query is made, never an overflow's 500."""

    regex = r"[1-9][0-9]{0,18}"
    weight = 50

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > LARGEST_ROW_ID:
            raise ValidationError()
        return number

    def to_url(self, value: Any) -> str:
        return str(int(value))


class StoredKeyConverter(BaseConverter):
    """``<key:...>``: a stored row's key as the store makes them (``secrets.token_urlsafe``: a
    table's, a counting session's): URL-safe letters, digits, ``-`` and ``_``, at most 64;
    anything else is a 404 before any query."""

    regex = r"[A-Za-z0-9_-]{1,64}"


class SignedLinkConverter(BaseConverter):
    """``<signed:...>``: a signed link's token (itsdangerous's URL-safe text: letters, digits,
    ``-``, ``_`` and the ``.`` before its signature), at most 200 characters; anything else is
    a 404 before the signature is checked."""

    regex = r"[A-Za-z0-9_.-]{1,200}"


def init_app(app: Flask) -> None:
    app.url_map.converters["rowid"] = RowIdConverter  # before any route is added
    app.url_map.converters["key"] = StoredKeyConverter
    app.url_map.converters["signed"] = SignedLinkConverter
    security.init_app(app)
    language.init_app(app)
    app.jinja_env.globals["verdict_line"] = verdicts.verdict_line  # drills/_verdict.html
    app.jinja_env.globals["as_paragraphs"] = verdicts.paragraphs  # drills/_verdict.html
    app.jinja_env.globals.update(quiz_panel.TEMPLATE_GLOBALS)  # the quiz's kept pieces
    support.init_app(app)
    caches.init_app(app)
    time_zone.init_app(app)
    jobs.init_app(app)
    if jobs.dev_server_parent() and not app.config["JOBS_INLINE"]:
        _warm_up_for_dev(app)
    count_jobs.init_app(app)
    chart_jobs.init_app(app)
    simulation.init_app(app)
    your_game.init_app(app)
    assets.init_app(app)
    for module in BLUEPRINT_MODULES:
        app.register_blueprint(module.bp)


def _warm_up_for_dev(app: Flask) -> None:
    """``make dev``: the warm-up's jobs queued once, by the process that outlives the
    reloader's restarts (never its child, which loads the app again on every change), as
    gunicorn's ``when_ready`` queues them for ``make run``; the pool started beside them runs
    them behind any learner's job."""
    queued = warm_up.enqueue(app)
    if queued:
        print(f"{queued} warm-up jobs queued ([jobs] lines).", file=sys.stderr, flush=True)


def warm(app: Flask) -> None:
    """Work a production server does once before it forks its workers, so that every worker
    starts with it (shared with the server's own process) instead of doing it on its first
    requests: every template compiled, every preset's chart read (gunicorn.conf.py)."""
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    caches.warm(app)
