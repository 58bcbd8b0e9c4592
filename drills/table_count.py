"""The count as a learner keeps it at a table decision (:class:`TableCount`: the system, the
true count's rounding, the running count and the cards played), read from a decision's
notation (:func:`read_count`), and the plays' EVs at that count (:func:`evs_at`): what the table
play and the back-counting drills share."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from drills.count_study import read_rounding, read_system, signed_notation
from drills.counting.notation import CARDS_PER_DECK
from drills.counting.true_count import converted
from drills.refusals import too_few_left
from trainer.engine.counting import CountingSystem
from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.engine.indices import CountOutOfRangeError
from trainer.engine.indices.reading import evs_as_read
from trainer.engine.play.table_game import Ask
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import InvalidSituationError

__all__ = ["TableCount", "evs_at", "read_count"]


@dataclass(frozen=True)
class TableCount:
    """The count as the learner keeps it at a decision."""

    system: CountingSystem
    convention: str
    resolution: str
    running: int  # every card the learner has seen since the shuffle, this hand's included
    played: int  # cards in the discard tray

    def suffix(self) -> str:
        return (
            f" {self.system.slug} {self.convention} {self.resolution} "
            f"rc {signed_notation(self.running)} played {self.played}"
        )

    def played_by(self, decks: int) -> Fraction:
        """The count the learner plays by: the true count (an unbalanced system's running)."""
        if not self.system.balanced:
            return Fraction(self.running)
        return converted(
            Fraction(self.running), decks, self.played, self.convention, self.resolution
        )[0]


def tray_cards(rules: Rules, ask: Ask) -> int:
    """The cards out of the shoe where ``ask`` stops, as the tray the page shows them: its
    burned card too (read without it, a tie of 1.75 decks rounded up to 2 gave a true count of
    +7 where the tray gave +10: a walk); no more than a quarter deck short of the shoe."""
    out = len(ask.tray) if ask.tray_layers else ask.played
    return min(out, rules.decks * CARDS_PER_DECK - CARDS_PER_DECK // 4)


def read_count(match: re.Match[str], rules: Rules) -> TableCount:
    """The count a decision's notation names (its groups ``system``, ``convention``,
    ``resolution``, ``count`` and ``played``), checked against the cards ``rules`` deal."""
    system = read_system(match["system"])
    convention, resolution = read_rounding(match["convention"], match["resolution"])
    played = int(match["played"])
    if played > rules.decks * CARDS_PER_DECK - CARDS_PER_DECK // 4:
        raise too_few_left(played)
    return TableCount(system, convention, resolution, int(match["count"]), played)


def evs_at(
    rules: Rules, count: TableCount, hand: Hand, up: Card, legal: frozenset[str]
) -> dict[str, float] | None:
    """The ``legal`` plays' EVs at the learner's count (None: a count past the study's)."""
    left = rules.decks * CARDS_PER_DECK - count.played
    exact = Fraction(count.running * CARDS_PER_DECK, left) if count.system.balanced else None
    value = exact if exact is not None else Fraction(count.running)
    try:
        found = evs_as_read(rules, count.system, value, hand, up, float(left))
    except (CountOutOfRangeError, InvalidSituationError):
        return None
    return {a.value: ev for a, ev in found.items() if a.value in legal}
