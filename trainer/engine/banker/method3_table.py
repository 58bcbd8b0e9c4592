"""002's deal method 3 at a table of several punters: the dealer's doubling chances and the
bank's edge by the table's size (issue 27).

The game's figures (:mod:`.method3`: the dealer's chances ``p*``, the bank's edge) are one
punter against the dealer. At a table the engine's punters also read the cards the other
punters show (:mod:`.method3_reading`), which lowers the bank's edge and moves what doubling
gains the dealer on each first card. ``bench/method3_reading.py --double-gains`` measures it by
simulation, a table size at a time, the punters reading the dealer's double by the chances its
``--read`` gives (paired rounds, doubled and not, every turn enumerated exactly; the method and
its standard errors in its docstring and docs/table.md), and writes the bank's edge there and,
for each size, the engine's dealer's chances: the chances its punters read, so that what they
read is what he does. A dealer answering the table's reading by doubling otherwise than they
read is no fixed point: read in turn, never doubling on a five or a six at four punters gives
the bank some three points less; the rounds tried are in docs/table.md. They are kept in
``data/method3_tables.json``, that program's output, its command and seed in the file: a rule
set other than the one it was measured for (``rules``), or a table size it does not hold, keeps
``p*``.

``p*`` is one punter's equilibrium, not the table's: at a table doubling on a five or a six at
``p*`` loses the dealer some hundredths of a stake. ``bench/method3_oracle.py`` searches for the
table's own (a double oracle on dealt rounds: the dealer's best chances against the punters'
best mix of the plays found, the punters' best answer to them added, until the two bounds meet),
and where it has searched a size (``data/method3_equilibria.json``, its outputs, each size's
command in it) the dealer doubles by the chances it found, his punters read them, and the
bank's edge is its figure there: the sizes the trainer's table seats.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from trainer.engine.rulebook.rules import Rules

__all__ = ["TableFigures", "table_chance", "table_chances", "table_figures"]


@dataclass(frozen=True)
class TableFigures:
    """The bench's figures for a table of ``punters`` reading punters (module doc)."""

    punters: int
    chances: tuple[float, ...]  # the engine's dealer's doubling chances here (ace first)
    edge: float  # the bank's edge, the dealer at those chances, per unit of a punter's stake
    edge_se: float


@cache
def _document(name: str = "method3_tables.json") -> dict[str, Any]:
    text = resources.files("trainer.engine").joinpath(f"data/{name}").read_text("utf-8")
    found: dict[str, Any] = json.loads(text)
    return found


@lru_cache(maxsize=16)
def table_figures(rules: Rules) -> tuple[TableFigures, ...]:
    """The figures by table size (fewest punters first), for the rule set they were measured
    for (none for another): the table's equilibrium where the search has found it (module
    doc), else ``p*``'s. Kept by rules: the dealer asks for his chance every round of every
    replay of a table."""
    document, searched = _document(), _document("method3_equilibria.json")
    rules = rules.played()  # with or without the auction for the deal, the same table
    if rules.notation() != document["rules"] or rules.deal_method != 3:
        return ()
    found = {
        int(size["punters"]): TableFigures(
            int(size["punters"]),
            tuple(float(c) for c in size["chances"]),
            float(size["edge_at_read"]),
            float(size["edge_at_read_se"]),
        )
        for size in document["tables"]
    }
    if rules.notation() == searched["rules"]:
        for size in searched["tables"]:
            chances = tuple(float(c) for c in size["chances"])
            found[int(size["punters"])] = TableFigures(
                int(size["punters"]), chances, float(size["edge"]), float(size["edge_se"])
            )
    return tuple(found[n] for n in sorted(found))


def table_chance(rules: Rules, first: int, punters: int) -> float | None:
    """The engine's dealer's chance to double holding ``first`` (1 to 10) at a table of
    ``punters``, or None where the bench has no figure for it (then ``p*``)."""
    chances = table_chances(rules, punters)
    return None if chances is None else chances[first - 1]


def table_chances(rules: Rules, punters: int) -> tuple[float, ...] | None:
    """The engine's dealer's doubling chances (ace first) at a table of ``punters``, which its
    punters read his double by, or None where the bench has no figure for it (then ``p*``)."""
    for size in table_figures(rules):
        if size.punters == punters:
            return size.chances
    return None
