"""Where the app keeps the results it works out once: the strategy charts and the count studies
beside them (``STRATEGY_CACHE_DIR``; unset, the engine's default, ``$TRAINER_CACHE_DIR`` or
``instance/strategy-cache``) and the shoe-penetration studies (``PENETRATION_CACHE_DIR``; unset,
``penetration-cache`` in the app's instance folder).

The app reads them from its configuration once, when it is made, into one
:class:`drills.caches.Caches` kept with it (``app.extensions``, :func:`app_caches`), and passes
that to every drill and engine call that reads them: two apps in one process keep their own.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app

from drills.caches import Caches
from drills.counting import penetration_study
from trainer.engine.banker.method3 import cached_method3_game
from trainer.engine.play import method3_punters
from trainer.engine.rulebook.rules import find_preset, preset_names
from trainer.engine.strategy import cache as strategy_cache

__all__ = [
    "EXTENSION",
    "app_caches",
    "init_app",
    "penetration_cache_dir",
    "strategy_cache_dir",
    "warm",
]

EXTENSION = "trainer.caches"  # the app's Caches, in app.extensions


def caches_of(app: Flask) -> Caches:
    """The app's caches as its configuration names them (read once, by :func:`init_app`)."""
    strategy = app.config.get("STRATEGY_CACHE_DIR")
    penetration = app.config.get("PENETRATION_CACHE_DIR")
    return Caches(
        strategy=Path(strategy) if strategy else strategy_cache.CACHE.directory(),
        penetration=(
            Path(penetration) if penetration else Path(app.instance_path, "penetration-cache")
        ),
    )


def app_caches(app: Flask | None = None) -> Caches:
    """The caches of ``app`` (by default the current one)."""
    caches: Caches = (app or current_app).extensions[EXTENSION]
    return caches


def strategy_cache_dir(app: Flask | None = None) -> Path:
    """Where the app keeps its strategy charts and count studies."""
    return strategy_cache.CACHE.directory(app_caches(app).strategy)


def penetration_cache_dir(app: Flask | None = None) -> Path:
    """Where the app keeps its shoe-penetration studies."""
    return penetration_study.CACHE.directory(app_caches(app).penetration)


def warm(app: Flask) -> None:
    """Read every preset's strategy chart (and 002's method-3 game, its punters' reading ready)
    from the cache into memory, where it is on disk (a production server does it once before
    its workers fork, so each starts with them)."""
    directory = strategy_cache_dir(app)
    for name in preset_names():
        rules = find_preset(name)
        strategy_cache.cached(rules, cache_dir=directory)
        if rules.deal_method == 3:
            cached_method3_game(rules)  # 002's doubling (read from disk, never worked out)
            method3_punters.ready(rules)  # the engine punters' reading (its walk and kernel)


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = caches_of(app)
