"""What a punter at 002's home table reads besides his hand, the up card and the dealer's double
(deal method 3): how many punters stake, which sets the chances the table's dealer doubles with
(:func:`trainer.engine.banker.method3_table.table_chances`), and every card the table has shown
him this round (the other punters' face-up cards, the cards drawn, shown or split before his
turn, his other hand after a split). The engine's punters play by them
(:mod:`trainer.engine.play.method3_punters`), and so a learner's play at the table is graded by
them (:func:`table_play`): the worth of each play for the cards left unseen
(:func:`trainer.engine.banker.method3_reading.play_values`), where the quiz, one punter against
the dealer, reads the double alone (:func:`drills.method3_quiz.hand_play`).

A table decision's notation keeps them before the double, ``"TS 6H v 7D at 4 seen 5TT3
doubled"`` (:data:`PATTERN`; values, a ten as ``T``, an ace as ``A``), in hidden fields only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from drills import method3_quiz
from drills.base import InvalidQuestionError
from drills.method3_quiz import best, hand_play
from trainer.engine.banker.method3_reading import play_values, unseen
from trainer.engine.banker.method3_table import table_chances
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, N_plural, number, plural, say

__all__ = [
    "NOTHING_MORE",
    "PATTERN",
    "Reading",
    "read_reading",
    "seen_words",
    "table_play",
    "unread_words",
]

_RANKS = "A23456789T"
# A table decision's reading, before the double's suffix (drills.table_play's notation).
PATTERN = r"(?: at (?P<punters>[0-9]{1,2})(?: seen (?P<seen>[A2-9T]{1,60}))?)?"


@dataclass(frozen=True)
class Reading:
    """How many punters stake (1: one punter against the dealer, the quiz's game) and the card
    values the table has shown him besides his hand, the up card and a split pair's other card
    (sorted)."""

    punters: int = 1
    seen: tuple[int, ...] = ()

    def suffix(self) -> str:
        """The notation's part (empty for one punter who has seen nothing more)."""
        if self.punters <= 1 and not self.seen:
            return ""
        seen = "".join(_RANKS[value - 1] for value in self.seen)
        return f" at {self.punters}" + (f" seen {seen}" if seen else "")

    @property
    def reads_more(self) -> bool:
        """Whether there is more to read than the double (a table, or cards shown)."""
        return self.punters > 1 or bool(self.seen)


NOTHING_MORE = Reading()  # one punter against the dealer, nothing more seen (the quiz's game)


def read_reading(punters: str | None, seen: str | None, rules: Rules) -> Reading:
    """The reading of a notation's ``punters`` and ``seen`` groups (:data:`PATTERN`).

    :raises InvalidQuestionError: for a table these rules do not seat, or more cards than the
        pack holds.
    """
    if punters is None:
        return NOTHING_MORE
    count = int(punters)
    most = rules.max_seats or 12
    if not 1 <= count <= most:
        raise InvalidQuestionError.said_as(
            N_("this table seats 1 to %(most)s punters"), most=number(most)
        )
    values = tuple(sorted(_RANKS.index(rank) + 1 for rank in seen or ""))
    if unseen(rules, values) is None:
        raise InvalidQuestionError.said_as(N_("the pack does not hold the cards seen"))
    return Reading(count, values)


def table_play(
    rules: Rules,
    hand: Sequence[int],
    up: int,
    doubled: bool,
    legal: frozenset[str],
    reading: Reading,
    pair: int = 0,
) -> tuple[dict[str, float], str, tuple[float, ...], str | None]:
    """A punter's decision at the home table: the ``legal`` plays' worth per unit staked, the
    right play, the dealer's doubling chances he reads, and the play the double alone gives
    (the quiz's, :func:`hand_play`) where what the table shows changes it (else None).
    ``pair``: a split hand's pair value (0: none).

    :raises GamePendingError: while the game is being worked out.
    :raises InvalidQuestionError: for a hand the game does not ask a play on, or cards the
        pack does not hold with it.
    """
    alone, alone_right, chances = hand_play(rules, hand, up, doubled, legal)
    if not reading.reads_more and not pair:
        return alone, alone_right, chances, None
    read = table_chances(rules, reading.punters) if reading.punters > 1 else None
    found = _values(rules, doubled, up, tuple(hand), pair, reading, read)
    if found is None:
        raise InvalidQuestionError.said_as(N_("the pack does not hold the cards seen"))
    evs = {play: value for play, value in found.items() if play in legal}
    right = best(evs)
    return evs, right, read or chances, alone_right if alone_right != right else None


@lru_cache(maxsize=512)
def _values(
    rules: Rules,
    doubled: bool,
    up: int,
    hand: tuple[int, ...],
    pair: int,
    reading: Reading,
    read: tuple[float, ...] | None,
) -> dict[str, float] | None:
    game = method3_quiz.game_of(rules)
    first = len(hand) == 2 and not pair
    return play_values(game, doubled, up, hand, pair, first, reading.seen, read)


# One card of a value, and two or more, as the list of cards shown names them ("a four", not
# "a 4": in Russian «четвёрка», where a digit would read as a count beside «4 десятки»).
_ONE = {1: N_("an ace"), 2: N_("a two"), 3: N_("a three"), 4: N_("a four"), 5: N_("a five"),
        6: N_("a six"), 7: N_("a seven"), 8: N_("an eight"), 9: N_("a nine"),
        10: N_("a ten")}  # fmt: skip
_MANY = {
    1: N_plural("%(count)s ace", "%(count)s aces"),
    2: N_plural("%(count)s two", "%(count)s twos"),
    3: N_plural("%(count)s three", "%(count)s threes"),
    4: N_plural("%(count)s four", "%(count)s fours"),
    5: N_plural("%(count)s five", "%(count)s fives"),
    6: N_plural("%(count)s six", "%(count)s sixes"),
    7: N_plural("%(count)s seven", "%(count)s sevens"),
    8: N_plural("%(count)s eight", "%(count)s eights"),
    9: N_plural("%(count)s nine", "%(count)s nines"),
    10: N_plural("%(count)s ten", "%(count)s tens"),
}


def seen_words(values: Sequence[int]) -> str:
    """The cards shown, by value, as a list: "3 tens, a five and an ace"."""
    counts = Counter(values)
    names = [
        say(_ONE[value]) if count == 1 else plural(*_MANY[value], count)
        for value, count in sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    ]
    if len(names) == 1:
        return names[0]
    return say("%(some)s and %(last)s", some=say(", ").join(names[:-1]), last=names[-1])


def unread_words(right: str, unread: str | None, reading: Reading) -> str:
    """Why what the table shows changes the play (``right``: the right play, said; ``unread``:
    the play the double alone gives, said; None where it is the same), as a verdict's first
    sentence with a space after it, or nothing."""
    if unread is None:
        return ""
    if reading.seen:
        return (
            say(
                "The cards shown on the table (%(cards)s) change the play: %(right)s, where the "
                "double alone says %(play)s.",
                cards=seen_words(reading.seen),
                right=right,
                play=unread,
            )
            + " "
        )
    return (
        plural(
            "At a table of %(count)s punter the dealer doubles by other chances: %(right)s, where "
            "heads-up the play is %(play)s.",
            "At a table of %(count)s punters the dealer doubles by other chances: %(right)s, where "
            "heads-up the play is %(play)s.",
            reading.punters,
            right=right,
            play=unread,
        )
        + " "
    )
