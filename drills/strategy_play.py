"""A basic-strategy question worked out, as values: the count an insurance question shows
(:class:`ShownCount`, read from the question's notation by :func:`split_count`) and the play
(:class:`Play`: the cell, the legal answers with their EVs, the right one).

The quiz (:mod:`drills.strategy_quiz`) works a play out; its words on it, why the right answer is
right and why a play is not allowed, are :mod:`drills.strategy_why`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from drills import count_study
from drills.base import InvalidQuestionError
from drills.count_study import read_system
from drills.refusals import count_kind
from drills.strategy_cells import INSURANCE_SUFFIX, Cell
from drills.strategy_chart import EVEN_MONEY_KEYS, INSURANCE_KEYS, PLAY_KEYS
from trainer.engine.counting import CountingSystem
from trainer.engine.deck.hand import Situation
from trainer.engine.indices import Play as IndexPlay
from trainer.words import N_, say

__all__ = ["Play", "ShownCount", "split_count"]

# An insurance question's count, when the quiz shows one: " hi-lo tc +3".
_COUNT_RE = re.compile(r" (?P<system>[a-z0-9-]{1,20}) (?P<kind>tc|rc) (?P<count>[+-]?[0-9]{1,2})$")
# The count's kind, as a learner reads it beside the system's name.
_KINDS = {True: N_("true count"), False: N_("running count")}


@dataclass(frozen=True)
class ShownCount:
    """The count an insurance question shows, in the learner's system."""

    system: CountingSystem
    count: int

    @property
    def kind(self) -> str:
        """ "true count" for a balanced system, else "running count", in the learner's words."""
        return say(_KINDS[self.system.balanced])

    def suffix(self) -> str:
        kind = "tc" if self.system.balanced else "rc"
        return f" {self.system.slug} {kind} {count_study.signed_notation(self.count)}"


def split_count(notation: str) -> tuple[str, ShownCount | None]:
    """A question's notation without its shown count, and the count (None where none).

    :raises InvalidQuestionError: for a count on anything but an insurance question, or one
        this quiz could not have shown.
    """
    match = _COUNT_RE.search(notation or "")
    if match is None:
        return notation, None
    base = notation[: match.start()]
    if not base.endswith(INSURANCE_SUFFIX):
        raise InvalidQuestionError.said_as(N_("only an insurance question shows a count"))
    system = read_system(match["system"])
    if (match["kind"] == "tc") != system.balanced:
        raise count_kind(system)
    return base, ShownCount(system, int(match["count"]))


@dataclass(frozen=True)
class Play:
    """A play question worked out: the cell, the legal plays with their EVs, the right one."""

    situation: Situation
    cell: Cell
    code: str
    evs: dict[str, float]  # legal plays only, by key
    right: str
    insurance: bool = False
    natural: bool = False
    notes: tuple[str, ...] = field(default=())
    shown: ShownCount | None = None  # the count an insurance question is played by
    # Where a count is shown: the insurance indices of its system under these rules, and the
    # counts they were looked for over (the lowest and the highest).
    indices: tuple[IndexPlay, ...] = ()
    grid: tuple[int, int] = (0, 0)
    # At 002's deal method 3: whether the dealer doubled the stakes (the play reads it), and
    # his chances to double by his face-down first card, ace first; None and () elsewhere.
    doubled: bool | None = None
    doubling: tuple[float, ...] = ()
    # Whether the dealer has a card under his up card (insurance is on it), or his second is
    # dealt after the players (003's casino, no hole card: insurance is on that card).
    hole_card: bool = True

    @property
    def keys(self) -> dict[str, str]:
        if not self.insurance:
            return PLAY_KEYS
        return EVEN_MONEY_KEYS if self.natural else INSURANCE_KEYS
