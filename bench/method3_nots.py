"""002's deal method 3: what a face-down first card is *not*, read by the other punters,
measured (issue 27, "Method 3's information, exactly").

    .venv/bin/python bench/method3_nots.py [--punters N ...] [--turns N] [--samples K]
        [--margin M] [--seed S] [--rules NOTATION]

At a table a punter's first card is dealt face down, and the engine's punters read the cards
the table shows (``bench/method3_reading.py --table``; :mod:`trainer.engine.banker.
method3_reading`): another punter's face-down first card is to them a card still in the pack.
But the table tells them what it is *not*: a punter showing a ten and no natural holds no ace
(showing an ace, no ten); one who did not redouble a double holds none he would redouble on
(at ``twenty-one-home`` an ace); one who split holds his second card's value; one who played
before him drew and stood as the game's play does on his two cards and no other (a bust shows
the card). This program measures what reading that is worth, the dealer's chances held at
``p*``, by a paired comparison as ``--table`` does: rounds dealt for a table of N punters,
everyone playing the engine's play; at each punter's turn (his first play) a punter reading
the table (:func:`~trainer.engine.banker.method3_reading.start_values`) and one reading, besides,
what the others' face-down cards are not, who weighs ``--samples`` draws of those cards from
the cards he has not seen, each as likely as it is under what the table showed (sequential
importance weights), and plays the first play best on their weighted sum (his later plays the
table reader's). Both plays are valued with the cards as they are (the others' first cards
out, :func:`method3_reading._played`), so the difference is what the reading gains, with its
standard error over rounds. A first play whose two best plays are further apart than
``--margin`` a stake for the table reader is not re-weighed (what a card is not moves the
weights by a fraction of a card a punter). The later plays and the weights' sample make it a
lower bound on the reading's worth, near it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import method3_reading as bench  # noqa: E402

from trainer.engine.banker.method3 import punter_play  # noqa: E402
from trainer.engine.banker.method3_reading import hand_values, start_values, unseen  # noqa: E402
from trainer.engine.rulebook.rules import Rules  # noqa: E402

VALUES = range(1, 11)
Left = tuple[int, ...]


def likelihood(
    game: bench.Game, first: int, second: int, hands: list[list[int]] | None, doubled: bool, up: int
) -> bool:
    """Whether a punter whose second card is ``second`` and who played ``hands`` (None: not
    yet) could hold ``first`` face down, by what the table showed (module doc)."""
    if bench.natural(first, second) or (doubled and first in game.redoubling):
        return False
    if hands is None:
        return True
    if len(hands) > 1:
        return first == second
    drawn = hands[0][2:]
    if punter_play(game.game, doubled, up, tuple(sorted((first, second))), 0, True) == "P":
        return False
    for n in range(len(drawn) + 1):
        cards = tuple(sorted((first, second, *drawn[:n])))
        if bench.total_of(cards) > 21:
            return False
        if bench.total_of(cards) == 21:
            return n == len(drawn)
        play = punter_play(game.game, doubled, up, cards, 0, n == 0) or "S"
        if (play == "H") != (n < len(drawn)):
            return False
    return True


def _draw(rng: random.Random, pool: list[int], ok: list[bool] | None = None) -> int:
    chances = [n if ok is None or ok[v - 1] else 0 for v, n in zip(VALUES, pool, strict=True)]
    return rng.choices(VALUES, weights=chances)[0]


def draws(
    rng: random.Random, left: Left, allowed: list[list[bool]], samples: int
) -> list[tuple[float, Left, Left]]:
    """``samples`` draws of the face-down cards (``allowed[j][v - 1]``: may card ``j`` be a
    ``v``) from the cards ``left``, one after another, each as likely as the cards left hold it
    among those allowed, with its importance weight and the cards left after it; and, coupled
    with it, a draw that reads nothing (each card as likely as the cards left hold it), the cards
    left after that: while the two have drawn the same, a card drawn for the second that is
    allowed is the first's too, else the first draws again among those allowed (each the right
    chances), so the two differ only where the reading does."""
    found = []
    for _ in range(samples):
        read, plain, weight = list(left), list(left), 1.0
        for ok in allowed:
            same = read == plain
            value = _draw(rng, plain)
            plain[value - 1] -= 1
            total = sum(n for v, n in zip(VALUES, read, strict=True) if ok[v - 1])
            if not weight or not total:
                weight = 0.0
                continue
            weight *= total / sum(read)
            if not (same and ok[value - 1]):
                value = _draw(rng, read, ok)
            read[value - 1] -= 1
        found.append((weight, tuple(read), tuple(plain)))
    return found


def first_play_values(
    game: bench.Game, doubled: bool, up: int, a: int, b: int, pack: Left, moves: dict, split: dict
) -> dict[str, float]:
    """``S`` of each first play of ``a``, ``b`` from the cards ``pack``, the later plays by
    ``moves`` (and ``split``: a split hand's), the table reader's."""
    hand = (min(a, b), max(a, b))
    q = game.q(pack, up, doubled)
    found = {"S": float(q @ (game.finals(pack, up) @ game.pays(hand, False)))}
    cards, hit = sum(pack), 0.0
    for c in VALUES:
        if pack[c - 1]:
            rest, grown = bench.take(pack, c), tuple(sorted((*hand, c)))
            if bench.total_of(grown) > 21:
                hit -= pack[c - 1] / (cards - 1) * float(game.q(rest, up, doubled).sum())
            else:
                played = bench._played(game, doubled, up, grown, rest, 0, moves)
                hit += pack[c - 1] / (cards - 1) * played
    found["H"] = hit
    if split:
        kids = 0.0
        for c in VALUES:
            if pack[c - 1]:
                kid, rest = (min(a, c), max(a, c)), bench.take(pack, c)
                kids += (
                    2
                    * pack[c - 1]
                    / (cards - 1)
                    * bench._played(game, doubled, up, kid, rest, a, split)
                )
        found["P"] = kids
    return found


def nots_gain(
    game: bench.Game,
    turn: tuple[int, int, int, Left, list[list[bool]], Left],
    doubled: bool,
    rng: random.Random,
    samples: int,
    margin: float,
) -> float:
    """What reading the others' face-down cards' *nots* gains a punter at his first play, per
    unit staked: ``turn`` is his cards, the up card, the cards he has not seen, what each
    face-down card may be, and the cards as they are (the face-down ones out)."""
    a, b, up, left, allowed, truth = turn
    g, moves, split = game.game, {}, {}
    hand_values(g, doubled, up, (min(a, b), max(a, b)), left, 0, moves, False, game.read)
    if a == b != 10 and game.rules.max_split_hands >= 2:
        for c in VALUES:
            if left[c - 1]:
                kid = (min(a, c), max(a, c))
                hand_values(g, doubled, up, kid, bench.take(left, c), a, split, False, game.read)
    plain = first_play_values(game, doubled, up, a, b, left, moves, split)
    norm = float(game.q(left, up, doubled).sum())
    ranked = sorted(plain.values())
    table_move = start_values(g, doubled, up, a, b, left, False, game.read)[3]
    if len(ranked) > 1 and (ranked[-1] - ranked[-2]) / norm > margin:
        return 0.0
    # The reading's estimate of each play: the table reader's, exact, moved by the difference of
    # the coupled draws (what the reading changes); a card in the pack or face down unread is
    # the same to him, so the draws that read nothing average (n - k) / n of his figure.
    drawn = draws(rng, left, allowed, samples)
    total = sum(weight for weight, _, _ in drawn)
    if not total:
        return 0.0
    known: dict[Left, dict[str, float]] = {}

    def values(pack: Left) -> dict[str, float]:
        if pack not in known:
            known[pack] = first_play_values(game, doubled, up, a, b, pack, moves, split)
        return known[pack]

    weighed = {move: (1 - len(allowed) / sum(left)) * value for move, value in plain.items()}
    for weight, read, unread in drawn:
        after, before = values(unread) if not weight else values(read), values(unread)
        for move in weighed:
            weighed[move] += weight / total * after[move] - before[move] / len(drawn)
    move = max(weighed, key=lambda m: weighed[m])
    if move == table_move:
        return 0.0
    real = first_play_values(game, doubled, up, a, b, truth, moves, split)
    return (real[move] - real[table_move]) / float(game.q(truth, up, doubled).sum())


def nots_round(
    game: bench.Game,
    punters: int,
    rng: random.Random,
    samples: int,
    margin: float,
    null: bool = False,
) -> tuple[float, int]:
    """One dealt round: the mean over the punters of what the reading gains each (per unit of
    his stake before the double, the double and a redouble counted), and the turns it changed
    the first play at. ``null``: the face-down cards may be anything (the check: nothing read,
    so only the weights' sampling moves a play, and what that costs)."""
    deck = [v for v, n in enumerate(game.shoe, 1) for _ in range(n)]
    rng.shuffle(deck)
    firsts = [deck.pop() for _ in range(punters)]
    hole = deck.pop()
    doubled = rng.random() < game.game.chances[hole - 1]
    seconds = [deck.pop() for _ in range(punters)]
    up = deck.pop()
    if bench.natural(hole, up):
        return 0.0, 0
    total, changed, log = 0.0, 0, {}
    seats = [i for i in range(punters) if not bench.natural(firsts[i], seconds[i])]
    turns = bench.table_turns(game, firsts, seconds, up, doubled, deck, log=log)
    for i, (p1, p2, gone, times, _, _) in zip(seats, turns, strict=True):
        seen = [v for v, n in enumerate(gone, 1) for _ in range(n)]
        left = unseen(game.rules, (p1, p2, up, *seen))
        assert left is not None
        down = [j for j in range(punters) if j != i and not log["revealed"][j]]
        allowed = [
            [null or likelihood(game, v, seconds[j], log.get(j), doubled, up) for v in VALUES]
            for j in down
        ]
        truth = left
        for j in down:
            truth = bench.take(truth, firsts[j])
        gain = nots_gain(game, (p1, p2, up, left, allowed, truth), doubled, rng, samples, margin)
        total += times * gain
        changed += gain != 0
    return total / punters, changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="twenty-one-home")
    parser.add_argument("--punters", type=int, nargs="+", default=[4, 6, 11])
    parser.add_argument("--turns", type=int, default=2000, help="punters' turns a size")
    parser.add_argument("--samples", type=int, default=12, help="draws of the face-down cards")
    parser.add_argument("--margin", type=float, default=0.1, help="a stake: plays not re-weighed")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--null", action="store_true", help="the check: nothing is read")
    args = parser.parse_args()
    game = bench.Game(Rules.parse(args.rules))
    print(f"rules {game.rules.notation()}: the engine's bank edge {game.game.edge:+.4%} (p* held)")
    for punters in args.punters:
        rng, started = random.Random(f"{args.seed} {punters} nots"), time.perf_counter()
        rounds = args.turns // punters
        found = [
            nots_round(game, punters, rng, args.samples, args.margin, args.null)
            for _ in range(rounds)
        ]
        mean = sum(x for x, _ in found) / rounds
        spread = (sum((x - mean) ** 2 for x, _ in found) / (rounds - 1)) ** 0.5
        took = time.perf_counter() - started
        print(f"{punters} punter(s), {rounds:,} rounds, {took:.0f} s: the bank's edge", flush=True)
        print(f"    {-mean * 100:+.4f} ± {spread / rounds**0.5 * 100:.4f} points; first plays")
        print(f"    changed at {sum(n for _, n in found)} of {rounds * punters} turns", flush=True)


if __name__ == "__main__":
    main()
