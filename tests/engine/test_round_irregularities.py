"""000's irregularities as engine operations (seeds/000_f1d390320e8700ce.txt, 'Нарушения правил').

- too many cards dealt: the player keeps any two, the rest go to the discards face up;
- a card exposed in the pack or dealt unasked: accepted or refused; refused, the next player to
  draw may take it; refused again, it is discarded;
- one card only: the player takes the bet back or takes the missing card in turn; with a dealer
  natural the bet is withdrawn; no cards at all: the bet is withdrawn;
- a card dealt face up instead of down: accepted, or the bet withdrawn;
- an unannounced dealer natural counts as a plain 21 (tests/engine/test_round.py).
"""

import pytest

from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import (
    Action,
    IllegalActionError,
    Misdeal,
    Outcome,
    Phase,
    Round,
    WrongPhaseError,
)
from trainer.engine.rulebook.rules import find_preset

RULES = find_preset("permanent-bank")
H, S = Action.HIT, Action.STAND


def stacked(text):
    return Shoe.stacked(RULES, text.split())


def cards(text):
    return tuple(Card.parse(card) for card in text.split())


def finish(round_):
    while round_.phase is Phase.PLAYER_TURNS:
        round_.act(S)
    result = round_.settle()
    round_.shoe.check_conservation([])
    return result


def test_too_many_cards_keep_any_two():
    shoe = stacked("2 9 T 7 5 9 8")
    round_ = Round(RULES, shoe, [10, 10], misdeals={0: Misdeal.EXTRA_CARD})
    # seat 1 got 2, 7 and 5; seat 2 got 9, 9; the dealer T, 8
    assert round_.phase is Phase.IRREGULARITY
    assert round_.pending_misdeals == {0: Misdeal.EXTRA_CARD}
    assert round_.hands(0)[0].cards == cards("2 7 5")
    with pytest.raises(WrongPhaseError):
        round_.act(S)
    with pytest.raises(IllegalActionError, match="two different cards"):
        round_.keep_cards(0, (1, 1))
    with pytest.raises(IllegalActionError, match="two different cards"):
        round_.keep_cards(0, (0, 3))
    with pytest.raises(IllegalActionError, match="no extra-card misdeal"):
        round_.keep_cards(1, (0, 1))
    assert round_.phase is Phase.IRREGULARITY
    round_.keep_cards(0, (1, 2))  # keeps 7 and 5; the 2 goes to the discards face up
    assert round_.phase is Phase.PLAYER_TURNS
    assert round_.hands(0)[0].cards == cards("7 5")
    result = finish(round_)
    assert [seat.net for seat in result.seats] == [-10, 0]  # 12 and 9-9 against T-8
    assert Card.parse("2") in round_.shoe.discards


def test_one_card_only_take_the_bet_back():
    round_ = Round(RULES, stacked("6 9 T T 8"), [10, 10], misdeals={0: Misdeal.ONE_CARD})
    assert round_.hands(0)[0].cards == cards("6")
    assert round_.hands(1)[0].cards == cards("9 T")
    round_.withdraw_bet(0)
    result = finish(round_)
    assert result.seats[0].hands[0].outcome is Outcome.WITHDRAWN
    assert result.seats[0].net == 0
    assert result.seats[1].net == 10  # 19 against T-8
    assert result.bank_net == -10


def test_one_card_only_take_the_missing_card_in_turn():
    round_ = Round(RULES, stacked("6 9 T T 8 5"), [10, 10], misdeals={0: Misdeal.ONE_CARD})
    round_.take_missing_card(0)
    # seat 1's turn: the missing card (the 5, after the deal) comes now
    assert round_.current_seat == 0
    assert round_.hands(0)[0].cards == cards("6 5")
    result = finish(round_)
    assert result.seats[0].net == -10  # 11 stands against 18
    assert result.seats[1].net == 10


def test_one_card_only_and_a_dealer_natural_withdraws_the_bet():
    round_ = Round(RULES, stacked("6 9 A T K"), [10, 10], misdeals={0: Misdeal.ONE_CARD})
    round_.take_missing_card(0)
    assert round_.phase is Phase.DONE  # the dealer's natural ends the round at once
    result = finish(round_)
    assert result.dealer_natural
    assert result.seats[0].hands[0].outcome is Outcome.WITHDRAWN
    assert [seat.net for seat in result.seats] == [0, -10]


def test_no_cards_the_bet_is_withdrawn():
    round_ = Round(RULES, stacked("9 T T 8"), [10, 10], misdeals={0: Misdeal.NO_CARDS})
    assert round_.phase is Phase.PLAYER_TURNS  # nothing to decide: the bet comes back
    assert round_.current_seat == 1
    result = finish(round_)
    assert result.seats[0].hands[0].outcome is Outcome.WITHDRAWN
    assert [seat.net for seat in result.seats] == [0, 10]


@pytest.mark.parametrize(("accept", "nets"), [(True, [10]), (False, [0])])
def test_a_card_dealt_face_up_accept_or_withdraw(accept, nets):
    round_ = Round(RULES, stacked("T T 9 8"), [10], misdeals={0: Misdeal.FACE_UP})
    assert round_.pending_misdeals == {0: Misdeal.FACE_UP}
    with pytest.raises(IllegalActionError, match="no extra-card misdeal"):
        round_.keep_cards(0, (0, 1))
    if accept:
        round_.accept_cards(0)
    else:
        round_.withdraw_bet(0)
    assert [seat.net for seat in finish(round_).seats] == nets


def test_an_exposed_card_accepted_is_drawn():
    round_ = Round(RULES, stacked("T 5 9 6 8 T 3"), [10, 10])
    # seat 1: T-6, seat 2: 5-8, dealer 9-T; the 3 is exposed
    card = round_.expose_card()
    assert card == Card.parse("3")
    assert round_.phase is Phase.EXPOSED_CARD
    assert round_.exposed_offered_to == (0, 0)
    with pytest.raises(WrongPhaseError):
        round_.act(H)
    round_.answer_exposed_card(True)
    assert round_.hands(0)[0].cards == cards("T 6 3")
    assert round_.phase is Phase.PLAYER_TURNS


def test_an_exposed_card_refused_goes_to_the_next_player():
    round_ = Round(RULES, stacked("T 5 9 6 8 T 3 9"), [10, 10])
    # seat 1: T-6, seat 2: 5-8, dealer 9-T = 19; the 3 is exposed
    assert round_.expose_card() == Card.parse("3")
    round_.answer_exposed_card(False)
    assert round_.exposed_offered_to == (1, 0)
    round_.answer_exposed_card(True)
    assert round_.hands(1)[0].cards == cards("5 8 3")
    assert round_.current_seat == 0  # seat 1 still to play
    round_.act(S)
    round_.act(H)  # seat 2 draws on from 16: the 9
    result = finish(round_)
    assert result.seats[1].hands[0].cards == cards("5 8 3 9")
    assert [seat.net for seat in result.seats] == [-10, -10]


def test_an_exposed_card_refused_twice_is_discarded():
    round_ = Round(RULES, stacked("T 5 9 6 8 T 3"), [10, 10])
    round_.expose_card()
    round_.answer_exposed_card(False)
    round_.answer_exposed_card(False)
    assert round_.exposed_card is None
    assert round_.phase is Phase.PLAYER_TURNS
    assert round_.hands(0)[0].cards == cards("T 6")
    assert round_.hands(1)[0].cards == cards("5 8")
    finish(round_)
    assert Card.parse("3") in round_.shoe.discards


def test_an_exposed_card_refused_by_the_last_player_is_discarded():
    round_ = Round(RULES, stacked("T 9 6 8 3"), [10])
    round_.expose_card()
    round_.answer_exposed_card(False)  # nobody after seat 1
    assert round_.phase is Phase.PLAYER_TURNS
    finish(round_)
    assert Card.parse("3") in round_.shoe.discards


def test_misdeals_are_checked():
    with pytest.raises(ValueError, match="no seat 3"):
        Round(RULES, stacked("T 9 6 8"), [10], misdeals={3: Misdeal.EXTRA_CARD})
    with pytest.raises(ValueError, match="not a Misdeal"):
        Round(RULES, stacked("T 9 6 8"), [10], misdeals={0: "extra"})  # type: ignore[dict-item]
    round_ = Round(RULES, stacked("T 9 6 8"), [10])
    with pytest.raises(WrongPhaseError, match="before play begins"):
        round_.withdraw_bet(0)
    with pytest.raises(WrongPhaseError, match="no exposed card"):
        round_.answer_exposed_card(True)
