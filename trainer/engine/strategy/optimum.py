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

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from trainer.engine.strategy import kernels
from trainer.engine.strategy.dealer import ONE
from trainer.engine.strategy.ev import Action, UpCardAnalysis
from trainer.engine.strategy.hand_table import hand_table

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
    deal), and for each decision the weighted EV of each of its options (exact: hitting's
    where the strategy stands too)."""

    value: float
    cells: dict[Cell, dict[Action, float]]
    split: dict[Total, dict[str, float]]
    later: dict[Total, dict[str, float]]


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
    sums = _Totals(policy)
    _later_hands(analysis, follower, policy, hit_hands, sums)
    for value, weight in split_pairs.items():
        _split_hands(analysis, follower, policy, value, weight, sums)
    sums.into(result)
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


class _Totals:
    """Each later and split decision's options, summed over the hands a strategy reaches, as
    arrays ``[soft, total]`` for the compiled walks (:mod:`.reach`)."""

    def __init__(self, policy: Policy) -> None:
        shape = (2, 32)
        self.later_hits = _codes(policy.later, _hits)
        self.split_double = _codes(policy.split, lambda code: code[0] == "D")
        self.split_hits = _codes(policy.split, lambda code: _reading(code) == "H")
        self.later_s, self.later_h = np.zeros(shape), np.zeros(shape)
        self.later_seen = np.zeros(shape, dtype=np.bool_)
        self.split_s, self.split_h, self.split_d = np.zeros(shape), np.zeros(shape), np.zeros(shape)
        self.split_seen = np.zeros(shape, dtype=np.bool_)
        self.split_d_seen = np.zeros(shape, dtype=np.bool_)

    def into(self, result: Evaluation) -> None:
        """The totals as ``result``'s dicts, by (soft, total)."""
        for soft in (0, 1):
            for total in range(32):
                key = (bool(soft), total)
                if self.later_seen[soft, total]:
                    h, s = self.later_h[soft, total], self.later_s[soft, total]
                    result.later[key] = {"S": float(s), "H": float(h)}
                if self.split_seen[soft, total]:
                    options = {
                        "S": float(self.split_s[soft, total]),
                        "H": float(self.split_h[soft, total]),
                    }
                    if self.split_d_seen[soft, total]:
                        options["D"] = float(self.split_d[soft, total])
                    result.split[key] = options


def _codes(policy: dict[Total, str], test: Callable[[str], bool]) -> np.ndarray:
    """``test`` of each (soft, total)'s code (``H`` where the policy has none)."""
    found = np.zeros((2, 32), dtype=np.bool_)
    for soft in (0, 1):
        for total in range(32):
            found[soft, total] = test(policy.get((bool(soft), total), "H"))
    return found


def _hits(code: str) -> bool:
    return code == "H"


def _later_hands(
    analysis: UpCardAnalysis,
    follower: UpCardAnalysis,
    policy: Policy,
    reach: dict[int, float],
    sums: _Totals,
) -> None:
    """Walk the unsplit hands the strategy reaches after a first hit, card by card, adding up
    each later decision's options on them."""
    if not reach:
        return
    hands = hand_table()
    weights = np.zeros(hands.size)
    for hand, weight in reach.items():
        weights[hands.index[hand]] += weight
    play, hit, _ = follower.value_arrays()
    may_draw, stand_on = follower._play_arguments()[:2]
    kernels.later_walk(
        weights, hands.shortest_first, follower.dealer.comp, float(follower.total),
        hands.counts, hands.hard, hands.total, hands.soft, hands.cards, hands.child, may_draw,
        stand_on, follower.stand_array(), play, hit, analysis.value_arrays()[0],
        sums.later_hits, sums.later_s, sums.later_h, sums.later_seen,
    )  # fmt: skip


def _split_hands(
    analysis: UpCardAnalysis,
    follower: UpCardAnalysis,
    policy: Policy,
    value: int,
    weight: float,
    sums: _Totals,
) -> None:
    """Walk the split hands of a pair of ``value`` the strategy reaches, adding up the split
    and later decisions' options on them (each hand with a weight per level of pair cards
    out)."""
    if value == 1 and follower.rules.split_aces_one_card:
        return
    p = value - 1
    forest = follower._split_forest(p)
    walk = follower._split_walk(forest)
    hands = hand_table()
    first = np.zeros((hands.size, forest.levels))
    may_double = np.zeros(hands.size, dtype=np.bool_)
    for (card, pulled), share in follower.split_weights(value).items():
        hand = ONE[p] + ONE[card - 1]
        i = hands.index[hand]
        first[i, pulled - 2] += weight * share
        may_double[i] = follower._may_double(hand, split=True, split_ace=p == 0)
    may_draw, stand_on = follower._play_arguments()[:2]
    kernels.split_walk_totals(
        first, hands.split_shortest_first[p], p, follower.dealer.comp, float(follower.total),
        hands.counts, hands.hard, hands.total, hands.soft, hands.cards, hands.child, may_draw,
        stand_on, walk.stands, walk.plays, walk.hits, walk.doubles, may_double,
        sums.later_hits, sums.split_double, sums.split_hits, sums.later_s, sums.later_h,
        sums.later_seen, sums.split_s, sums.split_h, sums.split_d, sums.split_seen,
        sums.split_d_seen,
    )  # fmt: skip


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
