"""The basic-strategy chart as every drill and page reads it: the chart a rule set plays, and
the words of its plays and of the insurance answers, in the order the buttons show them.

The quiz (:mod:`drills.strategy_quiz`), table play (:mod:`drills.table_play`), the deviations
(:mod:`drills.deviations`), the table and the strategy page all read the chart here, so that
none of them imports another's drill.
"""

from __future__ import annotations

from drills.caches import Caches, strategy_dir
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import Chart, chart
from trainer.engine.strategy.cache import cached

__all__ = ["EVEN_MONEY_KEYS", "INSURANCE_KEYS", "PLAY_KEYS", "cached_chart_for", "chart_for"]

# The answer keys, in the order the buttons show them.
PLAY_KEYS: dict[str, str] = {
    "H": "Hit",
    "S": "Stand",
    "D": "Double",
    "P": "Split",
    "R": "Surrender",
}
INSURANCE_KEYS: dict[str, str] = {"I": "Take insurance", "N": "No insurance"}
EVEN_MONEY_KEYS: dict[str, str] = {"I": "Take even money", "N": "No, play the natural"}


def chart_for(rules: Rules, *, caches: Caches | None = None) -> Chart:
    """The chart these rules play (from ``caches``' charts when it is there)."""
    return chart(rules, cache_dir=strategy_dir(caches))


def cached_chart_for(rules: Rules, *, caches: Caches | None = None) -> Chart | None:
    """The chart these rules play if it is worked out already (memory or disk), else None."""
    return cached(rules, cache_dir=strategy_dir(caches))
