"""A pack dealt to its end that runs out inside a round (000, 002) goes on from its discards,
shuffled: the counter's count is then of the new pile, every card out of it that they have seen
(the cards on the table when the discards were shuffled, and those dealt since), never the
cards of the old pile now back in the new one."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from trainer.engine.deck.cards import pack
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.table_game import Ask, TableGame, TableSetup
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart

ONE_PACK = Rules(decks=1, burn_cards=0, penetration=Fraction(1))


def _out_and_in(shoe: Shoe, seen: tuple[object, ...]) -> Counter[object]:
    """The cards seen out of the pile with the pile itself: the whole pack, where every card
    out of it was seen."""
    return Counter(seen) + Counter(shoe.undealt())


def test_the_cards_on_the_table_at_a_refill_stay_out_of_the_new_pile() -> None:
    shoe = Shoe(ONE_PACK, random.Random(3))
    earlier = shoe.draw_many(40)
    shoe.discard(earlier[:36])  # four still on the table
    table = [*earlier[36:], *shoe.draw_many(13)]  # the twelve left, then the refill's first
    assert shoe.refills == 1
    assert Counter(shoe.carried) == Counter(earlier[36:] + table[4:16])
    assert len(shoe.carried) == 16 and shoe.cards_remaining == 36 - 1
    assert _out_and_in(shoe, shoe.out_of_pile()) == Counter(pack(1))
    shoe.check_conservation(table)
    # Mid-round: of the round's cards a player saw, those now in the pile again are not counted.
    seen = shoe.seen_in_round((), 0, [*earlier[:2], *table[-3:]])
    assert Counter(seen) == Counter(table[-3:])
    # The round ends: its cards go to the tray and are counted with the pile they left.
    shoe.discard(table)
    assert _out_and_in(shoe, shoe.out_of_pile()) == Counter(pack(1))
    shoe.shuffle()
    assert shoe.carried == () and shoe.out_of_pile() == ()


def test_a_second_refill_in_one_round_carries_what_is_still_on_the_table() -> None:
    shoe = Shoe(ONE_PACK, random.Random(5))
    shoe.discard(shoe.draw_many(50))
    first = shoe.draw_many(4)  # two from the old pile, then the refill's: two carried
    shoe.discard(first[2:])  # a busted hand paid at once, the refill's two
    shoe.draw_many(49)  # the 48 left of the new pile, then the next refill's first
    assert shoe.refills == 2
    assert _out_and_in(shoe, shoe.out_of_pile()) == Counter(pack(1))
    assert set(first[:2]) <= set(shoe.carried)


def _answer(ask: Ask) -> str:
    if ask.kind == "count":
        return "count"
    if ask.kind == "bet":
        return "bet 10"
    if ask.kind == "insurance":
        return "insure 0"
    assert ask.round is not None
    return "H" if ask.round.current_total < 17 else "S"


@pytest.mark.parametrize("seed", [5, 8])
def test_the_learners_count_after_a_refill_is_of_the_new_pile(seed: int) -> None:
    """002's club: the pack ran out inside the table's last round (its seed's). Each count the
    table holds the learner to is of the pile being dealt: between rounds, with the pile, the
    whole pack (the burned card is shown at 002); inside the round after the refill, cards out
    of it, with an empty tray to judge decks by."""
    rules = Rules.parse("twenty-one-club")
    setup = TableSetup(rules, others=2, boxes=1, seed=seed)
    whole = Counter(pack(rules.decks))
    steps: list[str] = []
    after_refill = 0
    while True:
        game = TableGame(setup, chart(rules))
        ask = game.play(steps, Fraction(10_000))
        shoe = game.table.shoe
        out = whole - Counter(shoe.undealt())
        if ask.round is None:
            assert _out_and_in(shoe, ask.seen) == whole, (ask.kind, ask.number)
        else:
            assert not Counter(ask.seen) - out, (ask.kind, ask.number)
        if ask.round is not None and shoe.refills:
            after_refill += 1
            assert ask.played == 0 and ask.tray == shoe.burned
        if ask.kind == "over":
            break
        steps.append(_answer(ask))
    assert shoe.refills == 1 and shoe.carried
    assert after_refill  # decisions after the refill (the seeds are chosen for it)
