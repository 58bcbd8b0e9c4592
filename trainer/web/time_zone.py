"""The learner's time zone: where their days begin and end (the daily goal, the streak) and how
times are shown to them.

Where it comes from, first found first:

1. the zone the learner chose on the account page (kept with the learner: ``users.time_zone``);
2. the browser's own, where JavaScript runs: ``static/js/time_zone.js`` reads
   ``Intl.DateTimeFormat().resolvedOptions().timeZone`` and keeps it in the :data:`COOKIE`
   cookie, sent with every request after the first;
3. UTC, until one of them is known.

Every name is checked against ``zoneinfo.available_timezones()`` before it is used: a cookie
naming no zone is ignored, an account form naming none is a 400 (``POST /account/time-zone``,
:mod:`trainer.web.views.auth`).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from flask import Flask, g, request

from trainer.web.support import current_user
from trainer.words import day, day_time

__all__ = [
    "COOKIE",
    "calendar_day",
    "find_zone",
    "init_app",
    "learner_today",
    "learner_zone",
    "local_day",
    "local_moment",
    "zone_name",
]

COOKIE = "tz"
# The longest IANA name is some 32 characters; anything longer is not one.
MAX_NAME = 64


@lru_cache(maxsize=1)
def _names() -> frozenset[str]:
    return frozenset(available_timezones())


def find_zone(name: str | None) -> ZoneInfo | None:
    """The zone ``name`` names (an IANA name such as ``Europe/Moscow``), or None."""
    if not name or len(name) > MAX_NAME or name not in _names():
        return None
    return ZoneInfo(name)


def _chosen() -> tuple[tzinfo, str, str]:
    """The learner's zone, its name and where it came from ("account", "browser", "none")."""
    if "time_zone" not in g:
        user = current_user()
        found: tuple[tzinfo, str, str] = (UTC, "UTC", "none")
        chosen = find_zone(user.time_zone) if user is not None else None
        if chosen is not None:
            found = (chosen, chosen.key, "account")
        else:
            browser = find_zone(request.cookies.get(COOKIE, "")[:MAX_NAME])
            if browser is not None:
                found = (browser, browser.key, "browser")
        g.time_zone = found
    return g.time_zone  # type: ignore[no-any-return]


def learner_zone() -> tzinfo:
    """The zone the learner's days and times are in (UTC until it is known)."""
    return _chosen()[0]


def zone_name() -> str:
    """The learner's zone's name ("Europe/Moscow", "UTC")."""
    return _chosen()[1]


def zone_source() -> str:
    """Where the learner's zone came from: "account", "browser" or "none" (UTC)."""
    return _chosen()[2]


def _on_the_learners_clock(moment: str | datetime) -> datetime | None:
    """A moment (stored, ``2026-05-10T21:30:00.000Z``, or a datetime; one without a zone is
    UTC's) as the learner's clock reads it; None for text that is no moment."""
    if isinstance(moment, str):
        try:
            moment = datetime.fromisoformat(moment.replace("Z", "+00:00"))
        except ValueError:
            return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(learner_zone())


def local_day(moment: str | datetime | None) -> str:
    """A moment (stored, ``2026-12-06T22:30:00.000Z``, or a datetime) as the day it was on the
    reader's clock, in their language (``7 Dec 2026``, ``7 дек. 2026 г.`` in Europe/Moscow):
    every date a class, assignment, checkout or certificate page shows of a moment. Text that
    is no moment is shown as it is."""
    read = _on_the_learners_clock(moment) if moment else None
    return day(read.date()) if read else str(moment or "")


def local_moment(stored: str | None) -> str:
    """A stored moment as the reader's clock read it, in their language, to the minute
    (``5 дек. 2026 г., 13:00`` in Europe/Moscow for ``2026-12-05T10:00:00.000Z``): a moment
    a learner tells apart from others of the same day. Text that is no moment as it is."""
    read = _on_the_learners_clock(stored) if stored else None
    return day_time(read) if read else (stored or "")


def learner_today(now: datetime) -> date:
    """The day it is at ``now`` on the learner's clock: the day a coach west of UTC calls
    today in their evening, when UTC's is tomorrow already."""
    return now.astimezone(learner_zone()).date()


def calendar_day(stored: str) -> str:
    """A stored day (``2026-12-07``: a due day, the same day wherever it is read) in the
    reader's language; text that is no day is shown as it is."""
    try:
        return day(date.fromisoformat(stored))
    except ValueError:
        return stored


def init_app(app: Flask) -> None:
    app.add_template_filter(local_day, "local_day")
    app.add_template_filter(local_moment, "local_moment")
    app.add_template_filter(calendar_day, "calendar_day")
    app.jinja_env.globals.update(time_zone_name=zone_name, time_zone_source=zone_source)
