"""The exact EV of every decision against one dealer up card, for any rules and shoe.

Definitions (all per unit of the initial bet):

- Probabilities are exact over the composition: the shoe without the up card and without every
  card of the player's hand (a hand after hits included). Play after the first decision is
  composition-dependent: each later hit-or-stand is the best one for the exact cards held.
- Peek games (and no-hole-card games where a dealer natural takes the original bet only): EVs
  are conditional on the dealer not having a natural. They are computed as *joint* values
  ``E[net; no dealer natural]`` (a hit card is exchangeable with the hole card, so joint values
  add up over the draws exactly) and divided by ``P(no natural)`` for the initial hand. With the
  original-bet-only rule they are then made unconditional: ``EV + P(natural) * -1``.
- No-hole-card games where a natural takes everything: EVs are unconditional; every stake a hand
  has out (doubles and splits included) loses to a dealer natural.
- Splits (the method of the Wizard of Odds' appendix 9 tables): each split hand is played
  optimally for its own cards with the pair cards removed from the shoe, counting how many pair
  cards have been removed (by resplits) but not the other cards of the other hands. Resplitting
  is taken whenever it is allowed. The EV of the hands is summed over the resplit process, dealt
  hand by hand.
- Early surrender in a peek game is reported on the conditional scale, as the value that compares
  directly with the other actions: ``(-0.5 + q * collects) / (1 - q)``, ``q`` = P(natural).
- Insurance (``"I"``) is the EV of the insurance bet alone (half the bet, paying 2:1);
  even money (``"E"``) is offered on a natural against an ace. Both are unconditional.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from trainer.engine.rules import Rules
from trainer.engine.strategy.dealer import BJ, BUST, DealerProbabilities, DealerRule, dealer_table

__all__ = ["Action", "UpCardAnalysis", "dealer_rule_of"]

_EMPTY = (0,) * 10


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


def _plus(counts: tuple[int, ...], v: int, n: int = 1) -> tuple[int, ...]:
    return counts[:v] + (counts[v] + n,) + counts[v + 1 :]


@lru_cache(maxsize=8192)
def _hand_info(hand: tuple[int, ...]) -> tuple[int, int, bool, int]:
    """(best total, hard total, soft, number of cards) of a hand given as counts."""
    hard = 0
    cards = 0
    for v, n in enumerate(hand):
        hard += (v + 1) * n
        cards += n
    if hand[0] and hard + 10 <= 21:
        return hard + 10, hard, True, cards
    return hard, hard, False, cards


@dataclass(frozen=True)
class _Payouts:
    blackjack: float
    natural_vs_natural: float
    collects: float
    bust_pays: float
    ties_to_dealer: bool
    five: float | None
    six: float | None
    sevens: float | None
    six_seven_eight: float | None


class UpCardAnalysis:
    """EVs of every hand against one up card (1 = ace .. 10) for given rules and shoe.

    ``shoe`` is the composition before the up card is dealt. ``stand_on`` lists best totals on
    which the player never draws (a text's advice, to price it); empty means free choice.
    """

    def __init__(
        self,
        rules: Rules,
        shoe: tuple[int, ...],
        up: int,
        stand_on: frozenset[int] = frozenset(),
    ) -> None:
        if not 1 <= up <= 10:
            raise ValueError(f"up card value must be 1 (ace) to 10, not {up}")
        if shoe[up - 1] < 1:
            raise ValueError("the shoe holds no card of the up card's value")
        self.rules = rules
        self.up = up
        self.stand_on = stand_on
        composition = _plus(shoe, up - 1, -1)
        self.composition = composition
        self.total = sum(composition)
        self.table = dealer_table(up, dealer_rule_of(rules))
        self.dealer = DealerProbabilities(self.table, composition)
        # "peek-like": a dealer natural is settled before play (or only takes the original bet).
        self.peek_like = rules.hole_card == "peek" or rules.no_hole_card_loses == "original"
        self.payouts = _Payouts(
            blackjack=float(rules.blackjack_pays),
            natural_vs_natural=(
                -1.0 if rules.dealer_natural_takes_all or rules.ties == "dealer" else 0.0
            ),
            collects=float(rules.dealer_blackjack_collects),
            bust_pays=float(rules.dealer_bust_pays),
            ties_to_dealer=rules.ties == "dealer",
            five=_f(rules.five_card_21_pays),
            six=_f(rules.six_card_21_pays),
            sevens=_f(rules.seven_seven_seven_pays),
            six_seven_eight=_f(rules.six_seven_eight_pays),
        )
        self._pay_vectors: dict[tuple[int, float | None], list[float]] = {}
        self._values: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
        self._stands: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
        self._split_hand: dict[tuple[int, int, int], float] = {}

    # -- probabilities -------------------------------------------------------------------------

    def no_natural(self, removed: tuple[int, ...]) -> float:
        """P(the dealer has no natural) with ``removed`` out of the shoe."""
        if self.up not in (1, 10):
            return 1.0
        left = self.total - sum(removed)
        if left <= 0:
            return 1.0
        other = 9 if self.up == 1 else 0
        return 1.0 - (self.composition[other] - removed[other]) / left

    def draw_probabilities(self, removed: tuple[int, ...]) -> list[tuple[int, float]]:
        """(value index, probability) of the next card with ``removed`` out."""
        left = self.total - sum(removed)
        if left <= 0:
            return []
        comp = self.composition
        return [(v, (comp[v] - removed[v]) / left) for v in range(10) if comp[v] - removed[v] > 0]

    # -- payoffs -------------------------------------------------------------------------------

    def _bonus(self, hand: tuple[int, ...], cards: int) -> float | None:
        p = self.payouts
        if cards == 3:
            if hand[6] == 3:
                return p.sevens
            if hand[5] == 1 and hand[6] == 1 and hand[7] == 1:
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
            elif bonus is not None and not (outcome == 21 and p.ties_to_dealer):
                vector.append(bonus)
            elif total > outcome:
                vector.append(1.0)
            elif total < outcome or p.ties_to_dealer:
                vector.append(-1.0)
            else:
                vector.append(0.0)
        self._pay_vectors[key] = vector
        return vector

    def _busted(self, removed: tuple[int, ...]) -> float:
        """Joint value of a busted unit stake."""
        return -self.no_natural(removed) if self.peek_like else -1.0

    # -- hands ---------------------------------------------------------------------------------

    def stand(self, hand: tuple[int, ...], removed: tuple[int, ...]) -> float:
        """Joint EV of standing, per unit staked (``removed`` includes the hand's cards)."""
        key = (hand, removed)
        value = self._stands.get(key)
        if value is not None:
            return value
        total, _, _, cards = _hand_info(hand)
        bonus = self._bonus(hand, cards) if total == 21 else None
        probs = self.dealer.outcomes(removed)
        pays = self._pay_vector(total, bonus)
        value = 0.0
        for prob, pay in zip(probs, pays, strict=True):
            value += prob * pay
        self._stands[key] = value
        return value

    def can_hit(self, hand: tuple[int, ...]) -> bool:
        total, _, _, cards = _hand_info(hand)
        if total >= 21 or total in self.stand_on:
            return False
        limit = self.rules.max_draws
        return limit is None or cards - 2 < limit

    def value(self, hand: tuple[int, ...], removed: tuple[int, ...]) -> float:
        """Joint EV of a hand played on optimally (hit or stand), per unit staked."""
        key = (hand, removed)
        value = self._values.get(key)
        if value is not None:
            return value
        total = _hand_info(hand)[0]
        can_hit = self.can_hit(hand)
        if can_hit and total <= 11 and not self.stand_on:
            # Hitting a hard 11 or less cannot bust and never does worse than standing (the
            # next card is exchangeable with the dealer's): no need to price the stand.
            value = self.hit(hand, removed)
        elif can_hit:
            held = self.dealer.hold(removed)
            value = self.stand(hand, removed)
            hit = self.hit(hand, removed)
            if hit > value:
                value = hit
            if held:
                self.dealer.release(removed)
        else:
            value = self.stand(hand, removed)
        self._values[key] = value
        return value

    def hit(self, hand: tuple[int, ...], removed: tuple[int, ...]) -> float:
        """Joint EV of taking one card and then playing on optimally."""
        _, hard, _, _ = _hand_info(hand)
        result = 0.0
        held = self.dealer.hold(removed)
        for v, prob in self.draw_probabilities(removed):
            child_removed = _plus(removed, v)
            if hard + v + 1 > 21:
                result += prob * self._busted(child_removed)
            else:
                result += prob * self.value(_plus(hand, v), child_removed)
        if held:
            self.dealer.release(removed)
        return result

    def double(self, hand: tuple[int, ...], removed: tuple[int, ...]) -> float:
        """Joint EV of doubling: twice the stake, one card, stand."""
        _, hard, _, _ = _hand_info(hand)
        result = 0.0
        held = self.dealer.hold(removed)
        for v, prob in self.draw_probabilities(removed):
            child_removed = _plus(removed, v)
            if hard + v + 1 > 21:
                result += prob * self._busted(child_removed)
            else:
                result += prob * self.stand(_plus(hand, v), child_removed)
        if held:
            self.dealer.release(removed)
        return 2.0 * result

    def may_double(self, hand: tuple[int, ...]) -> bool:
        rules = self.rules
        if rules.double_on == "none":
            return False
        total, _, soft, cards = _hand_info(hand)
        if cards != 2:
            return False
        if rules.max_draws is not None and rules.max_draws < 1:
            return False
        if rules.double_on == "any":
            return True
        allowed = (9, 10, 11) if rules.double_on == "9-11" else (10, 11)
        return not soft and total in allowed

    # -- splits --------------------------------------------------------------------------------

    def split_limit(self, value: int) -> int:
        """How many hands a pair of this value (1..10) may become (1 = no split)."""
        rules = self.rules
        if rules.max_split_hands < 2:
            return 1
        if value == 1 and not rules.resplit_aces:
            return 2
        return rules.max_split_hands

    def _split_hand_value(self, value: int, first: int, pulled: int) -> float:
        """Joint EV of one split hand: pair card ``value`` plus ``first``, ``pulled`` pair cards
        out of the shoe (this hand's own included)."""
        key = (value, first, pulled)
        result = self._split_hand.get(key)
        if result is not None:
            return result
        p, c = value - 1, first - 1
        hand = _plus(_plus(_EMPTY, p), c)
        removed = _plus(hand, p, pulled - 1)
        if value == 1 and self.rules.split_aces_one_card:
            result = self.stand(hand, removed)
        else:
            result = self.value(hand, removed)
            if self.rules.double_after_split and self.may_double(hand):
                doubled = self.double(hand, removed)
                if doubled > result:
                    result = doubled
        self._split_hand[key] = result
        return result

    def split(self, value: int) -> float:
        """Joint EV of splitting a pair of ``value`` (1..10), resplitting whenever allowed."""
        limit = self.split_limit(value)
        p = value - 1
        comp = self.composition
        same_rank_tens = value == 10 and self.rules.split_by == "rank"

        any_card: dict[int, float] = {}
        no_pair: dict[int, float] = {}
        resplit: dict[int, float] = {}

        def prepare(pulled: int) -> None:
            if pulled in any_card:
                return
            left = self.total - pulled
            total = 0.0
            pairs = _plus(_EMPTY, p, pulled)
            held = self.dealer.hold(pairs)
            for v in range(10):
                have = comp[v] - (pulled if v == p else 0)
                if have > 0:
                    total += have / left * self._split_hand_value(value, v + 1, pulled)
            any_card[pulled] = total
            # Ten-values split by rank resplit only on their own rank (ranks taken as even).
            same = max(comp[9] / 4.0 - pulled, 0.0) if same_rank_tens else max(comp[p] - pulled, 0)
            q = same / left
            resplit[pulled] = q
            if held:
                self.dealer.release(pairs)
            if q <= 0.0:
                no_pair[pulled] = total
            elif q < 1.0:
                pair_again = self._split_hand_value(value, value, pulled)
                no_pair[pulled] = (total - q * pair_again) / (1.0 - q)
            else:
                no_pair[pulled] = 0.0

        memo: dict[tuple[int, int, int], float] = {}

        def hands(count: int, pulled: int, open_hands: int) -> float:
            if open_hands == 0:
                return 0.0
            key = (count, pulled, open_hands)
            if key in memo:
                return memo[key]
            prepare(pulled)
            if count >= limit:
                result = open_hands * any_card[pulled]
            else:
                q = resplit[pulled]
                result = (1.0 - q) * (no_pair[pulled] + hands(count, pulled, open_hands - 1))
                if q > 0.0:
                    result += q * hands(count + 1, pulled + 1, open_hands + 1)
            memo[key] = result
            return result

        return hands(2, 2, 2)

    # -- the initial decision ------------------------------------------------------------------

    def may_split(self, a: int, b: int) -> bool:
        return a == b and self.split_limit(a) >= 2

    def may_surrender(self) -> bool:
        rules = self.rules
        if rules.surrender == "none":
            return False
        return self.up != 1 or rules.surrender_vs_ace

    def initial(self, a: int, b: int, *, allow_split: bool = True) -> dict[Action, float]:
        """EVs of every legal action for the two-card hand ``a``, ``b`` (values 1..10).

        Conditional on no dealer natural in peek games, unconditional otherwise; a natural's
        EVs and insurance are unconditional.
        """
        hand = _plus(_plus(_EMPTY, a - 1), b - 1)
        no_natural = self.no_natural(hand)
        q = 1.0 - no_natural
        payouts = self.payouts
        offers_insurance = self.up == 1 and self.rules.insurance
        evs: dict[Action, float] = {}
        if {a, b} == {1, 10}:
            evs[Action.STAND] = no_natural * payouts.blackjack + q * payouts.natural_vs_natural
            if offers_insurance:
                evs[Action.EVEN_MONEY] = 1.0
            return evs
        held = self.dealer.hold(hand)
        joint: dict[Action, float] = {Action.STAND: self.stand(hand, hand)}
        if self.can_hit(hand):
            joint[Action.HIT] = self.hit(hand, hand)
        if self.may_double(hand):
            joint[Action.DOUBLE] = self.double(hand, hand)
        if allow_split and self.may_split(a, b):
            joint[Action.SPLIT] = self.split(a)
        if held:
            self.dealer.release(hand)
        for action, value in joint.items():
            if not self.peek_like:
                evs[action] = value
            elif self.rules.hole_card == "peek":
                evs[action] = value / no_natural
            else:  # no hole card, a natural takes the original bet only
                evs[action] = value - q * payouts.collects
        if self.may_surrender():
            if self.rules.surrender == "early" and self.rules.hole_card == "peek" and q > 0:
                evs[Action.SURRENDER] = (-0.5 + q * payouts.collects) / no_natural
            else:
                evs[Action.SURRENDER] = -0.5
        if offers_insurance:
            evs[Action.INSURANCE] = 0.5 * (3.0 * q - 1.0)
        return evs

    def unconditional(self, a: int, b: int, ev: float) -> float:
        """An initial hand's reported EV made unconditional (dealer naturals included)."""
        if {a, b} == {1, 10} or self.rules.hole_card != "peek":
            return ev
        hand = _plus(_plus(_EMPTY, a - 1), b - 1)
        no_natural = self.no_natural(hand)
        return no_natural * ev - (1.0 - no_natural) * self.payouts.collects

    def weight_factor(self, hand: tuple[int, ...]) -> float:
        """The weight a hand's reported EV carries when averaging EVs over hands of a chart cell
        (``P(no natural)`` where EVs are conditional on it)."""
        return self.no_natural(hand) if self.rules.hole_card == "peek" else 1.0

    def multi_card(self, hand: tuple[int, ...]) -> dict[Action, float]:
        """Stand and hit EVs of a hand of three or more cards, reported like :meth:`initial`."""
        scale = 1.0
        shift = 0.0
        no_natural = self.no_natural(hand)
        if self.rules.hole_card == "peek":
            scale = 1.0 / no_natural
        elif self.peek_like:
            shift = -(1.0 - no_natural) * self.payouts.collects
        evs = {Action.STAND: self.stand(hand, hand) * scale + shift}
        if self.can_hit(hand):
            evs[Action.HIT] = self.hit(hand, hand) * scale + shift
        return evs


def _f(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]
