"""Blocks of rounds spread over a Dask cluster (the optional ``dask`` extra).

``python -m trainer simulate ... --scheduler tcp://host:8786`` sends the job to every worker
once and one task per block; the blocks' sums come back in block order, so the figures are the
same as on one machine with the same seed, whatever the cluster's size (:mod:`.run`).
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from contextlib import contextmanager

from trainer.simulator.run import Job, Sums, play_blocks

__all__ = [
    "ADDRESS",
    "DaskMissingError",
    "check_address",
    "dask_blocks",
    "dask_installed",
    "local_cluster",
]

# A local cluster's workers are processes (each plays on a core of its own); tests may set
# threads, which start in a second where processes take several.
LOCAL_PROCESSES = True

ADDRESS = re.compile(r"(?:(?:tcp|tls|inproc|ws|wss)://)?[\w.\-\[\]:/]{1,200}")


class DaskMissingError(RuntimeError):
    """Dask (the ``dask`` extra) is not installed here."""


def check_address(address: str) -> str:
    """A scheduler's address, bounded: ``tcp://host:port`` or ``host:port``.

    :raises ValueError: for anything else.
    """
    if not isinstance(address, str) or len(address) > 200 or not ADDRESS.fullmatch(address):
        raise ValueError(f"{str(address)[:40]!r} is not a scheduler address (tcp://host:8786)")
    return address


def _distributed(field: str = ""):  # type: ignore[no-untyped-def]
    """Dask's ``distributed`` module.

    :raises DaskMissingError: when it cannot be imported (``field``: the message's prefix).
    """
    try:
        import distributed
    except ImportError:
        raise DaskMissingError(
            f"{field}Dask is not installed (pip install 'blackjack-trainer[dask]')"
        ) from None
    return distributed


def dask_blocks(address: str):  # type: ignore[no-untyped-def]
    """A ``map_blocks`` for :func:`trainer.simulator.run.run` on the cluster at ``address``.

    :raises DaskMissingError: when ``distributed`` cannot be imported.
    """
    client_of = _distributed("scheduler: ").Client

    def map_blocks(job: Job, groups: list[list[tuple[int, int]]]) -> Iterator[list[Sums]]:
        with client_of(address, set_as_default=False) as client:
            shared = client.scatter(job, broadcast=True)
            futures = client.map(play_blocks, [shared] * len(groups), groups, pure=False)
            for future in futures:  # in block order, each as soon as it is done
                yield future.result()

    return map_blocks


def dask_installed() -> bool:
    """Whether Dask's ``distributed`` (the ``dask`` extra) can be imported here."""
    return importlib.util.find_spec("distributed") is not None


@contextmanager
def local_cluster(workers: int) -> Iterator[str]:
    """A Dask cluster of ``workers`` workers on this machine, one thread each, for as long as
    the ``with`` lasts; its scheduler's address.

    :raises DaskMissingError: when ``distributed`` cannot be imported.
    """
    with _distributed().LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=LOCAL_PROCESSES,
        dashboard_address=":0",
    ) as cluster:
        yield cluster.scheduler_address
