"""A learner's speed thresholds (:mod:`drills.counting.threshold`), worked out from their stored
answers: the staircase a counting session is dealt by, and its weeks for the progress page."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drills.counting.threshold import (
    DISTRACTIONS,
    MAX_SPEED,
    MIN_SPEED,
    Staircase,
    Trial,
    by_week,
    walk,
)
from drills.skill_words import system_words
from trainer.store import thresholds
from trainer.web.recording import speed_level
from trainer.web.support import get_db
from trainer.words import say, trimmed

__all__ = ["staircase", "speed_words", "weekly_view"]


def _start(user_id: int, system: str, distraction: str) -> Fraction:
    """Where the staircase starts: its first session's speed, else the learner's speed level."""
    first = thresholds.first_speed(get_db(), user_id, system, distraction)
    start = first if first is not None else speed_level(user_id, system).speed
    return min(MAX_SPEED, max(MIN_SPEED, start))


def _trials(user_id: int, system: str, distraction: str) -> list[Trial]:
    found = thresholds.trials(get_db(), user_id, system, distraction)
    return [Trial(correct, at) for correct, at in found]


def staircase(user_id: int, system: str, distraction: str = "none") -> Staircase:
    """The learner's staircase in ``system`` at ``distraction``, where their answers left it."""
    return walk(_trials(user_id, system, distraction), _start(user_id, system, distraction))


def speed_words(speed: Fraction) -> str:
    """A speed in cards a second, as the pages write it ("1.85", «1,85»)."""
    return trimmed(speed)


def weekly_view(user_id: int) -> list[dict[str, Any]]:
    """Each staircase of the learner's (by system and distraction level), week by week."""
    shown = []
    for system, distraction in thresholds.kept_apart(get_db(), user_id):
        weeks = by_week(_trials(user_id, system, distraction), _start(user_id, system, distraction))
        rows = [
            {
                "monday": week.monday,
                "trials": week.trials,
                "threshold": speed_words(week.stairs.threshold)
                if week.stairs.threshold is not None
                else "",
                "speed": speed_words(week.stairs.speed),
            }
            for week in weeks
        ]
        title = say(
            "%(system)s, %(distraction)s",
            system=system_words(system),
            distraction=say(DISTRACTIONS.get(distraction, distraction)),
        )
        shown.append({"title": title, "weeks": rows})
    return shown
