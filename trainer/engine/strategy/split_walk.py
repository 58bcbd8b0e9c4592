"""The walk over one pair's split hands: each hand's EV per level of pair cards out, exactly.

The recursion of :class:`~trainer.engine.strategy.ev.UpCardAnalysis`'s split EVs (the method
and its one approximation are in :mod:`.ev`), written as closures over one forest's constants.
The walk visits some hundreds of hands per pair and up card, about 100,000 for a six-deck chart
(half of its time): looking the shoe, the memos and the rules up once per forest instead of once
per hand, summing each level's cards without a list per card, and working the busting cards'
mass out inline saves about a tenth of a chart's time. The arithmetic is the same, operation
for operation and in the same order, as the step-by-step methods it replaces: every EV is
bit for bit what it was.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import mul, sub
from typing import NamedTuple

from trainer.engine.strategy.dealer import BITS, MASK, ONE
from trainer.engine.strategy.hands import INFO, HandValues

__all__ = ["SplitHands", "SplitWalk", "split_corrections", "split_walk"]

Vector = list[float]  # one value per level: level j has j + 2 pair cards out


class SplitHands:
    """Memoised values of the split hands of one pair value, as vectors over the number of
    pair cards out of the shoe: level ``j`` has ``j + 2`` out (the hand's own included)."""

    __slots__ = ("pair", "levels", "values", "stands", "corrections", "hands", "walk")

    def __init__(self, pair: int, levels: int) -> None:
        self.pair = pair
        self.levels = levels
        self.values: dict[int, list[float]] = {}
        self.stands: dict[int, list[float]] = {}
        self.corrections: dict[tuple[int, int, float | None], list[float]] = {}
        self.hands: dict[int, list[float]] = {}  # by the split hand's second card
        self.walk: SplitWalk | None = None  # the walk over them (made on first use)


def split_corrections(
    analysis: HandValues, forest: SplitHands, anchor: int, total: int, bonus: float | None
) -> list[float]:
    """Per level, what the other pair cards out change of standing on ``total`` (paid
    ``bonus`` where one is due), measured on the two-card ``anchor``: the correction that
    :meth:`~.ev.UpCardAnalysis._split_stand` adds to the unsplit hand's value."""
    key = (anchor, total, bonus)
    corrections = forest.corrections.get(key)
    if corrections is None:
        one = ONE[forest.pair]
        base = analysis.dealer.outcomes(anchor)
        pays = analysis._pay_vector(total, bonus)
        corrections = [
            sum(map(mul, map(sub, analysis.dealer.outcomes(anchor + (j + 1) * one), base), pays))
            for j in range(forest.levels)
        ]
        forest.corrections[key] = corrections
    return corrections


class SplitWalk(NamedTuple):
    """A forest's split hands played on (hit or stand, as the analysis plays), hit once and
    played on, or doubled; each memoised in the forest."""

    play: Callable[[int], Vector]
    hit: Callable[[int], Vector]
    double: Callable[[int], Vector]
    stand: Callable[[int], Vector]


# Long because the closures share the constants bound at its top, which is the point.
def split_walk(analysis: HandValues, forest: SplitHands) -> SplitWalk:
    """The walk over ``forest``'s hands for ``analysis`` (its rules, shoe and policy)."""
    p = forest.pair
    levels = forest.levels
    one_p = ONE[p]
    comp = analysis.composition
    shoe_total = analysis.total
    values = forest.values
    stands = forest.stands
    stand_on = analysis.stand_on
    may_draw = analysis._may_draw
    from_value = analysis._from_value
    best_pay = analysis._best_pay
    policy_hits = analysis._policy_hits if analysis.policy is not None else None
    corrections = forest.corrections
    plain_tree = analysis._plain
    plain_stands = plain_tree.stands  # shared with the analysis this one follows, if any
    plain_stand = analysis._stand
    bonus_of = analysis._bonus
    card = analysis._natural_card  # the hole card that makes a natural (-1: none)
    busts_plainly = not analysis.peek_like or card < 0  # no natural to condition a bust on
    naturals_in_shoe = comp[card] if card >= 0 else 0
    card_shift = BITS * card if card >= 0 else 0

    def stand(hand: int) -> Vector:
        """Standing: the unsplit hand's value plus its anchor's corrections (see
        :meth:`~.ev.UpCardAnalysis._split_stand`)."""
        vector = stands.get(hand)
        if vector is not None:
            return vector
        total, _, _, cards = INFO[hand]
        bonus = bonus_of(hand, cards) if total == 21 else None
        top = ((hand - one_p).bit_length() - 1) // BITS  # the highest value among the others
        anchor = one_p + ONE[top]
        corrected = corrections.get((anchor, total, bonus))
        if corrected is None:
            corrected = split_corrections(analysis, forest, anchor, total, bonus)
        plain = plain_stands.get(hand)
        if plain is None:
            plain = plain_stand(plain_tree, hand)
        vector = [plain + correction for correction in corrected]
        stands[hand] = vector
        return vector

    def bust_mass(removed: int, left: int, safe: int) -> float:
        """As :meth:`~.hands.HandValues._bust_mass` works it out."""
        # The 6-bit fields from ``safe`` up sum to the shifted int modulo 63 (64 = 1 mod 63).
        busting = from_value[safe] - (removed >> (BITS * safe)) % MASK
        if busting <= 0:
            return 0.0
        if busts_plainly or left <= 1:
            return -float(busting)
        naturals = naturals_in_shoe - ((removed >> card_shift) & MASK)
        mass = -busting * (1.0 - naturals / (left - 1))
        if card >= safe and naturals > 0:
            # Drawing the natural card itself leaves one fewer of it for the hole.
            mass -= naturals / (left - 1)
        return mass

    def may_hit(hand: int, hard: int, cards: int, standing: Vector) -> bool:
        """False when standing beats an upper bound on hitting at every level: every card
        that does not bust pays the best any hand can be paid."""
        safe = 21 - hard
        if safe >= 10:
            return True
        shift = BITS * safe
        left = shoe_total - cards
        removed = hand
        for value in standing:
            left -= 1
            removed += one_p
            if left <= 0:
                continue
            busting = from_value[safe] - (removed >> shift) % MASK
            if value < ((left - busting) * best_pay + bust_mass(removed, left, safe)) / left:
                return True
        return False

    def draw(hand: int, then: Callable[[int], Vector], memo: dict[int, Vector]) -> Vector:
        """One more card and then ``then`` (play on, or stand), whose vectors by hand are
        memoised in ``memo`` (looked up here first: most are known)."""
        _, hard, _, cards = INFO[hand]
        left = shoe_total - cards  # before the other pair cards: level j has j + 1 fewer
        safe = 21 - hard
        # Each live card: whether it is a pair card, how many the shoe holds, the longer hand's
        # vector. Summed level by level in the cards' order below (the same additions, in the
        # same order, as a running vector would make, without a list per card).
        cards_drawn = []
        for v in range(min(safe, 10)):
            have = comp[v] - ((hand >> (BITS * v)) & MASK)
            if have <= 0 or (v == p and have <= 1):
                continue
            child = hand + ONE[v]
            cards_drawn.append((v == p, have, memo.get(child) or then(child)))
        result = []
        removed = hand
        for j in range(levels):
            removed += one_p
            cards_left = left - j - 1
            if cards_left <= 0:
                result.append(stand(hand)[j])
                continue
            total = 0.0
            for is_pair, have, child_values in cards_drawn:
                if not is_pair:
                    total += have * child_values[j]
                elif have - j - 1 > 0:  # level j has j + 1 more of them out
                    total += (have - j - 1) * child_values[j]
            if safe < 10:
                total += bust_mass(removed, cards_left, safe)
            result.append(total / cards_left)
        return result

    def play(hand: int) -> Vector:
        vector = values.get(hand)
        if vector is not None:
            return vector
        total, hard, soft, cards = INFO[hand]
        can_hit = total < 21 and total not in stand_on and may_draw[cards]
        if can_hit and total <= 11 and not stand_on:
            # A hard 11 or less never does worse hitting (see HandValues._play).
            vector = draw(hand, play, values)
        elif can_hit and policy_hits is not None:
            vector = draw(hand, play, values) if policy_hits(soft, total) else stand(hand)
        elif can_hit:
            standing = stand(hand)
            if may_hit(hand, hard, cards, standing):
                hitting = draw(hand, play, values)
                vector = [a if a > b else b for a, b in zip(standing, hitting, strict=True)]
            else:
                vector = standing
        else:
            vector = stand(hand)
        values[hand] = vector
        return vector

    def hit(hand: int) -> Vector:
        return draw(hand, play, values)

    def double(hand: int) -> Vector:
        return [2.0 * x for x in draw(hand, stand, stands)]

    return SplitWalk(play, hit, double, stand)
