"""A bet ramp as text: ``"1@-99,2@1,4@2,8@3"``, units of the table minimum at or above a count.

Each step is ``units@count``: from that count up (the count the table's true count rows use:
the floor of the exact count), bet that many table minimums, until the next step's count. Below
the first step's count the first step's bet holds. ``Ramp.parse(text).notation()`` round-trips.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from trainer.engine.words import N_, SaidError, number

__all__ = ["InvalidRampTextError", "MAX_STEPS", "Ramp"]

MAX_STEPS = 20
MAX_UNITS = 10_000
MAX_TEXT = 400
# The refusals, in the catalogue's words (a step's text quoted as typed: ``typed``).
GIVE_STEPS = N_("give steps like 1@-99,2@1,4@2,8@3")
TOO_LONG = N_("at most %(most)s characters")
TOO_MANY = N_("at most %(most)s steps")
NOT_A_STEP = N_("“%(typed)s” is not units@count (like 4@2: four units from +2 up)")
UNITS = N_("“%(typed)s”: the units must be above 0, at most %(most)s")
NOT_RISING = N_("the steps' counts must increase (1@-99,2@1,...)")
_STEP = re.compile(r"(\d{1,5}(?:\.\d{1,3})?)@([+-]?\d{1,3})")


class InvalidRampTextError(SaidError):
    """A bet ramp that cannot be read: not ``units@count`` steps, or units or counts out of
    range (said in the catalogue's words; its English text starts ``ramp:`` for the command
    line)."""

    @classmethod
    def ramp(cls, text: str, /, **values: object) -> InvalidRampTextError:
        """The error saying ``text`` (marked with :func:`N_`) of the ramp."""
        made = cls.said_as(text, **values)
        return cls(f"ramp: {made}", said=made.said)


@dataclass(frozen=True)
class Ramp:
    """Bet steps as (count, units), counts increasing."""

    steps: tuple[tuple[int, Fraction], ...]

    @classmethod
    def parse(cls, text: str) -> Ramp:
        """:raises InvalidRampTextError: naming what is wrong."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidRampTextError.ramp(GIVE_STEPS)
        if len(text) > MAX_TEXT:
            raise InvalidRampTextError.ramp(TOO_LONG, most=MAX_TEXT)
        words = [word.strip() for word in text.split(",")]
        if len(words) > MAX_STEPS:
            raise InvalidRampTextError.ramp(TOO_MANY, most=MAX_STEPS)
        steps = []
        for word in words:
            match = _STEP.fullmatch(word)
            if match is None:
                raise InvalidRampTextError.ramp(NOT_A_STEP, typed=word[:24])
            units, count = Fraction(match.group(1)), int(match.group(2))
            if not 0 < units <= MAX_UNITS:
                raise InvalidRampTextError.ramp(UNITS, typed=word, most=number(MAX_UNITS))
            steps.append((count, units))
        counts = [count for count, _ in steps]
        if counts != sorted(set(counts)):
            raise InvalidRampTextError.ramp(NOT_RISING)
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
