"""The round's API: phases, legal actions, refusals that leave the round unchanged, bets."""

import random
from fractions import Fraction

import pytest

from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import (
    Action,
    BetsClosedError,
    IllegalActionError,
    InvalidBetError,
    Outcome,
    Phase,
    Round,
    WrongPhaseError,
    start_round,
)
from trainer.engine.rulebook.rules import find_preset

H, S, D, P, R = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER
VEGAS = find_preset("vegas-6d-s17")


def stacked(rules, text):
    return Shoe.stacked(rules, text.split())


def cards(text):
    return tuple(Card.parse(card) for card in text.split())


def deal(preset, text, bets=(10,), **options):
    rules = find_preset(preset) if isinstance(preset, str) else preset
    return Round(rules, stacked(rules, text), list(bets), **options)


def snapshot(round_: Round):
    """Everything a refused call must leave as it was."""
    return (
        round_.phase,
        round_.current_seat,
        round_.current_hand_index,
        round_.legal_actions(),
        tuple(round_.hands(i) for i in range(round_.seat_count)),
        tuple(round_.stakes(i) for i in range(round_.seat_count)),
        tuple(round_.bets(i) for i in range(round_.seat_count)),
        tuple(round_.insurance(i) for i in range(round_.seat_count)),
        round_.dealer_cards,
        round_.shoe.cards_remaining,
        len(round_.shoe.discards),
    )


# -- legal actions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "cards", "legal"),
    [
        ("vegas-6d-s17", "8 T 8 7", (H, S, D, P, R)),
        ("vegas-6d-s17", "9 T 7 7", (H, S, D, R)),
        ("casino-boxes", "5 9 5", (H, S, D, P, R)),  # 5-5 splits by value and doubles on 10
        ("casino-boxes", "T 9 6", (H, S, R)),
        ("casino-boxes", "T A 6", (H, S)),  # no surrender against an ace
        ("casino-boxes", "K 9 Q", (H, S, P, R)),  # split by value; 20 cannot double
        ("permanent-bank", "K 9 Q 7", (H, S)),  # split by rank only, no double, no surrender
        ("permanent-bank", "Q 9 Q 7", (H, S, P)),
        ("russian-bank", "8 9 8 7", (H, S)),
        ("single-deck", "6 T 5 7", (H, S, D)),
    ],
)
def test_legal_actions_on_the_first_two_cards(preset, cards, legal):
    round_ = deal(preset, cards)
    if round_.phase is Phase.INSURANCE:
        round_.insure([0])
    assert round_.phase is Phase.PLAYER_TURNS
    assert round_.legal_actions() == legal


def test_after_a_hit_only_hit_and_stand():
    round_ = deal("vegas-6d-s17", "5 T 3 7 2")
    round_.act(H)
    assert round_.current_cards == cards("5 3 2")
    assert round_.legal_actions() == (H, S)


def test_russian_bank_hand_stops_after_three_draws():
    round_ = deal("russian-bank", "2 T 2 7 2 2 2", bets=(10,))
    for _ in range(3):
        round_.act(H)
    assert round_.phase is Phase.DONE
    result = round_.settle()
    assert len(result.seats[0].hands[0].cards) == 5


# -- refusals name the rule and change nothing -------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "cards", "before", "action", "rule"),
    [
        ("casino-boxes", "7 9 5", [], D, "double_on: doubling is allowed on 9, 10 and 11 only"),
        ("vegas-6d-s17", "5 T 3 7 2", [H], D, "double: a hand may double on its first two"),
        ("vegas-6d-s17", "9 T 8 7", [], P, "split_by: only two cards of the same rank"),
        ("vegas-6d-s17", "5 T 3 7 2", [H], R, "surrender: only as the first decision"),
        ("vegas-6d-s17", "8 T 8 7 3 2", [P], R, "surrender: no surrender after a split"),
        ("single-deck", "8 T 8 7 3", [P], D, "double_after_split: no doubling after a split"),
        ("permanent-bank", "8 T 8 7 8 2", [P], P, "max_split_hands: at most 2 hands"),
        ("casino-boxes", "T A 6", [], R, "surrender_vs_ace: no surrender against an ace"),
        ("permanent-bank", "6 T 5 7", [], D, "double_on: this table has no doubling"),
        ("double-deck", "T T 6 7", [], R, "surrender: this table has no surrender"),
        ("russian-bank", "8 T 8 7", [], P, "max_split_hands: this table has no splitting"),
        (VEGAS.replace(resplit_aces=True), "A T A 7 A", [P], H, "split_aces_one_card"),
        (VEGAS.replace(resplit_aces=True), "A T A 7 A", [P], D, "split_aces_one_card"),
    ],
)
def test_an_illegal_action_names_the_rule_and_changes_nothing(preset, cards, before, action, rule):
    round_ = deal(preset, cards)
    if round_.phase is Phase.INSURANCE:
        round_.insure([0])
    for step in before:
        round_.act(step)
    state = snapshot(round_)
    assert action not in round_.legal_actions()
    with pytest.raises(IllegalActionError, match=rule.split(":")[0]) as caught:
        round_.act(action)
    assert rule in str(caught.value)
    assert round_.why_illegal(action) == str(caught.value)
    assert snapshot(round_) == state


def test_a_split_ace_drawing_an_ace_is_done_when_aces_split_once():
    round_ = deal("casino-boxes", "A 7 A A 9 T")
    round_.act(P)
    # the first ace drew an ace: it may not be split again and takes no more cards
    assert round_.phase is Phase.DONE
    assert [str(h) for h in round_.hands(0)] == ["AA", "A9"]


def test_resplit_aces_option_allows_the_second_split():
    rules = VEGAS.replace(resplit_aces=True)
    round_ = deal(rules, "A T A 7 A 9 8 T")
    round_.act(P)
    assert round_.legal_actions() == (S, P)
    round_.act(P)
    result = round_.settle()
    assert [str(h.hand) for h in result.seats[0].hands] == ["A9", "A8", "AT"]
    assert all(hand.outcome is Outcome.WIN for hand in result.seats[0].hands)


def test_acting_out_of_turn_is_refused():
    round_ = deal("vegas-6d-s17", "T A 9 7")
    assert round_.phase is Phase.INSURANCE
    assert round_.legal_actions() == ()
    state = snapshot(round_)
    with pytest.raises(WrongPhaseError, match="not a player's turn"):
        round_.act(S)
    with pytest.raises(WrongPhaseError, match="not over yet"):
        round_.settle()
    assert snapshot(round_) == state


def test_an_unknown_action_is_refused():
    round_ = deal("vegas-6d-s17", "T T 9 7")
    with pytest.raises(IllegalActionError, match="not an action"):
        round_.act("stand")  # type: ignore[arg-type]


# -- bets ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bets", "words"),
    [
        ([4], "min_bet: seat 1 bets 4, below the table minimum of 5"),
        ([1001], "max_bet: seat 1 bets 1001, above the table maximum of 1000"),
        ([10, 0], "seat 2: a stake must be above 0"),
        ([10, -5], "seat 2: a stake must be above 0"),
        ([True], "must be an amount of chips"),
        (["ten"], "must be an amount of chips"),
        ([None], "must be an amount of chips"),
        ([], "at least one seat"),
        ([[10, 5]], "box_bettors: a box takes at most 1 bettor"),
    ],
)
def test_a_bad_bet_is_refused_before_any_card_is_dealt(bets, words):
    shoe = stacked(VEGAS, "T T 9 7")
    with pytest.raises(InvalidBetError) as caught:
        Round(VEGAS, shoe, bets)
    assert words in str(caught.value)
    assert shoe.cards_remaining == 4


def test_bets_may_be_fractions_text_or_decimals():
    round_ = deal("vegas-6d-s17", "A T 9 K 7 8", bets=(Fraction(15, 2), "7.5"))
    assert round_.bets(0) == (Fraction(15, 2),)
    assert round_.bets(1) == (Fraction(15, 2),)


def test_no_bet_change_after_the_deal():
    round_ = deal("vegas-6d-s17", "T T 9 7")
    with pytest.raises(BetsClosedError, match="bets are closed"):
        round_.place_bets([20])
    assert round_.bets(0) == (10,)


def test_bets_are_required_before_the_deal_where_the_rules_say_so():
    with pytest.raises(InvalidBetError, match="bet_after_deal"):
        Round(VEGAS, stacked(VEGAS, "T T 9 7"), seats=1)


def test_russian_bank_stakes_come_after_the_deal():
    rules = find_preset("russian-bank")
    round_ = Round(rules, stacked(rules, "T 9 8 8"), seats=1)
    assert round_.phase is Phase.BETTING
    assert round_.hands(0)[0].total == 18  # the punter sees his cards, then stakes
    with pytest.raises(InvalidBetError, match="min_bet"):
        round_.place_bets([0.5])
    assert round_.phase is Phase.BETTING
    round_.place_bets([25])
    assert round_.phase is Phase.PLAYER_TURNS
    round_.act(S)
    result = round_.settle()
    assert result.seats[0].net == 25
    with pytest.raises(BetsClosedError):
        round_.place_bets([30])


def test_boxes_share_the_result_pro_rata():
    round_ = deal("casino-boxes", "T T 9 8", bets=([30, 20, 10],))
    round_.act(S)
    result = round_.settle()
    seat = result.seats[0]
    assert seat.stakes == (30, 20, 10)
    assert seat.hands[0].bet == 60
    assert seat.net == sum(seat.shares) == 60  # 19 beats the dealer's 18
    assert seat.shares == (30, 20, 10)


def test_box_shares_of_a_doubled_loss_are_exact_fractions():
    round_ = deal("casino-boxes", "6 T 4 9 T", bets=([10, 10, 5],))
    round_.act(D)  # 6-4 doubles and draws the 9: 19; the dealer's second card makes T-T
    result = round_.settle()
    seat = result.seats[0]
    assert seat.hands[0].bet == 50
    assert seat.hands[0].outcome is Outcome.LOSE
    assert seat.shares == (-20, -20, -10)


def test_box_shares_on_a_loss_and_the_owner_insures():
    round_ = deal("casino-boxes", "T A 9 7", bets=([40, 20],))
    # 003: insurance "не превышающую половины суммы всех его ставок": half of the owner's own
    # stakes (40), not half of the box with the co-bettor's 20.
    assert round_.max_insurance(0) == 20
    round_.insure([20])
    round_.act(S)
    result = round_.settle()
    seat = result.seats[0]
    # 19 against A-7 (soft 18): the box wins 60; insurance loses 20, all the owner's
    assert seat.hands[0].net == 60
    assert seat.insurance_net == -20
    assert seat.shares == (40 - 20, 20)
    assert sum(seat.shares) == seat.net == 40


def test_box_total_within_the_table_maximum():
    with pytest.raises(InvalidBetError, match="max_bet"):
        deal("casino-boxes", "T T 9 8", bets=([600, 300, 200],))


# -- the deal and the order of play -------------------------------------------------------------


def test_round_robin_deal_with_a_hole_card():
    round_ = deal("vegas-6d-s17", "2 3 4 5 6 7 8 9", bets=(10, 10, 10))
    assert [str(h[0]) for h in (round_.hands(i) for i in range(3))] == ["26", "37", "48"]
    assert round_.dealer_cards == (Card.parse("5"), Card.parse("9"))


def test_no_hole_card_dealer_second_card_after_the_seats():
    round_ = deal("casino-boxes", "2 3 4 5 6 T 9", bets=(10, 10))
    assert round_.dealer_cards == (Card.parse("4"),)
    assert str(round_.hands(0)[0]) == "25"
    round_.act(S)
    round_.act(S)
    result = round_.settle()
    assert [str(c) for c in result.dealer_cards] == ["4", "T", "9"]


def test_split_deal_order_in_turn_and_both_first():
    cards = "8 T 8 7 3 9 T"
    in_turn = deal(VEGAS.replace(split_deal_order="in-turn"), cards)
    in_turn.act(P)
    assert [str(h) for h in in_turn.hands(0)] == ["83", "8"]
    in_turn.act(H)  # 8-3 draws the 9
    assert [str(h) for h in in_turn.hands(0)] == ["839", "8"]
    both = deal(VEGAS.replace(split_deal_order="both-first"), cards)
    both.act(P)
    assert [str(h) for h in both.hands(0)] == ["83", "89"]


def test_the_dealer_draws_nothing_when_every_hand_is_settled():
    round_ = deal("vegas-6d-s17", "T 6 6 T K 5", bets=(10,))
    round_.act(H)  # 10-6-K: bust
    result = round_.settle()
    assert result.dealer_cards == (Card.parse("6"), Card.parse("T"))
    assert round_.shoe.cards_remaining == 1


def test_the_dealer_plays_for_a_plain_21_but_not_for_a_paid_natural():
    round_ = deal("vegas-6d-s17", "A 6 6 K 5 T T 5", bets=(10, 10))
    # seat 1's natural is paid at once; seat 2's 6-5 doubles to 21: the dealer must still play
    round_.act(D)
    result = round_.settle()
    assert [str(c) for c in result.dealer_cards] == ["6", "T", "5"]
    assert [seat.net for seat in result.seats] == [15, 0]


def test_settle_is_computed_once_and_discards_every_card():
    round_ = deal("vegas-6d-s17", "T T 9 7")
    round_.act(S)
    first = round_.settle()
    assert round_.settle() is first is round_.result
    assert len(round_.shoe.discards) == 4
    round_.shoe.check_conservation([])


def test_start_round_is_the_constructor():
    rules = VEGAS
    round_ = start_round(rules, stacked(rules, "T T 9 7"), [10])
    assert isinstance(round_, Round)
    assert round_.phase is Phase.PLAYER_TURNS


# -- insurance, even money, early surrender, the unannounced natural ------------------------


def test_insurance_is_offered_only_under_an_ace():
    round_ = deal("vegas-6d-s17", "T 9 9 7")
    with pytest.raises(WrongPhaseError, match="up card is an ace"):
        round_.insure([5])
    pb = deal("permanent-bank", "T A 9 7")
    with pytest.raises(WrongPhaseError, match="no insurance"):
        pb.insure([5])


def test_insurance_above_half_the_bet_is_refused_and_changes_nothing():
    round_ = deal("vegas-6d-s17", "T A 9 7")
    state = snapshot(round_)
    with pytest.raises(IllegalActionError, match="0 to 5"):
        round_.insure([6])
    with pytest.raises(IllegalActionError, match="one stake per seat"):
        round_.insure([1, 1])
    assert snapshot(round_) == state


def test_even_money_is_half_the_bet_in_insurance():
    round_ = deal("vegas-6d-s17", "A A K 7", bets=(10,))
    round_.insure([5])
    result = round_.settle()
    assert result.seats[0].net == 10
    assert result.seats[0].hands[0].outcome is Outcome.BLACKJACK


def test_early_surrender_comes_before_the_peek():
    rules = VEGAS.replace(surrender="early")
    round_ = deal(rules, "T T A 6 9 K", bets=(10, 10))
    round_.insure([0, 0])
    assert round_.phase is Phase.EARLY_SURRENDER
    with pytest.raises(IllegalActionError, match="one true/false per seat"):
        round_.early_surrender([True])
    round_.early_surrender([True, False])
    result = round_.settle()
    assert [seat.net for seat in result.seats] == [-5, -10]


def test_an_unannounced_dealer_natural_counts_as_a_plain_21():
    rules = find_preset("permanent-bank")
    shoe = stacked(rules, "A T K K 6 A 5")
    round_ = Round(rules, shoe, [10, 10], announce_natural=False)
    # 000: the dealer did not announce his natural: play goes on and it is an ordinary 21
    assert round_.phase is Phase.PLAYER_TURNS
    assert round_.current_seat == 1  # seat 1's natural asks nothing
    round_.act(H)  # seat 2 holds T-6 and draws the 5: 21
    result = round_.settle()
    assert not result.dealer_natural
    assert result.seats[0].hands[0].outcome is Outcome.BLACKJACK
    assert result.seats[0].net == 15
    assert result.seats[1].hands[0].outcome is Outcome.PUSH


def test_an_announced_dealer_natural_ends_the_round():
    rules = find_preset("permanent-bank")
    round_ = Round(rules, stacked(rules, "A T K K 6 A"), [10, 10])
    assert round_.phase is Phase.DONE
    result = round_.settle()
    assert result.dealer_natural
    assert [seat.net for seat in result.seats] == [0, -10]


def test_the_announcement_matters_only_where_the_rules_say_so():
    round_ = deal("vegas-6d-s17", "9 T 9 A", announce_natural=False)
    assert round_.phase is Phase.DONE
    assert round_.settle().dealer_natural


# -- 002 deal method 3 ------------------------------------------------------------------------


def test_home_method_three_bets_after_the_first_card():
    rules = find_preset("twenty-one-home")
    round_ = Round(rules, stacked(rules, "T 9 T 8"), seats=1)
    assert round_.phase is Phase.BETTING
    assert str(round_.hands(0)[0]) == "T"
    assert round_.dealer_cards == (Card.parse("9"),)
    round_.place_bets([10])
    assert round_.phase is Phase.DEALER_DOUBLE
    with pytest.raises(WrongPhaseError, match="redouble"):
        round_.redouble([True])
    round_.dealer_double(True)
    assert round_.bets(0) == (20,)
    assert round_.phase is Phase.REDOUBLE
    with pytest.raises(IllegalActionError, match="one true/false per seat"):
        round_.redouble([True, True])
    round_.redouble([True])
    assert round_.bets(0) == (40,)
    assert round_.dealer_doubled
    assert str(round_.hands(0)[0]) == "TT"
    round_.act(S)
    assert round_.settle().seats[0].net == 40


def test_rules_are_checked():
    with pytest.raises(TypeError):
        Round("vegas", Shoe.stacked(VEGAS, ["T"]), [10])  # type: ignore[arg-type]


def test_seat_count_must_be_positive():
    rules = find_preset("russian-bank")
    with pytest.raises(ValueError, match="seats"):
        Round(rules, Shoe.stacked(rules, []), seats=0)


def test_settled_results_are_immutable_values():
    def natural():  # the seat's A-K against the dealer's 6-T: paid 3 to 2 at once
        return deal("vegas-6d-s17", "A 6 K T").settle()

    result = natural()
    seat = result.seats[0]
    hand = seat.hands[0]
    assert (hand.outcome, hand.net, str(hand.hand)) == (Outcome.BLACKJACK, 15, "AK")
    assert str(result.dealer_hand) == "6T"
    assert result == natural() and hash(result) == hash(natural())
    with pytest.raises(AttributeError):
        result.bank_net = Fraction(0)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        seat.net = Fraction(0)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        hand.net = Fraction(0)  # type: ignore[misc]


@pytest.mark.parametrize(("preset", "seats"), [("permanent-bank", 20), ("twenty-one-club", 12)])
def test_many_players_at_one_table(preset, seats):
    # 000: 'любое число игроков'; 002: 'От двух до двенадцати'
    rules = find_preset(preset)
    shoe = Shoe(rules, random.Random(seats))
    round_ = Round(rules, shoe, [5] * seats)
    while round_.phase is Phase.PLAYER_TURNS:
        round_.act(H if round_.current_total < 15 else S)
    result = round_.settle()
    assert len(result.seats) == seats
    assert result.bank_net == -sum(seat.net for seat in result.seats)
    shoe.check_conservation([])


def test_a_home_dealer_policy_other_than_17():
    # 002 home: the dealer 'acts as he likes'; dealer_stands_on sets his policy
    rules = find_preset("twenty-one-home").replace(dealer_stands_on=15)
    round_ = Round(rules, stacked(rules, "T T 8 5"), [10], announce_natural=True)
    round_.dealer_double(False)
    round_.act(S)
    result = round_.settle()
    assert result.dealer_total == 15  # stands on 15: T-5 draws nothing
    assert result.seats[0].net == 10


def test_cards_in_play_until_the_round_is_settled():
    round_ = deal("vegas-6d-s17", "T T 9 7")
    assert sorted(map(str, round_.cards_in_play())) == ["7", "9", "T", "T"]
    round_.shoe.check_conservation(round_.cards_in_play())
    round_.act(S)
    round_.settle()
    assert round_.cards_in_play() == []
    round_.shoe.check_conservation(round_.cards_in_play())
