"""The drills: one module per drill behind one small interface (:mod:`drills.base`), and the
registry the web reads.

A drill module defines a :class:`~drills.base.Drill` subclass, with the capabilities it adds
among its bases (:class:`~drills.base.AsksOnItsPage`, :class:`~drills.base.AskedAtTable`, ...),
and exposes one instance as ``DRILL``; adding it to :data:`DRILLS` puts it on the home page
and under ``/drills/<slug>``.
"""

from __future__ import annotations

from drills import (
    back_count,
    bet_sizing,
    deal_auction,
    deviations,
    hand_totals,
    punter_stake,
    strategy_quiz,
    table_dealing,
    table_play,
)
from drills.base import (
    AskedAtTable,
    AskedInSessions,
    AsksOnItsPage,
    CostlyFeedback,
    Drill,
    DrillError,
    FiguresOffRequest,
    FollowsPreferences,
    Grade,
    InvalidAnswerError,
    InvalidOptionError,
    InvalidQuestionError,
    LearnerState,
    NamesItsRules,
    PastAttempt,
    Question,
    SessionAsk,
    UnknownDrillError,
    capable,
    preferences_of,
    rules_for,
)
from drills.counting import aces, decks, penetration, session, true_count
from drills.dealing import catch, irregularities, procedure, table_payouts
from drills.payout import drill as payout

__all__ = [
    "DRILLS",
    "AskedAtTable",
    "AskedInSessions",
    "AsksOnItsPage",
    "CostlyFeedback",
    "Drill",
    "DrillError",
    "Grade",
    "InvalidAnswerError",
    "InvalidOptionError",
    "InvalidQuestionError",
    "FiguresOffRequest",
    "FollowsPreferences",
    "LearnerState",
    "NamesItsRules",
    "PastAttempt",
    "Question",
    "SessionAsk",
    "UnknownDrillError",
    "get_drill",
    "preferences_of",
    "registry",
    "capable",
    "rules_for",
]

# One line per drill, in the path's order (drills/path.py): running count before true count.
DRILLS: tuple[Drill, ...] = (
    hand_totals.DRILL,
    strategy_quiz.DRILL,
    payout.DRILL,
    session.RUNNING,
    session.COUNTDOWN,
    decks.DRILL,
    true_count.DRILL,
    aces.DRILL,
    session.SHOE,
    penetration.DRILL,
    deviations.DRILL,
    bet_sizing.DRILL,
    table_play.DRILL,
    table_dealing.DRILL,
    punter_stake.DRILL,
    back_count.DRILL,
    deal_auction.DRILL,
    irregularities.DRILL,
    procedure.DRILL,
    table_payouts.DRILL,
    catch.DRILL,
)


def _by_slug(drills: tuple[Drill, ...]) -> dict[str, Drill]:
    found: dict[str, Drill] = {}
    for drill in drills:
        if drill.slug in found:
            raise ValueError(f"two drills have the slug {drill.slug!r}")
        if not isinstance(drill, AsksOnItsPage | AskedInSessions | AskedAtTable):
            raise ValueError(f"the drill {drill.slug!r} is asked nowhere")
        found[drill.slug] = drill
    return found


_REGISTRY = _by_slug(DRILLS)


def registry() -> dict[str, Drill]:
    """Every drill by slug, in :data:`DRILLS` order."""
    return dict(_REGISTRY)


def get_drill(slug: str) -> Drill:
    """The drill with that slug.

    :raises UnknownDrillError: when there is none.
    """
    try:
        return _REGISTRY[slug]
    except KeyError:
        raise UnknownDrillError(f"there is no drill called {slug!r}") from None
