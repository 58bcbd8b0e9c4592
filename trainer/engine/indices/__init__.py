"""What the count is worth to play: EVs at a count and deviation indices, for any rules and any
of the nine counting systems, from the exact strategy engine (``docs/counting-indices.md``).

For drills::

    composition_at(rules, system, 3)           # the shoe at a true count of +3
    action_evs_at(rules, system, 3, "T6", "T")  # {Action.STAND: ..., Action.HIT: ...}
    indices(rules, system)                     # the IndexTable, from the disk cache if there
    indices(rules, system).find("hard 16", "10")
    bet_ramp(edge_by_count(rules, system), 10_000, 0.05)   # a Kelly ramp for a bankroll, risk
"""

from __future__ import annotations

from trainer.engine.indices.cache import cached_study, edge_by_count, indices, study
from trainer.engine.indices.edge import (
    BetRamp,
    CountEdge,
    EdgeTable,
    InvalidRampError,
    bet_ramp,
    count_frequencies,
    ramp_game,
)
from trainer.engine.indices.shoes import (
    COUNT_LIMIT,
    CountOutOfRangeError,
    action_evs_at,
    chart_at,
    composition_at,
    count_kind,
    insurance_ev,
    reference_cards_left,
)
from trainer.engine.indices.study import Study, compute_indices, compute_study
from trainer.engine.indices.table import IndexTable, Play

__all__ = [
    "COUNT_LIMIT",
    "BetRamp",
    "CountEdge",
    "CountOutOfRangeError",
    "EdgeTable",
    "IndexTable",
    "InvalidRampError",
    "Play",
    "Study",
    "action_evs_at",
    "bet_ramp",
    "ramp_game",
    "cached_study",
    "chart_at",
    "composition_at",
    "compute_indices",
    "compute_study",
    "count_frequencies",
    "edge_by_count",
    "study",
    "count_kind",
    "indices",
    "insurance_ev",
    "reference_cards_left",
]
