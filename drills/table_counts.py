"""A count check at the table: which questions it asks, each a notation of the counting
drills, by name (``rc``, ``tc``; where the discard tray is judged, ``decks`` and
``convert``).

- the running count of every card seen since the shuffle: :mod:`drills.counting.session`'s
  checkpoint (``shoe-count``);
- the true count, for a balanced system while cards are left to divide by: the checkpoint's
  too, by the exact cards played;
- where the tray is judged (:mod:`drills.table_session`'s ``tray``): instead of that true
  count, the decks left judged by eye from the tray drawn to scale (``deck-estimation``: the
  cards still in the shoe, all but the tray's, whose burned cards count as played), and
  the true count as converted from the learner's own running count and decks left
  (``true-count``, the decks shown as a number), so the estimate and the conversion are
  graded apart and a wrong estimate is not counted again against the division. (Where less
  than a step of the learner's resolution is in the tray, or left in the shoe, there is
  nothing to judge: the plain true count is asked.)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from drills.base import InvalidAnswerError
from drills.counting import decks as deck_estimation
from drills.counting import session as counting_session
from drills.counting import true_count
from drills.counting.checkpoint import Checkpoint
from drills.counting.notation import (
    CARDS_PER_DECK,
    count_notation,
    format_count,
    read_decks,
    read_number,
)
from drills.counting.preferences import STEPS
from trainer.engine.counting import CountingSystem, running_count
from trainer.engine.play.table_game import Ask
from trainer.words import say

__all__ = ["count_checks"]


def count_checks(
    system: CountingSystem,
    decks: int,
    rounding: tuple[str, str],
    ask: Ask,
    *,
    tray: bool = False,
    answers: Mapping[str, str] | None = None,
) -> list[tuple[str, str, str]]:
    """The questions of the count check ``ask``: (name, drill slug, notation) each.
    ``rounding``, the learner's true-count convention and resolution; ``tray``, whether the
    decks left are judged from the tray; ``answers``, the step's answers by name (the
    conversion is of the learner's own; without them, of the right ones).

    :raises InvalidAnswerError: for a running count or decks left the conversion cannot read.
    """
    convention, resolution = rounding
    checks = [
        ("rc", counting_session.SHOE.slug, Checkpoint("rc", system, decks, ask.seen).notation)
    ]
    # A true count needs cards left to divide by: not once the whole pack is seen (the end of
    # 004's talia, of a pack dealt to its end).
    if not system.balanced or len(ask.seen) >= decks * CARDS_PER_DECK:
        return checks
    total = decks * CARDS_PER_DECK
    step = int(STEPS[resolution] * CARDS_PER_DECK)
    # The decks left are judged from the tray as it stands (its burned cards too): the right
    # estimate is of the cards still in the shoe.
    pile = len(ask.tray)
    if tray and step <= pile <= total - step:  # a step played, and one left to judge
        estimate = f"{decks}d played {pile} remaining {resolution}"
        running, played = _converted_from(system, decks, resolution, ask, answers)
        notation = (
            f"{system.slug} {convention} {resolution} {decks}d rc {count_notation(running)} "
            f"played {played} decks"
        )
        return [
            *checks,
            ("decks", deck_estimation.DRILL.slug, estimate),
            ("convert", true_count.DRILL.slug, notation),
        ]
    tc = Checkpoint("tc", system, decks, ask.seen, convention, resolution)
    return [*checks, ("tc", counting_session.SHOE.slug, tc.notation)]


def _converted_from(
    system: CountingSystem,
    decks: int,
    resolution: str,
    ask: Ask,
    answers: Mapping[str, str] | None,
) -> tuple[Fraction, int]:
    """The running count and the cards played the conversion is graded from: the learner's
    own (their decks left as cards played), or the right ones."""
    total = decks * CARDS_PER_DECK
    if answers is None:
        return Fraction(running_count(system, ask.seen, decks)), len(ask.tray)
    running = read_number(answers.get("rc", ""), say("the running count"))
    if abs(running) > 2 * total or (running * system._scale).denominator != 1:
        raise InvalidAnswerError(
            say("%(count)s is not a running count here.", count=format_count(running))
        )
    left = read_decks(answers.get("decks", ""), resolution, decks, say("the decks left"))
    if left == 0:
        raise InvalidAnswerError(say("A tray never holds the whole shoe: give the decks left."))
    return running, total - int(left * CARDS_PER_DECK)
