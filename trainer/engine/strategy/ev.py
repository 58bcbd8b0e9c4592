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
  hand by hand. One approximation for speed: the dealer's probabilities for a split hand are
  exact for its first two cards and the pair cards out; for its third and later cards the effect
  of the other pair cards is taken as measured on the two-card anchor (pair card, the hand's
  highest other card), a second-order difference (the house edge moves by under 0.001 points
  in one deck, 0.0001 in six).
- Ten-value pairs where pairs split by rank: the four ten ranks are taken as equally many
  (resplitting needs the same rank).
- A player never hits 21 (the round engine ends the hand there); hitting a hard 11 or less is
  never priced against standing, since it cannot do worse (the next card is exchangeable with
  the dealer's cards). The dealer, like the player, draws at most ``max_draws`` cards (004).
- Early surrender in a peek game is reported on the conditional scale, as the value that compares
  directly with the other actions: ``(-0.5 + q * collects) / (1 - q)``, ``q`` = P(natural).
  Without a hole card, early surrender (before the dealer's second card, 003) is ``-0.5`` and a
  late one, void against the dealer's natural, ``-0.5 * (1 - q) - q * collects``.
- Insurance (``"I"``) is the EV of the insurance bet alone (half the bet, paying 2:1);
  even money (``"E"``) is offered on a natural against an ace. Both are unconditional.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from trainer.engine.rulebook.legality import split_limit, why_not_split, why_not_surrender
from trainer.engine.strategy.dealer import ONE
from trainer.engine.strategy.hands import INFO, Action, HandValues, dealer_rule_of
from trainer.engine.strategy.split_walk import SplitHands, SplitWalk, split_walk

__all__ = ["Action", "UpCardAnalysis", "dealer_rule_of"]


class UpCardAnalysis(HandValues):
    """EVs of every hand against one up card (1 = ace .. 10) for given rules and shoe.

    ``shoe`` is the composition before the up card is dealt. ``stand_on`` lists best totals on
    which the player never draws (a text's advice, to price it); empty means free choice.
    ``policy`` makes every later decision follow a chart's codes by (soft, total) instead, and
    ``split_policy`` (where given) a split hand's decision on its first two cards.
    """

    @cached_property
    def _split_hands(self) -> dict[int, SplitHands]:
        """The split hands' values by pair, worked out as they are asked for."""
        return {}

    def following(
        self,
        policy: Mapping[tuple[bool, int], str],
        split_policy: Mapping[tuple[bool, int], str] | None = None,
    ) -> UpCardAnalysis:
        """An analysis of the same shoe and up card whose later decisions follow ``policy``
        (and a split hand's two-card decision ``split_policy``, else ``policy`` too); it shares
        this one's dealer results and standing values (they do not depend on play)."""
        follower = UpCardAnalysis(
            self.rules,
            tuple(n + (1 if v == self.up - 1 else 0) for v, n in enumerate(self.composition)),
            self.up,
            self.stand_on,
            policy=policy,
            split_policy=split_policy,
            dealer=self.dealer,
        )
        return follower

    # -- splits --------------------------------------------------------------------------------

    def split_limit(self, value: int) -> int:
        """How many hands a pair of this value (1..10) may become (1 = no split)."""
        return split_limit(self.rules, value)

    def _split_forest(self, p: int) -> SplitHands:
        forest = self._split_hands.get(p)
        if forest is None:
            forest = SplitHands(p, max(self.split_limit(p + 1) - 1, 1))
            self._split_hands[p] = forest
        return forest

    def _split_hand_value(self, value: int, first: int, pulled: int) -> float:
        """Joint EV of one split hand: pair card ``value`` plus ``first``, ``pulled`` pair cards
        out of the shoe (this hand's own included)."""
        forest = self._split_forest(value - 1)
        vector = forest.hands.get(first)
        if vector is None:
            hand = ONE[value - 1] + ONE[first - 1]
            may_double = self._may_double(hand, split=True, split_ace=value == 1)
            if value == 1 and self.rules.split_aces_one_card:
                vector = self._split_stand(forest, hand)
            elif self.policy is not None:
                vector = self._split_followed(forest, hand, may_double)
            else:
                vector = self._split_play(forest, hand)
                if may_double:
                    doubled = self._split_double(forest, hand)
                    vector = [max(a, b) for a, b in zip(vector, doubled, strict=True)]
            forest.hands[first] = vector
        return vector[pulled - 2]

    def _split_followed(self, forest: SplitHands, hand: int, may_double: bool) -> list[float]:
        """A split hand's two-card decision as the policy says: ``split_policy``'s code where
        one is set, else the later decisions' code for its total (the chart's row)."""
        total, _, soft, cards = INFO[hand]
        code = (self.split_policy or self.policy or {}).get((soft, total), "H")
        if may_double and code.startswith("D"):
            return self._split_double(forest, hand)
        if self.split_policy is None:
            return self._split_play(forest, hand)
        can_hit = total < 21 and total not in self.stand_on and self._may_draw[cards]
        if can_hit and code[-1] == "H":
            return self._split_hit(forest, hand)
        return self._split_stand(forest, hand)

    def _split_stand(self, forest: SplitHands, hand: int) -> list[float]:
        """Joint EV of standing with a split hand, per level.

        The unsplit hand's value plus the effect of the other pair cards measured exactly on
        a two-card anchor, the pair card and the hand's highest other card: exact for two-card
        split hands; for a split hand's third and later cards the other pair cards' effect is
        taken as on the anchor (a second-order difference).
        """
        return self._split_walk(forest).stand(hand)

    def _split_walk(self, forest: SplitHands) -> SplitWalk:
        walk = forest.walk
        if walk is None:
            walk = forest.walk = split_walk(self, forest)
        return walk

    def _split_play(self, forest: SplitHands, hand: int) -> list[float]:
        """Joint EV of a split hand played on (hit or stand, as this analysis plays), per
        level."""
        return self._split_walk(forest).play(hand)

    def _split_double(self, forest: SplitHands, hand: int) -> list[float]:
        return self._split_walk(forest).double(hand)

    def _split_hit(self, forest: SplitHands, hand: int) -> list[float]:
        """Joint EV, per level, of one more card and then playing on."""
        return self._split_walk(forest).hit(hand)

    def split(self, value: int) -> float:
        """Joint EV of splitting a pair of ``value`` (1..10), resplitting whenever allowed."""
        return sum(
            weight * self._split_hand_value(value, first, pulled)
            for (first, pulled), weight in self.split_weights(value).items()
        )

    def split_weights(self, value: int) -> dict[tuple[int, int], float]:
        """Splitting's joint EV as weights on its hands, over the resplit process dealt hand
        by hand: the sum of ``weight`` times the joint EV of a split hand of the pair card and
        ``first``, ``pulled`` pair cards out (a pair card dealt again is resplit where allowed,
        so it weighs nothing there; the same for every analysis of the shoe and up card)."""
        found = self.dealer.split_weights.get(value)
        if found is None:
            found = self.dealer.split_weights[value] = self._split_weights(value)
        return found

    def _split_weights(self, value: int) -> dict[tuple[int, int], float]:
        limit = self.split_limit(value)
        p = value - 1
        comp = self.composition
        same_rank_tens = value == 10 and self.rules.split_by == "rank"
        Weights = dict[tuple[int, int], float]
        any_card: dict[int, Weights] = {}
        no_pair: dict[int, Weights] = {}
        resplit: dict[int, float] = {}

        def prepare(pulled: int) -> None:
            if pulled in any_card:
                return
            left = self.total - pulled
            weights: Weights = {}
            for v in range(10):
                have = comp[v] - (pulled if v == p else 0)
                if have > 0:
                    weights[(v + 1, pulled)] = have / left
            any_card[pulled] = weights
            # Ten-values split by rank resplit only on their own rank (ranks taken as even).
            same = max(comp[9] / 4.0 - pulled, 0.0) if same_rank_tens else max(comp[p] - pulled, 0)
            q = same / left
            resplit[pulled] = q
            if q <= 0.0:
                no_pair[pulled] = weights
            elif q < 1.0:
                again = _combined(weights, {(value, pulled): 1.0}, -q)
                no_pair[pulled] = {key: w / (1.0 - q) for key, w in again.items() if w != 0.0}
            else:
                no_pair[pulled] = {}

        memo: dict[tuple[int, int, int], Weights] = {}

        def hands(count: int, pulled: int, open_hands: int) -> Weights:
            if open_hands == 0:
                return {}
            key = (count, pulled, open_hands)
            if key in memo:
                return memo[key]
            prepare(pulled)
            if count >= limit:
                result = {k: open_hands * w for k, w in any_card[pulled].items()}
            else:
                q = resplit[pulled]
                rest = _combined(no_pair[pulled], hands(count, pulled, open_hands - 1), 1.0)
                result = {k: (1.0 - q) * w for k, w in rest.items()}
                if q > 0.0:
                    result = _combined(result, hands(count + 1, pulled + 1, open_hands + 1), q)
            memo[key] = result
            return result

        return hands(2, 2, 2)

    # -- the initial decision ------------------------------------------------------------------

    def may_split(self, a: int, b: int) -> bool:
        """Whether the pair ``a``, ``b`` may be split (a chart's pair is of one rank)."""
        return why_not_split(self.rules, 2, a, b, same_rank=a == b) is None

    def may_surrender(self) -> bool:
        return why_not_surrender(self.rules, 2, self.up) is None

    def initial(self, a: int, b: int, *, allow_split: bool = True) -> dict[Action, float]:
        """EVs of every legal action for the two-card hand ``a``, ``b`` (values 1..10).

        Conditional on no dealer natural in peek games, unconditional otherwise; a natural's
        EVs and insurance are unconditional.
        """
        hand = ONE[a - 1] + ONE[b - 1]
        no_natural = self._no_natural(hand, self.total - 2)
        q = 1.0 - no_natural
        evs: dict[Action, float] = {}
        if {a, b} == {1, 10}:
            return self.insurance(a, b)
        actions = self.first_actions(a, b, allow_split=allow_split)
        joint: dict[Action, float] = {Action.STAND: self._stand(hand)}
        if Action.HIT in actions:
            joint[Action.HIT] = self._hit(hand)
        if Action.DOUBLE in actions:
            joint[Action.DOUBLE] = self._double(hand)
        if Action.SPLIT in actions:
            joint[Action.SPLIT] = self.split(a)
        for action, value in joint.items():
            if not self.peek_like:
                evs[action] = value
            elif self.rules.hole_card == "peek":
                evs[action] = value / no_natural
            else:  # no hole card, a natural takes the original bet only
                evs[action] = value - q * self.payouts.collects
        if Action.SURRENDER in actions:
            evs[Action.SURRENDER] = self._surrender(q)
        evs.update(self.insurance(a, b))
        return evs

    def first_actions(self, a: int, b: int, *, allow_split: bool = True) -> tuple[Action, ...]:
        """The actions :meth:`initial` prices for the two-card hand ``a``, ``b``, in its order,
        without pricing them (the rules alone: no compiled arithmetic)."""
        if {a, b} == {1, 10}:
            return tuple(self.insurance(a, b))
        hand = ONE[a - 1] + ONE[b - 1]
        allowed = (
            (Action.STAND, True),
            (Action.HIT, self._can_hit(hand)),
            (Action.DOUBLE, self._may_double(hand)),
            (Action.SPLIT, allow_split and self.may_split(a, b)),
            (Action.SURRENDER, self.may_surrender()),
        )
        return tuple(action for action, legal in allowed if legal) + tuple(self.insurance(a, b))

    def insurance(self, a: int, b: int) -> dict[Action, float]:
        """The EVs of :meth:`initial` that need no play worked out, for the two-card hand ``a``,
        ``b``: insurance (or, on a natural, even money and standing) where it is offered, from
        the chance of a natural alone (a fraction of a millisecond, where :meth:`initial` works
        out every play of the hand)."""
        no_natural = self._no_natural(ONE[a - 1] + ONE[b - 1], self.total - 2)
        q = 1.0 - no_natural
        offers_insurance = self.up == 1 and self.rules.insurance
        evs: dict[Action, float] = {}
        if {a, b} == {1, 10}:
            payouts = self.payouts
            evs[Action.STAND] = no_natural * payouts.blackjack + q * payouts.natural_vs_natural
            if offers_insurance:
                evs[Action.EVEN_MONEY] = 1.0
        elif offers_insurance:
            evs[Action.INSURANCE] = 0.5 * (3.0 * q - 1.0)
        return evs

    def _surrender(self, q: float) -> float:
        """The reported EV of surrendering, ``q`` being P(dealer natural) given the hand."""
        rules = self.rules
        if rules.hole_card == "peek":
            if rules.surrender == "early" and q > 0:
                return (-0.5 + q * self.payouts.collects) / (1.0 - q)
            return -0.5
        if rules.surrender == "late":  # void against the natural of the dealer's second card
            return -0.5 * (1.0 - q) - q * self.payouts.collects
        return -0.5  # early: before the dealer's second card, half lost whatever comes

    def played(self, a: int, b: int, action: Action) -> float:
        """The reported EV of one first action on the two-card hand ``a``, ``b`` (hit or split:
        later decisions as this analysis plays them, by ``policy`` where one is set)."""
        hand = ONE[a - 1] + ONE[b - 1]
        if action is Action.HIT:
            joint = self._hit(hand)
        elif action is Action.SPLIT:
            joint = self.split(a)
        else:
            return self.initial(a, b)[action]
        no_natural = self._no_natural(hand, self.total - 2)
        if not self.peek_like:
            return joint
        if self.rules.hole_card == "peek":
            return joint / no_natural
        return joint - (1.0 - no_natural) * self.payouts.collects

    def unconditional(self, a: int, b: int, ev: float) -> float:
        """An initial hand's reported EV made unconditional (dealer naturals included)."""
        if {a, b} == {1, 10} or self.rules.hole_card != "peek":
            return ev
        no_natural = self._no_natural(ONE[a - 1] + ONE[b - 1], self.total - 2)
        return no_natural * ev - (1.0 - no_natural) * self.payouts.collects


def _combined(
    first: dict[tuple[int, int], float], second: dict[tuple[int, int], float], scale: float
) -> dict[tuple[int, int], float]:
    """``first + scale * second``, as weights by key."""
    result = dict(first)
    for key, weight in second.items():
        result[key] = result.get(key, 0.0) + scale * weight
    return result
