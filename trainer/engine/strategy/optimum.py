"""The chart's own optimum: the best total-dependent strategy against one up card, exactly.

A total-dependent strategy decides by the hand's total (hard or soft), the up card and which
options are still open. Three kinds of decision:

- **first**: a round's first decision on two cards, one per chart cell (hit, stand, double,
  split, surrender where each is allowed);
- **split**: a split hand's decision on its first two cards (hit, stand, double where doubling
  after a split is allowed; a pair card dealt again is resplit where that is allowed, the
  convention of :mod:`.ev`);
- **later**: every decision on three cards or more, split or not (hit or stand).

Every decision is chosen by the EVs of the hands it is made on, each weighted by how often the
strategy itself reaches that hand, with every later decision played by the strategy (not
perfectly). Changing one decision changes the round's EV by exactly the weighted sum of the
differences it makes on its own hands (a hand's reach does not depend on it, and no hand meets
the same decision twice), so the search changes the decisions that gain, evaluates the new
strategy exactly, and stops when no single decision gains: the strategy then cannot be
improved one decision at a time. It starts from the chart read as a player reads it (each
cell's code, ``D/H`` as hit once doubling is gone), so it is what the chart's codes say
wherever they are right, and differs only where the exact evaluation says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial

from trainer.engine.strategy.dealer import BITS, MASK, ONE
from trainer.engine.strategy.ev import Action, UpCardAnalysis
from trainer.engine.strategy.hands import INFO
from trainer.engine.strategy.split_walk import SplitHands

__all__ = ["Deal", "Optimum", "Policy", "best_policy", "evaluate", "policy_of"]

# A gain smaller than this (per unit bet and up card) is rounding, not a better play.
TOLERANCE = 1e-12
ROUNDS = 12  # at most this many improvements are tried (two or three are the rule)

Cell = tuple[str, int]  # ("hard", 16), ("soft", 18), ("pairs", 8); ("natural", 0)
Total = tuple[bool, int]  # (soft, total)


@dataclass(frozen=True)
class Deal:
    """One initial two-card hand of a cell: its values, its share of the up card's deals (its
    probability, times the share of its cell where a hand belongs to two), its EVs."""

    cell: Cell
    a: int
    b: int
    weight: float
    evs: dict[Action, float]


@dataclass
class Policy:
    """A total-dependent strategy against one up card (the three kinds of decision)."""

    first: dict[Cell, Action] = field(default_factory=dict)
    split: dict[Total, str] = field(default_factory=dict)  # chart codes: H, S, D/H, D/S
    later: dict[Total, str] = field(default_factory=dict)  # H, S

    def copy(self) -> Policy:
        return Policy(dict(self.first), dict(self.split), dict(self.later))


def _reading(code: str) -> str:
    """What a code says once doubling or surrender is gone: ``D/H`` -> ``H``."""
    return code[-1]


def policy_of(codes: dict[Cell, str], exceptions: dict[Cell, dict[str, str]] | None) -> Policy:
    """The strategy a chart's codes (and its exceptions) for one up card describe."""
    policy = Policy()
    for cell, code in codes.items():
        policy.first[cell] = Action(code[0])
        if cell[0] == "pairs":
            continue
        key = (cell[0] == "soft", cell[1])
        policy.later[key] = _reading(code) if code[0] != "P" else "H"
        policy.split[key] = code if code[0] == "D" else policy.later[key]
        found = (exceptions or {}).get(cell, {})
        if "three_or_more" in found:
            policy.later[key] = found["three_or_more"]
        if "after_split" in found:
            policy.split[key] = found["after_split"]
    return policy


@dataclass
class Evaluation:
    """A strategy evaluated exactly: its value (the up card's share of the round's EV, per
    deal), and for each decision the weighted EV of each of its options.

    A later decision's hit total may hold, for hands the strategy stands on and on which
    hitting cannot beat standing even with perfect play, standing's value as a bound
    (``pending``: the bound and how to work out the exact value); :meth:`exact_later` replaces
    the bounds where hitting might be chosen.
    """

    value: float
    cells: dict[Cell, dict[Action, float]]
    split: dict[Total, dict[str, float]]
    later: dict[Total, dict[str, float]]
    pending: dict[Total, list[tuple[float, Callable[[], float]]]] = field(default_factory=dict)

    def exact_later(self, key: Total) -> dict[str, float]:
        """The later decision's totals with every bound replaced by the exact value."""
        totals = self.later[key]
        for bound, exact in self.pending.pop(key, []):
            totals["H"] += exact() - bound
        return totals


def _add(totals: dict[str, float], option: str, amount: float) -> None:
    totals[option] = totals.get(option, 0.0) + amount


_PLAYED_ON = (Action.HIT, Action.SPLIT)  # first actions whose EV depends on the later play


def evaluate(analysis: UpCardAnalysis, deals: list[Deal], policy: Policy) -> Evaluation:
    """``policy`` played exactly on ``analysis``'s shoe and up card."""
    follower = analysis.following(policy.later, split_policy=policy.split)
    result = Evaluation(0.0, {}, {}, {})
    hit_hands: dict[int, float] = {}
    split_pairs: dict[int, float] = {}
    by_cell: dict[Cell, list[tuple[Deal, dict[Action, float]]]] = {}
    for deal in deals:
        if deal.cell[0] == "natural":
            result.value += deal.weight * deal.evs[Action.STAND]
            continue
        # Hit and split as perfect play would follow them on: a bound, until worked out.
        options = {
            action: analysis.unconditional(deal.a, deal.b, ev)
            for action, ev in deal.evs.items()
            if action in _CHOICES and not (action is Action.SPLIT and deal.cell[0] != "pairs")
        }
        first = policy.first.get(deal.cell, Action.STAND)
        if first not in options:
            first = max(options, key=lambda action: options[action])
        if first in _PLAYED_ON:
            options[first] = _played(analysis, follower, deal, first)
        by_cell.setdefault(deal.cell, []).append((deal, options))
        result.value += deal.weight * options[first]
        hand = ONE[deal.a - 1] + ONE[deal.b - 1]
        if first is Action.HIT:
            hit_hands[hand] = hit_hands.get(hand, 0.0) + deal.weight
        elif first is Action.SPLIT:
            split_pairs[deal.a] = split_pairs.get(deal.a, 0.0) + deal.weight
    for cell, members in by_cell.items():
        result.cells[cell] = _cell_totals(analysis, follower, policy, cell, members)
    _later_hands(analysis, follower, policy, hit_hands, result)
    for value, weight in split_pairs.items():
        _split_hands(analysis, follower, policy, value, weight, result)
    return result


_CHOICES = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)


def _played(analysis: UpCardAnalysis, follower: UpCardAnalysis, deal: Deal, first: Action) -> float:
    return analysis.unconditional(deal.a, deal.b, follower.played(deal.a, deal.b, first))


def _cell_totals(
    analysis: UpCardAnalysis,
    follower: UpCardAnalysis,
    policy: Policy,
    cell: Cell,
    members: list[tuple[Deal, dict[Action, float]]],
) -> dict[Action, float]:
    """A cell's options, weighted over its hands: exact wherever they may be chosen, first or
    as the code's fallback (a hit or a split whose bound beats neither the first action nor
    standing stays a bound)."""

    def total(action: Action) -> float:
        return sum(deal.weight * options[action] for deal, options in members if action in options)

    first = policy.first.get(cell, Action.STAND)
    actions = {action for _, options in members for action in options}
    totals = {action: total(action) for action in actions}
    for action in _PLAYED_ON:
        if action not in totals or action is first:
            continue
        if (
            totals[action] > totals.get(first, float("-inf"))
            or totals[action] > totals[Action.STAND]
        ):
            for deal, options in members:
                if action in options:
                    options[action] = _played(analysis, follower, deal, action)
            totals[action] = total(action)
    return totals


def _children(
    analysis: UpCardAnalysis, hand: int, pair: int = -1, level: int = 0
) -> Iterator[tuple[int, float]]:
    """Each card that keeps ``hand`` alive, as (the longer hand, its probability); a split
    hand has ``level + 1`` more cards of value index ``pair`` out of the shoe."""
    _, hard, _, cards = INFO[hand]
    out = level + 1 if pair >= 0 else 0
    left = analysis.total - cards - out
    if left <= 0:
        return
    comp = analysis.composition
    for v in range(min(21 - hard, 10)):
        have = comp[v] - ((hand >> (BITS * v)) & MASK) - (out if v == pair else 0)
        if have > 0:
            yield hand + ONE[v], have / left


def _decides(analysis: UpCardAnalysis, hand: int) -> bool:
    """Whether hit or stand is a choice on this hand (a hard 11 or less always hits)."""
    total, _, _, cards = INFO[hand]
    return 11 < total < 21 and total not in analysis.stand_on and analysis._may_draw[cards]


def _later_hands(
    analysis: UpCardAnalysis,
    follower: UpCardAnalysis,
    policy: Policy,
    reach: dict[int, float],
    result: Evaluation,
) -> None:
    """Walk the unsplit hands the strategy reaches after a first hit, card by card, adding up
    each later decision's options on them."""
    layer = dict(reach)
    first = True
    while layer:
        following: dict[int, float] = {}
        for hand, weight in layer.items():
            total, _, soft, _ = INFO[hand]
            if not first:
                if total >= 21 or not follower._can_hit(hand):
                    continue
                if _decides(follower, hand):
                    key = (soft, total)
                    totals = result.later.setdefault(key, {})
                    stand_value = follower._stand(hand)
                    stand = weight * stand_value
                    _add(totals, "S", stand)
                    if policy.later.get(key, "H") == "H":
                        _add(totals, "H", weight * follower._play(hand))
                    elif analysis._play(hand) > stand_value:
                        _add(totals, "H", weight * follower._hit(hand))
                    else:  # hitting cannot beat standing here: a bound, worked out if needed
                        _add(totals, "H", stand)
                        exact = partial(_weighted_hit, follower, hand, weight)
                        result.pending.setdefault(key, []).append((stand, exact))
                        continue
                    if policy.later.get(key, "H") != "H":
                        continue
            for child, p in _children(follower, hand):
                following[child] = following.get(child, 0.0) + weight * p
        layer = following
        first = False


def _weighted_hit(follower: UpCardAnalysis, hand: int, weight: float) -> float:
    return weight * follower._hit(hand)


def _split_hands(
    analysis: UpCardAnalysis,
    follower: UpCardAnalysis,
    policy: Policy,
    value: int,
    weight: float,
    result: Evaluation,
) -> None:
    """Walk the split hands of a pair of ``value`` the strategy reaches, adding up the split
    and later decisions' options on them (each hand with a weight per level of pair cards
    out)."""
    if value == 1 and follower.rules.split_aces_one_card:
        return
    p = value - 1
    forest = follower._split_forest(p)
    levels = forest.levels
    layer: dict[int, list[float]] = {}
    for (card, pulled), share in follower.split_weights(value).items():
        hand = ONE[p] + ONE[card - 1]
        layer.setdefault(hand, [0.0] * levels)[pulled - 2] += weight * share
    walk = (analysis, follower, policy, result)
    first = True
    while layer:
        following: dict[int, list[float]] = {}
        for hand, weights in layer.items():
            total, _, _, _ = INFO[hand]
            if total >= 21 or not follower._can_hit(hand):
                continue
            if (first or _decides(follower, hand)) and not _split_options(
                walk, forest, hand, weights, first
            ):
                continue
            for j in range(levels):
                if weights[j]:
                    for child, share in _children(follower, hand, p, j):
                        into = following.setdefault(child, [0.0] * levels)
                        into[j] += weights[j] * share
        layer = following
        first = False


def _dot(weights: list[float], values: list[float]) -> float:
    return sum(w * x for w, x in zip(weights, values, strict=True))


def _split_options(
    walk: tuple[UpCardAnalysis, UpCardAnalysis, Policy, Evaluation],
    forest: SplitHands,
    hand: int,
    weights: list[float],
    two_cards: bool,
) -> bool:
    """Add a split hand's options to its decision's totals (on its first two cards the split
    decision's, after that the later decision's); whether the strategy hits it."""
    analysis, follower, policy, result = walk
    total, _, soft, _ = INFO[hand]
    key = (soft, total)
    totals = (result.split if two_cards else result.later).setdefault(key, {})
    stands = follower._split_stand(forest, hand)
    stand = _dot(weights, stands)
    _add(totals, "S", stand)
    if two_cards:
        _add(totals, "H", _dot(weights, follower._split_hit(forest, hand)))
        code = policy.split.get(key, "H")
        if follower._may_double(hand, split=True, split_ace=forest.pair == 0):
            _add(totals, "D", _dot(weights, follower._split_double(forest, hand)))
            if code[0] == "D":
                return False
        return _reading(code) == "H"
    if policy.later.get(key, "H") == "H":
        _add(totals, "H", _dot(weights, follower._split_play(forest, hand)))
        return True
    perfect = analysis._split_play(analysis._split_forest(forest.pair), hand)
    if any(a > b for a, b in zip(perfect, stands, strict=True)):
        _add(totals, "H", _dot(weights, follower._split_hit(forest, hand)))
    else:  # hitting cannot beat standing here: a bound, worked out if needed
        _add(totals, "H", stand)
        exact = partial(_weighted_split_hit, follower, forest, hand, list(weights))
        result.pending.setdefault(key, []).append((stand, exact))
    return False


def _weighted_split_hit(
    follower: UpCardAnalysis, forest: SplitHands, hand: int, weights: list[float]
) -> float:
    return _dot(weights, follower._split_hit(forest, hand))


@dataclass
class Optimum:
    """The best total-dependent strategy found for one up card, and its exact evaluation."""

    policy: Policy
    evaluation: Evaluation


def _best(totals: dict[str, float], current: str) -> tuple[str, float]:
    """The option with the highest total and what it gains on ``current`` (0 if it is that)."""
    best = max(totals, key=lambda option: totals[option])
    gain = totals[best] - totals.get(current, float("-inf"))
    return (best, gain) if gain > TOLERANCE else (current, 0.0)


# A change that gains: (the gain, a partial strategy holding just the changed decision).
Change = tuple[float, Policy]


def _improvements(policy: Policy, evaluation: Evaluation) -> list[Change]:
    """Each single decision that gains, with its gain."""
    found: list[Change] = []
    for cell, totals in evaluation.cells.items():
        current = policy.first.get(cell, Action.STAND).value
        best, gain = _best({action.value: value for action, value in totals.items()}, current)
        if gain:
            found.append((gain, Policy(first={cell: Action(best)})))
    for key in list(evaluation.later):
        current = policy.later.get(key, "H")
        best, gain = _best(evaluation.later[key], current)
        if gain and best == "H" and key in evaluation.pending:
            best, gain = _best(evaluation.exact_later(key), current)
        if gain:
            found.append((gain, Policy(later={key: best})))
    for key, options in evaluation.split.items():
        code = policy.split.get(key, "H")
        best, gain = _best(options, "D" if code[0] == "D" and "D" in options else _reading(code))
        if gain:
            fallback = "H" if options["H"] >= options["S"] else "S"
            found.append((gain, Policy(split={key: f"D/{fallback}" if best == "D" else best})))
    return found


def _changed(policy: Policy, changes: list[Change]) -> Policy:
    """``policy`` with ``changes`` made."""
    changed = policy.copy()
    for _, change in changes:
        changed.first.update(change.first)
        changed.split.update(change.split)
        changed.later.update(change.later)
    return changed


def best_policy(analysis: UpCardAnalysis, deals: list[Deal], start: Policy) -> Optimum:
    """The best total-dependent strategy against ``analysis``'s up card, from ``start``.

    Every decision that gains is changed at once and the new strategy evaluated exactly; if
    it is not better (two changes can interfere), only the one that gains most is made.
    """
    policy = start
    evaluation = evaluate(analysis, deals, policy)
    for _ in range(ROUNDS):
        changes = _improvements(policy, evaluation)
        if not changes:
            break
        trial = _changed(policy, changes)
        tried = evaluate(analysis, deals, trial)
        if len(changes) > 1 and tried.value <= evaluation.value + TOLERANCE:
            trial = _changed(policy, [max(changes, key=lambda change: change[0])])
            tried = evaluate(analysis, deals, trial)
        if tried.value <= evaluation.value + TOLERANCE:
            break
        policy, evaluation = trial, tried
    return Optimum(policy, evaluation)
