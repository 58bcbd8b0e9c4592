"""A bet ramp as a learner writes it and reads it: the bet at any count, in units (table
minimums), then up to eleven steps, each a bet from a count up (the simulation's and the risk
page's forms), where the pages asked for the simulator's notation (``1@-99,2@1,4@2,8@3``:
:mod:`trainer.simulator.ramp`). The notation stays what links, stored runs and the command line
keep: the form's rows are read into it, drawn from it, and a ramp is said back in words."""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction

from trainer.simulator.ramp import MAX_UNITS, InvalidRampTextError, Ramp
from trainer.words import N_, SaidError, number, plain_amount, plural, say
from trainer.words import signed as signed_number

__all__ = [
    "ROWS",
    "InvalidRampRowsError",
    "faulty_line",
    "form_rows",
    "ramp_text",
    "ramp_words",
    "rows_of",
]

# The bet at any count, then eleven steps: the index chart's ramp at a 5,000 bankroll has 11
# lines (with six, a counter could not copy it: a walk); past the sixth behind "More lines".
ROWS = 12
# The count below every other a step can name: the first row's (the notation's first step).
_ANY_COUNT = -999
# ASCII digits only (a "١" read as 1 would be kept as typed in the run's notation).
_COUNT = re.compile(r"[+-]?\d{1,2}", re.ASCII)
_UNITS = re.compile(r"\d{1,5}(?:\.\d{1,3})?", re.ASCII)


class InvalidRampRowsError(SaidError):
    """A row of the ramp's form that cannot be read, said by its line (``line``, from 0; None
    where the ramp as a whole is wrong)."""

    line: int | None = None

    @classmethod
    def at(cls, line: int | None, text: str, /, **values: object) -> InvalidRampRowsError:
        made = cls.said_as(text, **values)
        made.line = line
        return made


def faulty_line(values: Mapping[str, str]) -> int | None:
    """The line of the form's ramp that is wrong (from 0), None where none is or the whole
    ramp is (its fields then all marked)."""
    try:
        ramp_text(values)
    except InvalidRampRowsError as error:
        return error.line
    return None


def _field(values: Mapping[str, str], name: str) -> str:
    return (values.get(name) or "").strip()[:20].replace("\u2212", "-")


def ramp_text(values: Mapping[str, str]) -> str:
    """The ramp's notation the form's rows give ("" for none: flat betting); where the form
    has no rows (a link, a stored run's address), its ``ramp`` field as given.

    :raises InvalidRampRowsError: naming the line that is wrong.
    """
    if "ramp-units-0" not in values:
        return values.get("ramp", "")
    base = plain_amount(_field(values, "ramp-units-0"))
    steps = []
    for line in range(1, ROWS):
        count = _field(values, f"ramp-count-{line}")
        units = plain_amount(_field(values, f"ramp-units-{line}"))
        if not count and not units:
            continue
        if not count or not units:
            raise InvalidRampRowsError.at(line, _HALF, line=number(line + 1))
        if not _COUNT.fullmatch(count):
            raise InvalidRampRowsError.at(line, _NOT_A_COUNT, line=number(line + 1))
        steps.append((int(count), _units(units, line)))
    if not base:
        if steps:
            raise InvalidRampRowsError.said_as(_NO_BASE)
        return ""
    counts = [count for count, _ in steps]
    if counts != sorted(set(counts)):
        raise InvalidRampRowsError.said_as(_NOT_RISING)
    rows = [(_ANY_COUNT, _units(base, 0)), *steps]
    return ",".join(f"{units}@{count}" for count, units in rows)


def _units(text: str, line: int) -> str:
    if not _UNITS.fullmatch(text) or not 0 < Fraction(text) <= MAX_UNITS:
        raise InvalidRampRowsError.at(
            line, _NOT_UNITS, line=number(line + 1), most=number(MAX_UNITS)
        )
    return text


_HALF = N_("Line %(line)s of the ramp: give both the count and the bet, or neither.")
_NOT_A_COUNT = N_("Line %(line)s of the ramp: the count is a whole number, such as +2.")
_NOT_UNITS = N_(
    "Line %(line)s of the ramp: the bet is a number of units above 0 and at most %(most)s, "
    "such as 2 or 1.5."
)
_NO_BASE = N_("Give the ramp's bet at any count (its first line), such as 1.")
_NOT_RISING = N_("The ramp's counts must rise from line to line.")


def form_rows(values: Mapping[str, str], default: str = "") -> list[tuple[str, str]]:
    """The rows the form shows: as the learner sent them, else drawn from the ramp's notation
    (the ``ramp`` of a link or a stored run, else ``default``)."""
    if "ramp-units-0" in values:
        return [(_field(values, f"ramp-count-{n}") if n else "", _field(values, f"ramp-units-{n}"))
                for n in range(ROWS)]  # fmt: skip
    return rows_of(values.get("ramp") or default)


def rows_of(text: str | None) -> list[tuple[str, str]]:
    """The form's rows, (count, units) as a learner writes them, for a ramp's notation (empty
    rows for none, or for one that cannot be read), the first row's count left empty."""
    try:
        steps = Ramp.parse(text).steps if text else ()
    except InvalidRampTextError:
        steps = ()
    rows = [("" if n == 0 else signed_number(count), _plain(units)) for n, (count, units) in
            enumerate(steps[:ROWS])]  # fmt: skip
    return rows + [("", "")] * (ROWS - len(rows))


def _plain(units: Fraction) -> str:
    return number(units) if units.denominator == 1 else number(float(units), 3).rstrip("0")


def ramp_words(text: str | None) -> str:
    """A ramp in words ("1 unit; 2 from +1; 4 from +2"); "" for none, the notation as kept
    for one that cannot be read."""
    if not text:
        return ""
    try:
        steps = Ramp.parse(text).steps
    except InvalidRampTextError:
        return text
    first = steps[0][1]
    said = [plural("%(count)s unit", "%(count)s units", int(first) if first.denominator == 1
                   else 2, count=_plain(first))]  # fmt: skip
    said += [say("%(units)s from %(count)s", units=_plain(u), count=signed_number(c))
             for c, u in steps[1:]]  # fmt: skip
    return say("; ").join(said)
