"""002's deal method 3: the engine's figure for the home game, checked against the game as the
table deals it by a simulation of its own and an exact enumeration of its own (not the engine's
round, nor :mod:`trainer.engine.banker.method3`).

    .venv/bin/python bench/method3_information.py [--rounds N] [--seed S] [--rules NOTATION]
        [--exact] [--reading] [--equilibrium]

Under method 3 every player's first card, the dealer's too, is dealt face down; the players
stake; the dealer, having seen his first card, may double every stake and a player may
redouble; then everyone's second card comes face up. So a punter plays seeing the dealer's
*second* card. Until issue 27 the engine's figure (:func:`trainer.engine.banker.auction.bank_edge`)
had the punters play the chart knowing the dealer's *first* card, the one he doubled on: **A**
below, 3.08 +- 0.09 points more for the bank than the game as dealt, **B** (two million rounds).
B, the punters playing the chart and reading nothing from the double, is
:func:`trainer.engine.banker.method3.chart_game`; the engine's figure is now the game at its mixed
equilibrium (``--equilibrium``, below).

This program deals rounds from a full pack, one punter against the dealer, and plays each
dealt order twice, the same cards in the same order: the punter playing the chart against the
dealer's first card (**A**) and against his second (**B**, as the table plays it). Both with the
chart game's dealer doubling on its cards and the punter redoubling on his (the stake
multiplied 1, 2 or 4); a dealer's natural shown at once (his hole card checked, "Блек Джек
предъявляют"). Hands are settled by :func:`trainer.engine.play.settlement.settle_hand` (the
settlement is the rules, tested on its own); everything else (the deal, the play, the dealer's
draws) is this program's.

It prints the bank's result per unit stake in A and in B (which the engine's figure must match
within its standard error), and B - A with the standard error of the paired difference.
``--exact`` adds B worked out exactly (:func:`exact_edge`: every card after the first two
enumerated and drawn from what is left, the dealer's from the pack less the punter's draws too,
as the engine's figure now does: the two agree to the last digits).
``--reading`` adds what the punters could also read from that pure double
(:func:`trainer.engine.banker.method3.reading_the_double`).

``--equilibrium`` deals and plays the engine's figure instead: the dealer doubling on his first
card with the engine's chances (drawn), the punter reading the double by :class:`Reader`, this
program's own best play for the hole card's chances (value and posterior, hand by hand), and
redoubling on the engine's cards; :func:`exact_result` with a :class:`Reader` enumerates it
exactly by first cards (``tests/engine/test_method3_information.py``: to 1e-9, doubled or not;
100,000 rounds, seed 27: +18.58% +- 0.66% against the engine's +18.74%).
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

from trainer.engine.banker.method3 import chart_game  # noqa: E402
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


def chart_decider(codes: dict):
    """The chart's play (no doubling at 002: D is H) as a decider: ``decide(values, up,
    may_split, pair)`` gives "H", "S" or "P" (``pair``: a split pair's value, else 0)."""

    def decide(values, up, may_split, pair):
        code = code_of(codes, list(values), up, may_split)
        return "P" if code == "P" else ("H" if code[0] in "HD" else "S")

    return decide


def play_hand(decide, cards: list[Card], up: int, deck: list[Card], pair: int) -> None:
    while True:
        values = [card.value for card in cards]
        total, _ = total_of(values)
        if total >= 21:
            return
        if decide(tuple(sorted(values)), up, False, pair) != "H":
            return
        cards.append(deck.pop())


def play_round(
    rules: Rules,
    decide,
    deck: list[Card],
    by_first: bool,
    double: set,
    redouble: set,
    doubles: bool | None = None,
) -> Fraction:
    """The bank's net, per unit of the punter's stake before any double, for one dealt order
    (``doubles``: whether the dealer doubles, by default where his first card is in
    ``double``; ``decide``: the punter's play, or one for each, by doubled)."""
    p1, d1, p2, d2 = deck.pop(), deck.pop(), deck.pop(), deck.pop()
    multiplier = 1
    doubled = d1.value in double if doubles is None else doubles
    if isinstance(decide, dict):
        decide = decide[doubled]
    if doubled:
        multiplier = 4 if p1.value in redouble else 2
    dealer = [d1, d2]
    up = d1.value if by_first else d2.value
    hands = [[p1, p2]]
    dealer_natural = total_of([d1.value, d2.value])[0] == 21
    if not dealer_natural and total_of([p1.value, p2.value])[0] != 21:
        values = [p1.value, p2.value]
        pair = tuple(sorted(values))
        splits = p1.value == p2.value != 10 and rules.max_split_hands > 1
        if splits and decide(pair, up, True, 0) == "P":
            hands = [[p1, deck.pop()], [p2, deck.pop()]]  # both first (002's variant)
        for hand in hands:
            play_hand(decide, hand, up, deck, p1.value if len(hands) > 1 else 0)
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
    draw = (rules.dealer_stands_on, rules.dealer_hits_soft_17)
    return _dealer_memo(draw, left, sum(cards), 1 in cards)


@lru_cache(maxsize=500_000)
def _dealer_memo(
    draw: tuple[int, bool], left: tuple[int, ...], hard: int, ace: bool
) -> dict[int, float]:
    """``draw``: the rules' (stands on, hits a soft 17), not the rules (hashed at every call)."""
    stands_on, hits_soft_17 = draw
    total = hard + 10 if ace and hard <= 11 else hard
    if total > 21:
        return {22: 1.0}
    soft = ace and hard <= 11
    if total >= stands_on and not (hits_soft_17 and soft and total == 17):
        return {total: 1.0}
    cards = sum(left)
    found: dict[int, float] = {}
    for value in range(1, 11):
        n = left[value - 1]
        if n:
            rest = left[: value - 1] + (n - 1,) + left[value:]
            for final, p in _dealer_memo(draw, rest, hard + value, ace or value == 1).items():
                found[final] = found.get(final, 0.0) + n / cards * p
    return found


_CARDS = {value: Card.parse("A23456789T"[value - 1] + "H") for value in range(1, 11)}
_DEALER = {t: (_CARDS[10], _CARDS[2], _CARDS[t - 12]) for t in range(17, 22)}
_DEALER[22] = (_CARDS[10], _CARDS[10], _CARDS[2])


@lru_cache(maxsize=100_000)
def _net(rules: Rules, hand: tuple[int, ...], dealer: int, split: bool) -> float:
    cards = [_CARDS[v] for v in hand]
    return float(settle_hand(rules, cards, _DEALER[dealer], 1, split=split).net)


@lru_cache(maxsize=100_000)
def _nets(rules: Rules, hand: tuple[int, ...], split: bool) -> dict[int, float]:
    """:func:`_net` of ``hand`` against each of the dealer's finals."""
    return {final: _net(rules, hand, final, split) for final in _DEALER}


def _take(left: tuple[int, ...], value: int) -> tuple[int, ...]:
    return left[: value - 1] + (left[value - 1] - 1,) + left[value:]


def _played(rules, decide, hands, at, up, dealer, left, pair, memo=None) -> float:
    """The punter's result over his hands ``hands`` (card values), playing hand ``at`` on, every
    card drawn exactly from ``left``; then the dealer's draws (``pair``: a split pair's value,
    else 0). ``memo`` keeps what one call of ``exact_result`` has worked out: a hand's play and
    settlement depend on its cards, not the order they came in, so each hand is kept sorted and
    every order of the same draws is worked out once (a split's two hands: some 40 CPU-s
    without it)."""
    memo = {} if memo is None else memo
    # Settled, two hands are worth the same in either order (a split's, dealt either way round).
    key = (hands if at < len(hands) else tuple(sorted(hands)), at, up, dealer, left, pair)
    if key not in memo:
        memo[key] = _played_once(rules, decide, hands, at, up, dealer, left, pair, memo)
    return memo[key]


def _played_once(rules, decide, hands, at, up, dealer, left, pair, memo) -> float:
    if at == len(hands):
        if all(total_of(list(hand))[0] > 21 for hand in hands):
            return -float(len(hands))
        finals = _dealer_totals(rules, left, dealer)
        nets = [_nets(rules, tuple(sorted(hand)), bool(pair)) for hand in hands]
        return sum(p * sum(net[final] for net in nets) for final, p in finals.items())
    hand = hands[at]
    if total_of(list(hand))[0] >= 21 or decide(hand, up, False, pair) != "H":
        return _played(rules, decide, hands, at + 1, up, dealer, left, pair, memo)
    cards = sum(left)
    found = 0.0
    for value in range(1, 11):
        n = left[value - 1]
        if n:
            grown = (*hands[:at], tuple(sorted((*hand, value))), *hands[at + 1 :])
            rest = _take(left, value)
            found += n / cards * _played(rules, decide, grown, at, up, dealer, rest, pair, memo)
    return found


def exact_result(rules: Rules, decide, p1: int, d1: int) -> float:
    """The punter's expected result per unit staked, his first card ``p1`` and the dealer's
    ``d1``, played by ``decide`` (:func:`chart_decider`, :class:`Reader`) against the dealer's
    second card: every later card enumerated and drawn exactly from what is left (the
    dealer's from the pack less the punter's draws too)."""
    if isinstance(decide, dict):  # a chart's codes
        decide = chart_decider(decide)
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
            hand = tuple(sorted((p1, p2)))
            splits = p1 == p2 != 10 and rules.max_split_hands > 1
            if splits and decide(hand, d2, True, 0) == "P":
                found += chance * _split(rules, decide, p1, d2, (d1, d2), rest, memo)
            else:
                found += chance * _played(rules, decide, (hand,), 0, d2, (d1, d2), rest, 0, memo)
    return found


def _split(rules, decide, pair, up, dealer, left, memo) -> float:
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
                    rules, decide, hands, 0, up, dealer, _take(after, two), pair, memo
                )
    return found


def exact_edge(rules: Rules, codes: dict, double: set, redouble: set) -> float:
    """The bank's result per unit of the punter's stake before the double, by enumeration."""
    shoe = full_shoe(rules.decks)
    total = sum(shoe)
    decide = chart_decider(codes)
    edge = 0.0
    for p1 in range(1, 11):
        for d1 in range(1, 11):
            both = shoe[p1 - 1] * (shoe[d1 - 1] - (p1 == d1))
            if both <= 0:
                continue
            times = (4 if p1 in redouble else 2) if d1 in double else 1
            chance = both / (total * (total - 1))
            edge -= chance * times * exact_result(rules, decide, p1, d1)
    return edge


# -- the punters reading the double, the dealer mixing -------------------------------------------


class Reader:
    """A punter's best play for the hole card's chances, the dealer having doubled on first
    card ``c`` with chance ``chances[c - 1]`` (``doubled``) or not: this program's own working,
    by value and posterior, not the engine's tree.

    At a hand (its cards sorted, the up card, a split pair's value or 0) the cards unseen are
    the pack less the hand, the up card and the split pair's other card (the engine's model: a
    split hand's play reads its own cards only). The hole card is one of them, not one making a
    natural with the up card (he would have shown it), each value as likely as the unseen cards
    hold it times the weight ``w_c`` (``chances[c - 1]`` doubled, ``1 - chances[c - 1]`` not).
    ``S(hand)``, the result summed over the hole card with those unnormalised chances, is for a
    stand the settlement against the dealer's finals for each hole card, and for a draw
    ``sum_c unseen[c] / (unseen - 1) * S(hand + c)`` (a bust: the chances' sum, lost): the next
    card comes from the unseen cards less the hole card. The punter draws where that is more.
    """

    def __init__(self, rules: Rules, chances, doubled: bool) -> None:
        self.rules = rules
        self.shoe = tuple(full_shoe(rules.decks))
        self.w = [c if doubled else 1 - c for c in chances]
        self.memo: dict = {}
        self.moves: dict = {}

    def _weights(self, up: int, left) -> list[float]:
        return [
            self.w[h - 1] * left[h - 1] if total_of([up, h])[0] != 21 else 0.0 for h in range(1, 11)
        ]

    def _left(self, hand, up: int, pair: int) -> tuple[int, ...]:
        left = list(self.shoe)
        for value in (*hand, up, *((pair,) if pair else ())):
            left[value - 1] -= 1
        return tuple(left)

    def _stand(self, hand, up: int, pair: int, left, q) -> float:
        found = 0.0
        for h in range(1, 11):
            if q[h - 1] <= 0:
                continue
            dealer = _dealer_totals(self.rules, _take(left, h), (up, h))
            found += q[h - 1] * sum(
                p * _net(self.rules, hand, final, bool(pair)) for final, p in dealer.items()
            )
        return found

    def _choices(self, hand, up: int, pair: int) -> tuple[float, float | None, float]:
        """Standing's and drawing's results at a hand (None: a 21 draws nothing), with the
        hole card's chances' sum they are summed with."""
        left = self._left(hand, up, pair)
        q = self._weights(up, left)
        stand = self._stand(hand, up, pair, left, q)
        if total_of(list(hand))[0] >= 21:
            return stand, None, sum(q)
        cards = sum(left)
        draw = 0.0
        for c in range(1, 11):
            if not left[c - 1]:
                continue
            grown = tuple(sorted((*hand, c)))
            if total_of(list(grown))[0] > 21:
                kid = -sum(self._weights(up, _take(left, c)))
            else:
                kid = self.value(grown, up, pair)
            draw += left[c - 1] / (cards - 1) * kid
        return stand, draw, sum(q)

    def value(self, hand, up: int, pair: int) -> float:
        key = (hand, up, pair)
        if key in self.memo:
            return self.memo[key]
        stand, draw, chances = self._choices(hand, up, pair)
        best, move = stand, "S"
        if draw is not None and draw > stand + 1e-12 * chances:
            best, move = draw, "H"
        self.memo[key], self.moves[key] = best, move
        return best

    def _split(self, a: int, up: int) -> tuple[float, float]:
        """Splitting a pair of ``a`` against ``up`` (each hand played on its own), and the
        chances' sum it is summed with."""
        left = self._left((a, a), up, 0)
        cards = sum(left)
        one = sum(
            left[c - 1] / (cards - 1) * self.value(tuple(sorted((a, c))), up, a)
            for c in range(1, 11)
            if left[c - 1]
        )
        return 2 * one, sum(self._weights(up, left))

    def worth(self, a: int, b: int, up: int) -> dict[str, float]:
        """What standing, drawing and (a pair but two tens) splitting are worth on first cards
        ``a`` and ``b`` against ``up``, per unit staked (the results over the chances' sum)."""
        found = self.hand_worth((a, b), up)
        if a == b != 10:
            found["P"] = self._split(a, up)[0] / sum(self._weights(up, self._left((a, b), up, 0)))
        return found

    def hand_worth(self, hand, up: int) -> dict[str, float]:
        """What standing and drawing are worth on a hand (any cards, not of a split pair)
        against ``up``, per unit staked."""
        stand, draw, chances = self._choices(tuple(sorted(hand)), up, 0)
        return {"S": stand / chances, "H": (draw or 0.0) / chances}

    def splits(self, a: int, up: int) -> bool:
        split, chances = self._split(a, up)
        return split > self.value((a, a), up, 0) + 1e-12 * chances

    def __call__(self, hand, up: int, may_split: bool, pair: int) -> str:
        if may_split and len(hand) == 2 and hand[0] == hand[1] != 10 and self.splits(hand[0], up):
            return "P"
        self.value(hand, up, pair)
        return self.moves[(hand, up, pair)]


def redoubles(rules: Rules, reader: Reader, chances, first: int) -> tuple[bool, float]:
    """Whether a punter holding ``first`` redoubles, the dealer having doubled (his first card
    ``c`` as likely as the pack less ``first`` holds it times ``chances[c - 1]``), and what he
    expects: by :func:`exact_result`, this program's enumeration."""
    left = list(full_shoe(rules.decks))
    left[first - 1] -= 1
    weights = [left[d - 1] * chances[d - 1] for d in range(1, 11)]
    expected = sum(
        w * exact_result(rules, reader, first, d) for d, w in enumerate(weights, 1) if w > 0
    ) / sum(weights)
    return expected > 0, expected


def mixed_round(rules: Rules, readers: dict, deck: list[Card], chances, redouble: set, rng):
    """One dealt order at the equilibrium: the dealer doubling on his first card with its
    chance (drawn from ``rng``), the punter reading the double (``readers`` by doubled)."""
    first = deck[-2].value  # the dealer's first card (the second dealt)
    doubles = rng.random() < chances[first - 1]
    return play_round(rules, readers, deck, False, set(), redouble, doubles=doubles)


def equilibrium_run(
    rules: Rules, rounds: int, seed: int, readers: dict | None = None
) -> tuple[float, float, float]:
    """The engine's equilibrium (its dealer's chances, its punters' redoubling cards) dealt and
    played by this program, the punters reading the double by :class:`Reader` (``readers``, by
    doubled, made here by default): the bank's mean result per unit stake, its standard error,
    and the seconds it took."""
    from trainer.engine.banker.method3 import method3_game

    game = method3_game(rules)
    started = time.perf_counter()
    if readers is None:
        readers = {doubled: Reader(rules, game.chances, doubled) for doubled in (True, False)}
    rng, deal = random.Random(seed), random.Random(f"{seed} doubles")
    cards = pack(rules.decks)
    total = square = 0.0
    for _ in range(rounds):
        rng.shuffle(cards)
        x = float(mixed_round(rules, readers, list(cards), game.chances, game.redoubling, deal))
        total += x
        square += x * x
    mean = total / rounds
    return mean, ((square / rounds - mean * mean) / rounds) ** 0.5, time.perf_counter() - started


def _report_equilibrium(rules: Rules, rounds: int, seed: int) -> None:
    from trainer.engine.banker.method3 import method3_game

    game = method3_game(rules)
    chances = ", ".join(f"{c}: {p:.4f}" for c, p in enumerate(game.chances, 1) if p)
    print(f"equilibrium: the dealer doubles with chance {chances}; redoubling on")
    print(f"  {sorted(game.redoubling)}; {game.rounds} rounds, bounds {game.edge:+.4%} and")
    print(f"  {game.upper:+.4%}")
    mean, error, took = equilibrium_run(rules, rounds, seed)
    print(f"dealt and played here ({rounds:,} rounds, {took:.0f} s): {mean:+.4%} ± {error:.4%}")
    print(f"  (engine {game.edge:+.4%}: {(mean - game.edge) / error:+.2f} standard errors)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--rules", default="twenty-one-home")
    parser.add_argument("--exact", action="store_true", help="add the exact enumeration of B")
    parser.add_argument("--reading", action="store_true", help="add the punters reading the double")
    parser.add_argument(
        "--equilibrium", action="store_true", help="only the game at its mixed equilibrium"
    )
    args = parser.parse_args()
    rules = Rules.parse(args.rules)
    if args.equilibrium:
        _report_equilibrium(rules, args.rounds, args.seed)
        return
    codes = chart(rules).codes
    decide = chart_decider(codes)
    game = chart_game(rules)
    double, redouble = set(game.doubling), set(game.redoubling)
    rng = random.Random(args.seed)
    cards = pack(rules.decks)
    sums = [0.0, 0.0, 0.0]  # A, B, B - A
    squares = [0.0, 0.0, 0.0]
    by_first: dict[int, list[float]] = {value: [0.0, 0.0, 0.0] for value in range(1, 11)}
    started = time.perf_counter()
    for _ in range(args.rounds):
        rng.shuffle(cards)
        a = float(play_round(rules, decide, list(reversed(cards)), True, double, redouble))
        b = float(play_round(rules, decide, list(reversed(cards)), False, double, redouble))
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
    figure = game.edge
    took = time.perf_counter() - started
    print(f"rules {rules.notation()}, {n:,} rounds, seed {args.seed}, {took:.0f} s")
    print(f"the dealer doubles on {sorted(double)}, a punter redoubles on {sorted(redouble)}")
    print(f"engine figure (chart_game):            {figure:+.4%}")
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
