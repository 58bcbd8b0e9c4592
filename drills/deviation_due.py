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
from functools import lru_cache
from typing import Protocol

from drills.base import InvalidQuestionError
from drills.caches import Caches
from drills.count_study import StudyNotForGameError, StudyPendingError, study_for
from drills.deviations import read_count, read_question
from trainer.engine.rulebook.rule_options import InvalidRulesError
from trainer.engine.rulebook.rules import Rules

__all__ = ["index_due", "reader"]


class Asked(Protocol):
    """What is read of a stored answer: its question and the rules' notation."""

    @property
    def question(self) -> str: ...
    @property
    def rules(self) -> str: ...


@lru_cache(maxsize=4096)
def index_due(question: str, rules: str, caches: Caches | None = None) -> bool | None:
    """Whether one of the cell's indices applies at the question's count; ``None`` where that
    cannot be read (a notation the drill could not have written, rules that no longer parse, a
    count study not worked out)."""
    try:
        game = Rules.parse(rules)
        asked = read_question(question, game)
        table = study_for(game, asked.system, caches=caches).indices
    except (InvalidQuestionError, InvalidRulesError, StudyNotForGameError, StudyPendingError):
        return None
    plays = table.find(*asked.cell(game))
    if not plays:
        return None
    count = float(read_count(asked, game).value)
    return any(play.applies(count) for play in plays)


def reader(caches: Caches | None = None) -> Callable[[Asked], bool | None]:
    """:func:`index_due` of a stored answer, the study read from ``caches``."""
    return lambda answer: index_due(answer.question, answer.rules, caches)
