"""What the drills that use the count's worth (deviations, bet sizing, table play) share: the
count study of the rules and the counting system, read from the engine's cache and never
computed here; and the notation pieces of a count as the learner keeps it (the system, the
true-count rounding, the count, the discard tray), read by one parser.

A count study (the indices and the edge by count, :mod:`trainer.engine.indices`) takes many
seconds to compute cold, far too long for a request. A drill asks :func:`study_for`; when the
study is not worked out yet it raises :class:`StudyPendingError`, and the web layer computes it
off the request (``trainer.web.views.count_jobs``) while the page shows progress.

The count study reads a dealer's up card: its indices are cells of a chart with one column per
up card, and its edge by count is played by them. At 004 as its text deals it (``deal_faces
all-down``) the banker shows no card, and no count study of that game is worked out: there
:func:`study_for` raises :class:`StudyNotForGameError`, and the web layer says so plainly and
offers the drills that do practise that game, rather than show an up card the game never shows.
"""

from __future__ import annotations

import random
from fractions import Fraction

from drills.base import DrillError, InvalidQuestionError
from drills.caches import Caches, strategy_dir
from drills.counting.preferences import CONVENTIONS, RESOLUTIONS, convention_words
from drills.refusals import NO_ROUNDING, NO_SYSTEM
from trainer import words
from trainer.engine.banker.face_down import face_down_game
from trainer.engine.counting import CountingSystem, UnknownSystemError, find_system
from trainer.engine.indices import Study, cached_study
from trainer.engine.indices.table import count_grid
from trainer.engine.rulebook.rules import Rules

__all__ = [
    "COUNT",
    "NEAR_WEIGHTS",
    "PLAYED",
    "ROUNDING",
    "SYSTEM",
    "StudyNotForGameError",
    "StudyPendingError",
    "counts_by_study",
    "count_unit",
    "grid_words",
    "near",
    "read_rounding",
    "rounding_words",
    "read_system",
    "signed",
    "study_for",
]

# The notation pieces of a count as the learner keeps it, as regular-expression groups (digits
# 0-9 only): ``hi-lo``, ``floor half``, ``+7``, ``played 130``.
SYSTEM = r"(?P<system>[a-z0-9-]{1,20})"
ROUNDING = r"(?P<convention>[a-z]{1,10}) (?P<resolution>[a-z]{1,10})"
COUNT = r"(?P<count>[+-]?[0-9]{1,3})"
PLAYED = r"played (?P<played>[0-9]{1,3})"

# How often a question's count lies 0, 1, 2, ... steps from the count it aims at (either side):
# mostly at or next to it, where learners slip.
NEAR_WEIGHTS = (6, 5, 3, 2, 1)


class StudyPendingError(DrillError):
    """The count study a question needs is not worked out yet (it is being computed)."""

    def __init__(self, rules: Rules, system: CountingSystem) -> None:
        super().__init__(f"the indices for these rules in {system.name} are being worked out")
        self.rules = rules
        self.system = system


class StudyNotForGameError(DrillError):
    """The rules deal a game the count study does not describe (004 dealt face down: no banker
    card is shown, and the study's indices and edge by count read one)."""

    def __init__(self, rules: Rules) -> None:
        text = words.N_(
            "the banker shows no card at this game (every card is dealt face down), and the "
            "count study's indices and edge by count are worked out for a game where the dealer "
            "shows one"
        )
        super().__init__(text, said=(text, {}))
        self.rules = rules


def counts_by_study(rules: Rules) -> bool:
    """Whether the count study describes the game ``rules`` deal (every game but 004 dealt
    face down, where no banker card is shown)."""
    return not face_down_game(rules)


def study_for(rules: Rules, system: CountingSystem, *, caches: Caches | None = None) -> Study:
    """The cached count study of ``rules`` and ``system`` (in ``caches``' strategy directory).

    :raises StudyNotForGameError: for 004 dealt face down (no up card: :func:`counts_by_study`).
    :raises StudyPendingError: when it is not worked out yet.
    """
    if not counts_by_study(rules):
        raise StudyNotForGameError(rules)
    found = cached_study(rules, system, cache_dir=strategy_dir(caches))
    if found is None:
        raise StudyPendingError(rules, system)
    return found


def read_system(slug: str) -> CountingSystem:
    """:raises InvalidQuestionError: for a system the trainer does not know."""
    try:
        return find_system(slug)
    except UnknownSystemError as error:  # the system's name kept in the English, for the CLI
        raise InvalidQuestionError.caused_by(error, NO_SYSTEM) from None


def read_rounding(convention: str, resolution: str) -> tuple[str, str]:
    """A true-count rounding as the notation gives it (the :data:`ROUNDING` groups).

    :raises InvalidQuestionError: for a rounding the trainer does not know.
    """
    if convention not in CONVENTIONS or resolution not in RESOLUTIONS:
        raise InvalidQuestionError.said_as(NO_ROUNDING)
    return convention, resolution


# A true-count rounding in words, as the counting drills' pages say it (their template's
# ``conversion``): the rounding, then the decks' resolution.
_RESOLUTION_WORDS = {
    "full": words.N_("%(rounding)s, decks to the full deck"),
    "half": words.N_("%(rounding)s, decks to the half deck"),
    "quarter": words.N_("%(rounding)s, decks to the quarter deck"),
}


def rounding_words(convention: str, resolution: str) -> str:
    """``"rounded down, decks to the half deck"`` in the learner's words."""
    rounding = convention_words(convention)
    if resolution not in _RESOLUTION_WORDS:
        return f"{rounding}, decks to the {resolution} deck"
    return words.say(_RESOLUTION_WORDS[resolution], rounding=rounding)


def count_unit(rules: Rules, system: CountingSystem) -> int:
    """One step of count near an index: 1 for a true count; for a running count, about the
    decks left at the reference depth (a running count moves that much per true count)."""
    if system.balanced:
        return 1
    grid = count_grid(rules, system)
    return max(1, round((grid[-1] - grid[0]) / 20))


def near(rng: random.Random, aim: int, unit: int, low: int, high: int) -> int:
    """A count near ``aim`` (steps of ``unit``, :data:`NEAR_WEIGHTS`), within ``low..high``."""
    steps = rng.choices(range(len(NEAR_WEIGHTS)), weights=NEAR_WEIGHTS)[0]
    sign = rng.choice((-1, 1))
    return max(low, min(high, aim + sign * steps * unit))


def grid_words(rules: Rules, system: CountingSystem) -> str:
    """The counts the indices are looked for over, in words (``"from -10 to +10"``): an
    unbalanced system's running counts span more than a true count's -10 to +10."""
    grid = count_grid(rules, system)
    return words.say("from %(low)s to %(high)s", low=signed(grid[0]), high=signed(grid[-1]))


signed_number = words.signed  # any number with its sign, as a learner reads it ("+0.82")


def signed(value: Fraction | int) -> str:
    """A count as a learner reads it: ``+3``, ``0``, ``\u22122`` (a true minus sign, as
    :func:`trainer.words.signed` writes every number a learner reads)."""
    return signed_notation(value).replace("-", "\u2212")


def signed_notation(value: Fraction | int) -> str:
    """A count as a question's notation writes it: ``+3``, ``0``, ``-2`` (ASCII, parsed back)."""
    value = Fraction(value)
    text = str(value) if value.denominator != 1 else str(value.numerator)
    return f"+{text}" if value > 0 else text
