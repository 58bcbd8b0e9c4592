"""Which databases a server is serving: a server holds a shared lock on a file beside its
database (``<database>.serving``) for as long as it runs (gunicorn's master from ``when_ready``,
``make dev``'s server from the app's start, any other process from the first request it
answers), so that ``flask --app trainer restore`` can tell a database in use and refuse to
replace it under a running server, which would go on with the sessions and jobs of the
database it had.

The lock is the kernel's (``flock``): it goes with the process however the process ends (a
``SIGKILL`` too), so a server that died never leaves the database marked as served; several
servers of one database each hold it.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

__all__ = ["hold", "lock_path", "release", "served"]

# The lock files this process holds open, by the database's path as configured.
_HELD: dict[str, int] = {}


def lock_path(database: str | Path) -> Path:
    """The file a server of ``database`` holds its lock on (beside the database)."""
    return Path(f"{database}.serving")


def hold(database: str | Path) -> None:
    """Mark ``database`` as served by this process until it exits (or :func:`release`); a
    process that holds it already changes nothing. Its children forked later hold it with it
    (gunicorn's workers)."""
    key = str(database)
    if key in _HELD:  # (a request's check: no system call)
        return
    path = lock_path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(descriptor, fcntl.LOCK_SH)
    _HELD[key] = descriptor


def release(database: str | Path) -> None:
    """This process no longer serves ``database`` (the server stops)."""
    descriptor = _HELD.pop(str(database), None)
    if descriptor is not None:
        os.close(descriptor)  # the lock goes with the last descriptor of the open file


def served(database: str | Path) -> bool:
    """Whether a server holds ``database`` now (this process's own hold counts too)."""
    path = lock_path(database)
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False  # no server has ever held it
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)
    return False
