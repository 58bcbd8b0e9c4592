"""Hypothesis properties of whole rounds, every preset, random legal play on seeded shoes.

- chip conservation: the players' nets sum to minus the bank's; a seat's net is its hands' plus
  its insurance; a box's shares add up to its net;
- card conservation: after every step, every card of the pack is undealt, in play, discarded or
  burned, exactly once; after settlement none is left in play;
- determinism: the same seed and decisions give the same result, and the replay command fed the
  cards dealt and the decisions taken prints byte-identical JSON;
- each hand's settlement is what ``settle_hand`` says for its cards, and its result word agrees
  with the sign of its net.
"""

import json
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.replay import play_scenario, result_to_json
from trainer.engine.play.round import (
    Action,
    IllegalActionError,
    Misdeal,
    Outcome,
    Phase,
    Round,
    RoundResult,
)
from trainer.engine.play.settlement import settle_hand
from trainer.engine.rulebook.rules import PRESETS, Rules

PROPERTY_SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


class RecordingShoe:
    """A shoe that remembers every card it deals, for a replay of the round."""

    def __init__(self, shoe: Shoe) -> None:
        self.shoe = shoe
        self.dealt: list[Card] = []

    def draw(self) -> Card:
        card = self.shoe.draw()
        self.dealt.append(card)
        return card

    def discard(self, cards) -> None:
        self.shoe.discard(cards)


def play(rules: Rules, seed: int, choices: int, bets: list):
    """Play one round with random legal decisions; return the round, the log and the result."""
    shoe = RecordingShoe(Shoe(rules, random.Random(seed)))
    rng = random.Random(choices)
    seats = len(bets)
    log = {"decisions": [[] for _ in range(seats)], "insurance": None}
    round_ = Round(rules, shoe, bets)

    def conserved():
        shoe.shoe.check_conservation(round_.cards_in_play())

    conserved()
    while round_.phase is not Phase.DONE:
        phase = round_.phase
        if phase is Phase.DEALER_DOUBLE:
            log["dealer_doubles"] = rng.random() < 0.5
            round_.dealer_double(log["dealer_doubles"])
        elif phase is Phase.REDOUBLE:
            log["redoubles"] = [rng.random() < 0.5 for _ in range(seats)]
            round_.redouble(log["redoubles"])
        elif phase is Phase.INSURANCE:
            stakes = [rng.choice([0, round_.max_insurance(i)]) for i in range(seats)]
            log["insurance"] = stakes
            round_.insure(stakes)
        elif phase is Phase.EARLY_SURRENDER:
            chosen = [rng.random() < 0.3 for _ in range(seats)]
            for seat, yes in enumerate(chosen):
                if yes:
                    log["decisions"][seat].append("surrender")
            round_.early_surrender(chosen)
        else:
            assert phase is Phase.PLAYER_TURNS
            legal = round_.legal_actions()
            assert legal, "a hand to act always has a legal action"
            action = rng.choice(legal)
            log["decisions"][round_.current_seat].append(action.value)
            round_.act(action)
        conserved()
    result = round_.settle()
    shoe.shoe.check_conservation([])
    return round_, shoe.dealt, log, result


def bets_for(rules: Rules, data, seats: int) -> list:
    # 004 has no table maximum ("Каждый понтер ставит какую ему угодно сумму денег"): max_bet none.
    table_max = rules.max_bet if rules.max_bet is not None else 10**6
    low, high = int(rules.min_bet), int(min(table_max, 500))
    bets = []
    for _ in range(seats):
        if rules.box_bettors > 1 and data.draw(st.booleans()):
            owner = data.draw(st.integers(low, high))
            room = int(table_max) - owner
            if room >= 1:
                bets.append([owner, data.draw(st.integers(1, min(room, 100)))])
                continue
        bets.append(data.draw(st.integers(low, high)))
    return bets


def check_chips(result: RoundResult) -> None:
    assert result.bank_net == -sum(seat.net for seat in result.seats)
    for seat in result.seats:
        assert seat.net == sum(hand.net for hand in seat.hands) + seat.insurance_net
        assert sum(seat.shares) == seat.net
        assert len(seat.shares) == len(seat.stakes)
        for value in (seat.net, seat.insurance_net, *seat.shares, *(h.net for h in seat.hands)):
            assert type(value) is Fraction


def check_hands(rules: Rules, result: RoundResult) -> None:
    for seat in result.seats:
        box = sum(seat.stakes)
        for index, hand in enumerate(seat.hands):
            assert hand.total == hand.hand.total
            if hand.outcome is Outcome.WITHDRAWN:
                assert hand.net == 0
                continue
            original = (box if index == 0 else Fraction(0)) if hand.split else None
            again = settle_hand(
                rules,
                hand.cards,
                result.dealer_cards,
                hand.bet,
                split=hand.split,
                doubled=hand.doubled,
                surrendered=hand.outcome is Outcome.SURRENDER,
                dealer_natural=result.dealer_natural,
                original=original,
            )
            assert (again.outcome, again.net, again.bonus) == (hand.outcome, hand.net, hand.bonus)
            if hand.outcome in (Outcome.WIN, Outcome.BLACKJACK):
                assert hand.net > 0
            elif hand.outcome is Outcome.PUSH:
                assert hand.net == 0
            else:
                assert hand.net < 0
            assert (hand.outcome is Outcome.BUST) == (hand.total > 21)


def scenario_of(rules: Rules, dealt, log, bets) -> dict:
    scenario = {
        "preset": rules.name,
        "cards": [card.label for card in dealt],
        "bets": bets,
        "decisions": log["decisions"],
    }
    if log["insurance"] is not None:
        scenario["insurance"] = [
            int(s) if Fraction(s).denominator == 1 else float(s) for s in log["insurance"]
        ]
    for key in ("dealer_doubles", "redoubles"):
        if key in log:
            scenario[key] = log[key]
    return scenario


@pytest.mark.parametrize("preset", sorted(PRESETS))
@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), data=st.data())
def test_random_rounds_conserve_chips_and_cards_and_replay_exactly(preset, seed, choices, data):
    rules = PRESETS[preset]
    seats = data.draw(st.integers(1, 5))
    bets = bets_for(rules, data, seats)
    round_, dealt, log, result = play(rules, seed, choices, bets)
    check_chips(result)
    check_hands(rules, result)
    assert len(result.seats) == seats

    # determinism: the same seed and decisions give the same result, byte for byte
    again = play(rules, seed, choices, bets)[3]
    first_json = json.dumps(result_to_json(result))
    assert json.dumps(result_to_json(again)) == first_json
    # and the replay command, given the cards dealt and the decisions, prints the same
    assert json.dumps(play_scenario(scenario_of(rules, dealt, log, bets))) == first_json


@pytest.mark.parametrize(
    "options",
    [
        {"surrender": "early"},
        {"hole_card": "none", "no_hole_card_loses": "original"},
        {"resplit_aces": True, "split_aces_one_card": False},
        {"split_deal_order": "both-first", "split_by": "value"},
        {"ties": "dealer", "blackjack_pays": "6:5", "max_draws": 2},
    ],
    ids=lambda options: ",".join(options),
)
@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), seats=st.integers(1, 4))
def test_rule_options_keep_the_invariants(options, seed, choices, seats):
    rules = PRESETS["vegas-6d-s17"].replace(**options)
    bets = [10] * seats
    round_, dealt, log, result = play(rules, seed, choices, bets)
    check_chips(result)
    check_hands(rules, result)
    scenario = scenario_of(rules, dealt, log, bets)
    scenario["preset"] = "vegas-6d-s17"
    scenario["rules"] = {name: value for name, value in options.items()}
    assert play_scenario(scenario) == result_to_json(result)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_an_illegal_action_never_changes_the_round(seed, choices):
    rules = PRESETS["casino-boxes"]
    shoe = Shoe(rules, random.Random(seed))
    rng = random.Random(choices)
    round_ = Round(rules, shoe, [10, 20, 30])
    while round_.phase is not Phase.DONE:
        if round_.phase is Phase.INSURANCE:
            round_.insure([0, 0, 0])
            continue
        legal = round_.legal_actions()
        for action in Action:
            if action in legal:
                continue
            before = (
                round_.current_seat,
                round_.current_hand_index,
                tuple(round_.hands(i) for i in range(3)),
                tuple(round_.stakes(i) for i in range(3)),
                round_.dealer_cards,
                shoe.cards_remaining,
            )
            with pytest.raises(ValueError) as caught:
                round_.act(action)
            assert str(caught.value) == round_.why_illegal(action)
            assert ":" in str(caught.value)  # the message names the rule
            after = (
                round_.current_seat,
                round_.current_hand_index,
                tuple(round_.hands(i) for i in range(3)),
                tuple(round_.stakes(i) for i in range(3)),
                round_.dealer_cards,
                shoe.cards_remaining,
            )
            assert after == before
        round_.act(rng.choice(legal))
    check_chips(round_.settle())


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
    misdeals=st.lists(st.sampled_from([None, *Misdeal]), min_size=1, max_size=5),
    announce=st.booleans(),
)
def test_irregular_rounds_keep_the_invariants(seed, choices, misdeals, announce):
    """000's misdeals and exposed cards, put right at random, never lose a card or a chip."""
    rules = PRESETS["permanent-bank"]
    shoe = Shoe(rules, random.Random(seed))
    rng = random.Random(choices)
    seats = len(misdeals)
    round_ = Round(
        rules,
        shoe,
        [5] * seats,
        misdeals={i: kind for i, kind in enumerate(misdeals) if kind is not None},
        announce_natural=announce,
    )
    exposures = 0
    while round_.phase is not Phase.DONE:
        shoe.check_conservation(round_.cards_in_play())
        phase = round_.phase
        if phase is Phase.IRREGULARITY:
            seat, kind = next(iter(round_.pending_misdeals.items()))
            if kind is Misdeal.EXTRA_CARD:
                round_.keep_cards(seat, tuple(rng.sample(range(3), 2)))
            elif kind is Misdeal.ONE_CARD and rng.random() < 0.5:
                round_.take_missing_card(seat)
            elif kind is Misdeal.FACE_UP and rng.random() < 0.5:
                round_.accept_cards(seat)
            else:
                round_.withdraw_bet(seat)
        elif phase is Phase.EXPOSED_CARD:
            try:
                round_.answer_exposed_card(rng.random() < 0.5)
            except IllegalActionError:
                round_.answer_exposed_card(False)
        elif exposures < 3 and rng.random() < 0.2:
            exposures += 1
            round_.expose_card()
        else:
            round_.act(rng.choice(round_.legal_actions()))
    result = round_.settle()
    shoe.check_conservation([])
    check_chips(result)
    for seat in result.seats:
        for hand in seat.hands:
            if hand.outcome is Outcome.WITHDRAWN:
                assert hand.net == 0
            else:
                assert len(hand.cards) >= 2
