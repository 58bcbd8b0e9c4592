"""numba for the engine's compiled kernels: its cache directory and the one decorator.

numba caches what it compiles on disk (``cache=True``): in ``$NUMBA_CACHE_DIR``; when that is not
set and Python runs in a virtualenv, in the virtualenv's ``cache/numba`` (never in the
checkout). A cold process without that cache compiles the kernels first (some seconds).

Importing this imports numba (some 0.15 s, then its cached kernels' loading on first call): the
chart's kernels are compiled ahead of time where that was possible
(:mod:`trainer.engine.strategy.kernels`), so that a chart needs neither.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if "NUMBA_CACHE_DIR" not in os.environ and sys.prefix != sys.base_prefix:
    os.environ["NUMBA_CACHE_DIR"] = str(Path(sys.prefix) / "cache" / "numba")

import numba  # noqa: E402  (after its cache directory is chosen)

if not numba.config.CACHE_DIR and "NUMBA_CACHE_DIR" in os.environ:  # type: ignore[attr-defined]
    numba.config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]  # type: ignore[attr-defined]

__all__ = ["jit"]

jit = numba.njit(cache=True, error_model="numpy", nogil=True)
