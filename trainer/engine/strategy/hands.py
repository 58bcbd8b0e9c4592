"""The EVs of unsplit hands against one up card: standing, hitting and doubling, exactly.

A :class:`HandValues` prices every hand that will not split: a hand of three cards or more
(:meth:`HandValues.multi_card`), and a two-card hand's stand, hit and double. That is all a
question after the first decision needs, and what the split hands' walk
(:mod:`~trainer.engine.strategy.split_walk`) builds on; :class:`~trainer.engine.strategy.ev.
UpCardAnalysis` adds splits and the first decision. The definitions are in
:mod:`trainer.engine.strategy.ev`. Hands are encoded as packed counts
(:func:`~trainer.engine.strategy.dealer.encode`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from operator import mul

from trainer.engine.rulebook.legality import why_not_double, why_not_hit
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import (
    BITS,
    BJ,
    BUST,
    MASK,
    ONE,
    DealerProbabilities,
    DealerRule,
    dealer_table,
    encode,
)

__all__ = [
    "INFO",
    "Action",
    "HandValues",
    "Payouts",
    "Tree",
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

    def best(self) -> float:
        """The most any standing hand can be paid, per unit staked."""
        bonuses = (self.five, self.six, self.sevens, self.six_seven_eight)
        return max([1.0, self.bust_pays] + [pay for pay in bonuses if pay is not None])


class Tree:
    """Memoised values of the unsplit hands."""

    __slots__ = ("extra", "extra_cards", "values", "stands")

    def __init__(self) -> None:
        self.extra = 0
        self.extra_cards = 0
        self.values: dict[int, float] = {}
        self.stands: dict[int, float] = {}


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
        dealer: DealerProbabilities | None = None,
    ) -> None:
        """``dealer``: the dealer results of another analysis of the same shoe and up card."""
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
            self.dealer = dealer  # its outcome results are shared (the same shoe and up card)
        else:
            self.dealer = DealerProbabilities(self.table, composition)
        # Where set, every decision after the first follows these chart codes by (soft, total)
        # (total-dependent play) instead of the best play for the exact cards.
        self.policy = policy
        self.split_policy = split_policy
        # "peek-like": a dealer natural is settled before play (or only takes the original bet).
        self.peek_like = rules.hole_card == "peek" or rules.no_hole_card_loses == "original"
        # The value whose presence in the hole makes a natural (-1: none possible).
        self._natural_card = 9 if up == 1 else 0 if up == 10 else -1
        self.payouts = Payouts.of(rules)
        self._limit = rules.max_draws
        # Whether a hand of so many cards may draw (a hand holds fewer than 64 cards).
        self._may_draw = tuple(why_not_hit(rules, cards) is None for cards in range(64))
        # How many cards of each value and up the shoe holds (for the busting cards).
        self._from_value = [sum(composition[v:]) for v in range(11)]
        self._best_pay = self.payouts.best()
        self._pay_vectors: dict[tuple[int, float | None], list[float]] = {}
        self._plain = Tree()

    # -- probabilities -------------------------------------------------------------------------

    def _no_natural(self, removed: int, left: int) -> float:
        card = self._natural_card
        if card < 0 or left <= 0:
            return 1.0
        return 1.0 - (self.composition[card] - count_of(removed, card)) / left

    def no_natural(self, hand: tuple[int, ...]) -> float:
        """P(the dealer has no natural) with the cards ``hand`` (10 counts) out of the shoe."""
        return self._no_natural(encode(hand), self.total - sum(hand))

    # -- payoffs -------------------------------------------------------------------------------

    def _bonus(self, hand: int, cards: int) -> float | None:
        p = self.payouts
        if cards == 3:
            if count_of(hand, 6) == 3:
                return p.sevens
            if count_of(hand, 5) == 1 and count_of(hand, 6) == 1 and count_of(hand, 7) == 1:
                return p.six_seven_eight
            return None
        if cards == 5:
            return p.five
        if cards == 6:
            return p.six
        return None

    def _pay_vector(self, total: int, bonus: float | None) -> list[float]:
        key = (total, bonus)
        vector = self._pay_vectors.get(key)
        if vector is not None:
            return vector
        p = self.payouts
        vector = []
        for outcome in self.table.outcomes:
            if outcome == BJ:
                vector.append(0.0 if self.peek_like else -p.collects)
            elif outcome == BUST:
                vector.append(max(bonus or 1.0, p.bust_pays))
            elif bonus is not None and not (outcome == 21 and p.tie_voids_bonus):
                vector.append(bonus)
            elif total > outcome:
                vector.append(1.0)
            elif total < outcome or p.ties_to_dealer:
                vector.append(-1.0)
            else:
                vector.append(0.0)
        self._pay_vectors[key] = vector
        return vector

    # -- the hands of one tree -----------------------------------------------------------------

    def _stand(self, tree: Tree, hand: int) -> float:
        """Joint EV of standing, per unit staked, exact over the dealer's outcomes with the
        hand's cards out of the shoe."""
        value = tree.stands.get(hand)
        if value is not None:
            return value
        total, _, _, cards = INFO[hand]
        bonus = self._bonus(hand, cards) if total == 21 else None
        stand: float = sum(map(mul, self.dealer.outcomes(hand), self._pay_vector(total, bonus)))
        tree.stands[hand] = stand
        return stand

    def _can_hit(self, hand: int) -> bool:
        """Whether the player may draw: the table allows it
        (:mod:`trainer.engine.rulebook.legality`), the hand is below 21 (the round ends it there)
        and not a total the advice stands on."""
        total, _, _, cards = INFO[hand]
        if total >= 21 or total in self.stand_on:
            return False
        return self._may_draw[cards]

    def _play(self, tree: Tree, hand: int) -> float:
        """Joint EV of a hand played on optimally (hit or stand), per unit staked."""
        value = tree.values.get(hand)
        if value is not None:
            return value
        total, _, soft, _ = INFO[hand]
        can_hit = self._can_hit(hand)
        if can_hit and total <= 11 and not self.stand_on:
            # Hitting a hard 11 or less cannot bust and never does worse than standing (the
            # next card is exchangeable with the dealer's): no need to price the stand.
            value = self._hit(tree, hand)
        elif can_hit and self.policy is not None:
            if self._policy_hits(soft, total):
                value = self._hit(tree, hand)
            else:
                value = self._stand(tree, hand)
        elif can_hit:
            held = not tree.extra and self.dealer.hold(hand)
            value = self._stand(tree, hand)
            if value < self._hit_bound(tree, hand):
                hit = self._hit(tree, hand)
                if hit > value:
                    value = hit
            if held:
                self.dealer.release(hand)
        else:
            value = self._stand(tree, hand)
        tree.values[hand] = value
        return value

    def _policy_hits(self, soft: bool, total: int) -> bool:
        """Whether the chart's code for this total says hit (when doubling is not possible)."""
        code = (self.policy or {}).get((soft, total), "H")
        return code[-1] == "H" if "/" in code else code == "H"

    def _hit(self, tree: Tree, hand: int) -> float:
        """Joint EV of taking one card and then playing on optimally."""
        return self._draw(tree, hand, self._play, tree.values)

    def _draw(
        self,
        tree: Tree,
        hand: int,
        then: Callable[[Tree, int], float],
        memo: dict[int, float],
    ) -> float:
        """Joint EV of one more card and then ``then`` (play on, or stand), whose values by
        hand are memoised in ``memo`` (looked up here first: most are known)."""
        _, hard, _, cards = INFO[hand]
        removed = hand + tree.extra
        left = self.total - cards - tree.extra_cards
        if left <= 0:
            return self._stand(tree, hand)
        held = not tree.extra and self.dealer.hold(removed)
        comp = self.composition
        result = 0.0
        safe = 21 - hard  # cards of value up to this keep the hand alive
        for v in range(min(safe, 10)):
            have = comp[v] - ((removed >> (BITS * v)) & MASK)
            if have > 0:
                child = hand + ONE[v]
                value = memo.get(child)
                result += have * (value if value is not None else then(tree, child))
        if safe < 10:
            result += self._bust_mass(removed, left, safe)
        if held:
            self.dealer.release(removed)
        return result / left

    def _hit_bound(self, tree: Tree, hand: int) -> float:
        """An upper bound on the joint EV of hitting: every card that does not bust pays the
        best any hand can be paid. Where standing beats it, hitting need not be priced."""
        _, hard, _, cards = INFO[hand]
        safe = 21 - hard
        if safe >= 10:
            return float("inf")
        left = self.total - cards
        if left <= 0:
            return float("inf")
        busting = self._from_value[safe] - (hand >> (BITS * safe)) % MASK
        bust = self._bust_mass(hand, left, safe)
        return ((left - busting) * self._best_pay + bust) / left

    def _bust_mass(self, removed: int, left: int, safe: int) -> float:
        """Sum over the busting next cards (values above ``safe``) of count x busted value."""
        # The 6-bit fields from ``safe`` up sum to the shifted int modulo 63 (64 = 1 mod 63).
        total = self._from_value[safe] - (removed >> (BITS * safe)) % MASK
        if total <= 0:
            return 0.0
        if not self.peek_like or self._natural_card < 0 or left <= 1:
            return -float(total)
        card = self._natural_card
        naturals = self.composition[card] - ((removed >> (BITS * card)) & MASK)
        result = -total * (1.0 - naturals / (left - 1))
        if card >= safe and naturals > 0:
            # Drawing the natural card itself leaves one fewer of it for the hole.
            result -= naturals / (left - 1)
        return result

    def _double(self, tree: Tree, hand: int) -> float:
        """Joint EV of doubling: twice the stake, one card, stand."""
        return 2.0 * self._draw(tree, hand, self._stand, tree.stands)

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
        tree = self._plain
        if self.rules.hole_card == "peek":
            scale = 1.0 / no_natural
        elif self.peek_like:
            shift = -(1.0 - no_natural) * self.payouts.collects
        evs = {Action.STAND: self._stand(tree, packed) * scale + shift}
        if self._can_hit(packed):
            evs[Action.HIT] = self._hit(tree, packed) * scale + shift
        return evs


def _f(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]
