"""Charts computed once and kept (:class:`trainer.engine.cache.ResultCache`), so that a quiz
never waits on the math.

The key is a hash of the rules (their notation and every option, the table's bet limits left
out: :func:`charted`), the shoe composition, any forced stands and :data:`CODE_VERSION` (bump
it whenever the math changes). The directory is the one passed in (the web app passes its own,
from its ``STRATEGY_CACHE_DIR``), else ``$TRAINER_CACHE_DIR``, else ``instance/strategy-cache``
beside the ``trainer`` package (the Flask instance folder). Charts read or computed are also
kept in memory (the last :data:`MEMORY_LIMIT`), and a key is memoised by the rules value
itself, so that a quiz asking
many questions hashes and reads nothing per question.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from trainer.engine.cache import ResultCache
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.chart import Chart, compute_chart
from trainer.engine.strategy.dealer import full_shoe

__all__ = ["CACHE", "CODE_VERSION", "MEMORY_LIMIT", "cache_key", "cached", "chart", "charted"]

CODE_VERSION = "strategy-6"
MEMORY_LIMIT = 64  # charts kept in memory; the oldest leaves first


def _encode(result: Chart) -> dict[str, Any]:
    return {
        **result.to_json(),
        "house_edge_cd_percent": result.house_edge_cd,
        "exceptions": result.exceptions,
    }


CACHE: ResultCache[Chart] = ResultCache(
    "strategy-cache",
    CODE_VERSION,
    encode=_encode,
    env_var="TRAINER_CACHE_DIR",
    memory_limit=MEMORY_LIMIT,
)


def charted(rules: Rules) -> Rules:
    """The rules a chart (and a count study) is worked out and kept under: ``rules`` without
    the table's bet limits or the auction for the deal (:meth:`.Rules.played`), which no play
    or EV depends on. A counter who changed only the table minimum waited for the same chart
    again (1 s), and 21 s for its study; a club member who changed only the auction, 40 s
    said for it (walks)."""
    rules = rules.played()
    if rules.min_bet == 1 and rules.max_bet is None:
        return rules
    return rules.replace(min_bet=Fraction(1), max_bet=None)


def _as_asked(found: Chart, rules: Rules) -> Chart:
    """A chart kept under :func:`charted` rules (or others' limits), given back under
    ``rules``."""
    return found if found.rules == rules else replace(found, rules=rules)


def cache_key(
    rules: Rules, composition: tuple[int, ...], stand_on: frozenset[int] = frozenset()
) -> str:
    """A stable hash of the rules as charted (:func:`charted`), the composition, any forced
    stands and the code version."""
    return CACHE.key(charted(rules), composition=list(composition), stand_on=sorted(stand_on))


@lru_cache(maxsize=256)
def _key_of(rules: Rules, composition: tuple[int, ...], stand_on: frozenset[int]) -> str:
    """:func:`cache_key`, memoised by the (hashable, frozen) values themselves."""
    return cache_key(rules, composition, stand_on)


def _shoe(rules: Rules, composition: tuple[int, ...] | None) -> tuple[int, ...]:
    return tuple(composition) if composition is not None else full_shoe(rules.decks)


def cached(
    rules: Rules,
    composition: tuple[int, ...] | None = None,
    *,
    cache_dir: str | Path | None = None,
    stand_on: frozenset[int] = frozenset(),
) -> Chart | None:
    """The chart if it is in memory or on disk already, else ``None`` (nothing is computed)."""
    shoe = _shoe(rules, composition)
    key = _key_of(rules, shoe, frozenset(stand_on))
    found = CACHE.cached(key, partial(Chart.from_json, rules, shoe), cache_dir)
    return None if found is None else _as_asked(found, rules)


def chart(
    rules: Rules,
    composition: tuple[int, ...] | None = None,
    *,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    stand_on: frozenset[int] = frozenset(),
    jobs: int = 1,
) -> Chart:
    """The chart for ``rules`` (default shoe: ``rules.decks`` full packs), cached on disk.

    ``use_cache=False`` computes afresh (and still writes the result for next time).
    ``stand_on``: totals on which the player never draws (to price a text's advice).
    ``jobs``: worker processes for a computation (see :func:`compute_chart`).
    """
    shoe = _shoe(rules, composition)
    found = CACHE.get(
        _key_of(rules, shoe, frozenset(stand_on)),
        partial(compute_chart, rules, shoe, stand_on=stand_on, jobs=jobs),
        partial(Chart.from_json, rules, shoe),
        cache_dir,
        use_cache=use_cache,
    )
    return _as_asked(found, rules)
