"""002 home's doubling (deal method 3): the dealer doubling every bet on his first card, and the
punters redoubling on theirs; what each is worth, and the engine's own doubling and redoubling.

002: "Каждый игрок, включая сдатчика, получает карту крапом вверх. Просмотрев её, каждый игрок
делает ставку. Сдатчик, просмотрев свою карту, может удвоить все ставки. Если сдатчик
удваивает, любой игрок может их ещё раз удвоить." (RULES.md, 002, deal methods: method 3.)

One module because the two choices are one: the engine's dealer doubles where doubling is worth
more to the bank, its punters redoubling; its punters redouble where that is worth it against the
cards the dealer doubles on.

**The dealer's double.** The dealer has seen his first card and nothing else: the punters' cards
are unknown to him. Doubling multiplies every stake by 2; then the engine's punters redouble
where their own first card makes it worth it (at ``twenty-one-home`` an ace), and each of them
doubles his stake again (:func:`redoublers_take`: what they take, each punter's first card any
the pack less the dealer's holds). Doubling is right where it is worth more to the bank than
leaving the stakes (:func:`double_evs`).

At deal method 3 the figures are the game's mixed equilibrium
(:func:`trainer.engine.banker.method3.method3_game`): the dealer doubles on each first card with
a chance (:func:`doubling_chance`: at ``twenty-one-home`` always on an ace or a ten, at times on
a five or a six), the punters read the double (a dealer who doubled holds a card he doubles on)
and play their best for it against the dealer's *second* card, the one they see.
:func:`punter_ev` is a punter's expected result per unit staked holding his first card ``p``
against the dealer's first card ``d``, the dealer not having doubled; :func:`players_ev_against`
``d`` is the punters' over ``p``, and :func:`double_evs` what the bank expects of leaving the
stakes and of doubling them, both against the punters' equilibrium play: on a card the dealer
doubles on at times the two are the same (he is indifferent there, which is why he may mix).
The dealer's draws stand on 17 (the preset's reading of "as he likes"), where the learner
dealing draws as he chooses (which can only be worth more to the bank).

**The punters' redouble.** What a punter infers from the double: that the dealer's first card
is one he doubles on, each as likely as the pack less his own card holds it times the dealer's
chance to double on it. Redoubling multiplies his stake by 2 again, so it is worth his
expectation once more, and is right where that expectation is above 0 (:func:`redouble_evs`).
At ``twenty-one-home`` a punter redoubles on an ace.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from trainer.engine.banker.method3 import method3_game
from trainer.engine.banker.method3_table import table_chance
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.chart import up_card_ev
from trainer.engine.strategy.dealer import full_shoe
from trainer.engine.strategy.ev import Action, UpCardAnalysis

__all__ = [
    "double_evs",
    "doubled_punter_ev",
    "doubling_chance",
    "doubling_cards",
    "players_ev_against",
    "punter_ev",
    "punter_evs",
    "redouble_evs",
    "redoubled_ev",
    "redoublers_take",
    "redoubling_cards",
]

VALUES = range(1, 11)
_PLAYS = frozenset({Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER})
_ROUNDS = 10  # back and forth between the dealer's doubling and the punters' redoubling


@lru_cache(maxsize=64)
def players_ev_against(rules: Rules, first: int) -> float:
    """The punters' expected value per unit bet against the dealer's first card ``first`` (1
    the ace to 10 the tens): at deal method 3 the dealer not doubling, the punters' equilibrium
    play (module doc), else by the strategy engine with that card face up (the chart played,
    naturals included).

    :raises ValueError: for a card value outside 1 to 10.
    """
    if not 1 <= first <= 10:
        raise ValueError(f"dealer: a card's value is 1 (ace) to 10, not {first}")
    if rules.deal_method != 3:
        return up_card_ev(rules, first)
    return -float(method3_game(rules).bank[0, first - 1])


@lru_cache(maxsize=16)
def punter_evs(rules: Rules) -> dict[tuple[int, int], float]:
    """Every punter's expected result per unit staked, by (his first card, the dealer's first
    card), values 1 (ace) to 10 (module doc): at deal method 3 the dealer not doubling, the
    punters playing their best answer to his doubling chances
    (:func:`~trainer.engine.banker.method3.method3_game`, some seconds for a rules, then
    cached), else each two-card hand played best against the dealer's first card face up."""
    if rules.deal_method == 3:
        results = method3_game(rules).results[False]
        shoe = full_shoe(rules.decks)
        return {
            (p, d): float(results[p - 1, d - 1])
            for p in VALUES
            for d in VALUES
            if shoe[p - 1] - (p == d) > 0
        }
    shoe = full_shoe(rules.decks)
    table: dict[tuple[int, int], float] = {}
    for dealer in VALUES:
        analysis = UpCardAnalysis(rules, shoe, dealer)
        left = list(shoe)
        left[dealer - 1] -= 1
        for first in VALUES:
            rest = list(left)
            rest[first - 1] -= 1
            if rest[first - 1] < 0:
                continue
            cards = sum(rest)
            value = 0.0
            for second in VALUES:
                if rest[second - 1] <= 0:
                    continue
                a, b = min(first, second), max(first, second)
                evs = analysis.initial(a, b)
                best = max(ev for action, ev in evs.items() if action in _PLAYS)
                value += rest[second - 1] / cards * analysis.unconditional(a, b, best)
            table[(first, dealer)] = value
    return table


def punter_ev(rules: Rules, first: int, dealer: int) -> float:
    """A punter's expected result per unit staked, first card ``first`` against the dealer's
    first card ``dealer`` (values 1 to 10).

    :raises ValueError: for a value outside 1 to 10, or two cards the pack does not hold.
    """
    found = punter_evs(rules).get((first, dealer))
    if found is None:
        raise ValueError(f"cards: no first cards {first} and {dealer} in {rules.decks} decks")
    return found


def doubled_punter_ev(rules: Rules, first: int, dealer: int) -> float:
    """As :func:`punter_ev`, the dealer having doubled (at deal method 3 the punters read it
    and play for it; elsewhere they play as they would)."""
    if rules.deal_method == 3:
        punter_ev(rules, first, dealer)  # the cards' check
        return float(method3_game(rules).results[True][first - 1, dealer - 1])
    return punter_ev(rules, first, dealer)


def _weights(rules: Rules, first: int, cards: frozenset[int]) -> dict[int, float]:
    """How likely each dealer's first card in ``cards`` is, to a punter holding ``first``."""
    left = list(full_shoe(rules.decks))
    left[first - 1] -= 1
    total = sum(left[value - 1] for value in cards)
    return {value: left[value - 1] / total for value in cards if total and left[value - 1] > 0}


def _redoubled(rules: Rules, first: int, doubling: frozenset[int]) -> float:
    if not doubling:
        return 0.0
    if rules.deal_method == 3:
        game = method3_game(rules)
        left = np.asarray(full_shoe(rules.decks), dtype=float)
        left[first - 1] -= 1
        weights = left * np.asarray(game.chances)
        return float(weights @ game.results[True][first - 1] / weights.sum())
    weights = _weights(rules, first, doubling)
    return sum(weight * punter_ev(rules, first, dealer) for dealer, weight in weights.items())


def _redoubles(rules: Rules, doubling: frozenset[int]) -> frozenset[int]:
    return frozenset(p for p in VALUES if doubling and _redoubled(rules, p, doubling) > 0)


def _taken(rules: Rules, dealer: int, redoubling: frozenset[int]) -> float:
    """What the punters redoubling on ``redoubling`` expect of their redoubled stakes, per
    unit of the punters' stakes before the double, against the dealer's first card (at deal
    method 3 playing as they do, the dealer having doubled)."""
    left = list(full_shoe(rules.decks))
    left[dealer - 1] -= 1
    cards = sum(left)
    return sum(left[p - 1] / cards * doubled_punter_ev(rules, p, dealer) for p in redoubling)


def _bank_gain(rules: Rules, dealer: int, redoubling: frozenset[int]) -> float:
    """The bank's expectation per unit of the punters' stakes from doubling on ``dealer``
    beside not doubling (its expectation once more, less what the redoublers take)."""
    return -players_ev_against(rules, dealer) - 2 * _taken(rules, dealer, redoubling)


def redoublers_take(rules: Rules, dealer: int) -> float:
    """What the engine's punters redoubling take of the bank, per unit of the punters' stakes
    before the double, the dealer doubling on his first card ``dealer``: each punter
    redoubles on :func:`redoubling_cards`, his first card any the pack less ``dealer`` holds
    (the dealer has seen no other)."""
    return _taken(rules, dealer, redoubling_cards(rules))


@lru_cache(maxsize=16)
def _doubling_and_redoubling(rules: Rules) -> tuple[frozenset[int], frozenset[int]]:
    if rules.deal_method == 3:
        game = method3_game(rules)
        return game.doubling, game.redoubling
    doubling = frozenset(d for d in VALUES if players_ev_against(rules, d) < 0)
    redoubling = _redoubles(rules, doubling)
    for _ in range(_ROUNDS):
        now = frozenset(d for d in VALUES if _bank_gain(rules, d, redoubling) > 0)
        again = _redoubles(rules, now)
        if (now, again) == (doubling, redoubling):
            break
        doubling, redoubling = now, again
    return doubling, redoubling


def doubling_cards(rules: Rules) -> frozenset[int]:
    """The dealer's first cards (values) the engine's dealer doubles every bet on, always or
    (deal method 3, :func:`doubling_chance`) at times."""
    return _doubling_and_redoubling(rules)[0]


def doubling_chance(rules: Rules, first: int, punters: int = 1) -> float:
    """The engine's dealer's chance to double every bet holding first card ``first``: at deal
    method 3 the game's equilibrium's (module doc), or at a table of ``punters`` reading each
    other's cards the bench's chances for that size (:mod:`.method3_table`); else 1 on
    :func:`doubling_cards`, 0 off."""
    if rules.deal_method == 3:
        at_table = table_chance(rules, first, punters) if punters > 1 else None
        return method3_game(rules).chance(first) if at_table is None else at_table
    return 1.0 if first in doubling_cards(rules) else 0.0


def redoubling_cards(rules: Rules) -> frozenset[int]:
    """The punters' first cards (values) the engine's punters redouble on, the dealer having
    doubled."""
    return _doubling_and_redoubling(rules)[1]


def redoubled_ev(rules: Rules, first: int) -> float:
    """A punter's expected result per unit staked, holding ``first``, the engine's dealer
    having doubled (his first card one of :func:`doubling_cards`)."""
    return _redoubled(rules, first, doubling_cards(rules))


def redouble_evs(rules: Rules, first: int, stake: float) -> dict[str, float]:
    """The punter's expected net, in money, of redoubling (``"D"``) and of not (``"N"``),
    ``stake`` being his stake after the dealer's double."""
    ev = redoubled_ev(rules, first) * stake
    return {"D": 2 * ev, "N": ev}


def double_evs(rules: Rules, first: int, stakes: float) -> dict[str, float]:
    """The bank's expected net, in money, of doubling every bet (``"D"``) and of not (``"N"``),
    ``stakes`` being the punters' stakes before the double (the engine's punters then
    redoubling as they do). At deal method 3, against the punters' equilibrium play: the same
    where the dealer doubles at times (module doc)."""
    if rules.deal_method == 3:
        game = method3_game(rules)
        leave, double = (float(x) * stakes for x in game.bank[:, first - 1])
        chance = game.chance(first)
        if 0 < chance < 1:  # indifferent: the two are equal, but for the rounding
            leave = double = (1 - chance) * leave + chance * double
        return {"D": double, "N": leave}
    bank = -players_ev_against(rules, first) * stakes
    return {"D": 2 * bank - 2 * redoublers_take(rules, first) * stakes, "N": bank}
