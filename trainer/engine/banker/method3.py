"""002's deal method 3 as its text deals it: the punters play seeing the dealer's *second* card
and reading his double, the dealer doubles on his first card at random, a punter redoubles on
his; each the best answer to the others (the game's mixed equilibrium).

002: "Каждый игрок, включая сдатчика, получает карту крапом вверх. Просмотрев её, каждый игрок
делает ставку. Сдатчик, просмотрев свою карту, может удвоить все ставки. Если сдатчик
удваивает, любой игрок может их ещё раз удвоить." Then everyone's second card comes face up
(RULES.md, 002, deal methods). So a punter, when he plays, has seen his own two cards, the
dealer's second card ``up`` and whether the dealer doubled; the dealer's first card (his hole
card) is one of the cards left, each as likely as the pack holds it times the chance that the
dealer, holding it, did what he did.

**The game.** The dealer doubles on first card ``c`` with chance ``p_c``; the punters (each
against the dealer: the bank's result is the sum of its results against each, stakes flat) play
each hand best for the hole card's chances given everything they saw, and redouble on their own
first card where, the dealer having doubled, they expect more than nothing. The text says only
that the dealer "может удвоить" (may double), and against pure doubling the punters' reading
changes the dealer's best answer again (there is no equilibrium in pure strategies: the dealer
doubling on an ace or a ten, the punters reading it, the dealer would double on every card but
a ten), so the game is worked out at its mixed equilibrium (:mod:`.method3_mixed`): a
cutting-plane search, every figure in it exact, stopping when its lower and upper bounds on the
value are within 0.01 points. At ``twenty-one-home`` (one deck) it takes 17 rounds: the dealer
doubles on an ace or a ten always, on a five with chance 0.8355 and on a six with chance 0.4582,
never on another card; a punter redoubles on an ace; the bank's edge is +18.74% of a stake
(bounds +18.736% and +18.743%). The punters' play against the up card alone (the strategy
engine's chart, the figure before issue 27's last step) gave the bank +22.86%, the dealer
doubling on an ace or a ten; the punters reading that pure double, +15.72%.
``bench/method3_information.py --equilibrium`` checks the value with a deal and play of its own.

**Exact, card by card.** Every result is enumerated over the cards left (:mod:`.method3_tree`):
the dealer's draws from the pack less his two cards and every card the punter holds, his draws
included (:mod:`.method3_dealer`). Two things the figures leave out are exact as they stand for
the chart's play, cards nobody's play reads being as good as cards still in the pack: a split
pair is worked as two hands each played on its own, its second card from the pack less the
pair and the up card; the other punters' cards are not conditioned on. The figures are one
punter against the dealer: at a table a punter also sees the other punters' shown cards and,
after a split, his other hand, and the engine's punters there read them
(:mod:`.method3_reading`); what that reading takes off the bank's edge, at p*, is measured by
``bench/method3_reading.py`` (docs/table.md: 0.05 points at two punters, 0.34 at six). The
engine's dealer at a table doubles by the chances kept for its size (:mod:`.method3_table`:
the table's own equilibrium's at two to six punters, ``p*`` at more), and its punters read his
double by them. Two ten-value cards are not
split.

**What is read, and what is not.** Stakes are flat: a dealer who reads a punter's first card
from his stake is not modelled (the engine's punters stake flat, so their stakes tell him
nothing).

**Kept on disk.** The game of a rule set is some seconds of work (the tree about eight CPU-s at
one deck, the search three): :data:`GAMES` keeps it beside the strategy charts. The web app's
chart job works it out with the chart (``trainer.jobs.kinds``), and its pages read it with
:func:`cached_method3_game`; a drill that needs it first asks
``drills.method3_figures.game_ready``, so no request works it out.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import numpy as np

from trainer.engine.banker.method3_mixed import answer_to, bank_table, equilibrium, table_of, value
from trainer.engine.banker.method3_tree import (
    VALUES,
    Chart,
    Hand,
    Play,
    bits,
    build_tree,
    chart_decisions,
    hand_total,
    node_index,
    unbits,
)
from trainer.engine.cache import ResultCache
from trainer.engine.rulebook.rules import Rules

__all__ = [
    "GAMES",
    "ChartGame",
    "Method3",
    "cached_method3_game",
    "fresh_evs",
    "chart_game",
    "chart_play",
    "method3_game",
    "punter_play",
    "reading_the_double",
    "start_evs",
    "work_out_method3_game",
]

_SOFT_ROWS = range(13, 22)
_MOST_ROUNDS = 10


def _soft(hand: Sequence[int]) -> bool:
    return 1 in hand and sum(hand) <= 11


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
        total = hand_total(hand)
        section = "soft" if _soft(hand) and total in _SOFT_ROWS else "hard"
        code = codes[section].get(str(min(max(total, 5), 21)), {}).get(key)
        for letter in (code or ("S" if total >= 17 else "H")).split("/"):
            if letter in "HS":
                return letter
        return "S"

    return play


@dataclass(frozen=True)
class Method3:
    """The game worked out (module doc)."""

    rules: Rules
    chances: tuple[float, ...]  # by the dealer's first card (ace first): his chance to double
    redoubling: frozenset[int]  # the punters' first cards they redouble on
    edge: float  # the bank's result per unit of a punter's stake before the double (p*'s)
    upper: float  # the search's upper bound on the game's value
    rounds: int  # the search's rounds
    results: dict[bool, np.ndarray]  # by doubled: [punter's first card, dealer's first card]
    bank: np.ndarray  # [not doubled, doubled] by the dealer's first card, against the mix
    hits: dict[bool, str]  # by doubled: the punters' draws at each of the tree's nodes (hex)
    splits: dict[bool, str]  # by doubled: their splits at each start (hex)
    # By doubled, then a start's two first-dealt values and the up card (a <= b, no natural):
    # what standing, drawing and (a pair to split) splitting are worth on those two cards per
    # unit staked, the dealer's hole card read by his double (:func:`start_evs`).
    starts: dict[bool, dict[tuple[int, int, int], tuple[float, ...]]]
    # By doubled: standing's and drawing's worth at every hand not of a split pair, in the
    # tree's order of those nodes (:func:`_fresh_rows`), per unit staked (:meth:`hand_evs`).
    nodes: dict[bool, np.ndarray]

    def hand_evs(self, doubled: bool, up: int, hand: Sequence[int]) -> dict[str, float] | None:
        """What standing ("S") and drawing ("H", then playing on as the game's punters do) are
        worth per unit staked on a hand of card values ``hand`` (any number of cards, not of
        a split pair) against up card ``up``, the dealer having ``doubled`` or not; None for a
        hand the game does not hold, that has no choice (21 or more), or under which the
        double leaves the dealer no face-down card (NaN kept)."""
        cards = tuple(sorted(hand))
        row = _fresh_rows(self.rules).get((up, cards))
        if row is None or hand_total(cards) >= 21:
            return None
        stand, draw = (float(x) for x in self.nodes[doubled][row])
        return None if stand != stand else {"S": stand, "H": draw}

    def start_evs(self, doubled: bool, a: int, b: int, up: int) -> dict[str, float] | None:
        """What a punter's plays are worth on first cards of values ``a`` and ``b`` against
        up card ``up``, the dealer having ``doubled`` or not, per unit staked: "S", "H" and,
        on a pair he may split, "P"; None for two cards the game does not deal (a natural)."""
        found = self.starts[doubled].get((min(a, b), max(a, b), up))
        return None if found is None else dict(zip("SHP", found, strict=False))

    @property
    def doubling(self) -> frozenset[int]:
        """The first cards the dealer doubles on, always or at times."""
        return frozenset(c for c in VALUES if self.chances[c - 1] > 0)

    def chance(self, first: int) -> float:
        """The dealer's chance to double, holding first card ``first`` (1 to 10)."""
        return self.chances[first - 1]


@dataclass(frozen=True)
class ChartGame:
    """The game with the punters playing the strategy engine's chart against the up card and
    reading nothing from the double (the figure before issue 27's last step), the dealer
    doubling where that is worth it against them, they redoubling likewise."""

    doubling: frozenset[int]
    redoubling: frozenset[int]
    edge: float
    rounds: int
    results: np.ndarray  # [punter's first card, dealer's first card]


def _encode(game: Method3) -> dict[str, Any]:
    return {
        "chances": list(game.chances),
        "redoubling": sorted(game.redoubling),
        "edge": game.edge,
        "upper": game.upper,
        "rounds": game.rounds,
        "results": {
            str(doubled).lower(): table.tolist() for doubled, table in game.results.items()
        },
        "bank": game.bank.tolist(),
        "hits": {str(doubled).lower(): bits for doubled, bits in game.hits.items()},
        "splits": {str(doubled).lower(): bits for doubled, bits in game.splits.items()},
        "starts": {
            str(doubled).lower(): [[*start, *evs] for start, evs in starts.items()]
            for doubled, starts in game.starts.items()
        },
        "nodes": {
            str(doubled).lower(): base64.b64encode(np.asarray(rows, "<f8").tobytes()).decode()
            for doubled, rows in game.nodes.items()
        },
    }


def _decode(rules: Rules, document: dict[str, Any]) -> Method3:
    def by_doubled(name: str) -> dict[bool, Any]:
        return {doubled: document[name][str(doubled).lower()] for doubled in (True, False)}

    results = {
        doubled: np.array(table, dtype=float).reshape(10, 10)
        for doubled, table in by_doubled("results").items()
    }
    chances = tuple(float(c) for c in document["chances"])
    if len(chances) != 10:
        raise ValueError("method3: ten doubling chances")
    return Method3(
        rules,
        chances,
        frozenset(int(card) for card in document["redoubling"]),
        float(document["edge"]),
        float(document["upper"]),
        int(document["rounds"]),
        results,
        np.array(document["bank"], dtype=float).reshape(2, 10),
        {k: str(v) for k, v in by_doubled("hits").items()},
        {k: str(v) for k, v in by_doubled("splits").items()},
        {
            doubled: {
                (int(row[0]), int(row[1]), int(row[2])): tuple(float(x) for x in row[3:])
                for row in rows
            }
            for doubled, rows in by_doubled("starts").items()
        },
        {
            doubled: np.frombuffer(base64.b64decode(text), dtype="<f8").reshape(-1, 2)
            for doubled, text in by_doubled("nodes").items()
        },
    )


# The games worked out, kept beside the strategy charts (some seconds of work each): the web
# app's job workers work a rule set's out (with its chart), and its pages read it, never working
# it out in a request (cached_method3_game). Bump the version when the figures change.
GAMES: ResultCache[Method3] = ResultCache(
    "strategy-cache",
    "method3-5",
    encode=_encode,
    env_var="TRAINER_CACHE_DIR",
    memory_limit=8,
    prefix="method3-",
)


def cached_method3_game(rules: Rules) -> Method3 | None:
    """The game of ``rules`` if it is in memory or on disk, else None (nothing is worked out);
    with or without the auction for the deal, the same game (:meth:`.Rules.played`)."""
    rules = rules.played()
    return GAMES.cached(GAMES.key(rules), partial(_decode, rules))


def method3_game(rules: Rules) -> Method3:
    """002's deal method 3 as its text deals it (:func:`work_out_method3_game`), from memory or
    disk, else worked out now (some seconds) and kept.

    :raises ValueError: for rules without deal method 3.
    """
    if rules.deal_method != 3:
        raise ValueError("deal_method: the dealer doubles on his first card in method 3 only")
    rules = rules.played()  # the auction changes who deals, not the game
    work_out, decode = partial(work_out_method3_game, rules), partial(_decode, rules)
    return GAMES.get(GAMES.key(rules), work_out, decode)


def work_out_method3_game(rules: Rules) -> Method3:
    """002's deal method 3 at its mixed equilibrium (module doc, :mod:`.method3_mixed`).

    :raises ValueError: for rules without deal method 3, or a search that does not close.
    """
    if rules.deal_method != 3:
        raise ValueError("deal_method: the dealer doubles on his first card in method 3 only")
    found = equilibrium(rules)
    answer = found.answer
    chances = np.array(found.chances)
    return Method3(
        rules,
        found.chances,
        answer.redoubling,
        found.lower,
        found.upper,
        found.rounds,
        answer.results,
        found.bank,
        {doubled: bits(play.hits) for doubled, play in answer.plays.items()},
        {doubled: bits(play.splits) for doubled, play in answer.plays.items()},
        {
            doubled: start_evs(rules, play, chances if doubled else 1 - chances)
            for doubled, play in answer.plays.items()
        },
        {
            doubled: fresh_evs(rules, play, chances if doubled else 1 - chances)
            for doubled, play in answer.plays.items()
        },
    )


@lru_cache(maxsize=4)
def _fresh_rows(rules: Rules) -> dict[tuple[int, Hand], int]:
    """Each hand not of a split pair (its up card and sorted values) by its row in
    :attr:`Method3.nodes`: the tree's nodes of no split pair, in the tree's order."""
    nodes, _ = node_index(rules)
    fresh = sorted((index, (up, hand)) for (up, hand, pair), index in nodes.items() if not pair)
    return {key: row for row, (_, key) in enumerate(fresh)}


def fresh_evs(rules: Rules, play: Play, weights: np.ndarray) -> np.ndarray:
    """:attr:`Method3.nodes` for one branch: standing's and drawing's worth under ``play``
    at every node of no split pair, in the tree's order (:func:`_fresh_rows`)."""
    tree = build_tree(rules)
    fresh = np.array([not pair for _, _, pair in tree.keys])
    found: np.ndarray = tree.node_evs(play, weights)[fresh]
    return found


def start_evs(
    rules: Rules, play: Play, weights: np.ndarray
) -> dict[tuple[int, int, int], tuple[float, ...]]:
    """Each start's plays' worth (:attr:`Method3.starts`) under ``play``, the punters' play
    for hole card weights ``weights`` (the dealer's chances to double, or one less them):
    standing, drawing, and splitting on a pair the tree splits."""
    tree = build_tree(rules)
    evs = tree.start_evs(play, weights)
    pairs = set(tree.pair_starts.tolist())
    found: dict[tuple[int, int, int], tuple[float, ...]] = {}
    for index, start in enumerate(tree.starts):
        row = evs[index]
        if not np.isnan(row).any():
            found[start] = tuple(float(x) for x in row[: 3 if index in pairs else 2])
    return found


def _chart_answers(
    rules: Rules, doubling: frozenset[int], table: np.ndarray
) -> tuple[frozenset[int], frozenset[int], np.ndarray]:
    """Against chart-playing punters (their table ``table``, doubled or not): their redoubling
    cards for ``doubling``, then the dealer's best doubling cards against them, and the bank's
    table [not doubled, doubled] (:func:`.method3_mixed.bank_table`)."""
    chances = np.array([1.0 if c in doubling else 0.0 for c in VALUES])
    redoubling, bank = bank_table(rules, chances, {True: table, False: table})
    now = frozenset(d for d in VALUES if bank[1, d - 1] > bank[0, d - 1])
    return now, redoubling, bank


def chart_game(rules: Rules) -> ChartGame:
    """The game with the punters playing the chart (:class:`ChartGame`): the dealer's doubling
    and the punters' redoubling each the best answer to the other, from a dealer who never
    doubles (some seconds; not kept).

    :raises ValueError: for rules without deal method 3, or doubling that does not settle.
    """
    if rules.deal_method != 3:
        raise ValueError("deal_method: the dealer doubles on his first card in method 3 only")
    from trainer.engine.strategy.cache import chart

    tree = build_tree(rules)
    hits, splits = chart_decisions(tree, chart_play(chart(rules).codes))
    table = table_of(rules, tree.play(hits=hits, splits=splits))
    doubling: frozenset[int] = frozenset()
    for rounds in range(1, _MOST_ROUNDS + 1):
        now, redoubling, bank = _chart_answers(rules, doubling, table)
        if now == doubling:
            chances = np.array([1.0 if c in doubling else 0.0 for c in VALUES])
            return ChartGame(doubling, redoubling, value(rules, chances, bank), rounds, table)
        doubling = now
    raise ValueError("deal_method: the dealer's doubling and the punters' redoubling go round")


def reading_the_double(rules: Rules) -> tuple[float, frozenset[int], frozenset[int]]:
    """The punters reading a pure double (the chart game's doubling cards, :func:`chart_game`):
    the bank's edge, the punters' redoubling cards, and the cards the dealer would then double
    on instead (his best answer to them): why the game has no pure equilibrium."""
    doubling = chart_game(rules).doubling
    chances = np.array([1.0 if c in doubling else 0.0 for c in VALUES])
    answer = answer_to(rules, chances)
    bank = answer.bank
    instead = frozenset(d for d in VALUES if bank[1, d - 1] > bank[0, d - 1])
    return value(rules, chances, bank), answer.redoubling, instead


def punter_play(
    game: Method3, doubled: bool, up: int, hand: Sequence[int], pair: int, first: bool
) -> str | None:
    """The table's punters' play (their best answer to the dealer's chances, :class:`Method3`):
    "P" (split, on the first two cards of a pair with ``first``), "H" or "S"; None for a hand
    the game does not hold (a third split hand). ``pair``: a split hand's pair value, or 0."""
    nodes, starts = node_index(game.rules)
    cards = tuple(sorted(hand))
    if first and pair == 0 and len(cards) == 2 and cards[0] == cards[1]:
        start = starts.get((*cards, up))
        if start is not None and unbits(game.splits[doubled])[start]:
            return "P"
    node = nodes.get((up, cards, pair))
    if node is None:
        return None
    if hand_total(cards) >= 21:
        return "S"
    return "H" if unbits(game.hits[doubled])[node] else "S"
