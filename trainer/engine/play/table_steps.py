"""A learner's steps at a table as text (:mod:`.table_game`'s notation), read: the bets of a
``bet`` step, the amount of an ``insure part`` step; a step that cannot be read raises
:class:`InvalidStepError`, naming the rule."""

from __future__ import annotations

from fractions import Fraction

from trainer.engine.words import plural, say

# The learner ends the table before its next round (after one at least): the summary follows.
END = "end"


class InvalidStepError(ValueError):
    """A learner's step that cannot be played where it comes (the message names the rule);
    ``field``, the form's field it was read from where one is to blame (a box's amount)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def insurance_part(step: str) -> Fraction | None:
    """The amount of an ``insure part <amount>`` step (part of the insurance allowed)."""
    words = step.split(" ")
    if len(words) != 3 or words[:2] != ["insure", "part"]:
        return None
    try:
        return Fraction(words[2])
    except (ValueError, ZeroDivisionError):
        return None


def read_bets(step: str, boxes: int, *, vary: bool = False) -> tuple[Fraction, ...]:
    """The bets of a ``bet`` step, one per box (``vary``: one per box played, one to
    ``boxes``).

    :raises InvalidStepError: for anything else.
    """
    words = step.split(" ")
    sized = 2 <= len(words) <= boxes + 1 if vary else len(words) == boxes + 1
    if words[0] != "bet" or not sized:
        raise InvalidStepError(
            plural(
                "the next round needs a bet on your box",
                "the next round needs a bet on each of your %(count)s boxes",
                boxes,
            )
        )
    try:
        return tuple(Fraction(word) for word in words[1:])
    except (ValueError, ZeroDivisionError):
        raise InvalidStepError(say("a bet is an amount, not %(step)r", step=step[:30])) from None
