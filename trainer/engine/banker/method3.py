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

**Exact, card by card.** The dealer's draws come from the pack less his two cards and every card
the punter holds, his draws included (:mod:`.method3_dealer`, compiled: a second or two a rule
set). Until issue 27's last step they did not take out the punter's draws: 0.06 points of the
bank's edge at ``twenty-one-home`` (+22.91% then, +22.86% now; undoubled, the punters' loss
11.82% then, 11.76% now). Each figure is the bench's exact enumeration
(``bench/method3_information.py --exact``, its own deal and play) to the last digits
(``tests/engine/test_method3_information.py``). Two things the figures leave out are exact as
they stand, cards nobody's play reads being as good as cards still in the pack: a split pair is
worked as two hands each played on its own, its second card from the pack less the pair and the
up card (the other hand's cards are unseen by this hand's play and by the dealer's draws); the
other punters' cards are not conditioned on. Two ten-value cards are not split (the chart never
splits them).

**What is read, and what is not.** Stakes are flat: a dealer who reads a punter's first card
from his stake is not modelled (the engine's punters stake flat, so their stakes tell him
nothing). A dealer who doubles tells the punters his hole card is one he doubles on, and one who
does not, that it is not. :func:`reading_the_double` works out the punters' best play knowing
that (each hand played best for the hole card's chances among those cards, given all he has
seen): at ``twenty-one-home`` it takes the bank from +22.86% to some +15.8% of a stake, and the
dealer's best answer to such punters is then to double on every card but a ten, to which their
best answer changes again: there is no equilibrium in pure strategies. The text says only that
the dealer "может удвоить" (may double): it gives no rule for when, so the game it describes has
its equilibrium in mixed strategies (the dealer doubling on some first cards at random, with
chances that leave him indifferent there), which this module does not work out. The engine's
punters do not read the double (the table's punters play the chart), and that reading is named
on the rules page as an interpretation (``002-method-3``); docs/table.md gives its size.

**Kept on disk.** The game of a rule set is some seconds of work: :data:`GAMES` keeps it beside
the strategy charts. The web app's chart job works it out with the chart
(``trainer.jobs.kinds``), and its pages read it with :func:`cached_method3_game`; a drill that
needs it first asks ``drills.method3_figures.game_ready``, so no request works it out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import numpy as np

from trainer.engine.banker.method3_dealer import BUST, FINALS, LOWEST, dealer_finals
from trainer.engine.cache import ResultCache
from trainer.engine.deck.cards import Card
from trainer.engine.play.settlement import settle_hand
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe

__all__ = [
    "GAMES",
    "Chart",
    "Method3",
    "cached_method3_game",
    "chart_play",
    "method3_game",
    "reading_the_double",
    "work_out_method3_game",
]

VALUES = range(1, 11)
Hand = tuple[int, ...]
_CARD = {value: Card.parse("A23456789T"[value - 1] + "S") for value in VALUES}
_MOST_ROUNDS = 10


def _total(hand: Sequence[int]) -> int:
    hard = sum(hand)
    return hard + 10 if 1 in hand and hard <= 11 else hard


def _soft(hand: Sequence[int]) -> bool:
    return 1 in hand and sum(hand) <= 11


def _natural(a: int, b: int) -> bool:
    return {a, b} == {1, 10}


def _dealer_cards(final: int) -> tuple[Card, ...]:
    """Cards making the dealer's final total (index ``total - LOWEST`` into 12..21, then
    :data:`BUST`), never a natural."""
    if final == BUST:
        return (_CARD[10], _CARD[10], _CARD[2])
    if final == 0:
        return (_CARD[10], _CARD[1], _CARD[1])
    return (_CARD[10], _CARD[2], _CARD[LOWEST - 12 + final])


@lru_cache(maxsize=50_000)
def _pays(rules: Rules, hand: Hand, split: bool) -> np.ndarray:
    """The punter's net per unit staked, his cards against each of the dealer's final totals."""
    cards = tuple(_CARD[v] for v in hand)
    return np.array(
        [
            float(settle_hand(rules, cards, _dealer_cards(f), 1, split=split).net)
            for f in range(FINALS)
        ]
    )


def _pay_natural(rules: Rules, a: int, b: int, d1: int, d2: int) -> float:
    """A round settled on the dealt cards: the dealer's natural, or the punter's."""
    cards = (_CARD[a], _CARD[b])
    return float(settle_hand(rules, cards, (_CARD[d1], _CARD[d2]), 1).net)


def _dealer_finals(rules: Rules, left: tuple[int, ...], up: int) -> np.ndarray:
    """[hole, final]: the dealer's final totals for each hole card, drawing exactly from the
    pack ``left`` (the up card and the punter's cards out; each hole card taken out in turn;
    :func:`.method3_dealer.dealer_finals`)."""
    return dealer_finals(left, up, rules.dealer_stands_on, rules.dealer_hits_soft_17)


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
        self.finals: dict[tuple[int, ...], np.ndarray] = {}
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
        if _total(hand) >= 21:
            found = self._stand(hand, left, split)
        elif self.chart is not None:
            draws = self.chart(hand, self.start.up, False) == "H"
            self.moves[key] = "H" if draws else "S"
            found = self._hit(hand, left, split) if draws else self._stand(hand, left, split)
        else:
            hit, stand = self._hit(hand, left, split), self._stand(hand, left, split)
            weights = np.array(left, dtype=float) * self.allowed
            draws = float(weights @ hit) > float(weights @ stand)
            self.moves[key] = "H" if draws else "S"
            found = hit if draws else stand
        self.memo[key] = found
        return found

    def _stand(self, hand: Hand, left: tuple[int, ...], split: bool) -> np.ndarray:
        """The result for each hole card standing on ``hand``, the dealer drawing from
        ``left``: the pack less every card the punter has drawn."""
        finals = self.finals.get(left)
        if finals is None:
            finals = self.finals[left] = _dealer_finals(self.start.rules, left, self.start.up)
        found: np.ndarray = finals @ _pays(self.start.rules, hand, split)
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


def _encode(game: Method3) -> dict[str, Any]:
    return {
        "doubling": sorted(game.doubling),
        "redoubling": sorted(game.redoubling),
        "edge": game.edge,
        "rounds": game.rounds,
        "results": {
            str(doubled).lower(): table.tolist() for doubled, table in game.results.items()
        },
    }


def _decode(rules: Rules, document: dict[str, Any]) -> Method3:
    results = {
        doubled: np.array(document["results"][str(doubled).lower()], dtype=float).reshape(10, 10)
        for doubled in (True, False)
    }
    return Method3(
        rules,
        frozenset(int(card) for card in document["doubling"]),
        frozenset(int(card) for card in document["redoubling"]),
        float(document["edge"]),
        int(document["rounds"]),
        results,
    )


# The games worked out, kept beside the strategy charts (some seconds of work each): the web
# app's job workers work a rule set's out (with its chart), and its pages read it, never working
# it out in a request (cached_method3_game). Bump the version when the figures change.
GAMES: ResultCache[Method3] = ResultCache(
    "strategy-cache",
    "method3-2",
    encode=_encode,
    env_var="TRAINER_CACHE_DIR",
    memory_limit=8,
    prefix="method3-",
)


def cached_method3_game(rules: Rules) -> Method3 | None:
    """The game of ``rules`` if it is in memory or on disk, else None (nothing is worked out)."""
    return GAMES.cached(GAMES.key(rules), partial(_decode, rules))


def method3_game(rules: Rules) -> Method3:
    """002's deal method 3 as the table deals it (:func:`work_out_method3_game`), from memory or
    disk, else worked out now (some seconds) and kept.

    :raises ValueError: for rules without deal method 3.
    """
    if rules.deal_method != 3:
        raise ValueError("deal_method: the dealer doubles on his first card in method 3 only")
    work_out, decode = partial(work_out_method3_game, rules), partial(_decode, rules)
    return GAMES.get(GAMES.key(rules), work_out, decode)


def work_out_method3_game(rules: Rules) -> Method3:
    """002's deal method 3 as the table deals it (module doc): the punters playing the
    strategy engine's chart against the dealer's second card, the dealer doubling and the
    punters redoubling where each is worth it against the other.

    :raises ValueError: for rules without deal method 3.
    """
    if rules.deal_method != 3:
        raise ValueError("deal_method: the dealer doubles on his first card in method 3 only")
    from trainer.engine.strategy.cache import chart

    play = chart_play(chart(rules).codes)
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
