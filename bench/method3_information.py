"""002's deal method 3: the engine's figure for the home game, checked against the game as the
table deals it by a simulation of its own and an exact enumeration of its own (not the engine's
round, nor :mod:`trainer.engine.banker.method3`).

    .venv/bin/python bench/method3_information.py [--rounds N] [--seed S] [--rules NOTATION]
        [--exact] [--reading]

Under method 3 every player's first card, the dealer's too, is dealt face down; the players
stake; the dealer, having seen his first card, may double every stake and a player may
redouble; then everyone's second card comes face up. So a punter plays seeing the dealer's
*second* card. Until issue 27 the engine's figure (:func:`trainer.engine.banker.auction.bank_edge`)
had the punters play the chart knowing the dealer's *first* card, the one he doubled on: **A**
below, 3.08 +- 0.09 points more for the bank than the game as dealt, **B** (two million rounds).
The figure is now B's, worked out by :func:`trainer.engine.banker.method3.method3_game`.

This program deals rounds from a full pack, one punter against the dealer, and plays each
dealt order twice, the same cards in the same order: the punter playing the chart against the
dealer's first card (**A**) and against his second (**B**, as the table plays it). Both with the
engine's dealer doubling on the engine's cards and the punter redoubling on his (the stake
multiplied 1, 2 or 4); a dealer's natural shown at once (his hole card checked, "Блек Джек
предъявляют"). Hands are settled by :func:`trainer.engine.play.settlement.settle_hand` (the
settlement is the rules, tested on its own); everything else (the deal, the play, the dealer's
draws) is this program's.

It prints the bank's result per unit stake in A and in B (which the engine's figure must match
within its standard error), and B - A with the standard error of the paired difference.
``--exact`` adds B worked out exactly (:func:`exact_edge`: every card after the first two
enumerated and drawn from what is left, the dealer's from the pack less the punter's draws too,
as the engine's figure now does: the two agree to the last digits).
``--reading`` adds what the punters could also read from the double
(:func:`trainer.engine.banker.method3.reading_the_double`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from functools import lru_cache  # noqa: E402

from trainer.engine.banker.auction import bank_edge  # noqa: E402
from trainer.engine.banker.doubling import doubling_cards, redoubling_cards  # noqa: E402
from trainer.engine.deck.cards import Card, pack  # noqa: E402
from trainer.engine.play.settlement import settle_hand  # noqa: E402
from trainer.engine.rulebook.rules import Rules  # noqa: E402
from trainer.engine.strategy import chart  # noqa: E402
from trainer.engine.strategy.dealer import full_shoe  # noqa: E402

_SOFT_ROWS = range(13, 22)


def total_of(values: list[int]) -> tuple[int, bool]:
    hard = sum(values)
    if 1 in values and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def code_of(codes: dict, values: list[int], up: int, may_split: bool) -> str:
    key = "A" if up == 1 else str(up)
    if may_split and len(values) == 2 and values[0] == values[1]:
        pair = "A-A" if values[0] == 1 else f"{values[0]}-{values[0]}"
        code = codes["pairs"].get(pair, {}).get(key, "")
        if code.startswith("P"):
            return "P"
    total, soft = total_of(values)
    section = "soft" if soft and total in _SOFT_ROWS else "hard"
    row = codes[section].get(str(min(max(total, 5), 21)), {})
    return row.get(key, "S" if total >= 17 else "H")


def play_hand(codes: dict, cards: list[Card], up: int, deck: list[Card], split: bool) -> None:
    while True:
        values = [card.value for card in cards]
        total, _ = total_of(values)
        if total >= 21:
            return
        if code_of(codes, values, up, False)[0] not in "HD":  # no doubling at 002: D is H
            return
        cards.append(deck.pop())


def play_round(
    rules: Rules, codes: dict, deck: list[Card], by_first: bool, double: set, redouble: set
) -> Fraction:
    """The bank's net, per unit of the punter's stake before any double, for one dealt order."""
    p1, d1, p2, d2 = deck.pop(), deck.pop(), deck.pop(), deck.pop()
    multiplier = 1
    if d1.value in double:
        multiplier = 4 if p1.value in redouble else 2
    dealer = [d1, d2]
    up = d1.value if by_first else d2.value
    hands = [[p1, p2]]
    dealer_natural = total_of([d1.value, d2.value])[0] == 21
    if not dealer_natural and total_of([p1.value, p2.value])[0] != 21:
        values = [p1.value, p2.value]
        if rules.max_split_hands > 1 and code_of(codes, values, up, True) == "P":
            hands = [[p1, deck.pop()], [p2, deck.pop()]]  # both first (002's variant)
        for hand in hands:
            play_hand(codes, hand, up, deck, len(hands) > 1)
        if any(total_of([c.value for c in hand])[0] <= 21 for hand in hands):
            while True:
                total, soft = total_of([card.value for card in dealer])
                if total > rules.dealer_stands_on - 1 and not (
                    rules.dealer_hits_soft_17 and soft and total == 17
                ):
                    break
                dealer.append(deck.pop())
    net = Fraction(0)
    for hand in hands:
        settled = settle_hand(rules, hand, dealer, multiplier, split=len(hands) > 1)
        net -= settled.net
    return net


# -- an exact enumeration of the game as dealt ----------------------------------------------------


def _dealer_totals(rules: Rules, left: tuple[int, ...], cards: tuple[int, ...]) -> dict[int, float]:
    """The dealer's final totals (22: bust) and their chances, drawing from ``left`` exactly."""
    return _dealer_memo(rules, left, sum(cards), 1 in cards)


@lru_cache(maxsize=500_000)
def _dealer_memo(rules: Rules, left: tuple[int, ...], hard: int, ace: bool) -> dict[int, float]:
    total = hard + 10 if ace and hard <= 11 else hard
    if total > 21:
        return {22: 1.0}
    soft = ace and hard <= 11
    if total >= rules.dealer_stands_on and not (rules.dealer_hits_soft_17 and soft and total == 17):
        return {total: 1.0}
    cards = sum(left)
    found: dict[int, float] = {}
    for value in range(1, 11):
        n = left[value - 1]
        if n:
            rest = left[: value - 1] + (n - 1,) + left[value:]
            for final, p in _dealer_memo(rules, rest, hard + value, ace or value == 1).items():
                found[final] = found.get(final, 0.0) + n / cards * p
    return found


_CARDS = {value: Card.parse("A23456789T"[value - 1] + "H") for value in range(1, 11)}
_DEALER = {t: (_CARDS[10], _CARDS[2], _CARDS[t - 12]) for t in range(17, 22)}
_DEALER[22] = (_CARDS[10], _CARDS[10], _CARDS[2])


@lru_cache(maxsize=100_000)
def _net(rules: Rules, hand: tuple[int, ...], dealer: int, split: bool) -> float:
    cards = [_CARDS[v] for v in hand]
    return float(settle_hand(rules, cards, _DEALER[dealer], 1, split=split).net)


def _take(left: tuple[int, ...], value: int) -> tuple[int, ...]:
    return left[: value - 1] + (left[value - 1] - 1,) + left[value:]


def _played(rules, codes, hands, at, up, dealer, left, split, memo=None) -> float:
    """The punter's result over his hands ``hands`` (card values), playing hand ``at`` on, every
    card drawn exactly from ``left``; then the dealer's draws. ``memo`` keeps what one call of
    ``exact_result`` has worked out: a hand's play and settlement depend on its cards, not the
    order they came in, so each hand is kept sorted and every order of the same draws is worked
    out once (a split's two hands: some 40 CPU-s without it)."""
    memo = {} if memo is None else memo
    key = (hands, at, up, dealer, left, split)
    if key not in memo:
        memo[key] = _played_once(rules, codes, hands, at, up, dealer, left, split, memo)
    return memo[key]


def _played_once(rules, codes, hands, at, up, dealer, left, split, memo) -> float:
    if at == len(hands):
        if all(total_of(list(hand))[0] > 21 for hand in hands):
            return -float(len(hands))
        finals = _dealer_totals(rules, left, dealer)
        return sum(
            p * sum(_net(rules, tuple(sorted(hand)), final, split) for hand in hands)
            for final, p in finals.items()
        )
    hand = hands[at]
    values = list(hand)
    if total_of(values)[0] >= 21 or code_of(codes, values, up, False)[0] not in "HD":
        return _played(rules, codes, hands, at + 1, up, dealer, left, split, memo)
    cards = sum(left)
    found = 0.0
    for value in range(1, 11):
        n = left[value - 1]
        if n:
            grown = (*hands[:at], tuple(sorted((*hand, value))), *hands[at + 1 :])
            rest = _take(left, value)
            found += n / cards * _played(rules, codes, grown, at, up, dealer, rest, split, memo)
    return found


def exact_result(rules: Rules, codes: dict, p1: int, d1: int) -> float:
    """The punter's expected result per unit staked, his first card ``p1`` and the dealer's
    ``d1``, the chart played against the dealer's second card: every later card enumerated and
    drawn exactly from what is left (the dealer's from the pack less the punter's draws too)."""
    left = list(full_shoe(rules.decks))
    left[p1 - 1] -= 1
    left[d1 - 1] -= 1
    start = tuple(left)
    cards = sum(start)
    found, memo = 0.0, {}
    for p2 in range(1, 11):
        if not start[p2 - 1]:
            continue
        after_p2 = _take(start, p2)
        for d2 in range(1, 11):
            if not after_p2[d2 - 1]:
                continue
            chance = start[p2 - 1] / cards * after_p2[d2 - 1] / (cards - 1)
            rest = _take(after_p2, d2)
            dealt = [_CARDS[p1], _CARDS[p2]]
            if total_of([d1, d2])[0] == 21 or total_of([p1, p2])[0] == 21:
                net = settle_hand(rules, dealt, [_CARDS[d1], _CARDS[d2]], 1).net
                found += chance * float(net)
                continue
            if p1 == p2 and rules.max_split_hands > 1 and code_of(codes, [p1, p2], d2, True) == "P":
                found += chance * _split(rules, codes, p1, d2, (d1, d2), rest, memo)
            else:
                hand = (tuple(sorted((p1, p2))),)
                found += chance * _played(rules, codes, hand, 0, d2, (d1, d2), rest, False, memo)
    return found


def _split(rules, codes, pair, up, dealer, left, memo) -> float:
    """A split pair, both hands dealt their second card first (002's variant), then played."""
    cards = sum(left)
    found = 0.0
    for one in range(1, 11):
        if not left[one - 1]:
            continue
        after = _take(left, one)
        for two in range(1, 11):
            if after[two - 1]:
                chance = left[one - 1] / cards * after[two - 1] / (cards - 1)
                hands = (tuple(sorted((pair, one))), tuple(sorted((pair, two))))
                found += chance * _played(
                    rules, codes, hands, 0, up, dealer, _take(after, two), True, memo
                )
    return found


def exact_edge(rules: Rules, codes: dict, double: set, redouble: set) -> float:
    """The bank's result per unit of the punter's stake before the double, by enumeration."""
    shoe = full_shoe(rules.decks)
    total = sum(shoe)
    edge = 0.0
    for p1 in range(1, 11):
        for d1 in range(1, 11):
            both = shoe[p1 - 1] * (shoe[d1 - 1] - (p1 == d1))
            if both <= 0:
                continue
            times = (4 if p1 in redouble else 2) if d1 in double else 1
            chance = both / (total * (total - 1))
            edge -= chance * times * exact_result(rules, codes, p1, d1)
    return edge


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--rules", default="twenty-one-home")
    parser.add_argument("--exact", action="store_true", help="add the exact enumeration of B")
    parser.add_argument("--reading", action="store_true", help="add the punters reading the double")
    args = parser.parse_args()
    rules = Rules.parse(args.rules)
    codes = chart(rules).codes
    double, redouble = set(doubling_cards(rules)), set(redoubling_cards(rules))
    rng = random.Random(args.seed)
    cards = pack(rules.decks)
    sums = [0.0, 0.0, 0.0]  # A, B, B - A
    squares = [0.0, 0.0, 0.0]
    by_first: dict[int, list[float]] = {value: [0.0, 0.0, 0.0] for value in range(1, 11)}
    started = time.perf_counter()
    for _ in range(args.rounds):
        rng.shuffle(cards)
        a = float(play_round(rules, codes, list(reversed(cards)), True, double, redouble))
        b = float(play_round(rules, codes, list(reversed(cards)), False, double, redouble))
        for i, x in enumerate((a, b, b - a)):
            sums[i] += x
            squares[i] += x * x
        tally = by_first[cards[1].value]  # the dealer's first card (the second dealt)
        tally[0] += 1
        tally[1] += a
        tally[2] += b
    n = args.rounds
    means = [s / n for s in sums]
    errors = [((q / n - m * m) / n) ** 0.5 for q, m in zip(squares, means, strict=True)]
    figure = bank_edge(rules)
    took = time.perf_counter() - started
    print(f"rules {rules.notation()}, {n:,} rounds, seed {args.seed}, {took:.0f} s")
    print(f"the dealer doubles on {sorted(double)}, a punter redoubles on {sorted(redouble)}")
    print(f"engine figure (bank_edge):             {figure:+.4%}")
    print(f"A, the chart against the first card:   {means[0]:+.4%} ± {errors[0]:.4%}")
    print(f"B, the chart against the second card:  {means[1]:+.4%} ± {errors[1]:.4%}")
    print(f"B - A (paired):                        {means[2]:+.4%} ± {errors[2]:.4%}")
    print(f"B - figure, in standard errors:        {(means[1] - figure) / errors[1]:+.2f}")
    if args.exact:
        exact = exact_edge(rules, codes, double, redouble)
        print(f"B exactly (enumerated):                {exact:+.4%} (figure {figure - exact:+.4%})")
    if args.reading:
        from trainer.engine.banker.method3 import reading_the_double

        edge, redoubling, answer = reading_the_double(rules)
        print(f"punters also reading the double:       {edge:+.4%}")
        print(f"  (redoubling on {sorted(redoubling)};")
        print(f"  the dealer's best answer: doubling on {sorted(answer)})")
    print(
        "the bank's result per unit of the stakes (doubles included), by the dealer's first card:"
    )
    for value, (count, a, b) in by_first.items():
        if count:
            print(f"  {value:>2}: A {a / count:+.4f}  B {b / count:+.4f}  ({int(count):,} rounds)")


if __name__ == "__main__":
    main()
