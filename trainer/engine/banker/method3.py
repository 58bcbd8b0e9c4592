"""002's deal method 3 as the table deals it: the punters play the chart seeing the dealer's
*second* card, the dealer doubles on his first, a punter redoubles on his; each the best answer
to the others.

002: "Каждый игрок, включая сдатчика, получает карту крапом вверх. Просмотрев её, каждый игрок
делает ставку. Сдатчик, просмотрев свою карту, может удвоить все ставки. Если сдатчик
удваивает, любой игрок может их ещё раз удвоить." Then everyone's second card comes face up
(RULES.md, 002, deal methods). So a punter, when he plays, has seen his own two cards and the
dealer's second card ``up``; the dealer's first card (his hole card) is one of the cards left.
Until issue 27 the engine's figures had the punters play knowing the dealer's *first* card, the
one he doubled on: 3.08 +- 0.09 points too much for the bank (``bench/method3_information.py``).

:func:`method3_game` works out, for every first card of the punter's and of the dealer's, the
punter's expected result playing the strategy engine's chart against the up card (as the
table's punters play, :class:`~trainer.engine.play.table.BasicStrategyPolicy`), each later card
drawn from the pack less the cards gone (the hole card's chances given each card seen); then the
punters' redouble (on a first card whose result, the dealer having doubled, is above 0) and the
dealer's double (on a first card where doubling, the punters redoubling so, is worth more to the
bank than not), back and forth from a dealer who never doubles until neither moves
(:attr:`Method3.rounds`).

The approximations, each named with its size (``bench/method3_information.py`` and the tests):

- the dealer's draws come from the pack less his two cards and the punter's first two; the
  cards the punter drew are not taken out of the dealer's pack (the punter's own next cards and
  the hole card's chances do take them out): 0.08 points of the bank's edge at
  ``twenty-one-home`` (undoubled, the chart's game: 11.82% against the strategy engine's exact
  11.74%), at most 0.0013 of a stake per pair of first cards where enumerated;
- a split is worked as two hands, each played on its own, its second card from the pack less
  the pair and the up card (the other hand's cards not taken out); two ten-value cards are not
  split (the chart never splits them);
- one punter against the dealer: the other punters' cards, unseen by him, are not conditioned
  on (each is one of the cards left, as at the strategy engine);
- stakes are flat: a dealer who reads a punter's first card from his stake is not modelled.

**What the punters could also read.** A dealer who doubles tells the punters his hole card is one
he doubles on, and one who does not, that it is not. :func:`reading_the_double` works out the
punters' best play knowing that (each hand played best for the hole card's chances among those
cards, given all he has seen): at ``twenty-one-home`` it takes the bank from +22.91% to +15.77%
of a stake, and the dealer's best answer to such punters is then to double on every card but a
ten, to which their best answer changes again: no pure fixed point. So the engine's punters do
not read the double (the table's punters play the chart), and that reading is named on the rules
page as an interpretation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from trainer.engine.deck.cards import Card
from trainer.engine.play.settlement import settle_hand
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe

__all__ = ["Chart", "Method3", "chart_play", "method3_game", "reading_the_double"]

VALUES = range(1, 11)
Hand = tuple[int, ...]
_CARD = {value: Card.parse("A23456789T"[value - 1] + "S") for value in VALUES}
_FINALS = 6  # the dealer's final totals 17..21, then bust
_MOST_ROUNDS = 10


def _total(hand: Sequence[int]) -> int:
    hard = sum(hand)
    return hard + 10 if 1 in hand and hard <= 11 else hard


def _soft(hand: Sequence[int]) -> bool:
    return 1 in hand and sum(hand) <= 11


def _natural(a: int, b: int) -> bool:
    return {a, b} == {1, 10}


def _dealer_cards(final: int) -> tuple[Card, ...]:
    """Cards making the dealer's final total (index into 17..21, 5 a bust), no natural."""
    if final == _FINALS - 1:
        return (_CARD[10], _CARD[10], _CARD[2])
    return (_CARD[10], _CARD[2], _CARD[final + 5])


@lru_cache(maxsize=50_000)
def _pays(rules: Rules, hand: Hand, split: bool) -> np.ndarray:
    """The punter's net per unit staked, his cards against each of the dealer's final totals."""
    cards = tuple(_CARD[v] for v in hand)
    return np.array(
        [
            float(settle_hand(rules, cards, _dealer_cards(f), 1, split=split).net)
            for f in range(_FINALS)
        ]
    )


def _pay_natural(rules: Rules, a: int, b: int, d1: int, d2: int) -> float:
    """A round settled on the dealt cards: the dealer's natural, or the punter's."""
    cards = (_CARD[a], _CARD[b])
    return float(settle_hand(rules, cards, (_CARD[d1], _CARD[d2]), 1).net)


@lru_cache(maxsize=200_000)
def _dealer_from(rules: Rules, left: tuple[int, ...], hard: int, ace: bool) -> np.ndarray:
    """The chances of the dealer's final totals, drawing from the pack ``left`` (counts by
    value) with ``hard`` (aces 1) and an ace or not, by the rules' draw (``dealer_stands_on``,
    soft 17)."""
    total = hard + 10 if ace and hard <= 11 else hard
    soft = ace and hard <= 11
    if total > 21:
        bust: np.ndarray = np.eye(_FINALS)[_FINALS - 1]
        return bust
    stands = total >= rules.dealer_stands_on and not (
        rules.dealer_hits_soft_17 and soft and total == 17
    )
    if stands:
        final: np.ndarray = np.eye(_FINALS)[min(max(total, 17), 21) - 17]
        return final
    cards = sum(left)
    found = np.zeros(_FINALS)
    for value in VALUES:
        n = left[value - 1]
        if n:
            rest = left[: value - 1] + (n - 1,) + left[value:]
            found += n / cards * _dealer_from(rules, rest, hard + value, ace or value == 1)
    return found


def _dealer_finals(rules: Rules, left: tuple[int, ...], up: int) -> np.ndarray:
    """[hole, final]: the dealer's final totals for each hole card, from the pack ``left`` (the
    up card and the punter's cards out; each hole card taken out in turn)."""
    table = np.zeros((10, _FINALS))
    for hole in VALUES:
        n = left[hole - 1]
        if n and not _natural(hole, up):
            rest = left[: hole - 1] + (n - 1,) + left[hole:]
            table[hole - 1] = _dealer_from(rules, rest, hole + up, 1 in (hole, up))
    return table


_BUST_RESULT = np.full(10, -1.0)
_EYE = np.eye(10)
_SOFT_ROWS = range(13, 22)
# A punter's play on a hand against an up card: "H", "S" or (first two cards only) "P".
Chart = Callable[[Hand, int, bool], str]


def chart_play(codes: dict[str, dict[str, dict[str, str]]]) -> Chart:
    """The strategy engine's chart read as the table's punters read it
    (:class:`trainer.engine.play.table.BasicStrategyPolicy`): a pair's split on the first two
    cards where its code splits, else the hard or soft row, each code's first play that is
    allowed at 002 (no double, no surrender)."""

    def play(hand: Hand, up: int, first: bool) -> str:
        key = "A" if up == 1 else str(up)
        if first and hand[0] == hand[1] and hand[0] != 10:
            pair = "A-A" if hand[0] == 1 else f"{hand[0]}-{hand[0]}"
            if codes["pairs"].get(pair, {}).get(key, "").startswith("P"):
                return "P"
        total = _total(hand)
        section = "soft" if _soft(hand) and total in _SOFT_ROWS else "hard"
        code = codes[section].get(str(min(max(total, 5), 21)), {}).get(key)
        for letter in (code or ("S" if total >= 17 else "H")).split("/"):
            if letter in "HS":
                return letter
        return "S"

    return play


@dataclass(frozen=True)
class _Start:
    """A punter's first two cards against the up card, the hole card one of ``holes``."""

    rules: Rules
    a: int
    b: int
    up: int
    holes: frozenset[int]


class _Player:
    """The punter's play from one start, and its result for each hole card: the chart's where
    one is given, else the best for the hole card's chances given all he has seen."""

    def __init__(
        self, start: _Start, moves: dict[tuple[Hand, bool], str], chart: Chart | None
    ) -> None:
        self.start = start
        self.moves = moves
        self.chart = chart
        rules = start.rules
        left = list(full_shoe(rules.decks))
        for value in (start.a, start.b, start.up):
            left[value - 1] -= 1
        self.left = tuple(left)
        self.finals = _dealer_finals(rules, self.left, start.up)
        self.allowed = np.array(
            [v in start.holes and not _natural(v, start.up) for v in VALUES], dtype=float
        )
        self.memo: dict[tuple[Hand, bool], np.ndarray] = {}

    def _next(self, left: Sequence[int]) -> np.ndarray:
        """[hole, card]: the next card's chances for each hole card (which is out of the pack)."""
        counts = np.array(left, dtype=float)
        chances: np.ndarray = np.maximum(counts[None, :] - _EYE, 0.0) / (counts.sum() - 1)
        return chances

    def value(self, hand: Hand, left: tuple[int, ...], split: bool) -> np.ndarray:
        """The result per unit staked for each hole card, playing from ``hand``."""
        key = (hand, split)
        found = self.memo.get(key)
        if found is not None:
            return found
        stand = self.finals @ _pays(self.start.rules, hand, split)
        found = stand
        if _total(hand) < 21:
            if self.chart is not None:
                draws = self.chart(hand, self.start.up, False) == "H"
                hit = self._hit(hand, left, split) if draws else stand
            else:
                hit = self._hit(hand, left, split)
                weights = np.array(left, dtype=float) * self.allowed
                draws = float(weights @ hit) > float(weights @ stand)
            self.moves[key] = "H" if draws else "S"
            found = hit if draws else stand
        self.memo[key] = found
        return found

    def _hit(self, hand: Hand, left: tuple[int, ...], split: bool) -> np.ndarray:
        kids = np.zeros((10, 10))
        for value in VALUES:
            n = left[value - 1]
            if n == 0:
                continue
            grown = tuple(sorted((*hand, value)))
            if _total(grown) > 21:
                kids[value - 1] = _BUST_RESULT
            else:
                rest = left[: value - 1] + (n - 1,) + left[value:]
                kids[value - 1] = self.value(grown, rest, split)
        found: np.ndarray = (self._next(left) * kids.T).sum(axis=1)
        return found

    def first(self) -> np.ndarray:
        """The start's result for each hole card, with the split where it is played."""
        s = self.start
        hand = (s.a, s.b)
        played = self.value(hand, self.left, split=False)
        if s.a != s.b or s.a == 10 or s.rules.max_split_hands < 2:
            return played
        if self.chart is not None:
            splits = self.chart(hand, s.up, True) == "P"
        else:
            weights = np.array(self.left, dtype=float) * self.allowed
            split = 2 * self._split_hand()
            splits = float(weights @ split) > float(weights @ played)
        if not splits:
            return played
        self.moves[(hand, False)] = "P"
        return 2 * self._split_hand()

    def _split_hand(self) -> np.ndarray:
        """One hand of the split pair, its second card drawn and played (module doc)."""
        a = self.start.a
        left = self.left
        kids = np.zeros((10, 10))
        for value in VALUES:
            n = left[value - 1]
            if n:
                rest = left[: value - 1] + (n - 1,) + left[value:]
                kids[value - 1] = self.value(tuple(sorted((a, value))), rest, split=True)
        found: np.ndarray = (self._next(left) * kids.T).sum(axis=1)
        return found


@dataclass(frozen=True)
class Method3:
    """The game worked out (module doc)."""

    rules: Rules
    doubling: frozenset[int]  # the dealer's first cards he doubles on
    redoubling: frozenset[int]  # the punters' first cards they redouble on
    edge: float  # the bank's expected result per unit of a punter's stake before the double
    rounds: int  # the rounds back and forth it took from :mod:`.doubling`'s
    results: dict[bool, np.ndarray]  # by doubled: [punter's first card, dealer's first card]


def _results(
    rules: Rules, holes: frozenset[int], chart: Chart | None
) -> dict[tuple[int, int, int], np.ndarray]:
    """Each start's result vector over the hole card, the hole card one of ``holes``."""
    found: dict[tuple[int, int, int], np.ndarray] = {}
    for up in VALUES:
        for a in VALUES:
            for b in range(a, 11):
                if not _natural(a, b):
                    start = _Start(rules, a, b, up, holes)
                    found[(a, b, up)] = _Player(start, {}, chart).first()
    return found


def _by_first_cards(rules: Rules, starts: dict[tuple[int, int, int], np.ndarray]) -> np.ndarray:
    """[punter's first card, dealer's first card]: the punter's expected result per unit staked
    (naturals settled as dealt), playing the starts' plays."""
    shoe = full_shoe(rules.decks)
    table = np.zeros((10, 10))
    for p1 in VALUES:
        for d1 in VALUES:
            left = list(shoe)
            left[p1 - 1] -= 1
            left[d1 - 1] -= 1
            if min(left) < 0:
                continue
            cards = sum(left)
            value = 0.0
            for p2 in VALUES:
                if not left[p2 - 1]:
                    continue
                chance = left[p2 - 1] / cards
                left[p2 - 1] -= 1
                for d2 in VALUES:
                    if not left[d2 - 1]:
                        continue
                    both = chance * left[d2 - 1] / (cards - 1)
                    if _natural(d1, d2) or _natural(p1, p2):
                        value += both * _pay_natural(rules, p1, p2, d1, d2)
                    else:
                        a, b = sorted((p1, p2))
                        value += both * float(starts[(a, b, d2)][d1 - 1])
                left[p2 - 1] += 1
            table[p1 - 1, d1 - 1] = value
    return table


def _chances_given(rules: Rules, card: int) -> np.ndarray:
    """The other's first card's chances, one first card ``card`` out of the pack."""
    left = np.asarray(full_shoe(rules.decks), dtype=float)
    left[card - 1] -= 1
    chances: np.ndarray = left / left.sum()
    return chances


def _answers(
    rules: Rules, doubling: frozenset[int], results: dict[bool, np.ndarray]
) -> tuple[frozenset[int], frozenset[int], np.ndarray]:
    """The punters' redoubling cards, then the dealer's best doubling cards against them, and
    the bank's result per unit stake for each first card of the dealer's as he plays."""
    doubled, plain = results[True], results[False]
    redoubling = frozenset(
        p
        for p in VALUES
        if doubling
        and float(
            _chances_given(rules, p)[[d - 1 for d in doubling]]
            @ doubled[p - 1, [d - 1 for d in doubling]]
        )
        > 0
    )
    times = np.array([4.0 if p in redoubling else 2.0 for p in VALUES])
    bank = np.zeros((2, 10))
    for d in VALUES:
        chances = _chances_given(rules, d)
        bank[0, d - 1] = -float(chances @ plain[:, d - 1])
        bank[1, d - 1] = -float(chances @ (times * doubled[:, d - 1]))
    now = frozenset(d for d in VALUES if bank[1, d - 1] > bank[0, d - 1])
    return now, redoubling, bank


def _settled(
    rules: Rules, results: dict[bool, np.ndarray]
) -> tuple[frozenset[int], frozenset[int], np.ndarray, int]:
    """The dealer's doubling and the punters' redoubling, each the best answer to the other,
    from a dealer who never doubles; the bank's result by the dealer's first card, and the
    rounds it took.

    :raises ValueError: when they do not settle."""
    doubling: frozenset[int] = frozenset()
    for rounds in range(1, _MOST_ROUNDS + 1):
        now, redoubling, bank = _answers(rules, doubling, results)
        if now == doubling:
            return doubling, redoubling, bank, rounds
        doubling = now
    raise ValueError("deal_method: the dealer's doubling and the punters' redoubling go round")


def _edge(rules: Rules, doubling: frozenset[int], bank: np.ndarray) -> float:
    chances = np.asarray(full_shoe(rules.decks), dtype=float)
    chosen = np.array([bank[1 if d in doubling else 0, d - 1] for d in VALUES])
    return float(chances @ chosen / chances.sum())


@lru_cache(maxsize=8)
def method3_game(rules: Rules) -> Method3:
    """002's deal method 3 as the table deals it (module doc): the punters playing the
    strategy engine's chart against the dealer's second card, the dealer doubling and the
    punters redoubling where each is worth it against the other.

    :raises ValueError: for rules without deal method 3.
    """
    if rules.deal_method != 3:
        raise ValueError("deal_method: the dealer doubles on his first card in method 3 only")
    from trainer.engine.strategy.chart import compute_chart

    play = chart_play(compute_chart(rules).codes)
    table = _by_first_cards(rules, _results(rules, frozenset(VALUES), play))
    results = {True: table, False: table}
    doubling, redoubling, bank, rounds = _settled(rules, results)
    return Method3(rules, doubling, redoubling, _edge(rules, doubling, bank), rounds, results)


def reading_the_double(rules: Rules) -> tuple[float, frozenset[int], frozenset[int]]:
    """What the punters could also read (module doc): the bank's edge were they to play their
    best knowing whether the dealer doubled (his first card one of :func:`method3_game`'s
    doubling cards, or not), redoubling where that is worth it, the dealer doubling on the same
    cards; with the punters' redoubling cards, and the cards the dealer would then double on
    instead (his best answer to them)."""
    game = method3_game(rules)
    results = {}
    for doubled in (True, False):
        holes = game.doubling if doubled else frozenset(VALUES) - game.doubling
        results[doubled] = _by_first_cards(rules, _results(rules, holes, None))
    answer, redoubling, bank = _answers(rules, game.doubling, results)
    return _edge(rules, game.doubling, bank), redoubling, answer
