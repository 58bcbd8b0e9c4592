"""The shoe at a count: the composition of the cards left when a counting system reads ``count``.

A count says little about single cards, much about the shoe: a true count of +4 in Hi-Lo means
four more low cards (2-6) than high cards (tens, aces) have gone per deck remaining. Which
compositions real shoes reach at that count, and how they are averaged, is decided here (the
design and its error are in ``docs/counting-indices.md``):

- The depth: one reference depth per rule set, the average number of cards left at the start of
  a round between the shuffle and the cut card, ``52 x decks x (1 - penetration / 2)``, unless
  the caller gives another.
- The count: for a balanced system, ``count`` is a true count and the cards gone hold a tag sum
  of ``count x decks left``; for an unbalanced one (KO, Red 7) it is the running count from the
  system's initial count, so the cards gone hold ``count - initial count``.
- The composition: the mean composition of the cards left over all shoes at that depth and
  count. The cards left are a random subset of the pack; conditioned on its size and tag sum, a
  card of tag ``t`` is left with probability ``1 / (1 + exp(-(a + b t)))`` (the saddle point of
  the multivariate hypergeometric distribution conditioned on a linear sum; ``a`` and ``b`` solve
  the two constraints). Cards of one tag are exchangeable, so within a tag the values keep their
  shares. The counts are fractional; the strategy engine takes them as they are (its falling
  factorials extend to real counts).

The EV of an action at a count is the exact EV of the strategy engine on that composition; the
mean EV over the shoes at that count differs from it only by the curvature of the EV in the
composition, which the simulation test measures.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import cast

import numpy as np

from trainer.engine.counting import CountingSystem, InvalidCountError
from trainer.engine.jit import jit
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import Action, action_evs
from trainer.engine.strategy.chart import Chart, compute_chart

__all__ = [
    "COUNT_LIMIT",
    "CountOutOfRangeError",
    "action_evs_at",
    "chart_at",
    "check_count",
    "composition_at",
    "count_kind",
    "engine_shoe",
    "insurance_ev",
    "neutral_count",
    "reference_cards_left",
]

COUNT_LIMIT = 30  # counts are asked about from -30 to +30


class CountOutOfRangeError(InvalidCountError):
    """A count outside -30..+30, or one that no shoe reaches with that many cards left."""


def count_kind(system: CountingSystem) -> str:
    """``"true"`` for a balanced system, ``"running"`` for an unbalanced one (KO, Red 7)."""
    return "true" if system.balanced else "running"


def check_count(count: Fraction | int | float, system: CountingSystem | None = None) -> None:
    """:raises CountOutOfRangeError: for a count outside -30..+30 (naming it)."""
    if not -COUNT_LIMIT <= count <= COUNT_LIMIT:
        kind = f"{count_kind(system)} count" if system is not None else "count"
        raise CountOutOfRangeError(
            f"a {kind} must be -{COUNT_LIMIT} to +{COUNT_LIMIT}, not {count}"
        )


def reference_cards_left(rules: Rules) -> float:
    """The average cards left at a round's start between the shuffle and the cut card."""
    return 52.0 * rules.decks * (1.0 - float(rules.penetration) / 2.0)


def _tag_classes(system: CountingSystem, decks: int) -> list[tuple[int, float, int]]:
    """(value index, tag, cards in the full pack) for every group of cards sharing a tag."""
    red_tags = system.red_tags if system.red_tags is not None else system.tags
    classes = []
    for v in range(10):
        cards = (16 if v == 9 else 4) * decks
        black, red = system.tags[v], red_tags[v]
        if black == red:
            classes.append((v, float(black), cards))
        else:  # half the cards of the value are red
            classes += [(v, float(black), cards // 2), (v, float(red), cards - cards // 2)]
    return classes


def _removed_sum(system: CountingSystem, decks: int, count: float, cards_left: float) -> float:
    """The tag sum of the cards gone when the system reads ``count``."""
    if system.balanced:
        return count * cards_left / 52.0
    return count - float(system.initial_running_count(decks))


def neutral_count(system: CountingSystem, decks: int, cards_left: float) -> float:
    """The count at which the cards left have the full pack's proportions (0 if balanced)."""
    gone = 52.0 * decks - cards_left
    share = gone / (52.0 * decks)
    return _count_of(system, decks, float(system.full_shoe_total(decks)) * share, cards_left)


def _count_of(system: CountingSystem, decks: int, removed: float, cards_left: float) -> float:
    if system.balanced:
        return removed * 52.0 / cards_left
    return removed + float(system.initial_running_count(decks))


@jit
def _sigmoid(x):  # type: ignore[no-untyped-def]
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


@jit
def _size_sum(a, b, tags, cards, weights):  # type: ignore[no-untyped-def]
    """The sum over the classes of ``cards x sigmoid(a + b x tag)``, each times ``weights``."""
    total = 0.0
    for c in range(tags.shape[0]):
        total += cards[c] * _sigmoid(a + b * tags[c]) * weights[c]
    return total


@jit
def _a_for(b, tags, cards, left, ones):  # type: ignore[no-untyped-def]
    """The ``a`` at which the classes hold ``left`` cards (bisection, 80 steps)."""
    lo, hi = -400.0, 400.0
    for _ in range(80):
        mid = (lo + hi) / 2.0
        if _size_sum(mid, b, tags, cards, ones) - left < 0.0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


@jit
def _tilt(tags, cards, left, target):  # type: ignore[no-untyped-def]
    """``(a, b)`` of :func:`_tilted` (nested bisections, 80 steps each)."""
    ones = np.ones(tags.shape[0])
    lo, hi = -60.0, 60.0
    for _ in range(80):
        mid = (lo + hi) / 2.0
        a = _a_for(mid, tags, cards, left, ones)
        if _size_sum(a, mid, tags, cards, tags) - target < 0.0:
            lo = mid
        else:
            hi = mid
    b = (lo + hi) / 2.0
    return _a_for(b, tags, cards, left, ones), b


def _extreme_sum(classes: list[tuple[int, float, int]], left: float, highest: bool) -> float:
    """The largest (or smallest) tag sum ``left`` cards of the pack can hold."""
    total = 0.0
    room = left
    for _, tag, cards in sorted(classes, key=lambda c: c[1], reverse=highest):
        take = min(room, cards)
        total += take * tag
        room -= take
    return total


def _tilted(classes: list[tuple[int, float, int]], left: float, target: float) -> list[float]:
    """The cards left of each class: ``cards x sigmoid(a + b x tag)``, summing to ``left``
    cards and ``target`` in tags (``a`` and ``b`` by bisection, compiled: some 6,400 sums)."""
    tags = np.array([tag for _, tag, _ in classes], dtype=np.float64)
    cards = np.array([n for _, _, n in classes], dtype=np.float64)
    a, b = _tilt(tags, cards, float(left), float(target))
    return [n * float(_sigmoid(a + b * tag)) for _, tag, n in classes]


@lru_cache(maxsize=256)  # a study asks for each count's twice (its chart, insurance's index)
def composition_at(
    rules: Rules,
    system: CountingSystem,
    count: Fraction | int | float,
    cards_left: float | None = None,
) -> tuple[float, ...]:
    """The mean composition (10 fractional counts, ace first) of the cards left at ``count``.

    :param cards_left: the depth; by default :func:`reference_cards_left`.
    :raises CountOutOfRangeError: for a count outside -30..+30, or one the cards left cannot
        hold at that depth.
    """
    check_count(count, system)
    decks = rules.decks
    left = reference_cards_left(rules) if cards_left is None else float(cards_left)
    if not 0.0 < left <= 52.0 * decks:
        raise CountOutOfRangeError(f"cards left must be 1 to {52 * decks}, not {left}")
    classes = _tag_classes(system, decks)
    target = float(system.full_shoe_total(decks)) - _removed_sum(system, decks, float(count), left)
    lowest = _extreme_sum(classes, left, highest=False)
    highest = _extreme_sum(classes, left, highest=True)
    margin = 0.5  # half a tag short of the extreme: a shoe of all one tag is no average shoe
    if not lowest + margin < target < highest - margin:
        raise CountOutOfRangeError(
            f"no shoe reaches a {count_kind(system)} count of {count} in {system.name} "
            f"with {left:g} cards left"
        )
    sizes = _tilted(classes, left, target)
    held = sum(n * tag for n, (_, tag, _) in zip(sizes, classes, strict=True))
    if abs(sum(sizes) - left) > 1e-6 or abs(held - target) > 1e-6:
        raise CountOutOfRangeError(  # so near an extreme that the tilt has no finite solution
            f"no shoe reaches a {count_kind(system)} count of {count} in {system.name} "
            f"with {left:g} cards left"
        )
    composition = [0.0] * 10
    for (v, _, _), n in zip(classes, sizes, strict=True):
        composition[v] += n
    return tuple(composition)


def engine_shoe(composition: tuple[float, ...]) -> tuple[int, ...]:
    """A fractional composition typed as the strategy engine's shoe: its arithmetic (products
    of ``count - j``, sums, divisions) takes real counts as they are; only its annotations say
    whole cards."""
    return cast(tuple[int, ...], composition)


def action_evs_at(
    rules: Rules,
    system: CountingSystem,
    count: Fraction | int | float,
    hand: str,
    up: str,
    cards_left: float | None = None,
) -> dict[Action, float]:
    """The EV of every legal action of ``hand`` against ``up`` at ``count`` (see the module).

    :raises CountOutOfRangeError: as :func:`composition_at`.
    """
    return action_evs(
        rules, hand, up, engine_shoe(composition_at(rules, system, count, cards_left))
    )


def insurance_ev(composition: tuple[float, ...]) -> float:
    """The EV of the insurance bet (half the stake, paying 2:1) against an ace drawn from
    ``composition``, the player's own cards unknown (as published insurance indices take it)."""
    left = sum(composition) - 1.0
    tens = composition[9] / left
    return 0.5 * (3.0 * tens - 1.0)


def chart_at(
    rules: Rules,
    system: CountingSystem,
    count: Fraction | int | float,
    cards_left: float | None = None,
) -> Chart:
    """The chart (best play per cell, every cell's EVs, the edge) at ``count``.

    :raises CountOutOfRangeError: as :func:`composition_at`.
    """
    return compute_chart(rules, engine_shoe(composition_at(rules, system, count, cards_left)))
