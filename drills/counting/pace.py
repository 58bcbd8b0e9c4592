"""Adaptive speed for the running-count drills: a ladder of speeds, and a learner's level on it.

A learner's level (per counting system) goes up a rung after :data:`RAISE_AFTER` checkpoints in
a row counted right at the level's speed, and down a rung after a miss there; checkpoints of a
session dealt at another speed (set by hand in the form) leave it alone. The level can also be
set by hand, from 1 to ``len(SPEED_LEVELS)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from drills.base import InvalidOptionError
from trainer.words import number, quoted, say

# Cards per second at each level, from 1.
SPEED_LEVELS: tuple[Fraction, ...] = tuple(
    Fraction(text)
    for text in ("1/2", "3/4", "1", "5/4", "3/2", "2", "5/2", "3", "4", "5", "6", "8")
)
# A newcomer starts at 1 card a second, the pace the path asks of its counting step (at 2, the
# form's default before levels, a beginner was dealt twice as fast as his step's goal).
DEFAULT_LEVEL = 3
RAISE_AFTER = 3


@dataclass(frozen=True)
class SpeedLevel:
    """A level on the ladder, and how many checkpoints in a row were right at it."""

    level: int = DEFAULT_LEVEL
    run: int = 0

    @property
    def speed(self) -> Fraction:
        return SPEED_LEVELS[self.level - 1]

    @property
    def speed_text(self) -> str:
        return f"{float(self.speed):g}"

    @property
    def levels(self) -> int:
        return len(SPEED_LEVELS)

    @property
    def raise_after(self) -> int:
        return RAISE_AFTER

    @property
    def untouched(self) -> bool:
        """Whether this is a newcomer's level: the default, with no run at it."""
        return self.level == DEFAULT_LEVEL and self.run == 0

    def after(self, correct: bool) -> SpeedLevel:
        """The level after one checkpoint at its speed: a rung up after a run of right ones,
        a rung down after a miss (never off the ladder)."""
        if not correct:
            return SpeedLevel(max(1, self.level - 1), 0)
        if self.run + 1 >= RAISE_AFTER:
            return SpeedLevel(min(len(SPEED_LEVELS), self.level + 1), 0)
        return SpeedLevel(self.level, self.run + 1)


def read_level(text: str) -> int:
    """A level set by hand, 1 to the top of the ladder.

    :raises InvalidOptionError: for anything else (naming the field ``level``).
    """
    cleaned = str(text).strip()
    top = len(SPEED_LEVELS)
    if not cleaned.isdecimal() or not cleaned.isascii() or len(cleaned) > 2:
        raise InvalidOptionError(
            say("A speed level is a whole number from 1 to %(top)s, not %(typed)s.",
                top=number(top), typed=quoted(cleaned[:20])),
            "level",
        )  # fmt: skip
    level = int(cleaned)
    if not 1 <= level <= top:
        raise InvalidOptionError(
            say("A speed level is 1 to %(top)s, not %(level)s.", top=number(top),
                level=number(level)),
            "level",
        )  # fmt: skip
    return level
