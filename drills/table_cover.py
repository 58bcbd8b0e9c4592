"""Cover: how much a shoe's bets look like a counter's, beside the expectation the cover gives
up against the bet ramp.

A casino reads a counter by the bets: a counter's bet follows the true count, spreads wide,
and drops back to the minimum at the shuffle. Over the rounds the learner played in a shoe
(their boxes' own stakes, all boxes together; rounds watched from behind the table are not
bets), with the true count before each round (the running count of every card seen since the
shuffle over the decks left; an unbalanced system's running count):

- **how well the count predicts the bet**: the share of the bets' variance the count explains
  (``r^2`` of the least-squares line of the bet on the count; 0 where the bet never moved);
- **the spread**: the largest bet over the smallest;
- **the bet off the top**: the first round's bet, after the shuffle, over the mean bet (a
  counter's is the minimum, far below the mean), and the largest jump from one round's bet
  to the next, in table minimums;
- **what the cover costs**: the ramp's bets (:func:`trainer.engine.indices.edge.bet_ramp` for
  the table's bankroll and a 5% risk of ruin, one per box played) expect ``sum(bet x edge)``
  at each round's count (the count study's edge with the indices, at the nearest count of its
  grid); the learner's bets expect the same sum with their own bets; the cover gives up the
  difference (negative: the learner's bets expected more than the ramp's, with more risk).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from drills.back_count import edge_at
from drills.caches import Caches
from drills.count_study import study_for
from drills.counting.notation import CARDS_PER_DECK
from drills.table_session import DEFAULT_RISK, TableSpec
from trainer.engine.counting import running_count
from trainer.engine.indices.edge import bet_ramp
from trainer.engine.play.table_game import TableGame

__all__ = ["Cover", "cover_of", "explained_share"]


@dataclass(frozen=True)
class Cover:
    rounds: int
    explained: float  # share of the bets' variance the count explains (0 to 1)
    spread: Fraction  # largest bet over smallest
    off_the_top: float  # the first bet over the mean bet
    largest_jump: Fraction  # in table minimums
    ramp_ev: Fraction  # money the ramp's bets expected over these rounds
    your_ev: Fraction  # money the learner's bets expected

    @property
    def given_up(self) -> Fraction:
        return self.ramp_ev - self.your_ev


def explained_share(counts: list[float], bets: list[float]) -> float:
    """``r^2``: the share of the bets' variance a least-squares line on the count explains
    (0 where either never moved, or fewer than 3 rounds)."""
    n = len(bets)
    if n < 3:
        return 0.0
    mean_c, mean_b = sum(counts) / n, sum(bets) / n
    sxx = sum((c - mean_c) ** 2 for c in counts)
    syy = sum((b - mean_b) ** 2 for b in bets)
    if sxx <= 0 or syy <= 0:
        return 0.0
    sxy = sum((c - mean_c) * (b - mean_b) for c, b in zip(counts, bets, strict=True))
    return max(0.0, min(1.0, sxy * sxy / (sxx * syy)))


def cover_of(spec: TableSpec, game: TableGame, *, caches: Caches | None = None) -> Cover | None:
    """The cover of the rounds the learner played at ``game`` (None: fewer than 2 rounds).

    :raises StudyPendingError: while the count study is being worked out.
    """
    rules, system = spec.rules, spec.system
    total = rules.decks * CARDS_PER_DECK
    table = study_for(rules, system, caches=caches).edge
    ramp = bet_ramp(table, spec.bankroll, float(DEFAULT_RISK))
    counts: list[Fraction] = []
    bets: list[Fraction] = []
    ramp_ev = your_ev = Fraction(0)
    for played in game.rounds:
        if not played.learner:
            continue
        bet = sum((played.round.bets(seat)[0] for seat in played.learner), Fraction(0))
        running = Fraction(running_count(system, played.seen_before, rules.decks))
        left = max(total - len(played.seen_before), 1)
        count = running * CARDS_PER_DECK / left if system.balanced else running
        edge = Fraction(f"{edge_at(table, count):.6f}")
        counts.append(count)
        bets.append(bet)
        ramp_ev += ramp.bet_at(float(count)) * len(played.learner) * edge
        your_ev += bet * edge
    if len(bets) < 2:
        return None
    mean = sum(bets, Fraction(0)) / len(bets)
    jumps = [abs(b - a) for a, b in zip(bets, bets[1:], strict=False)]
    return Cover(
        rounds=len(bets),
        explained=explained_share([float(c) for c in counts], [float(b) for b in bets]),
        spread=max(bets) / min(bets),
        off_the_top=float(bets[0] / mean),
        largest_jump=max(jumps) / rules.min_bet,
        ramp_ev=ramp_ev,
        your_ev=your_ev,
    )
