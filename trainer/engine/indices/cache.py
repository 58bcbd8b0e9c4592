"""Count studies (indices and the edge by count) computed once and kept on disk (and the last
few in memory), like the charts.

Kept by :class:`trainer.engine.cache.ResultCache`, as the charts are. The key is a hash of the
rules (their notation and options, the table's bet limits left out: :func:`studied`), the
counting system, and the code versions of the indices
and of the strategy engine (either's math changing makes a new key). Files live beside the
charts (the strategy cache's directory) as ``count-<key>.json``. A damaged or unreadable file
is recomputed, never trusted; a read-only place still returns the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from trainer.engine.cache import ResultCache
from trainer.engine.counting import CountingSystem
from trainer.engine.indices.edge import EdgeTable
from trainer.engine.indices.study import Study, compute_study
from trainer.engine.indices.table import IndexTable, Play
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.cache import CACHE as CHARTS
from trainer.engine.strategy.cache import CODE_VERSION as STRATEGY_VERSION
from trainer.engine.strategy.cache import chart as strategy_chart
from trainer.engine.strategy.cache import charted
from trainer.engine.strategy.chart import Chart

__all__ = [
    "CACHE",
    "CODE_VERSION",
    "cache_key",
    "cached_study",
    "edge_by_count",
    "indices",
    "studied",
    "study",
]

CODE_VERSION = "count-study-1"
MEMORY_LIMIT = 16


def _to_json(found: Study) -> dict[str, Any]:
    indices = found.indices.to_json()
    for play, row in zip(found.indices.plays, indices["plays"], strict=True):
        row["crossing"] = play.crossing  # kept on disk, not in the command's JSON
    return {"indices": indices, "edge": found.edge.to_json()}


CACHE: ResultCache[Study] = ResultCache(
    "strategy-cache",
    f"{CODE_VERSION}+{STRATEGY_VERSION}",  # either's math changing makes a new key
    encode=_to_json,
    env_var="TRAINER_CACHE_DIR",
    memory_limit=MEMORY_LIMIT,
    prefix="count-",
    beside=CHARTS,
)


def studied(rules: Rules) -> Rules:
    """The rules a study is worked out and kept under: ``rules`` without the table's bet limits,
    which no chart, index or edge by count depends on (the charts' own, :func:`.charted`; a
    ramp reads them from the rules its study is given back with, :func:`_as_asked`)."""
    return charted(rules)


def _as_asked(found: Study, rules: Rules) -> Study:
    """A study kept under :func:`studied` rules, given back under the rules asked for."""
    if found.indices.rules == rules:
        return found
    return Study(replace(found.indices, rules=rules), replace(found.edge, rules=rules))


def cache_key(rules: Rules, system: CountingSystem) -> str:
    """A stable hash of the rules as studied (:func:`studied`: their notation and options, the
    bet limits left out), the system and the code versions."""
    return CACHE.key(studied(rules), system=system.slug)


def _from_json(rules: Rules, system: CountingSystem, document: dict[str, Any]) -> Study:
    data = document["indices"]
    if data.get("rules") != rules.notation() or data.get("system") != system.slug:
        raise ValueError("the file is another table's")
    raw = data["plays"]
    if not isinstance(raw, list):
        raise ValueError("plays must be a list")
    plays = tuple(
        Play(
            hand=str(p["hand"]),
            dealer=str(p["dealer"]),
            basic=str(p["basic"]),
            play=str(p["play"]),
            index=int(p["index"]),
            when=str(p["when"]),
            crossing=float(p["crossing"]),
        )
        for p in raw
    )
    edge = EdgeTable.from_json(rules, system, document["edge"])
    return Study(IndexTable(rules, system, plays), edge)


def cached_study(
    rules: Rules, system: CountingSystem, *, cache_dir: str | Path | None = None
) -> Study | None:
    """The study if it is in memory or on disk already, else ``None`` (nothing is computed)."""
    kept = partial(_from_json, studied(rules), system)
    found = CACHE.cached(cache_key(rules, system), kept, cache_dir)
    return None if found is None else _as_asked(found, rules)


def study(
    rules: Rules,
    system: CountingSystem,
    *,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Study:
    """The study of ``rules`` and ``system``: from memory or disk, else computed and written
    for next time (``use_cache=False`` computes afresh and still writes)."""

    def full_shoe_chart(_studied: Rules) -> Chart:  # the chart of the rules asked for, kept
        return strategy_chart(rules, cache_dir=cache_dir, use_cache=use_cache)  # (the same EVs)

    found = CACHE.get(
        cache_key(rules, system),
        partial(
            compute_study,
            studied(rules),
            system,
            jobs=jobs,
            progress=progress,
            full_shoe_chart=full_shoe_chart,
        ),
        partial(_from_json, studied(rules), system),
        cache_dir,
        use_cache=use_cache,
    )
    return _as_asked(found, rules)


def indices(rules: Rules, system: CountingSystem, **options: Any) -> IndexTable:
    """The index table (:func:`study`'s, with the same options)."""
    return study(rules, system, **options).indices


def edge_by_count(rules: Rules, system: CountingSystem, **options: Any) -> EdgeTable:
    """The edge by count (:func:`study`'s, with the same options)."""
    return study(rules, system, **options).edge
