"""The dealer's final outcome, exactly, for any shoe composition.

A composition is a tuple of 10 counts indexed by value - 1 (ace, 2..9, ten-value), as in
:func:`trainer.engine.deck.cards.composition_of`.

How it is fast: the dealer's drawing (hole card first, then draws until his
rule says stand) is enumerated once per up card and dealer rule as a table of *multisets* of drawn
cards, each with its number of valid orders and its outcome (the outcome of a dealer hand
depends only on which cards were drawn, not their order). Under a composition ``C`` of ``N`` cards
a multiset ``m`` of ``k`` cards has probability ``orders(m) * prod_r ff(C[r], m[r]) / ff(N, k)``
(``ff`` the falling factorial). Removing one more card ``c`` from ``C`` (a player's card)
multiplies each entry
by ``(C[c] - m[c]) / C[c] * N / (N - k)``, so the probabilities for a player's hand are one
elementwise product away from those of the hand one card shorter. Summing the entries of one
outcome (the table is sorted by outcome) gives the outcome's probability.

The entries are numpy arrays: a chart needs some 3,000 such products per up card over tables of
200 to 2,000 entries, which in pure Python was about half of a chart's time; numpy does each in
a few microseconds. Every product is the same float multiplication as in Python; only the
outcome sums may round differently (in the last bits).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

__all__ = [
    "BJ",
    "BUST",
    "ONE",
    "DealerProbabilities",
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


def _state(up: int, counts: tuple[int, ...]) -> tuple[int, bool]:
    hard = up + sum((v + 1) * n for v, n in enumerate(counts))
    ace = up == 1 or counts[0] > 0
    if ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


class DealerTable:
    """Every way the dealer's hand can end from one up card, as multisets of the drawn cards."""

    def __init__(self, up: int, rule: DealerRule) -> None:
        self.up = up
        self.rule = rule
        entries: list[tuple[int, tuple[int, ...], int]] = []  # (outcome, multiset, orders)
        level: dict[tuple[int, ...], int] = {(0,) * 10: 1}
        while level:
            following: dict[tuple[int, ...], int] = {}
            for counts, orders in level.items():
                for v in range(10):
                    child = counts[:v] + (counts[v] + 1,) + counts[v + 1 :]
                    following[child] = following.get(child, 0) + orders
            level = {}
            for counts, orders in following.items():
                outcome = self._outcome(counts)
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

    def _outcome(self, counts: tuple[int, ...]) -> int | None:
        """The outcome of a dealer hand (up card + ``counts``), or None when he draws again."""
        total, soft = _state(self.up, counts)
        drawn = sum(counts)
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

    def probabilities(self, composition: tuple[int, ...]) -> np.ndarray:
        """The probability of each entry when the dealer draws from ``composition``."""
        n = sum(composition)
        out = [0.0] * self.size
        for i, (counts, k, orders) in enumerate(
            zip(self.multisets, self.lengths, self.orders, strict=True)
        ):
            if k > n:
                continue
            p = float(orders)
            for v, m in enumerate(counts):
                if m:
                    have = composition[v]
                    for j in range(m):
                        p *= have - j
            if p:
                for j in range(k):
                    p /= n - j
            out[i] = p
        return np.array(out)

    def factors(self, value: int, available: int, total: int) -> np.ndarray:
        """Each entry's factor when one card of ``value`` (1..10) leaves a shoe that held
        ``available`` of that value among ``total`` cards."""
        if available <= 0:
            return np.zeros(self.size)  # the card cannot be drawn: every path is impossible
        scale = 1.0 / available
        per_pair = [
            (available - j) * scale * total / (total - k) if total > k else 0.0
            for j, k in self.pairs[value - 1]
        ]
        factors: np.ndarray = np.array(per_pair)[self.pair_index[value - 1]]
        return factors


@lru_cache(maxsize=64)
def dealer_table(up: int, rule: DealerRule) -> DealerTable:
    """The (cached) table for one up card (1 = ace .. 10) and dealer rule."""
    return DealerTable(up, rule)


# A set of removed cards is one int: 6 bits per value (ace first), so adding a card is an addition.
BITS = 6
MASK = (1 << BITS) - 1
ONE = tuple(1 << (BITS * v) for v in range(10))
_VALUE_OF_ONE = {one: v for v, one in enumerate(ONE)}


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


class DealerProbabilities:
    """Outcome probabilities for one up card and shoe, for any set of removed player cards.

    ``removed`` is an :func:`encode`-d set of cards taken out of ``composition`` (the shoe
    without the up card). Outcome results are memoised by ``removed``. A depth-first walk over
    hands marks the hands on its path with :meth:`hold`: their per-entry probabilities are
    computed only if a longer hand needs them (its outcomes are not known yet), then kept until
    :meth:`release`, so that each new hand costs one elementwise product.
    """

    def __init__(self, table: DealerTable, composition: tuple[int, ...]) -> None:
        self.table = table
        self.composition = composition
        self.total = sum(composition)
        self._probs: dict[int, np.ndarray] = {0: table.probabilities(composition)}
        self._held: set[int] = set()
        self._outcomes: dict[int, list[float]] = {}
        self._factors: dict[tuple[int, int, int], np.ndarray] = {}
        # The set whose entries were last derived from (or for): its children come in a row.
        self._last: tuple[int, np.ndarray] = (0, self._probs[0])

    def hold(self, removed: int) -> bool:
        """Mark ``removed`` as on the walk's path: its per-entry probabilities, once computed,
        are kept until :meth:`release`. True when this call marked it."""
        if removed in self._held:
            return False
        self._held.add(removed)
        return True

    def release(self, removed: int) -> None:
        """Unmark ``removed`` and forget its per-entry probabilities (not its outcomes)."""
        self._held.discard(removed)
        if removed:
            self._probs.pop(removed, None)

    def _parent(self, removed: int) -> tuple[int, int]:
        """A set one card shorter than ``removed`` to derive it from, and that card's value
        index: one whose probabilities are computed if any, else one on the walk's path."""
        parent = -1
        value = 0
        rank = 0  # 2: computed, 1: held (computed on demand), 0: neither
        probs = self._probs
        held = self._held
        for v in range(9, -1, -1):
            if (removed >> (BITS * v)) & MASK:
                candidate = removed - ONE[v]
                found = 2 if candidate in probs else 1 if candidate in held else 0
                if parent < 0 or found > rank:
                    parent, value, rank = candidate, v, found
                    if found == 2:
                        break
        if parent < 0:
            raise ValueError("removed cards must not be empty here")
        return parent, value

    def _factors_for(self, parent: int, value: int) -> np.ndarray:
        """The per-entry factors for one card of ``value`` (an index) leaving after ``parent``."""
        available = self.composition[value] - ((parent >> (BITS * value)) & MASK)
        # The sum of the 6-bit fields is the int modulo 63 (64 = 1 mod 63): fewer than 63 cards.
        total = self.total - parent % MASK
        key = (value, available, total)
        factors = self._factors.get(key)
        if factors is None:
            factors = self.table.factors(value + 1, available, total)
            self._factors[key] = factors
        return factors

    def _entry_probabilities(self, removed: int) -> np.ndarray:
        """Each table entry's probability with ``removed`` out."""
        probs = self._probs.get(removed)
        if probs is not None:
            self._last = (removed, probs)
            return probs
        parent, value = self._parent(removed)
        base = self._entry_probabilities(parent)
        factors = self._factors_for(parent, value)
        derived: np.ndarray = base * factors
        if removed in self._held:
            self._probs[removed] = derived
        self._last = (removed, derived)
        return derived

    def outcomes(self, removed: int) -> list[float]:
        """The probability of each outcome in ``table.outcomes`` with ``removed`` out."""
        result = self._outcomes.get(removed)
        if result is not None:
            return result
        probs = self._probs.get(removed)
        if probs is None:
            # Straight from the shorter hand's entries, without keeping them: a longer hand
            # that needs them (one on the walk's path) computes them then. Most often the
            # shorter hand is the one whose entries were derived last.
            last, base = self._last
            value = _VALUE_OF_ONE.get(removed - last, -1)
            if value >= 0:
                probs = base * self._factors_for(last, value)
            else:
                parent, value = self._parent(removed)
                probs = self._entry_probabilities(parent) * self._factors_for(parent, value)
        outcomes: list[float] = np.add.reduceat(probs, self.table.starts).tolist()
        self._outcomes[removed] = outcomes
        return outcomes
