"""The compiled anchor the strategy and count-study benches measure against, in the same run.

The anchor is a small C++ driver over Farmer's exact combinatorial analyzer
(``github:possibly-wrong/blackjack``, GPL, not part of this repository). To make one: fetch that
repository somewhere outside this checkout; write a driver whose ``main`` builds a ``BJShoe`` of
six decks, ``BJRules`` for the dealer standing on soft 17, doubling any two cards and after a
split, resplitting to four hands but not aces, no surrender and 3:2 (the
``BJRules(false, true, true, true, false, true, true, false, false, 1.5)`` constructor), a
plain ``BJStrategy`` and a ``BJProgress``, then a ``BJPlayer`` of them allocated on the heap
(it is too large for the stack), and prints the overall value and every two-card hand's stand,
hit, double and split value against every up card; compile it with the analyzer's
``blackjack.cpp`` with ``g++ -O2`` (outside the checkout). Give the binary's path to the bench
with ``--anchor PATH`` or in ``$BJ_ANCHOR``. Its code, its binary and any script that builds it
stay out of this repository.
"""

from __future__ import annotations

import os
import resource
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = ["ENV", "anchor_path", "median", "timed"]

ENV = "BJ_ANCHOR"


def anchor_path(given: str | None) -> Path | None:
    """The anchor's binary: ``given``, else ``$BJ_ANCHOR``; ``None`` when neither names a file
    that can run.

    :raises SystemExit: when a path is named but is not an executable file.
    """
    path = given or os.environ.get(ENV)
    if not path:
        return None
    found = Path(path)
    if not (found.is_file() and os.access(found, os.X_OK)):
        raise SystemExit(f"the anchor {found} is not an executable file")
    return found


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Seconds of wall and CPU time of one whole ``command`` process (its output dropped)."""
    start, cpu = time.perf_counter(), _child_cpu()
    subprocess.run(list(command), check=True, capture_output=True, env=env)
    return time.perf_counter() - start, _child_cpu() - cpu


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2.0


def ratios(
    ours: Sequence[Sequence[float]], theirs: Sequence[Sequence[float]]
) -> tuple[float, float]:
    """The median ratio, pair by pair, of our wall and CPU times (each run's first two figures)
    to the anchor's measured beside them."""
    pairs = list(zip(ours, theirs, strict=True))
    return median([a[0] / b[0] for a, b in pairs]), median([a[1] / b[1] for a, b in pairs])
