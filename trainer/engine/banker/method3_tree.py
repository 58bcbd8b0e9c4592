"""Every hand a punter can hold at 002's deal method 3, as one tree, and his play on it for any
chances of the dealer's hole card: the arithmetic under :mod:`.method3` and :mod:`.method3_mixed`.

A node is a hand (its card values, sorted) against the dealer's up card; a hand of a split pair
is a node of its own, its pack also less the other hand's first card (:mod:`.method3`'s module
doc). Each node keeps the pack left (the up card and the punter's cards out), what standing
there pays for each hole card (the dealer drawing exactly from that pack less the hole card,
:mod:`.method3_dealer`) and its children, one for each card he may draw. The tree is built once
for a rule set (the dealer's draws are most of the work) and then played for any *weights* of
the hole card: the punter's play at each node is the one worth more for the hole card's chances
there, which are the pack's cards of each value times the weight of that value (a dealer who
doubled with chance ``p_c`` on a first card ``c`` gives weights ``p``; one who did not,
``1 - p``). A pass over the tree, level by level from the longest hands, takes milliseconds, so
that :mod:`.method3_mixed` can play it some tens of times in its search.

Played so, the tree gives the same figures, to the last digits, as an enumeration of its own
dealing every card as the table deals it (``bench/method3_information.py``: the chart's play,
and a reading punter's worked out by value and posterior there):
``tests/engine/test_method3_information.py`` compares them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from trainer.engine.banker.method3_dealer import BUST, FINALS, LOWEST, dealer_finals
from trainer.engine.deck.cards import Card
from trainer.engine.play.settlement import settle_hand
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe

__all__ = [
    "CARDS",
    "VALUES",
    "Chart",
    "Hand",
    "Play",
    "Tree",
    "bits",
    "build_tree",
    "chart_decisions",
    "hand_total",
    "natural",
    "node_index",
    "pays",
    "unbits",
]

VALUES = range(1, 11)
Hand = tuple[int, ...]
# A punter's play on a hand against an up card: "H", "S" or (first two cards only) "P".
Chart = Callable[[Hand, int, bool], str]
CARDS = {value: Card.parse("A23456789T"[value - 1] + "S") for value in VALUES}
_EYE = np.eye(10)
# A draw (or split) is played where it is worth more than the stand by more than this, per unit
# staked: equal plays (a hand that loses whatever it does) stand, whatever the rounding.
_TIE = 1e-12


def hand_total(hand: Sequence[int]) -> int:
    hard = sum(hand)
    return hard + 10 if 1 in hand and hard <= 11 else hard


def natural(a: int, b: int) -> bool:
    """Whether first cards ``a`` and ``b`` (values) make a natural."""
    return {a, b} == {1, 10}


def _dealer_cards(final: int) -> tuple[Card, ...]:
    """Cards making the dealer's final total (index ``total - LOWEST`` into 12..21, then
    :data:`BUST`), never a natural."""
    if final == BUST:
        return (CARDS[10], CARDS[10], CARDS[2])
    if final == 0:
        return (CARDS[10], CARDS[1], CARDS[1])
    return (CARDS[10], CARDS[2], CARDS[LOWEST - 12 + final])


@lru_cache(maxsize=50_000)
def pays(rules: Rules, hand: Hand, split: bool) -> np.ndarray:
    """The punter's net per unit staked, his cards against each of the dealer's final totals."""
    cards = tuple(CARDS[v] for v in hand)
    return np.array(
        [
            float(settle_hand(rules, cards, _dealer_cards(f), 1, split=split).net)
            for f in range(FINALS)
        ]
    )


def _next(left: Sequence[int]) -> np.ndarray:
    """[hole, card]: the next card's chances for each hole card (which is out of the pack)."""
    counts = np.array(left, dtype=float)
    chances: np.ndarray = np.maximum(counts[None, :] - _EYE, 0.0) / (counts.sum() - 1)
    return chances


@dataclass(frozen=True)
class Play:
    """The punter's play on a tree and its results: ``hits[node]`` whether he draws there,
    ``splits[start]`` whether he splits the start's pair, ``results[start]`` his result per
    unit staked for each hole card; and what each choice is worth there, by hole card:
    ``drawn[node]`` drawing (then playing on so), ``split[start]`` splitting (0 where the
    start is no pair to split). Standing is :attr:`Tree.stand`."""

    hits: np.ndarray
    splits: np.ndarray
    results: np.ndarray
    drawn: np.ndarray
    split: np.ndarray


class Tree:
    """Every node of a rule set's method-3 game (module doc), in arrays by node index."""

    def __init__(self, rules: Rules, *, worked: bool = True) -> None:
        """The tree of ``rules``; without ``worked`` its nodes only (no results: a second)."""
        self.rules = rules
        self.worked = worked
        self.shoe = tuple(full_shoe(rules.decks))
        self._index: dict[tuple[int, Hand, int], int] = {}
        self.keys: list[tuple[int, Hand, int]] = []  # (up, hand, the split pair's value or 0)
        self._lefts: list[tuple[int, ...]] = []
        self._finals: dict[tuple[tuple[int, ...], int], np.ndarray] = {}
        self._stand: list[np.ndarray] = []
        self._edges: list[tuple[int, int, int]] = []  # (parent, card, kid)
        self.starts: list[tuple[int, int, int]] = []  # (a, b, up), a <= b, no natural
        self._start_rows: list[tuple[int, list[tuple[int, int]]]] = []
        for up in VALUES:
            for a in VALUES:
                for b in range(a, 11):
                    if not natural(a, b):
                        self._add_start(a, b, up)
        if worked:
            self._arrays()

    def _add_start(self, a: int, b: int, up: int) -> None:
        left = list(self.shoe)
        for value in (a, b, up):
            left[value - 1] -= 1
        start_left = tuple(left)
        root = self._node(up, (a, b), start_left, 0)
        kids: list[tuple[int, int]] = []
        if a == b and a != 10 and self.rules.max_split_hands >= 2:
            for value in VALUES:
                n = start_left[value - 1]
                if n:
                    rest = start_left[: value - 1] + (n - 1,) + start_left[value:]
                    kids.append((value, self._node(up, tuple(sorted((a, value))), rest, a)))
        self.starts.append((a, b, up))
        self._start_rows.append((root, kids))

    def _node(self, up: int, hand: Hand, left: tuple[int, ...], pair: int) -> int:
        key = (up, hand, pair)
        found = self._index.get(key)
        if found is not None:
            return found
        index = self._index[key] = len(self.keys)
        self.keys.append(key)
        self._lefts.append(left)
        if self.worked:
            finals = self._finals.get((left, up))
            if finals is None:
                rules = self.rules
                stands_on, soft_17 = rules.dealer_stands_on, rules.dealer_hits_soft_17
                finals = self._finals[(left, up)] = dealer_finals(left, up, stands_on, soft_17)
            self._stand.append(finals @ pays(self.rules, hand, bool(pair)))
        if hand_total(hand) < 21:
            for value in VALUES:
                n = left[value - 1]
                if not n:
                    continue
                grown = tuple(sorted((*hand, value)))
                rest = left[: value - 1] + (n - 1,) + left[value:]
                kid = -1 if hand_total(grown) > 21 else self._node(up, grown, rest, pair)
                self._edges.append((index, value, kid))
        return index

    def _arrays(self) -> None:
        """The tree as arrays: each node's stand results, the hole card's weights' factor (the
        pack's cards, a hole card making a natural with the up card left out), each edge's
        chances for each hole card, and the levels (hand lengths) longest first."""
        count = len(self.keys)
        self.stand = np.array(self._stand)
        lefts = np.array(self._lefts, dtype=float)
        ups = np.array([up for up, _, _ in self.keys])
        allowed = np.ones((count, 10))
        allowed[ups == 1, 9] = 0.0
        allowed[ups == 10, 0] = 0.0
        self.factor = lefts * allowed
        self.open = np.array([hand_total(hand) < 21 for _, hand, _ in self.keys])
        self.bust = np.zeros((count, 10))
        parents, kids, chances = [], [], []
        for parent, value, kid in self._edges:
            chance = _next(self._lefts[parent])[:, value - 1]
            if kid < 0:
                self.bust[parent] -= chance
            else:
                parents.append(parent)
                kids.append(kid)
                chances.append(chance)
        self.edge_parent = np.array(parents, dtype=int)
        self.edge_kid = np.array(kids, dtype=int)
        self.edge_chance = np.array(chances).reshape(-1, 10)
        lengths = np.array([len(hand) for _, hand, _ in self.keys])
        self.levels = [np.flatnonzero(lengths == n) for n in range(lengths.max(), 1, -1)]
        self._level_edges = [np.isin(self.edge_parent, level) for level in self.levels]
        self._starts_arrays()

    def _starts_arrays(self) -> None:
        self.roots = np.array([root for root, _ in self._start_rows], dtype=int)
        self.start_factor = self.factor[self.roots]
        pairs = [i for i, (_, kids) in enumerate(self._start_rows) if kids]
        self.pair_starts = np.array(pairs, dtype=int)
        rows, kids, chances = [], [], []
        for row, start in enumerate(pairs):
            root, split_kids = self._start_rows[start]
            next_card = _next(self._lefts[root])
            for value, kid in split_kids:
                rows.append(row)
                kids.append(kid)
                chances.append(next_card[:, value - 1])
        self.split_row = np.array(rows, dtype=int)
        self.split_kid = np.array(kids, dtype=int)
        self.split_chance = np.array(chances).reshape(-1, 10)

    def play(
        self,
        weights: Sequence[float] | np.ndarray | None = None,
        hits: np.ndarray | None = None,
        splits: np.ndarray | None = None,
    ) -> Play:
        """The punter's play and results: at each node the draw or the stand worth more for
        the hole card's ``weights`` (a stand where they are equal: :data:`_TIE`), the split
        likewise; or
        the given ``hits`` and ``splits`` (a chart's)."""
        w = np.ones(10) if weights is None else np.asarray(weights, dtype=float)
        values = np.zeros_like(self.stand)
        drawn_values = np.zeros_like(self.stand)
        chosen = np.zeros(len(self.keys), dtype=bool)
        for level, on_level in zip(self.levels, self._level_edges, strict=True):
            drawn = self.bust[level].copy()
            position = np.zeros(len(self.keys), dtype=int)
            position[level] = np.arange(len(level))
            parents = self.edge_parent[on_level]
            kid_values = self.edge_chance[on_level] * values[self.edge_kid[on_level]]
            np.add.at(drawn, position[parents], kid_values)
            stood = self.stand[level]
            if hits is None:
                factor = self.factor[level]
                gain = ((drawn - stood) * factor) @ w
                draws = (gain > _TIE * (factor @ w)) & self.open[level]
            else:
                draws = hits[level] & self.open[level]
            chosen[level] = draws
            drawn_values[level] = drawn
            values[level] = np.where(draws[:, None], drawn, stood)
        results = values[self.roots].copy()
        split_values = np.zeros((len(self.pair_starts), 10))
        np.add.at(split_values, self.split_row, self.split_chance * values[self.split_kid])
        split_values *= 2
        played = results[self.pair_starts]
        if splits is None:
            factor = self.start_factor[self.pair_starts]
            split = ((split_values - played) * factor) @ w > _TIE * (factor @ w)
        else:
            split = splits[self.pair_starts]
        all_splits = np.zeros(len(self.starts), dtype=bool)
        all_splits[self.pair_starts] = split
        results[self.pair_starts] = np.where(split[:, None], split_values, played)
        split_all = np.zeros_like(results)
        split_all[self.pair_starts] = split_values
        return Play(chosen, all_splits, results, drawn_values, split_all)

    def node_evs(self, play: Play, weights: Sequence[float] | np.ndarray) -> np.ndarray:
        """[node, choice]: what standing and drawing (then playing on by ``play``) are worth
        per unit staked at each node, the hole card's chances the pack's cards of each value
        times ``weights`` (a node whose hole card has no chance: NaN)."""
        chances = self.factor * np.asarray(weights, dtype=float)[None, :]
        total = chances.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            stand = np.einsum("nw,nw->n", self.stand, chances) / total
            drawn = np.einsum("nw,nw->n", play.drawn, chances) / total
        found: np.ndarray = np.stack([stand, drawn], axis=1)
        return found

    def start_evs(self, play: Play, weights: Sequence[float] | np.ndarray) -> np.ndarray:
        """[start, choice]: what standing, drawing and splitting (0 where the start is no pair
        to split) are worth per unit staked on each start's two cards, played on by ``play``,
        the hole card's chances the pack's cards of each value times ``weights``; a start
        whose hole card has no chance (nothing the weights allow is left) is all NaN."""
        chances = self.start_factor * np.asarray(weights, dtype=float)[None, :]
        total = chances.sum(axis=1)
        worth = np.stack([self.stand[self.roots], play.drawn[self.roots], play.split], axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            found: np.ndarray = np.einsum("scw,sw->sc", worth, chances) / total[:, None]
        return found


@lru_cache(maxsize=4)
def build_tree(rules: Rules) -> Tree:
    """The tree of ``rules`` (module doc): some seconds, once in a process."""
    return Tree(rules)


@lru_cache(maxsize=4)
def node_index(rules: Rules) -> tuple[dict[tuple[int, Hand, int], int], dict[Hand, int]]:
    """Where each node (up card, hand, split pair's value or 0) and each start (its two cards
    and the up card) is in the tree of ``rules``, in :class:`Tree`'s own order: its nodes
    walked, nothing worked out (0.36 s for one deck where the tree's own walk takes 1.4: a
    table's first engine punter waited for it)."""
    index: dict[tuple[int, Hand, int], int] = {}
    left = list(full_shoe(rules.decks))  # the pack less the node's cards, taken and given back

    def walk(up: int, hand: Hand, hard: int, ace: bool, pair: int) -> None:
        index[up, hand, pair] = len(index)
        if (hard + 10 if ace and hard <= 11 else hard) >= 21:
            return
        for value in VALUES:
            if not left[value - 1] or hard + value > 21:  # none left, or a bust (no node)
                continue
            grown = tuple(sorted((*hand, value)))
            if (up, grown, pair) not in index:
                left[value - 1] -= 1
                walk(up, grown, hard + value, ace or value == 1, pair)
                left[value - 1] += 1

    starts: list[Hand] = []
    for up in VALUES:
        for a in VALUES:
            for b in range(a, 11):
                if natural(a, b):
                    continue
                for value in (a, b, up):
                    left[value - 1] -= 1
                if (up, (a, b), 0) not in index:
                    walk(up, (a, b), a + b, a == 1, 0)
                if a == b != 10 and rules.max_split_hands >= 2:  # each split hand's first draw
                    for value in VALUES:
                        hand = (min(a, value), max(a, value))
                        if left[value - 1] and (up, hand, a) not in index:
                            left[value - 1] -= 1
                            walk(up, hand, a + value, 1 in hand, a)
                            left[value - 1] += 1
                for value in (a, b, up):
                    left[value - 1] += 1
                starts.append((a, b, up))
    return index, {start: i for i, start in enumerate(starts)}


def bits(flags: np.ndarray) -> str:
    """Flags (a play's draws or splits) as text: a hex string, eight to a byte."""
    return np.packbits(np.asarray(flags, dtype=np.uint8)).tobytes().hex()


@lru_cache(maxsize=16)
def unbits(text: str) -> np.ndarray:
    """:func:`bits` read back (a byte's spare bits read as False)."""
    return np.unpackbits(np.frombuffer(bytes.fromhex(text), dtype=np.uint8)).astype(bool)


def chart_decisions(tree: Tree, chart: Chart) -> tuple[np.ndarray, np.ndarray]:
    """A chart's draws at every node and splits at every start (:func:`Tree.play`'s ``hits``
    and ``splits``)."""
    hits = np.array([chart(hand, up, False) == "H" for up, hand, _ in tree.keys])
    splits = np.array([chart((a, b), up, True) == "P" for a, b, up in tree.starts])
    return hits, splits
