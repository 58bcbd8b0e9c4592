"""The figures a deviation's verdict gives: each play's EV at the question's count, as the player
reads it (:mod:`trainer.engine.indices.reading`), worked out once per question and kept on disk
beside the count studies (``deviation-<key>.json``), like them.

Working them out is quick in a warm process but takes seconds of CPU in a cold one (the
engine's compiled arithmetic loaded, the shoe at that count solved): never in a request. The
drill says whether a question's figures are kept (``Deviations.figures_kept``); the web road
asks before it grades, and where they are not, a job works them out (``work_figures``) while
the answer waits. Outside a request (a job, a test, the command line) :func:`figures` works
them out where they are missing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from drills.caches import Caches, strategy_dir
from trainer.engine.cache import ResultCache
from trainer.engine.counting import CountingSystem
from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.engine.indices import CountOutOfRangeError
from trainer.engine.indices.reading import evs_as_read, insurance_as_read
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.cache import CACHE as CHARTS
from trainer.engine.strategy.cache import CODE_VERSION as STRATEGY_VERSION

__all__ = ["CACHE", "Figures", "evs_at", "figures", "kept"]

CODE_VERSION = "deviation-figures-1"


@dataclass(frozen=True)
class Figures:
    """A question's figures: each legal play's EV (``I``/``N`` for insurance), or None where no
    shoe at that depth reaches the count."""

    evs: Mapping[str, float] | None


def _encode(found: Figures) -> dict[str, Any]:
    return {"evs": dict(found.evs) if found.evs is not None else None}


def _decode(document: dict[str, Any]) -> Figures:
    evs = document["evs"]
    if evs is None:
        return Figures(None)
    if not isinstance(evs, dict):
        raise ValueError("evs must be a mapping")
    return Figures({str(play): float(ev) for play, ev in evs.items()})


CACHE: ResultCache[Figures] = ResultCache(
    "strategy-cache",
    f"{CODE_VERSION}+{STRATEGY_VERSION}",  # either's math changing makes a new key
    encode=_encode,
    env_var="TRAINER_CACHE_DIR",
    memory_limit=1024,
    prefix="deviation-",
    beside=CHARTS,
)


def kept(rules: Rules, notation: str, caches: Caches | None = None) -> Figures | None:
    """The figures of the question ``notation`` (as the drill writes it) if kept, else None
    (nothing is worked out)."""
    return CACHE.cached(CACHE.key(rules, question=notation), _decode, strategy_dir(caches))


def figures(
    rules: Rules, notation: str, make: Callable[[], Figures], caches: Caches | None = None
) -> Figures:
    """The figures of the question ``notation``: kept, else ``make()`` now, and kept."""
    key = CACHE.key(rules, question=notation)
    return CACHE.get(key, make, _decode, strategy_dir(caches))


def evs_at(
    rules: Rules,
    system: CountingSystem,
    count: Fraction,
    hand: Hand,
    up: Card,
    cards_left: float | None,
    legal: frozenset[str] | None,
) -> Figures:
    """Work out the EVs of the ``legal`` plays of ``hand`` against ``up`` at the ``count`` read
    (per deck left; ``cards_left`` before the hand), or, where ``legal`` is None, insurance's."""
    try:
        if legal is None:
            taken = insurance_as_read(rules, system, count, hand, cards_left)
            return Figures({"I": taken, "N": 0.0})
        found = evs_as_read(rules, system, count, hand, up, cards_left)
    except CountOutOfRangeError:
        return Figures(None)
    return Figures({action.value: ev for action, ev in found.items() if action.value in legal})
