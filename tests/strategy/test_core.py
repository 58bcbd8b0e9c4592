"""The compiled core's own pieces: the table of hands it works over, and the dealer's outcomes
it derives hand by hand, against a plain recursion over the dealer's draws."""

from __future__ import annotations

import pytest

from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy.dealer import BJ, BUST, DealerRule, full_shoe
from trainer.engine.strategy.hand_table import hand_table
from trainer.engine.strategy.hands import HandValues, dealer_rule_of


def test_the_table_holds_every_hand_of_21_or_less_once_after_its_parent():
    hands = hand_table()
    rows = [tuple(int(n) for n in row) for row in hands.counts]
    assert len(set(rows)) == len(rows) == hands.size
    hard = [sum((v + 1) * n for v, n in enumerate(row)) for row in rows]
    assert max(hard) == 21 and rows[0] == (0,) * 10
    for i in range(1, hands.size):
        parent = int(hands.parent[i])
        card = int(hands.added[i])
        assert parent < i
        assert rows[parent][card] + 1 == rows[i][card]
        assert sum(rows[parent]) + 1 == sum(rows[i])
        assert card == max(v for v in range(10) if rows[i][v])  # its highest card
        assert int(hands.child[parent, card]) == i
    # Every hand one card longer with a hard total of 21 or less is a child, and only those.
    for i in (0, 5, hands.size // 2, hands.size - 1):
        for v in range(10):
            assert (int(hands.child[i, v]) >= 0) == (hard[i] + v + 1 <= 21)


def _dealer(up: int, shoe: list[int], rule: DealerRule) -> dict[int, float]:
    """The dealer's outcomes by a plain recursion over his draws (the hole card first)."""
    found: dict[int, float] = {}

    def draw(hard: int, ace: bool, drawn: int, p: float) -> None:
        soft = ace and hard + 10 <= 21
        total = hard + 10 if soft else hard
        outcome = None
        if total > 21:
            outcome = BUST
        elif drawn == 1 and total == 21:
            outcome = BJ
        elif drawn >= 1 and rule.max_draws is not None and drawn - 1 >= rule.max_draws:
            outcome = total  # he may draw no more (004)
        elif drawn >= 1 and not (
            total < rule.stands_on or (total == 17 and soft and rule.hits_soft_17)
        ):
            outcome = total
        if outcome is not None:
            found[outcome] = found.get(outcome, 0.0) + p
            return
        left = sum(shoe)
        for v in range(10):
            if shoe[v] > 0:
                q = shoe[v] / left
                shoe[v] -= 1
                draw(hard + v + 1, ace or v == 0, drawn + 1, p * q)
                shoe[v] += 1

    draw(up, up == 1, 0, 1.0)
    return found


@pytest.mark.parametrize(("name", "up", "hand"), [
    ("single-deck", 6, (0, 0, 0, 0, 0, 0, 0, 0, 1, 1)),   # 10 and 9 against a 6
    ("single-deck", 1, (2, 0, 0, 0, 0, 0, 0, 1, 0, 0)),   # two aces and an 8 against an ace
    ("vegas-6d-h17", 10, (0, 0, 0, 1, 0, 1, 0, 0, 0, 0)),  # 4 and 6 against a ten
    ("russian-bank", 2, (0, 0, 1, 0, 0, 0, 0, 0, 0, 1)),  # 3 and 10 against a 2, 3 draws at most
    ("russian-bank", 1, (0, 1, 0, 0, 0, 0, 0, 0, 1, 0)),  # 2 and 9 against an ace
])  # fmt: skip
def test_the_dealers_outcomes_for_a_hand_are_those_of_his_draws(name, up, hand):
    rules = find_preset(name)
    analysis = HandValues(rules, full_shoe(rules.decks), up)
    hands = hand_table()
    row = [tuple(int(n) for n in r) for r in hands.counts].index(hand)
    outcomes = analysis.dealer.outcomes[row]
    shoe = [
        n - h - (1 if v == up - 1 else 0)
        for v, (n, h) in enumerate(zip(full_shoe(rules.decks), hand, strict=True))
    ]
    expected = _dealer(up, shoe, dealer_rule_of(rules))
    codes = [int(code) for code in analysis.table.codes]
    assert sum(outcomes) == pytest.approx(1.0, abs=1e-12)
    assert {code: p for code, p in zip(codes, outcomes, strict=True) if p} == pytest.approx(
        expected, abs=1e-12
    )
