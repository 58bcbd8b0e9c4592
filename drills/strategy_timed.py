"""A timed run of the basic-strategy quiz: a fixed number of hands, dealt when it starts, answered
in order against one clock of :data:`SECONDS_PER_HAND` a hand.

A run is a value: the server keeps it (the web layer in the signed session, as
:meth:`TimedRun.to_json`) and decides from it what is asked now and when time is up; the
browser's form only names the run and the hand it answers. Each answer is an attempt stored
under :meth:`TimedRun.token`, so the run's results are read back from the attempts.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from trainer.words import number, quoted, say

# How many hands a run may have, and the seconds allowed per hand.
COUNTS = (10, 20, 50)
SECONDS_PER_HAND = 6
# The slowest answers a run's results show.
SLOWEST = 3


class InvalidRunError(ValueError):
    """A timed run cannot be started or read with these values."""


def read_count(text: str) -> int:
    """The number of hands a learner asked for.

    :raises InvalidRunError: for anything but one of :data:`COUNTS`.
    """
    if not (text.isascii() and text.isdecimal()) or len(text) > 3 or int(text) not in COUNTS:
        counts = ", ".join(map(number, COUNTS))
        raise InvalidRunError(
            say(
                "A timed run is %(counts)s hands, not %(typed)s.",
                counts=counts,
                typed=quoted(text[:10]),
            )
        )
    return int(text)


@dataclass(frozen=True)
class TimedRun:
    """One learner's run: its settings, its hands, how far it is, and its clock (ms)."""

    id: str
    user: int
    rules: str  # the rules' notation
    mix: str
    questions: tuple[str, ...]
    index: int  # the hand asked now (== len(questions) once all are answered)
    started: int
    last: int  # when the last hand was answered (or the run started)
    limit_ms: int

    @classmethod
    def start(
        cls, *, user: int, rules: str, mix: str, questions: tuple[str, ...], now: int
    ) -> TimedRun:
        return cls(
            id=secrets.token_hex(6),
            user=user,
            rules=rules,
            mix=mix,
            questions=questions,
            index=0,
            started=now,
            last=now,
            limit_ms=len(questions) * SECONDS_PER_HAND * 1000,
        )

    def remaining_ms(self, now: int) -> int:
        return max(self.started + self.limit_ms - now, 0)

    def done(self, now: int) -> bool:
        """Every hand answered, or the time is up."""
        return self.index >= len(self.questions) or self.remaining_ms(now) <= 0

    @property
    def current(self) -> str:
        """The hand asked now (only while the run is not done)."""
        return self.questions[self.index]

    def asks(self, run_id: str, index: str) -> bool:
        """Whether an answer naming this run and hand answers the hand asked now."""
        return run_id == self.id and index == str(self.index)

    @property
    def token(self) -> str:
        """The submission token the answer to the current hand is stored under."""
        return f"{self.token_prefix}{self.index:03d}"

    @property
    def token_prefix(self) -> str:
        return f"timed-{self.id}-"

    def answered(self, now: int) -> TimedRun:
        """The run once the current hand is answered at ``now``."""
        return replace(self, index=self.index + 1, last=now)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "user": self.user,
            "rules": self.rules,
            "mix": self.mix,
            "questions": list(self.questions),
            "index": self.index,
            "started": self.started,
            "last": self.last,
            "limit_ms": self.limit_ms,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TimedRun:
        """The run :meth:`to_json` wrote.

        :raises InvalidRunError: for anything else.
        """
        try:
            return cls(
                id=str(data["id"]),
                user=int(data["user"]),
                rules=str(data["rules"]),
                mix=str(data["mix"]),
                questions=tuple(str(q) for q in data["questions"]),
                index=int(data["index"]),
                started=int(data["started"]),
                last=int(data["last"]),
                limit_ms=int(data["limit_ms"]),
            )
        except (KeyError, TypeError, ValueError):
            raise InvalidRunError("that is not a timed run") from None
