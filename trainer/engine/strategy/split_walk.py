"""One pair's split hands: each hand's EV per level of pair cards out, exactly.

The values of :class:`~trainer.engine.strategy.ev.UpCardAnalysis`'s split EVs (the method and
its one approximation are in :mod:`.ev`): every split hand of one pair at once, worked out by
the compiled core (:func:`.core.split_stands`, :func:`.core.split_values`), and read here by
hand. Standing does not depend on play, so it is worked out once per shoe and up card and
shared by every analysis of them (:class:`~.hands.ShoeValues`); playing on, hitting and
doubling once per analysis (its play: perfect, or a chart's codes).
"""

from __future__ import annotations

import numpy as np

from trainer.engine.strategy import kernels
from trainer.engine.strategy.hand_table import hand_table
from trainer.engine.strategy.hands import HandValues

__all__ = ["SplitHands", "SplitWalk", "split_walk"]

Vector = list[float]  # one value per level: level j has j + 2 pair cards out


class SplitHands:
    """The split hands of one pair value, as vectors over the number of pair cards out of the
    shoe: level ``j`` has ``j + 2`` out (the hand's own included)."""

    __slots__ = ("pair", "levels", "hands", "walk")

    def __init__(self, pair: int, levels: int) -> None:
        self.pair = pair
        self.levels = levels
        self.hands: dict[int, list[float]] = {}  # by the split hand's second card
        self.walk: SplitWalk | None = None  # the values (worked out on first use)


class SplitWalk:
    """A forest's split hands played on (hit or stand, as the analysis plays), hit once and
    played on, doubled, or stood on: each an array (rows: the hands of the
    :class:`~.hand_table.HandTable`, columns: the levels), read by encoded hand."""

    __slots__ = ("plays", "hits", "doubles", "stands", "_index")

    def __init__(
        self, plays: np.ndarray, hits: np.ndarray, doubles: np.ndarray, stands: np.ndarray
    ) -> None:
        self.plays = plays
        self.hits = hits
        self.doubles = doubles
        self.stands = stands
        self._index = hand_table().index

    def play(self, hand: int) -> Vector:
        vector: Vector = self.plays[self._index[hand]].tolist()
        return vector

    def hit(self, hand: int) -> Vector:
        vector: Vector = self.hits[self._index[hand]].tolist()
        return vector

    def double(self, hand: int) -> Vector:
        """Doubling a two-card split hand (the core prices no other)."""
        vector: Vector = self.doubles[self._index[hand]].tolist()
        return vector

    def stand(self, hand: int) -> Vector:
        vector: Vector = self.stands[self._index[hand]].tolist()
        return vector


def _standing(analysis: HandValues, p: int, levels: int) -> np.ndarray:
    """Standing on each split hand of pair index ``p``, per level (shared by the analyses of
    one shoe and up card)."""
    shoe = analysis.dealer
    found = shoe.split_stands.get(p)
    if found is None or found.shape[1] != levels:
        hands = hand_table()
        t = analysis.table
        pays = analysis.payouts
        found = kernels.split_stands(
            p, levels, analysis._standing()[0], shoe.base, shoe.comp, float(analysis.total),
            t.pair_of, t.pair_m, t.pair_k, t.segment_starts,
            t.codes, hands.counts, hands.total, hands.bonus, analysis._bonuses(),
            analysis.peek_like, pays.collects, pays.bust_pays, pays.ties_to_dealer,
            pays.tie_voids_bonus,
        )  # fmt: skip
        shoe.split_stands[p] = found
    return found


def split_walk(analysis: HandValues, forest: SplitHands) -> SplitWalk:
    """The values of ``forest``'s hands for ``analysis`` (its rules, shoe and policy)."""
    p, levels = forest.pair, forest.levels
    key = (p, levels, analysis.play_key())
    found = analysis.dealer.split_played.get(key)
    if found is None:
        hands = hand_table()
        standing = _standing(analysis, p, levels)
        play, hit, double = kernels.split_values(
            p, levels, standing, analysis.dealer.comp, float(analysis.total), hands.counts,
            hands.hard, hands.total, hands.soft, hands.cards, hands.child,
            hands.split_longest_first[p], *analysis._play_arguments(),
        )  # fmt: skip
        found = (play, hit, double, standing)
        analysis.dealer.split_played[key] = found
    return SplitWalk(*found)
