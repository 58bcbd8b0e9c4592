"""002's deal method 3: what the engine's figure for the home game assumes the punters see, and
what they see as the text deals it, measured by a simulation of its own (not the engine's round).

    .venv/bin/python bench/method3_information.py [--rounds N] [--seed S] [--rules NOTATION]

Under method 3 every player's first card, the dealer's too, is dealt face down; the players
stake; the dealer, having seen his first card, may double every stake and a player may
redouble; then everyone's second card comes face up. So a punter plays seeing the dealer's
*second* card, and knowing only whether the dealer doubled on his first. The engine's figure
for the game (:func:`trainer.engine.banker.auction.bank_edge`, the dealer's double in
:mod:`trainer.engine.banker.doubling`) takes the dealer's *first* card in the up card's place:
the punters play the chart knowing the card the dealer doubled on.

This program deals rounds from a full pack, one punter against the dealer, and plays each
dealt order twice, the same cards in the same order: the punter playing the chart against the
dealer's first card (the figure's game, **A**) and against his second (the game as dealt,
**B**, as the table plays it). Both with the engine's dealer doubling on the engine's cards and
the punter redoubling on his (the stake multiplied 1, 2 or 4); a dealer's natural shown at once
(his hole card checked, "Блек Джек предъявляют"). Hands are settled by
:func:`trainer.engine.play.settlement.settle_hand` (the settlement is the rules, tested on its
own); everything else (the deal, the play, the dealer's draws) is this program's.

It prints the bank's result per unit stake in A (which the engine's figure must match within
its standard error: the independent check of the figure) and in B, and B - A with the
standard error of the paired difference: what playing against the dealer's second card
changes in the edge. What the punters could also read from the double (that the dealer's
first card is, or is not, one he doubles on) needs a chart conditioned on it, which the
strategy engine does not make: the difference B - A is what the engine's chart, played as the
table plays it, gives up or gains; the list in docs/rules.md names the rest.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.engine.banker.auction import bank_edge  # noqa: E402
from trainer.engine.banker.doubling import doubling_cards, redoubling_cards  # noqa: E402
from trainer.engine.deck.cards import Card, pack  # noqa: E402
from trainer.engine.play.settlement import settle_hand  # noqa: E402
from trainer.engine.rulebook.rules import Rules  # noqa: E402
from trainer.engine.strategy import chart  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--rules", default="twenty-one-home")
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
    print(f"A - figure, in standard errors:        {(means[0] - figure) / errors[0]:+.2f}")
    print(
        "the bank's result per unit of the stakes (doubles included), by the dealer's first card:"
    )
    for value, (count, a, b) in by_first.items():
        if count:
            print(f"  {value:>2}: A {a / count:+.4f}  B {b / count:+.4f}  ({int(count):,} rounds)")


if __name__ == "__main__":
    main()
