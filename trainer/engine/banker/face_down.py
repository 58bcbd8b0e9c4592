"""004 as its text deals it: every card face down, the punters' chart of one column, and the
banker who plays his best.

The text deals two cards "to every punter, not excepting himself" and shows no card: a punter
sees his own cards only; the banker sees his own and, of each punter, what the table shows: the
stake, how many cards he drew, and that a punter who went past 21 is out (``deal_faces =
all-down``). So:

- the punter's play has no banker card to go by: his chart has one column (:class:`PunterPlay`,
  a draw or a stand for each hand he may hold, by its cards);
- the banker's draw goes by his own cards and, of each punter still standing, how many cards
  he drew (:class:`BankerPlay`); for the bank's money at a table, the stakes weigh each punter
  (:func:`banker_draws`);
- the best banker and the punters' best chart answer each other: :func:`fixed_point` starts
  from a banker who stands on ``dealer_stands_on``, gives the punters their best chart against
  him, gives the banker his best play against that chart, and repeats until neither moves.

Exact over the pack's composition, with one approximation, named because it is one: each side's
cards come from the pack less that side's own cards (every draw exact: each card drawn leaves
the rest), and the other side's cards are taken as dealt independently of them (the punter's
cards do not change what the banker may draw, nor the banker's the punter's). The independent
simulation in ``tests/engine/test_face_down.py`` deals both from one shuffled pack, so it
measures the approximation too. A stake tells the banker the money, not the cards: he weighs
punters by their stakes but reads nothing of their cards from them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from typing import Any

from trainer.engine.cache import ResultCache
from trainer.engine.deck.cards import Card
from trainer.engine.play.settlement import settle_hand
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe

__all__ = [
    "BankerPlay",
    "bank_draw_evs",
    "bank_stands_by_draws",
    "card_chances",
    "may_draw",
    "with_card",
    "FixedPoint",
    "PunterPlay",
    "Round",
    "FIXED_POINTS",
    "banker_draws",
    "cached_fixed_point",
    "fixed_point",
    "work_out_fixed_point",
    "punter_reach",
    "face_down_game",
    "two_card_ev",
]

VALUES = range(1, 11)
_CARD = {value: Card.parse("A23456789T"[value - 1] + "S") for value in VALUES}
_BUST = 22  # a banker's final "total" past 21
Hand = tuple[int, ...]  # card values, sorted


def total_of(hand: Sequence[int]) -> int:
    """The best total of card values (an ace 11 where that stays within 21)."""
    hard = sum(hand)
    return hard + 10 if 1 in hand and hard <= 11 else hard


def is_soft(hand: Sequence[int]) -> bool:
    """Whether an ace counts 11 in the hand's best total."""
    return 1 in hand and sum(hand) <= 11


def _natural(hand: Hand) -> bool:
    return len(hand) == 2 and hand == (1, 10)


def _add(hand: Hand, value: int) -> Hand:
    return tuple(sorted((*hand, value)))


def _draws(shoe: tuple[int, ...], hand: Hand) -> list[tuple[int, float]]:
    """The next card's values and chances: the pack less the hand's own cards."""
    left = list(shoe)
    for value in hand:
        left[value - 1] -= 1
    cards = sum(left)
    return [(v, n / cards) for v, n in zip(VALUES, left, strict=True) if n > 0]


def _two_cards(shoe: tuple[int, ...]) -> list[tuple[Hand, float]]:
    """Every two-card hand from the full pack and its chance."""
    cards = sum(shoe)
    hands: list[tuple[Hand, float]] = []
    for a in VALUES:
        for b in VALUES:
            if b < a:
                continue
            first = shoe[a - 1] / cards
            second = (shoe[b - 1] - (a == b)) / (cards - 1)
            chance = first * second * (1 if a == b else 2)
            if chance > 0:
                hands.append(((a, b), chance))
    return hands


def _may_draw(rules: Rules, hand: Hand) -> bool:
    drawn = len(hand) - 2
    return total_of(hand) < 21 and (rules.max_draws is None or drawn < rules.max_draws)


@lru_cache(maxsize=200_000)
def _pay(rules: Rules, hand: Hand, banker: int, banker_natural: bool = False) -> float:
    """The punter's net on one unit: his cards ``hand`` against the banker's final ``banker``
    (``22``: bust), by the engine's own settlement."""
    cards = tuple(_CARD[v] for v in hand)
    settled = settle_hand(rules, cards, _banker_cards(banker), 1, dealer_natural=banker_natural)
    return float(settled.net)


def _banker_cards(total: int) -> tuple[Card, ...]:
    """Cards making ``total`` (no natural), to settle against."""
    if total > 21:
        return (_CARD[10], _CARD[10], _CARD[2])
    if total == 21:
        return (_CARD[10], _CARD[9], _CARD[2])
    if total >= 13:
        return (_CARD[10], _CARD[2], _CARD[total - 12]) if total > 13 else (_CARD[10], _CARD[3])
    return (_CARD[2], _CARD[total - 2]) if total >= 4 else (_CARD[2], _CARD[2])


@dataclass(frozen=True)
class PunterPlay:
    """The punter's chart of one column: ``"H"`` (draw) or ``"S"`` (stand) for every hand he
    may draw to, by its cards (sorted values; the number of cards says how many he drew)."""

    moves: Mapping[Hand, str]
    # Each such hand's EVs of standing and of drawing, given no banker's dealt 21.
    values: Mapping[Hand, tuple[float, float]] = field(default_factory=dict, compare=False)

    def draws(self, hand: Sequence[int]) -> bool:
        return self.moves.get(tuple(sorted(hand)), "S") == "H"


@dataclass(frozen=True)
class BankerPlay:
    """The banker's draws against one punter still standing: ``"H"`` or ``"S"`` for each of
    his hands he may draw to and each count of the punter's draws (``(hand, drawn)``).
    ``stands_on`` (where given) is a fixed total instead: he draws below it, whatever he sees."""

    moves: Mapping[tuple[Hand, int], str] = field(default_factory=dict)
    stands_on: int | None = None
    hits_soft_17: bool = False

    def draws(self, hand: Sequence[int], drawn: int) -> bool:
        key = tuple(sorted(hand))
        if self.stands_on is not None:
            total = total_of(key)
            soft17 = self.hits_soft_17 and total == 17 and is_soft(key)
            return total < self.stands_on or soft17
        return self.moves.get((key, drawn), "S") == "H"


def punter_reach(rules: Rules, play: PunterPlay) -> dict[Hand, float]:
    """The chance of the punter holding each hand he may draw to, playing ``play``."""
    reach: dict[Hand, float] = {}
    _punter_finals(rules, play, reach)
    return reach


def _punter_finals(
    rules: Rules, play: PunterPlay, reach: dict[Hand, float] | None = None
) -> dict[Hand, float]:
    """The punter's final hands (busts included) and their chances, playing ``play``; each
    hand he may draw to, with its chance, into ``reach`` where given."""
    shoe = full_shoe(rules.decks)
    finals: dict[Hand, float] = {}
    layer = dict(_two_cards(shoe))
    while layer:
        following: dict[Hand, float] = {}
        for hand, chance in layer.items():
            if reach is not None and not _natural(hand) and _may_draw(rules, hand):
                reach[hand] = reach.get(hand, 0.0) + chance
            if _natural(hand) or not _may_draw(rules, hand) or not play.draws(hand):
                finals[hand] = finals.get(hand, 0.0) + chance
                continue
            for value, p in _draws(shoe, hand):
                nxt = _add(hand, value)
                following[nxt] = following.get(nxt, 0.0) + chance * p
        layer = following
    return finals


def _banker_totals(rules: Rules, play: BankerPlay, drawn: int) -> dict[int, float]:
    """The banker's final totals (``22``: bust) against a punter who drew ``drawn`` cards,
    given that he was dealt no 21 (a dealt 21 ends the round first)."""
    shoe = full_shoe(rules.decks)
    totals: dict[int, float] = {}
    start = [(hand, p) for hand, p in _two_cards(shoe) if not _natural(hand)]
    norm = sum(p for _, p in start)
    layer = {hand: p / norm for hand, p in start}
    while layer:
        following: dict[Hand, float] = {}
        for hand, chance in layer.items():
            total = total_of(hand)
            if not _may_draw(rules, hand) or not play.draws(hand, drawn):
                key = min(total, _BUST)
                totals[key] = totals.get(key, 0.0) + chance
                continue
            for value, p in _draws(shoe, hand):
                nxt = _add(hand, value)
                following[nxt] = following.get(nxt, 0.0) + chance * p
        layer = following
    return totals


def _natural_chance(shoe: Sequence[int]) -> float:
    cards = sum(shoe)
    return 2 * shoe[0] * shoe[9] / (cards * (cards - 1))


def punter_best(
    rules: Rules, banker: BankerPlay, stand_on: frozenset[int] = frozenset()
) -> tuple[PunterPlay, dict[Hand, float]]:
    """The punter's best chart against ``banker``, and each two-card hand's EV under it (given
    no banker's dealt 21: the punter plays only then); never drawing to a total in
    ``stand_on`` where given (a text's advice, best elsewhere)."""
    shoe = full_shoe(rules.decks)
    against: dict[int, dict[int, float]] = {}  # the banker's totals, by the punter's draws
    moves: dict[Hand, str] = {}
    values: dict[Hand, tuple[float, float]] = {}

    @cache
    def value(hand: Hand) -> float:
        drawn = len(hand) - 2
        if drawn not in against:
            against[drawn] = _banker_totals(rules, banker, drawn)
        stand = sum(p * _pay(rules, hand, t) for t, p in against[drawn].items())
        if total_of(hand) > 21 or _natural(hand) or not _may_draw(rules, hand):
            return stand
        hit = sum(p * value(_add(hand, v)) for v, p in _draws(shoe, hand))
        if total_of(hand) in stand_on:
            hit = stand  # the advice stands here
        moves[hand] = "H" if hit > stand else "S"
        values[hand] = (stand, hit)
        return max(hit, stand)

    evs = {hand: value(hand) for hand, _ in _two_cards(shoe)}
    return PunterPlay(moves, values), evs


def banker_best(rules: Rules, punter: PunterPlay) -> BankerPlay:
    """The banker's best play against one punter still standing who plays ``punter``."""
    shoe = full_shoe(rules.decks)
    by_draws: dict[int, dict[Hand, float]] = {}
    for hand, chance in _punter_finals(rules, punter).items():
        if total_of(hand) <= 21:
            by_draws.setdefault(len(hand) - 2, {})[hand] = chance
    moves: dict[tuple[Hand, int], str] = {}
    for drawn, hands in by_draws.items():
        stand_values = _bank_stands(rules, hands)
        _banker_walk(rules, shoe, stand_values, drawn, moves)
    return BankerPlay(moves)


def _bank_stands(rules: Rules, hands: Mapping[Hand, float]) -> dict[int, float]:
    """The bank's expected net, per unit staked, of standing on each total (``22``: bust)
    against a punter's hands still standing with these chances."""
    weight = sum(hands.values())
    return {
        total: -sum(p * _pay(rules, hand, total) for hand, p in hands.items()) / weight
        for total in range(2, _BUST + 1)
    }


def _banker_walk(
    rules: Rules,
    shoe: tuple[int, ...],
    stands: Mapping[int, float],
    drawn: int,
    moves: dict[tuple[Hand, int], str],
) -> None:
    @cache
    def best(hand: Hand) -> float:
        stand = stands[min(total_of(hand), _BUST)]
        if not _may_draw(rules, hand):
            return stand
        draw = sum(p * best(_add(hand, v)) for v, p in _draws(shoe, hand))
        moves[(hand, drawn)] = "H" if draw > stand else "S"
        return max(draw, stand)

    for hand, _ in _two_cards(shoe):
        if not _natural(hand):
            best(hand)


def two_card_ev(rules: Rules, evs: Mapping[Hand, float], hand: Sequence[int]) -> float:
    """A two-card hand's EV made unconditional: the banker's dealt 21 takes the stake first
    (his two cards from the pack less the punter's)."""
    key = tuple(sorted(hand))
    left = list(full_shoe(rules.decks))
    for value in key:
        left[value - 1] -= 1
    q = _natural_chance(left)
    lost = _pay(rules, key, 21, banker_natural=True)
    return q * lost + (1 - q) * evs[key]


def _edge(rules: Rules, evs: Mapping[Hand, float]) -> float:
    shoe = full_shoe(rules.decks)
    return sum(p * two_card_ev(rules, evs, hand) for hand, p in _two_cards(shoe))


@dataclass(frozen=True)
class Round:
    """One round of the fixed point: how many of the punters' and the banker's choices moved,
    and the punter's edge after it."""

    punter_moved: int
    banker_moved: int
    edge: float


@dataclass(frozen=True)
class FixedPoint:
    """Where the best banker and the punters' best chart meet (module doc)."""

    punter: PunterPlay
    banker: BankerPlay
    evs: Mapping[Hand, float]  # each two-card hand's EV, given no banker's dealt 21
    edge: float  # the punter's expected net per unit staked, every stake flat
    rounds: tuple[Round, ...]
    start_edge: float  # the edge against the banker standing on dealer_stands_on
    cycle: int = 0  # rounds in the cycle the answers went round, where they did not settle

    def two_card_ev(self, rules: Rules, hand: Sequence[int]) -> float:
        return two_card_ev(rules, self.evs, hand)


_MOST_ROUNDS = 30


class NoFixedPointError(ValueError):
    """The banker's and the punters' best answers went round without settling."""


def _hands(mapping: Mapping[Hand, Any]) -> list[list[Any]]:
    return [[list(hand), value] for hand, value in mapping.items()]


def _encode(point: FixedPoint) -> dict[str, Any]:
    return {
        "punter": _hands(point.punter.moves),
        "values": _hands(point.punter.values),
        "banker": [[list(hand), drawn, move] for (hand, drawn), move in point.banker.moves.items()],
        "stands_on": point.banker.stands_on,
        "hits_soft_17": point.banker.hits_soft_17,
        "evs": _hands(point.evs),
        "edge": point.edge,
        "rounds": [[r.punter_moved, r.banker_moved, r.edge] for r in point.rounds],
        "start_edge": point.start_edge,
        "cycle": point.cycle,
    }


def _decode(document: dict[str, Any]) -> FixedPoint:
    punter = PunterPlay(
        {tuple(hand): move for hand, move in document["punter"]},
        {tuple(hand): (float(a), float(b)) for hand, (a, b) in document["values"]},
    )
    banker = BankerPlay(
        {(tuple(hand), int(drawn)): move for hand, drawn, move in document["banker"]},
        document["stands_on"],
        bool(document["hits_soft_17"]),
    )
    return FixedPoint(
        punter,
        banker,
        {tuple(hand): float(ev) for hand, ev in document["evs"]},
        float(document["edge"]),
        tuple(Round(int(p), int(b), float(e)) for p, b, e in document["rounds"]),
        float(document["start_edge"]),
        int(document["cycle"]),
    )


# The fixed points worked out, kept beside the strategy charts (a second of work each): the web
# app's job workers work a new rule set's out, and its pages read it (cached_fixed_point).
FIXED_POINTS: ResultCache[FixedPoint] = ResultCache(
    "strategy-cache",
    "fixed-point-1",
    encode=_encode,
    env_var="TRAINER_CACHE_DIR",
    memory_limit=16,
    prefix="fixed-point-",
)


def cached_fixed_point(rules: Rules) -> FixedPoint | None:
    """The fixed point of ``rules`` if it is in memory or on disk, else None (nothing is
    worked out)."""
    return FIXED_POINTS.cached(FIXED_POINTS.key(rules), _decode)


def fixed_point(rules: Rules) -> FixedPoint:
    """The fixed point of ``rules`` (:func:`work_out_fixed_point`), from memory or disk, else
    worked out now (about a second) and kept."""
    return FIXED_POINTS.get(FIXED_POINTS.key(rules), partial(work_out_fixed_point, rules), _decode)


def work_out_fixed_point(rules: Rules) -> FixedPoint:
    """The banker's best play and the punters' best chart, each against the other (module
    doc). Where the rules fix the banker's total (``banker_best`` off), the punters' best
    chart against that banker, in no rounds.

    :raises NoFixedPointError: when the answers have not settled in 30 rounds.
    """
    fixed = BankerPlay(stands_on=rules.dealer_stands_on, hits_soft_17=rules.dealer_hits_soft_17)
    punter, evs = punter_best(rules, fixed)
    start = _edge(rules, evs)
    if not rules.banker_best:
        return FixedPoint(punter, fixed, evs, start, (), start)
    banker = fixed
    rounds: list[Round] = []
    seen: list[frozenset[tuple[Hand, int]]] = []
    for _ in range(_MOST_ROUNDS):
        answer = banker_best(rules, punter)
        banker_moved = sum(
            1
            for (hand, drawn), move in answer.moves.items()
            if banker.draws(hand, drawn) != (move == "H")
        )
        if banker_moved == 0 and rounds:
            return FixedPoint(punter, banker, evs, rounds[-1].edge, tuple(rounds), start)
        draws = frozenset(key for key, move in answer.moves.items() if move == "H")
        repeats = draws in seen
        seen.append(draws)
        banker = answer
        following, evs = punter_best(rules, banker)
        punter_moved = sum(
            1
            for hand in set(punter.moves) | set(following.moves)
            if punter.draws(hand) != following.draws(hand)
        )
        punter = following
        rounds.append(Round(punter_moved, banker_moved, _edge(rules, evs)))
        if repeats:
            # No pure fixed point: the answers go round a cycle of a few cells. The punters'
            # chart is kept exact against the banker who plays (module doc).
            cycle = len(seen) - 1 - seen.index(draws)
            return FixedPoint(
                punter, banker, evs, rounds[-1].edge, tuple(rounds), start, cycle=cycle
            )
    raise NoFixedPointError(
        f"banker_best: the banker's and the punters' best answers did not settle in "
        f"{_MOST_ROUNDS} rounds"
    )


@lru_cache(maxsize=64)  # some 0.1 s a rule set: the strategy page of 004 shows it each time
def edge_standing_on(rules: Rules, stand_on: frozenset[int]) -> float:
    """The punter's edge (per unit staked) never drawing to a total in ``stand_on`` and best
    elsewhere, against the banker of the fixed point: what a punter following a text's advice
    gets where the banker plays his best against the punters' chart (a punter's deviation
    priced as a play is, the others unchanged)."""
    point = fixed_point(rules)
    return _edge(rules, punter_best(rules, point.banker, stand_on)[1])


def face_down_game(rules: Rules) -> bool:
    """Whether the rules deal 004's game with every card face down."""
    return rules.deal_faces == "all-down"


def bank_draw_evs(
    rules: Rules, hand: Sequence[int], punters: Sequence[tuple[float, int]]
) -> dict[str, float]:
    """The bank's expected net, in money, of standing (``"S"``) and of drawing one card and
    then choosing best (``"H"``) on ``hand`` (card values), against the punters still standing
    as the banker sees them, each ``(stake, cards drawn)``, who play the fixed point's chart.

    :raises ValueError: when the banker may not draw (21 or more, or ``max_draws`` drawn).
    """
    key = tuple(sorted(hand))
    if not _may_draw(rules, key):
        raise ValueError("banker: the banker may not draw now (21 or more, or max_draws drawn)")
    weights: dict[int, float] = {}
    for stake, drawn in punters:
        weights[drawn] = weights.get(drawn, 0.0) + stake
    evs = _table_stands(rules, tuple(sorted(weights.items())))
    shoe = full_shoe(rules.decks)

    @cache
    def best(cards: Hand) -> float:
        stand = evs[min(total_of(cards), _BUST)]
        if not _may_draw(rules, cards):
            return stand
        return max(stand, sum(p * best(_add(cards, v)) for v, p in _draws(shoe, cards)))

    draw = sum(p * best(_add(key, v)) for v, p in _draws(shoe, key))
    return {"S": evs[min(total_of(key), _BUST)], "H": draw}


def banker_draws(rules: Rules, hand: Sequence[int], punters: Sequence[tuple[float, int]]) -> bool:
    """Whether the automatic banker draws one more card on ``hand`` (card values), against
    the punters still standing, each as ``(stake, cards drawn)``: the best play for the bank's
    money against the fixed point's chart (:func:`bank_draw_evs`), or his fixed total where
    the rules fix one."""
    key = tuple(sorted(hand))
    if not _may_draw(rules, key):
        return False
    if not rules.banker_best:
        total = total_of(key)
        return total < rules.dealer_stands_on or (
            rules.dealer_hits_soft_17 and total == 17 and is_soft(key)
        )
    evs = bank_draw_evs(rules, key, punters)
    return evs["H"] > evs["S"]


@lru_cache(maxsize=4096)
def _table_stands(rules: Rules, weights: tuple[tuple[int, float], ...]) -> dict[int, float]:
    """The bank's expected net of standing on each total against punters weighed by stake,
    grouped by how many cards they drew (the fixed point's chart)."""
    point = fixed_point(rules)
    by_draws: dict[int, dict[Hand, float]] = {}
    for hand, chance in _punter_finals(rules, point.punter).items():
        if total_of(hand) <= 21:
            by_draws.setdefault(len(hand) - 2, {})[hand] = chance
    stands = dict.fromkeys(range(2, _BUST + 1), 0.0)
    for drawn, weight in weights:
        hands = by_draws.get(drawn)
        if not hands:
            continue
        for total, ev in _bank_stands(rules, hands).items():
            stands[total] += weight * ev
    return stands


def may_draw(rules: Rules, hand: Sequence[int]) -> bool:
    """Whether a hand of these card values may take one more card (below 21, within
    ``max_draws``)."""
    return _may_draw(rules, tuple(sorted(hand)))


def with_card(hand: Hand, value: int) -> Hand:
    """The hand (sorted card values) with one more card of ``value``."""
    return _add(hand, value)


def card_chances(rules: Rules, hand: Sequence[int]) -> list[tuple[int, float]]:
    """The next card's values and chances, drawn to ``hand``: the pack less its own cards (the
    module's one approximation)."""
    return _draws(full_shoe(rules.decks), tuple(sorted(hand)))


def bank_stands_by_draws(rules: Rules) -> dict[int, dict[int, float]]:
    """By how many cards a punter still standing drew: the bank's expected net, per unit he
    staked, of standing on each total (``22``: bust) against him, at the fixed point's chart
    (the terms :func:`bank_draw_evs` weighs by stake)."""
    drawn = {len(hand) - 2 for hand in _punter_finals(rules, fixed_point(rules).punter)}
    return {d: _table_stands(rules, ((d, 1.0),)) for d in sorted(drawn)}
