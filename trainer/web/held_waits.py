"""The few requests a worker may hold asleep: the no-JavaScript checkout deal's reload waits on
the server for its card's moment (:func:`trainer.web.views.checkouts.run_page`, up to a card's
time), and a worker asleep answers no one else.

gunicorn runs ``WORKERS`` processes of ``THREADS`` threads each (``gunicorn.conf.py``): that
many requests at once, across processes, so the bound is kept across processes too, by locks
on small files (``flock``: each lock is let go when its holder ends, even killed). A request
holds only where (:func:`held`):

- no other request of the same run is held (a reload asked twice, or many tabs of one run);
- one of ``HELD_WAITS`` slots is free: ``gunicorn.conf.py`` sets it to the server's requests
  at once less one (``WORKERS`` × ``THREADS`` − 1), so one request at least is always free to
  answer; 0 where there is one (a single worker of one thread never holds).

Otherwise the page is served at once, the card not due yet: it reloads itself again, so the
deal is paced by reloads rather than by a held worker. The files live in the instance folder's
``held-waits`` (one per slot, and one per run modulo :data:`_RUN_FILES`: two runs sharing a
file only serve at once more often).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from flask import current_app

__all__ = ["held"]

_RUN_FILES = 256


def _lock(stack: ExitStack, path: Path) -> bool:
    """Whether the lock on ``path`` is taken now, without waiting (let go when ``stack``
    closes)."""
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    stack.callback(os.close, handle)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    stack.callback(fcntl.flock, handle, fcntl.LOCK_UN)
    return True


@contextmanager
def held(run_id: int) -> Iterator[bool]:
    """True (inside the block) where this request may sleep: the run's lock and a slot are
    taken, and let go when the block ends; False: serve at once."""
    slots = int(current_app.config["HELD_WAITS"])
    folder = Path(current_app.instance_path) / "held-waits"
    with ExitStack() as stack:
        if slots < 1:
            yield False
            return
        folder.mkdir(parents=True, exist_ok=True)
        if not _lock(stack, folder / f"run-{run_id % _RUN_FILES}"):
            yield False
            return
        yield any(_lock(stack, folder / f"slot-{slot}") for slot in range(slots))
