"""002's deal method 3 at a table of several punters: the dealer's doubling chances and the
bank's edge by the table's size (issue 27).

The game's figures (:mod:`.method3`: the dealer's chances ``p*``, the bank's edge) are one
punter against the dealer. At a table the engine's punters also read the cards the other
punters show (:mod:`.method3_reading`), which lowers the bank's edge and moves what doubling
gains the dealer on each first card: at ``p*`` he is indifferent on a five and a six against
one punter, and the table's reading can tip him there (or on another card).
``bench/method3_reading.py --double-gains`` measures it by simulation, a table size at a time
(paired rounds, doubled and not, every turn enumerated exactly; the method and its standard
errors in its docstring and docs/table.md), and writes the figures and, for each size, the
engine's dealer's chances there: ``p*``, but where the table's shift of a card's gain is
resolved (beyond two standard errors) and the changes together move the bank's edge by more
than 0.05 points, double on that card always or never. They are kept in
``data/method3_tables.json``, that program's output, its command and seed in the file: a
rule set other than the one it was measured for (``rules``), or a table size it does not hold,
keeps ``p*``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from trainer.engine.rulebook.rules import Rules

__all__ = ["TableFigures", "table_chance", "table_figures"]


@dataclass(frozen=True)
class TableFigures:
    """The bench's figures for a table of ``punters`` reading punters (module doc)."""

    punters: int
    edge: float  # the bank's edge with the dealer at p*, per unit of a punter's stake
    edge_se: float
    chances: tuple[float, ...]  # the engine's dealer's doubling chances here, ace first
    edge_now: float  # the bank's edge with the dealer at those chances
    edge_now_se: float

    def changed(self, p_star: tuple[float, ...]) -> tuple[int, ...]:
        """The first cards (values) on which these chances are not ``p_star``."""
        return tuple(
            card for card, (a, b) in enumerate(zip(self.chances, p_star, strict=True), 1) if a != b
        )


@cache
def _document() -> dict[str, Any]:
    text = resources.files("trainer.engine").joinpath("data/method3_tables.json").read_text("utf-8")
    found: dict[str, Any] = json.loads(text)
    return found


def table_figures(rules: Rules) -> tuple[TableFigures, ...]:
    """The figures by table size (fewest punters first), for the rule set they were measured
    for; none for another."""
    document = _document()
    if rules.notation() != document["rules"] or rules.deal_method != 3:
        return ()
    return tuple(
        TableFigures(
            int(size["punters"]),
            float(size["edge_at_p_star"]),
            float(size["edge_at_p_star_se"]),
            tuple(float(c) for c in size["chances"]),
            float(size["edge_at_policy"]),
            float(size["edge_at_policy_se"]),
        )
        for size in sorted(document["tables"], key=lambda size: int(size["punters"]))
    )


def table_chance(rules: Rules, first: int, punters: int) -> float | None:
    """The engine's dealer's chance to double holding ``first`` (1 to 10) at a table of
    ``punters``, or None where the bench has no figure for it (then ``p*``)."""
    for size in table_figures(rules):
        if size.punters == punters:
            return size.chances[first - 1]
    return None
