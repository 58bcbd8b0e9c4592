"""How often a hand can make a deviation error: the chance that a hand meets one of the
deviations drill's index plays at a count that calls for it (``due``) and at one that does not
(``not_due``). The learner's error model prices each deviation kind at it (a wrong index play
can only be made on a hand in an index's cell), not at every hand.

For the cells the drill asks by default (:func:`drills.deviations.pool`: insurance, the
Illustrious 18 and the Fab 4 that have an index under the rules; the drill's other choices live
in the page's address only, and are not kept), each cell's chance from the rules' deal
(:func:`trainer.engine.indices.cells.cell_chance`, exact) times the share of rounds that start
at a count where one of the cell's indices applies (or none does), from the count study's
exact count frequencies (:attr:`trainer.engine.indices.EdgeTable.counts`). A cell whose indices
are all stand-or-hit plays counts its hands of three cards or more too, as basic strategy
reaches them (a counter stands on a three-card 12 against a 2 at the index as on two cards);
a double, a split, a surrender or insurance is on the first two cards only::

    due     = sum over cells of P(cell) x P(a cell's index applies at the count)
    not_due = sum over cells of P(cell) x P(none applies)

The index is read at the count a player sees, the frequencies are the counts rounds start at:
the cards on the table that move one to the other are left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from drills.base import InvalidOptionError, LearnerState
from drills.caches import Caches, strategy_dir
from drills.count_study import StudyNotForGameError, StudyPendingError, study_for
from drills.deviations import pool
from trainer.engine.counting import CountingSystem
from trainer.engine.indices import Study
from trainer.engine.indices.cells import cell_chance
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.cache import cached
from trainer.engine.strategy.chart import Chart

__all__ = ["Reach", "reach", "reach_of"]


@dataclass(frozen=True)
class Reach:
    """The chance a hand meets one of the drill's index plays where it is due and where not."""

    due: float
    not_due: float
    cells: int  # the cells counted

    @property
    def any(self) -> float:
        return self.due + self.not_due

    def of(self, kind: str) -> float:
        """The chance of a deviation kind's situation: ``deviation`` (due) or ``taken``."""
        return self.due if kind == "deviation" else self.not_due


_ANY_CARDS = frozenset("HS")  # the plays made on a hand of any number of cards


def reach_of(rules: Rules, found: Study, chart: Chart) -> Reach:
    """The reach of the drill's default cells under ``rules``, by the count study ``found``
    and the rules' basic-strategy ``chart`` (the hits that reach a longer hand)."""
    try:
        cells, _ = pool(found.indices, LearnerState())
    except InvalidOptionError:  # no cell has an index: no deviation can be made
        return Reach(0.0, 0.0, 0)
    shares = [(edge.count, edge.share) for edge in found.edge.counts]
    whole = sum(share for _, share in shares) or 1.0
    due = not_due = 0.0
    for hand, dealer in cells:
        plays = found.indices.find(hand, dealer)
        letters = {letter for play in plays for letter in (play.play, play.basic)}
        later = chart if letters <= _ANY_CARDS else None
        chance = float(cell_chance(rules, hand, dealer, later=later))
        past = sum(share for count, share in shares if any(p.applies(count) for p in plays))
        due += chance * past / whole
        not_due += chance * (whole - past) / whole
    return Reach(due, not_due, len(cells))


@lru_cache(maxsize=64)
def _kept(rules: Rules, system: CountingSystem, caches: Caches | None) -> Reach:
    """:raises StudyNotForGameError, StudyPendingError: (not cached: a study may come)."""
    found = study_for(rules, system, caches=caches)
    chart = cached(rules, cache_dir=strategy_dir(caches))
    if chart is None:  # kept beside the study, which was worked out from it
        raise StudyPendingError(rules, system)
    return reach_of(rules, found, chart)


def reach(rules: Rules, system: CountingSystem, caches: Caches | None = None) -> Reach | None:
    """:func:`reach_of` the kept count study of ``rules`` and ``system``; ``None`` where there
    is none (not worked out yet, or a game the count study does not read)."""
    try:
        return _kept(rules, system, caches)
    except (StudyNotForGameError, StudyPendingError):
        return None
