"""002's deal method 3 at its mixed equilibrium: the dealer doubling on his first card ``c``
with chance ``p_c``, the punters reading the double and playing their best for it.

A dealer who doubles tells the punters his first (hole) card is one he doubles on, one who does
not that it is not: a punter holding his first card, told that, and later his second and the
dealer's up card, gives each hole card ``c`` the chance the pack left holds it times ``p_c``
(doubled) or ``1 - p_c`` (not), and plays each hand best for those chances
(:meth:`.method3_tree.Tree.play`); redoubles on a first card where, the dealer having doubled,
he expects more than nothing. Against pure doubling (``p_c`` 0 or 1) the punters' best answer
changes the dealer's best (there is no equilibrium in pure strategies, :mod:`.method3`): the
text says only that the dealer "может удвоить", so the game's value is at the mixed equilibrium.

**The search.** For punters playing one way ``σ`` the bank's result per unit stake ``U(p, σ)``
is linear in ``p`` (each first card's result doubled or not, in proportion); so ``g(p) =
min_σ U(p, σ)``, the bank's result against the punters' best answer to ``p``, is concave, and
its maximum is the game's value (the dealer's maximin). A cutting-plane loop finds it: each
round adds the punters' best answer ``σ_k`` to the latest ``p`` (its ``g(p)`` a lower bound on
the value), then solves the linear programme ``max t`` over ``p`` in [0, 1]^10 subject to ``t <=
U(p, σ_j)`` for every answer so far (:func:`_solve`, exact in fractions: its ``t`` an upper
bound), until the two bounds are within :data:`TOLERANCE`. Every ``U`` is exact (the tree's
enumeration); only the search is iterative, and it reports both bounds.

The programme's dual weights ``λ_j`` are the punters' equilibrium play, a mix of their answers:
against it the dealer is indifferent on every first card he mixes on (complementary slackness),
and the bank's result for each first card doubled or not (:attr:`Equilibrium.bank`) is the
mix's, which is what the dealer's double is graded by. The table's punters play the pure best
answer to ``p*`` (:attr:`Equilibrium.answer`), whose value is the lower bound.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from trainer.engine.banker.method3_tree import CARDS, VALUES, Play, Tree, build_tree, natural
from trainer.engine.play.settlement import settle_hand
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe

__all__ = [
    "TOLERANCE",
    "Answer",
    "Equilibrium",
    "answer_to",
    "bank_table",
    "equilibrium",
    "first_cards",
]

TOLERANCE = 1e-4  # 0.01 points of a stake between the bounds
_MOST_ROUNDS = 200
_SHIFT = 8  # t + _SHIFT >= 0 for any result (a stake at most four times, a split twice)


@dataclass(frozen=True)
class Answer:
    """The punters' play for a dealer's doubling chances: each branch's play on the tree,
    their result tables [punter's first card, dealer's first card], the cards they redouble
    on, and the bank's result by the dealer's first card, not doubling (row 0) and doubling
    (row 1), per unit of the stakes before the double."""

    plays: dict[bool, Play]
    results: dict[bool, np.ndarray]
    redoubling: frozenset[int]
    bank: np.ndarray


@dataclass(frozen=True)
class Equilibrium:
    """The game's mixed equilibrium (module doc): the dealer's chances ``p*`` by first card,
    the bounds on the value, the rounds the search took, the punters' mix's bank table, and
    the punters' pure best answer to ``p*``."""

    chances: tuple[float, ...]
    lower: float  # g(p*): the bank's result against the punters' best answer to p*
    upper: float  # the programme's t: what the punters' mix holds the bank to
    rounds: int
    bank: np.ndarray  # [not doubled, doubled] by first card, against the punters' mix
    answer: Answer
    mix: tuple[float, ...]  # the weight of each answer found, in the order found
    answers: tuple[frozenset[int], ...]  # each answer's redoubling cards (for the report)


@lru_cache(maxsize=4)
def first_cards(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """What turns the starts' results into the [punter's first card, dealer's first card]
    table: ``(coefficients, naturals)``, the table being ``naturals + einsum('pds,sd->pd',
    coefficients, results)`` (every second card dealt from the pack less the first two)."""
    tree = build_tree(rules)
    row = {start: i for i, start in enumerate(tree.starts)}
    shoe = full_shoe(rules.decks)
    coefficients = np.zeros((10, 10, len(tree.starts)))
    naturals = np.zeros((10, 10))
    for p1 in VALUES:
        for d1 in VALUES:
            left = list(shoe)
            left[p1 - 1] -= 1
            left[d1 - 1] -= 1
            if min(left) < 0:
                continue
            cards = sum(left)
            for p2 in VALUES:
                chance = left[p2 - 1] / cards
                left[p2 - 1] -= 1
                for d2 in VALUES:
                    both = chance * max(left[d2 - 1], 0) / (cards - 1)
                    if both <= 0:
                        continue
                    if natural(d1, d2) or natural(p1, p2):
                        hand = (CARDS[p1], CARDS[p2])
                        dealt = settle_hand(rules, hand, (CARDS[d1], CARDS[d2]), 1).net
                        naturals[p1 - 1, d1 - 1] += both * float(dealt)
                    else:
                        a, b = sorted((p1, p2))
                        coefficients[p1 - 1, d1 - 1, row[(a, b, d2)]] += both
                left[p2 - 1] += 1
    return coefficients, naturals


def _chances_given(rules: Rules) -> np.ndarray:
    """[one's first card, the other's]: the other's first card's chances."""
    shoe = np.asarray(full_shoe(rules.decks), dtype=float)
    left = shoe[None, :] - np.eye(10)
    found: np.ndarray = left / left.sum(axis=1, keepdims=True)
    return found


def table_of(rules: Rules, play: Play) -> np.ndarray:
    """A play's [punter's first card, dealer's first card] table (naturals settled as dealt)."""
    coefficients, naturals = first_cards(rules)
    found: np.ndarray = naturals + np.einsum("pds,sd->pd", coefficients, play.results)
    return found


def bank_table(
    rules: Rules, chances: np.ndarray, results: dict[bool, np.ndarray]
) -> tuple[frozenset[int], np.ndarray]:
    """Against punters whose [punter's first card, dealer's first card] tables are ``results``
    (by doubled), the dealer doubling on first card ``c`` with ``chances[c-1]``: the first cards
    they redouble on (where, the dealer having doubled, they expect more than nothing) and the
    bank's result by the dealer's first card, not doubling (row 0) and doubling (row 1), per
    unit of the stakes before the double (:attr:`Answer.bank`)."""
    given = _chances_given(rules)
    redoubled = (given * chances[None, :] * results[True]).sum(axis=1)
    scale = (given * chances[None, :]).sum(axis=1)
    redoubling = frozenset(p for p in VALUES if redoubled[p - 1] > 1e-12 * scale[p - 1])
    times = np.array([4.0 if p in redoubling else 2.0 for p in VALUES])
    bank = np.zeros((2, 10))
    for d in VALUES:
        bank[0, d - 1] = -float(given[d - 1] @ results[False][:, d - 1])
        bank[1, d - 1] = -float(given[d - 1] @ (times * results[True][:, d - 1]))
    return redoubling, bank


def answer_to(rules: Rules, chances: np.ndarray, tree: Tree | None = None) -> Answer:
    """The punters' best answer to a dealer doubling on first card ``c`` with ``chances[c-1]``
    (module doc), and the bank's results against it."""
    tree = build_tree(rules) if tree is None else tree
    plays = {True: tree.play(chances), False: tree.play(1 - chances)}
    results = {doubled: table_of(rules, play) for doubled, play in plays.items()}
    redoubling, bank = bank_table(rules, chances, results)
    return Answer(plays, results, redoubling, bank)


def value(rules: Rules, chances: np.ndarray, bank: np.ndarray) -> float:
    """The bank's result per unit stake, the dealer doubling with ``chances`` against ``bank``."""
    shoe = np.asarray(full_shoe(rules.decks), dtype=float)
    mixed = (1 - chances) * bank[0] + chances * bank[1]
    return float(shoe @ mixed / shoe.sum())


def _pivot(table: list[list[Fraction]], row: int, column: int) -> None:
    pivot = table[row][column]
    table[row] = [x / pivot for x in table[row]]
    for i, other in enumerate(table):
        factor = other[column]
        if i != row and factor:
            table[i] = [x - factor * y for x, y in zip(other, table[row], strict=True)]


Cut = tuple[Fraction, list[Fraction]]  # U(p, σ) = c + e . p


def _solve(cuts: list[Cut]) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """``max t`` over ``p`` in [0, 1]^10 with ``t <= c + e . p`` for every cut ``(c, e)``,
    exactly (the simplex method in fractions, Bland's rule): ``t``, ``p``, and each cut's
    dual weight (they add up to 1)."""
    n = 11  # s = t + _SHIFT, then p_1..p_10
    rows = len(cuts) + 10
    table: list[list[Fraction]] = []
    for i, (c, e) in enumerate(cuts):
        slack = [Fraction(int(i == j)) for j in range(rows)]
        table.append([Fraction(1), *(-x for x in e), *slack, c + _SHIFT])
    for d in range(10):
        slack = [Fraction(int(len(cuts) + d == j)) for j in range(rows)]
        bound = [Fraction(int(k == d)) for k in range(10)]
        table.append([Fraction(0), *bound, *slack, Fraction(1)])
    objective = [Fraction(-1), *([Fraction(0)] * (10 + rows)), Fraction(0)]
    table.append(objective)
    basis = [n + i for i in range(rows)]
    while True:
        entering = next((j for j in range(n + rows) if table[-1][j] < 0), None)
        if entering is None:
            break
        ratios = [
            (table[i][-1] / table[i][entering], basis[i], i)
            for i in range(rows)
            if table[i][entering] > 0
        ]
        _, _, leaving = min(ratios)
        _pivot(table, leaving, entering)
        basis[leaving] = entering
    x = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            x[var] = table[i][-1]
    duals = [table[-1][n + i] for i in range(len(cuts))]
    return x[0] - _SHIFT, x[1:], duals


def _cut(rules: Rules, bank: np.ndarray) -> tuple[Fraction, list[Fraction]]:
    """``U(p, σ) = c + e . p`` for the answer whose bank table is ``bank``, in fractions."""
    shoe = np.asarray(full_shoe(rules.decks), dtype=float)
    weights = shoe / shoe.sum()
    constant = Fraction(float(weights @ bank[0]))
    return constant, [Fraction(float(w * (b - a))) for w, a, b in zip(weights, *bank, strict=True)]


def equilibrium(
    rules: Rules, start: np.ndarray | None = None, shift: np.ndarray | None = None
) -> Equilibrium:
    """The game's mixed equilibrium (module doc), from ``start`` (by default a dealer who never
    doubles), to within :data:`TOLERANCE`. ``shift``: an amount added to what doubling on each
    first card gains the bank against every answer (a table's, measured by
    ``bench/method3_reading.py``), or none.

    :raises ValueError: when the search does not close within its rounds.
    """
    tree = build_tree(rules)
    extra = np.zeros((2, 10)) if shift is None else np.vstack([np.zeros(10), shift])
    chances = np.zeros(10) if start is None else np.asarray(start, dtype=float)
    answer = answer_to(rules, chances, tree)
    answers = [answer]
    cuts = [_cut(rules, answer.bank + extra)]
    for rounds in range(2, _MOST_ROUNDS + 1):
        t, found, duals = _solve(cuts)
        chances = np.array([float(x) for x in found])
        answer = answer_to(rules, chances, tree)
        lower = value(rules, chances, answer.bank + extra)
        if float(t) - lower <= TOLERANCE:
            mix = tuple(float(x) for x in duals)
            bank = np.zeros((2, 10))
            for weight, each in zip(mix, answers, strict=True):
                bank += weight * (each.bank + extra)
            return Equilibrium(
                tuple(float(c) for c in chances),
                lower,
                float(t),
                rounds,
                bank,
                answer,
                mix,
                tuple(each.redoubling for each in answers),
            )
        answers.append(answer)
        cuts.append(_cut(rules, answer.bank + extra))
    raise ValueError("deal_method: the search for the dealer's doubling chances did not close")
