"""Cover: how much a shoe's bets look like a counter's, beside the expectation the cover gives
up against the bet ramp.

A casino reads a counter by the bets: a counter's bet follows the true count, spreads wide,
and drops back to the minimum at the shuffle. Over the rounds the learner played in a shoe
(their boxes' own stakes, all boxes together; rounds watched from behind the table are not
bets), with the true count before each round (the running count of every card seen since the
shuffle over the decks left; an unbalanced system's running count):

- **how well the count predicts the bet**: the share of the bets' variance the count explains
  (``r^2`` of the least-squares line of the bet on the count; 0 where the bet never moved;
  none below :data:`SHARE_ROUNDS` rounds, too few to judge, which is not flat betting);
- **the spread**: the largest bet over the smallest;
- **the bet off the top**: the first round's bet, after the shuffle, over the mean bet (a
  counter's is the minimum, far below the mean; none where the learner came in after the
  first round, back-counting), and the largest jump from one round's bet to the next, in
  table minimums;
- **what the cover costs**: the ramp's bets (:func:`trainer.engine.indices.edge.bet_ramp` for
  the table's bankroll and a 5% risk of ruin, one per box played) expect ``sum(bet x edge)``
  at each round's count (the count study's edge with the indices, at the nearest count of its
  grid); the learner's bets expect the same sum with their own bets; the cover gives up the
  difference (negative: the learner's bets expected more than the ramp's, with more risk; the
  summary words each sign as it is).

A casino that watches a player through several shoes reads the pattern across them, not only
within one (:func:`session_cover`: the shoes of one session, each its rounds bet, in order):

- **the count across the session**: the same ``r^2``, over every bet of every shoe (a counter
  on one ramp shows it plainly once many counts have come up); a sign at half the variance;
- **the shuffle**: the bet before the shuffle (the last round of a shoe) against the bet after
  it (the first round of the next), where the learner bet both (a back-counter who left
  before the shuffle or came in after it was not seen betting there): a flat or ordinary
  bettor's does not change when the dealer shuffles; a counter's falls back to the minimum
  after a good shoe, or jumps from it. A sign where it changes at half the shuffles or more;
  how many it fell at, and the largest change in table minimums, beside it, with how many
  shoes began at the session's smallest bet (of the shoes bet from their first round: a
  back-counter who came in later did not begin that shoe at a bet, so it is not judged);
- **the same spread shoe after shoe**: the same smallest and largest bet in every shoe (a
  ramp played to the letter), a sign where there is a spread at all;
- **what the cover cost** over the session, the shoes' figures summed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from drills.back_count import edge_at
from drills.caches import Caches
from drills.count_study import study_for
from drills.counting.notation import CARDS_PER_DECK
from drills.table_session import DEFAULT_RISK, TableSpec
from trainer.engine.counting import running_count
from trainer.engine.indices.edge import bet_ramp
from trainer.engine.play.table_game import TableGame

__all__ = [
    "SHARE_ROUNDS",
    "BetAtCount",
    "Cover",
    "SessionCover",
    "bets_of",
    "cover_of",
    "explained_share",
    "session_cover",
]


@dataclass(frozen=True)
class Cover:
    rounds: int
    explained: float | None  # share of the bets' variance the count explains (0 to 1; None:
    # fewer than SHARE_ROUNDS rounds bet, too few to judge)
    spread: Fraction  # largest bet over smallest
    off_the_top: float | None  # the first round's bet over the mean bet (None: not bet in)
    largest_jump: Fraction  # in table minimums
    ramp_ev: Fraction  # money the ramp's bets expected over these rounds
    your_ev: Fraction  # money the learner's bets expected
    came_in: int = 1  # the first round bet (past 1: a back-counter came in then)

    @property
    def given_up(self) -> Fraction:
        return self.ramp_ev - self.your_ev


# The fewest rounds whose bets' variance is read: a line through two points explains all of it.
SHARE_ROUNDS = 3


def explained_share(counts: list[float], bets: list[float]) -> float | None:
    """``r^2``: the share of the bets' variance a least-squares line on the count explains
    (0 where either never moved; None below :data:`SHARE_ROUNDS` rounds, too few to judge)."""
    n = len(bets)
    if n < SHARE_ROUNDS:
        return None
    mean_c, mean_b = sum(counts) / n, sum(bets) / n
    sxx = sum((c - mean_c) ** 2 for c in counts)
    syy = sum((b - mean_b) ** 2 for b in bets)
    if sxx <= 0 or syy <= 0:
        return 0.0
    sxy = sum((c - mean_c) * (b - mean_b) for c, b in zip(counts, bets, strict=True))
    return max(0.0, min(1.0, sxy * sxy / (sxx * syy)))


@dataclass(frozen=True)
class BetAtCount:
    """One round the learner bet: the true count before it, their bet (all boxes), the ramp's
    bet for as many boxes, and the edge at the count."""

    count: Fraction
    bet: Fraction
    ramp: Fraction
    edge: Fraction
    number: int = 1  # the round's number in the shoe
    last: bool = True  # the shoe's last round (where only the shoe's last bet is read)


def bets_of(spec: TableSpec, game: TableGame, *, caches: Caches | None = None) -> list[BetAtCount]:
    """The rounds the learner bet at ``game``, in order (rounds watched are not bets).

    :raises StudyPendingError: while the count study is being worked out.
    """
    rules, system = spec.rules, spec.system
    total = rules.decks * CARDS_PER_DECK
    table = study_for(rules, system, caches=caches).edge
    ramp = bet_ramp(table, spec.bankroll, float(DEFAULT_RISK))
    found: list[BetAtCount] = []
    for number, played in enumerate(game.rounds, 1):
        if not played.learner:
            continue
        bet = sum((played.round.bets(seat)[0] for seat in played.learner), Fraction(0))
        running = Fraction(running_count(system, played.seen_before, rules.decks))
        left = max(total - len(played.seen_before), 1)
        count = running * CARDS_PER_DECK / left if system.balanced else running
        edge = Fraction(f"{edge_at(table, count):.6f}")
        ramp_bet = Fraction(ramp.bet_at(float(count))) * len(played.learner)
        last = number == len(game.rounds)
        found.append(BetAtCount(count, bet, ramp_bet, edge, number, last))
    return found


def cover_of(spec: TableSpec, game: TableGame, *, caches: Caches | None = None) -> Cover | None:
    """The cover of the rounds the learner played at ``game`` (None: fewer than 2 rounds).

    :raises StudyPendingError: while the count study is being worked out.
    """
    rounds = bets_of(spec, game, caches=caches)
    bets = [r.bet for r in rounds]
    if len(bets) < 2:
        return None
    mean = sum(bets, Fraction(0)) / len(bets)
    jumps = [abs(b - a) for a, b in zip(bets, bets[1:], strict=False)]
    return Cover(
        rounds=len(bets),
        explained=explained_share([float(r.count) for r in rounds], [float(b) for b in bets]),
        spread=max(bets) / min(bets),
        off_the_top=float(bets[0] / mean) if rounds[0].number == 1 else None,
        largest_jump=max(jumps) / spec.rules.min_bet,
        ramp_ev=sum((r.ramp * r.edge for r in rounds), Fraction(0)),
        your_ev=sum((r.bet * r.edge for r in rounds), Fraction(0)),
        came_in=rounds[0].number,
    )


# -- across the shoes of one session -----------------------------------------------------------

# What a casino that watches a player through several shoes reads as a counter's (each a sign
# the summary names, with its figures):
COUNT_SIGN = 0.5  # the count explains at least half the variance of the session's bets
SHUFFLE_SIGN = Fraction(
    1, 2
)  # the bet changes at half the shuffles or more (a flat bettor's never)


@dataclass(frozen=True)
class SessionCover:
    """The cover of the shoes of one session taken together (the shoes in play order)."""

    shoes: int  # shoes bet in
    rounds: int
    explained: float | None  # the count's share of the variance of every bet of the session
    spreads: tuple[tuple[Fraction, Fraction], ...]  # each shoe's smallest and largest bet
    shuffles: int  # shuffles sat through: a bet on the shoe's last round and the next's first
    changed: int  # of those, the shuffles the bet changed at
    fell: int  # of those, the shuffles the bet fell at
    largest_change: Fraction  # the largest change of bet at a shuffle, in table minimums
    off_the_top: int  # shoes bet from their first round whose first bet was the session's smallest
    from_the_top: int  # shoes bet from their first round (the others came in later: not judged)
    given_up: Fraction  # what the cover gave up over the session, as each shoe's summary
    watched: int = 0  # the session's shoes not bet in (watched only): left out of the figures

    @property
    def same_spread(self) -> bool:
        """The same smallest and largest bet in every shoe, and a spread (a pattern)."""
        low, high = self.spreads[0]
        return self.shoes > 1 and high > low and all(s == (low, high) for s in self.spreads)

    @property
    def signs(self) -> tuple[str, ...]:
        """The counter's signs the session shows: ``count``, ``shuffle``, ``spread``."""
        found = []
        if self.explained is not None and self.explained >= COUNT_SIGN:
            found.append("count")
        if self.shuffles and Fraction(self.changed, self.shuffles) >= SHUFFLE_SIGN:
            found.append("shuffle")
        if self.same_spread:
            found.append("spread")
        return tuple(found)


def session_cover(shoes: Sequence[Sequence[BetAtCount]], min_bet: Fraction) -> SessionCover | None:
    """The cover of a session's shoes (each its rounds bet, in order; shoes not bet in left
    out, and counted as ``watched``): None where fewer than two shoes were bet in."""
    bet_in = [list(shoe) for shoe in shoes if shoe]
    if len(bet_in) < 2:
        return None
    every = [r for shoe in bet_in for r in shoe]
    smallest = min(r.bet for r in every)
    topped = [shoe for shoe in bet_in if shoe[0].number == 1]  # bet from the first round
    # A shuffle the learner sat through: the last round before it and the first after it bet
    # (a back-counter who left before it, or came in after it, showed the casino no bet there).
    changes = [
        shoe[0].bet - before[-1].bet
        for before, shoe in pairwise(bet_in)
        if before[-1].last and shoe[0].number == 1
    ]
    return SessionCover(
        shoes=len(bet_in),
        rounds=len(every),
        explained=explained_share([float(r.count) for r in every], [float(r.bet) for r in every]),
        spreads=tuple((min(r.bet for r in s), max(r.bet for r in s)) for s in bet_in),
        shuffles=len(changes),
        changed=sum(1 for c in changes if c),
        fell=sum(1 for c in changes if c < 0),
        largest_change=max((abs(c) for c in changes), default=Fraction(0)) / min_bet,
        off_the_top=sum(1 for shoe in topped if shoe[0].bet == smallest),
        from_the_top=len(topped),
        watched=len(shoes) - len(bet_in),
        given_up=sum((r.ramp * r.edge - r.bet * r.edge for r in every), Fraction(0)),
    )
