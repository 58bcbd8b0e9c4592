"""The dealer's procedure rules of the source texts (trainer/engine/rulebook/procedure.py): the peek
only under a ten or an ace (000), no ace burned (002), what the dealer offers a box (003)."""

from __future__ import annotations

import random

import pytest

from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import Phase, Round
from trainer.engine.rulebook.procedure import Offer, dealer_offers, may_burn, may_look_at_hole_card
from trainer.engine.rulebook.rules import find_preset

BANK = find_preset("permanent-bank")
CLUB = find_preset("twenty-one-club")
BOXES = find_preset("casino-boxes")


@pytest.mark.parametrize(("up", "may"), [(1, True), (10, True), (9, False), (2, False)])
def test_000_the_dealer_looks_only_under_a_ten_a_face_or_an_ace(up: int, may: bool) -> None:
    # "Если показанная карта сдающего оказывается десяткой, фигурой или тузом, он имеет право
    # заглянуть в свою закрытую карту"
    assert may_look_at_hole_card(BANK, up) is may
    assert may_look_at_hole_card(BOXES, up) is False  # no hole card at all


def test_000_a_natural_under_an_ace_ends_the_round_before_anyone_draws() -> None:
    round_ = Round(BANK, Shoe.stacked(BANK, ["9C", "AH", "7D", "KS"]), [5])
    assert round_.phase is Phase.DONE and round_.dealer_natural


def test_002_an_ace_may_not_be_burned_003_burns_any_card() -> None:
    ace, seven = Card.parse("AS"), Card.parse("7D")
    assert not may_burn(CLUB, ace) and may_burn(CLUB, seven)
    assert may_burn(BOXES, ace)


def test_002_a_shoe_never_burns_an_ace_and_shuffles_again_instead() -> None:
    reshuffled = 0
    for seed in range(60):
        shoe = Shoe(CLUB, random.Random(seed))
        assert [card.value for card in shoe.burned] != [1]
        reshuffled += shoe.ace_burn_reshuffles
    assert reshuffled > 0  # an ace came up to be burned in some of these shuffles
    burned_aces = [
        seed for seed in range(200) if Shoe(BOXES, random.Random(seed)).burned[0].value == 1
    ]
    assert burned_aces  # a casino shoe burns an ace like any card


@pytest.mark.parametrize(
    ("up", "total", "soft", "natural", "offers"),
    [
        (1, 21, True, True, (Offer.EVEN_MONEY,)),
        (1, 16, False, False, (Offer.INSURANCE,)),
        (1, 10, False, False, (Offer.INSURANCE, Offer.DOUBLE)),
        (6, 9, False, False, (Offer.DOUBLE,)),
        (6, 11, False, False, (Offer.DOUBLE,)),
        (6, 12, False, False, ()),
        (6, 19, True, False, ()),
        (10, 16, False, False, ()),  # surrender is the player's to ask for, never offered
        (9, 15, False, False, ()),
    ],
)
def test_003_what_the_dealer_offers_a_box(
    up: int, total: int, soft: bool, natural: bool, offers: tuple[Offer, ...]
) -> None:
    assert dealer_offers(BOXES, up, total, soft, natural=natural) == offers


def test_a_table_without_insurance_or_a_doubling_range_offers_nothing() -> None:
    assert dealer_offers(BANK, 1, 10, False, natural=False) == ()
    assert dealer_offers(find_preset("vegas-6d-s17"), 6, 10, False, natural=False) == ()
