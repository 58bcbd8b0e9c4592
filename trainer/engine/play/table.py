"""A table: the same people playing round after round from one shoe, with bankrolls.

A :class:`Table` deals :class:`~trainer.engine.play.round.Round` after round from its
:class:`~trainer.engine.deck.shoe.Shoe`, shuffling when the shoe says so, and keeps every player's
bankroll. Decisions come from a :class:`TablePolicy` (override the steps you need).

Who deals follows ``rules.table_rotation``:

- ``"none"``: the house deals and banks; every player has a seat (casino presets, 000, 002 club).
- ``"natural-takes-deal"`` (002 home): one of the players deals and banks. A player dealt a
  natural takes the deal after the round; of several, the one nearest the dealer's left; a dealer
  who has a natural himself keeps it. With ``deal_auction`` the deal is sold instead, each time.
- ``"bank-passes-after-pack"`` (004): one of the players is the banker. When the pack has been
  played to its end (the "talia"), the bank passes to the punter on the banker's left; at every
  shuffle the cut is offered to the punter on the (new) banker's right.

Seats are numbered from the dealer's left, as in a :class:`Round`: with a player dealing, the
player on his left has seat 0; a player may sit a round out (bet ``None``). Chips are conserved:
the players' bankrolls and the house's net always add up to what the table started with. A bet
above a player's bankroll is refused; doubles, splits, insurance and the bank's losses may still
take a bankroll below zero within a round (the table keeps the debt).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache, partial
from typing import TYPE_CHECKING, NamedTuple

from trainer.engine.banker.auction import engine_bid, natural_taker, sell_at
from trainer.engine.banker.face_down import banker_draws, face_down_game, fixed_point
from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.boxes import TooManySeatsError, bets_for_seats, check_seats
from trainer.engine.play.round import Action, InvalidBetError, Phase, Round, RoundResult
from trainer.engine.play.settlement import Money, exact, whole_or_fraction
from trainer.engine.rulebook.rules import Rules

if TYPE_CHECKING:  # the strategy engine (numpy) is loaded only when a seat needs its chart
    from trainer.engine.strategy.chart import Chart

__all__ = [
    "BasicStrategyPolicy",
    "ChipConservationError",
    "DrawToPolicy",
    "InsufficientBankrollError",
    "InvalidTableError",
    "Table",
    "TablePolicy",
    "TableRound",
]


class InvalidTableError(ValueError):
    """The table cannot be set up that way (too few players, bankrolls not one per player)."""


class InsufficientBankrollError(ValueError):
    """A player bet more than his bankroll holds."""


class ChipConservationError(ValueError):
    """The bankrolls and the house's net do not add up to what the table started with."""


_NONE = Fraction(0)
# A seat's bet: an amount, or a box's stakes with the player's own first (003's co-bettors).
TableBet = Fraction | int | str | Sequence[Fraction | int | str]
# Read once (speed 1 in trainer.engine.play.round).
_TURNS, _DONE = Phase.PLAYER_TURNS, Phase.DONE


class TablePolicy:
    """How the people at a table decide. The defaults stand, decline and never double.

    Override :meth:`decide` at least; every method gets the round as it stands. A policy
    with ``dealer_decides`` makes a dealing player's draws too (:meth:`dealer_draws`); without
    it the dealer draws by the rules' policy.
    """

    dealer_decides = False

    def decide(self, round_: Round) -> Action:
        """The action for the hand to act (``round_.current_seat``, ``round_.current_hand``)."""
        return Action.STAND

    def insurance(self, round_: Round, seat: int) -> Fraction:
        """The insurance stake of a seat (0 declines; at most ``round_.max_insurance(seat)``)."""
        return _NONE

    def early_surrender(self, round_: Round, seat: int) -> bool:
        return False

    def dealer_doubles(self, round_: Round) -> bool:
        """002 deal method 3: the dealer doubles every bet after seeing his first card."""
        return False

    def stakes(
        self, round_: Round, bets: tuple[Money | tuple[Money, ...], ...]
    ) -> tuple[Money | tuple[Money, ...], ...]:
        """Where bets come after the first card (002 deal method 3) or the deal (004's
        ``bet_after_deal``): every seat's bet, each seat having seen its own cards (by default
        the bets given to the round)."""
        return bets

    def redouble(self, round_: Round, seat: int) -> bool:
        """002 deal method 3: a seat redoubles after the dealer doubled."""
        return False

    def dealer_draws(self, round_: Round) -> bool:
        """With ``dealer_decides``: whether the dealer draws one more card (by default as the
        rules' policy would: below ``dealer_stands_on``, or 004's best for the bank)."""
        rules = round_.rules
        if rules.banker_best:
            punters = [
                (float(stake), len(hand.cards) - 2)
                for seat in range(round_.seat_count)
                for hand, stake in zip(round_.hands(seat), round_.stakes(seat), strict=True)
                if hand.total <= 21
            ]
            return banker_draws(rules, tuple(c.value for c in round_.dealer_cards), punters)
        return round_.dealer_total < rules.dealer_stands_on

    def bid_for_deal(self, table: Table, player: int, stake: Fraction) -> Fraction:
        """002's auction: a player's bid for the deal (its worth, at most his bankroll)."""
        return engine_bid(table.rules, len(table.names) - 1, stake, table.bankroll(player))


class DrawToPolicy(TablePolicy):
    """Play every hand like a house dealer: hit below ``stand_on``, otherwise stand (tests; a
    simulated seat plays :class:`BasicStrategyPolicy`)."""

    def __init__(self, stand_on: int = 17) -> None:
        self.stand_on = stand_on

    def decide(self, round_: Round) -> Action:
        if round_.current_total < self.stand_on and round_.why_illegal(Action.HIT) is None:
            return Action.HIT
        return Action.STAND


class BasicStrategyPolicy(TablePolicy):
    """Play every hand by the basic-strategy chart of the table's rules, computed by the
    strategy engine (once per rules in this process): how a simulated seat plays.

    The chart's codes fall back as they say (``D/H``: hit where doubling is not allowed);
    hands of three cards or more read the hard and soft rows; insurance is declined and early
    surrender taken where the chart surrenders.
    """

    def __init__(self, rules: Rules, chart: Chart | None = None) -> None:
        # A caller holding the rules' chart already (from a disk cache) passes it in.
        self.chart = chart if chart is not None else _chart_of(rules)

    def _code(self, round_: Round, cards: tuple[Card, ...], total: int, soft: bool) -> str:
        if face_down_game(round_.rules):  # 004, no banker card: the chart of one column
            punter = fixed_point(round_.rules).punter
            return "H" if punter.draws(tuple(card.value for card in cards)) else "S"
        up = round_.up_card.value
        up_key = "A" if up == 1 else str(up)
        codes = self.chart.codes
        if len(cards) == 2 and cards[0].value == cards[1].value:
            value = cards[0].value
            pair = "A-A" if value == 1 else f"{value}-{value}"
            code = codes["pairs"].get(pair, {}).get(up_key, "")
            if code.startswith(("P", "R/P")) and round_.why_illegal(Action.SPLIT) is None:
                return code
        section = "soft" if soft and total in _SOFT_ROWS else "hard"
        row = codes[section].get(str(min(max(total, 5), 21)), {})
        return row.get(up_key, "S" if total >= 17 else "H")

    def decide(self, round_: Round) -> Action:
        cards = round_.current_cards
        code = self._code(round_, cards, round_.current_total, round_.current_is_soft)
        for letter in code.split("/"):
            action = _CODE_ACTIONS[letter]
            if round_.why_illegal(action) is None:
                return action
        return Action.STAND

    def early_surrender(self, round_: Round, seat: int) -> bool:
        hand = round_.hands(seat)[0]
        return self._code(round_, hand.cards, hand.total, hand.is_soft).startswith("R")


_CODE_ACTIONS = {
    "H": Action.HIT,
    "S": Action.STAND,
    "D": Action.DOUBLE,
    "P": Action.SPLIT,
    "R": Action.SURRENDER,
}
_SOFT_ROWS = range(13, 22)


@lru_cache(maxsize=16)
def _chart_of(rules: Rules) -> Chart:
    """The rules' chart, computed once per rules in this process (no disk: the engine is pure)."""
    from trainer.engine.strategy.chart import compute_chart

    return compute_chart(rules)


# A named tuple, like the round's results (speed 4 in trainer.engine.play.round).
class TableRound(NamedTuple):
    """What happened in one round at the table."""

    number: int  # 1 for the first round at the table
    dealer: int | None  # the player who dealt and banked; None for the house
    seat_players: tuple[int, ...]  # player index of each seat that bet, dealer's left first
    bets: tuple[Fraction, ...]  # one per seat
    result: RoundResult
    shuffled: bool  # the shoe was shuffled before this round
    cut_by: int | None  # the player offered the cut at that shuffle (None: the house, no shuffle)
    next_dealer: int | None  # who deals the next round
    bankrolls: tuple[Fraction, ...]  # every player's bankroll after the round (a sale's too)
    deal_sold_for: Fraction | None = None  # 002's auction: the price the deal was sold for


_ROTATIONS = ("none", "natural-takes-deal", "bank-passes-after-pack")


class Table:
    """Players at one table, playing rounds from one shoe. Mutable through its methods only.

    :param rules: the table's rules (``table_rotation`` says who deals).
    :param seats: the number of players, or their names, in order round the table.
    :param bankrolls: one starting bankroll per player, or one amount for everyone.
    :param shoe: the shoe to deal from (made with the rng of your choice).
    :param dealer: with a rotating deal or bank, the player who deals first.
    :raises InvalidTableError: for a table that cannot be played.
    """

    def __init__(
        self,
        rules: Rules,
        seats: int | Sequence[str],
        bankrolls: Sequence[Fraction | int | str] | Fraction | int | str,
        shoe: Shoe,
        *,
        dealer: int = 0,
    ) -> None:
        if isinstance(seats, int) and not isinstance(seats, bool):
            names = tuple(f"Player {n + 1}" for n in range(seats))
        elif isinstance(seats, Sequence) and not isinstance(seats, str):
            names = tuple(str(name) for name in seats)
        else:
            raise InvalidTableError(f"seats must be a number or a list of names, not {seats!r}")
        rotation = rules.table_rotation
        if rotation not in _ROTATIONS:
            raise InvalidTableError(f"table_rotation: unknown rotation {rotation!r}")
        needed = 1 if rotation == "none" else 2
        if len(names) < needed:
            raise InvalidTableError(
                f"seats: a table with table_rotation {rotation} needs {needed} or more players"
            )
        money = _bankrolls_of(bankrolls, len(names))
        if shoe.rules.decks != rules.decks:
            raise InvalidTableError(
                f"shoe: the shoe holds {shoe.rules.decks} decks, the rules say {rules.decks}"
            )
        try:
            check_seats(rules, len(names) - (needed - 1))  # the dealing player has no seat
        except TooManySeatsError as exc:
            raise InvalidTableError(str(exc)) from None
        if rotation != "none" and not 0 <= dealer < len(names):
            raise InvalidTableError(f"dealer: no player {dealer!r} at a table of {len(names)}")

        self.rules = rules
        self.names = names
        self._players = tuple(range(len(names)))
        self.shoe = shoe
        # Money inside the table is exact: an int where whole (fast), else a Fraction.
        self._bankrolls: list[Money] = money
        self._start_total = sum(money, Fraction(0))
        self._house: Money = 0
        self._outside: Money = 0  # what co-bettors on the players' boxes have won (003)
        high = None if rules.max_bet is None else whole_or_fraction(rules.max_bet)
        self._limits = (whole_or_fraction(rules.min_bet), high)
        self._dealer: int | None = None if rotation == "none" else dealer
        self.rounds_played = 0
        self.last: TableRound | None = None
        # The round just played, to read what the table saw of it (Round.shown_in_play).
        self.last_round: Round | None = None
        self._shuffle_due = False
        self._shuffled_for_next = False
        # The cut of the shoe as it stands was offered to this player (None: the house).
        self.cut_by: int | None = self._right_of_dealer()

    # -- reading the state ----------------------------------------------------------------------

    @property
    def dealer(self) -> int | None:
        """The player who deals and banks next round; ``None`` when the house deals."""
        return self._dealer

    @property
    def house_net(self) -> Fraction:
        """The house's winnings so far (when the house deals: ``table_rotation`` none)."""
        return exact(self._house)

    @property
    def co_bettors_net(self) -> Fraction:
        """What the co-bettors on the players' boxes have won, all together (003)."""
        return exact(self._outside)

    @property
    def bankrolls(self) -> tuple[Fraction, ...]:
        return tuple(map(exact, self._bankrolls))

    def bankroll(self, player: int) -> Fraction:
        return exact(self._bankrolls[player])

    @property
    def seat_players(self) -> tuple[int, ...]:
        """The player at each seat next round, from the dealer's left."""
        if self._dealer is None:
            return self._players
        count = len(self.names)
        return tuple((self._dealer + step) % count for step in range(1, count))

    @property
    def seen_since_shuffle(self) -> tuple[Card, ...]:
        """Between rounds: the cards the table's players have seen leave the pile since the
        last shuffle (:meth:`Shoe.out_of_pile`: where a pack dealt to its end was refilled, of
        the new pile). Inside a round, :meth:`Shoe.seen_in_round` says more."""
        return self.shoe.out_of_pile()

    def _right_of_dealer(self) -> int | None:
        if self._dealer is None:
            return None
        return (self._dealer - 1) % len(self.names)

    def check_conservation(self) -> None:
        """Between rounds: every card is back in the shoe or its discards, and chips add up.

        :raises CardConservationError: when cards are missing or extra.
        :raises ChipConservationError: when chips are.
        """
        self.shoe.check_conservation([])
        total = sum(self._bankrolls, Fraction(0)) + self._house + self._outside
        if total != self._start_total:
            raise ChipConservationError(
                f"chips do not add up: {total} at the table, {self._start_total} at the start"
            )

    # -- playing --------------------------------------------------------------------------------

    def play_round(
        self, bets: Sequence[TableBet | None], policy: TablePolicy | None = None
    ) -> TableRound:
        """Play one round: shuffle if due, deal, ask the policy, settle, pay, pass the deal.

        :param bets: one bet per seat (:attr:`seat_players`), dealer's left first; ``None``
            sits that player out of the round. A box's stakes (the player's first, then up to
            two co-bettors', ``box_bettors``: 003) put co-bettors on it: people who are not
            players at the table; their shares are settled to :attr:`co_bettors_net`.
        :raises InsufficientBankrollError: for a bet above the player's bankroll.
        :raises InvalidBetError: for a bet outside the table limits, or no bet at all; nothing
            is dealt or shuffled then.
        """
        policy = policy if policy is not None else TablePolicy()
        seated = self.seat_players
        if len(bets) != len(seated):
            raise InvalidBetError("bets: " + bets_for_seats(len(bets), len(seated)))
        if None in bets:
            players = tuple(p for p, bet in zip(seated, bets, strict=True) if bet is not None)
            if not players:
                raise InvalidBetError("bets: a round needs at least one player betting")
        else:
            players = seated
        amounts = self._checked_bets(players, bets)
        bankrolls = self._bankrolls
        shoe = self.shoe
        self.shuffle_if_due()
        shuffled = self._shuffled_for_next
        self._shuffled_for_next = False
        shuffles_before = shoe.shuffles
        round_, amounts = self._deal(players, amounts, policy)
        result = self._play(round_, amounts, policy)
        self.last_round = round_

        dealer = self._dealer
        self._pay(players, result)
        passed = self._next_dealer(result, players, pack_over=shoe.shuffles != shuffles_before)
        self._dealer, price = self._sold(dealer, passed, sum(map(_box_total, amounts)), policy)
        self.rounds_played += 1
        record = TableRound(
            number=self.rounds_played,
            dealer=dealer,
            seat_players=players,
            bets=tuple(exact(_box_total(amount)) for amount in amounts),
            result=result,
            shuffled=shuffled,
            cut_by=self.cut_by if shuffled else None,
            next_dealer=self._dealer,
            bankrolls=tuple(map(exact, bankrolls)),
            deal_sold_for=price,
        )
        self.last = record
        return record

    def _sold(
        self, dealer: int | None, passed: int | None, staked: Money, policy: TablePolicy
    ) -> tuple[int | None, Fraction | None]:
        """002's auction (``auction.sell_at``): the deal that would pass sold, chips moving."""
        if not self.rules.deal_auction or dealer is None or passed == dealer:
            return passed, None
        bid = partial(policy.bid_for_deal, self, stake=Fraction(staked, len(self.names) - 1))
        buyer, price, nets = sell_at(self.rules, dealer, len(self.names), bid)
        for who, net in enumerate(nets):
            self._bankrolls[who] = _add(self._bankrolls[who], net)
        return buyer, price

    def _pay(self, players: tuple[int, ...], result: RoundResult) -> None:
        """Settle the round's nets into the bankrolls (a box's co-bettors take their share)."""
        bankrolls = self._bankrolls
        for player, seat in zip(players, result.seats, strict=True):
            if len(seat.shares) > 1:  # co-bettors on the box: the player keeps his own share
                bankrolls[player] = _add(bankrolls[player], seat.shares[0])
                self._outside = _add(self._outside, sum(seat.shares[1:], Fraction(0)))
            else:
                bankrolls[player] = _add(bankrolls[player], seat.net)
        if self._dealer is None:
            self._house = _add(self._house, result.bank_net)
        else:
            bankrolls[self._dealer] = _add(bankrolls[self._dealer], result.bank_net)

    def _checked_bets(
        self, players: tuple[int, ...], bets: Sequence[TableBet | None]
    ) -> tuple[Money | tuple[Money, ...], ...]:
        """The bets as exact money (a box's stakes as a tuple), each within the table limits
        (a box's total) and its player's bankroll (his own stake).

        :raises InvalidBetError: for a bet outside the limits.
        :raises InsufficientBankrollError: for a bet above the player's bankroll.
        """
        amounts = tuple([_bet_of(bet) for bet in bets if bet is not None])
        bankrolls = self._bankrolls
        low, high = self._limits
        for player, bet in zip(players, amounts, strict=True):
            amount = _box_total(bet)
            if amount < low or (high is not None and amount > high):
                allowed = f"{low} or more" if high is None else f"{low} to {high}"
                raise InvalidBetError(
                    f"bet: {self.names[player]} bets {amount}; min_bet and max_bet allow {allowed}"
                )
            own = bet[0] if isinstance(bet, tuple) else bet
            if own > bankrolls[player]:
                raise InsufficientBankrollError(
                    f"bet: {self.names[player]} bets {own} with {bankrolls[player]} left"
                )
        return amounts

    def shuffle_if_due(self) -> bool:
        """Shuffle now if the next round must start from a fresh shuffle; say whether it did.

        :meth:`play_round` does this itself; call it first to see the shoe as the next round
        will find it (a counting drill asking for the count before the deal).
        """
        if not (self.shoe.needs_shuffle or self._shuffle_due):
            return False
        self.shoe.shuffle()
        self._shuffle_due = False
        self._shuffled_for_next = True
        self.cut_by = self._right_of_dealer()
        return True

    def _deal(
        self,
        players: tuple[int, ...],
        amounts: tuple[Money | tuple[Money, ...], ...],
        policy: TablePolicy,
    ) -> tuple[Round, tuple[Money | tuple[Money, ...], ...]]:
        """The round dealt, and the bets placed in it: where bets come after the first card
        (002 method 3) or the deal (004) the policy's :meth:`~TablePolicy.stakes`, checked as
        any bet is."""
        rules, decides = self.rules, policy.dealer_decides
        if rules.bet_after_deal or rules.deal_method == 3:
            round_ = Round(rules, self.shoe, seats=len(players), dealer_decides=decides)
            if round_.phase is Phase.BETTING:
                placed = policy.stakes(round_, amounts)
                if placed is not amounts:
                    amounts = self._checked_bets(players, placed)
                round_.place_bets(amounts)
            return round_, amounts
        return Round(rules, self.shoe, amounts, dealer_decides=decides), amounts

    def _play(
        self, round_: Round, amounts: tuple[Money | tuple[Money, ...], ...], policy: TablePolicy
    ) -> RoundResult:
        seats = range(len(amounts))
        act, decide = round_.act, policy.decide
        while True:
            phase = round_.phase
            if phase is _TURNS:
                act(decide(round_))
            elif phase is _DONE:
                return round_.settle()
            elif phase is Phase.INSURANCE:
                round_.insure([policy.insurance(round_, seat) for seat in seats])
            elif phase is Phase.EARLY_SURRENDER:
                round_.early_surrender([policy.early_surrender(round_, seat) for seat in seats])
            elif phase is Phase.DEALER_DOUBLE:
                round_.dealer_double(policy.dealer_doubles(round_))
            elif phase is Phase.REDOUBLE:
                round_.redouble([policy.redouble(round_, seat) for seat in seats])
            elif phase is Phase.BETTING:
                round_.place_bets(amounts)
            elif phase is Phase.DEALER_TURN:
                round_.dealer_act(policy.dealer_draws(round_))
            else:  # misdeals and exposed cards come only from a dealer-procedure drill
                raise InvalidTableError(f"a table round cannot stop at {phase.value}")

    def _next_dealer(
        self, result: RoundResult, players: tuple[int, ...], *, pack_over: bool
    ) -> int | None:
        dealer = self._dealer
        if dealer is None:
            return None
        rotation = self.rules.table_rotation
        if rotation == "natural-takes-deal":
            return natural_taker(result, players, dealer)
        if rotation == "bank-passes-after-pack" and (pack_over or self.shoe.needs_shuffle):
            # The talia is played out: the bank passes left and the next round starts from a
            # fresh shuffle, the cut offered to the punter on the new banker's right.
            self._shuffle_due = True
            return (dealer + 1) % len(self.names)
        return dealer

    def __repr__(self) -> str:
        who = "the house" if self._dealer is None else self.names[self._dealer]
        return (
            f"<Table {self.rules.name}: {len(self.names)} players, {who} deals, "
            f"{self.rounds_played} rounds>"
        )


# Money stays exact. Inside the table (as inside a round) a whole amount is an int (speed 2
# in trainer.engine.play.round); anything else a Fraction. Everything the table hands out is
# a Fraction.


def _bankrolls_of(
    bankrolls: Sequence[Fraction | int | str] | Fraction | int | str, players: int
) -> list[Money]:
    """One starting bankroll per player (or one for everyone), none negative.

    :raises InvalidTableError: for a bad amount, or not one per player.
    """
    if isinstance(bankrolls, Sequence) and not isinstance(bankrolls, str):
        money: list[Money] = [_amount(value, "bankroll") for value in bankrolls]
        if len(money) != players:
            raise InvalidTableError(f"bankrolls: {len(money)} bankrolls for {players} players")
    else:
        money = [_amount(bankrolls, "bankroll")] * players
    if any(value < 0 for value in money):
        raise InvalidTableError("bankrolls: a bankroll cannot be negative")
    return money


def _bet_of(bet: TableBet) -> Money | tuple[Money, ...]:
    """A bet as exact money; a box's stakes (owner first) as a tuple of them."""
    if type(bet) is int:
        return bet
    if isinstance(bet, Sequence) and not isinstance(bet, str):
        if len(bet) == 1:
            return _amount(bet[0], "bet")
        return tuple(_amount(stake, "bet") for stake in bet)
    return _amount(bet, "bet")


def _box_total(bet: Money | tuple[Money, ...]) -> Money:
    return sum(bet) if isinstance(bet, tuple) else bet


def _add(a: Money, b: Fraction) -> Money:
    numerator, denominator = b.as_integer_ratio()
    total = a + (numerator if denominator == 1 else b)
    return total if isinstance(total, int) else whole_or_fraction(total)


def _amount(value: Fraction | int | str, what: str) -> Money:
    if type(value) is int:
        return value
    if type(value) is Fraction:
        return whole_or_fraction(value)
    if isinstance(value, bool):
        raise InvalidTableError(f"{what}: {value!r} is not an amount")
    try:
        return whole_or_fraction(Fraction(value))
    except (TypeError, ValueError, ZeroDivisionError):
        raise InvalidTableError(f"{what}: {value!r} is not an amount") from None
