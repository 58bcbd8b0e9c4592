"""The order the cards came out, as the paced table shows them: checked against the engine's own
deal, a shoe of one pack (every card different, so each card on the felt names the place it
left the shoe)."""

from __future__ import annotations

import random

import pytest

from trainer.engine.deck.cards import Card, pack
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.deal_order import DEALER, Felt, Reveal, dealt_since
from trainer.engine.play.round import Action, Phase, Round
from trainer.engine.rulebook.rules import find_preset


def felt(round_: Round) -> Felt:
    return Felt(tuple(round_.shown(s) for s in range(round_.seat_count)), round_.dealer_shown)


def card_at(round_: Round, reveal: Reveal) -> Card:
    if reveal.box == DEALER:
        return round_.dealer_cards[reveal.card]
    return tuple(round_.hands(reveal.box)[reveal.hand])[reveal.card]


def on_felt(round_: Round) -> set[Card]:
    seats = {c for s in range(round_.seat_count) for hand in round_.hands(s) for c in hand}
    return seats | set(round_.dealer_cards)


@pytest.mark.parametrize(
    ("preset", "order"),
    [
        # Each box's first card, the dealer's up card, each box's second card, the hole card.
        ("vegas-6d-s17", ["2S", "3S", "4S", "5S", "6S", "7S"]),
        # No hole card: the dealer's second card comes after the players (not dealt yet).
        ("casino-boxes", ["2S", "3S", "4S", "5S", "6S"]),
    ],
)
def test_a_deal_comes_out_box_by_box_then_the_dealer_each_pass(
    preset: str, order: list[str]
) -> None:
    rules = find_preset(preset)
    shoe = Shoe.stacked(
        rules, ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    )
    round_ = Round(rules, shoe, [rules.min_bet, rules.min_bet])
    shown = [card_at(round_, r) for r in dealt_since(rules, None, felt(round_))]
    assert shown == [Card.parse(text) for text in order]


@pytest.mark.parametrize("preset", ["vegas-6d-s17", "casino-boxes"])
@pytest.mark.parametrize("seed", range(40))
def test_each_step_brings_its_new_cards_in_the_order_they_left_the_shoe(
    preset: str, seed: int
) -> None:
    """Three boxes play whole rounds (hitting below 15, splitting a pair once): before and
    after each decision, the cards the step brought are exactly those new on the felt, in the
    order the shoe dealt them, and the hole card is turned before the dealer draws."""
    rules = find_preset(preset)
    rng = random.Random(seed)
    stack = pack(1)
    rng.shuffle(stack)
    place = {card: n for n, card in enumerate(stack)}
    round_ = Round(rules, Shoe.stacked(rules, stack), [rules.min_bet] * 3)
    before = None
    seen: set[Card] = set()
    steps = 0
    while True:
        now = felt(round_)
        brought = dealt_since(rules, before, now)
        dealt = [card_at(round_, r) for r in brought if not r.turned]
        assert set(dealt) == on_felt(round_) - seen
        assert [place[c] for c in dealt] == sorted(place[c] for c in dealt)
        turned = [n for n, r in enumerate(brought) if r.turned and r.box == DEALER]
        draws = [n for n, r in enumerate(brought) if r.box == DEALER and not r.turned]
        assert all(t < d for t in turned for d in draws if brought[d].card >= 2)
        if round_.phase is Phase.DONE or steps > 40:
            break
        seen, before, steps = on_felt(round_), now, steps + 1
        if round_.phase is Phase.INSURANCE:
            round_.insure([0] * round_.seat_count)
        elif round_.phase is Phase.EARLY_SURRENDER:
            round_.early_surrender([False] * round_.seat_count)
        else:
            legal = round_.legal_actions()
            if Action.SPLIT in legal and len(round_.hands(round_.current_seat or 0)) == 1:
                round_.act(Action.SPLIT)
            else:
                total = round_.current_total
                round_.act(Action.HIT if total < 15 and Action.HIT in legal else Action.STAND)
    assert round_.phase is Phase.DONE


def test_a_split_moves_a_card_already_out_and_the_dealer_turns_before_drawing() -> None:
    rules = find_preset("vegas-6d-s17")
    # Box 1 holds 8S 8H against the dealer's 9C (hole 7D): split, stand on each hand.
    shoe = Shoe.stacked(rules, ["8S", "9C", "8H", "7D", "3S", "4S", "TS", "TH", "TD"])
    round_ = Round(rules, shoe, [rules.min_bet])
    before = felt(round_)
    round_.act(Action.SPLIT)  # the first hand's card at once, the second's at its turn
    round_.act(Action.STAND)
    round_.act(Action.STAND)
    brought = dealt_since(rules, before, felt(round_))
    assert [(r.box, r.hand, r.card, r.turned) for r in brought] == [
        (0, 0, 1, False),  # 3S to the first hand
        (0, 1, 1, False),  # 4S to the second (its 8H was out before the split)
        (DEALER, 0, 1, True),  # the hole card turned
        (DEALER, 0, 2, False),  # then the dealer draws TS
    ]
    assert [card_at(round_, r) for r in brought] == [
        Card.parse(c) for c in ["3S", "4S", "7D", "TS"]
    ]
