"""What the count is worth to play: EVs at a count and deviation indices, for any rules and any
of the nine counting systems, from the exact strategy engine (``docs/counting-indices.md``).

For drills::

    composition_at(rules, system, 3)           # the shoe at a true count of +3
    action_evs_at(rules, system, 3, "T6", "T")  # {Action.STAND: ..., Action.HIT: ...}
    indices(rules, system)                     # the IndexTable, from the disk cache if there
    indices(rules, system).find("hard 16", "10")
"""

from __future__ import annotations

from trainer.engine.indices.cache import cached_indices, indices
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
from trainer.engine.indices.table import IndexTable, Play, compute_indices

__all__ = [
    "COUNT_LIMIT",
    "CountOutOfRangeError",
    "IndexTable",
    "Play",
    "action_evs_at",
    "cached_indices",
    "chart_at",
    "composition_at",
    "compute_indices",
    "count_kind",
    "indices",
    "insurance_ev",
    "reference_cards_left",
]
