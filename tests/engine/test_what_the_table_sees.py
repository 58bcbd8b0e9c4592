"""What the players at a table see: face-up and face-down cards by preset, and the burned card.

The texts: 002 (002_377025c94223eb79.txt) deals everyone's first card face down ("крапом
вверх": the back up) and the second face up in deal methods 1 and 3, the players' both cards
face down in method 2; its burned card is shown and put face up under the pack ("предъявить её
и положить крапом вниз под колоду"). 000 deals the players' cards face down and the dealer's
first card up. A casino burns face down, unseen; 000 and 004 name no burn card.
"""

import random

import pytest

from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import DEALER, Phase, Round, WrongPhaseError
from trainer.engine.play.table import InvalidTableError, Table
from trainer.engine.rulebook.rules import find_preset


def cards(text: str) -> list[Card]:
    return [Card.parse(rank) for rank in text.split()]


def home_round(deal: str, seats: int = 2) -> Round:
    rules = find_preset("twenty-one-home")
    return Round(rules, Shoe.stacked(rules, cards(deal)), [10] * seats)


def test_002_method_3_first_cards_are_seen_by_their_holders_only():
    # Seat 1: 9 then 7; seat 2: T then 5; the dealer: 8 (his hole card) then T.
    round_ = home_round("9 T 8 7 5 T")
    assert round_.phase is Phase.DEALER_DOUBLE
    with pytest.raises(WrongPhaseError, match="face-up card comes second"):
        round_.up_card  # noqa: B018 - the dealer has shown nothing yet
    assert round_.seen_by(0) == tuple(cards("9"))  # his own first card, face down
    assert round_.seen_by(None) == ()
    round_.dealer_double(True)
    round_.redouble([False, False])
    assert round_.up_card == Card.parse("T")  # the dealer's second card
    assert round_.dealer_shown == (False, True)
    assert round_.shown(0) == ((False, True),)
    assert round_.seen_by(None) == tuple(cards("7 5 T"))
    assert round_.seen_by(1) == tuple(cards("7 T 5 T"))
    assert round_.seen_by(DEALER) == tuple(cards("7 5 8 T"))
    assert round_.dealer_doubled


def stood_out(deal: str) -> Round:
    """A home round of ``deal`` played out: the dealer does not double, everyone stands."""
    round_ = home_round(deal)
    round_.dealer_double(False)
    while round_.phase is Phase.PLAYER_TURNS:
        round_.act(round_.legal_actions()[1])  # stand
    assert round_.phase is Phase.DONE
    return round_


def test_every_card_is_shown_once_the_round_is_over():
    round_ = stood_out("9 T 8 7 5 T")
    assert sorted(map(str, round_.seen_by(None))) == sorted(["9", "T", "8", "7", "5", "T"])


def test_the_cards_left_face_down_through_the_play_are_known_after_the_round():
    # 002 method 3: what stayed face down until every card was turned at the end (a counting
    # drill draws them as backs, then turns them over).
    round_ = stood_out("9 T 8 7 5 T")
    assert round_.shown(0) == ((True, True),)  # the round is over: all turned
    assert round_.shown_in_play(0) == ((False, True),)  # but the 9 was face down through it
    assert round_.shown_in_play(1) == ((False, True),)
    assert round_.dealer_shown == (True, True)
    assert round_.dealer_shown_in_play == (False, True)  # his hole card, his first


def test_a_table_keeps_the_round_it_just_played():
    rules = find_preset("twenty-one-club")
    table = Table(rules, 2, 1000, Shoe(rules, random.Random(4)))
    assert table.last_round is None
    record = table.play_round([rules.min_bet] * 2)
    assert table.last_round is not None
    assert table.last_round.dealer_cards == record.result.dealer_cards


def test_a_drawn_card_and_a_bust_are_face_up_in_002():
    rules = find_preset("twenty-one-club")
    round_ = Round(rules, Shoe.stacked(rules, cards("4 T 8 7 2 T 9")), [10])
    assert round_.shown(0) == ((False, True),)
    round_.act(round_.legal_actions()[0])  # hit: the 2 comes face up
    assert round_.shown(0) == ((False, True, True),)
    round_.act(round_.legal_actions()[0])  # hit: the T busts 24, and the bust is shown
    assert round_.phase is Phase.DONE


def test_000_shows_the_dealer_first_card_only_and_a_casino_the_players_cards():
    hoyle = find_preset("permanent-bank")
    round_ = Round(hoyle, Shoe.stacked(hoyle, cards("9 T 8 7")), [5])
    assert round_.shown(0) == ((False, False),)
    assert round_.dealer_shown == (True, False)
    assert round_.up_card == Card.parse("T")
    vegas = find_preset("vegas-6d-s17")
    round_ = Round(vegas, Shoe.stacked(vegas, cards("9 T 8 7")), [10])
    assert round_.shown(0) == ((True, True),)
    assert round_.seen_by(None) == tuple(cards("9 8 T"))


@pytest.mark.parametrize(
    ("preset", "seen"),
    [
        ("twenty-one-club", 1),  # 002: shown, face up under the pack
        ("twenty-one-home", 1),
        ("vegas-6d-s17", 0),  # a casino burns face down, unseen
        ("casino-boxes", 0),
        ("permanent-bank", 0),  # 000 names no burn card
        ("russian-bank", 0),  # 004 names none either
    ],
)
def test_the_burned_card_is_seen_only_where_it_is_shown(preset, seen):
    rules = find_preset(preset)
    shoe = Shoe(rules, random.Random(7))
    assert len(shoe.burned) == rules.burn_cards
    assert len(shoe.burned_seen) == seen
    assert shoe.burned_seen == shoe.burned[:seen]
    seats = 3 if rules.table_rotation == "none" else 4
    table = Table(rules, seats, 10**6, shoe)
    table.play_round([rules.min_bet] * len(table.seat_players))
    assert table.seen_since_shuffle == shoe.burned_seen + shoe.dealt()


def test_002_seats_twelve_players_and_refuses_a_thirteenth():
    club = find_preset("twenty-one-club")
    Table(club, 12, 100, Shoe(club, random.Random(1)))
    with pytest.raises(InvalidTableError, match="max_seats: .* at most 12 players"):
        Table(club, 13, 100, Shoe(club, random.Random(1)))
    home = find_preset("twenty-one-home")  # a player deals: thirteen at the table, twelve seats
    Table(home, 13, 100, Shoe(home, random.Random(1)))
    with pytest.raises(InvalidTableError, match="max_seats"):
        Table(home, 14, 100, Shoe(home, random.Random(1)))
