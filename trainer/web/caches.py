"""Where the app keeps the results it works out once: the strategy charts
(``STRATEGY_CACHE_DIR``; unset, the engine's default, ``$TRAINER_CACHE_DIR`` or
``instance/strategy-cache``) and the shoe-penetration studies (``PENETRATION_CACHE_DIR``; unset,
``penetration-cache`` in the app's instance folder). Every request, and every command run in the
app's context, keeps them there (:meth:`trainer.engine.cache.ResultCache.use`)."""

from __future__ import annotations

from contextlib import ExitStack, suppress
from pathlib import Path

from flask import Flask, current_app, g

from drills.counting import penetration_study
from trainer.engine.strategy import cache as strategy_cache


def strategy_cache_dir(app: Flask | None = None) -> Path | None:
    configured = (app or current_app).config.get("STRATEGY_CACHE_DIR")
    return Path(configured) if configured else None


def penetration_cache_dir(app: Flask | None = None) -> Path:
    app = app or current_app
    configured = app.config.get("PENETRATION_CACHE_DIR")
    return Path(configured) if configured else Path(app.instance_path) / "penetration-cache"


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


def init_app(app: Flask) -> None:
    app.before_request(_use_the_apps_caches)
    app.teardown_request(_done)
