"""The app's clock: what "now" is for scheduling reviews, today's goal and the streak.

Production uses the system clock. Tests give the app a clock fixed at a moment
(``create_app({"CLOCK": Clock(fixed=...)})``) and may move it on; the browser tests move the
live server's clock a day through a hook that exists only under ``TESTING``
(:mod:`trainer.web.testing`).
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta


class Clock:
    """The time now in UTC: the system's, or one fixed at ``fixed``; moved on by
    :meth:`advance` (an offset, so a system clock keeps running)."""

    def __init__(self, fixed: datetime | None = None) -> None:
        if fixed is not None and fixed.tzinfo is None:
            raise ValueError("a fixed clock needs a time zone (UTC)")
        self._fixed = fixed.astimezone(UTC) if fixed is not None else None
        self._offset = timedelta(0)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        base = self._fixed if self._fixed is not None else datetime.now(UTC)
        return base + self._offset

    def advance(self, by: timedelta) -> None:
        with self._lock:
            self._offset += by

    def reset(self) -> None:
        """Back to the time it was made with (no offset)."""
        with self._lock:
            self._offset = timedelta(0)


def stamp(moment: datetime) -> str:
    """A moment as the store keeps it: ISO 8601, UTC, milliseconds (``...T12:00:00.000Z``)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
