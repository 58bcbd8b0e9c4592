"""The dealer's final totals at 002's deal method 3, drawn exactly from the cards left (numba).

:func:`dealer_finals` is, for one pack ``left`` (counts by value, the up card and every card the
punter holds or drew already out) and the dealer's up card, the chances of his final totals for
each hole card: the hole card taken out of ``left``, then every draw from what is left after the
cards before it, by the rules' draw (below ``stands_on``, a soft 17 drawn to where the rules say).
:mod:`.method3` asks it once for each pack a punter's draws leave, so that the dealer's draws
come from the pack less the punter's cards, as the table deals them (issue 27).

The walk is the plain one (one branch per card value, each as likely as the cards of that value
left): compiled, so that the some tens of thousands of packs a rule set's game meets take a
second or two (in Python it took half a minute).
"""

from __future__ import annotations

import numpy as np

from trainer.engine.jit import jit

__all__ = ["BUST", "FINALS", "LOWEST", "dealer_finals"]

LOWEST = 12  # the lowest total a dealer stands on (``dealer_stands_on`` is 12 to 21)
FINALS = 11  # the final totals 12..21, then a bust
BUST = FINALS - 1


@jit
def _walk(left, cards, hard, ace, stands_on, hits_soft_17, chance, out):  # type: ignore[no-untyped-def]
    """Add ``chance`` times the chances of the final totals from ``hard`` (aces as 1, ``ace``
    whether one is among them), ``cards`` cards in ``left``, to ``out``."""
    soft = ace and hard <= 11
    total = hard + 10 if soft else hard
    if total > 21:
        out[BUST] += chance
        return
    if total >= stands_on and not (hits_soft_17 and soft and total == 17):
        out[total - LOWEST] += chance
        return
    for v in range(10):
        n = left[v]
        if n > 0:
            left[v] = n - 1
            _walk(
                left,
                cards - 1,
                hard + v + 1,
                ace or v == 0,
                stands_on,
                hits_soft_17,
                chance * n / cards,
                out,
            )
            left[v] = n


@jit
def _finals(left, up, stands_on, hits_soft_17):  # type: ignore[no-untyped-def]
    table = np.zeros((10, FINALS))
    cards = 0
    for v in range(10):
        cards += left[v]
    for hole in range(1, 11):
        n = left[hole - 1]
        natural = (hole == 1 and up == 10) or (hole == 10 and up == 1)
        if n > 0 and not natural:
            left[hole - 1] = n - 1
            ace = hole == 1 or up == 1
            _walk(left, cards - 1, hole + up, ace, stands_on, hits_soft_17, 1.0, table[hole - 1])
            left[hole - 1] = n
    return table


def dealer_finals(left: tuple[int, ...], up: int, stands_on: int, hits_soft_17: bool) -> np.ndarray:
    """[hole card, final total]: for each hole card (value - 1) the chances of the dealer's
    final totals 12..21 and a bust (index ``total - LOWEST``, :data:`BUST`), drawing from
    ``left`` less the hole card; a row of zeros for a hole card the pack does not hold or one
    making a natural with ``up`` (settled as dealt)."""
    table: np.ndarray = _finals(np.array(left, dtype=np.int64), up, stands_on, hits_soft_17)
    return table
