"""002's deal method 3: what a punter reads on the table beyond the game's figures, measured
(issue 27).

    .venv/bin/python bench/method3_reading.py [--split] [--roots N] [--table] [--turns N]
        [--burn] [--firsts] [--double-gains ROUNDS] [--read FILE | --mixed [--fitted]] [--out FILE]
        [--check ROUNDS] [--punters N ...] [--seed S] [--rules NOTATION]

The game's figures (:mod:`trainer.engine.banker.method3`: the dealer's doubling chances ``p*``,
the bank's edge) are one punter against the dealer, his play at each hand reading his own
cards, the dealer's second (face-up) card and whether he doubled (the game's play,
:func:`~trainer.engine.banker.method3.punter_play`). Two things on the table it does not read:

(a) ``--split``: a punter who splits plays each hand on its own, not reading the other hand.
    002's variant deals both hands their second card face up before either is played, and he
    plays them "in any order". For every pair and up card, doubled or not, that the game
    splits (or whose split is within 0.02 a stake of the pair's play), ``--roots`` pairs of
    second cards are drawn as dealt and, from each, both hands enumerated together card by card
    (:class:`Split`), played by the game (each hand on its own) and by a punter reading both
    hands and playing the better one first: the difference's mean by case, weighed by the
    deal's chances, with its standard error.

(b) ``--table``: the other punters' shown cards: their second cards, the draws of those who
    played before him, the first cards shown with a natural, a bust or a redouble (the game's
    punters redouble on an ace only). A **paired comparison**: rounds are dealt for a table of
    N punters, every punter playing the game's play; at each punter's turn the game's play and
    a punter reading those cards are both worked out exactly from there (every later card
    enumerated from the cards he has not seen: the engine's
    :func:`~trainer.engine.banker.method3_reading.start_values`, which the engine's table
    punters now play by), the same deal for both, so the difference is the reading alone; its
    mean and its standard error over rounds. What a face-down card is *not* (no natural shown,
    no redouble) is not read (``bench/method3_nots.py`` measures it). ``--burn``: a card (not
    an ace) is burned face up before the deal, as 002 burns one at the top of a pack; with
    ``--punters 1`` the figure is what reading that card alone is worth in the pack's first
    round. ``--firsts``: the figure is
    what a punter who also sees the others' face-down first cards gains over one who reads the
    table (both plays valued with the cards he has seen, :func:`firsts_gain`, so only where
    they play otherwise): more than reading what those cards are not (a natural not shown, a
    redouble not made, tells him a first card is not an ace, or not a ten) can be worth, so a
    bound on it.

Both hold the dealer's doubling chances at ``p*``. Reading more can only help the punters, and
a dealer keeping ``p*`` still gets the bank's result against their new best answer: so the
game's value (the bank's edge at the new equilibrium) falls by no more than the figures here.

(c) ``--double-gains ROUNDS``: the dealer's double at a table of N reading punters, who read
    it by the chances in ``--read`` for their table size (an earlier ``--out``; else ``p*``).
    Rounds (``ROUNDS`` a size) are dealt once and played twice, not doubled and doubled
    (common random numbers), everyone playing the engine's play; at each turn the reading
    punter's and the game's play are enumerated exactly from there, kept apart by the hole card
    (:func:`hand_vectors`, the engine's figures to 1e-16 summed, ``--check``), and every first
    card of the dealer's is measured from every round by importance weights
    (:func:`gains_round`). Against the game's own results for one punter (its pure answer to
    ``p*``, :func:`.method3_mixed.answer_to`) that gives the bank's results at the table by
    first card, doubled or not: the gain of doubling on each, with its standard error; the
    bank's edge at the table, the dealer doubling by what is read (``edge_at_read``) and by his
    best answer to it (double where it gains: it exploits the punters' pure answer, which one
    punter's game already gives 0.12 points at ``p*``); each gain's *shift* by the table from
    one punter's pure answer to what is read; and the table's game to first order
    (:func:`table_equilibrium`: the game's equilibrium with those shifts), a candidate for the
    next round. The engine's dealer at a table doubles by what its punters read there
    (``chances``, the chances read: :mod:`trainer.engine.banker.method3_table` reads them from
    ``trainer/engine/data/method3_tables.json``, this program's ``--out``), so that the two
    agree; docs/table.md has the rounds tried. ``--out`` writes the figures as JSON (after
    each table size).

    ``--mixed``: the punters play the heads-up equilibrium's mix instead (:func:`mixed_readers`,
    the dealer doubling by ``p*``): each pure answer the search found with positive weight,
    each reading the table by the chances it answers and redoubling as it does, each measured
    against its own play reading nothing (the search's tree play), the punter's gain being
    theirs by their weights (the expectation over the answer he draws, worked out, not drawn);
    against one punter it is the mix's bank table (:attr:`.method3_mixed.Equilibrium.bank`),
    where the dealer is indifferent on the cards he mixes on. The dealer's best answer to the
    mixing punters (``edge_at_best``) is then an upper bound on the table's value tighter
    than the pure answer's, which the dealer exploits; ``edge_at_read`` (the dealer at ``p*``)
    is what the mix holds him to. The rounds are dealt as without it (the other punters
    playing the game's play), so the pairing holds.

    ``--fitted`` (with ``--mixed``): the best answers to more chances join the mix
    (:data:`FITTED_EXTRA`, weight 0), every play's results kept apart, and the mix's weights
    are fitted to the table (:func:`fitted_mix`): the mix the dealer's best answer gets least
    from, chosen on half the rounds and measured on the other half, both ways. Any play of the
    punters' bounds the table's value from above by the dealer's best answer to it, so this is
    an upper bound as the heads-up mix's is, fitted to the table the heads-up mix is not.

Long because its measurements share one deal of the table's turns and one exact enumeration
(split apart, each would carry a copy of them).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from trainer.engine.banker import method3_mixed  # noqa: E402
from trainer.engine.banker.method3 import method3_game, punter_play  # noqa: E402
from trainer.engine.banker.method3_dealer import FINALS  # noqa: E402
from trainer.engine.banker.method3_mixed import Answer, answer_to, equilibrium, value  # noqa: E402
from trainer.engine.banker.method3_reading import (  # noqa: E402
    finals,
    hand_values,
    start_values,
    unseen,
    weights,
)
from trainer.engine.banker.method3_tree import node_index, pays, unbits  # noqa: E402
from trainer.engine.rulebook.rules import Rules  # noqa: E402
from trainer.engine.strategy.dealer import full_shoe  # noqa: E402

VALUES = range(1, 11)
Hand = tuple[int, ...]


def total_of(hand: Hand) -> int:
    hard = sum(hand)
    return hard + 10 if 1 in hand and hard <= 11 else hard


def natural(a: int, b: int) -> bool:
    return {a, b} == {1, 10}


def take(left: tuple[int, ...], value: int, n: int = 1) -> tuple[int, ...]:
    return left[: value - 1] + (left[value - 1] - n,) + left[value:]


class Game:
    """A rule set's method-3 game as the engine plays it (:mod:`trainer.engine.banker.method3`),
    with what this program asks of it: the hole card's weights for a pack
    (:func:`~trainer.engine.banker.method3_reading.weights`: a hand's figure ``S`` is its
    result summed over the hole card with them), the dealer's finals, the settlement, and the
    game's own play (its tree's, reading nothing but the double)."""

    def __init__(self, rules: Rules, read: Sequence[float] | None = None) -> None:
        self.rules = rules
        self.game = method3_game(rules)
        self.shoe = tuple(full_shoe(rules.decks))
        self.nodes, self.starts = node_index(rules)
        self.reading(read)

    def reading(self, read: Sequence[float] | None, mixed: Readers | None = None) -> None:
        """The reading punters read the dealer's double by ``read`` (his chances; by default
        ``p*``) and redouble by their best answer to it (the game's at ``p*``); with ``mixed``
        (:func:`mixed_readers`, the dealer's chances ``p*``), (c)'s punters play the heads-up
        equilibrium's mix of answers instead, each reading the table by its own chances."""
        self.read = tuple(self.game.chances if read is None else (float(x) for x in read))
        own = self.read == tuple(self.game.chances)
        self.redoubling = (
            self.game.redoubling if own else answer_to(self.rules, np.asarray(self.read)).redoubling
        )
        self.readers = mixed or pure_readers(self)

    def q(self, left: tuple[int, ...], up: int, doubled: bool) -> np.ndarray:
        return weights(self.game, left, up, doubled, self.read)

    def finals(self, left: tuple[int, ...], up: int) -> np.ndarray:
        return finals(self.rules, left, up)

    def pays(self, hand: Hand, split: bool) -> np.ndarray:
        return pays(self.rules, hand, split)

    def engine_hits(self, doubled: bool, up: int, hand: Hand, pair: int) -> bool:
        return punter_play(self.game, doubled, up, hand, pair, first=False) == "H"

    def engine_splits(self, doubled: bool, up: int, a: int) -> bool:
        return punter_play(self.game, doubled, up, (a, a), 0, first=True) == "P"

    def start(
        self, a: int, b: int, up: int, gone: tuple[int, ...], doubled: bool
    ) -> tuple[float, float, float, str, str]:
        """:func:`~trainer.engine.banker.method3_reading.start_values` with the cards ``gone``
        (counts by value) seen on the table besides."""
        seen = [v for v, n in enumerate(gone, 1) for _ in range(n)]
        left = unseen(self.rules, (a, b, up, *seen))
        assert left is not None
        return start_values(self.game, doubled, up, a, b, left, chances=self.read)


def _engine_play(
    game: Game, hands: list[list[int]], up: int, doubled: bool, deck: list[int]
) -> None:
    pair = hands[0][0] if len(hands) > 1 else 0
    for hand in hands:
        while deck and total_of(tuple(hand)) < 21:
            if not game.engine_hits(doubled, up, tuple(sorted(hand)), pair):
                break
            hand.append(deck.pop())


def table_turns(
    game: Game,
    firsts: list[int],
    seconds: list[int],
    up: int,
    doubled: bool,
    deck: list[int],
    burned: int = 0,
    log: dict[object, list] | None = None,
) -> Iterator[tuple[int, int, tuple[int, ...], int, str, tuple[int, ...]]]:
    """A round's turns at a table, everyone playing the engine's play: for each punter without
    a natural, his cards ``(a, b)``, the cards seen besides his own and the up card (``gone``,
    counts by value), his stake's multiple (the double and a redouble counted), the engine's
    first play, and the other punters' first cards still face down (counts by value); after
    each, his hand is played out from ``deck`` and what it shows is shown (``burned``: a card
    shown before the deal, or 0). ``log``: filled with whose first cards are face up
    (``"revealed"``) and, by punter, his hands as played (``method3_nots.py`` reads them)."""
    redoubling = game.redoubling if doubled else frozenset()
    shown = Counter(seconds)
    if burned:
        shown[burned] += 1
    revealed = [natural(p1, p2) or p1 in redoubling for p1, p2 in zip(firsts, seconds, strict=True)]
    shown.update(p1 for p1, out in zip(firsts, revealed, strict=True) if out)
    if log is not None:
        log["revealed"] = revealed
    for i, (p1, p2) in enumerate(zip(firsts, seconds, strict=True)):
        if natural(p1, p2):
            continue
        own = Counter([p2, *([p1] if revealed[i] else [])])
        gone = tuple((shown - own)[v] for v in VALUES)
        times = (4 if p1 in redoubling else 2) if doubled else 1
        engine_move = punter_play(game.game, doubled, up, (min(p1, p2), max(p1, p2)), 0, True)
        hidden = Counter(f for j, f in enumerate(firsts) if j != i and not revealed[j])
        yield p1, p2, gone, times, engine_move or "S", tuple(hidden[v] for v in VALUES)
        if engine_move == "P" and len(deck) >= 2:
            hands = [[p1, deck.pop()], [p2, deck.pop()]]
            shown.update(hand[1] for hand in hands)
        else:
            hands = [[p1, p2]]
        before = [len(hand) for hand in hands]
        _engine_play(game, hands, up, doubled, deck)
        if log is not None:
            log[i] = hands
        for hand, n in zip(hands, before, strict=True):
            shown.update(hand[n:])
        if not revealed[i] and any(total_of(tuple(hand)) > 21 for hand in hands):
            revealed[i] = True
            shown[p1] += 1


def table_round(
    game: Game,
    punters: int,
    rng: random.Random,
    cells: Counter,
    burn: bool = False,
    firsts_seen: bool = False,
) -> float:
    """One dealt round at a table of ``punters``, everyone playing the engine's play: the mean
    over the punters of what reading the table's face-up cards adds to each one's expectation
    (per unit of his stake before the double, the double and a redouble counted). ``cells``
    counts each first play where the reading punter plays otherwise. ``burn``: a card (not an
    ace) is burned face up first (002: "предъявить её и положить крапом вниз под колоду", an ace
    not burned): the figure is then what the reading punter adds reading it and the table.
    ``firsts_seen``: what a punter who also saw the other punters' face-down first cards adds
    to one reading the table (a bound on what reading what those cards are *not* is worth)."""
    deck = [v for v, n in enumerate(game.shoe, 1) for _ in range(n)]
    rng.shuffle(deck)
    burned = deck.pop(rng.choice([i for i, v in enumerate(deck) if v != 1])) if burn else 0
    firsts = [deck.pop() for _ in range(punters)]
    hole = deck.pop()
    doubled = rng.random() < game.game.chances[hole - 1]
    seconds = [deck.pop() for _ in range(punters)]
    up = deck.pop()
    if natural(hole, up):
        return 0.0
    total = 0.0
    for p1, p2, gone, times, engine_move, hidden in table_turns(
        game, firsts, seconds, up, doubled, deck, burned
    ):
        reader, engine, norm, move, _ = game.start(p1, p2, up, gone, doubled)
        if firsts_seen:
            both = tuple(a + b for a, b in zip(gone, hidden, strict=True))
            total += times * firsts_gain(game, p1, p2, up, gone, both, doubled)
            continue
        total += times * (reader - engine) / norm
        if move != engine_move:
            a, b = sorted((p1, p2))
            cells[(a, b, up, doubled, engine_move, move)] += 1
    return total / punters


def _left(game: Game, a: int, b: int, up: int, gone: tuple[int, ...]) -> tuple[int, ...]:
    seen = [v for v, n in enumerate(gone, 1) for _ in range(n)]
    left = unseen(game.rules, (a, b, up, *seen))
    assert left is not None
    return left


def _played(
    game: Game, doubled: bool, up: int, hand: Hand, left: tuple[int, ...], pair: int, moves: dict
) -> float:
    """``S`` of ``hand`` from the unseen cards ``left`` played by ``moves`` (hand -> "H" or
    "S", another reader's: :func:`hand_values`' memo)."""
    q = game.q(left, up, doubled)
    if total_of(hand) >= 21 or moves[hand][2] != "H":
        return float(q @ (game.finals(left, up) @ game.pays(hand, bool(pair))))
    cards, found = sum(left), 0.0
    for c in VALUES:
        if left[c - 1]:
            rest, grown = take(left, c), tuple(sorted((*hand, c)))
            bust = -float(game.q(rest, up, doubled).sum())
            value = (
                bust
                if total_of(grown) > 21
                else _played(game, doubled, up, grown, rest, pair, moves)
            )
            found += left[c - 1] / (cards - 1) * value
    return found


def firsts_gain(
    game: Game, a: int, b: int, up: int, gone: tuple[int, ...], both: tuple[int, ...], doubled: bool
) -> float:
    """What a punter who has seen ``both`` (the table and the others' face-down first cards)
    gains over one who has seen ``gone`` (the table), per unit staked: both plays valued with
    what the first has seen (the nearer the truth), so only where they differ."""
    plain, full = _left(game, a, b, up, gone), _left(game, a, b, up, both)
    hand, g = (min(a, b), max(a, b)), game.game
    best = start_values(g, doubled, up, a, b, full)
    move = start_values(g, doubled, up, a, b, plain)[3]
    if move == best[3] == "S":  # standing on both, the same play: nothing to value
        return 0.0
    if move == "P":
        cards, value = sum(full), 0.0
        for c in VALUES:
            if full[c - 1]:
                kid = (min(a, c), max(a, c))
                moves: dict = {}
                hand_values(g, doubled, up, kid, take(plain, c), a, moves)
                value += (
                    2
                    * full[c - 1]
                    / (cards - 1)
                    * _played(game, doubled, up, kid, take(full, c), a, moves)
                )
    else:
        moves = {}
        hand_values(g, doubled, up, hand, plain, 0, moves)
        value = _played(game, doubled, up, hand, full, 0, moves)
    return (best[0] - value) / best[2]


def table_run(
    game: Game, punters: int, rounds: int, seed: int, burn: bool = False, firsts: bool = False
) -> tuple[float, float, Counter, float]:
    """The punters' mean gain per round from reading the table (:func:`table_round`), its
    standard error, the first plays changed, and the seconds it took."""
    rng, cells = random.Random(f"{seed} {punters}{' burn' if burn else ''}"), Counter()
    started = time.perf_counter()
    total = square = 0.0
    for _ in range(rounds):
        x = table_round(game, punters, rng, cells, burn, firsts)
        total += x
        square += x * x
    mean = total / rounds
    error = (max(square / rounds - mean * mean, 0.0) / (rounds - 1)) ** 0.5
    return mean, error, cells, time.perf_counter() - started


# -- (c) the dealer's double against a table of reading punters ----------------------------------


@dataclass(frozen=True)
class Readers:
    """(c)'s reading punters, kept apart: each of ``K`` plays, its weight (a punter plays it
    with that chance), the dealer's chances it reads the double by, the cards it redoubles on,
    and the play it is measured against (the game's tree's, reading nothing but the double:
    its draws at each node and splits at each start, by doubled, ``[K, nodes]``); ``bank``:
    one punter's bank table against that play's mix, where it is not the pure answer's."""

    weights: np.ndarray
    chances: np.ndarray
    redoubling: tuple[frozenset[int], ...]
    hits: dict[bool, np.ndarray]
    splits: dict[bool, np.ndarray]
    bank: np.ndarray | None = None
    banks: np.ndarray | None = None  # each play's own bank table, [K, 2, 10] (--mixed)


def pure_readers(game: Game) -> Readers:
    """One play: reading by ``game.read``, measured against the game's pure answer to ``p*``."""
    g = game.game
    return Readers(
        np.ones(1),
        np.asarray([game.read]),
        (game.redoubling,),
        {d: unbits(g.hits[d])[None] for d in (False, True)},
        {d: unbits(g.splits[d])[None] for d in (False, True)},
    )


def mixed_readers(rules: Rules, extra: Sequence[np.ndarray] = ()) -> Readers:
    """The heads-up equilibrium's mix (:func:`.method3_mixed.equilibrium`, worked out again):
    each answer of positive weight, reading the table by the chances the search had when it
    found that answer (recorded from its calls of ``answer_to``), redoubling as that answer;
    then the best answer to each of the chances ``extra``, of weight 0 (``--fitted``)."""
    found: list[tuple[np.ndarray, Answer]] = []

    def recording(rules: Rules, chances: np.ndarray, tree: object = None) -> Answer:
        answer = answer_to(rules, chances, tree)  # type: ignore[arg-type]
        found.append((np.array(chances, dtype=float), answer))
        return answer

    with mock.patch.object(method3_mixed, "answer_to", recording):
        mix = equilibrium(rules)
    kept = [(w, *found[k]) for k, w in enumerate(mix.mix) if w > 1e-9]
    assert all(a.redoubling == mix.answers[k] for k, (_, a) in enumerate(found[: len(mix.mix)]))
    bank = sum(w * a.bank for w, _, a in kept)
    assert np.allclose(bank, mix.bank, atol=1e-12)
    total = sum(w for w, _, _ in kept)
    kept = [(w / total, c, a) for w, c, a in kept]
    kept += [(0.0, np.asarray(c, dtype=float), answer_to(rules, np.asarray(c))) for c in extra]
    return Readers(
        np.array([w for w, _, _ in kept]),
        np.array([c for _, c, _ in kept]),
        tuple(a.redoubling for _, _, a in kept),
        {d: np.array([a.plays[d].hits for _, _, a in kept]) for d in (False, True)},
        {d: np.array([a.plays[d].splits for _, _, a in kept]) for d in (False, True)},
        mix.bank,
        np.array([a.bank for _, _, a in kept]),
    )


Vectors = dict[Hand, tuple[np.ndarray, np.ndarray, np.ndarray]]


def _base(left: tuple[int, ...], up: int) -> np.ndarray:
    """The hole card's weights before the dealer's chances: the cards unseen, a hole card
    making a natural with ``up`` left out."""
    w = np.asarray(left, dtype=float)
    if up in (1, 10):
        w[10 - up] = 0.0
    return w


def _better(
    game: Game, doubled: bool, one: np.ndarray, other: np.ndarray, w: np.ndarray
) -> np.ndarray:
    """For each of the readers (:class:`Readers`), whether ``one`` ([K, 10], kept apart by the
    hole card) is worth more than ``other`` summed with the dealer's chances he reads."""
    chances = game.readers.chances
    c = chances if doubled else 1 - chances
    found: np.ndarray = (c * one).sum(axis=1) > (c * other).sum(axis=1) + 1e-12 * (c @ w)
    return found


def hand_vectors(
    game: Game, doubled: bool, up: int, hand: Hand, left: tuple[int, ...], pair: int, memo: Vectors
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`~trainer.engine.banker.method3_reading.hand_values` kept apart by the hole card,
    for each of the readers (:class:`Readers`, ``[K, 10]``): for each hole card ``h``,
    ``left[h]`` times the hand's expected result were the hole card ``h``, for the reading
    punter and the play he is measured against, and where the reader draws. The reader plays
    by the sum weighed with the dealer's chances he reads (``p`` doubled, ``1 - p`` not): the
    engine's play, to the last digits (``--check``); a hole card the dealer never holds so is
    still valued, which is what the dealer's gain of doing otherwise on it asks."""
    found = memo.get(hand)
    if found is not None:
        return found
    w = _base(left, up)
    k = len(game.readers.weights)
    stand = np.broadcast_to(w * (game.finals(left, up) @ game.pays(hand, bool(pair))), (k, 10))
    if total_of(hand) >= 21:
        memo[hand] = (stand, stand, np.zeros(k, dtype=bool))
        return memo[hand]
    cards = sum(left)
    reader, engine = np.zeros((k, 10)), np.zeros((k, 10))
    for c in VALUES:
        n = left[c - 1]
        if not n:
            continue
        rest, grown = take(left, c), tuple(sorted((*hand, c)))
        if total_of(grown) > 21:
            r = e = -_base(rest, up)
        else:
            r, e, _ = hand_vectors(game, doubled, up, grown, rest, pair, memo)
        reader += n / (cards - 1) * r
        engine += n / (cards - 1) * e
    draws = _better(game, doubled, reader, stand, w)
    node = game.nodes.get((up, hand, pair))
    hits = game.readers.hits[doubled][:, node] if node is not None else np.zeros(k, dtype=bool)
    memo[hand] = (
        np.where(draws[:, None], reader, stand),
        np.where(hits[:, None], engine, stand),
        draws,
    )
    return memo[hand]


def start_vectors(
    game: Game, doubled: bool, up: int, a: int, b: int, left: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """:func:`~trainer.engine.banker.method3_reading.start_values` kept apart by the hole card
    (:func:`hand_vectors`), for each of the readers: the reader's and the measured play's
    vectors (``[K, 10]``), and the reader's plays."""
    hand = (min(a, b), max(a, b))
    reader, engine, draws = hand_vectors(game, doubled, up, hand, left, 0, {})
    moves = ["H" if x else "S" for x in draws]
    if a == b != 10 and game.rules.max_split_hands >= 2:
        k = len(game.readers.weights)
        cards, memo = sum(left), {}
        split_r, split_e = np.zeros((k, 10)), np.zeros((k, 10))
        for c in VALUES:
            if left[c - 1]:
                kid = (min(a, c), max(a, c))
                r, e, _ = hand_vectors(game, doubled, up, kid, take(left, c), a, memo)
                split_r += 2 * left[c - 1] / (cards - 1) * r
                split_e += 2 * left[c - 1] / (cards - 1) * e
        splits = _better(game, doubled, split_r, reader, _base(left, up))
        reader = np.where(splits[:, None], split_r, reader)
        moves = ["P" if x else m for x, m in zip(splits, moves, strict=True)]
        engine_splits = game.readers.splits[doubled][:, game.starts[(*hand, up)]]
        engine = np.where(engine_splits[:, None], split_e, engine)
    return reader, engine, moves


def gains_round(game: Game, punters: int, rng: random.Random) -> np.ndarray:
    """One round at a table of ``punters``, dealt once and played twice, the dealer not doubling
    and doubling (the same cards in the same order): for each (row 0 not doubled, row 1
    doubled) and each first card ``d`` of the dealer's (column ``d - 1``), what the reading
    punters take off the bank were his first card ``d``, per unit of a punter's stake before
    the double (the mean over the punters of their gain, times their stake's multiple).

    The hole card is dealt (``h``), and the other first cards are weighed in by importance: at
    each turn the cards dealt so far (``k`` of each value, of ``n`` in the pack) are that much
    more or less likely from the pack less ``d`` than from the pack less ``h``, by
    ``(n_d - k_d) / n_d * n_h / (n_h - k_h)`` (only those two values' counts differ), so every
    round measures every first card. A dealer's natural ends the round at zero, weighed so.
    Against several readers (:class:`Readers`) it is kept apart by reader (``[K, 2, 10]``),
    each with his stake's multiple by its redoubling (the cards shown, the deal's own): a
    punter's gain is theirs by their weights."""
    readers = game.readers
    shoe = np.asarray(game.shoe, dtype=float)
    deck = [v for v, n in enumerate(game.shoe, 1) for _ in range(n)]
    rng.shuffle(deck)
    hole = deck.pop()
    firsts = [deck.pop() for _ in range(punters)]
    seconds = [deck.pop() for _ in range(punters)]
    up = deck.pop()
    taken = np.zeros((len(readers.weights), 2, 10))
    for doubled in (False, True):
        cards = list(deck)
        for p1, p2, gone, _, _, _ in table_turns(game, firsts, seconds, up, doubled, cards):
            seen = [v for v, n in enumerate(gone, 1) for _ in range(n)]
            left = unseen(game.rules, (p1, p2, up, *seen))
            assert left is not None
            reader, engine, _ = start_vectors(game, doubled, up, p1, p2, left)
            rest = np.bincount(cards, minlength=11)[1:]
            dealt = (shoe - np.eye(10)[hole - 1]) - rest  # out of the pack since the hole card
            weight = (shoe - dealt) / shoe
            weight /= weight[hole - 1]
            times = [(4 if p1 in r else 2) if doubled else 1 for r in readers.redoubling]
            each = np.asarray(times, dtype=float)[:, None] * (reader - engine)
            counts = np.asarray(left, dtype=float)
            gain = np.divide(each, counts, out=np.zeros_like(each), where=counts > 0)
            taken[:, int(doubled)] += weight * gain
    return taken / punters


def gains_run(
    game: Game, punters: int, rounds: int, seed: int, resamples: int = 0
) -> dict[str, object]:
    """:func:`gains_round` ``rounds`` times, the punters reading the dealer's double by
    ``game.read``: with the bank's results against one punter (the game's play, its pure answer
    to ``p*``), the bank's results at the table by first card, doubled or not, and so the
    dealer's gain of doubling on each card and its standard error; the bank's edge at the
    table, the dealer doubling by what the punters read and by his best answer (double where
    the gain is above 0); and the table's game (:func:`table_equilibrium`)."""
    rng, started = random.Random(f"{seed} {punters} double gains"), time.perf_counter()
    read = np.asarray(game.read)
    bank = game.readers.bank  # the heads-up mix's (--mixed), what is read being p*
    if bank is None:
        bank = answer_to(game.rules, np.asarray(game.game.chances)).bank
    alone = bank if game.readers.bank is not None else answer_to(game.rules, read).bank
    share = np.asarray(game.shoe, dtype=float) / sum(game.shoe)
    by_reader = np.array([gains_round(game, punters, rng) for _ in range(rounds)])  # [r, K, 2, 10]
    taken = np.einsum("k,rkij->rij", game.readers.weights, by_reader)  # [round, 2, 10]
    kept = bank - taken.mean(axis=0)
    gains, gain_se = kept[1] - kept[0], (taken[:, 1] - taken[:, 0]).std(axis=0, ddof=1)
    gain_se = gain_se / rounds**0.5
    doubles = gains > 0
    # The table's shift of each gain from one punter's, each reading ``read``.
    table = gains - (alone[1] - alone[0])
    figures: dict[str, object] = {"punters": punters, "rounds": rounds, "read": list(game.read)}
    for name, each, exact in (
        ("edge_at_read", share * ((1 - read) * taken[:, 0] + read * taken[:, 1]),
         share @ ((1 - read) * kept[0] + read * kept[1])),
        ("edge_at_best", share * np.where(doubles, taken[:, 1], taken[:, 0]),
         share @ np.where(doubles, kept[1], kept[0])),
    ):  # fmt: skip
        figures[name] = float(exact)
        figures[name + "_se"] = float(each.sum(axis=1).std(ddof=1)) / rounds**0.5
    if game.readers.bank is None:  # the table's game is the pure answers' (not the mix's)
        figures.update(table_equilibrium(game, table, gain_se, resamples))
    else:
        figures["mixed"] = [list(map(float, game.readers.weights)), game.readers.chances.tolist()]
        if len(game.readers.weights) > 1 and game.readers.banks is not None:
            figures["fitted"] = fitted_mix(game.readers.banks, by_reader, share)
    figures["chances"] = list(game.read)  # the engine's dealer's at this table: what is read
    figures["cards"] = [
        {"card": d, "read": float(read[d - 1]),
         "heads_up_gain": float(alone[1, d - 1] - alone[0, d - 1]), "gain": float(gains[d - 1]),
         "gain_se": float(gain_se[d - 1]), "doubles": bool(doubles[d - 1]),
         "table_shift": float(table[d - 1])}
        for d in VALUES
    ]  # fmt: skip
    figures["seconds"] = time.perf_counter() - started
    return figures


# (c) --fitted: chances whose best answers join the heads-up mix (weight 0 there), each p*
# with these cards' chances changed: a dealer read as doubling less on a five and a six (what
# his gains there, below 0 against the heads-up mix at a table, ask for), and the table's game
# to first order at four, five, six and ten punters (docs/table.md).
FITTED_EXTRA = (
    {5: 0.6, 6: 0.3},
    {5: 0.4, 6: 0.2},
    {5: 0.2, 6: 0.1},
    {5: 0.0, 6: 0.0},
    {4: 0.47, 5: 0.57, 6: 0.35, 7: 0.13},
    {4: 0.16, 5: 0.68, 6: 0.39, 7: 0.07},
    {4: 0.64, 5: 0.27, 6: 0.35, 7: 0.04},
    {4: 1.0, 5: 0.0, 6: 0.33, 7: 0.10},
)


def fitted_mix(banks: np.ndarray, each: np.ndarray, share: np.ndarray) -> dict[str, object]:
    """The punters' mix of the readers' plays that holds the dealer's best answer to it lowest
    at this table (``--fitted``): a play's bank results at the table are its heads-up table
    (``banks``, ``[K, 2, 10]``) less what the rounds' reading took (``each``, ``[R, K, 2,
    10]``), linear in the mix's weights ``w``, and the dealer's best answer to the mix gets
    ``share @ max(w @ kept)``, convex in ``w``. Cross-fitted: the mix is chosen on one half of
    the rounds and measured on the other (its least on the rounds it was chosen on reads low),
    both ways; the upper bound is the two measures' mean, with its standard error."""
    half = len(each) // 2
    folds = []
    for fit, test in ((slice(0, half), slice(half, None)), (slice(half, None), slice(0, half))):
        w = lowest_mix(banks - each[fit].mean(axis=0), share)
        mixed = np.einsum("k,rkij->rij", w, banks[None] - each[test])  # [R, 2, 10]
        doubles = mixed[:, 1].mean(axis=0) > mixed[:, 0].mean(axis=0)
        rounds = np.where(doubles, mixed[:, 1], mixed[:, 0]) @ share
        folds.append(
            {
                "weights": [round(float(x), 4) for x in w],
                "upper": float(rounds.mean()),
                "upper_se": float(rounds.std(ddof=1)) / len(rounds) ** 0.5,
                "doubles": [d for d in VALUES if doubles[d - 1]],
            }
        )
    upper = sum(float(f["upper"]) for f in folds) / 2  # type: ignore[arg-type]
    error = sum(float(f["upper_se"]) ** 2 for f in folds) ** 0.5 / 2  # type: ignore[arg-type]
    return {"upper": upper, "upper_se": error, "folds": folds}


def lowest_mix(kept: np.ndarray, share: np.ndarray, seed: int = 0) -> np.ndarray:
    """The weights ``w`` (on the simplex) for which ``share @ max(w @ kept)`` is least
    (``kept``: ``[K, 2, 10]``): random mixes, then smaller and smaller moves about the best
    (a convex function of a few weights: near its least is what an upper bound needs)."""
    rng = np.random.default_rng(seed)
    k = len(kept)
    flat = kept.reshape(k, 20)

    def worth(mixes: np.ndarray) -> np.ndarray:
        return np.asarray((mixes @ flat).reshape(-1, 2, 10).max(axis=1) @ share)

    mixes = np.vstack([np.eye(k), rng.dirichlet(np.ones(k), 50_000)])
    best = mixes[int(np.argmin(worth(mixes)))]
    for scale in np.geomspace(0.3, 1e-4, 40):
        moved = np.clip(best + rng.normal(0.0, scale, (5_000, k)), 0.0, None)
        moved /= np.maximum(moved.sum(axis=1, keepdims=True), 1e-12)
        tried = np.vstack([best, moved])
        best = tried[int(np.argmin(worth(tried)))]
    return best


def _with(chances: Sequence[float], cards: dict[int, float]) -> np.ndarray:
    """``chances`` with those of ``cards`` (first card: chance) changed."""
    return np.array([cards.get(d, c) for d, c in zip(VALUES, chances, strict=True)])


def _shifted_game(game: Game, shift: np.ndarray) -> tuple[np.ndarray, float, float, int, float]:
    """The game's equilibrium with the doubling gains shifted by ``shift``: its chances, its
    lower and upper bounds, its rounds; and what its chances gain the dealer over those the
    punters read (each against the punters' best answer, shifted)."""
    found = equilibrium(game.rules, start=np.asarray(game.game.chances), shift=shift)
    read = np.asarray(game.read)
    alone = answer_to(game.rules, read).bank
    at_read = value(game.rules, read, alone + np.vstack([np.zeros(10), shift]))
    return np.asarray(found.chances), found.lower, found.upper, found.rounds, found.lower - at_read


def table_equilibrium(
    game: Game, table: np.ndarray, table_se: np.ndarray, resamples: int
) -> dict[str, object]:
    """The table's game to first order: the game (one punter against the dealer, exact) with
    each first card's doubling gain moved by the table's shift of it, where that is resolved
    (beyond 2 standard errors; else 0), at its mixed equilibrium
    (:func:`.method3_mixed.equilibrium`); and what moving to its chances from those the punters
    read gains the dealer there (``move``), with a standard error from ``resamples`` draws of
    the shifts about their measures. A candidate for the next round (``--read``): the shift
    itself moves with what the punters read (docs/table.md)."""
    shift = np.where(np.abs(table) > 2 * table_se, table, 0.0)
    chances, lower, upper, rounds, move = _shifted_game(game, shift)
    rng, moves = np.random.default_rng(27), []
    for _ in range(resamples):
        drawn = table + rng.standard_normal(10) * table_se
        moves.append(_shifted_game(game, np.where(np.abs(drawn) > 2 * table_se, drawn, 0.0))[4])
    return {
        "shift": [float(x) for x in shift],
        "equilibrium": [float(x) for x in chances],
        "equilibrium_bounds": [lower, upper],
        "equilibrium_rounds": rounds,
        "move": move,
        "move_se": float(np.std(moves, ddof=1)) if resamples > 1 else 0.0,
    }


def double_gains(
    game: Game,
    punters: Sequence[int],
    rounds: int,
    seed: int,
    out: Path | None,
    reads: dict[int, list[float]] | None = None,
    resamples: int = 0,
    mixed: Readers | None = None,
) -> None:
    """(c): :func:`gains_run` for each table size, the punters reading ``reads`` (by size: the
    dealer's chances there, from ``--read``; ``p*`` for a size it does not hold), or playing
    the heads-up equilibrium's ``mixed`` answers (``--mixed``, the dealer's chances ``p*``),
    printed, and written to ``out`` as JSON."""
    found = []
    for n in punters:
        game.reading((reads or {}).get(n), mixed)
        run = gains_run(game, n, rounds, seed, resamples)
        found.append(run)
        print(f"(c) {n} punter(s), {rounds:,} rounds, {run['seconds']:.0f} s:", flush=True)
        print(f"    the punters read {np.round(game.read, 4)}", flush=True)
        for row in run["cards"]:  # type: ignore[attr-defined]
            verdict = "doubles" if row["doubles"] else "leaves"
            unsure = " (not resolved)" if abs(row["gain"]) < 2 * row["gain_se"] else ""
            print(
                f"    first card {row['card']:>2} (read {row['read']:.4f}): gain one punter "
                f"{row['heads_up_gain']:+.5f}, at the table {row['gain']:+.5f} "
                f"± {row['gain_se']:.5f}: {verdict}{unsure}; the table's shift "
                f"{row['table_shift']:+.5f}"
            )
        if mixed is None:
            game_is = np.round(np.asarray(run["equilibrium"]), 4)
            move, move_se = float(run["move"]), float(run["move_se"])  # type: ignore[arg-type]
            print(f"    the table's game: {game_is}, its move {move:+.4%} ± {move_se:.4%}")
        for name in _FIGURES:
            print(f"    {name}: {run[name]:+.4%} ± {run[name + '_se']:.4%}", flush=True)  # type: ignore[str-bytes-safe]
        fitted = run.get("fitted")
        if isinstance(fitted, dict):
            for fold in fitted["folds"]:
                print(f"    a fitted mix {fold['weights']}: the dealer's best answer (doubling on")
                print(f"      {fold['doubles']}) {fold['upper']:+.4%} ± {fold['upper_se']:.4%}")
            print(f"    edge_at_best, fitted: {fitted['upper']:+.4%} ± {fitted['upper_se']:.4%}")
        if out is not None:
            _write(out, game, seed, found)


_FIGURES = ("edge_at_read", "edge_at_best")


def _write(out: Path, game: Game, seed: int, found: list[dict[str, object]]) -> None:
    """(c)'s figures so far, with the command that made them."""
    document = {
        "command": "bench/method3_reading.py " + " ".join(sys.argv[1:]),
        "rules": game.rules.notation(),
        "seed": seed,
        "edge_one_punter": game.game.edge,
        "tables": found,
    }
    out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def check_vectors(game: Game, rounds: int, seed: int) -> float:
    """The largest gap between :func:`start_vectors` summed with the dealer's chances and the
    engine's :func:`~trainer.engine.banker.method3_reading.start_values` over ``rounds`` dealt
    rounds of four punters (the two must agree: the same play, kept apart by the hole card)."""
    rng, chances, worst = random.Random(seed), np.asarray(game.read), 0.0
    for _ in range(rounds):
        doubled = rng.random() < 0.5
        deck = [v for v, n in enumerate(game.shoe, 1) for _ in range(n)]
        rng.shuffle(deck)
        firsts, seconds, up = deck[:4], deck[4:8], deck[8]
        c = chances if doubled else 1 - chances
        for p1, p2, gone, _, _, _ in table_turns(game, firsts, seconds, up, doubled, deck[9:]):
            reader, engine, norm, move, _ = game.start(p1, p2, up, gone, doubled)
            seen = [v for v, n in enumerate(gone, 1) for _ in range(n)]
            left = unseen(game.rules, (p1, p2, up, *seen))
            assert left is not None
            vectors = start_vectors(game, doubled, up, p1, p2, left)
            r, e, m = vectors[0][0], vectors[1][0], vectors[2][0]
            assert m == move
            worst = max(worst, abs(float(c @ r) - reader) / norm, abs(float(c @ e) - engine) / norm)
    return worst


# -- (a) a split's two hands, each reading the other ---------------------------------------------


class Split:
    """A pair ``a`` split against ``up``: both hands' second cards dealt, then played; ``S`` of
    every state worked out for the engine's play (each hand on its own) and a punter's reading
    both hands (and choosing which to play first)."""

    def __init__(self, game: Game, a: int, up: int, doubled: bool) -> None:
        self.game, self.a, self.up, self.doubled = game, a, up, doubled
        self.memo: dict[tuple[Hand, Hand, int], tuple[float, float]] = {}
        self.settled: dict[tuple[Hand, Hand], float] = {}

    def _settle(self, one: Hand, two: Hand, left: tuple[int, ...]) -> float:
        key = (min(one, two), max(one, two))
        found = self.settled.get(key)
        if found is None:
            game, up = self.game, self.up
            pays = sum(
                game.pays(hand, True) if total_of(hand) <= 21 else -np.ones(FINALS)
                for hand in (one, two)
            )
            q = game.q(left, up, self.doubled)
            found = self.settled[key] = float(q @ (game.finals(left, up) @ pays))
        return found

    def value(self, one: Hand, two: Hand, stage: int, left: tuple[int, ...]) -> tuple[float, float]:
        """(reader, engine) playing ``one`` then ``two`` from ``stage`` (0: ``one``'s turn, 1:
        ``two``'s, 2: settled)."""
        key = (one, two, stage)
        found = self.memo.get(key)
        if found is not None:
            return found
        if stage == 2:
            settled = self._settle(one, two, left)
            self.memo[key] = (settled, settled)
            return self.memo[key]
        hand = (one, two)[stage]
        stand_r, stand_e = self.value(one, two, stage + 1, left)
        if total_of(hand) >= 21:
            self.memo[key] = (stand_r, stand_e)
            return self.memo[key]
        cards = sum(left)
        reader = engine = 0.0
        for c in VALUES:
            n = left[c - 1]
            if n:
                grown = tuple(sorted((*hand, c)))
                hands = (grown, two) if stage == 0 else (one, grown)
                r, e = self.value(*hands, stage, take(left, c))
                reader += n / (cards - 1) * r
                engine += n / (cards - 1) * e
        q_sum = float(self.game.q(left, self.up, self.doubled).sum())
        hits = self.game.engine_hits(self.doubled, self.up, hand, self.a)
        self.memo[key] = (
            max(reader, stand_r) if reader > stand_r + 1e-12 * q_sum else stand_r,
            engine if hits else stand_e,
        )
        return self.memo[key]

    def figures(self) -> tuple[float, float, float, float]:
        """``S`` of the split for the reading punter and for the engine, of not splitting (his
        play of the pair, nothing else to read), and the weights' sum."""
        game, a, up = self.game, self.a, self.up
        left = take(take(take(game.shoe, a), a), up)
        cards = sum(left)
        reader = engine = 0.0
        for x in VALUES:
            for y in VALUES:
                after_x = take(left, x)
                if left[x - 1] and after_x[y - 1]:
                    chance = left[x - 1] / (cards - 1) * after_x[y - 1] / (cards - 2)
                    one, two, rest = tuple(sorted((a, x))), tuple(sorted((a, y))), take(after_x, y)
                    first_r, e = self.value(one, two, 0, rest)
                    second_r, _ = self.value(two, one, 0, rest)
                    reader += chance * max(first_r, second_r)
                    engine += chance * e
        kept, _, _ = hand_values(game.game, self.doubled, up, (a, a), left, 0, {})
        return reader, engine, kept, float(game.q(left, up, self.doubled).sum())

    def root(self, x: int, y: int) -> float:
        """``S`` the reading punter adds to the engine's play once the split's second cards
        ``x`` and ``y`` are dealt (reading both hands, playing the better one first)."""
        left = take(take(take(take(take(self.game.shoe, self.a), self.a), self.up), x), y)
        one, two = tuple(sorted((self.a, x))), tuple(sorted((self.a, y)))
        first_r, engine = self.value(one, two, 0, left)
        second_r, _ = self.value(two, one, 0, left)
        return max(first_r, second_r) - engine


def split_value(game: Game, a: int, up: int, left: tuple[int, ...], doubled: bool) -> float:
    """``S`` of the game's play of a split pair ``a`` (``left``: the pack less the pair and the
    up card), each hand on its own, whether the game splits there or not."""
    cards, memo, found = sum(left), {}, 0.0
    for c in VALUES:
        if left[c - 1]:
            kid = tuple(sorted((a, c)))
            engine = hand_values(game.game, doubled, up, kid, take(left, c), a, memo)[1]
            found += 2 * left[c - 1] / (cards - 1) * engine
    return found


def split_sampled(
    game: Game,
    roots: int,
    rng: random.Random,
    margin: float = 0.02,
    progress: bool = False,
    pairs: Sequence[int] = range(1, 10),
) -> tuple[float, float, list[tuple[int, int, bool, float, float, bool]]]:
    """:func:`split_effects` on a sample: each pair, up card and doubled that the engine splits,
    or whose split is within ``margin`` a stake of its play of the pair, worked out on
    ``roots`` pairs of second cards drawn as dealt (each exact from there). The estimate, its
    standard error, and each case's gain per unit staked where the pair is dealt, that gain's
    standard error, and whether the engine splits. (Elsewhere the split would have to gain
    more than ``margin`` a stake from the reading, some ten times the most seen.)"""
    shoe, total_cards = game.shoe, sum(game.shoe)
    edge = variance = 0.0
    rows = []
    for a in pairs:
        for up in VALUES:
            left = take(take(take(shoe, a), a), up)
            if min(left) < 0:
                continue
            chance = shoe[a - 1] * (shoe[a - 1] - 1) * (left[up - 1] + 1)
            chance /= total_cards * (total_cards - 1) * (total_cards - 2)
            cards = sum(left)
            deck = [v for v, n in enumerate(left, 1) for _ in range(n)]
            for doubled in (False, True):
                _, engine, norm, _, engine_move = game.start(a, a, up, (0,) * 10, doubled)
                kept = hand_values(game.game, doubled, up, (a, a), left, 0, {})[0]
                splits = engine_move == "P"
                if not splits and (engine - kept) / norm < -margin:
                    continue
                if not splits:  # the engine's split value, each hand on its own
                    engine = split_value(game, a, up, left, doubled)
                split = Split(game, a, up, doubled)
                gains = [split.root(*rng.sample(deck, 2)) for _ in range(roots)]
                scale = cards / (cards - 2)  # the S-weights of two draws (Game's doc)
                mean = scale * sum(gains) / roots
                spread = (sum((g * scale - mean) ** 2 for g in gains) / (roots - 1)) ** 0.5
                gain = mean if splits else max(engine + mean - kept, 0.0)
                times = (4 if a in game.game.redoubling else 2) if doubled else 1
                weight = chance * times / (total_cards - 3)
                edge += weight * gain
                variance += (weight * spread) ** 2 / roots
                rows.append((a, up, doubled, gain / norm, spread / norm / roots**0.5, splits))
                if progress:
                    print(f"    {a}-{a} v {up} doubled {doubled}: {rows[-1][3]:+.5f}", flush=True)
    return edge, variance**0.5, rows


def split_effects(game: Game) -> tuple[float, list[tuple[int, int, bool, float, bool, bool]]]:
    """What reading the other split hand adds to a punter's expectation, per unit of his stake
    before the double, summed over the deal; and for each pair, up card and doubled: its gain
    per unit staked where the pair is dealt, whether the engine splits, and whether the reading
    punter does."""
    shoe = game.shoe
    total_cards = sum(shoe)
    redoubling = game.game.redoubling
    edge, rows = 0.0, []
    for a in range(1, 10):
        for up in VALUES:
            if shoe[a - 1] < 2 or take(take(shoe, a), a)[up - 1] < 1:
                continue
            # the punter's two cards and the up card, in the order dealt (the hole card between)
            dealt = shoe[a - 1] * (shoe[a - 1] - 1) * take(take(shoe, a), a)[up - 1]
            chance = dealt / (total_cards * (total_cards - 1) * (total_cards - 2))
            for doubled in (False, True):
                reader, engine, kept, norm = Split(game, a, up, doubled).figures()
                splits = game.engine_splits(doubled, up, a)
                read_best = max(reader, kept) if reader > kept + 1e-12 * norm else kept
                gain = read_best - (engine if splits else kept)
                times = (4 if a in redoubling else 2) if doubled else 1
                edge += chance * times * gain / (total_cards - 3)
                rows.append((a, up, doubled, gain / norm, splits, reader > kept + 1e-12 * norm))
    return edge, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="twenty-one-home")
    parser.add_argument("--split", action="store_true", help="(a): the other split hand")
    parser.add_argument("--roots", type=int, default=8, help="(a): second cards a case")
    parser.add_argument("--pairs", type=int, nargs="+", default=list(range(1, 10)))
    parser.add_argument(
        "--exact-split", action="store_true", help="(a) exactly: every case's every card (hours)"
    )
    parser.add_argument("--table", action="store_true", help="(b): the other punters' cards")
    parser.add_argument("--turns", type=int, default=40_000, help="(b): punters' turns a size")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--punters", type=int, nargs="+", default=[2, 4, 6, 11])
    parser.add_argument(
        "--double-gains", type=int, metavar="ROUNDS", help="(c): rounds a table size"
    )
    parser.add_argument("--out", type=Path, help="(c): write the figures here (JSON)")
    parser.add_argument(
        "--read", type=Path, help="(c): the punters read the dealer's chances in this --out"
    )
    parser.add_argument(
        "--resamples", type=int, default=0, help="(c): draws for the table game's move's error"
    )
    parser.add_argument(
        "--mixed", action="store_true", help="(c): the punters play the heads-up mix of answers"
    )
    parser.add_argument(
        "--fitted", action="store_true", help="(c) --mixed: and the mix fitted to the table"
    )
    parser.add_argument("--check", type=int, metavar="ROUNDS", help="(c)'s vectors = the engine's")
    parser.add_argument("--burn", action="store_true", help="(b): a card burned face up first")
    parser.add_argument("--firsts", action="store_true", help="(b): the face-down firsts too")
    args = parser.parse_args()
    rules = Rules.parse(args.rules)
    game = Game(rules)
    print(f"rules {rules.notation()}: the engine's bank edge {game.game.edge:+.4%} (p* held)")
    if args.split:
        started = time.perf_counter()
        edge, error, rows = split_sampled(
            game, args.roots, random.Random(args.seed), progress=True, pairs=args.pairs
        )
        took = time.perf_counter() - started
        print(f"(a) reading the other split hand: {len(rows)} pair, up card and double cases, each")
        print(f"    on {args.roots} dealt pairs of second cards worked out exactly, {took:.0f} s:")
        print(f"    the bank's edge {-edge * 100:+.4f} ± {error * 100:.4f} points")
        for a, up, doubled, gain, spread, splits in rows:
            state = "doubled" if doubled else "not doubled"
            split = "split" if splits else "not split"
            print(f"    {a}-{a} v {up} {state} ({split}): +{gain:.5f} ± {spread:.5f} a stake")
    if args.exact_split:
        started = time.perf_counter()
        edge, rows = split_effects(game)
        took = time.perf_counter() - started
        print(f"(a) reading the other split hand, exactly ({len(rows)} pair, up card and double")
        print(f"    cases enumerated, {took:.0f} s): the bank's edge {-edge * 100:+.4f} points")
        for a, up, doubled, gain, splits, reads in rows:
            if gain > 5e-4 or splits != reads:
                flip = "" if splits == reads else f" (split: engine {splits}, reading {reads})"
                print(
                    f"    {a}-{a} v {up}{' doubled' if doubled else ''}: +{gain:.4f} a stake{flip}"
                )
    if args.check:
        print(f"(c) vectors against the engine: {check_vectors(game, args.check, args.seed):.1e}")
    if args.double_gains:
        by_size = None
        if args.read is not None:
            sizes = json.loads(args.read.read_text("utf-8"))["tables"]
            by_size = {int(size["punters"]): size["chances"] for size in sizes}
        if args.mixed and by_size is not None:
            parser.error("--mixed: the dealer doubles by p*, which the mix answers (no --read)")
        extra = [_with(game.game.chances, cards) for cards in FITTED_EXTRA] if args.fitted else []
        mixed = mixed_readers(rules, extra) if args.mixed else None
        if mixed is not None:
            print(f"(c) the punters mix answers {np.round(mixed.weights, 4)} reading chances")
            print(f"    {np.round(mixed.chances, 4)}, redoubling on {mixed.redoubling}")
        double_gains(
            game,
            args.punters,
            args.double_gains,
            args.seed,
            args.out,
            by_size,
            args.resamples,
            mixed,
        )
    if args.table:
        for punters in args.punters:
            rounds = args.turns // punters
            mean, error, cells, took = table_run(
                game, punters, rounds, args.seed, args.burn, args.firsts
            )
            print(f"(b) {punters} punter(s), {rounds:,} rounds, {took:.0f} s: the bank's edge")
            print(f"    {-mean * 100:+.4f} ± {error * 100:.4f} points; first plays changed:")
            turns = sum(cells.values())
            print(f"    {turns} of the turns ({turns / (rounds * punters):.2%}); most often:")
            for (a, b, up, doubled, was, now), n in cells.most_common(6):
                state = "doubled" if doubled else "not doubled"
                print(f"      {a}{b} v {up} {state}: {was} -> {now}, {n} times")


if __name__ == "__main__":
    main()
