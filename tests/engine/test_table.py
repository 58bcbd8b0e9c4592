"""A table across rounds: bankrolls, shuffles, chip and card conservation, the deal and the bank."""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import Action, InvalidBetError, Round
from trainer.engine.play.table import (
    InsufficientBankrollError,
    InvalidTableError,
    Table,
    TablePolicy,
)
from trainer.engine.rulebook.rules import PRESETS, find_preset


class DrawTo17(TablePolicy):
    """Hit below 17 where allowed, else stand."""

    def decide(self, round_: Round) -> Action:
        if round_.current_total < 17 and Action.HIT in round_.legal_actions():
            return Action.HIT
        return Action.STAND


class RandomPolicy(TablePolicy):
    """Any legal choice at every step, from a seeded rng."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, round_: Round) -> Action:
        return self.rng.choice(round_.legal_actions())

    def insurance(self, round_: Round, seat: int) -> Fraction:
        return self.rng.choice([Fraction(0), round_.max_insurance(seat)])

    def early_surrender(self, round_: Round, seat: int) -> bool:
        return self.rng.random() < 0.2

    def dealer_doubles(self, round_: Round) -> bool:
        return self.rng.random() < 0.3

    def redouble(self, round_: Round, seat: int) -> bool:
        return self.rng.random() < 0.3


def vegas_table(seed: int, seats: int = 5) -> Table:
    rules = find_preset("vegas-6d-s17")
    return Table(rules, seats, 10_000, Shoe(rules, random.Random(seed)))


def test_rounds_across_shoes_conserve_chips_and_cards():
    table = vegas_table(1)
    shuffles = 0
    for _ in range(60):
        before = table.bankrolls
        record = table.play_round([10] * 5, DrawTo17())
        shuffles += record.shuffled
        changes = [after - was for after, was in zip(record.bankrolls, before, strict=True)]
        assert changes == [seat.net for seat in record.result.seats]
        assert sum(changes) == -record.result.bank_net
        table.check_conservation()
    assert shuffles >= 3  # 6 decks cut at 3/4 last about a dozen rounds of five seats
    assert table.house_net == -(sum(table.bankrolls) - 5 * 10_000)
    assert table.rounds_played == 60 and table.dealer is None


def test_same_seed_same_session():
    def session(seed: int) -> list[tuple[Fraction, ...]]:
        table = vegas_table(seed)
        return [table.play_round([10, 20, 30, 40, 50], DrawTo17()).bankrolls for _ in range(40)]

    assert session(7) == session(7)
    assert session(7) != session(8)


def test_a_bet_above_the_bankroll_is_refused_and_nothing_happens():
    rules = find_preset("vegas-6d-s17")
    shoe = Shoe(rules, random.Random(2))
    table = Table(rules, ["Ann", "Bob"], [100, 20], shoe)
    left = shoe.cards_remaining
    with pytest.raises(InsufficientBankrollError, match="Bob bets 50 with 20"):
        table.play_round([10, 50])
    assert shoe.cards_remaining == left and table.bankrolls == (100, 20)
    assert table.rounds_played == 0
    with pytest.raises(InvalidBetError, match="1 bet for 2 seats"):
        table.play_round([10])
    with pytest.raises(InvalidBetError):
        table.play_round([10, 1])  # below the table minimum of 5
    assert shoe.cards_remaining == left and table.bankrolls == (100, 20)


@pytest.mark.parametrize(
    ("preset", "seats", "bankrolls", "match"),
    [
        ("vegas-6d-s17", 2, [100], "1 bankrolls for 2 players"),
        ("vegas-6d-s17", 1, [-5], "negative"),
        ("twenty-one-home", 1, 100, "2 or more players"),
        ("russian-bank", "ab", 100, "list of names"),
        ("vegas-6d-s17", 2, ["lots", 5], "not an amount"),
    ],
)
def test_bad_tables(preset, seats, bankrolls, match):
    rules = find_preset(preset)
    with pytest.raises(InvalidTableError, match=match):
        Table(rules, seats, bankrolls, Shoe(rules, random.Random(0)))


def test_the_shoe_must_match_the_rules():
    with pytest.raises(InvalidTableError, match="decks"):
        Table(
            find_preset("vegas-6d-s17"), 2, 100, Shoe(find_preset("single-deck"), random.Random(0))
        )


# -- 002 home: a natural takes the deal -----------------------------------------------------------

HOME = find_preset("twenty-one-home")


def home_round(cards: list[str], dealer: int = 0) -> tuple[Table, object]:
    """Four players; the dealer's left is seat 0. Deal method 3: first cards, bets, second cards."""
    table = Table(HOME, ["Ann", "Bob", "Cat", "Dan"], 100, Shoe.stacked(HOME, cards), dealer=dealer)
    record = table.play_round([5, 5, 5], DrawTo17())
    return table, record


def test_a_natural_takes_the_deal_nearest_the_dealers_left_first():
    # Seats: Bob, Cat, Dan (Ann deals). First cards Bob 9, Cat A, Dan A, dealer 8;
    # second cards Bob 7 (16: hits the 5), Cat K, Dan Q, dealer 9.
    table, record = home_round(["9", "A", "A", "8", "7", "K", "Q", "9", "5"])
    assert record.dealer == 0 and record.seat_players == (1, 2, 3)
    assert [seat.hands[0].natural for seat in record.result.seats] == [False, True, True]
    assert record.next_dealer == 2 == table.dealer  # Cat is nearest Ann's left
    assert table.seat_players == (3, 0, 1)  # Dan, Ann, Bob from Cat's left
    # The dealer banks: Ann's bankroll moves by the bank's net.
    assert table.bankroll(0) - 100 == record.result.bank_net
    table.check_conservation()


def test_the_dealers_own_natural_keeps_the_deal():
    # Bob A+K, dealer A+Q: the dealer's natural keeps the deal.
    table, record = home_round(["A", "9", "8", "A", "K", "9", "8", "Q"])
    assert record.result.dealer_natural
    assert record.next_dealer == 0 == table.dealer


def test_no_natural_keeps_the_deal():
    table, record = home_round(["9", "T", "T", "8", "8", "9", "T", "T"], dealer=2)
    assert record.seat_players == (3, 0, 1)
    assert record.next_dealer == 2


# -- 004: the bank passes after the pack ----------------------------------------------------------


def test_the_bank_passes_left_after_the_pack_and_the_right_cuts():
    rules = find_preset("russian-bank")
    table = Table(rules, 5, 1_000, Shoe(rules, random.Random(3)), dealer=1)
    assert table.cut_by == 0  # the punter on the banker's right
    passes = []
    for _ in range(60):
        record = table.play_round([10] * 4, DrawTo17())
        assert record.seat_players == tuple((record.dealer + k) % 5 for k in range(1, 5))
        if record.shuffled:
            assert record.cut_by == (record.dealer - 1) % 5
        if record.next_dealer != record.dealer:
            passes.append(record)
            assert record.next_dealer == (record.dealer + 1) % 5
        table.check_conservation()
    # 104 cards at some 12 cards a round: the bank passes every nine rounds or so.
    assert 4 <= len(passes) <= 9
    assert table.dealer == (1 + len(passes)) % 5


def test_the_bank_passes_only_when_the_pack_is_played_out():
    rules = find_preset("russian-bank")
    shoe = Shoe(rules, random.Random(4))
    table = Table(rules, 3, 1_000, shoe)
    while True:
        before = shoe.shuffles
        record = table.play_round([10, 10], DrawTo17())
        played_out = shoe.shuffles != before or shoe.needs_shuffle
        assert (record.next_dealer != record.dealer) == played_out
        if played_out:
            break
    following = table.play_round([10, 10], DrawTo17())
    assert following.shuffled and following.dealer == 1 and following.cut_by == 0


# -- every preset: conservation under any legal play ---------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(0, 2**32),
    st.integers(2, 6),
    st.integers(1, 12),
)
def test_chips_and_cards_are_conserved_at_every_preset(preset, seed, players, rounds):
    rules = find_preset(preset)
    rng = random.Random(seed)
    table = Table(rules, players, 10**6, Shoe(rules, random.Random(seed)))
    policy = RandomPolicy(rng)
    for _ in range(rounds):
        bets = [rules.min_bet * rng.randint(1, 3) for _ in table.seat_players]
        record = table.play_round(bets, policy)
        assert sum(seat.net for seat in record.result.seats) == -record.result.bank_net
        table.check_conservation()


def test_count_through_a_shoe_at_a_table():
    # What a counting drill does: rounds at a table from the shuffle to the cut card, the
    # running count kept from every card seen; a balanced count of the whole pack is 0.
    from trainer.engine.counting import find_system, running_count
    from trainer.engine.play.table import DrawToPolicy

    rules = find_preset("vegas-6d-s17")
    shoe = Shoe(rules, random.Random(21))
    table = Table(rules, 7, 10_000, shoe)
    hilo = find_system("hi-lo")
    seen = list(shoe.burned)
    while True:
        record = table.play_round([10] * 7, DrawToPolicy())
        if record.shuffled:
            break
        for seat in record.result.seats:
            for hand in seat.hands:
                seen.extend(hand.cards)
        seen.extend(record.result.dealer_cards)
        assert sorted(map(str, seen)) == sorted(map(str, shoe.burned + shoe.dealt()))
        assert running_count(hilo, seen) == -running_count(hilo, shoe.undealt())


def test_shuffle_if_due_lets_a_drill_see_the_shoe_before_the_deal():
    table = vegas_table(5)
    shoe = table.shoe
    while not shoe.needs_shuffle:
        table.play_round([10] * 5)
    # A bet outside the limits is refused before anything moves, the due shuffle included.
    shuffles, left = shoe.shuffles, shoe.cards_remaining
    with pytest.raises(InvalidBetError, match="min_bet and max_bet allow 5 to 1000"):
        table.play_round([10, 10, 10, 10, 2000])
    assert (shoe.shuffles, shoe.cards_remaining) == (shuffles, left)
    assert table.shuffle_if_due() is True
    assert table.shuffle_if_due() is False
    assert shoe.dealt() == () and shoe.cards_remaining == 311
    record = table.play_round([10] * 5)
    assert record.shuffled
    assert not table.play_round([10] * 5).shuffled


def test_money_stays_exact_through_half_chips():
    # Naturals pay 3:2, so a bet of 5 wins 7.5: bankrolls keep the half exactly.
    rules = find_preset("vegas-6d-s17")
    table = Table(rules, 3, "100.5", Shoe(rules, random.Random(9)))
    halves = False
    for _ in range(80):
        record = table.play_round([5, 7, "15/2"], DrawTo17())
        assert all(type(value) is Fraction for value in record.bankrolls + record.bets)
        halves = halves or any(value.denominator == 2 for value in table.bankrolls)
        table.check_conservation()
    assert halves
    assert type(table.house_net) is Fraction and type(table.bankroll(0)) is Fraction
    assert table.house_net == Fraction(3 * 201, 2) - sum(table.bankrolls)


def test_a_player_may_sit_a_round_out():
    table = vegas_table(13, seats=3)
    record = table.play_round([10, None, 10], DrawTo17())
    assert record.seat_players == (0, 2) and len(record.result.seats) == 2
    assert table.bankroll(1) == 10_000
    assert record.bets == (10, 10)
    table.check_conservation()
    with pytest.raises(InvalidBetError, match="at least one player"):
        table.play_round([None, None, None])


def test_a_natural_among_those_betting_takes_the_deal():
    # Ann deals; Bob sits out, so Cat is seat 0: Cat 9/7 (hits the 5), Dan A/K.
    table = Table(
        HOME,
        ["Ann", "Bob", "Cat", "Dan"],
        100,
        Shoe.stacked(HOME, ["9", "A", "8", "7", "K", "9", "5"]),
    )
    record = table.play_round([None, 5, 5], DrawTo17())
    assert record.seat_players == (2, 3)
    assert record.next_dealer == 3 == table.dealer


def test_the_table_records_its_rounds_as_frozen_values():
    rules = find_preset("vegas-6d-s17")

    def first_round():
        table = Table(rules, 2, 1000, Shoe(rules, random.Random(4)))
        return table.play_round([10, 10])

    record = first_round()
    assert record == first_round() and hash(record) == hash(first_round())
    with pytest.raises(AttributeError):
        record.number = 2  # type: ignore[misc]
