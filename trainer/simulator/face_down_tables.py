"""004 as its text deals it (``deal_faces=all-down``) as tables the kernel reads: the punters'
chart of one column and the banker who plays his best, from the engine's fixed point
(:mod:`trainer.engine.banker.face_down`).

- ``hands[state, value]``: a hand as a state, one per set of card values a punter or the banker
  may hold (the order of the cards does not matter), and the state after one more card of
  ``value`` (state 0: no card yet);
- ``punter[state]``: a punter's draw or stand on that hand, by the fixed point's chart (its
  cards, so also how many he drew: the chart's exceptions by cards are played too);
- ``bank[state, column]``: whether the banker draws on that hand (1) or stands (0), against the
  punters still standing as he sees them. Every seat stakes alike in a round, so what he sees
  is how many of them drew each number of cards: ``column = sum(base ** drawn)`` over them,
  ``base = seats + 1``. His choice is the engine's
  :func:`~trainer.engine.banker.face_down.bank_draw_evs` (stand on his total, or draw and then
  choose best, for the bank's money against the fixed point's chart), worked out here for
  every hand and column at once; the referee (``tests/simulator/test_agreement.py``) plays
  the engine's own banker against it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from trainer.engine.banker.face_down import (
    Hand,
    bank_stands_by_draws,
    card_chances,
    fixed_point,
    may_draw,
    total_of,
    with_card,
)
from trainer.engine.rulebook.rules import Rules
from trainer.simulator.tables import HIT, STAND

__all__ = ["NO_FACE_DOWN", "FaceDownTables", "banker_hands", "face_down_tables"]

_BUST = 22


@dataclass(frozen=True)
class FaceDownTables:
    """The kernel's tables for 004 as dealt (module doc)."""

    punter: np.ndarray  # int8 [states]
    hands: np.ndarray  # int32 [states, 11]
    bank: np.ndarray  # int8 [states, base ** len(drawn)]
    base: int


NO_FACE_DOWN = FaceDownTables(
    np.zeros(1, np.int8), np.zeros((1, 11), np.int32), np.zeros((1, 1), np.int8), 1
)


def banker_hands(rules: Rules) -> list[Hand]:
    """Every hand (card values, sorted) a punter or the banker may hold, fewer cards first."""
    found: dict[Hand, None] = {(): None}
    layer: list[Hand] = [()]
    while layer:
        following = []
        for hand in layer:
            if len(hand) < 2 or may_draw(rules, hand):
                for value in range(1, 11):
                    nxt = with_card(hand, value)
                    if nxt not in found:
                        found[nxt] = None
                        following.append(nxt)
        layer = following
    return list(found)


def face_down_tables(rules: Rules, seats: int) -> FaceDownTables:
    """The tables for ``rules`` (004 as dealt) at a table of ``seats`` punters."""
    by_draws = bank_stands_by_draws(rules)
    drawn_counts = max(by_draws) + 1
    base = seats + 1
    columns = base**drawn_counts
    digits = (np.arange(columns)[:, None] // base ** np.arange(drawn_counts)) % base
    unit = np.array(
        [[by_draws.get(d, {}).get(t, 0.0) for t in range(_BUST + 1)] for d in range(drawn_counts)]
    )
    stands = digits.astype(np.float64) @ unit  # [column, total]: the bank's net of standing
    hands = banker_hands(rules)
    state = {hand: i for i, hand in enumerate(hands)}
    moves = np.zeros((len(hands), 11), np.int32)
    chart = fixed_point(rules).punter
    punter = np.array([HIT if chart.draws(hand) else STAND for hand in hands], np.int8)
    bank = np.zeros((len(hands), columns), np.int8)
    best = np.zeros((len(hands), columns))
    for hand in reversed(hands):  # more cards first: a hand's successors are worked out
        i = state[hand]
        stand = stands[:, min(total_of(hand), _BUST)] if len(hand) >= 2 else 0.0
        if len(hand) < 2 or may_draw(rules, hand):
            for value in range(1, 11):
                moves[i, value] = state[with_card(hand, value)]
        if len(hand) < 2 or not may_draw(rules, hand):
            best[i] = stand
            continue
        draw = sum(p * best[state[with_card(hand, v)]] for v, p in card_chances(rules, hand))
        bank[i] = draw > stand
        best[i] = np.maximum(draw, stand)
    return FaceDownTables(punter, moves, bank, base)
