"""Count studies (indices and the edge by count) computed once and kept on disk (and the last
few in memory), like the charts.

The key is a hash of the rules' notation, the counting system, and the code versions of the
indices and of the strategy engine (either's math changing makes a new key). Files live beside
the charts (:func:`trainer.engine.strategy.cache.default_cache_dir`) as ``count-<key>.json``.
A damaged or unreadable file is recomputed, never trusted; a read-only place still returns the
table.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from trainer.engine.counting import CountingSystem
from trainer.engine.indices.edge import EdgeTable
from trainer.engine.indices.study import Study, compute_study
from trainer.engine.indices.table import IndexTable, Play
from trainer.engine.rules import Rules
from trainer.engine.strategy.cache import CODE_VERSION as STRATEGY_VERSION
from trainer.engine.strategy.cache import default_cache_dir

__all__ = ["CODE_VERSION", "cache_key", "cached_study", "edge_by_count", "indices", "study"]

CODE_VERSION = "count-study-1"
MEMORY_LIMIT = 16

_memory: dict[str, Study] = {}
_lock = threading.Lock()


def cache_key(rules: Rules, system: CountingSystem) -> str:
    """A stable hash of the rules' notation, the system and the code versions."""
    document = json.dumps(
        {
            "rules": rules.notation(),
            "system": system.slug,
            "code": [CODE_VERSION, STRATEGY_VERSION],
        },
        sort_keys=True,
    )
    return hashlib.sha256(document.encode()).hexdigest()[:32]


def _path(rules: Rules, system: CountingSystem, cache_dir: str | Path | None) -> Path:
    directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return directory / f"count-{cache_key(rules, system)}.json"


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


def _to_json(found: Study) -> dict[str, Any]:
    indices = found.indices.to_json()
    for play, row in zip(found.indices.plays, indices["plays"], strict=True):
        row["crossing"] = play.crossing  # kept on disk, not in the command's JSON
    return {"indices": indices, "edge": found.edge.to_json()}


def _remember(key: str, table: Study) -> None:
    with _lock:
        _memory[key] = table
        while len(_memory) > MEMORY_LIMIT:
            del _memory[next(iter(_memory))]


def cached_study(
    rules: Rules, system: CountingSystem, *, cache_dir: str | Path | None = None
) -> Study | None:
    """The study if it is in memory or on disk already, else ``None`` (nothing is computed)."""
    key = cache_key(rules, system)
    found = _memory.get(key)
    if found is not None:
        return found
    try:
        data = json.loads(_path(rules, system, cache_dir).read_text(encoding="utf-8"))
        table = _from_json(rules, system, data)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    _remember(key, table)
    return table


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
    if use_cache:
        found = cached_study(rules, system, cache_dir=cache_dir)
        if found is not None:
            return found
    table = compute_study(rules, system, jobs=jobs, progress=progress)
    _remember(cache_key(rules, system), table)
    path = _path(rules, system, cache_dir)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", dir=path.parent, suffix=".tmp", delete=False, encoding="utf-8"
        ) as handle:
            json.dump(_to_json(table), handle)
            temporary = handle.name
        os.replace(temporary, path)
    except OSError:
        pass  # a read-only place: the study is still returned
    return table


def indices(rules: Rules, system: CountingSystem, **options: Any) -> IndexTable:
    """The index table (:func:`study`'s, with the same options)."""
    return study(rules, system, **options).indices


def edge_by_count(rules: Rules, system: CountingSystem, **options: Any) -> EdgeTable:
    """The edge by count (:func:`study`'s, with the same options)."""
    return study(rules, system, **options).edge
