"""What a learner's table is (:class:`TableSetup`): its rules, who sits there (the learner's
boxes among the engine's seats, or the learner holding the deal or the bank), and the seed its
shoe is shuffled from; checked whole when it is made, each refusal naming the rule it breaks in
a sentence of the catalogue (:mod:`trainer.engine.words`). The game played at it is
:mod:`trainer.engine.play.table_game`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.play.table import InvalidTableError
from trainer.engine.rulebook.rule_words import title
from trainer.engine.rulebook.rules import Rules
from trainer.engine.words import number, plural, say

__all__ = ["MAX_BOXES", "MAX_OTHERS", "MAX_SEATS", "TableSetup"]

MAX_OTHERS = 6
MAX_BOXES = 3
MAX_SEATS = 7  # the spots of a casino table


@dataclass(frozen=True)
class TableSetup:
    """What a table is: its rules, who sits there, and the seed its shoe is shuffled from."""

    rules: Rules
    others: int  # seats the engine plays (0-6)
    boxes: int  # boxes the learner plays (1-3)
    seed: int
    count_checks: bool = True
    co_bettors: int = 0  # on each learner box, each staking the table minimum (003)
    deals: bool = False  # the learner holds the deal or the bank (002 home, 004)
    # Where the players deal (002 home, 004): 0, the learner deals (or banks) first; n, they
    # start as a punter at the n-th seat from the dealer's (banker's) left (1 plays first).
    punter_seat: int = 0
    # Back-counting (Wonging): the learner may watch a round (a ``watch`` step) or play fewer
    # of their boxes than they have (a ``bet`` with fewer amounts); other seats must play it.
    wong: bool = False

    def __post_init__(self) -> None:
        self._check_seats()
        self._check_deal()
        self._check_wong()

    def _check_wong(self) -> None:
        """:raises InvalidTableError: for back-counting where nobody else would play a round."""
        if self.wong and (self.deals or self.others < 1):
            raise InvalidTableError(
                "wong: "
                + say(
                    "to watch rounds from behind the table, one other seat or more must play "
                    "them, and the house must deal"
                )
            )

    def _check_seats(self) -> None:
        """:raises InvalidTableError: for seats or boxes a table cannot hold."""
        if not 0 <= self.others <= MAX_OTHERS:
            raise InvalidTableError(
                "others: "
                + say(
                    "%(least)s to %(most)s other seats, not %(asked)s",
                    least=number(0),
                    most=number(MAX_OTHERS),
                    asked=number(self.others),
                )
            )
        if not 1 <= self.boxes <= MAX_BOXES:
            raise InvalidTableError(
                "boxes: "
                + say(
                    "%(least)s to %(most)s boxes, not %(asked)s",
                    least=number(1),
                    most=number(MAX_BOXES),
                    asked=number(self.boxes),
                )
            )
        if self.others + self.boxes > MAX_SEATS:
            raise InvalidTableError(
                "seats: "
                + say(
                    "a table has %(spots)s spots; %(others)s other seats and %(boxes)s boxes "
                    "make %(seats)s",
                    spots=number(MAX_SEATS),
                    others=number(self.others),
                    boxes=number(self.boxes),
                    seats=number(self.others + self.boxes),
                )
            )
        if not 0 <= self.co_bettors < self.rules.box_bettors:
            raise InvalidTableError(
                "box_bettors: "
                + plural(
                    "a box of these rules takes %(count)s co-bettor at most, not %(asked)s",
                    "a box of these rules takes %(count)s co-bettors at most, not %(asked)s",
                    self.rules.box_bettors - 1,
                    asked=number(self.co_bettors),
                )
            )

    def _check_deal(self) -> None:
        """:raises InvalidTableError: for a deal the learner cannot hold under the rules."""
        rotation = self.rules.table_rotation
        if rotation != "none" and not self.deals:
            raise InvalidTableError(
                "table_rotation: "
                + say(
                    "%(game)s passes the deal among the players; at a learner's table the "
                    "learner holds the deal (or the bank)",
                    game=title(self.rules),
                )
            )
        if self.deals and (rotation == "none" or self.others < 1 or self.co_bettors):
            raise InvalidTableError(
                "table_rotation: "
                + say(
                    "the learner holds the deal only where the players deal (002 home, 004), "
                    "with one other seat or more and no co-bettors"
                )
            )
        if self.punter_seat and (not self.deals or not 1 <= self.punter_seat <= self.others):
            raise InvalidTableError(
                "table_rotation: "
                + say(
                    "the learner starts as a punter only where the players deal (002 home, "
                    "004), at a seat from %(least)s to %(most)s, not %(asked)s",
                    least=number(1),
                    most=number(self.others),
                    asked=number(self.punter_seat),
                )
            )

    @property
    def seats(self) -> int:
        return self.others if self.deals else self.others + self.boxes

    @property
    def first_dealer(self) -> int:
        """Where the players deal: the player who deals first (0 the learner; the engine's
        players are 1 to ``others``, round the table)."""
        return self.others + 1 - self.punter_seat if self.punter_seat else 0

    @property
    def learner_seats(self) -> range:
        """The learner's boxes: after half the other seats (rounded down), side by side (none
        where the players deal: :meth:`TableGame.learner_seats_in` says, round by round)."""
        if self.deals:
            return range(0)
        first = self.others // 2
        return range(first, first + self.boxes)
