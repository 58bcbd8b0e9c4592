"""The dealer's final outcome, exactly, for any shoe composition.

A composition is a tuple of 10 counts indexed by value - 1 (ace, 2..9, ten-value), as in
:func:`trainer.engine.deck.cards.composition_of`.

How it is fast: the dealer's drawing (hole card first, then draws until his
rule says stand) is enumerated once per up card and dealer rule as a table of *multisets* of drawn
cards, each with its number of valid orders and its outcome (the outcome of a dealer hand
depends only on which cards were drawn, not their order). Under a composition ``C`` of ``N`` cards
a multiset ``m`` of ``k`` cards has probability ``orders(m) * prod_r ff(C[r], m[r]) / ff(N, k)``
(``ff`` the falling factorial). Removing one more card ``c`` from ``C`` (a player's card)
multiplies each entry by ``(C[c] - m[c]) / C[c] * N / (N - k)``, so the probabilities for a
player's hand are one elementwise product away from those of the hand one card shorter.
Summing the entries of one outcome (the table is sorted by outcome) gives the outcome's
probability. The compiled core (:mod:`.core`) does that arithmetic for every hand at once; the
table's arrays (``mults``, ``pair_of``, ...) are its input. The factor depends on an entry only
through ``(m[c], k)``: each value's distinct pairs are listed (``pair_m``, ``pair_k``) and each
entry points at its own (``pair_of``), so a hand's factors are worked out once per pair.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

__all__ = [
    "BJ",
    "BUST",
    "ONE",
    "DealerTable",
    "decode",
    "dealer_table",
    "encode",
    "full_shoe",
]

# Outcome codes: a final total 2..21 is its own code; these two are special.
BUST = 22
BJ = 23  # a dealer natural (two cards, 21)


def full_shoe(decks: int) -> tuple[int, ...]:
    """The composition of ``decks`` full packs: 4 of each value per deck, 16 ten-values."""
    return tuple([4 * decks] * 9 + [16 * decks])


@dataclass(frozen=True)
class DealerRule:
    """The parts of the rules that decide how the dealer draws."""

    stands_on: int = 17
    hits_soft_17: bool = False
    max_draws: int | None = None  # the dealer too may draw at most this many (004)


class DealerTable:
    """Every way the dealer's hand can end from one up card, as multisets of the drawn cards."""

    def __init__(self, up: int, rule: DealerRule) -> None:
        self.up = up
        self.rule = rule
        entries: list[tuple[int, tuple[int, ...], int]] = []  # (outcome, multiset, orders)
        level: dict[tuple[int, ...], int] = {(0,) * 10: 1}
        # Each multiset's hard total, cards and whether it holds an ace (kept as it grows).
        state: dict[tuple[int, ...], tuple[int, int, bool]] = {(0,) * 10: (up, 0, up == 1)}
        while level:
            following: dict[tuple[int, ...], int] = {}
            for counts, orders in level.items():
                hard, drawn, ace = state[counts]
                for v in range(10):
                    child = counts[:v] + (counts[v] + 1,) + counts[v + 1 :]
                    if child in following:
                        following[child] += orders
                    else:
                        following[child] = orders
                        state[child] = (hard + v + 1, drawn + 1, ace or v == 0)
            level = {}
            for counts, orders in following.items():
                outcome = self._outcome(*state[counts])
                if outcome is None:
                    level[counts] = orders
                else:
                    entries.append((outcome, counts, orders))
        entries.sort()
        self.size = len(entries)
        self.multisets = [counts for _, counts, _ in entries]
        self.orders = [orders for _, _, orders in entries]
        self.lengths = [sum(counts) for counts in self.multisets]
        self.outcomes: list[int] = []
        self.slices: list[tuple[int, int]] = []
        for index, (outcome, _, _) in enumerate(entries):
            if not self.outcomes or self.outcomes[-1] != outcome:
                if self.slices:
                    self.slices[-1] = (self.slices[-1][0], index)
                self.outcomes.append(outcome)
                self.slices.append((index, index))
        if self.slices:
            self.slices[-1] = (self.slices[-1][0], self.size)
        # Per value: the distinct (count of that value, length) pairs and each entry's pair.
        self.pairs: list[list[tuple[int, int]]] = []
        self.pair_index: list[np.ndarray] = []
        for v in range(10):
            seen: dict[tuple[int, int], int] = {}
            index_list = []
            for counts, k in zip(self.multisets, self.lengths, strict=True):
                key = (counts[v], k)
                if key not in seen:
                    seen[key] = len(seen)
                index_list.append(seen[key])
            self.pairs.append(list(seen))
            self.pair_index.append(np.array(index_list, dtype=np.intp))
        # Where each outcome's entries start, to sum them all in one call.
        self.starts = np.array([a for a, _ in self.slices], dtype=np.intp)
        self._arrays()

    def _arrays(self) -> None:
        """The table as arrays for the compiled core (:mod:`.core`)."""
        self.mults = np.array(self.multisets, dtype=np.int64).reshape(self.size, 10)
        self.orders_array = np.array(self.orders, dtype=np.float64)
        self.lengths_array = np.array(self.lengths, dtype=np.int64)
        self.codes = np.array(self.outcomes, dtype=np.int64)
        widest = max((len(pairs) for pairs in self.pairs), default=0)
        self.pair_m = np.zeros((10, widest), dtype=np.float64)
        self.pair_k = np.zeros((10, widest), dtype=np.float64)
        for v, pairs in enumerate(self.pairs):
            for q, (j, k) in enumerate(pairs):
                self.pair_m[v, q] = j
                self.pair_k[v, q] = k
        self.pair_of = np.array(self.pair_index, dtype=np.int64).reshape(10, self.size)
        self.segment_starts = self.starts.astype(np.int64)

    def _outcome(self, hard: int, drawn: int, ace: bool) -> int | None:
        """The outcome of a dealer hand (the up card and ``drawn`` cards, ``hard`` in all,
        an ace among them or not), or None when he draws again."""
        soft = ace and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if total > 21:
            return BUST
        if drawn == 1 and total == 21:
            return BJ
        rule = self.rule
        if drawn >= 1 and rule.max_draws is not None and drawn - 1 >= rule.max_draws:
            return total
        if drawn == 0:
            return None  # the hole card is still to come
        if total < rule.stands_on or (total == 17 and soft and rule.hits_soft_17):
            return None
        return total


@lru_cache(maxsize=64)
def dealer_table(up: int, rule: DealerRule) -> DealerTable:
    """The (cached) table for one up card (1 = ace .. 10) and dealer rule."""
    return DealerTable(up, rule)


# A set of removed cards is one int: 6 bits per value (ace first), so adding a card is an addition.
BITS = 6
MASK = (1 << BITS) - 1
ONE = tuple(1 << (BITS * v) for v in range(10))


def encode(counts: tuple[int, ...]) -> int:
    """10 counts (ace first) as one int, 6 bits each."""
    result = 0
    for v, n in enumerate(counts):
        if not 0 <= n <= MASK:
            raise ValueError(f"a count must be 0 to {MASK}, not {n}")
        result += n << (BITS * v)
    return result


def decode(packed: int) -> tuple[int, ...]:
    """The 10 counts of an :func:`encode`-d int."""
    return tuple((packed >> (BITS * v)) & MASK for v in range(10))
