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


# A set of removed cards is one int: 6 bits per value (ace first), so adding a card is an addition.
BITS = 6
MASK = (1 << BITS) - 1
ONE = tuple(1 << (BITS * v) for v in range(10))


class DealerTable:
    """Every way the dealer's hand can end from one up card, as multisets of the drawn cards.

    The multisets are enumerated a card at a time over numpy arrays, each packed in one int
    (6 bits a value, the ace's highest, so that packed ints sort as the count tuples do); the
    multisets that end are the entries, sorted by outcome, then by their counts."""

    def __init__(self, up: int, rule: DealerRule) -> None:
        self.up = up
        self.rule = rule
        outcomes, packed, orders = _entries(up, rule)
        index = np.lexsort((packed, outcomes))
        outcomes, packed = outcomes[index], packed[index]
        self.size = int(packed.shape[0])
        self.mults = (packed[:, None] >> _SHIFTS[None, :]) & MASK
        self.orders_array = orders[index]
        self.lengths_array = self.mults.sum(axis=1)
        # The outcomes in order, and where each one's entries start (to sum them in one call).
        self.codes, starts = np.unique(outcomes, return_index=True)
        self.segment_starts = starts.astype(np.int64)
        self._pairs()

    def _pairs(self) -> None:
        """Per value: the distinct (count of that value, length) pairs, in the order the entries
        first hold them (``pair_m``, ``pair_k``), and each entry's pair (``pair_of``). A pair is
        one int, ``count * 64 + length``, and 4096 more for each value after the ace, so that
        one sort finds every value's."""
        keys = ((self.mults * 64 + self.lengths_array[:, None]).T + _PAIR_OFFSETS).reshape(-1)
        distinct, first = np.unique(keys, return_index=True)
        value = distinct // 4096
        order = np.lexsort((first, value))  # by value, then by the first entry holding it
        counts = np.bincount(value, minlength=10)
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        position = np.arange(distinct.shape[0]) - starts[value[order]]
        lookup = np.zeros(10 * 4096, dtype=np.int64)
        lookup[distinct[order]] = position
        self.pair_of = lookup[keys].reshape(10, self.size)
        pair = distinct[order] % 4096
        self.pair_m = np.zeros((10, int(counts.max(initial=0))), dtype=np.float64)
        self.pair_k = np.zeros_like(self.pair_m)
        self.pair_m[value[order], position] = pair // 64
        self.pair_k[value[order], position] = pair % 64


# Where each value's count sits in a packed multiset of the enumeration: the ace's highest.
_SHIFTS = np.array([BITS * (9 - v) for v in range(10)], dtype=np.int64)
_VALUES = np.arange(1, 11, dtype=np.int64)
_PAIR_OFFSETS = (np.arange(10, dtype=np.int64) * 4096)[:, None]


def _entries(up: int, rule: DealerRule) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every multiset of cards the dealer ends on: its outcome, the multiset packed, and its
    number of valid orders (as floats: exact, they are far below 2**53)."""
    steps = np.left_shift(1, _SHIFTS)
    packed: np.ndarray = np.zeros(1, dtype=np.int64)
    orders: np.ndarray = np.ones(1, dtype=np.float64)
    hard: np.ndarray = np.array([up], dtype=np.int64)
    ace: np.ndarray = np.array([up == 1])
    drawn = 0
    found: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    while packed.shape[0]:
        # Each multiset one card longer, the orders of each summed over the shorter ones.
        longer = (packed[:, None] + steps[None, :]).reshape(-1)
        packed, first, inverse = np.unique(longer, return_index=True, return_inverse=True)
        orders = np.bincount(inverse.reshape(-1), weights=np.repeat(orders, 10))
        hard = (hard[:, None] + _VALUES[None, :]).reshape(-1)[first]
        ace = (ace[:, None] | (_VALUES == 1)[None, :]).reshape(-1)[first]
        drawn += 1
        outcome = _outcomes(hard, drawn, ace, rule)
        ends = outcome >= 0
        found.append((outcome[ends], packed[ends], orders[ends]))
        draws = ~ends
        packed, orders, hard, ace = packed[draws], orders[draws], hard[draws], ace[draws]
    return tuple(np.concatenate(part) for part in zip(*found, strict=True))  # type: ignore[return-value]


def _outcomes(hard: np.ndarray, drawn: int, ace: np.ndarray, rule: DealerRule) -> np.ndarray:
    """The outcome of each dealer hand (the up card and ``drawn`` cards, ``hard`` in all, an ace
    among them or not), or -1 where he draws again: bust, a natural on his first two cards,
    his last card where he may draw no more (004), else his total where his rule stands."""
    soft = ace & (hard + 10 <= 21)
    total = np.where(soft, hard + 10, hard)
    draws = (total < rule.stands_on) | ((total == 17) & soft & rule.hits_soft_17)
    outcome = np.where(draws, -1, total)
    if rule.max_draws is not None and drawn - 1 >= rule.max_draws:
        outcome = total
    if drawn == 1:
        outcome = np.where(total == 21, BJ, outcome)
    return np.where(total > 21, BUST, outcome)


@lru_cache(maxsize=64)
def dealer_table(up: int, rule: DealerRule) -> DealerTable:
    """The (cached) table for one up card (1 = ace .. 10) and dealer rule."""
    return DealerTable(up, rule)


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
