"""Counting through a shoe: rounds at a table, the engine playing the seats and the dealer,
any preset, from the shuffle to the cut card. At random round starts the learner gives the
running count (and, for a balanced system, the true count); at the end, a summary of where
the count went wrong.

Played as a counting session (:mod:`drills.counting_session`).
"""

from __future__ import annotations

from drills.counting_session import SessionDrill


class ShoeCount(SessionDrill):
    slug = "shoe-count"
    title = "Counting through a shoe"
    description = (
        "Rounds dealt at a table from the shuffle to the cut card: keep the count as the "
        "engine plays, give the running and true count when asked, and see where it slipped."
    )
    template = "drills/counting_setup.html"
    kind = "shoe"


DRILL = ShoeCount()
