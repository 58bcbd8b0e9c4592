"""Helper processes for work shared among cores (a chart's up cards, a study's counts, a
simulation's blocks), dropped rather than waited for when the caller is interrupted.

A plain ``with ProcessPoolExecutor()`` waits, on the way out, for every piece of work still
queued. Interrupted (a job worker told to stop, Ctrl-C on a command), that wait runs the whole
rest of the work, or for good where a helper died mid-result; here the queued work is
cancelled and the caller's interruption goes on at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["helper_pool"]


@contextmanager
def helper_pool(workers: int, **options: Any) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes (``options`` as :class:`ProcessPoolExecutor` takes
    them): waited for when its block ends, its queued work cancelled and not waited for when
    the block raises."""
    from concurrent.futures import ProcessPoolExecutor  # only here: 25 ms to import

    pool = ProcessPoolExecutor(max_workers=workers, **options)
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
