"""The order the cards on the felt came out, as a dealer deals and turns them, and which of them
a step brought: what a table dealt at a pace shows one at a time, in that order.

A round is dealt as :class:`trainer.engine.play.round.Round` deals it: each box's first card,
from the dealer's left, then the dealer's first; each box's second card, then the dealer's
second where the game has a hole card (where it has none the dealer's second card comes after
the players, :meth:`Round._dealer_play`); then the players' draws, box by box from the
dealer's left and hand by hand; then the dealer's turn: the hole card turned face up, then his
draws. Cards the table turns at the settlement (a game dealing face down) come last.

A felt is described by its faces only (what a page shows): for each box its hands, each a tuple
of whether each card is face up, and the dealer's. A split leaves the box's first hand its first
card and moves the second to the new hand: a hand past the first starts with a card dealt
before, and its later cards, like the first hand's second, are dealt in play. Two hands split
"both first" (each given its card at the split) are taken as dealt hand by hand; what a page
shows of one step differs only where another box splits and draws within it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine.rulebook.rules import Rules

__all__ = ["DEALER", "Felt", "Reveal", "deal_key", "dealt_since"]

DEALER = -1  # the dealer's "box" in a Reveal
# The deal's passes, in order: first cards, second cards, the players' draws, the dealer's turn,
# and the cards turned at the settlement.
_FIRST, _SECOND, _PLAY, _DEALER_TURN, _SETTLED = range(5)

Faces = tuple[bool, ...]


@dataclass(frozen=True)
class Felt:
    """The cards on the felt by their faces: each box's hands, and the dealer's cards."""

    boxes: tuple[tuple[Faces, ...], ...]
    dealer: Faces


@dataclass(frozen=True)
class Reveal:
    """One card a step brought to the felt: box (``DEALER`` for the dealer's), hand, card; or,
    ``turned``, a card already out turned face up."""

    box: int
    hand: int
    card: int
    turned: bool = False


def deal_key(rules: Rules, felt: Felt, reveal: Reveal) -> tuple[int, int, int, int]:
    """Where ``reveal`` comes in the round's dealing order (smaller first)."""
    boxes = len(felt.boxes)
    if reveal.box == DEALER:
        if reveal.turned:
            pass_ = _DEALER_TURN if rules.deal_faces != "all-down" else _SETTLED
            return (pass_, -1, 0, reveal.card)  # before the dealer's draws
        if reveal.card == 0:
            return (_FIRST, boxes, 0, 0)
        if reveal.card == 1 and rules.hole_card != "none":
            return (_SECOND, boxes, 0, 0)
        return (_DEALER_TURN, 0, 0, reveal.card)
    if reveal.turned:
        return (_SETTLED, reveal.box, reveal.hand, reveal.card)
    split = len(felt.boxes[reveal.box]) > 1
    if reveal.hand == 0 and reveal.card == 0:
        return (_FIRST, reveal.box, 0, 0)
    if reveal.card == 0 or (reveal.hand == 0 and reveal.card == 1 and not split):
        return (_SECOND, reveal.box, reveal.hand, 0)  # a split hand's first: dealt second
    return (_PLAY, reveal.box, reveal.hand, reveal.card)


def _latest(rules: Rules, felt: Felt, slots: Sequence[Reveal], before: int) -> list[Reveal]:
    """Of a box's (or the dealer's) ``slots``, those past the ``before`` dealt first."""
    ordered = sorted(slots, key=lambda slot: deal_key(rules, felt, slot))
    return ordered[before:]


def dealt_since(rules: Rules, before: Felt | None, after: Felt) -> list[Reveal]:
    """The cards dealt or turned face up between two felts of one round, in dealing order
    (``before`` None: another round, so every card of ``after`` is new)."""
    found: list[Reveal] = []
    for box, hands in enumerate(after.boxes):
        then = before.boxes[box] if before is not None and box < len(before.boxes) else ()
        slots = [Reveal(box, h, c) for h, faces in enumerate(hands) for c in range(len(faces))]
        new = _latest(rules, after, slots, sum(len(faces) for faces in then))
        found.extend(new)
        for h, faces in enumerate(hands):
            was = then[h] if h < len(then) else ()
            for c, up in enumerate(faces):
                if up and c < len(was) and not was[c] and Reveal(box, h, c) not in new:
                    found.append(Reveal(box, h, c, turned=True))
    was = before.dealer if before is not None else ()
    slots = [Reveal(DEALER, 0, c) for c in range(len(after.dealer))]
    found.extend(_latest(rules, after, slots, len(was)))
    for c, up in enumerate(after.dealer):
        if up and c < len(was) and not was[c]:
            found.append(Reveal(DEALER, 0, c, turned=True))
    return sorted(found, key=lambda reveal: deal_key(rules, after, reveal))
