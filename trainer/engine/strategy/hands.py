"""The EVs of unsplit hands against one up card: standing, hitting and doubling, exactly.

A :class:`HandValues` prices every hand that will not split: a hand of three cards or more
(:meth:`HandValues.multi_card`), and a two-card hand's stand, hit and double. That is all a
question after the first decision needs, and what the split hands' walk
(:mod:`~trainer.engine.strategy.split_walk`) builds on; :class:`~trainer.engine.strategy.ev.
UpCardAnalysis` adds splits and the first decision. The definitions are in
:mod:`trainer.engine.strategy.ev`. Hands are encoded as packed counts
(:func:`~trainer.engine.strategy.dealer.encode`).

Every hand's values are worked out at once by the compiled core (:mod:`.core`) on first use,
and read here by hand: the dealer's outcomes and standing once per shoe and up card
(:class:`ShoeValues`, shared by the analyses of them), playing on, hitting and doubling once per
analysis (perfect play, or a chart's codes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from trainer.engine.rulebook.legality import why_not_double, why_not_hit
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import kernels
from trainer.engine.strategy.dealer import (
    BITS,
    MASK,
    DealerRule,
    DealerTable,
    dealer_table,
    encode,
)
from trainer.engine.strategy.hand_table import hand_table

__all__ = [
    "INFO",
    "Action",
    "HandValues",
    "Payouts",
    "ShoeValues",
    "count_of",
    "dealer_rule_of",
    "hand_info",
]


class Action(StrEnum):
    """A player's decision, by its chart letter."""

    STAND = "S"
    HIT = "H"
    DOUBLE = "D"
    SPLIT = "P"
    SURRENDER = "R"
    INSURANCE = "I"
    EVEN_MONEY = "E"


def dealer_rule_of(rules: Rules) -> DealerRule:
    """The dealer's drawing rule from the table rules."""
    return DealerRule(
        stands_on=rules.dealer_stands_on,
        hits_soft_17=rules.dealer_hits_soft_17,
        max_draws=rules.max_draws,
    )


class _HandInfo(dict[int, tuple[int, int, bool, int]]):
    """(best total, hard total, soft, number of cards) by encoded hand, worked out on first use
    (``INFO[hand]`` is one dict lookup once it is known: the walks ask it for every hand)."""

    def __missing__(self, hand: int) -> tuple[int, int, bool, int]:
        hard = 0
        cards = 0
        for v in range(10):
            n = (hand >> (BITS * v)) & MASK
            hard += (v + 1) * n
            cards += n
        if hand & MASK and hard + 10 <= 21:
            info = (hard + 10, hard, True, cards)
        else:
            info = (hard, hard, False, cards)
        self[hand] = info
        return info


INFO = _HandInfo()


def hand_info(hand: int) -> tuple[int, int, bool, int]:
    """(best total, hard total, soft, number of cards) of an encoded hand."""
    return INFO[hand]


def count_of(packed: int, v: int) -> int:
    return (packed >> (BITS * v)) & MASK


@dataclass(frozen=True)
class Payouts:
    """The rules' payout ratios as floats (the arithmetic of the EVs)."""

    blackjack: float
    natural_vs_natural: float
    collects: float
    bust_pays: float
    ties_to_dealer: bool
    tie_voids_bonus: bool
    five: float | None
    six: float | None
    sevens: float | None
    six_seven_eight: float | None

    @classmethod
    def of(cls, rules: Rules) -> Payouts:
        return cls(
            blackjack=float(rules.blackjack_pays),
            natural_vs_natural=(
                -1.0 if rules.dealer_natural_takes_all or rules.ties == "dealer" else 0.0
            ),
            collects=float(rules.dealer_blackjack_collects),
            bust_pays=float(rules.dealer_bust_pays),
            ties_to_dealer=rules.ties == "dealer",
            tie_voids_bonus=rules.ties == "dealer" or not rules.tie_pays_bonus,
            five=_f(rules.five_card_21_pays),
            six=_f(rules.six_card_21_pays),
            sevens=_f(rules.seven_seven_seven_pays),
            six_seven_eight=_f(rules.six_seven_eight_pays),
        )


class ShoeValues:
    """What one shoe and up card give every analysis of them, whatever its play: the dealer's
    outcome probabilities for every hand (:func:`.core.dealer_outcomes`), standing's value on
    each, and each pair's split hands' standing values, each worked out on first use."""

    def __init__(self, table: DealerTable, composition: tuple[int, ...], total: float) -> None:
        self.table = table
        self.composition = composition
        self.total = total
        self.comp = np.array(composition, dtype=np.float64)
        self._outcomes: np.ndarray | None = None
        self._base: np.ndarray | None = None
        # Standing on each hand (the rules' payouts: every analysis sharing this has the same)
        # as an array for the core and a list for Python.
        self.standing: tuple[np.ndarray, list[float]] | None = None
        self.split_stands: dict[int, np.ndarray] = {}
        # Worked out once for every analysis of this shoe and up card that plays alike (by
        # the core's arguments of its play): playing on, hitting and doubling; a pair's split
        # hands' (by pair and levels too); a pair's split weights (by its value).
        self.played: dict[bytes, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self.split_played: dict[tuple[int, int, bytes], tuple[np.ndarray, ...]] = {}
        self.split_weights: dict[int, dict[tuple[int, int], float]] = {}

    @property
    def base(self) -> np.ndarray:
        """Each dealer entry's probability from the whole shoe (every pair's split hands'
        standing starts from it)."""
        if self._base is None:
            t = self.table
            self._base = kernels.base_probabilities(
                self.comp, float(self.total), t.mults, t.orders_array, t.lengths_array
            )
        return self._base

    @property
    def outcomes(self) -> np.ndarray:
        """Rows: the hands of the :class:`~.hand_table.HandTable`; columns: the outcomes."""
        if self._outcomes is None:
            t = self.table
            hands = hand_table()
            self._outcomes = kernels.dealer_outcomes(
                self.comp, float(self.total), t.mults, t.orders_array, t.lengths_array,
                t.pair_of, t.pair_m, t.pair_k, t.segment_starts, hands.counts, hands.parent,
                hands.added,
            )  # fmt: skip
        return self._outcomes


class HandValues:
    """EVs of the unsplit hands against one up card (1 = ace .. 10) for given rules and shoe:
    every hand that will not split (:meth:`multi_card`).

    ``shoe`` is the composition before the up card is dealt. ``stand_on`` lists best totals on
    which the player never draws (a text's advice, to price it); empty means free choice.
    ``policy`` makes every later decision follow a chart's codes by (soft, total) instead, and
    ``split_policy`` (where given) a split hand's decision on its first two cards.
    """

    def __init__(
        self,
        rules: Rules,
        shoe: tuple[int, ...],
        up: int,
        stand_on: frozenset[int] = frozenset(),
        *,
        policy: Mapping[tuple[bool, int], str] | None = None,
        split_policy: Mapping[tuple[bool, int], str] | None = None,
        dealer: ShoeValues | None = None,
    ) -> None:
        """``dealer``: what another analysis of the same shoe and up card worked out."""
        if not 1 <= up <= 10:
            raise ValueError(f"up card value must be 1 (ace) to 10, not {up}")
        if len(shoe) != 10 or shoe[up - 1] < 1:
            raise ValueError("the shoe holds no card of the up card's value")
        self.rules = rules
        self.up = up
        self.stand_on = stand_on
        composition = tuple(n - (1 if v == up - 1 else 0) for v, n in enumerate(shoe))
        self.composition = composition
        self.total = sum(composition)
        self.table = dealer_table(up, dealer_rule_of(rules))
        if dealer is not None and dealer.composition == composition:
            self.dealer = dealer  # its results are shared (the same shoe and up card)
        else:
            self.dealer = ShoeValues(self.table, composition, self.total)
        # Where set, every decision after the first follows these chart codes by (soft, total)
        # (total-dependent play) instead of the best play for the exact cards.
        self.policy = policy
        self.split_policy = split_policy
        # "peek-like": a dealer natural is settled before play (or only takes the original bet).
        self.peek_like = rules.hole_card == "peek" or rules.no_hole_card_loses == "original"
        # The value whose presence in the hole makes a natural (-1: none possible).
        self._natural_card = 9 if up == 1 else 0 if up == 10 else -1
        self.payouts = Payouts.of(rules)
        # Whether a hand of so many cards may draw (a hand holds fewer than 64 cards).
        self._may_draw = tuple(why_not_hit(rules, cards) is None for cards in range(64))
        # How many cards of each value and up the shoe holds (for the busting cards).
        self._from_value = [sum(composition[v:]) for v in range(11)]
        self._index = hand_table().index
        self._values: tuple[list[float], list[float], list[float]] | None = None
        self._arrays: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        self._arguments: tuple[object, ...] | None = None
        self._play_key = b""

    # -- probabilities -------------------------------------------------------------------------

    def _no_natural(self, removed: int, left: int) -> float:
        card = self._natural_card
        if card < 0 or left <= 0:
            return 1.0
        return 1.0 - (self.composition[card] - count_of(removed, card)) / left

    def no_natural(self, hand: tuple[int, ...]) -> float:
        """P(the dealer has no natural) with the cards ``hand`` (10 counts) out of the shoe."""
        return self._no_natural(encode(hand), self.total - sum(hand))

    # -- the compiled core's arguments ---------------------------------------------------------

    def _bonuses(self) -> np.ndarray:
        """What a 21 is paid by its kind of bonus (:mod:`.hand_table`; NaN: no bonus)."""
        p = self.payouts
        kinds = (None, p.sevens, p.six_seven_eight, p.five, p.six)
        return np.array([np.nan if pay is None else pay for pay in kinds], dtype=np.float64)

    def _play_arguments(self) -> tuple[object, ...]:
        """The rules' and policy's part of :func:`.core.player_values`' arguments."""
        if self._arguments is None:
            self._arguments = self._arguments_made()
        return self._arguments

    def play_key(self) -> bytes:
        """What tells this analysis's play from another's of the same shoe and up card."""
        self._play_arguments()
        return self._play_key

    def _arguments_made(self) -> tuple[object, ...]:
        stand_on = np.zeros(32, dtype=np.bool_)
        for total in self.stand_on:
            if 0 <= total < 32:
                stand_on[total] = True
        policy_hit = np.zeros((2, 32), dtype=np.bool_)
        if self.policy is not None:
            for soft in (False, True):
                for total in range(32):
                    policy_hit[int(soft), total] = self._policy_hits(soft, total)
        self._play_key = bytes([self.policy is not None]) + policy_hit.tobytes()
        return (
            np.array(self._may_draw, dtype=np.bool_), stand_on, bool(self.stand_on), policy_hit,
            self.policy is not None, np.array(self._from_value, dtype=np.float64),
            self.peek_like, self._natural_card,
        )  # fmt: skip

    def _standing(self) -> tuple[np.ndarray, list[float]]:
        """Standing on every hand, as an array and as a list by hand index."""
        shoe = self.dealer
        if shoe.standing is None:
            hands = hand_table()
            p = self.payouts
            stand = kernels.stand_values(
                shoe.outcomes, self.table.codes, hands.total, hands.bonus, self._bonuses(),
                self.peek_like, p.collects, p.bust_pays, p.ties_to_dealer, p.tie_voids_bonus,
            )  # fmt: skip
            shoe.standing = (stand, stand.tolist())
        return shoe.standing

    def value_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Playing on, hitting and doubling every hand, as arrays by hand index."""
        if self._arrays is None:
            key = self.play_key()
            found = self.dealer.played.get(key)
            if found is None:
                hands = hand_table()
                found = kernels.player_values(
                    self._standing()[0], self.dealer.comp, float(self.total), hands.counts,
                    hands.hard, hands.total, hands.soft, hands.cards, hands.child,
                    hands.longest_first, *self._play_arguments(),
                )  # fmt: skip
                self.dealer.played[key] = found
            self._arrays = found
        return self._arrays

    def _all_values(self) -> tuple[list[float], list[float], list[float]]:
        """Playing on, hitting and doubling every hand (each a list by hand index)."""
        if self._values is None:
            play, hit, double = self.value_arrays()
            self._values = (play.tolist(), hit.tolist(), double.tolist())
        return self._values

    def stand_array(self) -> np.ndarray:
        """Standing on every hand, as an array by hand index."""
        return self._standing()[0]

    # -- the hands -----------------------------------------------------------------------------

    def _stand(self, hand: int) -> float:
        """Joint EV of standing, per unit staked, exact over the dealer's outcomes with the
        hand's cards out of the shoe."""
        return self._standing()[1][self._index[hand]]

    def _can_hit(self, hand: int) -> bool:
        """Whether the player may draw: the table allows it
        (:mod:`trainer.engine.rulebook.legality`), the hand is below 21 (the round ends it there)
        and not a total the advice stands on."""
        total, _, _, cards = INFO[hand]
        if total >= 21 or total in self.stand_on:
            return False
        return self._may_draw[cards]

    def _play(self, hand: int) -> float:
        """Joint EV of a hand played on optimally (hit or stand), per unit staked (a hard 11
        or less always hits: it cannot bust and never does worse than standing)."""
        return self._all_values()[0][self._index[hand]]

    def _policy_hits(self, soft: bool, total: int) -> bool:
        """Whether the chart's code for this total says hit (when doubling is not possible)."""
        code = (self.policy or {}).get((soft, total), "H")
        return code[-1] == "H" if "/" in code else code == "H"

    def _hit(self, hand: int) -> float:
        """Joint EV of taking one card and then playing on optimally."""
        return self._all_values()[1][self._index[hand]]

    def _double(self, hand: int) -> float:
        """Joint EV of doubling: twice the stake, one card, stand."""
        return self._all_values()[2][self._index[hand]]

    def _may_double(self, hand: int, *, split: bool = False, split_ace: bool = False) -> bool:
        total, _, soft, cards = INFO[hand]
        reason = why_not_double(self.rules, cards, total, soft, split=split, split_ace=split_ace)
        return reason is None

    def weight_factor(self, hand: tuple[int, ...]) -> float:
        """The weight a hand's reported EV carries when averaging EVs over hands of a chart cell
        (``P(no natural)`` where EVs are conditional on it)."""
        return self.no_natural(hand) if self.rules.hole_card == "peek" else 1.0

    def multi_card(self, hand: tuple[int, ...]) -> dict[Action, float]:
        """Stand and hit EVs of a hand of three or more cards, reported like :meth:`initial`."""
        scale = 1.0
        shift = 0.0
        no_natural = self.no_natural(hand)
        packed = encode(hand)
        if self.rules.hole_card == "peek":
            scale = 1.0 / no_natural
        elif self.peek_like:
            shift = -(1.0 - no_natural) * self.payouts.collects
        evs = {Action.STAND: self._stand(packed) * scale + shift}
        if self._can_hit(packed):
            evs[Action.HIT] = self._hit(packed) * scale + shift
        return evs


def _f(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]
