"""How long a counting session's page takes to flip a checkpoint's cards with its script
(``static/js/counting.js``): a lead to get ready, then each step on show for its cards' time at
the set speed (a step of no cards for one card's). A checkpoint's response time is taken from
the last card shown (:func:`from_last_card`): the time the page says its flip took is taken off,
but never more than this, the flip's own at that speed (a pause or a slow hand adds to the
response).

The time itself runs from when the server drew the page that asks the checkpoint: after a
verdict, the page waits for the learner's "Deal on", which draws it again (a new start), so the
time spent on the verdict is never the next checkpoint's."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["LEAD_MS", "flip_ms", "from_last_card"]

LEAD_MS = 800  # the script's LEAD_MS: a moment before the first card


def flip_ms(speed: Fraction, step_cards: Sequence[int]) -> int:
    """The flip's time (ms) of steps holding ``step_cards`` cards each, at ``speed`` cards a
    second."""
    cards = sum(max(count, 1) for count in step_cards)
    return LEAD_MS + int(cards * 1000 / speed)


def from_last_card(elapsed_ms: int, said_ms: int | None, own_ms: int) -> int:
    """A checkpoint's response time (ms) from its last card shown: ``elapsed_ms`` since the
    server drew its page, less the flip's time the page says (``said_ms``; None when the
    page flipped nothing, its cards listed at once) but never more than ``own_ms``, the flip's
    own (:func:`flip_ms`): whatever a page says, the time is at most that much shorter than the
    server's own."""
    if said_ms is None:
        return elapsed_ms
    return max(0, elapsed_ms - min(max(said_ms, 0), own_ms))
