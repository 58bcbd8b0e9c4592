"""Whether a deviations-drill question asked at a count where its index is due: the learner's
error model (:mod:`drills.error_model`) reads the drill's answers as two kinds of error, an
index play missed where the count calls for it, and basic strategy left where it does not
(most often the index play taken too early: standing on 16 against a 10 at a negative count,
insurance below its index).

The stored answer keeps the question's notation and the rules it was asked under; the cell's
indices are read again from the count study (:func:`drills.count_study.study_for`), as the
drill read them when it graded the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Protocol

from drills.base import InvalidQuestionError
from drills.caches import Caches
from drills.count_study import StudyNotForGameError, StudyPendingError, study_for
from drills.counting.true_count import tray_true_count
from drills.deviations import Asked, read_question
from trainer.engine.counting import find_system
from trainer.engine.indices import IndexTable
from trainer.engine.rulebook.rule_options import InvalidRulesError
from trainer.engine.rulebook.rules import Rules

__all__ = ["index_due", "reader"]


class Stored(Protocol):
    """What is read of a stored answer: its question and the rules' notation."""

    @property
    def question(self) -> str: ...
    @property
    def rules(self) -> str: ...


@lru_cache(maxsize=64)
def _rules(notation: str) -> Rules:
    return Rules.parse(notation)


@lru_cache(maxsize=64)
def _indices(rules: Rules, system: str, caches: Caches | None) -> IndexTable:
    """The index table of a kept count study (a study not kept yet raises, and is not cached)."""
    return study_for(rules, find_system(system), caches=caches).indices


def _count(asked: Asked, rules: Rules) -> Fraction:
    """The count the play is decided by: as given, or the tray's true count (as the drill's
    ``read_count`` works it out, without the words)."""
    if asked.played is None:
        return Fraction(asked.count)
    return tray_true_count(
        Fraction(asked.count), rules.decks, asked.played, asked.convention, asked.resolution
    )


@lru_cache(maxsize=32_768)  # some 40 microseconds each to read afresh
def index_due(question: str, rules: str, caches: Caches | None = None) -> bool | None:
    """Whether one of the cell's indices applies at the question's count; ``None`` where that
    cannot be read (a notation the drill could not have written, rules that no longer parse, a
    count study not worked out)."""
    try:
        game = _rules(rules)
        asked = read_question(question, game)
        table = _indices(game, asked.system.slug, caches)
    except (InvalidQuestionError, InvalidRulesError, StudyNotForGameError, StudyPendingError):
        return None
    plays = table.find(*asked.cell(game))
    if not plays:
        return None
    count = float(_count(asked, game))
    return any(play.applies(count) for play in plays)


def reader(caches: Caches | None = None) -> Callable[[Stored], bool | None]:
    """:func:`index_due` of a stored answer, the study read from ``caches``."""
    return lambda answer: index_due(answer.question, answer.rules, caches)
