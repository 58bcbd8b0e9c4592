"""Charts computed once and kept on disk, so that a quiz never waits on the math.

The key is a hash of every rule option (``Rules.to_dict()``), the shoe composition and
:data:`CODE_VERSION` (bump it whenever the math changes). The directory is the one passed in,
else ``$TRAINER_CACHE_DIR``, else ``instance/strategy-cache`` beside the ``trainer`` package (the
Flask instance folder). A damaged or unreadable file is recomputed, never trusted.

Charts read or computed are also kept in memory (the last :data:`MEMORY_LIMIT`), found by the
rules value itself, so that a quiz asking many questions hashes and reads nothing per question.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from functools import lru_cache
from pathlib import Path

from trainer.engine.rules import Rules
from trainer.engine.strategy.chart import Chart, compute_chart
from trainer.engine.strategy.dealer import full_shoe

__all__ = ["CODE_VERSION", "MEMORY_LIMIT", "cache_key", "cached", "chart", "default_cache_dir"]

CODE_VERSION = "strategy-5"

MEMORY_LIMIT = 64  # charts kept in memory; the oldest leaves first

_memory: dict[str, Chart] = {}  # by cache key, oldest first
_memory_lock = threading.Lock()


def _remember(key: str, result: Chart) -> None:
    with _memory_lock:
        _memory[key] = result
        while len(_memory) > MEMORY_LIMIT:
            del _memory[next(iter(_memory))]


def default_cache_dir() -> Path:
    """``$TRAINER_CACHE_DIR``, else ``instance/strategy-cache`` beside the package."""
    env = os.environ.get("TRAINER_CACHE_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[3] / "instance" / "strategy-cache"


def cache_key(
    rules: Rules, composition: tuple[int, ...], stand_on: frozenset[int] = frozenset()
) -> str:
    """A stable hash of the rules, the composition, any forced stands and the code version."""
    document = json.dumps(
        {
            "rules": rules.to_dict(),
            "composition": list(composition),
            "stand_on": sorted(stand_on),
            "code": CODE_VERSION,
        },
        sort_keys=True,
    )
    return hashlib.sha256(document.encode()).hexdigest()[:32]


@lru_cache(maxsize=256)
def _key_of(rules: Rules, composition: tuple[int, ...], stand_on: frozenset[int]) -> str:
    """:func:`cache_key`, memoised by the (hashable, frozen) values themselves."""
    return cache_key(rules, composition, stand_on)


def cached(
    rules: Rules,
    composition: tuple[int, ...] | None = None,
    *,
    cache_dir: str | Path | None = None,
    stand_on: frozenset[int] = frozenset(),
) -> Chart | None:
    """The chart if it is in memory or on disk already, else ``None`` (nothing is computed)."""
    shoe = tuple(composition) if composition is not None else full_shoe(rules.decks)
    key = _key_of(rules, shoe, frozenset(stand_on))
    found = _memory.get(key)
    if found is not None:
        return found
    directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    try:
        data = json.loads((directory / f"{key}.json").read_text(encoding="utf-8"))
        result = Chart.from_json(rules, shoe, data)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    _remember(key, result)
    return result


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
    shoe = tuple(composition) if composition is not None else full_shoe(rules.decks)
    key = _key_of(rules, shoe, frozenset(stand_on))
    directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    path = directory / f"{key}.json"
    if use_cache:  # memory first, then disk
        found = cached(rules, shoe, cache_dir=directory, stand_on=stand_on)
        if found is not None:
            return found
    result = compute_chart(rules, shoe, stand_on=stand_on, jobs=jobs)
    _remember(key, result)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", dir=directory, suffix=".tmp", delete=False, encoding="utf-8"
        ) as handle:
            json.dump({**result.to_json(), "house_edge_cd_percent": result.house_edge_cd}, handle)
            temporary = handle.name
        os.replace(temporary, path)
    except OSError:
        pass  # a read-only place: the chart is still returned
    return result
