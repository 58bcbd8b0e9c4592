"""The shoe: shuffle, cut card, burn (and 002's ace rule), dealing, discards, conservation."""

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.deck.cards import Card, pack
from trainer.engine.deck.shoe import (
    CardConservationError,
    InvalidDiscardError,
    Shoe,
    ShoeExhaustedError,
    StackedShoeError,
)
from trainer.engine.rulebook.rules import Rules, find_preset

SIX_DECKS = find_preset("vegas-6d-s17")


def deal_all(shoe: Shoe) -> list[Card]:
    cards = []
    while not shoe.cut_card_out:
        cards.append(shoe.draw())
    return cards


def test_a_new_shoe_holds_the_whole_pack_minus_the_burn():
    shoe = Shoe(SIX_DECKS, random.Random(1))
    assert shoe.size == 312
    assert len(shoe.burned) == SIX_DECKS.burn_cards == 1
    assert shoe.cards_remaining == 311
    assert Counter(shoe.undealt() + shoe.burned) == Counter(pack(6))
    shoe.check_conservation([])


def test_shuffle_changes_the_order():
    shoe = Shoe(SIX_DECKS, random.Random(1))
    assert list(shoe.undealt()) != pack(6)[1:]


def test_same_seed_same_cards():
    a = Shoe(SIX_DECKS, random.Random(42))
    b = Shoe(SIX_DECKS, random.Random(42))
    c = Shoe(SIX_DECKS, random.Random(43))
    assert a.burned == b.burned
    assert a.draw_many(300) == b.draw_many(300)
    assert a.undealt() == b.undealt()
    assert Shoe(SIX_DECKS, random.Random(42)).undealt() != c.undealt()


def test_secure_rng_by_default():
    shoe = Shoe(SIX_DECKS)
    assert isinstance(shoe._rng, random.SystemRandom)
    shoe.check_conservation([])


@pytest.mark.parametrize(
    ("decks", "penetration", "burn", "cut"),
    [
        # Cut card at penetration x pack size counted from the top, the burn card included.
        (6, Fraction(3, 4), 1, 233),
        (6, Fraction(2, 3), 0, 208),
        (2, Fraction(2, 3), 1, 68),
        (1, Fraction(1, 2), 1, 25),
        (8, Fraction(5, 6), 2, 345),
        (2, Fraction(1), 0, 104),  # 000's joker / 004's talia: dealt to the end
        (2, Fraction(1), 1, 103),
    ],
)
def test_cut_position_from_penetration(decks, penetration, burn, cut):
    rules = Rules(decks=decks, penetration=penetration, burn_cards=burn)
    shoe = Shoe(rules, random.Random(5))
    assert shoe.cut_position == cut
    dealt = deal_all(shoe)
    assert len(dealt) == cut
    assert shoe.needs_shuffle
    assert shoe.penetration_reached == Fraction(cut + burn, 52 * decks)


def test_penetration_one_deals_every_card():
    shoe = Shoe(find_preset("russian-bank"), random.Random(3))
    dealt = [shoe.draw() for _ in range(104)]
    assert Counter(dealt) == Counter(pack(2))
    assert shoe.cut_card_out and shoe.needs_shuffle and shoe.cards_remaining == 0


def test_reserve_rule_of_000():
    rules = find_preset("permanent-bank")  # reshuffle before a round when fewer than 15 are left
    shoe = Shoe(rules, random.Random(9))
    shoe.draw_many(104 - 15)
    assert shoe.reserve_ok() and not shoe.needs_shuffle
    shoe.draw()
    assert not shoe.reserve_ok() and shoe.needs_shuffle
    assert not shoe.cut_card_out


def test_ace_may_not_be_burned_in_002():
    rules = find_preset("twenty-one-club")
    assert rules.burn_ace_reshuffles
    seen_reshuffle = False
    for seed in range(60):
        shoe = Shoe(rules, random.Random(seed))
        assert len(shoe.burned) == 1
        assert not shoe.burned[0].is_ace
        shoe.check_conservation([])
        seen_reshuffle = seen_reshuffle or shoe.ace_burn_reshuffles > 0
    # With 8 aces in 104 cards, some of 60 seeds put an ace on top first.
    assert seen_reshuffle


def test_ace_burn_reshuffle_happens_exactly_when_an_ace_comes_first():
    rules = find_preset("twenty-one-club")
    without_rule = rules.replace(burn_ace_reshuffles=False)
    for seed in range(40):
        plain = Shoe(without_rule, random.Random(seed))
        strict = Shoe(rules, random.Random(seed))
        if plain.burned[0].is_ace:
            assert strict.ace_burn_reshuffles >= 1
            assert strict.burned != plain.burned
        else:
            assert strict.ace_burn_reshuffles == 0
            assert strict.burned == plain.burned
            assert strict.undealt() == plain.undealt()


def test_without_the_rule_an_ace_can_be_burned():
    rules = find_preset("vegas-6d-s17")
    burned = {Shoe(rules, random.Random(seed)).burned[0] for seed in range(400)}
    assert any(card.is_ace for card in burned)


def test_shuffle_gathers_discards_but_not_cards_in_play():
    shoe = Shoe(SIX_DECKS, random.Random(2))
    hand = shoe.draw_many(5)
    played = shoe.draw_many(20)
    shoe.discard(played)
    assert shoe.discards == tuple(played)
    assert shoe.in_play_count == 5
    shoe.shuffle()
    assert shoe.discards == ()
    assert shoe.cards_remaining == 312 - 5 - 1
    shoe.check_conservation(hand)
    with pytest.raises(CardConservationError, match="missing"):
        shoe.check_conservation([])


def test_the_tray_holds_the_burn_then_each_discard_as_it_went_in():
    shoe = Shoe(SIX_DECKS, random.Random(3))
    burned = shoe.burned
    first, second = shoe.draw_many(7), shoe.draw_many(12)
    shoe.discard(first)
    shoe.discard([])  # nothing picked up: no layer
    shoe.discard(second)
    assert shoe.tray_layers == (burned, tuple(first), tuple(second))
    assert sum(map(len, shoe.tray_layers)) == len(shoe.discards) + len(shoe.burned) == 20
    shoe.shuffle()
    assert shoe.tray_layers == (shoe.burned,)  # the new burn alone


def test_empty_stack_mid_round_reshuffles_the_discards():
    rules = find_preset("permanent-bank")
    shoe = Shoe(rules, random.Random(4))
    first = shoe.draw_many(100)
    shoe.discard(first)
    hand = shoe.draw_many(6)  # four left in the stack, then the discards come back
    assert shoe.refills == 1
    assert shoe.cards_remaining == 100 - 2
    shoe.check_conservation(hand)


def test_exhausted_when_nothing_to_reshuffle():
    shoe = Shoe(Rules(decks=1, burn_cards=0, penetration=Fraction(1)), random.Random(0))
    hand = shoe.draw_many(52)
    with pytest.raises(ShoeExhaustedError, match="empty"):
        shoe.draw()
    shoe.check_conservation(hand)


def test_discard_refuses_more_than_in_play_and_foreign_cards():
    shoe = Shoe.stacked(SIX_DECKS, ["TH", "6", "A"])
    two = shoe.draw_many(2)
    with pytest.raises(InvalidDiscardError, match="only 2"):
        shoe.discard([*two, Card.parse("A")])
    assert shoe.discards == ()
    with pytest.raises(InvalidDiscardError, match="not a card of"):
        shoe.discard([Card.parse("KS")])
    assert shoe.discards == ()
    shoe.discard(two)
    shoe.check_conservation([])


def test_stacked_shoe_deals_in_order_and_runs_out():
    shoe = Shoe.stacked(SIX_DECKS, ["9", "10", Card.parse("6H"), "A"])
    assert shoe.burned == () and shoe.is_stacked
    assert [str(shoe.draw()) for _ in range(4)] == ["9", "T", "6H", "A"]
    assert shoe.needs_shuffle
    with pytest.raises(ShoeExhaustedError):
        shoe.draw()
    with pytest.raises(StackedShoeError):
        shoe.shuffle()


def test_stacked_shoe_refuses_bad_cards():
    with pytest.raises(ValueError, match="not a card"):
        Shoe.stacked(SIX_DECKS, ["9", "11"])


def test_counts_for_drills():
    shoe = Shoe(SIX_DECKS, random.Random(8))
    start = shoe.composition()
    dealt = shoe.draw_many(78)
    assert shoe.cards_dealt == 78
    assert shoe.cards_remaining == 311 - 78
    assert shoe.decks_remaining == Fraction(233, 52)
    assert shoe.decks_dealt == Fraction(3, 2)
    after = shoe.composition()
    removed = [a - b for a, b in zip(start, after, strict=True)]
    assert sum(after) == shoe.cards_remaining
    assert removed == [sum(1 for c in dealt if c.value == v) for v in range(1, 11)]
    full = [24] * 9 + [96]
    burn = shoe.burned[0].value
    full[burn - 1] -= 1
    assert list(start) == full


# -- conservation over random sequences --------------------------------------------------------

operations = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(1, 30)),
        st.tuples(st.just("discard"), st.integers(0, 30)),
        st.just(("shuffle", 0)),
    ),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["vegas-6d-s17", "permanent-bank", "twenty-one-club", "single-deck"]),
    st.integers(0, 2**32),
    operations,
)
def test_cards_are_conserved(preset, seed, ops):
    shoe = Shoe(find_preset(preset), random.Random(seed))
    in_play: list[Card] = []
    for op, n in ops:
        if op == "draw":
            for _ in range(n):
                try:
                    in_play.append(shoe.draw())
                except ShoeExhaustedError:
                    assert shoe.cards_remaining == 0 and not shoe.discards
                    break
        elif op == "discard":
            gone, in_play = in_play[:n], in_play[n:]
            shoe.discard(gone)
        else:
            shoe.shuffle()
        shoe.check_conservation(in_play)
        assert shoe.in_play_count == len(in_play)
        assert sum(shoe.composition()) == shoe.cards_remaining


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 200))
def test_determinism_by_seed(seed, n):
    def run() -> list[Card]:
        shoe = Shoe(find_preset("permanent-bank"), random.Random(seed))
        out = []
        for i in range(n):
            card = shoe.draw()
            out.append(card)
            if i % 7 == 6:
                shoe.discard(out[-7:])
            if shoe.needs_shuffle and i % 7 == 6:
                shoe.shuffle()
        return out

    assert run() == run()


def test_dealt_cards_in_order_since_the_shuffle():
    shoe = Shoe(SIX_DECKS, random.Random(12))
    order = shoe.undealt()
    first = shoe.draw_many(10)
    assert shoe.dealt() == tuple(first) == order[:10]
    shoe.discard(first)
    shoe.shuffle()
    assert shoe.dealt() == ()
