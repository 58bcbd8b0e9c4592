"""The figures of a run, from its sums: edge and its standard error, win rate and standard
deviation per 100 rounds, N0, SCORE, risk of ruin, the count's frequencies and the edge at each.

Per round, ``x`` is the net of every seat and ``b`` their initial bets, in table minimums:

- the edge is ``sum(x) / sum(b)``, the player's: positive when the player wins (in JSON
  ``player_edge_percent``, the key every command gives the player's edge under; the text says
  "your edge" or, where the house has it, "house edge": never the house's edge as a negative
  number), its standard error that of a ratio estimator, ``sqrt(sum((x - e b)^2)) / sum(b)``;
- the win rate and standard deviation per 100 rounds are ``100 mean(x)`` and ``10 sd(x)``, in
  money (times the table minimum);
- N0 is ``var(x) / mean(x)^2`` rounds (where the player wins), SCORE ``10^6 / N0``
  (the win per 100 rounds for a bankroll of 10,000 at optimal betting);
- the risk of ruin for a bankroll ``B`` is the diffusion approximation
  ``exp(-2 mean(x) B / var(x))`` (1 where the player loses on average);
- the true count (running count for an unbalanced system) at the start of each round is
  counted in whole counts (nearest, halves away from zero); the two end buckets (``tc_ends``,
  -10 and +10 for a true count) hold every count beyond them too, so they are written
  "<= -10" and ">= +10" (:func:`count_label`); the player's edge at each count
  (``player_edge_by_tc``) has the standard error of the same ratio estimator (``se_by_tc``).

A round is every round dealt, whether the player sat in or watched (back-counting), and ``x``
sums every box the player played in it (more spots at a good count), so that the spread of
``x`` counts the spots' covariance (their hands share the dealer's). Where the player watched,
``x`` and ``b`` are 0: the edge is that of the rounds played, the Wonged edge. Beside the
figures per 100 rounds seen (the N0 and the risk of ruin too):

- ``rounds_played`` and ``played_fraction``, and ``tc_frequency_played``, the share of the
  rounds played at each count;
- ``win_per_round_played`` and ``win_per_round_seen``, the player's edge per round in table
  minimums (units), and ``sd_per_round_played`` and ``sd_per_round_seen``, the standard
  deviation of a round's ``x`` (units);
- ``rounds_per_hour``, at a table pace of :data:`HANDS_AN_HOUR` hands dealt an hour (the
  dealer's counted as one): some 209 rounds an hour heads-up, 139 with two boxes, 52 with seven,
  from the boxes each round dealt, the other players' too; ``win_per_hour`` and ``sd_per_hour``
  (units) from it, and ``pace`` ``"assumed"``. These rounds an hour are often quoted (and
  attributed to Schlesinger's *Blackjack Attack*), but no published table of them could be
  found to check them against (other tables quoted go from 200 heads-up to 65 at seven, or 230
  to 55): the pace is an assumption, and every figure an hour says so. :func:`at_pace` puts a
  user's own rounds an hour instead (``pace`` ``"given"``; ``simulate --rounds-an-hour``).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from trainer.simulator import kernel as K
from trainer.simulator.run import Sums

__all__ = [
    "HANDS_AN_HOUR",
    "ROUNDS_AN_HOUR",
    "Summary",
    "at_pace",
    "count_label",
    "rounds_an_hour",
    "summarise",
]

# Hands an hour a dealer deals, the dealer's own counted: a round of ``n`` boxes takes
# ``(n + 1) / HANDS_AN_HOUR`` of an hour (209 rounds an hour heads-up, 52 at seven boxes).
# An assumption (the module's note says why), not a measured pace.
HANDS_AN_HOUR = 418
# The rounds an hour a user may give instead (a slow full table to a fast machine game).
ROUNDS_AN_HOUR = (10, 1000)


def rounds_an_hour(boxes: int) -> float:
    """The assumed rounds an hour with ``boxes`` boxes dealt a round (the dealer's apart)."""
    return HANDS_AN_HOUR / (boxes + 1)


def count_label(key: str | int, ends: tuple[int, int] | list[int], *, plain: bool = False) -> str:
    """A count bucket as a reader sees it: ``"+3"``, ``"\u22123"``, and at the ends
    ``"\u2264\u221210"`` and ``"\u2265+10"`` (``plain``: ``"-3"``, ``"<=-10"``, ``">=+10"``)."""
    count = int(key)
    minus, at_most, at_least = ("-", "<=", ">=") if plain else ("\u2212", "\u2264", "\u2265")
    shown = f"{count:+d}".replace("-", minus)
    low, high = ends
    if count <= low:
        return at_most + shown
    if count >= high:
        return at_least + shown
    return shown


@dataclass(frozen=True)
class Summary:
    """A run's figures (module doc); edges are the player's, positive when the player wins."""

    rules: str
    rounds: int
    seats: int
    hands: int
    player_edge_percent: float
    se_percent: float
    win_per_100: float
    sd_per_100: float
    n0: float | None
    score: float
    risk_of_ruin: float | None
    average_bet: float
    tc_frequency: dict[str, float]
    player_edge_by_tc: dict[str, float | None]
    se_by_tc: dict[str, float | None]
    tc_ends: tuple[int, int]
    seconds: float
    compile_seconds: float
    settings: dict[str, Any]
    sweep: tuple[dict[str, Any], ...] = ()  # a penetration sweep's figures, by depth
    table: dict[str, Any] | None = None  # rounds played, per round played and seen, an hour
    # A round seen's win and standard deviation (units), unrounded: :func:`at_pace` scales
    # these, not the table's rounded ones. Not shown.
    per_round_seen: tuple[float, float] | None = None

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The ``simulate --json`` document."""
        return {
            "rules": self.rules,
            "rounds": self.rounds,
            "player_edge_percent": _round(self.player_edge_percent),
            "se_percent": _round(self.se_percent),
            "rounds_per_second": round(self.rounds_per_second),
            "tc_frequency": {k: _round(v, 6) for k, v in self.tc_frequency.items()},
            "player_edge_by_tc": {k: _round(v) for k, v in self.player_edge_by_tc.items()},
            "se_by_tc": {k: _round(v) for k, v in self.se_by_tc.items()},
            "tc_ends": list(self.tc_ends),
            "win_per_100": _round(self.win_per_100),
            "sd_per_100": _round(self.sd_per_100),
            "risk_of_ruin": _round(self.risk_of_ruin, 6),
            "n0": _round(self.n0, 0),
            "score": _round(self.score),
            "average_bet": _round(self.average_bet),
            "hands": self.hands,
            "seats": self.seats,
            "seconds": _round(self.seconds, 3),
            "compile_seconds": _round(self.compile_seconds, 3),
            **self.settings,
            **(self.table or {}),
            **({"sweep": list(self.sweep)} if self.sweep else {}),
        }


def _round(value: float | None, places: int = 4) -> float | None:
    if value is None or not math.isfinite(value):
        return None
    return round(value, places)


def _ratio_se(sx: float, sb: float, sxx: float, sxb: float, sbb: float, n: float) -> float:
    """The standard error of ``sum(x) / sum(b)`` over ``n`` rounds (a ratio estimator)."""
    e = sx / sb
    spread = sxx - 2 * e * sxb + e * e * sbb
    return math.sqrt(max(spread, 0.0) * n / max(n - 1, 1)) / sb


def _bucket_figures(sums: Sums, lo: int, rounds: float) -> tuple[dict, dict, dict]:
    """The share of rounds, the player's edge (percent) and its standard error at each count."""
    frequency: dict[str, float] = {}
    edge: dict[str, float | None] = {}
    error: dict[str, float | None] = {}
    for i, row in enumerate(sums.buckets):
        n = row[K.BN]
        if n == 0:
            continue
        key = str(lo + i)
        frequency[key] = float(n / rounds)
        edge[key] = error[key] = None
        if row[K.BB]:
            edge[key] = float(100.0 * row[K.BX] / row[K.BB])
            se = _ratio_se(row[K.BX], row[K.BB], row[K.BXX], row[K.BXB], row[K.BBB], n)
            error[key] = 100.0 * se if n > 1 else None
    return frequency, edge, error


def summarise(
    sums: Sums,
    *,
    rules: str,
    seats: int,
    min_bet: Fraction,
    bucket_lo: int,
    bankroll: Fraction | None,
    seconds: float,
    compile_seconds: float,
    settings: dict[str, Any],
) -> Summary:
    """The figures of a run's sums (module doc)."""
    acc = sums.acc
    n = acc[K.ROUNDS]
    sx, sb = acc[K.SUMX], acc[K.SUMB]
    e = se = math.nan  # no round played: no edge
    if sb > 0:
        e = sx / sb
        se = _ratio_se(sx, sb, acc[K.SUMXX], acc[K.SUMXB], acc[K.SUMBB], n)
    mean = sx / n
    var = max(acc[K.SUMXX] / n - mean * mean, 0.0)
    unit = float(min_bet)
    n0 = var / (mean * mean) if mean > 0 and var > 0 else None
    risk = None
    if bankroll is not None:
        units = float(bankroll) / unit
        risk = math.exp(-2 * mean * units / var) if mean > 0 and var > 0 else 1.0
    frequency, edge, error = _bucket_figures(sums, bucket_lo, n)
    return Summary(
        rules=rules,
        rounds=int(n),
        seats=seats,
        hands=int(acc[K.HANDS]),
        player_edge_percent=100.0 * e,
        se_percent=100.0 * se,
        win_per_100=100.0 * mean * unit,
        sd_per_100=10.0 * math.sqrt(var) * unit,
        n0=n0,
        score=1e6 / n0 if n0 else 0.0,
        risk_of_ruin=risk,
        average_bet=sb / acc[K.BOXES] * unit if acc[K.BOXES] else 0.0,
        tc_frequency=frequency,
        player_edge_by_tc=edge,
        se_by_tc=error,
        tc_ends=(bucket_lo, bucket_lo + len(sums.buckets) - 1),
        seconds=seconds,
        compile_seconds=compile_seconds,
        settings=settings,
        table=_table_figures(sums, var, bucket_lo),
        per_round_seen=(mean, math.sqrt(var)),
    )


def _table_figures(sums: Sums, var: float, lo: int) -> dict[str, Any]:
    """The figures per round played and seen, and an hour (module doc), as JSON values."""
    acc = sums.acc
    n, played, sx = acc[K.ROUNDS], acc[K.PLAYED], acc[K.SUMX]
    mean_played = sx / played if played else None
    sd_played = None
    if mean_played is not None:
        sd_played = math.sqrt(max(acc[K.SUMXX] / played - mean_played**2, 0.0))
    per_hour = HANDS_AN_HOUR * n / (acc[K.DEALT] + n)
    by_count = {
        str(lo + i): _round(float(row[K.BP] / played), 6)
        for i, row in enumerate(sums.buckets)
        if row[K.BP]
    }
    return {
        "rounds_played": int(played),
        "played_fraction": _round(played / n, 6),
        "win_per_round_played": _round(mean_played, 6),
        "win_per_round_seen": _round(sx / n, 6),
        "sd_per_round_played": _round(sd_played),
        "sd_per_round_seen": _round(math.sqrt(var)),
        **_hour_figures(sx / n, math.sqrt(var), per_hour),
        "pace": "assumed",
        "tc_frequency_played": by_count,
    }


def _hour_figures(win: float, sd: float, rounds: float) -> dict[str, float | None]:
    """The figures an hour at ``rounds`` rounds an hour from a round seen's unrounded ``win``
    and ``sd`` (units), rounded only here."""
    return {
        "rounds_per_hour": _round(rounds, 1),
        "win_per_hour": _round(win * rounds),
        "sd_per_hour": _round(sd * math.sqrt(rounds)),
    }


def at_pace(summary: Summary, rounds: float) -> Summary:
    """``summary`` with its figures an hour at ``rounds`` rounds dealt an hour (the user's own
    pace, within :data:`ROUNDS_AN_HOUR`) instead of the assumed one.

    :raises ValueError: for a pace outside :data:`ROUNDS_AN_HOUR`.
    """
    low, high = ROUNDS_AN_HOUR
    if not (math.isfinite(rounds) and low <= rounds <= high):
        raise ValueError(f"rounds an hour are {low} to {high}, not {rounds!r}")
    if not summary.table or summary.per_round_seen is None:
        return summary
    table = {**summary.table, **_hour_figures(*summary.per_round_seen, rounds), "pace": "given"}
    return dataclasses.replace(summary, table=table)
