"""The edge by count, how often each count comes up, and a bet ramp from them.

- **Edge at a count** (per unit of the initial bet, positive when the player has it): the exact
  edge of playing on the shoe at that count (:mod:`.shoes`), total-dependent as the chart's
  house edge is: with **basic strategy** (the chart off the top, whatever the count), and **with
  the indices** (the best chart at that count, insurance taken where it pays).
- **How often** each count stands at the start of a round: exact over the pack, not simulated.
  The tag sum of the cards gone at depth ``d`` has a law computed by convolving the binomial
  counts of each tag's cards (``sum_t ways[d][t] = C(N, d)``); round starts are taken as evenly
  spread over the depths from the burn to the cut card (at least 10 cards left). A true count is
  read exactly (``tag sum x 52 / cards left``) and rounded to the nearest whole count (halves
  away from zero); counts beyond the grid's ends are counted at its ends.
- **The ramp**: a bet proportional to the edge over the variance (Kelly) at each count, as a
  fraction ``x`` of the bankroll: betting ``x B e / v`` on a fixed bankroll ``B`` has a risk of
  ruin ``exp(-2 / x)`` (the diffusion approximation ``exp(-2 mu B / sigma^2)``), so the risk
  chosen gives ``x = -2 / ln(risk)``. Bets are rounded to table units (the table minimum),
  never below the minimum nor above the maximum; at counts without an edge the minimum is bet.
  The win rate and standard deviation per 100 rounds, and the risk of ruin, are those of the
  rounded ramp. The variance of one round is taken as :data:`ROUND_VARIANCE` for every count.
- **A ramp's game** (:func:`ramp_game`, what ``python -m trainer risk`` works its risk from):
  betting ``b`` units at a count where a unit expects ``e``, a round wins ``b e`` on average with
  a second moment of ``b^2 (v + e^2)``; over the counts' shares the win rate is
  ``sum(share b e)`` and the variance ``sum(share b^2 (v + e^2))`` less its square. A ramp
  steps at the floor of the exact true count (as the simulator's does), while a whole count
  here holds the exact counts within half a count of it: its rounds below it (taken as half)
  bet the step below, those at or above it the count's own (a running count is whole: its own).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from trainer.engine.counting import CountingSystem
from trainer.engine.rulebook.rules import Rules

__all__ = [
    "ROUND_VARIANCE",
    "BetRamp",
    "CountEdge",
    "EdgeTable",
    "InvalidRampError",
    "bet_ramp",
    "check_ramp",
    "count_frequencies",
    "kelly_bet",
    "kelly_fraction",
    "ramp_game",
]

# The variance of one round of blackjack in units of the initial bet squared: 1.3 for six decks
# (Schlesinger, "Blackjack Attack", 3rd ed., uses 1.3; standard deviation about 1.14). The
# strategy engine computes first moments only, so the figure is taken, not computed.
ROUND_VARIANCE = 1.3
MAX_BANKROLL = 10**9


class InvalidRampError(ValueError):
    """A bankroll or a risk that makes no bet ramp (below the table minimum, a risk of 0 or 1)."""


@dataclass(frozen=True)
class CountEdge:
    """The player's edge at one count and how often a round starts at it."""

    count: int
    share: float  # of rounds
    basic: float  # edge playing basic strategy (fraction of the bet)
    indices: float  # edge playing the best chart at this count, insurance where it pays


@dataclass(frozen=True)
class EdgeTable:
    """The edge at each count of the grid, for one rule set and system."""

    rules: Rules
    system: CountingSystem
    counts: tuple[CountEdge, ...]

    @property
    def flat_edge(self) -> float:
        """The edge of flat betting with the indices (the share-weighted mean)."""
        return sum(c.share * c.indices for c in self.counts)

    def slope(self, low: int = 0, high: int = 4) -> float:
        """How much the basic-strategy edge rises per count from ``low`` to ``high``."""
        by = {c.count: c.basic for c in self.counts}
        return (by[high] - by[low]) / (high - low)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.notation(),
            "system": self.system.slug,
            "count": "true" if self.system.balanced else "running",
            "edges": [
                {
                    "count": c.count,
                    "share": round(c.share, 6),
                    "edge_basic_percent": round(100 * c.basic, 4),
                    "edge_indices_percent": round(100 * c.indices, 4),
                }
                for c in self.counts
            ],
        }

    @classmethod
    def from_json(cls, rules: Rules, system: CountingSystem, data: dict[str, Any]) -> EdgeTable:
        counts = tuple(
            CountEdge(
                count=int(row["count"]),
                share=float(row["share"]),
                basic=float(row["edge_basic_percent"]) / 100,
                indices=float(row["edge_indices_percent"]) / 100,
            )
            for row in data["edges"]
        )
        return cls(rules, system, counts)


def _tag_groups(system: CountingSystem, decks: int) -> tuple[dict[int, int], int]:
    """Cards per tag (tags scaled to whole numbers) and the scale."""
    red = system.red_tags if system.red_tags is not None else system.tags
    scale = math.lcm(*(t.denominator for t in (*system.tags, *red)))
    groups: dict[int, int] = {}
    for v in range(10):
        cards = (16 if v == 9 else 4) * decks
        for tag, share in ((system.tags[v], cards // 2), (red[v], cards - cards // 2)):
            key = int(tag * scale)
            groups[key] = groups.get(key, 0) + share
    return groups, scale


def _ways(groups: dict[int, int], deepest: int) -> tuple[np.ndarray, int]:
    """``ways[d, t + offset]``: how many sets of ``d`` cards hold a (scaled) tag sum ``t``."""
    low = sum(min(tag, 0) * cards for tag, cards in groups.items())
    high = sum(max(tag, 0) * cards for tag, cards in groups.items())
    width = high - low + 1
    ways = np.zeros((deepest + 1, width))
    ways[0, -low] = 1.0
    for tag, cards in groups.items():
        grown = np.zeros_like(ways)
        for j in range(min(cards, deepest) + 1):
            shift = tag * j
            rows = deepest + 1 - j
            source = ways[:rows]
            if shift >= 0:
                grown[j:, shift:] += math.comb(cards, j) * source[:, : width - shift]
            else:
                grown[j:, :shift] += math.comb(cards, j) * source[:, -shift:]
        ways = grown
    return ways, -low


def count_frequencies(
    rules: Rules, system: CountingSystem, grid: tuple[int, ...]
) -> dict[int, float]:
    """The share of rounds starting at each count of ``grid`` (see the module)."""
    decks = rules.decks
    size = 52 * decks
    cut = min(round(float(rules.penetration) * size), size - 10)
    first = min(rules.burn_cards, cut - 1)
    groups, scale = _tag_groups(system, decks)
    ways, offset = _ways(groups, cut)
    sums = (np.arange(ways.shape[1]) - offset) / scale
    grid_array = np.array(grid, dtype=float)
    consecutive = list(grid) == list(range(grid[0], grid[-1] + 1))
    shares = np.zeros(len(grid))
    start = float(system.initial_running_count(decks))
    for d in range(first, cut):
        law = ways[d] / math.comb(size, d)
        left = size - d
        counts = sums * 52.0 / left if system.balanced else sums + start
        if consecutive:  # the nearest whole count, halves away from zero
            whole = np.sign(counts) * np.floor(np.abs(counts) + 0.5)
            nearest = (np.clip(whole, grid[0], grid[-1]) - grid[0]).astype(np.intp)
        else:
            nearest = np.abs(counts[:, None] - grid_array[None, :]).argmin(axis=1)
        shares += np.bincount(nearest, weights=law, minlength=len(grid))
    shares /= cut - first
    return {count: float(share) for count, share in zip(grid, shares, strict=True)}


@dataclass(frozen=True)
class BetRamp:
    """A bet per count, and what the ramp wins."""

    bankroll: Fraction
    risk: float  # of ruin chosen
    kelly_fraction: float
    bets: tuple[tuple[int, Fraction], ...]  # (count, bet)
    win_per_100: float  # money per 100 rounds
    sd_per_100: float
    risk_of_ruin: float  # of the rounded ramp

    @property
    def loses(self) -> bool:
        """Whether the ramp does not beat the game (a 6:5 game, too small a bankroll to spread):
        said as a loss wherever its win is said."""
        return self.win_per_100 <= 0

    def bet_at(self, count: float) -> Fraction:
        """The bet at ``count`` (the nearest count of the ramp; the ends beyond them)."""
        return min(self.bets, key=lambda row: abs(row[0] - count))[1]

    def to_json(self) -> dict[str, Any]:
        return {
            "bankroll": float(self.bankroll),
            "risk": self.risk,
            "kelly_fraction": round(self.kelly_fraction, 4),
            "bets": [{"count": count, "bet": float(bet)} for count, bet in self.bets],
            "win_per_100": round(self.win_per_100, 2),
            "sd_per_100": round(self.sd_per_100, 2),
            "risk_of_ruin": round(self.risk_of_ruin, 4),
        }


def check_ramp(rules: Rules, bankroll: Fraction | int | str, risk: float) -> Fraction:
    """The bankroll as a number, once it and the risk are known to make a ramp.

    :raises InvalidRampError: for a bankroll below the table minimum (or above 10^9), or a
        risk not strictly between 0 and 1.
    """
    try:
        if isinstance(bankroll, str) and not bankroll.isascii():  # digits 0-9 only
            raise ValueError(bankroll)
        money = Fraction(bankroll)
    except (ValueError, ZeroDivisionError):
        raise InvalidRampError(f"bankroll: not a number: {str(bankroll)[:20]!r}") from None
    if not rules.min_bet <= money <= MAX_BANKROLL:
        raise InvalidRampError(
            f"bankroll {money} must be at least the table minimum ({rules.min_bet}) and at "
            f"most {MAX_BANKROLL}"
        )
    if not 0.0 < risk < 1.0:  # NaN fails too
        raise InvalidRampError(f"risk of ruin must be above 0 and below 1, not {risk}")
    return money


def kelly_fraction(risk: float) -> float:
    """The share of the full Kelly bet that keeps the risk of ruin at ``risk``."""
    return -2.0 / math.log(risk)


def kelly_bet(
    rules: Rules,
    edge: float,
    bankroll: Fraction,
    risk: float,
    *,
    variance: float = ROUND_VARIANCE,
) -> Fraction:
    """The ramp's bet where a unit staked expects ``edge`` with ``variance``: the Kelly
    fraction of ``risk`` times the bankroll times the edge over the variance, in whole units
    of the table minimum, one at least (the minimum where there is no edge), and within the
    table maximum (004 has none: not capped there)."""
    unit = rules.min_bet
    ideal = kelly_fraction(risk) * float(bankroll) * edge / variance
    bet = unit * max(1, round(ideal / float(unit)))
    return bet if rules.max_bet is None else min(bet, rules.max_bet)


def bet_ramp(table: EdgeTable, bankroll: Fraction | int | str, risk: float) -> BetRamp:
    """The Kelly-proportional ramp of ``table`` for ``bankroll`` and a risk of ruin ``risk``.

    :raises InvalidRampError: as :func:`check_ramp`.
    """
    rules = table.rules
    money = check_ramp(rules, bankroll, risk)
    fraction = kelly_fraction(risk)
    bets = [(row.count, kelly_bet(rules, row.indices, money, risk)) for row in table.counts]
    mean = sum(r.share * float(b) * r.indices for r, (_, b) in zip(table.counts, bets, strict=True))
    square = sum(r.share * float(b) ** 2 for r, (_, b) in zip(table.counts, bets, strict=True))
    variance = ROUND_VARIANCE * square
    ruin = math.exp(-2.0 * mean * float(money) / variance) if mean > 0 else 1.0
    return BetRamp(
        bankroll=money,
        risk=risk,
        kelly_fraction=fraction,
        bets=tuple(bets),
        win_per_100=100.0 * mean,
        sd_per_100=10.0 * math.sqrt(variance),
        risk_of_ruin=ruin,
    )


def ramp_game(table: EdgeTable, units_at: Callable[[int], float]) -> tuple[float, float]:
    """The win rate and the standard deviation a round, in units, of betting ``units_at(count)``
    units from the whole count ``count`` up to the next, with the indices (module doc)."""
    mean = square = 0.0
    for row in table.counts:
        bets = (units_at(row.count - 1), units_at(row.count))
        if not table.system.balanced:  # a running count is whole: the count's own bet
            bets = (bets[1], bets[1])
        bet = (bets[0] + bets[1]) / 2
        bet_squared = (bets[0] ** 2 + bets[1] ** 2) / 2
        mean += row.share * bet * row.indices
        square += row.share * bet_squared * (ROUND_VARIANCE + row.indices * row.indices)
    return mean, math.sqrt(max(square - mean * mean, 0.0))
