"""A learner at a table: their boxes among engine seats, replayed from a seed and their steps.

A :class:`TableGame` is one shoe at one :class:`~trainer.engine.play.table.Table`: the learner's
boxes (1 to 3) sit among other seats (0 to 6) that the engine plays by basic strategy, the house
deals and banks. Nothing of the game is kept but its :class:`TableSetup` (rules, seats, seed)
and the learner's steps, in order; :meth:`TableGame.play` replays them through the engine's
own :class:`~trainer.engine.play.table.Table` and :class:`~trainer.engine.play.round.Round` (the
same shuffle, cut and burn, the same cards) and stops where the learner must decide next: that is
what makes a stored table survive a reload, a second tab or a server restart.

The steps, as text (their notation)::

    count          a count check answered (asked before some rounds' bets, and at the end)
    bet 10 25      the learner's bets, one per box, dealer's left first
    insure 1       insurance (or even money) on the next learner box offered it: 1 takes the
                   most allowed (half the bet), 0 declines
    insure part 5  part of it: that amount (above 0, at most the most allowed)
    H S D P R      a play for the learner's hand to act (hit, stand, double, split, surrender)
    end            the learner ends the table before the next round (after one at least)

Where the learner holds the deal or the bank (``TableSetup.deals``: 002 home, 004) the other
seats are all punters, played by the engine, each staking the table minimum, and the learner
makes the dealer's choices instead::

    deal           the next round is dealt (so that every round is shown)
    double 1       002 deal method 3: the dealer doubles every bet (0: he does not)
    draw stand     the dealer's turn: one more card, or stand ("as he likes")

At ``twenty-one-home`` the deal rotates as 002 says (a player's natural takes it): when it
passes away from the learner they play on as a punter (``TableSetup.punter_seat`` starts them
as one), an engine seat dealing (drawing to 16, doubling on his first card with the chance
:func:`~trainer.engine.banker.doubling.doubling_chance` gives, drawn from the seed); their steps::

    bet 2          their stake, after their first (face-down) card
    redouble 1     002 deal method 3: the dealer doubled; they double their stake again (0: not)
    H S P          a play

Engine punters redouble on :func:`~trainer.engine.banker.doubling.redoubling_cards` and play
:mod:`.method3_punters`. A natural of the learner's brings the deal back. At ``russian-bank`` a
punter (``punter_seat``) stakes with ``bet 2`` after their two cards (004 takes the stakes after
the deal), then plays, an engine player holding the bank by the rules' policy. The learner's
table ends with the shoe (002: the pack dealt to its end), or where the talia is played out
(004: then the bank passes left, whoever held it).

A step that does not fit where it is played raises :class:`InvalidStepError` naming the rule;
the web layer replays a new step before storing it, so an illegal one is never stored. Count
checks come at round starts drawn from the seed (about one round in ``CHECK_RATE``), never
before the first round, and once at the end of the shoe: the cut card is out, or a pack dealt
to its end ran out inside a round (000, 002; the count then is of the pile shuffled anew).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from trainer.engine.banker.auction import engine_bid, sold_to
from trainer.engine.banker.doubling import doubling_chance, redoubling_cards
from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.method3_punters import method3_action, staking
from trainer.engine.play.round import (
    DEALER,
    Action,
    IllegalActionError,
    InvalidBetError,
    Phase,
    Round,
)
from trainer.engine.play.settlement import Money, is_natural
from trainer.engine.play.table import (
    BasicStrategyPolicy,
    InsufficientBankrollError,
    InvalidTableError,
    Table,
    TableRound,
)
from trainer.engine.play.table_setup import MAX_BOXES, MAX_OTHERS, TableSetup
from trainer.engine.play.table_steps import END, InvalidStepError, insurance_part, read_bets
from trainer.engine.rulebook.legality import NATURAL_EARLY
from trainer.engine.words import N_, money, quoted, say

if TYPE_CHECKING:
    from trainer.engine.strategy.chart import Chart

__all__ = [
    "CHECK_RATE",
    "MAX_BOXES",
    "MAX_OTHERS",
    "Ask",
    "InvalidStepError",
    "PlayedRound",
    "TableGame",
    "TableSetup",
]

CHECK_RATE = 5  # a count check before about one round in five
# The learner's plays by their chart letters (the quiz's keys).
PLAYS = {
    "H": Action.HIT,
    "S": Action.STAND,
    "D": Action.DOUBLE,
    "P": Action.SPLIT,
    "R": Action.SURRENDER,
}
# TRANSLATORS: the letters the other players of a dealt game are named by, in order ("Player
# A"...): the first letters of your alphabet, seven of them.
_LETTERS = N_("ABCDEFG")
# Each engine-played bankroll: far more than any shoe can lose (the learner's own is kept by
# the caller, from the learner seats' nets).
_HOUSE_MONEY = 10**12


@dataclass(frozen=True)
class PlayedRound:
    """A round played to its end, with the cards the table had seen since the shuffle before
    it was dealt, and where its steps are among the learner's."""

    record: TableRound
    round: Round
    seen_before: tuple[Card, ...]
    first_step: int  # the index of its bet step
    steps: int  # how many steps it took (its bet included)
    learner: range = range(0)  # the learner's seats in it (none: they dealt it)


@dataclass(frozen=True)
class Ask:
    """What the table waits for: ``kind`` ``count``, ``bet``, ``insurance``, ``play``,
    ``redouble`` or ``over`` (the shoe is played out and its last count given); where the
    learner deals, ``deal``, ``double`` or ``draw``. A punter's bet at 002 home comes with
    its round (the first card dealt)."""

    kind: str
    number: int  # the round asked about (a count or bet: the one about to be dealt)
    seen: tuple[Card, ...]  # the cards the learner has seen since the shuffle, this round's too
    played: int  # cards dealt before this round since the shuffle (the tray less the burned)
    round: Round | None = None  # the round in play (insurance, play)
    seat: int | None = None  # the seat that decides (insurance, play)
    final: bool = False  # the count check at the end of the shoe
    # The discard tray as it stands, as it was filled: the cards burned at the shuffle, then
    # each round's cards as the dealer picked them up (this round's are still on the table).
    tray_layers: tuple[tuple[Card, ...], ...] = ()
    opens: bool = False  # a punter's first ask of a round dealt already: nothing staked yet

    @property
    def tray(self) -> tuple[Card, ...]:
        """The cards in the discard tray, the burned first, in the order they went in."""
        return tuple(card for layer in self.tray_layers for card in layer)

    @property
    def early(self) -> bool:
        """A play asked before the dealer checks for a natural: early surrender (``R``) or,
        any other play, the box's first decision, played after the peek."""
        return self.round is not None and self.round.phase is Phase.EARLY_SURRENDER

    @property
    def hand_cards(self) -> tuple[Card, ...]:
        """The cards of the hand a play is asked for."""
        if self.round is None or self.seat is None:
            return ()
        return self.round.hands(self.seat)[0].cards if self.early else self.round.current_cards

    @property
    def hand_index(self) -> int:
        """Which of the seat's hands a play is asked for."""
        if self.round is None or self.early:
            return 0
        return self.round.current_hand_index or 0

    def why_illegal(self, action: Action) -> str | None:
        """Why the play ``action`` may not be chosen where the table waits (None: it may)."""
        if self.round is None:
            return "no round is in play"
        natural = self.early and is_natural(self.hand_cards)
        if natural and action not in (Action.STAND, Action.SURRENDER):
            return NATURAL_EARLY
        return self.round.why_illegal(action, self.seat if self.early else None)


class _Waiting(Exception):  # noqa: N818 (not an error: the replay stops here)
    def __init__(self, kind: str, round_: Round, seat: int) -> None:
        super().__init__(kind)
        self.kind, self.round, self.seat = kind, round_, seat


class _LearnerPolicy(BasicStrategyPolicy):
    """The other seats by the chart; the learner's seats (or deal) by their steps, or a stop."""

    def __init__(
        self,
        setup: TableSetup,
        chart: Chart,
        steps: Sequence[str],
        *,
        deals: bool = False,
        learner: range | None = None,
        stake: Callable[[str], Fraction] | None = None,
        doubles: random.Random | None = None,  # an engine dealer's draw to double at times
        bankroll: Fraction | None = None,  # the learner's own, where the caller keeps it
    ) -> None:
        super().__init__(setup.rules, chart)
        self.bankroll = bankroll
        self.doubles = doubles
        self.rules = setup.rules
        self.learner = setup.learner_seats if learner is None else learner
        self.steps = steps
        self.pos = 0
        self.dealer_decides = deals
        self.stake = stake  # a punter's bet step read and checked (002 home)
        self.chosen: dict[int, Action] = {}  # a first decision chosen at early surrender

    def stakes(
        self, round_: Round, bets: tuple[Money | tuple[Money, ...], ...]
    ) -> tuple[Money | tuple[Money, ...], ...]:
        if self.stake is None or not self.learner:
            return bets
        seat = self.learner.start
        step = self._next("bet", round_, seat)
        placed = list(bets)
        placed[seat] = self.stake(step)
        return tuple(placed)

    def redouble(self, round_: Round, seat: int) -> bool:
        if seat not in self.learner:  # an engine punter: by his first card
            return round_.hands(seat)[0].cards[0].value in redoubling_cards(self.rules)
        step = self._next("redouble", round_, seat)
        if step not in ("redouble 0", "redouble 1"):
            raise InvalidStepError(
                say("the dealer doubled: redouble or not, not %(step)r", step=step[:12])
            )
        return step == "redouble 1"

    def early_surrender(self, round_: Round, seat: int) -> bool:
        if seat not in self.learner:
            return super().early_surrender(round_, seat)
        action = self._play(self._next("play", round_, seat))
        reason = round_.why_illegal(action, seat)
        if reason is not None:
            raise InvalidStepError(reason)
        if action is Action.SURRENDER:
            return True
        self.chosen[seat] = action  # played as the box's first decision, after the peek
        return False

    @staticmethod
    def _play(step: str) -> Action:
        action = PLAYS.get(step)
        if action is None:
            raise InvalidStepError(
                say("a play is H, S, D, P or R; %(step)s is not one", step=quoted(step[:12]))
            )
        return action

    def dealer_doubles(self, round_: Round) -> bool:
        if not self.dealer_decides:  # an engine seat deals: by his first card
            chance = doubling_chance(self.rules, round_.dealer_cards[0].value, staking(round_))
            if self.rules.table_rotation == "none" or chance in (0, 1) or self.doubles is None:
                return self.rules.table_rotation != "none" and chance >= 0.5
            return self.doubles.random() < chance
        step = self._next("double", round_, DEALER)
        if step not in ("double 0", "double 1"):
            raise InvalidStepError(
                say("the dealer doubles the bets or not, not %(step)r", step=step[:12])
            )
        return step == "double 1"

    def dealer_draws(self, round_: Round) -> bool:
        step = self._next("draw", round_, DEALER)
        if step not in ("draw", "stand"):
            raise InvalidStepError(say("the dealer draws or stands, not %(step)r", step=step[:12]))
        return step == "draw"

    def bid_for_deal(self, table: Table, player: int, stake: Fraction) -> Fraction:
        """002's auction: the learner's bid made for them, the deal's worth, as the engine's
        players bid, at most what their own bankroll holds (the table's seat holds the house's
        money: a learner down to 3 chips bought a deal worth 4)."""
        if player != 0 or self.bankroll is None:
            return super().bid_for_deal(table, player, stake)
        left = max(self.bankroll + table.bankroll(0) - _HOUSE_MONEY, Fraction(0))
        return engine_bid(table.rules, len(table.names) - 1, stake, left)

    def _next(self, kind: str, round_: Round, seat: int) -> str:
        if self.pos >= len(self.steps):
            raise _Waiting(kind, round_, seat)
        step = self.steps[self.pos]
        self.pos += 1
        return step

    def decide(self, round_: Round) -> Action:
        seat = round_.current_seat
        if seat is None or seat not in self.learner:
            played = method3_action(round_) if self.rules.deal_method == 3 else None
            return super().decide(round_) if played is None else played
        chosen = self.chosen.pop(seat, None)
        action = chosen if chosen is not None else self._play(self._next("play", round_, seat))
        reason = round_.why_illegal(action)
        if reason is not None:
            raise InvalidStepError(reason)
        return action

    def insurance(self, round_: Round, seat: int) -> Fraction:
        if seat not in self.learner:
            return Fraction(0)
        step = self._next("insurance", round_, seat)
        most = round_.max_insurance(seat)
        if step in ("insure 0", "insure 1"):
            return most if step == "insure 1" else Fraction(0)
        part = insurance_part(step)
        if part is None:
            raise InvalidStepError(
                say("insurance is offered: answer it, not %(step)r", step=step[:12])
            )
        if not 0 < part <= most:
            raise InvalidStepError(
                "insurance: "
                + say(
                    "at most %(most)s (half the bet), not %(asked)s",
                    most=money(most),
                    asked=money(part),
                )
            )
        return part


def _counted(steps: Sequence[str], pos: int) -> int | None:
    """Past the count asked where ``steps`` are at ``pos`` (None: no step left to give it).

    :raises InvalidStepError: where another step comes instead.
    """
    if pos == len(steps):
        return None
    if steps[pos].split(" ", 1)[0] != "count":  # the counts given may follow
        raise InvalidStepError(say("the count is asked now: give it first"))
    return pos + 1


class TableGame:
    """One shoe at a table, replayed from its setup and the learner's steps (:meth:`play`).

    :param chart: the basic-strategy chart the other seats play (the rules' chart).
    :param shoe: the shoe to deal from; by default the setup's seed shuffles one.
    """

    def __init__(self, setup: TableSetup, chart: Chart, shoe: Shoe | None = None) -> None:
        self.setup = setup
        self.chart = chart
        rules = setup.rules
        if shoe is None:  # a stacked shoe (tests) deals its cards in order instead
            shoe = Shoe(rules, random.Random(setup.seed))
        if setup.deals:  # the learner is player 0, dealing; the punters on their left
            # Named by letter, not by seat: the deal (002) or the bank (004) moves them round.
            # Punters, as 004 calls them (and the Russian of 002 says игрок: trainer.words).
            letters = say(_LETTERS)
            letters = letters if len(letters) >= setup.others else _LETTERS
            others = (say("Punter %(letter)s", letter=letters[n]) for n in range(setup.others))
            names = [say("You"), *others]
            self.table = Table(rules, names, _HOUSE_MONEY, shoe, dealer=setup.first_dealer)
        else:
            self.table = Table(rules, setup.seats, _HOUSE_MONEY, shoe)
        self.rounds: list[PlayedRound] = []
        self._checks = random.Random(f"{setup.seed} count checks")
        # 002 deal method 3: an engine dealer doubling at times draws from this.
        self._doubles = random.Random(f"{setup.seed} dealer doubles")
        self._learner_now = setup.learner_seats  # the learner's seats in the round in play
        self._bankroll: Fraction | None = None  # the learner's, as :meth:`play` was given it
        self.ended = False  # the learner ended the table early (an ``end`` step)

    def learner_seats_in(self, number: int) -> range:
        """The learner's seats in round ``number`` (played, or in play): their boxes; where
        the players deal, their seat from the dealer's left, or none where they deal it."""
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1].learner
        return self._learner_now

    def learner_deals(self, number: int) -> bool:
        """Whether the learner deals (or holds the bank in) round ``number``."""
        return self.setup.deals and not self.learner_seats_in(number)

    def _seats_now(self) -> range:
        """The learner's seats in the round about to be dealt."""
        if not self.setup.deals:
            return self.setup.learner_seats
        dealer = self.table.dealer
        if dealer in (None, 0):
            return range(0)
        seat = self.table.seat_players.index(0)
        return range(seat, seat + 1)

    @property
    def learner_net(self) -> Fraction:
        """What the learner's boxes have won (+) or lost (-) over the rounds played (their own
        share, where co-bettors stake on them too)."""
        if self.setup.deals:  # the bank's net where the learner dealt, their own elsewhere
            return sum(
                (
                    p.record.result.bank_net
                    if p.record.dealer == 0
                    else sum((p.record.result.seats[s].net for s in p.learner), Fraction(0))
                    for p in self.rounds
                ),
                self.deal_sales,
            )
        return sum(
            (
                played.record.result.seats[seat].shares[0]
                for played in self.rounds
                for seat in played.learner
            ),
            Fraction(0),
        )

    @property
    def deal_sales(self) -> Fraction:
        """002's auction: what the learner paid for the deal (−) and got of its price (+)."""
        players = len(self.table.names)
        sold = (sold_to(p.record.deal_sold_for, players, p.record.next_dealer) for p in self.rounds)
        return sum(sold, Fraction(0))

    def play(self, steps: Sequence[str], bankroll: Fraction | None = None) -> Ask:
        """Replay ``steps`` from the shuffle; what the table waits for after them.

        :param bankroll: the learner's bankroll at the start: a bet above what is left of it
            is refused.
        :raises InvalidStepError: for a step that cannot be played where it comes; every step
            after it is not played.
        """
        ask = self._play(steps, bankroll)
        return replace(ask, tray_layers=self.table.shoe.tray_layers)  # the tray where it waits

    def _play(self, steps: Sequence[str], bankroll: Fraction | None) -> Ask:
        """:meth:`play`'s replay, the tray aside."""
        table, setup = self.table, self.setup
        self._bankroll = bankroll
        pos = 0
        while True:
            number = len(self.rounds) + 1
            seen = table.seen_since_shuffle
            played, refills = len(table.shoe.carried) + len(table.shoe.dealt()), table.shoe.refills
            over = self._played_out()
            due = over or (number > 1 and self._checks.randrange(CHECK_RATE) == 0)
            if due and setup.count_checks:
                if (after := _counted(steps, pos)) is None:
                    return Ask("count", number, seen, played, final=over)
                pos = after
            if not over and self.rounds and steps[pos : pos + 1] == [END]:  # the learner ends it
                pos, over, self.ended = pos + 1, True, True
                if setup.count_checks and not due:  # the last count (unless just given)
                    if (after := _counted(steps, pos)) is None:
                        return Ask("count", number, seen, played, final=True)
                    pos = after
            if over:
                if pos < len(steps):
                    raise InvalidStepError(say("the shoe is played out: no more rounds from it"))
                return Ask("over", number, seen, played)
            self._learner_now = learner = self._seats_now()
            punting = setup.deals and bool(learner)  # 002 home: the learner's bet comes later
            if pos == len(steps) and not punting:
                return Ask("deal" if setup.deals else "bet", number, seen, played)
            if punting:
                low = setup.rules.min_bet
                all_bets: list[Fraction | tuple[Fraction, ...] | None] = [low] * setup.seats
                stake, doubles = self._stake(bankroll), self._doubles
                policy = _LearnerPolicy(
                    setup, self.chart, steps[pos:], learner=learner, stake=stake,
                    doubles=doubles, bankroll=bankroll,
                )  # fmt: skip
            else:
                all_bets, learner = self._round_bets(steps[pos], bankroll)
                self._learner_now = learner  # the boxes bet on (none: the learner watches)
                policy = _LearnerPolicy(setup, self.chart, steps[pos + 1 :], deals=setup.deals,
                                        learner=learner, bankroll=bankroll)  # fmt: skip
            try:
                record = table.play_round(all_bets, policy)
            except _Waiting as waiting:  # every step is played: the learner decides next
                seat = None if waiting.seat == DEALER else waiting.seat
                now = table.shoe.seen_in_round(seen, refills, waiting.round.seen_by(waiting.seat))
                fresh = table.shoe.refills != refills  # the pack ran out: its tray is empty
                opens = punting and pos == len(steps)  # the table may end here (``END``)
                return Ask(waiting.kind, number, now, 0 if fresh else played, waiting.round, seat,
                           opens=opens)  # fmt: skip
            except (InvalidBetError, InsufficientBankrollError, IllegalActionError) as error:
                raise InvalidStepError(str(error)) from None
            round_ = table.last_round
            if round_ is None:  # play_round always sets it
                raise InvalidTableError(say("the table kept no round"))
            used = policy.pos + (0 if punting else 1)
            self.rounds.append(PlayedRound(record, round_, seen, pos, used, learner))
            pos += used

    def _played_out(self) -> bool:
        """Whether the learner's table is over: the cut card is out, or a pack dealt to its
        end ran out inside a round and its discards were shuffled to finish it (000, 002); at
        004, also where the bank has passed on (the talia played out, whoever held it); and
        where the learner is to bet next and what is left of their bankroll cannot cover the
        table minimum (holding the deal or the bank, they stake nothing: the bank pays on)."""
        return bool(self.rounds) and (self._pack_over() or self.broke)

    def _pack_over(self) -> bool:
        table, setup = self.table, self.setup
        passed = table.dealer != setup.first_dealer
        return (
            table.shoe.needs_shuffle
            or table.shoe.refills > 0
            or (setup.rules.players_bank and passed)
        )

    @property
    def spent(self) -> bool:
        """Whether the table ends for the learner's money alone (:attr:`broke`, with cards and
        the deal or bank still to play)."""
        return bool(self.rounds) and self.broke and not self._pack_over()

    @property
    def broke(self) -> bool:
        """Whether the learner is to bet next and what is left of the bankroll the table was
        played with cannot cover the table minimum on each of their boxes (one, where the
        players deal; holding the deal or the bank they stake nothing: the bank pays on)."""
        if self._bankroll is None or (self.setup.deals and self.table.dealer == 0):
            return False
        boxes = 1 if self.setup.deals or self.setup.wong else self.setup.boxes
        return self._bankroll + self.learner_net < self.setup.rules.min_bet * boxes

    def _stake(self, bankroll: Fraction | None) -> Callable[[str], Fraction]:
        """A punter's bet step read and checked against the limits and what is left."""

        def stake(step: str) -> Fraction:
            if not step.startswith("bet "):
                raise InvalidStepError(say("you have your first card: your bet comes first"))
            (bet,) = read_bets(step, 1)
            self._check_money((bet,), bankroll)
            return bet

        return stake

    def _round_bets(
        self, step: str, bankroll: Fraction | None
    ) -> tuple[list[Fraction | tuple[Fraction, ...] | None], range]:
        """Every seat's bet for the round a step starts (``None``: a box sat out), and the
        learner's seats in it: their own (a ``bet``; at a back-counting table one to all their
        boxes, or ``watch``: none), or, where the learner deals (a ``deal``), the punters'
        table minimums."""
        setup = self.setup
        if setup.deals:
            if step != "deal":
                raise InvalidStepError(say("you deal: the next round starts with the deal"))
            return [setup.rules.min_bet] * setup.seats, self._learner_now
        if step == "watch" and not setup.wong:
            raise InvalidStepError(say("this table is not set up to watch rounds: bet"))
        bets = () if step == "watch" else read_bets(step, setup.boxes, vary=setup.wong)
        self._check_money(bets, bankroll)
        first = setup.learner_seats.start
        return self._seat_bets(bets), range(first, first + len(bets))

    def _seat_bets(
        self, bets: tuple[Fraction, ...]
    ) -> list[Fraction | tuple[Fraction, ...] | None]:
        """The seats' bets, the learner's first ``len(bets)`` boxes played, the rest sat out."""
        low = self.setup.rules.min_bet
        seats: list[Fraction | tuple[Fraction, ...] | None] = [low] * self.setup.seats
        for n, seat in enumerate(self.setup.learner_seats):
            if n >= len(bets):
                seats[seat] = None
            elif self.setup.co_bettors:
                seats[seat] = (bets[n], *[low] * self.setup.co_bettors)
            else:
                seats[seat] = bets[n]
        return seats

    def _check_money(self, bets: tuple[Fraction, ...], bankroll: Fraction | None) -> None:
        rules = self.setup.rules
        for bet in bets:
            if bet < rules.min_bet or (rules.max_bet is not None and bet > rules.max_bet):
                if rules.max_bet is None:
                    limits = say(
                        "a bet at this table is %(least)s or more (no maximum), not %(asked)s",
                        least=money(rules.min_bet),
                        asked=money(bet),
                    )
                else:
                    limits = say(
                        "a bet at this table is %(least)s to %(most)s, not %(asked)s",
                        least=money(rules.min_bet),
                        most=money(rules.max_bet),
                        asked=money(bet),
                    )
                raise InvalidStepError("min_bet and max_bet: " + limits)
        if bankroll is not None and sum(bets) > bankroll + self.learner_net:
            left = bankroll + self.learner_net
            raise InvalidStepError(
                "bankroll: "
                + say(
                    "your bets come to %(bets)s with %(left)s left",
                    bets=money(sum(bets, Fraction(0))),
                    left=money(left),
                )
            )
