"""Hands and situations: totals, softness, pairs and the notation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.engine.deck.cards import Card, Rank, Suit
from trainer.engine.deck.hand import Hand, InvalidHandError, Situation

# Totals by the rule of REPLAY.md ("best total of the hand: an ace counts 11 where that does not
# bust it") and RULES.md (faces count ten). Columns: hand, total, soft, bust.
TOTALS = [
    ("A7", 18, True, False),
    ("A6", 17, True, False),
    ("AK", 21, True, False),
    ("AA", 12, True, False),
    ("AAA", 13, True, False),
    ("A9A", 21, True, False),
    ("A5T", 16, False, False),
    ("A7K", 18, False, False),
    ("T65", 21, False, False),
    ("T66", 22, False, True),
    ("KQJ", 30, False, True),
    ("99", 18, False, False),
    ("AAAAAAAAAAA", 21, True, False),
    ("AAAAAAAAAAAA", 12, False, False),
    ("5", 5, False, False),
    ("A", 11, True, False),
    ("T", 10, False, False),
]


cards = st.builds(Card, st.sampled_from(Rank), st.none() | st.sampled_from(Suit))
hands = st.lists(cards, min_size=1, max_size=12).map(Hand.of)


@pytest.mark.parametrize(("text", "total", "soft", "bust"), TOTALS)
def test_totals_and_softness(text, total, soft, bust):
    hand = Hand.parse(text)
    assert hand.total == total
    assert hand.is_soft is soft
    assert hand.is_bust is bust


@pytest.mark.parametrize(
    ("text", "two_card_21", "pair", "value_pair"),
    [
        ("AK", True, False, False),
        ("TA", True, False, False),
        ("A55", False, False, False),
        ("T65", False, False, False),
        ("88", False, True, True),
        ("KK", False, True, True),
        ("KQ", False, False, True),
        ("T J", False, False, True),
        ("AA", False, True, True),
        ("888", False, False, False),
        ("8", False, False, False),
    ],
)
def test_naturals_and_pairs(text, two_card_21, pair, value_pair):
    hand = Hand.parse(text)
    assert hand.is_two_card_21 is two_card_21
    assert hand.is_pair is pair
    assert hand.is_value_pair is value_pair


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A7", "A7"),
        ("T65", "T65"),
        ("10 6 5", "T65"),
        ("10,6,5", "T65"),
        ("t-6-5", "T65"),
        ("AS KD", "AS KD"),
        ("ASKD", "AS KD"),
        ("as kd", "AS KD"),
        ("10H10D", "TH TD"),
        ("1010", "TT"),
    ],
)
def test_parse_spellings(text, expected):
    assert str(Hand.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "  ", "A1", "A7X", "ZZ", "A7v6", "A 1 7"])
def test_parse_refuses_bad_hands(text):
    with pytest.raises(InvalidHandError, match="not a hand"):
        Hand.parse(text)


def test_hand_checks_its_cards():
    with pytest.raises(InvalidHandError, match="cards"):
        Hand(("A", "7"))  # type: ignore[arg-type]


def test_repr_is_the_parse_call():
    assert repr(Hand.parse("10 6 5")) == "Hand.parse('T65')"
    assert repr(Situation.parse("A7v6")) == "Situation.parse('A7v6')"


def test_add_returns_a_new_hand():
    hand = Hand.parse("A6")
    more = hand.add(Card.parse("T"))
    assert str(hand) == "A6" and hand.total == 17 and hand.is_soft
    assert str(more) == "A6T" and more.total == 17 and not more.is_soft


def test_empty_hand():
    hand = Hand()
    assert hand.total == 0 and not hand.is_soft and not hand.is_bust and len(hand) == 0


@given(hands)
def test_hand_notation_round_trips(hand):
    assert Hand.parse(str(hand)) == hand
    assert eval(repr(hand)) == hand


@given(hands)
def test_total_is_the_best_total_that_does_not_bust(hand):
    hard = sum(card.value for card in hand)
    aces = sum(card.is_ace for card in hand)
    # Every way of counting the aces (each 1 or 11); the best is the highest at most 21.
    candidates = [hard + 10 * k for k in range(aces + 1)]
    unbusted = [t for t in candidates if t <= 21]
    expected = max(unbusted) if unbusted else hard
    assert hand.total == expected
    assert hand.is_soft == (expected != hard)
    assert hand.is_bust == (expected > 21)
    assert hand.total >= hand.hard_total


@given(hands, cards)
def test_adding_a_card_never_lowers_the_hard_total(hand, card):
    more = hand.add(card)
    assert more.hard_total == hand.hard_total + card.value
    assert more.cards[:-1] == hand.cards
    if hand.is_bust:
        assert more.is_bust


@given(hands, cards)
def test_situation_round_trips(hand, up):
    situation = Situation(hand, up)
    assert Situation.parse(str(situation)) == situation
    assert eval(repr(situation)) == situation


@pytest.mark.parametrize(
    ("text", "hand", "up"),
    [
        ("A7v6", "A7", "6"),
        ("T6 v A", "T6", "A"),
        ("88 vs T", "88", "T"),
        ("88 VS. 10", "88", "T"),
        ("AS KD v 6H", "AS KD", "6H"),
    ],
)
def test_situation_spellings(text, hand, up):
    situation = Situation.parse(text)
    assert situation.hand == Hand.parse(hand)
    assert situation.up == Card.parse(up)


@pytest.mark.parametrize("text", ["A7", "A7v", "vA", "A7v66", "A7v6v5", "A7vX"])
def test_situation_refuses_bad_text(text):
    with pytest.raises(InvalidHandError):
        Situation.parse(text)
