"""The engine as the kernel's referee: the same shuffles and the same strategy, played by the
engine's own :class:`~trainer.engine.play.table.Table` and
:class:`~trainer.engine.play.round.Round`.

:class:`ReplayedShuffles` is the random generator of an engine
:class:`~trainer.engine.deck.shoe.Shoe` whose every ``shuffle`` puts the cards in the order the
kernel's shuffle did (the kernel logs each order when tracing), after checking the engine
gathered exactly the same cards. :class:`TablesPolicy` decides as the kernel does, from the same
strategy tables, through the engine's legality (``why_illegal``); at 004 as dealt the punters
read the chart of one column, and the banker is the engine's own, who works out his best for
the bank at every draw (the kernel reads it from a table). The engine then plays the
rounds by its own rules; a round whose net differs from the kernel's is a bug in the kernel (or
in the tables' reading).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import MutableSequence
from fractions import Fraction
from typing import Any

import numpy as np

from trainer.engine.banker.face_down import face_down_game
from trainer.engine.deck.cards import Card, pack
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import Action, Round
from trainer.engine.play.table import Table, TablePolicy
from trainer.engine.rulebook.rules import Rules
from trainer.simulator.face_down_tables import NO_FACE_DOWN, FaceDownTables
from trainer.simulator.run import Job, block_arrays, play_block
from trainer.simulator.tables import HARD0, LETTERS, PAIR0, SOFT0, Strategy

__all__ = ["ReplayedShuffles", "TablesPolicy", "kernel_trace", "engine_nets"]

_ACTIONS = {
    LETTERS["H"]: Action.HIT,
    LETTERS["S"]: Action.STAND,
    LETTERS["D"]: Action.DOUBLE,
    LETTERS["P"]: Action.SPLIT,
    LETTERS["R"]: Action.SURRENDER,
}


class ShuffleMismatchError(AssertionError):
    """The engine gathered other cards to shuffle than the kernel did."""


class ReplayedShuffles(random.Random):
    """A generator whose shuffles replay the kernel's logged orders, in turn."""

    def __init__(self, orders: list[np.ndarray]) -> None:
        super().__init__(0)
        self._orders = orders
        self._cards = pack(1)
        self.replayed = 0

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        if self.replayed >= len(self._orders):
            raise ShuffleMismatchError(f"shuffle {self.replayed + 1}: the kernel shuffled less")
        order = [self._cards[int(code)] for code in self._orders[self.replayed]]
        if Counter(x) != Counter(order):
            raise ShuffleMismatchError(
                f"shuffle {self.replayed + 1}: the engine gathered other cards than the kernel"
            )
        x[:] = order
        self.replayed += 1


class TablesPolicy(TablePolicy):
    """Decide from the kernel's strategy tables (their first count row: basic strategy)."""

    def __init__(
        self, rules: Rules, strategy: Strategy, face_down: FaceDownTables = NO_FACE_DOWN
    ) -> None:
        self.rules = rules
        self.face_down = face_down if face_down_game(rules) else None
        self.first = strategy.first[0]
        self.split = strategy.split[0]
        self.later = strategy.later[0]
        self.insure = bool(strategy.insure[0])

    def _cell(self, cards: tuple[Card, ...]) -> int:
        """The chart cell of two cards (the numbering of :mod:`.tables`)."""
        a, b = cards
        if a.value == b.value and not (
            a.value == 10 and self.rules.split_by == "rank" and a.rank is not b.rank
        ):
            return PAIR0 + a.value
        if 1 in (a.value, b.value):
            return SOFT0 + a.value + b.value + 10
        return HARD0 + a.value + b.value

    def _plays(self, round_: Round) -> tuple[int, int]:
        seat = round_.current_seat
        assert seat is not None
        cards = round_.current_cards
        if self.face_down is not None:  # 004 as dealt: no banker card, by the punter's cards
            state = 0
            for card in cards:
                state = int(self.face_down.hands[state, card.value])
            play = int(self.face_down.punter[state])
            return play, play
        up = round_.up_card.value - 1
        total, soft = round_.current_total, int(round_.current_is_soft)
        if len(cards) == 2 and len(round_.hands(seat)) == 1:
            return tuple(self.first[up, self._cell(cards)])  # type: ignore[return-value]
        if len(cards) == 2:
            if round_.why_illegal(Action.SPLIT) is None:
                return LETTERS["P"], LETTERS["P"]
            return tuple(self.split[up, soft, total])  # type: ignore[return-value]
        play = int(self.later[up, soft, total])
        return play, play

    def decide(self, round_: Round) -> Action:
        for code in self._plays(round_):
            action = _ACTIONS[int(code)]
            if round_.why_illegal(action) is None:
                return action
        return Action.STAND

    def insurance(self, round_: Round, seat: int) -> Fraction:
        return round_.max_insurance(seat) if self.insure else Fraction(0)

    def early_surrender(self, round_: Round, seat: int) -> bool:
        cards = round_.hands(seat)[0].cards
        return bool(self.first[round_.up_card.value - 1, self._cell(cards), 0] == LETTERS["R"])


def kernel_trace(job: Job, rounds: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """Play one block of ``rounds`` rounds (``job`` made with ``trace=True``); each round's
    net in units, and each shuffle's order."""
    size = job.cards[0].size
    arrays = block_arrays(job, log_size=(size + 1) * (rounds + 4) * 2)
    nets = np.zeros(rounds)
    play_block(job, 0, rounds, arrays, nets)
    log = arrays[3]
    orders = []
    at = 0
    while at < log.size and log[at] > 0:
        n = int(log[at])
        orders.append(log[at + 1 : at + 1 + n].copy())
        at += 1 + n
    return nets, orders


def engine_nets(rules: Rules, job: Job, orders: list[np.ndarray], rounds: int) -> list[Fraction]:
    """The same rounds played by the engine's Table: each round's net of every seat, in
    table minimums."""
    players = job.seats + (0 if rules.table_rotation == "none" else 1)
    replay = ReplayedShuffles(orders)
    shoe = Shoe(rules, replay)
    table = Table(rules, players, 10**9, shoe)
    policy = TablesPolicy(rules, job.strategy, job.face_down)
    bet = rules.min_bet
    nets = []
    for _ in range(rounds):
        record = table.play_round([bet] * len(table.seat_players), policy)
        nets.append(sum(seat.net for seat in record.result.seats) / bet)
    if replay.replayed != len(orders):
        raise ShuffleMismatchError(
            f"the engine shuffled {replay.replayed} times, the kernel {len(orders)}"
        )
    return nets
