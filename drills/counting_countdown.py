"""Deck countdown: one deck with a few cards secretly taken out, shown card by card against
the clock; then the final count, and the count of the cards that were missing.

Played as a counting session (:mod:`drills.counting_session`); the two answers are stored
as ``"rc hi-lo 1d: ..."`` and ``"missing hi-lo: ..."`` (the cards shown).
"""

from __future__ import annotations

from drills.counting_session import SessionDrill


class DeckCountdown(SessionDrill):
    slug = "deck-countdown"
    title = "Deck countdown"
    description = (
        "Count down a deck with some cards secretly removed, against the clock: give your "
        "final count, then the count of the missing cards."
    )
    template = "drills/counting_setup.html"
    kind = "countdown"


DRILL = DeckCountdown()
