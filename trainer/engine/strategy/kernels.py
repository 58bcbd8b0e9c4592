"""The chart's compiled kernels as the engine calls them: compiled ahead of time where that
module is there, else numba's JIT.

The kernels' source is :mod:`.core` and :mod:`.reach` (numba). The set-up compiles them ahead of
time (:mod:`.aot`) into an extension module named after a digest of that source; a process that
finds it calls it and never imports numba (a chart as a whole process starts some 0.4 s
sooner). Where it is missing (no C compiler at set-up, or the source changed since) the kernels
are numba's, compiled where first called and cached on disk, as they always were. Both give the
same figures. ``TRAINER_KERNELS=jit`` takes numba's even where the module is there.

The engine reads each kernel from this module when it calls it (``kernels.dealer_outcomes``), so
that a test may put the other road's in its place.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

from trainer.engine.strategy.aot import EXPORTS, module_name

__all__ = [
    "AHEAD",
    "base_probabilities",
    "dealer_outcomes",
    "later_walk",
    "numba_kernels",
    "player_values",
    "split_stands",
    "split_values",
    "split_walk_totals",
    "stand_values",
]

Kernel = Callable[..., Any]


def _compiled_ahead() -> ModuleType | None:
    """The module compiled ahead of time from today's source, where there is one."""
    if os.environ.get("TRAINER_KERNELS") == "jit":
        return None
    try:
        return importlib.import_module(module_name())
    except ImportError:
        return None


def numba_kernels() -> dict[str, Kernel]:
    """The kernels as numba compiles them where first called (this imports numba)."""
    from trainer.engine.strategy import core, reach

    sources = {"core": core, "reach": reach}
    return {name: getattr(sources[source], name) for name, (source, _) in EXPORTS.items()}


# The module compiled ahead of time in use, or None (numba's JIT).
AHEAD = _compiled_ahead()
_chosen: dict[str, Kernel] = (
    {name: getattr(AHEAD, name) for name in EXPORTS} if AHEAD is not None else numba_kernels()
)

base_probabilities: Kernel = _chosen["base_probabilities"]
dealer_outcomes: Kernel = _chosen["dealer_outcomes"]
stand_values: Kernel = _chosen["stand_values"]
player_values: Kernel = _chosen["player_values"]
split_stands: Kernel = _chosen["split_stands"]
split_values: Kernel = _chosen["split_values"]
later_walk: Kernel = _chosen["later_walk"]
split_walk_totals: Kernel = _chosen["split_walk_totals"]
