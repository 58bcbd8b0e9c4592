"""Every hand a player can hold, as one table of arrays: the compiled core's index of hands.

A hand is a multiset of card values (ace, 2..9, ten-value) whose hard total is at most 21;
there are 3,083 of them, the empty hand included, whatever the shoe (a shoe that cannot deal
one simply gives it no weight). They are listed depth first, each after its *parent* (the hand
without its highest card), so that a walk down the list meets a hand's parent on the path to
it: the dealer's probabilities for a hand are then one product away from its parent's
(:mod:`.core`). The player's values are worked out from the longest hands back
(``longest_first``): a hand's children (one card more, ``child``) come before it.

The table depends on nothing but the cards, so it is built once per process (some 10 ms).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from trainer.engine.strategy.dealer import ONE

__all__ = ["HandTable", "hand_table"]

# Kinds of bonus a total of 21 may be paid (the rules say how much): by its cards.
NO_BONUS, SEVENS, SIX_SEVEN_EIGHT, FIVE_CARDS, SIX_CARDS = range(5)


class HandTable:
    """The hands as arrays, row ``i`` one hand (row 0 the empty hand)."""

    def __init__(self) -> None:
        rows: list[tuple[int, ...]] = []
        parents: list[int] = []
        added: list[int] = []

        def visit(counts: list[int], hard: int, lowest: int, parent: int, card: int) -> None:
            index = len(rows)
            rows.append(tuple(counts))
            parents.append(parent)
            added.append(card)
            for v in range(lowest, 10):
                if hard + v + 1 > 21:
                    break
                counts[v] += 1
                visit(counts, hard + v + 1, v, index, v)
                counts[v] -= 1

        visit([0] * 10, 0, 0, -1, -1)
        self.size = len(rows)
        self.counts = np.array(rows, dtype=np.int64)
        one = np.array(ONE, dtype=np.int64)
        packed = self.counts @ one  # each hand encoded (:func:`~.dealer.encode`)
        self.packed: list[int] = packed.tolist()
        self.index = {code: i for i, code in enumerate(self.packed)}
        self.parent = np.array(parents, dtype=np.int64)
        self.added = np.array(added, dtype=np.int64)
        values = np.arange(1, 11, dtype=np.int64)
        self.hard = self.counts @ values
        self.cards = self.counts.sum(axis=1)
        self.soft = (self.counts[:, 0] > 0) & (self.hard + 10 <= 21)
        self.total = np.where(self.soft, self.hard + 10, self.hard)
        # Each hand's child by a card of each value: the hand whose code is its code plus the
        # card's, where there is one (-1: its hard total would pass 21).
        by_code = np.argsort(packed)
        wanted = packed[:, None] + one[None, :]
        at = np.minimum(np.searchsorted(packed[by_code], wanted), self.size - 1)
        self.child = np.where(packed[by_code][at] == wanted, by_code[at], -1).astype(np.int64)
        self.bonus = _bonus_kinds(self.counts, self.total, self.cards)
        # Longest hands first: a hand's children are worked out before it. Shortest first: the
        # hands a strategy reaches are weighted before their children.
        self.longest_first = np.argsort(-self.cards, kind="stable").astype(np.int64)
        self.shortest_first = np.argsort(self.cards, kind="stable").astype(np.int64)
        # The same, per pair value index, of the hands of two cards or more holding one.
        self.split_longest_first = [self._holding(self.longest_first, p) for p in range(10)]
        self.split_shortest_first = [self._holding(self.shortest_first, p) for p in range(10)]

    def _holding(self, order: np.ndarray, p: int) -> np.ndarray:
        keep = (self.counts[order, p] >= 1) & (self.cards[order] >= 2)
        return np.ascontiguousarray(order[keep])


def _bonus_kinds(counts: np.ndarray, total: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """Which bonus a total of 21 of each hand's cards may be paid: three sevens, 6-7-8, five
    or six cards (the rules say how much, if anything)."""
    kind = np.full(counts.shape[0], NO_BONUS, dtype=np.int64)
    three = cards == 3
    kind[three & (counts[:, 6] == 3)] = SEVENS
    kind[three & (counts[:, 5] == 1) & (counts[:, 6] == 1) & (counts[:, 7] == 1)] = SIX_SEVEN_EIGHT
    kind[cards == 5] = FIVE_CARDS
    kind[cards == 6] = SIX_CARDS
    kind[total != 21] = NO_BONUS
    return kind


@cache
def hand_table() -> HandTable:
    """The table (built on first use)."""
    return HandTable()
