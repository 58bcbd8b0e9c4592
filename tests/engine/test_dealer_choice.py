"""The learner holding the deal or the bank: the round stops at the dealer's turn, his draws
priced for the bank, and a learner's table of 002 home or 004 dealt by the learner."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.engine.banker.dealer_choice import StandingHand, draw_evs, unseen_values
from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import Action, Phase, Round, WrongPhaseError
from trainer.engine.play.table_game import Ask, InvalidStepError, TableGame, TableSetup
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart

BANK = Rules.parse("russian-bank")
HOME = Rules.parse("twenty-one-home")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def test_a_dealer_who_decides_stops_at_his_turn_and_draws_at_most_three() -> None:
    # Seat: TS 8H (18, stands); banker: 2C 3D, then draws 4S 2H 3C and must stop at three.
    shoe = Shoe.stacked(BANK, cards("TS 2C 8H 3D 4S 2H 3C 9D"))
    round_ = Round(BANK, shoe, seats=1, dealer_decides=True)
    round_.place_bets([5])
    round_.act(Action.STAND)
    assert round_.phase is Phase.DEALER_TURN
    for _ in range(3):
        round_.dealer_act(True)
    assert round_.phase is Phase.DONE  # three drawn: 2 3 4 2 3 = 14, no fourth
    assert round_.dealer_total == 14
    assert round_.settle().seats[0].net == 5  # 18 beats 14
    with pytest.raises(WrongPhaseError, match="only after the players"):
        round_.dealer_act(True)


def test_standing_on_a_total_the_punter_beats_loses_his_stake() -> None:
    # One punter on 18, all cards seen; banker on 17: standing loses 5, exactly.
    hands = [StandingHand(cards("TS 8H"), 0, Fraction(5))]
    dealer = cards("TC 7D")
    evs = draw_evs(BANK, dealer, hands, unseen_values(BANK, [*dealer, *hands[0].shown]))
    assert evs["S"] == -5.0
    # Drawing: a 1 (ace) or a 2 ties or ... beats; a bust pays double (004): worse than -5.
    assert evs["H"] < evs["S"]


def test_drawing_on_a_low_total_is_worth_more_than_standing() -> None:
    hands = [StandingHand(cards("TS 8H"), 0, Fraction(5)), StandingHand(cards("9S 8D"), 0, 5)]
    dealer = cards("2C 3D")
    evs = draw_evs(BANK, dealer, hands, unseen_values(BANK, [*dealer, *cards("TS 8H 9S 8D")]))
    assert evs["S"] == -10.0  # 5 loses to both
    assert evs["H"] > evs["S"]


def test_a_face_down_card_is_weighted_by_the_cards_unseen_and_what_was_shown() -> None:
    # 002 home: a punter shows a ten, one card down. Only one card is left unseen in the pack
    # besides tens: with every ace gone, no natural is hidden, and the ties go to the dealer.
    dealer = cards("TC 9D")
    hand = StandingHand(cards("TH"), 1, Fraction(1))
    unseen = (0, 0, 0, 0, 0, 0, 0, 0, 1, 10)  # one nine, ten tens
    evs = draw_evs(HOME, dealer, [hand], unseen)
    # The hidden card is a nine (1/11: 19 ties, to the dealer) or a ten (20 beats 19).
    assert evs["S"] == pytest.approx((1 / 11) * 1 + (10 / 11) * -1)


def test_a_dealer_at_21_may_not_draw() -> None:
    with pytest.raises(ValueError, match="may not draw"):
        draw_evs(BANK, cards("TC 5D 6H"), [], unseen_values(BANK, []))


def _deal_it(setup: TableSetup) -> tuple[list[str], TableGame, Ask]:
    steps: list[str] = []
    for _ in range(500):
        game = TableGame(setup, chart(setup.rules))
        ask = game.play(steps)
        if ask.kind == "over":
            return steps, game, ask
        if ask.kind == "draw":
            assert ask.round is not None and ask.seat is None
            steps.append("draw" if ask.round.dealer_total < 15 else "stand")
        else:
            steps.append({"deal": "deal", "double": "double 1", "count": "count"}[ask.kind])
    raise AssertionError("the table never ended")


@pytest.mark.parametrize("notation", ["twenty-one-home", "russian-bank decks=1"])
def test_the_learner_deals_a_table_to_its_end(notation: str) -> None:
    setup = TableSetup(Rules.parse(notation), 3, 1, 11, count_checks=False, deals=True)
    steps, game, _ = _deal_it(setup)
    assert game.rounds and all(p.record.dealer == 0 for p in game.rounds)
    assert game.learner_net == sum(p.record.result.bank_net for p in game.rounds)
    assert "draw" in steps or "stand" in steps
    if notation == "twenty-one-home":  # every round asks the double before the second card
        assert steps.count("double 1") == len(game.rounds)
        assert game.table.dealer != 0 or game.table.shoe.refills or game.table.shoe.needs_shuffle
    else:  # the talia: the pack played out, the bank passed left
        assert game.table.dealer == 1
    # The same steps replay the same table.
    again = TableGame(setup, chart(setup.rules))
    assert again.play(steps).kind == "over" and again.learner_net == game.learner_net


def test_a_dealer_step_out_of_place_is_refused() -> None:
    setup = TableSetup(BANK, 2, 1, 5, count_checks=False, deals=True)
    with pytest.raises(InvalidStepError, match="starts with the deal"):
        TableGame(setup, chart(BANK)).play(["bet 5"])


def test_the_house_deals_where_the_players_do_not() -> None:
    from trainer.engine.play.table import InvalidTableError

    with pytest.raises(InvalidTableError, match="only where the players deal"):
        TableSetup(Rules.parse("vegas-6d-s17"), 2, 1, 5, deals=True)
    with pytest.raises(InvalidTableError, match="the learner holds the deal"):
        TableSetup(HOME, 2, 1, 5)
