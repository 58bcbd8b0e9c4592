"""Where the app keeps the results it works out once: the strategy charts
(``STRATEGY_CACHE_DIR``; unset, the engine's default, ``$TRAINER_CACHE_DIR`` or
``instance/strategy-cache``) and the shoe-penetration studies (``PENETRATION_CACHE_DIR``; unset,
``penetration-cache`` in the app's instance folder). Every request, and every command run in the
app's context, keeps them there (:meth:`trainer.engine.cache.ResultCache.use`)."""

from __future__ import annotations

from contextlib import ExitStack, suppress
from functools import lru_cache
from pathlib import Path

from flask import Flask, current_app, g

from drills.counting import penetration_study
from trainer.engine.rulebook.rules import find_preset, preset_names
from trainer.engine.strategy import cache as strategy_cache


def strategy_cache_dir(app: Flask | None = None) -> Path | None:
    configured = (app or current_app).config.get("STRATEGY_CACHE_DIR")
    return _path(configured) if configured else None


def penetration_cache_dir(app: Flask | None = None) -> Path:
    app = app or current_app
    configured = app.config.get("PENETRATION_CACHE_DIR")
    return _path(configured) if configured else _path(app.instance_path, "penetration-cache")


@lru_cache(maxsize=64)
def _path(*parts: str) -> Path:
    """A configured directory as a path (made once: every request names both)."""
    return Path(*parts)


def _use_the_apps_caches() -> None:
    stack = ExitStack()
    stack.enter_context(strategy_cache.CACHE.use(strategy_cache_dir()))
    stack.enter_context(penetration_study.CACHE.use(penetration_cache_dir()))
    g.result_caches = stack


def _done(_error: BaseException | None) -> None:
    stack = g.pop("result_caches", None)
    if stack is not None:
        with suppress(ValueError):  # set in another context: nothing of ours to undo here
            stack.close()


def warm(app: Flask) -> None:
    """Read every preset's strategy chart from the cache into memory, where it is on disk (a
    production server does it once before its workers fork, so each starts with them)."""
    directory = strategy_cache_dir(app)
    for name in preset_names():
        strategy_cache.cached(find_preset(name), cache_dir=directory)


def init_app(app: Flask) -> None:
    app.before_request(_use_the_apps_caches)
    app.teardown_request(_done)
