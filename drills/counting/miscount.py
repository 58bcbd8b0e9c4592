"""The price of a miscount: what a running or true count that is off would have done at a table.

A learner counting through a shoe (:mod:`drills.counting.session`, ``shoe-count``) who gives a
running count off by ``e`` at a checkpoint is read as having played the rounds after it with
that count: each round's bet by their ramp (the bet-sizing drill's Kelly ramp for the default
bankroll and risk, :func:`trainer.engine.indices.bet_ramp`) and the first seat's index plays
(:func:`drills.deviations.work_out`) at the count ``e`` off, beside the same at the right
count. Two stretches are priced: until the next checkpoint (which shows the right count) and,
had it never been corrected, to the end of the shoe. A true count given off by ``e`` where the
running count was right (a slip in the conversion) is read the same way, the true count ``e``
off until the next checkpoint, and to the end of the shoe had it never been corrected. At a
table with a tray, the true count a learner played by is their conversion of their running
count and decks left: off the true count of the cards seen, it is priced the same way (a
wrong estimate of the decks left, or a slip in the division).

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
from drills.count_study import StudyNotForGameError, StudyPendingError, study_for
from drills.counting.notation import CARDS_PER_DECK
from drills.deviation_why import PLAY_WORDS as DEVIATION_WORDS
from drills.deviations import work_out
from drills.error_model import checkpoint_cards, stored_number
from trainer.engine.counting import CountingSystem, running_count, true_count
from trainer.engine.deck.cards import Card
from trainer.engine.indices import BetRamp, EdgeTable, bet_ramp
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import InvalidSituationError
from trainer.words import number, say

__all__ = [
    "Changed",
    "Counter",
    "Price",
    "RoundSeen",
    "Stretch",
    "miscount_view",
    "price",
    "prices",
    "session_rounds",
    "stretch",
    "table_prices",
    "table_rounds",
]


Hands = Sequence[tuple[str, tuple[Card, ...]]]
Changes = tuple[tuple[Card, ...], Card, str, str]
# The plays as a learner reads them (the index table's keys), as a deviation's verdict says them.
PLAY_WORDS = {key: DEVIATION_WORDS[key] for key in "HSDPR"}


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
    true: bool = False  # ``off`` is in true counts (a conversion slip, the running count right)
    before: int = 0  # the round the check came before (0: none came after it)


@dataclass(frozen=True)
class RoundSeen:
    """A round as a wrong count would meet it: its label in words, the cards seen since the
    shuffle before it was dealt, and the hands priced (first two cards, the dealer's up card)."""

    label: str
    before: tuple[Card, ...]
    hands: tuple[tuple[tuple[Card, ...], Card], ...]
    number: int = 0  # the round's number


@dataclass(frozen=True)
class Counter:
    """The game a count is kept in: rules, system, rounding, and the learner's ramp."""

    rules: Rules
    system: CountingSystem
    convention: str
    resolution: str
    ramp: BetRamp
    edge: EdgeTable
    caches: Caches | None

    @classmethod
    def of(cls, rules: Rules, system: CountingSystem, convention: str, resolution: str,
           caches: Caches | None = None, bankroll: Fraction | None = None) -> Counter:  # fmt: skip
        """The ramp is the bet-sizing drill's for ``bankroll`` (its default where not given)
        at its default risk of ruin.

        :raises StudyPendingError: while the count study is being worked out."""
        study = study_for(rules, system, caches=caches)
        money = default_bankroll(rules) if bankroll is None else int(bankroll)
        ramp = bet_ramp(study.edge, money, float(DEFAULT_RISK))
        return cls(rules, system, convention, resolution, ramp, study.edge, caches)

    def count(self, running: Fraction, played: int) -> Fraction:
        """The count bet and played by (a true count, or an unbalanced system's running one)."""
        if not self.system.balanced:
            return running
        left = max(self.rules.decks * CARDS_PER_DECK - played, 1)
        return true_count(running, Fraction(left, CARDS_PER_DECK), self.convention, self.resolution)


def _play_changes(
    counter: Counter,
    seen: RoundSeen,
    running: Fraction,
    read: Fraction,
    bet: Fraction,
    *,
    true: bool = False,
) -> tuple[list[Changes], Fraction]:
    """The index plays the wrong count changes, and the EV they give up (money): ``running``
    and ``read`` are running counts, or true counts where ``true``."""
    changes: list[Changes] = []
    lost = Fraction(0)
    if running.denominator != 1 or read.denominator != 1:
        return changes, lost  # a half count has no deviation question
    system = counter.system
    tray = system.balanced and not true
    rounding = f" {counter.convention} {counter.resolution}" if tray else ""
    played = f" played {len(seen.before)}" if tray else ""
    kind = "tc" if true else "rc"
    for cards, up in seen.hands:
        asked = f"{system.slug}{rounding} {' '.join(str(card) for card in cards)} v {up}"
        try:
            right = work_out(f"{asked} {kind} {_signed(running)}{played}", counter.rules,
                             counter.caches)  # fmt: skip
            wrong = work_out(f"{asked} {kind} {_signed(read)}{played}", counter.rules,
                             counter.caches)  # fmt: skip
        except (InvalidQuestionError, InvalidSituationError):
            continue  # no index there, a tray the drill does not ask, cards the shoe lacks
        if right.right != wrong.right and wrong.right in (right.evs or {}):
            changes.append((cards, up, right.right, wrong.right))
            lost += Fraction(f"{right.cost(wrong.right):.6f}") * bet
    return changes, lost


def _signed(value: Fraction) -> str:
    return f"+{value.numerator}" if value > 0 else str(value.numerator)


def stretch(
    counter: Counter, rounds: Sequence[RoundSeen], off: Fraction, *, true: bool = False
) -> Stretch:
    """``rounds`` played with a running count ``off`` from the right one (or, where ``true``,
    the running count right and the true count ``off``)."""
    changed = []
    for seen in rounds:
        played = len(seen.before)
        running = running_count(counter.system, seen.before, counter.rules.decks)
        count = counter.count(running, played)
        read = count + off if true else counter.count(running + off, played)
        bet, bet_read = counter.ramp.bet_at(float(count)), counter.ramp.bet_at(float(read))
        lost = bet_cost(counter.edge, int(count), bet_read, bet) if bet != bet_read else Fraction(0)
        if true:
            plays, play_lost = _play_changes(counter, seen, count, read, bet, true=True)
        else:
            plays, play_lost = _play_changes(counter, seen, running, running + off, bet)
        if bet != bet_read or plays:
            changed.append(
                Changed(seen.label, count, read, bet, bet_read, tuple(plays), lost + play_lost)
            )
    return Stretch(len(rounds), tuple(changed))


def price(counter: Counter, rounds: Sequence[RoundSeen], index: int, start: int, stop: int,
          off: Fraction, *, true: bool = False) -> Price:  # fmt: skip
    """A count off by ``off`` (a running count; a true count where ``true``) from round
    ``start`` on: until round ``stop`` (the next check), and to the end of the shoe."""
    until_next = stretch(counter, rounds[start:stop], off, true=true)
    to_end = stretch(counter, rounds[start:], off, true=true)
    return Price(
        index, off, until_next, to_end, true, rounds[start].number if rounds[start:] else 0
    )


# -- counting through a shoe -------------------------------------------------------------------


def _first_seat(hands: Hands) -> tuple[tuple[tuple[Card, ...], Card], ...]:
    """The first seat's hands (two cards or more, their first two) and the dealer's up card
    (the dealer's hand is listed last)."""
    if len(hands) < 2 or not hands[-1][1]:
        return ()
    seat = hands[0][0].split(",")[0]
    up = hands[-1][1][0]
    return tuple(
        (cards[:2], up)
        for who, cards in hands[:-1]
        if who.split(",")[0] == seat and len(cards) >= 2
    )


def session_rounds(session: Any) -> tuple[list[RoundSeen], list[int]]:
    """A shoe session's rounds (the first seat's hands priced, as if the learner sat there),
    and for each checkpoint the first round after it."""
    rounds: list[RoundSeen] = []
    starts = {}
    for at, step in enumerate(session.steps):
        if step.label.startswith("Round ") and step.phase != "turned":
            starts[at] = len(rounds)
            before = session.seen(at - 1) if at else ()
            seen_at = int(step.label.removeprefix("Round "))
            rounds.append(RoundSeen(step.label_words, before, _first_seat(step.hands), seen_at))
    after = [
        next((starts[at] for at in sorted(starts) if at > spec.after), len(rounds))
        for spec in session.checkpoints
    ]
    return rounds, after


def prices(
    session: Any,
    errors: Mapping[int, Fraction],
    caches: Caches | None = None,
    true_errors: Mapping[int, Fraction] | None = None,
) -> list[Price]:
    """Each checkpoint's running-count error (``errors``: by checkpoint index) priced, and
    each true-count error (``true_errors``) where the running count was right: the true
    count read that far off until the next checkpoint, and to the end of the shoe.

    :raises StudyPendingError: while the count study of the session's rules is not worked out.
    """
    rules = Rules.parse(session.rules)
    counter = Counter.of(
        rules, session.counting_system, session.convention, session.resolution, caches
    )
    rounds, after = session_rounds(session)
    found = []
    true_errors = true_errors or {}
    for index in sorted(set(errors) | set(true_errors)):
        stop = after[index + 1] if index + 1 < len(after) else len(rounds)
        if errors.get(index):
            found.append(price(counter, rounds, index, after[index], stop, errors[index]))
        elif true_errors.get(index):
            found.append(
                price(counter, rounds, index, after[index], stop, true_errors[index], true=True)
            )
    return found


# -- at the table -----------------------------------------------------------------------------


def table_rounds(game: Any) -> list[RoundSeen]:
    """A table's rounds (a :class:`trainer.engine.play.table_game.TableGame`'s), the learner's
    boxes priced (a box split is left out: its first two cards are no longer a hand)."""
    found = []
    for played in game.rounds:
        up = played.round.up_card
        hands = tuple(
            (played.round.hands(seat)[0].cards[:2], up)
            for seat in played.learner
            if len(played.round.hands(seat)) == 1 and len(played.round.hands(seat)[0].cards) >= 2
        )
        at = played.record.number
        label = say("Round %(number)s", number=number(at))
        found.append(RoundSeen(label, tuple(played.seen_before), hands, at))
    return found


def table_prices(
    spec: Any,
    game: Any,
    checks: Sequence[tuple[str, str, str]],
    caches: Caches | None = None,
    true_checks: Sequence[tuple[str, str, str] | None] = (),
    convert_checks: Sequence[tuple[str, str, str] | None] = (),
    check_rounds: Sequence[int | None] = (),
) -> list[Price]:
    """A table's running-count checks (question, answer, right answer: every one, in order)
    priced where the answer was off, with the ramp the table grades bets by (its starting
    bankroll): from the first round dealt after the cards it counted, until the next check and
    to the end of the shoe. Where the running count was right, the true count asked with it
    (``true_checks``, beside each; None where none was) is priced where it was off; at a table
    with a tray, the learner's conversion (``convert_checks``: their true count from their
    running count and decks left) where it is off the true count of the cards seen, so a
    wrong estimate of the decks left is priced as well as a slip in the division. Each check
    prices from the round dealt after it (``check_rounds``, by number: None after the last);
    without them, from the first round after as many cards as it counted (a table whose pack
    never ran out inside a round).

    :raises StudyPendingError: while the count study is being worked out.
    """
    counter = Counter.of(
        spec.rules, spec.system, spec.convention, spec.resolution, caches, spec.bankroll
    )
    rounds = table_rounds(game)
    seen = [checkpoint_cards(q) for q, _, _ in checks]
    if check_rounds:
        at = {r.number: i for i, r in enumerate(rounds)}
        starts = [len(rounds) if n is None else at.get(n, len(rounds)) for n in check_rounds]
    else:
        starts = [next((i for i, r in enumerate(rounds) if len(r.before) >= cards), len(rounds))
                  for cards in seen]  # fmt: skip
    found = []
    for index, (_, given, right) in enumerate(checks):
        stop = starts[index + 1] if index + 1 < len(starts) else len(rounds)
        if off := _off(given, right):
            found.append(price(counter, rounds, index, starts[index], stop, off))
        elif stored_number(given) is not None and (
            true_off := _true_off(counter, seen[index], right, index, true_checks, convert_checks)
        ):
            found.append(price(counter, rounds, index, starts[index], stop, true_off, true=True))
    return found


def _true_off(
    counter: Counter,
    cards: int,
    running: str,
    index: int,
    true_checks: Sequence[tuple[str, str, str] | None],
    convert_checks: Sequence[tuple[str, str, str] | None],
) -> Fraction:
    """How far the true count the learner played by at check ``index`` is from the right one
    (0 where none was asked, or it was not a number): the true count asked, or at a table with
    a tray the learner's conversion beside the true count of the ``cards`` seen (its right
    answer is the conversion of the learner's own decks left, not the shoe's)."""
    asked = true_checks[index] if index < len(true_checks) else None
    if asked is not None:
        return _off(*asked[1:])
    converted = convert_checks[index] if index < len(convert_checks) else None
    given, right = stored_number(converted[1]) if converted else None, stored_number(running)
    if given is None or right is None:
        return Fraction(0)
    return given - counter.count(right, cards)


def _off(given: str, right: str) -> Fraction:
    """How far a count given is from the right one (0 where it is not a number)."""
    read, wanted = stored_number(given), stored_number(right)
    return read - wanted if read is not None and wanted is not None else Fraction(0)


def miscount_view(
    session: Any, answers: Mapping[tuple[int, str], Any], caches: Caches | None
) -> dict[str, Any]:
    """What a finished shoe's summary shows of its count errors' price (by checkpoint index:
    the running count's, else the true count's where only that was wrong), and their total;
    ``miscount_pending`` while the count study is being worked out."""
    errors: dict[str, dict[int, Fraction]] = {"rc": {}, "tc": {}}
    for (index, ask), answered in answers.items():
        given, right = stored_number(answered.answer), stored_number(answered.right_answer)
        if ask in errors and given is not None and right is not None and given != right:
            errors[ask][index] = given - right
    if not errors["rc"] and not errors["tc"]:
        return {}
    try:
        found = prices(session, errors["rc"], caches, errors["tc"])
    except StudyPendingError:
        return {"miscount_pending": True}
    except StudyNotForGameError:  # 004 dealt face down: no count study prices an error there
        return {}
    return {
        "prices": {price.index: price for price in found},
        "miscount_lost": sum((p.until_next.lost for p in found), Fraction(0)),
        "miscount_lost_end": sum((p.to_end.lost for p in found), Fraction(0)),
        "miscount_unit": Rules.parse(session.rules).min_bet,
        "play_words": play_words(),
    }
