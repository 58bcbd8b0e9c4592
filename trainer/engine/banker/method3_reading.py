"""A punter's play at 002's deal method 3 reading the cards the table shows him (issue 27).

The game's figures (:mod:`.method3`) are one punter against the dealer: his play at each hand
reads his own cards, the dealer's second (face-up) card and whether the dealer doubled. At a
table he sees more: the other punters' second cards, the cards drawn before his turn, the cards
shown with a natural, a bust or a split, and after a split his other hand. Reading them is worth
measuring (``bench/method3_reading.py``: 0.05 points of the bank's edge at a table of two
punters, 0.17 at four, 0.34 at six, 0.84 at eleven), so the engine's punters read them: each
card seen is out of the pack the hole card and the draws come from. With nothing more seen, the
play is the game's (:func:`.method3.punter_play`, from its tree); with cards seen it is worked
out here, exactly, for the hand in play (some milliseconds): the hole card's chances are the
cards unseen of each value times the dealer's chance of having done what he did on it (``p``
doubled, ``1 - p`` not), a hole card making a natural with the up card left out.

A hand's figure ``S`` is its result summed over the hole card with those (unnormalised)
weights: standing, the settlement against the dealer's finals drawn from the unseen cards less
the hole card (:func:`.method3_dealer.dealer_finals`); drawing, ``sum_c unseen[c] / (unseen -
1) * S(hand + c)`` (the next card comes from the unseen cards less the hole card; a bust loses
the weights' sum). The punters read the double by the chances their dealer doubles with (the
game's ``p*``, or a table's, :mod:`.method3_table`, as :mod:`trainer.engine.play.
method3_punters` passes them), so that what they read is what he does (docs/table.md: a dealer
doubling otherwise than they read is no fixed point).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from trainer.engine.banker.method3 import Method3, punter_play
from trainer.engine.banker.method3_dealer import dealer_finals
from trainer.engine.banker.method3_tree import VALUES, Hand, hand_total, pays
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe

__all__ = [
    "finals",
    "hand_values",
    "play_values",
    "reading_play",
    "start_values",
    "unseen",
    "weights",
]

Memo = dict[Hand, tuple[float, float, str]]
_TIE = 1e-12  # a draw or split worth no more than this a unit of the weights stands


@lru_cache(maxsize=20_000)
def finals(rules: Rules, left: tuple[int, ...], up: int) -> np.ndarray:
    """:func:`.method3_dealer.dealer_finals` for ``rules``, kept."""
    return dealer_finals(left, up, rules.dealer_stands_on, rules.dealer_hits_soft_17)


def weights(
    game: Method3,
    left: tuple[int, ...],
    up: int,
    doubled: bool,
    chances: tuple[float, ...] | None = None,
) -> np.ndarray:
    """The hole card's weights by value, the cards ``left`` unseen (module doc), the dealer
    doubling by ``chances`` (by default the game's ``p*``)."""
    read = np.asarray(game.chances if chances is None else chances)
    found: np.ndarray = (read if doubled else 1 - read) * np.asarray(left, dtype=float)
    if up in (1, 10):
        found[10 - up] = 0.0  # the hole card making a natural with the up card was shown
    return found


def _take(left: tuple[int, ...], value: int) -> tuple[int, ...]:
    return left[: value - 1] + (left[value - 1] - 1,) + left[value:]


def unseen(rules: Rules, seen: Sequence[int]) -> tuple[int, ...] | None:
    """The pack less the cards ``seen`` (values), by value; None where it does not hold them."""
    left = list(full_shoe(rules.decks))
    for value in seen:
        left[value - 1] -= 1
    return None if min(left) < 0 else tuple(left)


def hand_values(
    game: Method3,
    doubled: bool,
    up: int,
    hand: Hand,
    left: tuple[int, ...],
    pair: int,
    memo: Memo,
    engine_too: bool = True,
    chances: tuple[float, ...] | None = None,
) -> tuple[float, float, str]:
    """``S`` of ``hand`` (sorted; ``pair``: a split hand's pair value, or 0) from the unseen
    cards ``left`` (module doc): a punter reading them, the game's play (its tree's, reading
    none: without ``engine_too`` not worked out, and meaningless, as the engine's punters play
    the reader's and only the bench compares the two), and the reader's play here ("H" or
    "S"). ``memo`` keeps the hands worked out for one ``left`` before the hand's draws;
    ``chances``: the dealer's doubling chances the reader reads (:func:`weights`)."""
    found = memo.get(hand)
    if found is not None:
        return found
    q = weights(game, left, up, doubled, chances)
    stand = _stand(game, up, hand, left, pair, q)
    if hand_total(hand) >= 21:
        memo[hand] = (stand, stand, "S")
        return memo[hand]
    reader, engine = _drawn(game, doubled, up, hand, left, pair, memo, engine_too, chances)
    draws = reader > stand + _TIE * float(q.sum())
    hits = engine_too and punter_play(game, doubled, up, hand, pair, first=False) == "H"
    memo[hand] = (reader if draws else stand, engine if hits else stand, "H" if draws else "S")
    return memo[hand]


def _stand(
    game: Method3, up: int, hand: Hand, left: tuple[int, ...], pair: int, q: np.ndarray
) -> float:
    """``S`` of standing on ``hand`` (module doc), the hole card weighed by ``q``
    (:func:`weights`)."""
    return float(q @ (finals(game.rules, left, up) @ pays(game.rules, hand, bool(pair))))


def _drawn(
    game: Method3,
    doubled: bool,
    up: int,
    hand: Hand,
    left: tuple[int, ...],
    pair: int,
    memo: Memo,
    engine_too: bool,
    chances: tuple[float, ...] | None,
) -> tuple[float, float]:
    """``S`` of drawing a card to ``hand`` and playing on, as the reader plays and as the
    game's play does (:func:`hand_values`)."""
    cards = sum(left)
    reader = engine = 0.0
    for c in VALUES:
        n = left[c - 1]
        if not n:
            continue
        rest = _take(left, c)
        grown = tuple(sorted((*hand, c)))
        if hand_total(grown) > 21:
            r = e = -float(weights(game, rest, up, doubled, chances).sum())
        else:
            r, e, _ = hand_values(game, doubled, up, grown, rest, pair, memo, engine_too, chances)
        reader += n / (cards - 1) * r
        engine += n / (cards - 1) * e
    return reader, engine


def _split(
    game: Method3,
    doubled: bool,
    up: int,
    a: int,
    left: tuple[int, ...],
    engine_too: bool,
    chances: tuple[float, ...] | None,
) -> tuple[float, float]:
    """``S`` of splitting a pair of ``a`` (both hands, each played on), as the reader plays
    and as the game's play does (:func:`hand_values`)."""
    cards = sum(left)
    memo: Memo = {}
    reader = engine = 0.0
    for c in VALUES:
        if left[c - 1]:
            kid = (min(a, c), max(a, c))
            rest = _take(left, c)
            r, e, _ = hand_values(game, doubled, up, kid, rest, a, memo, engine_too, chances)
            reader += 2 * left[c - 1] / (cards - 1) * r
            engine += 2 * left[c - 1] / (cards - 1) * e
    return reader, engine


def start_values(
    game: Method3,
    doubled: bool,
    up: int,
    a: int,
    b: int,
    left: tuple[int, ...],
    engine_too: bool = True,
    chances: tuple[float, ...] | None = None,
) -> tuple[float, float, float, str, str]:
    """A punter's first cards ``a`` and ``b`` against ``up``, the cards ``left`` unseen (his
    cards and the up card out): ``S`` for the reader and for the game's play (``engine_too``,
    :func:`hand_values`), the weights' sum (``S / sum``: the expected result per unit staked),
    and each one's play, a split ("P") included; ``chances``: as :func:`hand_values`."""
    hand = (min(a, b), max(a, b))
    reader, engine, move = hand_values(game, doubled, up, hand, left, 0, {}, engine_too, chances)
    engine_move = punter_play(game, doubled, up, hand, 0, first=True) or "S"
    total = float(weights(game, left, up, doubled, chances).sum())
    if a == b != 10 and game.rules.max_split_hands >= 2:
        split_r, split_e = _split(game, doubled, up, a, left, engine_too, chances)
        if split_r > reader + _TIE * total:
            reader, move = split_r, "P"
        if engine_move == "P":
            engine = split_e
    return reader, engine, total, move, engine_move


def play_values(
    game: Method3,
    doubled: bool,
    up: int,
    hand: Sequence[int],
    pair: int,
    first: bool,
    seen: Sequence[int],
    chances: tuple[float, ...] | None = None,
) -> dict[str, float] | None:
    """What each play of :func:`reading_play`'s punter is worth per unit staked, as he plays
    on: standing ("S"), drawing ("H") and, on a first pair he may split, splitting ("P", both
    hands; two tens as well, which the game's punters never split); None where the pack does
    not hold the cards, the hand has no choice (21 or more) or the double leaves the dealer no
    face-down card. With nothing seen and ``p*``, the game's own figures
    (:meth:`.method3.Method3.hand_evs` and ``start_evs``) to the last digits."""
    cards = tuple(sorted(hand))
    left = unseen(game.rules, (*cards, up, *((pair,) if pair else ()), *seen))
    if left is None or hand_total(cards) >= 21:
        return None
    q = weights(game, left, up, doubled, chances)
    total = float(q.sum())
    if total <= 0:
        return None
    memo: Memo = {}
    drawn, _ = _drawn(game, doubled, up, cards, left, pair, memo, False, chances)
    found = {"S": _stand(game, up, cards, left, pair, q), "H": drawn}
    a, b = cards[0], cards[-1]
    splits = first and not pair and game.rules.max_split_hands >= 2
    if splits and len(cards) == 2 and a == b:  # two tens too: never right, and a learner may
        found["P"] = _split(game, doubled, up, a, left, False, chances)[0]
    return {play: value / total for play, value in found.items()}


def reading_play(
    game: Method3,
    doubled: bool,
    up: int,
    hand: Sequence[int],
    pair: int,
    first: bool,
    seen: Sequence[int],
    chances: tuple[float, ...] | None = None,
) -> str | None:
    """The play ("P", "H" or "S") of a punter holding ``hand`` (``pair``: a split hand's pair
    value, or 0; ``first``: his first two cards, a split allowed) who has seen ``seen`` (card
    values) on the table besides his hand, the up card and a split pair's other card, his
    dealer doubling by ``chances`` (a table's, :mod:`.method3_table`; by default ``p*``); None
    for a hand the game does not hold (:func:`.method3.punter_play`). With nothing seen and
    ``p*``, or cards the pack does not hold (the pack's cards seen in an earlier round), the
    game's."""
    played = punter_play(game, doubled, up, hand, pair, first)
    cards = tuple(sorted(hand))
    # The bench's chances are p* as its machine worked them out: another machine's p* may
    # differ in the last bits (numba compiles for the processor), and is the same chances.
    own = chances is None or np.allclose(chances, game.chances, rtol=0, atol=1e-12)
    if (own and not seen) or played is None or hand_total(cards) >= 21:
        return played
    left = unseen(game.rules, (*cards, up, *((pair,) if pair else ()), *seen))
    if left is None:
        return played
    read = None if own else chances
    if first and pair == 0 and len(cards) == 2:
        return start_values(game, doubled, up, *cards, left, engine_too=False, chances=read)[3]
    return hand_values(game, doubled, up, cards, left, pair, {}, False, read)[2]
