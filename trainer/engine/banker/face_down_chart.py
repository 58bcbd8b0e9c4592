"""The punter's chart of one column at 004 as its text deals it: no banker card, so one code
per total, and the fixed point's figures beside it (:mod:`.face_down`).

A row's code is the play that is best on average over the two-card hands making that total,
each weighed by its chance; a row is *mixed* where some of its hands are played the other way
for their exact cards (the chart's own exceptions). After a draw the banker reads how many
cards the punter took, so the rows after one and after two draws are shown apart: the same
total can be a draw after one card and a stand after two.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.banker.face_down import (
    FixedPoint,
    Hand,
    fixed_point,
    is_soft,
    punter_reach,
    total_of,
)
from trainer.engine.rulebook.rules import Rules

__all__ = ["ChartRow", "OneColumnChart", "one_column_chart"]


@dataclass(frozen=True)
class ChartRow:
    """One row: hard or soft, the total, the cards drawn so far, the code, and how many
    chances in a hundred of the row's hands are played the other way (0: none)."""

    soft: bool
    total: int
    drawn: int
    code: str  # "H" draw, "S" stand
    otherwise: float  # the share of the row's hands (by chance) played the other way

    @property
    def label(self) -> str:
        return f"{'soft' if self.soft else 'hard'} {self.total}"


@dataclass(frozen=True)
class OneColumnChart:
    """The chart, by cards drawn (0: the two dealt cards), with the fixed point's figures."""

    rules: Rules
    rows: tuple[ChartRow, ...]
    point: FixedPoint

    @property
    def house_edge(self) -> float:
        """The bank's edge, in percent of a punter's stake (below 0: the punters have it)."""
        return -100 * self.point.edge

    def by_drawn(self, drawn: int) -> tuple[ChartRow, ...]:
        return tuple(row for row in self.rows if row.drawn == drawn)


def one_column_chart(rules: Rules) -> OneColumnChart:
    """The punters' chart for ``rules`` (004, every card face down) at the fixed point.

    :raises ValueError: for rules that show a banker card (``deal_faces`` not all-down).
    """
    if rules.deal_faces != "all-down":
        raise ValueError("deal_faces: the chart of one column is source 004's, all-down")
    point = fixed_point(rules)
    reach = punter_reach(rules, point.punter)
    cells: dict[tuple[int, bool, int], list[tuple[Hand, float]]] = {}
    for hand, chance in reach.items():
        key = (len(hand) - 2, is_soft(hand), total_of(hand))
        cells.setdefault(key, []).append((hand, chance))
    rows = []
    for (drawn, soft, total), hands in sorted(cells.items(), key=lambda item: item[0]):
        values = point.punter.values
        gain = sum(chance * (values[h][1] - values[h][0]) for h, chance in hands if h in values)
        code = "H" if gain > 0 else "S"
        weight = sum(chance for _, chance in hands)
        other = sum(chance for h, chance in hands if point.punter.moves.get(h, "S") != code)
        rows.append(ChartRow(soft, total, drawn, code, other / weight if weight else 0.0))
    return OneColumnChart(rules, tuple(rows), point)
