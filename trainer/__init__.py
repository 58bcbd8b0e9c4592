"""The blackjack trainer: the Flask app (``create_app``) and, under ``trainer.engine``, the engine.

Flask is imported only when the app is made, so ``import trainer.engine`` (and ``python -m
trainer``) never load the web stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["create_app"]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Make the web app; ``test_config`` overrides the instance configuration (tests)."""
    from trainer.app import make_app

    return make_app(test_config)
