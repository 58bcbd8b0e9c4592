"""A learner's speed threshold: the speed at which they keep a running count right 9 times in 10,
found by a weighted staircase (Kaernbach, "Simple adaptive testing with the weighted up-down
method", Perception & Psychophysics 49, 1991).

Each checkpoint of a session dealt at the staircase's speed is one trial: right, the next
session is dealt :data:`STEP_FASTER` faster; wrong, :data:`STEP_SLOWER` (nine times as much)
slower. The speed stops drifting where a step up is as likely to be taken as a step down times
nine: where the learner is right 9 times in 10 — the 90% the progress page has always reported a
counting speed at. The threshold is the mean of the last :data:`REVERSALS_KEPT` speeds at which
the staircase turned (from faster to slower or back), once it has turned
:data:`REVERSALS_NEEDED` times; before that it is still settling.

A staircase is kept per counting system and distraction level, and worked out again from the
stored answers each time (nothing of it is stored but the sessions it dealt), so its history
over the weeks is the same walk cut at each week's end (:func:`by_week`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from fractions import Fraction

from trainer.words import N_

__all__ = [
    "DISTRACTIONS",
    "TABLE_TALK",
    "MAX_SPEED",
    "MIN_SPEED",
    "START_SPEED",
    "STEP_FASTER",
    "STEP_SLOWER",
    "Staircase",
    "Trial",
    "Week",
    "by_week",
    "read_distraction",
    "walk",
]

STEP_FASTER = Fraction(1, 20)  # cards a second, after a right checkpoint
STEP_SLOWER = 9 * STEP_FASTER  # after a wrong one: nine times as much
MIN_SPEED, MAX_SPEED = Fraction(1, 4), Fraction(8)
START_SPEED = Fraction(1)
REVERSALS_NEEDED = 4
REVERSALS_KEPT = 6
TARGET = Fraction(9, 10)  # where the staircase settles: STEP_SLOWER / (STEP_FASTER + STEP_SLOWER)
# The distraction levels a staircase is kept apart for (the key stored, its words; the table's
# own keys): table talk comes at random moments while the cards flip, with JavaScript.
DISTRACTIONS: dict[str, str] = {"none": N_("no distraction"), "talk": N_("table talk")}
# What the table says meanwhile (static/js/counting_talk.js shows one line at a time).
TABLE_TALK: tuple[str, ...] = (
    N_("Anyone want a drink?"),
    N_("Did you see that? Three blackjacks in a row!"),
    N_("Dealer, change this hundred for me, please."),
    N_("I always split tens. Always."),
    N_("Is this seat taken?"),
    N_("Last shoe, then dinner."),
    N_("What is the count, mate? Only joking."),
    N_("Insurance is a sucker bet, they say."),
)


class UnknownDistractionError(ValueError):
    """No distraction level has that name."""


def read_distraction(text: str) -> str:
    """A distraction level from a form (``none`` where none is sent).

    :raises UnknownDistractionError: for any other value.
    """
    cleaned = (text or "none").strip()[:20]
    if cleaned not in DISTRACTIONS:
        raise UnknownDistractionError(f"there is no distraction level {cleaned!r}")
    return cleaned


@dataclass(frozen=True)
class Trial:
    """One checkpoint counted in a staircase's session: right or not, and when (ISO time)."""

    correct: bool
    at: str


@dataclass(frozen=True)
class Staircase:
    """Where a staircase stands: the speed it deals next, the trials so far, and the speeds at
    which it turned."""

    speed: Fraction = START_SPEED
    trials: int = 0
    right: int = 0
    reversals: tuple[Fraction, ...] = ()
    _going: int = field(default=0, repr=False)  # +1 last moved faster, -1 slower, 0 not yet

    def after(self, correct: bool) -> Staircase:
        """The staircase after one more checkpoint: a small step faster, or nine slower."""
        going = 1 if correct else -1
        step = STEP_FASTER if correct else -STEP_SLOWER
        turned = self._going != 0 and going != self._going
        return Staircase(
            speed=min(MAX_SPEED, max(MIN_SPEED, self.speed + step)),
            trials=self.trials + 1,
            right=self.right + correct,
            reversals=(*self.reversals, self.speed) if turned else self.reversals,
            _going=going,
        )

    @property
    def settled(self) -> bool:
        return len(self.reversals) >= REVERSALS_NEEDED

    @property
    def threshold(self) -> Fraction | None:
        """The speed counted right 9 times in 10: the mean of the last turns (None while the
        staircase is still settling)."""
        if not self.settled:
            return None
        kept = self.reversals[-REVERSALS_KEPT:]
        return sum(kept, Fraction(0)) / len(kept)

    @property
    def estimate(self) -> Fraction:
        """The threshold, or while settling the speed the staircase has reached."""
        found = self.threshold
        return found if found is not None else self.speed


def walk(trials: Iterable[Trial], start: Fraction = START_SPEED) -> Staircase:
    """The staircase after ``trials`` in order, from ``start`` (bounded to the speeds allowed)."""
    stairs = Staircase(speed=min(MAX_SPEED, max(MIN_SPEED, start)))
    for trial in trials:
        stairs = stairs.after(trial.correct)
    return stairs


@dataclass(frozen=True)
class Week:
    """A week's end: its Monday, the checkpoints counted that week, and the staircase then."""

    monday: date
    trials: int
    stairs: Staircase


def by_week(trials: Sequence[Trial], start: Fraction = START_SPEED) -> list[Week]:
    """The staircase at the end of each week (Monday to Sunday, UTC) that had checkpoints."""
    weeks: list[Week] = []
    stairs = Staircase(speed=min(MAX_SPEED, max(MIN_SPEED, start)))
    current: date | None = None
    count = 0
    for trial in trials:
        day = datetime.fromisoformat(trial.at.replace("Z", "+00:00")).date()
        monday = day - timedelta(days=day.weekday())
        if current is not None and monday != current:
            weeks.append(Week(current, count, stairs))
            count = 0
        current = monday
        stairs = stairs.after(trial.correct)
        count += 1
    if current is not None:
        weeks.append(Week(current, count, stairs))
    return weeks
