"""Where the results a drill reads are kept once worked out: the strategy charts (and the count
studies beside them, :mod:`trainer.engine.strategy.cache`, :mod:`trainer.engine.indices.cache`)
and the shoe-penetration studies (:mod:`drills.counting.penetration_study`).

The web app makes one :class:`Caches` from its configuration when it is made and passes it to
every drill it asks (the drills' ``caches=`` parameter), so that two apps in one process keep
their own. A drill asked without one (``None``, or a field left ``None``) reads the engine's
default: the cache's environment variable, else ``instance/<name>`` beside the package.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["Caches", "penetration_dir", "strategy_dir"]


@dataclass(frozen=True)
class Caches:
    """The directories results are kept in; ``None``: the engine's default."""

    strategy: Path | None = None  # the strategy charts and the count studies beside them
    penetration: Path | None = None  # the shoe-penetration studies


def strategy_dir(caches: Caches | None) -> Path | None:
    """Where ``caches`` keeps the charts and count studies (``None``: the engine's default)."""
    return caches.strategy if caches is not None else None


def penetration_dir(caches: Caches | None) -> Path | None:
    """Where ``caches`` keeps the penetration studies (``None``: the engine's default)."""
    return caches.penetration if caches is not None else None
