"""Each rule the model expresses moves the EVs the way its definition says."""

from __future__ import annotations

import pytest

from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import Action, action_evs

SINGLE = find_preset("single-deck")


def test_no_hole_card_original_bets_only_is_the_peek_game_made_unconditional():
    peek = action_evs(SINGLE, "56v10")
    obo = action_evs(SINGLE.replace(hole_card="none", no_hole_card_loses="original"), "56v10")
    q = 4 / 49  # an ace in the hole: 4 aces among the 49 unseen cards
    for action in (Action.STAND, Action.HIT, Action.DOUBLE):
        assert obo[action] == pytest.approx((1 - q) * peek[action] - q)
    everything = action_evs(SINGLE.replace(hole_card="none"), "56v10")
    # Losing the doubled stake to a natural makes doubling worse than losing the bet only.
    assert everything[Action.DOUBLE] < obo[Action.DOUBLE]


def test_early_surrender_is_priced_on_the_conditional_scale():
    rules = SINGLE.replace(surrender="early")
    evs = action_evs(rules, "T6vA")
    q = 15 / 49  # a ten in the hole
    assert evs[Action.SURRENDER] == pytest.approx((-0.5 + q) / (1 - q))
    assert action_evs(SINGLE.replace(surrender="late"), "T6vA")[Action.SURRENDER] == -0.5
    assert Action.SURRENDER not in action_evs(
        SINGLE.replace(surrender="late", surrender_vs_ace=False), "T6vA"
    )


def test_the_draw_limit_stops_hitting():
    rules = find_preset("russian-bank")
    assert Action.HIT in action_evs(rules, "2223v10")  # three drawn so far: 2 + 1
    assert Action.HIT not in action_evs(rules, "22223v10")  # 2 cards + 3 draws


def test_bonus_hands_pay_for_drawing_to_five_cards():
    plain = action_evs(SINGLE, "2234v10")  # four cards, hard 11: a ten makes a five-card 21
    bonus = action_evs(SINGLE.replace(five_card_21_pays="2"), "2234v10")
    assert bonus[Action.HIT] > plain[Action.HIT] + 0.05
    sevens = action_evs(SINGLE.replace(seven_seven_seven_pays="3"), "77v6")
    assert sevens[Action.HIT] > action_evs(SINGLE, "77v6")[Action.HIT]


def test_ties_to_the_dealer_and_double_pay_on_a_dealer_bust():
    assert (
        action_evs(SINGLE.replace(ties="dealer"), "TTv10")[Action.STAND]
        < action_evs(SINGLE, "TTv10")[Action.STAND]
    )
    busting = action_evs(SINGLE.replace(dealer_bust_pays="2"), "T2v6")
    assert busting[Action.STAND] > action_evs(SINGLE, "T2v6")[Action.STAND] + 0.3


def test_natural_payouts_follow_the_rules():
    q = 15 / 49
    assert action_evs(SINGLE.replace(blackjack_pays="6:5"), "AKvA")[Action.STAND] == (
        pytest.approx((1 - q) * 1.2)
    )
    takes_all = SINGLE.replace(dealer_natural_takes_all=True)
    assert action_evs(takes_all, "AKvA")[Action.STAND] == pytest.approx((1 - q) * 1.5 - q)


def test_double_restrictions():
    nine_eleven = SINGLE.replace(double_on="9-11")
    assert Action.DOUBLE in action_evs(nine_eleven, "54v6")
    assert Action.DOUBLE not in action_evs(nine_eleven, "53v6")
    assert Action.DOUBLE not in action_evs(nine_eleven, "A8v6")  # soft 19, hard 9: not allowed
    assert Action.DOUBLE not in action_evs(SINGLE.replace(double_on="none"), "65v6")


def _dealer_makes_21(left: list[int], total: int, soft: bool, hits_soft_17: bool) -> float:
    """P(the dealer's hand ends on 21), drawing from ``left`` (counts of values 1 to 10), by
    plain enumeration: the independent check of the strategy engine's dealer."""
    best = total + 10 if soft and total + 10 <= 21 else total
    if best > 21:
        return 0.0
    if best >= 17 and not (best == 17 and hits_soft_17 and soft and total + 10 == 17):
        return 1.0 if best == 21 else 0.0
    cards = sum(left)
    chance = 0.0
    for value in range(1, 11):
        if left[value - 1]:
            weight = left[value - 1] / cards
            left[value - 1] -= 1
            chance += weight * _dealer_makes_21(
                left, total + value, soft or value == 1, hits_soft_17
            )
            left[value - 1] += 1
    return chance


def test_a_tie_pays_a_bonus_hand_nothing_unless_the_option_pays_it():
    # 002: the dealer "не платит ничего тому, у кого равное с ним число очков"; the premiums
    # are paid to a winner. A five-card 21 against a ten: the dealer's 21 ties it.
    rules = SINGLE.replace(five_card_21_pays="2")
    tie_nothing = action_evs(rules, "2234Tv10")[Action.STAND]
    tie_paid = action_evs(rules.replace(tie_pays_bonus="true"), "2234Tv10")[Action.STAND]
    assert tie_paid == pytest.approx(2.0)
    left = [4] * 9 + [16]
    for value in (2, 2, 3, 4, 10, 10):  # the hand and the dealer's ten
        left[value - 1] -= 1
    hole = [v for v in range(2, 11) for _ in range(left[v - 1])]  # peeked: no ace in the hole
    p21 = 0.0
    for value in set(hole):
        weight = left[value - 1] / len(hole)
        left[value - 1] -= 1
        p21 += weight * _dealer_makes_21(left, 10 + value, False, SINGLE.dealer_hits_soft_17)
        left[value - 1] += 1
    assert 0.02 < p21 < 0.1
    assert tie_nothing == pytest.approx(2.0 * (1 - p21))
