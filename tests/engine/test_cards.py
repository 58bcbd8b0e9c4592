"""Cards: ranks, suits, the notation and the pack."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.engine.deck.cards import (
    RANK_VALUES,
    Card,
    InvalidCardError,
    Rank,
    Suit,
    composition_of,
    pack,
)

# Blackjack values of the ranks (RULES.md: faces count ten, an ace one or eleven; ace = 1 here).
RANK_TABLE = [
    ("2", 2),
    ("3", 3),
    ("4", 4),
    ("5", 5),
    ("6", 6),
    ("7", 7),
    ("8", 8),
    ("9", 9),
    ("T", 10),
    ("J", 10),
    ("Q", 10),
    ("K", 10),
    ("A", 1),
]

cards = st.builds(Card, st.sampled_from(Rank), st.none() | st.sampled_from(Suit))


@pytest.mark.parametrize(("symbol", "value"), RANK_TABLE)
def test_rank_symbols_and_values(symbol, value):
    rank = Rank.parse(symbol)
    assert rank.symbol == symbol
    assert rank.value == value
    assert Card(rank).value == value


def test_thirteen_distinct_ranks():
    # Four ranks share the value ten; none of them may collapse into an alias of another.
    assert len(list(Rank)) == 13
    assert Rank.JACK is not Rank.TEN
    assert Card.parse("J") != Card.parse("T")


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("TH", Rank.TEN, Suit.HEARTS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("10", Rank.TEN, None),
        ("T", Rank.TEN, None),
        ("A", Rank.ACE, None),
        ("qs", Rank.QUEEN, Suit.SPADES),
        ("Kd", Rank.KING, Suit.DIAMONDS),
        ("2c", Rank.TWO, Suit.CLUBS),
        (" 9S ", Rank.NINE, Suit.SPADES),
        ("A♠", Rank.ACE, Suit.SPADES),
    ],
)
def test_parse(text, rank, suit):
    card = Card.parse(text)
    assert card.rank is rank
    assert card.suit is suit


@pytest.mark.parametrize("text", ["", "1", "11", "X", "TX", "AS7", "10HH", "ZH", "0", "AA"])
def test_parse_refuses_what_is_not_one_card(text):
    with pytest.raises(InvalidCardError, match="not a card"):
        Card.parse(text)


def test_parse_refuses_non_text():
    with pytest.raises(InvalidCardError):
        Card.parse(10)  # type: ignore[arg-type]


def test_card_checks_its_fields():
    with pytest.raises(InvalidCardError, match="rank"):
        Card("A")  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError, match="suit"):
        Card(Rank.ACE, "S")  # type: ignore[arg-type]


def test_str_repr_label():
    assert str(Card.parse("th")) == "TH"
    assert repr(Card.parse("10h")) == "Card.parse('TH')"
    assert str(Card.parse("10")) == "T"
    assert Card.parse("TH").label == "10H"
    assert Card.parse("T").label == "10"
    assert Card.parse("AS").label == "AS"


def test_flags():
    assert Card.parse("A").is_ace
    assert not Card.parse("K").is_ace
    assert all(Card.parse(s).is_ten_value for s in "TJQK")
    assert not Card.parse("9").is_ten_value
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red
    assert not Suit.SPADES.is_red and not Suit.CLUBS.is_red


@given(cards)
def test_notation_round_trips(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.label) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card)) == card  # repr is the parse call


@given(cards)
def test_unsuited_keeps_rank(card):
    assert card.unsuited.rank is card.rank
    assert card.unsuited.suit is None


@given(st.integers(min_value=1, max_value=8))
def test_pack_holds_every_card_decks_times(decks):
    cards_ = pack(decks)
    assert len(cards_) == 52 * decks
    counts = Counter(cards_)
    assert len(counts) == 52
    assert set(counts.values()) == {decks}
    assert composition_of(cards_) == tuple(4 * decks for _ in range(9)) + (16 * decks,)


def test_pack_order_is_fixed():
    assert pack(1)[:3] == [Card.parse("2S"), Card.parse("3S"), Card.parse("4S")]
    assert pack(1)[-1] == Card.parse("AC")
    assert pack(2) == pack(1) + pack(1)


@pytest.mark.parametrize("decks", [0, -1, 1.5, True])
def test_pack_refuses_bad_deck_counts(decks):
    with pytest.raises(ValueError, match="decks"):
        pack(decks)


def test_rank_values_index_compositions():
    assert tuple(range(1, 11)) == RANK_VALUES
    assert composition_of([Card.parse("A"), Card.parse("K"), Card.parse("T")]) == (
        1,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        2,
    )
