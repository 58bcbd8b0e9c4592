"""The web layer: thin views in blueprints, one module each.

To add pages, write ``trainer/web/<name>.py`` exposing a Blueprint called ``bp`` and add its
module name to :data:`BLUEPRINT_MODULES` (one line). Helpers every view uses (the database, the
learner, the rules, htmx-aware rendering, readable errors) are in :mod:`trainer.web.support`.
"""

from __future__ import annotations

import importlib

from flask import Flask

from trainer.web import security, support

BLUEPRINT_MODULES: list[str] = [
    "trainer.web.pages",  # the home page
    "trainer.web.auth",  # sign up, sign in, sign out, the account page
    "trainer.web.strategy_quiz",  # the basic-strategy quiz: settings, heat map, timed runs
    "trainer.web.drills",  # every drill in drills.registry(), under /drills/<slug>
    "trainer.web.history",  # progress, mistakes, a learner's attempts and their export
    "trainer.web.rules",  # the rules presets and the learner's chosen table
    "trainer.web.counting",  # counting preferences and counting sessions
    "trainer.web.strategy",  # the strategy chart for any rules, its EVs and house edge
]


def init_app(app: Flask) -> None:
    security.init_app(app)
    support.init_app(app)
    for name in BLUEPRINT_MODULES:
        app.register_blueprint(importlib.import_module(name).bp)
