"""Settling a hand: every payout of the source texts, from tests/data/settlement_cases.json.

Each case names the source text line (or RULES.md interpretation) its answer comes from.
"""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.engine.play.settlement import (
    Bonus,
    Outcome,
    bonus_of,
    hand_total,
    insurance_net,
    is_natural,
    settle_hand,
)
from trainer.engine.rulebook.rules import find_preset

DATA = json.loads((Path(__file__).parent.parent / "data" / "settlement_cases.json").read_text())
CASES = DATA["cases"]


def case_id(case):
    return f"{case['preset']}:{case['hand']}v{case['dealer']}:{case['outcome']}"


@pytest.mark.parametrize("case", CASES, ids=[case_id(case) for case in CASES])
def test_settlement_case(case):
    rules = find_preset(case["preset"]).replace(**case.get("rules", {}))
    flags = dict(case.get("flags", {}))
    if "original" in flags:
        flags["original"] = Fraction(flags["original"])
    settled = settle_hand(
        rules,
        Hand.parse(case["hand"]).cards,
        Hand.parse(case["dealer"]).cards,
        Fraction(case["stake"]),
        **flags,
    )
    assert settled.outcome is Outcome(case["outcome"]), case["source"]
    assert settled.net == Fraction(case["net"]), case["source"]
    assert type(settled.net) is Fraction
    expected_bonus = Bonus(case["bonus"]) if case["bonus"] else None
    assert settled.bonus is expected_bonus, case["source"]


def test_every_outcome_and_bonus_is_covered():
    assert {case["outcome"] for case in CASES} >= {o.value for o in Outcome} - {"withdrawn"}
    assert {case["bonus"] for case in CASES} >= {b.value for b in Bonus}
    assert {case["preset"] for case in CASES} >= {
        "permanent-bank",
        "twenty-one-club",
        "twenty-one-home",
        "casino-boxes",
        "russian-bank",
    }


@pytest.mark.parametrize(
    ("cards", "total", "natural"),
    [("AK", 21, True), ("KA", 21, True), ("AA", 12, False), ("A6A", 18, False), ("T6K", 26, False)],
)
def test_totals_and_naturals(cards, total, natural):
    hand = Hand.parse(cards).cards
    assert hand_total(hand) == total == Hand.parse(cards).total
    assert is_natural(hand) is natural
    assert is_natural(hand, split=True) is False


def test_bonus_needs_the_rules_to_pay_it():
    club = find_preset("twenty-one-club")
    assert bonus_of(club, Hand.parse("777").cards) is Bonus.SEVEN_SEVEN_SEVEN
    assert bonus_of(find_preset("vegas-6d-s17"), Hand.parse("777").cards) is None
    assert bonus_of(club, Hand.parse("7T4").cards) is None
    assert Bonus.FIVE_CARD_21.pays(club) == 2
    assert Bonus.SIX_CARD_21.pays(club) == 3


def test_insurance_pays_two_to_one():
    assert insurance_net(Fraction(5), True) == 10
    assert insurance_net(Fraction(5), False) == -5


@pytest.mark.parametrize(
    ("cards", "dealer", "stake", "words"),
    [
        ("A", "T9", 10, "two cards"),
        ("AK", "", 10, "no cards"),
        ("AK", "T9", 0, "positive amount"),
        ("AK", "T9", -5, "positive amount"),
        ("AK", "T9", True, "positive amount"),
        ("AK", "T9", 2.5, "positive amount"),
    ],
)
def test_bad_input_is_refused(cards, dealer, stake, words):
    dealer_cards = Hand.parse(dealer).cards if dealer else ()
    with pytest.raises(ValueError, match=words):
        settle_hand(find_preset("vegas-6d-s17"), Hand.parse(cards).cards, dealer_cards, stake)


def test_a_negative_original_bet_is_refused():
    with pytest.raises(ValueError, match="original bet"):
        settle_hand(
            find_preset("casino-boxes"),
            (Card.parse("8"), Card.parse("9")),
            (Card.parse("T"), Card.parse("A")),
            10,
            original=-1,
        )


@pytest.mark.parametrize(
    ("preset", "hand", "dealer", "words"),
    [
        ("vegas-6d-s17", "AK", "T9", "a natural pays 3:2"),
        ("twenty-one-home", "T8", "AK", "the dealer's natural wins"),
        ("twenty-one-club", "23457", "T9", "a 21 with five cards pays 2:1"),
        ("russian-bank", "T8", "T6K", "a busted dealer pays 2:1"),
        ("russian-bank", "AK", "AT", "the banker's dealt 21 takes every stake"),
        ("twenty-one-home", "T8", "T8", "a tie goes to the dealer"),
        ("vegas-6d-s17", "T8", "T8", "equal totals push"),
        ("vegas-6d-s17", "T6K", "T7", "busts loses at once"),
    ],
)
def test_a_settlement_says_which_rule_decided_it(preset, hand, dealer, words):
    settled = settle_hand(
        find_preset(preset), Hand.parse(hand).cards, Hand.parse(dealer).cards, Fraction(10)
    )
    assert words in settled.why
    assert "_" not in settled.why, "no engine field names in the words"
