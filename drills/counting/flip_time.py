"""How long a counting session's page takes to flip a checkpoint's cards with its script
(``static/js/counting.js``): a lead to get ready, then each step on show for its cards' time at
the set speed (a step of no cards for one card's). A checkpoint's response time is taken from
the last card shown: the time the page says its flip took is taken off, but never more than
this, the flip's own at that speed (a pause or a slow hand adds to the response)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["LEAD_MS", "flip_ms"]

LEAD_MS = 800  # the script's LEAD_MS: a moment before the first card


def flip_ms(speed: Fraction, step_cards: Sequence[int]) -> int:
    """The flip's time (ms) of steps holding ``step_cards`` cards each, at ``speed`` cards a
    second."""
    cards = sum(max(count, 1) for count in step_cards)
    return LEAD_MS + int(cards * 1000 / speed)
