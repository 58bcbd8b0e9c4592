"""The strategy engine: the exact EV of every decision, the basic-strategy chart, the house edge.

For any :class:`~trainer.engine.rulebook.rules.Rules` and any shoe composition (10 counts: ace,
2..9, ten-value). The definitions (conditioning on the dealer's natural, the split method, what a
chart cell averages over) are in :mod:`.ev` and :mod:`.chart`.

For drills::

    action_evs(rules, "A7", "6")        # {Action.STAND: ..., Action.HIT: ..., Action.DOUBLE: ...}
    best_action(rules, "T6", "10")      # Action.SURRENDER
    cost_of(rules, "T6", "10", "S")     # EV given up by standing instead
    chart(rules)                        # a Chart, from the disk cache when there is one
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import lru_cache

from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand, Situation
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.cache import chart as chart
from trainer.engine.strategy.chart import CODES, Chart, compute_chart
from trainer.engine.strategy.dealer import full_shoe
from trainer.engine.strategy.ev import Action, UpCardAnalysis

__all__ = [
    "CODES",
    "Action",
    "Chart",
    "InvalidSituationError",
    "action_evs",
    "best_action",
    "chart",
    "compute_chart",
    "cost_of",
    "full_shoe",
    "first_actions",
    "insurance_evs",
]


class InvalidSituationError(ValueError):
    """A hand or up card the strategy engine cannot evaluate."""


HandLike = Hand | str | Iterable[Card] | Iterable[int]
UpLike = Card | str | int


def _values_of(hand: HandLike) -> tuple[int, ...]:
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    values = []
    for card in hand:
        values.append(card if isinstance(card, int) else card.value)
    if any(not 1 <= v <= 10 for v in values):
        raise InvalidSituationError(f"card values must be 1 (ace) to 10, not {values}")
    return tuple(values)


def _up_value(up: UpLike) -> int:
    if isinstance(up, str):
        up = Card.parse(up)
    value = up if isinstance(up, int) else up.value
    if not 1 <= value <= 10:
        raise InvalidSituationError(f"an up card is 1 (ace) to 10, not {value}")
    return value


def _split_situation(hand: HandLike | Situation, up: UpLike | None) -> tuple[tuple[int, ...], int]:
    if isinstance(hand, str) and up is None and "v" in hand.lower():
        hand = Situation.parse(hand)
    if isinstance(hand, Situation):
        return _values_of(hand.hand), _up_value(hand.up)
    if up is None:
        raise InvalidSituationError("an up card is needed (or a situation like 'A7v6')")
    return _values_of(hand), _up_value(up)


# One analysis per (rules, shoe, up card) is kept and reused by later questions; its memo tables
# are filled as it goes, so one thread at a time works on them.
_LOCK = threading.Lock()


@lru_cache(maxsize=32)
def _analysis(rules: Rules, composition: tuple[int, ...], up: int) -> UpCardAnalysis:
    return UpCardAnalysis(rules, composition, up)


def action_evs(
    rules: Rules,
    hand: HandLike | Situation,
    up: UpLike | None = None,
    composition: tuple[int, ...] | None = None,
) -> dict[Action, float]:
    """The EV of every legal action, per unit of the initial bet.

    ``hand`` is a :class:`Hand`, text (``"A7"``), card values, or a situation (``"A7v6"``) with
    ``up`` left out. Two cards: every first decision (stand, hit, double, split, surrender,
    insurance / even money where offered). Three cards or more: stand and hit. Conditional on
    no dealer natural in peek games (see :mod:`trainer.engine.strategy.ev`).

    :raises InvalidSituationError: for a hand of fewer than two cards, a busted hand, or cards
        the shoe does not hold.
    """
    values, up_value = _split_situation(hand, up)
    shoe = tuple(composition) if composition is not None else full_shoe(rules.decks)
    if len(shoe) != 10 or any(n < 0 for n in shoe):
        raise InvalidSituationError("a composition is 10 counts (ace, 2..9, ten-value)")
    if len(values) < 2:
        raise InvalidSituationError("a hand needs two cards or more")
    counts = [0] * 10
    for v in values + (up_value,):
        counts[v - 1] += 1
    if any(need > have for need, have in zip(counts, shoe, strict=True)):
        raise InvalidSituationError("the shoe does not hold these cards")
    hard = sum(values)
    if hard > 21:
        raise InvalidSituationError(f"the hand is bust ({hard})")
    hand_counts = [0] * 10
    for v in values:
        hand_counts[v - 1] += 1
    with _LOCK:
        analysis = _analysis(rules, shoe, up_value)
        if len(values) == 2:
            return analysis.initial(values[0], values[1])
        return analysis.multi_card(tuple(hand_counts))


def first_actions(rules: Rules, hand: HandLike, up: UpLike) -> tuple[Action, ...]:
    """The legal actions of a two-card ``hand`` from the full shoe: the keys of
    :func:`action_evs`, by the rules alone (no compiled arithmetic, so a request may ask it cold).

    :raises InvalidSituationError: for a hand not of two cards, or cards the shoe does not hold.
    """
    values, up_value = _two_cards(rules, hand, up)
    with _LOCK:
        return _analysis(rules, full_shoe(rules.decks), up_value).first_actions(*values)


def insurance_evs(rules: Rules, hand: HandLike, up: UpLike) -> dict[Action, float]:
    """The EVs of :func:`action_evs` for a two-card ``hand`` that need no play worked out, from
    the full shoe: insurance, or on a natural even money and standing, where offered (the
    chance of a natural alone: no compiled arithmetic, so a request may ask it cold).

    :raises InvalidSituationError: for a hand not of two cards, or cards the shoe does not hold.
    """
    values, up_value = _two_cards(rules, hand, up)
    with _LOCK:
        return _analysis(rules, full_shoe(rules.decks), up_value).insurance(*values)


def _two_cards(rules: Rules, hand: HandLike, up: UpLike) -> tuple[tuple[int, int], int]:
    """A two-card hand's values and the up card's, the full shoe holding them."""
    values, up_value = _values_of(hand), _up_value(up)
    if len(values) != 2:
        raise InvalidSituationError("a first decision is made on two cards")
    counts = [0] * 10
    for v in values + (up_value,):
        counts[v - 1] += 1
    if any(need > have for need, have in zip(counts, full_shoe(rules.decks), strict=True)):
        raise InvalidSituationError("the shoe does not hold these cards")
    return (values[0], values[1]), up_value


def best_action(
    rules: Rules,
    hand: HandLike | Situation,
    up: UpLike | None = None,
    composition: tuple[int, ...] | None = None,
) -> Action:
    """The playing action with the highest EV (insurance and even money are not plays)."""
    evs = action_evs(rules, hand, up, composition)
    plays = {a: v for a, v in evs.items() if a not in (Action.INSURANCE, Action.EVEN_MONEY)}
    return max(plays, key=lambda action: plays[action])


def cost_of(
    rules: Rules,
    hand: HandLike | Situation,
    up: UpLike | None,
    action: Action | str,
    composition: tuple[int, ...] | None = None,
) -> float:
    """EV given up (per unit bet, >= 0) by taking ``action`` instead of the best play.

    ``cost_of(rules, "T6", "10", "S")``, or ``cost_of(rules, "T6v10", None, "S")``.

    :raises InvalidSituationError: when the action is unknown or not legal for this hand.
    """
    try:
        chosen = Action(action)
    except ValueError:
        raise InvalidSituationError(f"unknown action {action!r}; use S, H, D, P or R") from None
    evs = action_evs(rules, hand, up, composition)
    if chosen not in evs:
        raise InvalidSituationError(f"{chosen.name.lower()} is not allowed for this hand")
    best = max(v for a, v in evs.items() if a not in (Action.INSURANCE, Action.EVEN_MONEY))
    return max(best - evs[chosen], 0.0)
