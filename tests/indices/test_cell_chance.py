"""How often a hand meets an index's cell (:func:`trainer.engine.indices.cells.cell_chance`),
against computations of the test's own: the first two cards and the up card by an enumeration
of every deal of four cards by rank, and the hands of three cards or more by a walk of every
ordered draw that basic strategy hits to."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest

from trainer.engine.indices.cells import cell_chance
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.cache import chart

pytestmark = pytest.mark.usefixtures("strategy_charts")

RANKS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # ace to king by value


def _value(label: str) -> int:
    return 1 if label == "A" else int(label)


def _makes(hand: str, first: int, second: int, same_rank: bool, rules: Rules) -> bool:
    """Whether two cards are the cell's hand (a pair its own cell, as the chart has it)."""
    if " " not in hand:
        card = _value(hand.split("-")[0])
        pair = first == second == card
        return pair and (same_rank or card != 10 or rules.split_by != "rank")
    section, total = hand.split(" ")
    if section == "soft":
        return 1 in (first, second) and first + second + 10 == int(total)
    if 1 in (first, second):
        return False
    split_pair = first == second and (first != 10 or same_rank or rules.split_by != "rank")
    return not split_pair and first + second == int(total)


def _enumerated(rules: Rules, hand: str, dealer: str) -> Fraction:
    """The player's card, the up card, the player's card, the hole card: every ordered deal of
    four ranks from the shoe (13 ranks of 4 per deck), the dealer's natural taken out where
    the dealer peeks under a ten or an ace."""
    counts = [4 * rules.decks] * 13
    total = 52 * rules.decks
    up = _value(dealer)
    chance = Fraction(0)
    for a in range(13):
        pa = Fraction(counts[a], total)
        counts[a] -= 1
        for u in range(13):
            if RANKS[u] != up or counts[u] == 0:
                continue
            pu = Fraction(counts[u], total - 1)
            counts[u] -= 1
            for b in range(13):
                if counts[b] == 0:
                    continue
                first, second = RANKS[a], RANKS[b]
                if not _makes(hand, first, second, a == b, rules):
                    continue
                pb = Fraction(counts[b], total - 2)
                counts[b] -= 1
                natural = Fraction(0)
                if rules.hole_card == "peek" and up in (1, 10):
                    other = [h for h in range(13) if RANKS[h] + up == 11]
                    natural = Fraction(sum(counts[h] for h in other), total - 3)
                chance += pa * pu * pb * (1 - natural)
                counts[b] += 1
            counts[u] += 1
        counts[a] += 1
    return chance


GAMES = {
    "peek": Rules.parse("vegas-6d-s17"),
    "no-hole-card": dataclasses.replace(Rules.parse("vegas-6d-s17"), hole_card="none"),
    "two-decks": dataclasses.replace(Rules.parse("vegas-6d-s17"), decks=2),
}
CELLS = [("hard 16", "10"), ("10-10", "6"), ("soft 18", "A"), ("hard 12", "4")]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("cell", CELLS, ids=[" v ".join(cell) for cell in CELLS])
def test_the_first_two_cards_chance_is_every_deal_counted(game: str, cell: Any) -> None:
    rules = GAMES[game]
    assert cell_chance(rules, *cell) == _enumerated(rules, *cell)


def test_insurance_is_offered_on_every_ace_up_where_the_rules_offer_it() -> None:
    rules = GAMES["peek"]
    assert cell_chance(rules, "insurance", "A") == Fraction(1, 13)
    assert cell_chance(dataclasses.replace(rules, insurance=False), "insurance", "A") == 0


def _hits(codes: Any, exceptions: Any, soft: bool, total: int, up: str, first: bool) -> bool:
    section = "soft" if soft else "hard"
    code = codes[section].get(str(total), {}).get(up)
    later = exceptions.get(section, {}).get(str(total), {}).get(up, {}).get("three_or_more")
    if not first and later:
        return bool(later == "H")
    if code is None:
        return total <= 11
    return bool((code[0] if first else code[-1]) == "H")


def _walked(rules: Rules, hand: str, dealer: str) -> float:
    """Every ordered draw after the first two cards while the chart hits, depth first (floats):
    the chance of reaching the cell's total on three cards or more."""
    found = chart(rules)
    up = _value(dealer)
    shoe = [4 * rules.decks] * 9 + [16 * rules.decks]
    p_up = shoe[up - 1] / sum(shoe)
    shoe[up - 1] -= 1
    section, row = hand.split(" ")
    target = (section == "soft", int(row))

    def total_of(cards: list[int]) -> tuple[bool, int]:
        hard = sum(cards)
        return (1 in cards and hard <= 11), hard + 10 if 1 in cards and hard <= 11 else hard

    def walk(cards: list[int], chance: float) -> float:
        soft, total = total_of(cards)
        met = 0.0
        if len(cards) > 2 and (soft, total) == target:
            met = chance
            if rules.hole_card == "peek" and up in (1, 10):
                other = 11 - up
                met *= 1 - shoe[other - 1] / sum(shoe)
        if len(cards) == 2:
            a, b = sorted(cards)
            if a == b:
                row = "A-A" if a == 1 else f"{a}-{a}"
                hits = found.codes["pairs"][row][dealer][0] == "H"
            else:
                hits = (a, b) != (1, 10) and _hits(found.codes, {}, soft, total, dealer, True)
        else:
            hits = _hits(found.codes, found.exceptions, soft, total, dealer, False)
        if not hits:
            return met
        left = sum(shoe)
        for v in range(1, 11):
            if shoe[v - 1] == 0 or total_of([*cards, v])[1] > 21:
                continue
            p = shoe[v - 1] / left
            shoe[v - 1] -= 1
            met += walk([*cards, v], chance * p)
            shoe[v - 1] += 1
        return met

    reached = 0.0
    left = sum(shoe)
    for a in range(1, 11):
        pa = shoe[a - 1] / left
        shoe[a - 1] -= 1
        for b in range(1, 11):
            if shoe[b - 1] == 0:
                continue
            pb = shoe[b - 1] / (left - 1)
            shoe[b - 1] -= 1
            reached += walk([a, b], pa * pb)
            shoe[b - 1] += 1
        shoe[a - 1] += 1
    return p_up * reached


@pytest.mark.parametrize("cell", [("hard 12", "2"), ("hard 16", "10"), ("hard 13", "3")])
def test_longer_hands_are_every_ordered_draw_basic_strategy_hits_to(cell: Any) -> None:
    rules = GAMES["peek"]
    two_cards = cell_chance(rules, *cell)
    with_later = cell_chance(rules, *cell, later=chart(rules))
    assert float(with_later - two_cards) == pytest.approx(_walked(rules, *cell), rel=1e-12)
    assert with_later > two_cards  # hitting a 12 against a 2 and more reaches them too
