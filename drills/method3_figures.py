"""What the drills that read a game the chart's job works out share: 002's deal method 3 (the
dealer's double, the punters' redouble, a punter's stake on his first card, the deal's worth at
an auction: :func:`trainer.engine.banker.method3.method3_game`, some seconds of work) and 004
as its text deals it (the banker's fixed point, :func:`trainer.engine.banker.face_down.
fixed_point`, about a second), read from the engine's caches and never worked out here.

A drill asks :func:`game_ready` before it reads a figure of either game, or reads 004's fixed
point through :func:`banker_fixed_point`; when the game is not worked out yet it raises
:class:`GamePendingError`, and the web layer has a job work it out (with the rules' strategy
chart, :mod:`trainer.web.views.chart_jobs`) while the page shows progress, as
:mod:`drills.count_study` does for the count studies.
"""

from __future__ import annotations

from drills.base import DrillError
from trainer.engine.banker.face_down import FixedPoint, cached_fixed_point, face_down_game
from trainer.engine.banker.method3 import cached_method3_game
from trainer.engine.rulebook.rules import Rules

__all__ = ["GamePendingError", "banker_fixed_point", "game_ready"]


class GamePendingError(DrillError):
    """The game a question's figures need (002's deal method 3, 004's banker) is not worked
    out yet (it is being)."""

    def __init__(self, rules: Rules) -> None:
        super().__init__("the game's figures for these rules are being worked out")
        self.rules = rules


def banker_fixed_point(rules: Rules) -> FixedPoint:
    """The banker's fixed point of ``rules`` (004 dealt face down), where it is worked out
    (in memory or on disk).

    :raises GamePendingError: when it is not worked out yet.
    """
    found = cached_fixed_point(rules)
    if found is None:
        raise GamePendingError(rules)
    return found


def game_ready(rules: Rules) -> None:
    """Nothing, where ``rules`` deal neither 004 face down nor method 3, or their game is
    worked out (in memory or on disk: the engine's figures then read it at once).

    :raises GamePendingError: when it is not worked out yet.
    """
    if face_down_game(rules):
        banker_fixed_point(rules)
    played = rules.played()
    if played.deal_method == 3 and cached_method3_game(played) is None:
        raise GamePendingError(played)
