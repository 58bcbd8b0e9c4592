"""A round's vocabulary: the players' actions, the steps of a round, and the errors of play.

Its own module so that every part of a round (bets and boxes, misdeals, the dealer, the round
itself) speaks the same words without importing one another.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Action", "IllegalActionError", "Phase", "WrongPhaseError"]


class IllegalActionError(ValueError):
    """The rules do not allow that action now; the round is unchanged."""


class WrongPhaseError(IllegalActionError):
    """The round is not at the step that call belongs to; the round is unchanged."""


class Action(Enum):
    """A player's decision on one hand; the value is the replay format's word."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"


class Phase(Enum):
    """The step a round is at; every step but ``DONE`` waits for one kind of call."""

    BETTING = "betting"
    DEALER_DOUBLE = "dealer-double"
    REDOUBLE = "redouble"
    IRREGULARITY = "irregularity"
    INSURANCE = "insurance"
    EARLY_SURRENDER = "early-surrender"
    PLAYER_TURNS = "player-turns"
    EXPOSED_CARD = "exposed-card"
    DEALER_TURN = "dealer-turn"  # a player dealing draws "as he likes" (002 home, 004)
    DONE = "done"
