"""The price of a miscount: what a running count that is off would have done at the table.

A learner counting through a shoe (:mod:`drills.counting.session`, ``shoe-count``) who gives a
running count off by ``e`` at a checkpoint is read as having played the rounds after it with
that count: each round's bet by their ramp (the bet-sizing drill's Kelly ramp for the default
bankroll and risk, :func:`trainer.engine.indices.bet_ramp`) and the first seat's index plays
(:func:`drills.deviations.work_out`) at the count ``e`` off, beside the same at the right
count. Two stretches are priced: until the next checkpoint (which shows the right count) and,
had it never been corrected, to the end of the shoe.

The EV a wrong bet gives up is the bet-sizing drill's (:func:`drills.bet_sizing.bet_cost`: the
bet missing where the player has the edge, or staked where he has none, times the exact edge by
count of the count study); a wrong index play's is the deviations drill's (the EVs at that count
of the study), times the bet. Money is the table's; "bets" are table minimums.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from drills.base import InvalidQuestionError
from drills.bet_sizing import DEFAULT_RISK, bet_cost, default_bankroll
from drills.caches import Caches
from drills.count_study import StudyPendingError, study_for
from drills.counting.notation import CARDS_PER_DECK
from drills.deviations import work_out
from trainer.engine.counting import running_count, true_count
from trainer.engine.deck.cards import Card
from trainer.engine.indices import BetRamp, EdgeTable, bet_ramp
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, say

__all__ = ["Changed", "Price", "Stretch", "miscount_view", "price_of", "prices"]


Hands = Sequence[tuple[str, tuple[Card, ...]]]
Changes = tuple[tuple[Card, ...], Card, str, str]
# The plays as a learner reads them (the index table's keys).
PLAY_WORDS = {
    "H": N_("hit"),
    "S": N_("stand"),
    "D": N_("double"),
    "P": N_("split"),
    "R": N_("surrender"),
}


def play_words() -> dict[str, str]:
    return {key: say(text) for key, text in PLAY_WORDS.items()}


@dataclass(frozen=True)
class Changed:
    """One round the wrong count changed: the bet and the index plays, and the EV lost."""

    label: str  # the round's step label ("Round 7")
    count: Fraction  # the right count (true count; an unbalanced system's running count)
    read: Fraction  # the count read
    bet: Fraction  # money, by the right count
    bet_read: Fraction
    plays: tuple[Changes, ...]  # (hand, up card, right play, play read), as play keys
    lost: Fraction  # money


@dataclass(frozen=True)
class Stretch:
    """Rounds played with the wrong count: those it changed, and the EV lost in all."""

    rounds: int
    changed: tuple[Changed, ...]

    @property
    def lost(self) -> Fraction:
        return sum((c.lost for c in self.changed), Fraction(0))

    @property
    def bets(self) -> int:
        return sum(1 for c in self.changed if c.bet != c.bet_read)

    @property
    def plays(self) -> int:
        return sum(len(c.plays) for c in self.changed)


@dataclass(frozen=True)
class Price:
    """A checkpoint's miscount priced: until the next checkpoint, and never corrected."""

    index: int
    off: Fraction
    until_next: Stretch
    to_end: Stretch


@dataclass(frozen=True)
class _Game:
    rules: Rules
    session: Any  # a CountingSession (typed loosely: the session module imports this one)
    ramp: BetRamp
    edge: EdgeTable
    caches: Caches | None


def _count(game: _Game, running: Fraction, played: int) -> Fraction:
    session = game.session
    if not session.counting_system.balanced:
        return running
    left = session.decks * CARDS_PER_DECK - played
    remaining = Fraction(max(left, 1), CARDS_PER_DECK)
    conversion = (session.convention, session.resolution)
    return true_count(running, remaining, *conversion)


def _rounds(session: Any, first: int, last: int) -> list[int]:
    """The steps from ``first`` to ``last`` that start a round (a round shown in two steps,
    its face-down cards turned after play, starts once)."""
    steps = session.steps
    return [
        at
        for at in range(first, min(last, len(steps) - 1) + 1)
        if steps[at].label.startswith("Round ") and steps[at].phase != "turned"
    ]


def _first_seat(hands: Hands) -> list[tuple[tuple[Card, ...], Card]]:
    """The first seat's hands (two cards or more) and the dealer's up card (the dealer's hand
    is listed last)."""
    if len(hands) < 2 or not hands[-1][1]:
        return []
    seat = hands[0][0].split(",")[0]
    up = hands[-1][1][0]
    return [
        (cards[:2], up)
        for who, cards in hands[:-1]
        if who.split(",")[0] == seat and len(cards) >= 2
    ]


def _play_changes(game: _Game, hands: Hands, running: Fraction, read: Fraction, played: int,
                  bet: Fraction) -> tuple[list[Changes], Fraction]:  # fmt: skip
    """The first seat's index plays the wrong count changes, and the EV they give up (money)."""
    session = game.session
    system = session.counting_system
    changes: list[Changes] = []
    lost = Fraction(0)
    if running.denominator != 1 or read.denominator != 1:
        return changes, lost  # a half count has no deviation question
    rounding = f" {session.convention} {session.resolution}" if system.balanced else ""
    tray = f" played {played}" if system.balanced else ""
    for cards, up in _first_seat(hands):
        hand = " ".join(str(card) for card in cards)
        asked = f"{system.slug}{rounding} {hand} v {up}"
        try:
            right = work_out(f"{asked} rc {_signed(running)}{tray}", game.rules, game.caches)
            wrong = work_out(f"{asked} rc {_signed(read)}{tray}", game.rules, game.caches)
        except InvalidQuestionError:
            continue  # no index in that cell, or a tray the drill does not ask about
        if right.right != wrong.right:
            changes.append((cards, up, right.right, wrong.right))
            lost += Fraction(f"{right.cost(wrong.right):.6f}") * bet
    return changes, lost


def _signed(value: Fraction) -> str:
    return f"+{value.numerator}" if value > 0 else str(value.numerator)


def _stretch(game: _Game, off: Fraction, first: int, last: int) -> Stretch:
    session = game.session
    rounds = _rounds(session, first, last)
    changed = []
    for at in rounds:
        seen = session.seen(at - 1) if at else ()
        running = running_count(session.counting_system, seen, session.decks)
        count = _count(game, running, len(seen))
        read = _count(game, running + off, len(seen))
        bet, bet_read = game.ramp.bet_at(float(count)), game.ramp.bet_at(float(read))
        lost = bet_cost(game.edge, int(count), bet_read, bet) if bet != bet_read else Fraction(0)
        hands = session.steps[at].hands
        plays, play_lost = _play_changes(game, hands, running, running + off, len(seen), bet)
        if bet != bet_read or plays:
            label = session.steps[at].label_words
            changed.append(
                Changed(label, count, read, bet, bet_read, tuple(plays), lost + play_lost)
            )
    return Stretch(len(rounds), tuple(changed))


def price_of(game: _Game, index: int, off: Fraction) -> Price:
    session = game.session
    checkpoints = session.checkpoints
    first = checkpoints[index].after + 1
    end = len(session.steps) - 1
    last = checkpoints[index + 1].after if index + 1 < len(checkpoints) else end
    return Price(index, off, _stretch(game, off, first, last), _stretch(game, off, first, end))


def prices(
    session: Any, errors: Mapping[int, Fraction], caches: Caches | None = None
) -> list[Price]:
    """Each checkpoint's running-count error (``errors``: by checkpoint index, non-zero)
    priced.

    :raises StudyPendingError: while the count study of the session's rules is not worked out.
    """
    rules = Rules.parse(session.rules)
    system = session.counting_system
    study = study_for(rules, system, caches=caches)
    ramp = bet_ramp(study.edge, default_bankroll(rules), float(DEFAULT_RISK))
    game = _Game(rules, session, ramp, study.edge, caches)
    return [price_of(game, index, off) for index, off in sorted(errors.items()) if off]


def _number(text: str) -> Fraction | None:
    try:
        return Fraction(text.strip().replace("+", "").replace("\N{MINUS SIGN}", "-"))
    except (ValueError, ZeroDivisionError):
        return None


def miscount_view(
    session: Any, answers: Mapping[tuple[int, str], Any], caches: Caches | None
) -> dict[str, Any]:
    """What a finished shoe's summary shows of its count errors' price (by checkpoint index),
    and their total; ``miscount_pending`` while the count study is being worked out."""
    errors = {}
    for (index, ask), answered in answers.items():
        given, right = _number(answered.answer), _number(answered.right_answer)
        if ask == "rc" and given is not None and right is not None and given != right:
            errors[index] = given - right
    if not errors:
        return {}
    try:
        found = prices(session, errors, caches)
    except StudyPendingError:
        return {"miscount_pending": True}
    return {
        "prices": {price.index: price for price in found},
        "miscount_lost": sum((p.until_next.lost for p in found), Fraction(0)),
        "miscount_lost_end": sum((p.to_end.lost for p in found), Fraction(0)),
        "miscount_unit": Rules.parse(session.rules).min_bet,
        "play_words": play_words(),
    }
