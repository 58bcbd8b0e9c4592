"""A bet ramp as text: ``"1@-99,2@1,4@2,8@3"``, units of the table minimum at or above a count.

Each step is ``units@count``: from that count up (the count the table's true count rows use:
the floor of the exact count), bet that many table minimums, until the next step's count. Below
the first step's count the first step's bet holds. ``Ramp.parse(text).notation()`` round-trips.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["InvalidRampTextError", "MAX_STEPS", "Ramp"]

MAX_STEPS = 20
MAX_UNITS = 10_000
MAX_TEXT = 400
_STEP = re.compile(r"(\d{1,5}(?:\.\d{1,3})?)@([+-]?\d{1,3})")


class InvalidRampTextError(ValueError):
    """A bet ramp that cannot be read: not ``units@count`` steps, or units or counts out of
    range."""


@dataclass(frozen=True)
class Ramp:
    """Bet steps as (count, units), counts increasing."""

    steps: tuple[tuple[int, Fraction], ...]

    @classmethod
    def parse(cls, text: str) -> Ramp:
        """:raises InvalidRampTextError: naming what is wrong."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidRampTextError("ramp: give steps like 1@-99,2@1,4@2,8@3")
        if len(text) > MAX_TEXT:
            raise InvalidRampTextError(f"ramp: at most {MAX_TEXT} characters")
        words = [word.strip() for word in text.split(",")]
        if len(words) > MAX_STEPS:
            raise InvalidRampTextError(f"ramp: at most {MAX_STEPS} steps")
        steps = []
        for word in words:
            match = _STEP.fullmatch(word)
            if match is None:
                shown = word[:24]
                raise InvalidRampTextError(
                    f"ramp: {shown!r} is not units@count (like 4@2: four units from +2 up)"
                )
            units, count = Fraction(match.group(1)), int(match.group(2))
            if not 0 < units <= MAX_UNITS:
                raise InvalidRampTextError(
                    f"ramp: {word}: units must be above 0, at most {MAX_UNITS}"
                )
            steps.append((count, units))
        counts = [count for count, _ in steps]
        if counts != sorted(set(counts)):
            raise InvalidRampTextError("ramp: the steps' counts must increase (1@-99,2@1,...)")
        return cls(tuple(steps))

    def units_at(self, count: int) -> float:
        """The bet in table minimums at a whole count."""
        units = self.steps[0][1]
        for step_count, step_units in self.steps:
            if count >= step_count:
                units = step_units
        return float(units)

    @property
    def top(self) -> Fraction:
        return max(units for _, units in self.steps)

    def notation(self) -> str:
        return ",".join(f"{_number(units)}@{count}" for count, units in self.steps)


def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
