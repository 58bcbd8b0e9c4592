"""Running count: cards from a real shuffled shoe, one, two or three at a time or as whole
rounds at a table, at the learner's speed; the count asked at checkpoints and at the end.

Played as a counting session (:mod:`drills.counting_session`); each checkpoint's answer is
stored with the checkpoint's notation (``"rc hi-lo 6d: 5H KD ..."``).
"""

from __future__ import annotations

from drills.counting_session import SessionDrill


class RunningCount(SessionDrill):
    slug = "running-count"
    title = "Running count"
    description = (
        "Cards from a shuffled shoe, one, two or three at a time or dealt in rounds, at the "
        "speed you set: keep the running count and give it at each checkpoint."
    )
    template = "drills/counting_setup.html"
    kind = "running"


DRILL = RunningCount()
