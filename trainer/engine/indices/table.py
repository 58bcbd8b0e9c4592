"""Deviation indices: the count at which the best play of a chart cell leaves the basic one.

For every chart cell (hard, soft, pairs; surrender where the rules allow it) and insurance, the
charts at a grid of counts (:func:`count_grid`) give the best play at each count, from the
cell's exact EVs on the shoe at that count (:mod:`.shoes`). The basic play is the chart's first
action off the top of a full shoe. Around the neutral count the basic play is best over an
interval of counts; where it stops, above and below, the best play there is the deviation and
the index is where the two plays' EVs cross (linear between grid counts), as the player reads
the count: with the cards on the table counted (the up card and the hand's own cards, the
cell's average tag), so that the index is the count a player sees when deciding.

An index ``i`` with ``when == "at_or_above"`` means: make the play when the count is ``i`` or
more; with ``when == "below"``: make it when the count is less than ``i``. Counts are true
counts for balanced systems, running counts (from the initial count) for KO and Red 7.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from trainer.engine.counting import CountingSystem
from trainer.engine.indices.shoes import (
    COUNT_LIMIT,
    CountOutOfRangeError,
    composition_at,
    count_kind,
    insurance_ev,
    neutral_count,
    reference_cards_left,
)
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.chart import Chart
from trainer.engine.strategy.dealer import full_shoe

__all__ = [
    "FAB_4",
    "ILLUSTRIOUS_18",
    "IndexTable",
    "Play",
    "count_grid",
    "least_penetration",
    "plays_of",
]

# The Illustrious 18 and the Fab 4 (Schlesinger, "Blackjack Attack"), as index-table cells.
ILLUSTRIOUS_18: tuple[tuple[str, str], ...] = (
    ("insurance", "A"),
    ("hard 16", "10"),
    ("hard 15", "10"),
    ("10-10", "5"),
    ("10-10", "6"),
    ("hard 10", "10"),
    ("hard 12", "3"),
    ("hard 12", "2"),
    ("hard 11", "A"),
    ("hard 9", "2"),
    ("hard 10", "A"),
    ("hard 9", "7"),
    ("hard 16", "9"),
    ("hard 13", "2"),
    ("hard 12", "4"),
    ("hard 12", "5"),
    ("hard 12", "6"),
    ("hard 13", "3"),
)
FAB_4: tuple[tuple[str, str], ...] = (
    ("hard 14", "10"),
    ("hard 15", "10"),
    ("hard 15", "9"),
    ("hard 15", "A"),
)

GRID_POINTS = 21  # charts computed per table (true counts -10..+10: one per count)
TRUE_COUNT_SPAN = 10


@dataclass(frozen=True)
class Play:
    """One index: in ``hand`` against ``dealer``, play ``play`` instead of ``basic`` when the
    count is at or above (or below) ``index``."""

    hand: str  # "hard 16", "soft 18", "10-10", "A-A", "insurance"
    dealer: str  # "2".."10", "A"
    basic: str  # chart letter (H S D P R), or "N" (no insurance)
    play: str  # chart letter, or "I" (insurance)
    index: int
    when: str  # "at_or_above" or "below"
    crossing: float = field(default=0.0, compare=False)  # where the EVs cross, before rounding

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "dealer": self.dealer,
            "basic": self.basic,
            "play": self.play,
            "index": self.index,
            "when": self.when,
        }

    def applies(self, count: float) -> bool:
        """Whether the deviation is the play at ``count``."""
        return count >= self.index if self.when == "at_or_above" else count < self.index


@dataclass(frozen=True)
class IndexTable:
    """Every index of one rule set and counting system."""

    rules: Rules
    system: CountingSystem
    plays: tuple[Play, ...]

    @property
    def count(self) -> str:
        return count_kind(self.system)

    def to_json(self) -> dict[str, Any]:
        """The ``python -m trainer indices --json`` document."""
        return {
            "rules": self.rules.notation(),
            "system": self.system.slug,
            "count": self.count,
            "plays": [play.to_json() for play in self.plays],
        }

    def find(self, hand: str, dealer: str) -> tuple[Play, ...]:
        """The indices of one cell (``find("hard 16", "10")``), at most one per direction."""
        return tuple(p for p in self.plays if p.hand == hand and p.dealer == dealer)

    def play_at(self, hand: str, dealer: str, count: float) -> str | None:
        """The play of one cell at ``count`` by its indices: a deviation whose index applies,
        else the basic play; ``None`` for a cell without an index (the chart's play holds)."""
        plays = self.find(hand, dealer)
        for play in plays:
            if play.applies(count):
                return play.play
        return plays[0].basic if plays else None


def count_grid(rules: Rules, system: CountingSystem) -> tuple[int, ...]:
    """The counts whose charts are computed: true counts -10..+10 for a balanced system; for an
    unbalanced one, running counts spanning the same true counts at the reference depth (at
    most -30..+30, evenly spaced)."""
    if system.balanced:
        return tuple(range(-TRUE_COUNT_SPAN, TRUE_COUNT_SPAN + 1))
    left = reference_cards_left(rules)
    centre = neutral_count(system, rules.decks, left)
    reach = TRUE_COUNT_SPAN * left / 52.0
    low = max(math.ceil(centre - reach), -COUNT_LIMIT)
    high = min(math.floor(centre + reach), COUNT_LIMIT)
    step = max(1, math.ceil((high - low) / (GRID_POINTS - 1)))
    return tuple(range(low, high + 1, step))


def least_penetration(rules: Rules, system: CountingSystem) -> Fraction | None:
    """``None`` where a study of ``rules`` can reach every count of its grid (:func:`count_grid`)
    at the depth it reads them at (:func:`reference_cards_left`); else the least penetration,
    in twentieths, that would (a cut card at 20% of six decks: no shoe of 281 cards left holds
    a true count of -10, and the study's job failed every time: a walk)."""

    def reaches(played: Rules) -> bool:
        try:
            for count in {min(count_grid(played, system)), max(count_grid(played, system))}:
                composition_at(played, system, count)
        except CountOutOfRangeError:
            return False
        return True

    if reaches(rules):
        return None
    for twentieths in range(math.ceil(rules.penetration * 20), 20):
        deeper = rules.replace(penetration=Fraction(twentieths, 20))
        if reaches(deeper):
            return deeper.penetration
    return Fraction(1)


def _mean_tags(system: CountingSystem) -> list[float]:
    red = system.red_tags if system.red_tags is not None else system.tags
    return [float(black + r) / 2.0 for black, r in zip(system.tags, red, strict=True)]


def _cell_hands(section: str, row: str) -> list[tuple[int, ...]]:
    """The two-card hands of a chart cell (none for the three-card rows)."""
    if section == "pairs":
        card = 1 if row.startswith("A") else int(row.split("-")[0])
        return [(card, card)]
    total = int(row)
    if section == "soft":
        return [(1, total - 11)] if total <= 20 else []
    return [(a, total - a) for a in range(2, 11) if a < total - a <= 10]


def _seen_shift(
    system: CountingSystem, rules: Rules, hands: list[tuple[int, ...]], up: int
) -> float:
    """How much the cards on the table (the up card, the cell's ``hands`` on average) add to
    the count the player reads, over the count of the shoe they were dealt from."""
    tags = _mean_tags(system)
    shoe = full_shoe(rules.decks)
    weights = [shoe[a - 1] * (shoe[b - 1] - (a == b)) for a, b in hands]
    seen = tags[up - 1]
    if hands and sum(weights) > 0:
        pairs = zip(weights, hands, strict=True)
        seen += sum(w * (tags[a - 1] + tags[b - 1]) for w, (a, b) in pairs) / sum(weights)
    if system.balanced:
        return seen * 52.0 / reference_cards_left(rules)
    return seen


def _letters(cell: dict[str, float]) -> str:
    return max(cell, key=lambda action: cell[action])


def _crossing(c0: float, c1: float, d0: float, d1: float) -> float:
    """Where ``d`` (linear from ``d0`` at ``c0`` to ``d1`` at ``c1``) crosses zero."""
    if d1 == d0:
        return c1
    return c0 + (c1 - c0) * (-d0) / (d1 - d0)


def _whole(x: float) -> int:
    """The nearest whole count (halves up), as published index tables round a crossing."""
    return math.floor(x + 0.5)


def _cell_plays(
    grid: tuple[int, ...],
    cells: list[dict[str, float]],
    basic: str,
    centre: float,
    shift: float,
) -> list[tuple[str, float, str]]:
    """(play, crossing, when) of one cell from its EVs at each grid count (the crossing as the
    player reads the count)."""
    best = [_letters(cell) for cell in cells]
    basic_at = [i for i, letter in enumerate(best) if letter == basic]
    if not basic_at:
        return []
    # The interval of counts around the neutral one where the basic play is best.
    start = min(basic_at, key=lambda i: abs(grid[i] - centre))
    lo = hi = start
    while lo > 0 and best[lo - 1] == basic:
        lo -= 1
    while hi < len(grid) - 1 and best[hi + 1] == basic:
        hi += 1
    plays = []
    if hi < len(grid) - 1:
        other = best[hi + 1]
        x = _crossing(
            grid[hi],
            grid[hi + 1],
            cells[hi][other] - cells[hi][basic],
            cells[hi + 1][other] - cells[hi + 1][basic],
        )
        plays.append((other, x + shift, "at_or_above"))
    if lo > 0:
        other = best[lo - 1]
        x = _crossing(
            grid[lo - 1],
            grid[lo],
            cells[lo - 1][basic] - cells[lo - 1][other],
            cells[lo][basic] - cells[lo][other],
        )
        plays.append((other, x + shift, "below"))
    return plays


def plays_of(
    rules: Rules,
    system: CountingSystem,
    grid: tuple[int, ...],
    charts: list[Chart],
    neutral: Chart,
) -> tuple[Play, ...]:
    """Every index, from the ``charts`` at the ``grid`` counts and the ``neutral`` (full packs)
    chart."""
    left = reference_cards_left(rules)
    centre = neutral_count(system, rules.decks, left)
    plays: list[Play] = []
    inside = range(grid[0], grid[-1] + 1)  # an index beyond the counts searched is left out
    if rules.insurance:
        cells = [{"I": insurance_ev(composition_at(rules, system, c)), "N": 0.0} for c in grid]
        basic = "I" if insurance_ev(full_shoe(rules.decks)) > 0 else "N"
        shift = _seen_shift(system, rules, [], 1)  # the player's cards unknown
        for play, x, when in _cell_plays(grid, cells, basic, centre, shift):
            if _whole(x) in inside:
                plays.append(Play("insurance", "A", basic, play, _whole(x), when, x))
    for section in ("hard", "soft", "pairs"):
        for row, by_up in neutral.codes[section].items():
            for up_label, code in by_up.items():
                up = 1 if up_label == "A" else int(up_label)
                found = [chart.evs[section].get(row, {}).get(up_label) for chart in charts]
                cells = [cell for cell in found if cell is not None]
                if len(cells) < len(found):
                    continue  # a cell some count's shoe cannot deal
                hands = _cell_hands(section, row)
                shift = _seen_shift(system, rules, hands, up)
                hand = row if section == "pairs" else f"{section} {row}"
                for play, x, when in _cell_plays(grid, cells, code[0], centre, shift):
                    if _whole(x) in inside:
                        plays.append(Play(hand, up_label, code[0], play, _whole(x), when, x))
    return tuple(plays)
