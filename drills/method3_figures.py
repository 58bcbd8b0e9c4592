"""What the drills that grade 002's deal method 3 share (the dealer's double, the punters'
redouble, a punter's stake on his first card, the deal's worth at an auction): the game worked
out once for the rules (:func:`trainer.engine.banker.method3.method3_game`, some seconds of
work), read from the engine's cache and never worked out here.

A drill asks :func:`game_ready` before it reads a figure of the game; when the game is not
worked out yet it raises :class:`GamePendingError`, and the web layer has a job work it out
(with the rules' strategy chart, :mod:`trainer.web.views.chart_jobs`) while the page shows
progress, as :mod:`drills.count_study` does for the count studies.
"""

from __future__ import annotations

from drills.base import DrillError
from trainer.engine.banker.auction import played_rules
from trainer.engine.banker.method3 import cached_method3_game
from trainer.engine.rulebook.rules import Rules

__all__ = ["GamePendingError", "game_ready"]


class GamePendingError(DrillError):
    """The method-3 game a question's figures need is not worked out yet (it is being)."""

    def __init__(self, rules: Rules) -> None:
        super().__init__("the home game's doubling for these rules is being worked out")
        self.rules = rules


def game_ready(rules: Rules) -> None:
    """Nothing, where ``rules`` deal no method 3 or their game is worked out (in memory or on
    disk: the engine's figures then read it at once).

    :raises GamePendingError: when it is not worked out yet.
    """
    played = played_rules(rules)
    if played.deal_method == 3 and cached_method3_game(played) is None:
        raise GamePendingError(played)
