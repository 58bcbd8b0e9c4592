"""The basic-strategy chart derived from the exact EVs, and the house edge of playing it.

What a cell means (the chart is *total-dependent* in its rows, *composition-weighted* in its
EVs): the EV of an action in a cell is the probability-weighted average of that action's EV over
the two-card hands the cell stands for:

- hard 5..19: the two-card hands of that hard total that are not pairs (a pair of ten-values of
  different ranks is a hard 20 where pairs split by rank);
- soft 13..20: ace and one other card;
- pairs ``2-2`` .. ``10-10`` and ``A-A``: that pair (where no split is allowed, the row is still
  shown, played on its total);
- hard 20 where every two-card 20 is a pair, hard 21 and soft 21 (which two cards make a
  natural): the three-card hands of that total; only stand and hit apply.

Weights are each hand's probability given the up card (and, where EVs are conditional on no
dealer natural, times ``P(no natural | hand)``). The code is the best action; after ``D`` or
``R`` comes the best of the rest (hit, stand or split) for when doubling or surrendering is not
allowed: ``D/H``, ``D/S``, ``R/H``, ``R/S``, ``R/P``.

The house edge ``house_edge`` plays the chart, total-dependent: every initial two-card hand
takes the first action of its cell's code; every later decision (after a hit, and on split hands,
doubling after a split included) follows the chart's hard and soft rows by total (``D/H`` and
``R/H`` read as hit, ``D/S`` and ``R/S`` as stand where doubling or surrender is no longer
possible). Naturals and dealer naturals are included; insurance is never taken.
``house_edge_cd`` is composition-dependent instead: each initial hand takes its own best action
and every later decision is the best for the exact cards (the definition of the Wizard of Odds'
appendix 9 "expected return of game"). Both are percentages of the initial bet, positive when
the house has the edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from trainer.engine.processes import helper_pool
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe
from trainer.engine.strategy.ev import Action, UpCardAnalysis
from trainer.engine.strategy.optimum import Deal, Optimum, best_policy, evaluate, policy_of
from trainer.engine.words import N_, say

__all__ = [
    "CODES",
    "EXCEPTIONS",
    "HARD_ROWS",
    "PAIR_ROWS",
    "SOFT_ROWS",
    "UP_CARDS",
    "Chart",
    "exception_words",
    "compute_chart",
    "row_label",
    "up_card_ev",
    "up_label",
]

UP_CARDS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
HARD_ROWS: tuple[int, ...] = tuple(range(5, 22))
SOFT_ROWS: tuple[int, ...] = tuple(range(13, 22))
PAIR_ROWS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)

# What each code means (marked for the catalogue: a page says them in the learner's language).
CODES: dict[str, str] = {
    "H": N_("hit"),
    "S": N_("stand"),
    "D/H": N_("double if allowed, otherwise hit"),
    "D/S": N_("double if allowed, otherwise stand"),
    "P": N_("split"),
    "R/H": N_("surrender if allowed, otherwise hit"),
    "R/S": N_("surrender if allowed, otherwise stand"),
    "R/P": N_("surrender if allowed, otherwise split"),
}


def code_words(code: str) -> str:
    """A chart cell's play in words ("split", "double if allowed, otherwise hit"), in the
    learner's language, as a screen reader says the cell; a code :data:`CODES` does not name,
    as it is."""
    meaning = CODES.get(code)
    return say(meaning) if meaning is not None else code


# What an exception says, by its key (the value is a play's letter).
EXCEPTIONS: dict[str, str] = {
    "three_or_more": "with three cards or more",
    "after_split": "on a split hand's first two cards",
    "if_played_perfectly": "best only if every later decision is made for the exact cards",
}
# The same as whole sentences with the play in them, said in the learner's language.
_EXCEPTION_SENTENCES: dict[str, str] = {
    "three_or_more": N_("with three cards or more: %(play)s"),
    "after_split": N_("on a split hand's first two cards: %(play)s"),
    "if_played_perfectly": N_(
        "%(play)s is best only if every later decision is made for the exact cards"
    ),
}

Exceptions = dict[str, dict[str, dict[str, dict[str, str]]]]

_PLAYS = {"H": N_("hit"), "S": N_("stand"), "D": N_("double"), "P": N_("split"),
          "R": N_("surrender")}  # fmt: skip


def exception_words(found: dict[str, str]) -> str:
    """One cell's exceptions in words (the learner's language): ``"with three cards or more:
    stand"``."""
    return "; ".join(
        say(_EXCEPTION_SENTENCES[key], play=say(_PLAYS[play[0]])) for key, play in found.items()
    )


_CHART_ACTIONS = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)


def up_label(up: int) -> str:
    """``1`` -> ``"A"``, ``10`` -> ``"10"``."""
    return "A" if up == 1 else str(up)


def row_label(section: str, row: int) -> str:
    """A row's key: ``"16"`` for hard and soft rows, ``"8-8"`` / ``"A-A"`` for pairs."""
    if section == "pairs":
        card = up_label(row)
        return f"{card}-{card}"
    return str(row)


def code_of(evs: dict[Action, float]) -> str:
    """The chart code for a cell's EVs (the best action, then the fallback)."""
    best = max(evs, key=lambda action: evs[action])
    if best is Action.DOUBLE:
        fallback = _best_of(evs, (Action.HIT, Action.STAND))
        return f"D/{fallback.value}"
    if best is Action.SURRENDER:
        fallback = _best_of(evs, (Action.HIT, Action.STAND, Action.SPLIT))
        return f"R/{fallback.value}"
    return best.value


def _best_of(evs: dict[Action, float], actions: tuple[Action, ...]) -> Action:
    present = [action for action in actions if action in evs]
    return max(present, key=lambda action: evs[action])


@dataclass(frozen=True)
class Chart:
    """A basic-strategy chart with every cell's EVs and the house edge of playing it.

    ``codes[section][row][up]`` and ``evs[section][row][up][action]`` use the JSON keys:
    sections ``"hard"``, ``"soft"``, ``"pairs"``; rows ``"16"``, ``"8-8"``, ``"A-A"``; up cards
    ``"2"`` .. ``"10"``, ``"A"``; actions ``"S"``, ``"H"``, ``"D"``, ``"P"``, ``"R"``.
    """

    rules: Rules
    composition: tuple[int, ...]
    house_edge: float  # percent, playing the chart
    house_edge_cd: float  # percent, each initial hand its own best action
    codes: dict[str, dict[str, dict[str, str]]] = field(compare=False)
    evs: dict[str, dict[str, dict[str, dict[str, float]]]] = field(compare=False)
    # percent, playing another chart's codes on this shoe (compute_chart's ``playing``)
    house_edge_playing: float | None = field(default=None, compare=False)
    # exceptions[section][row][up]: where the chart's own optimum plays a cell's hands
    # otherwise than its code reads (see EXCEPTIONS)
    exceptions: Exceptions = field(default_factory=dict, compare=False)

    def code(self, section: str, row: str, up: str) -> str:
        """The code of one cell, e.g. ``chart.code("hard", "16", "10")``.

        :raises KeyError: for a section, row or up card the chart does not have.
        """
        return self.codes[section][row][up]

    def exception_notes(self) -> list[tuple[str, str, str, str]]:
        """Each cell with exceptions, in the chart's order, as (section, row, up card, what
        the exceptions say in words: ``"with three cards or more: stand"``)."""
        notes = []
        for section, rows in self.codes.items():
            for row in rows:
                found = self.exceptions.get(section, {}).get(row, {})
                for up in (up_label(up) for up in UP_CARDS):
                    if found.get(up):
                        notes.append((section, row, up, exception_words(found[up])))
        return notes

    def to_json(self) -> dict[str, Any]:
        """The ``python -m trainer strategy --json`` document (exactly: rules, house edge,
        chart, EVs)."""
        return {
            "rules": self.rules.to_dict(),
            "house_edge_percent": round(self.house_edge, 4),
            "chart": self.codes,
            "ev": {
                section: {
                    row: {
                        up: {action: round(value, 6) for action, value in cell.items()}
                        for up, cell in cells.items()
                    }
                    for row, cells in rows.items()
                }
                for section, rows in self.evs.items()
            },
        }

    @classmethod
    def from_json(cls, rules: Rules, composition: tuple[int, ...], data: dict[str, Any]) -> Chart:
        """Rebuild a chart from :meth:`to_json` output (the disk cache)."""
        return cls(
            rules=rules,
            composition=composition,
            house_edge=float(data["house_edge_percent"]),
            house_edge_cd=float(data.get("house_edge_cd_percent", data["house_edge_percent"])),
            codes=data["chart"],
            evs=data["ev"],
            exceptions=data.get("exceptions", {}),
        )


Playing = dict[str, dict[str, dict[str, str]]] | Chart


def _counts(*values: int) -> tuple[int, ...]:
    counts = [0] * 10
    for v in values:
        counts[v - 1] += 1
    return tuple(counts)


def _hand_probability(composition: tuple[int, ...], values: tuple[int, ...]) -> float:
    """Probability that the next ``len(values)`` cards are these values, in any order."""
    left = sum(composition)
    remaining = list(composition)
    p = 1.0
    for v in values:
        have = remaining[v - 1]
        if have <= 0 or left <= 0:
            return 0.0
        p *= have / left
        remaining[v - 1] -= 1
        left -= 1
    # Orderings of the multiset.
    orders = 1
    seen: dict[int, int] = {}
    for i, v in enumerate(values, start=1):
        seen[v] = seen.get(v, 0) + 1
        orders = orders * i // seen[v]
    return p * orders


def _same_rank_share(composition: tuple[int, ...]) -> float:
    """Of two ten-value cards, the chance they are one rank (the ranks taken as equally many)."""
    tens = composition[9]
    if tens < 2:
        return 1.0
    per_rank = tens / 4.0
    return max(per_rank - 1.0, 0.0) / (tens - 1)


def _three_card_hands(total: int, soft: bool) -> list[tuple[int, int, int]]:
    hands = []
    for a in range(1, 11):
        for b in range(a, 11):
            for c in range(b, 11):
                hard = a + b + c
                is_soft = a == 1 and hard + 10 <= 21
                best = hard + 10 if is_soft else hard
                if best == total and is_soft == soft:
                    hands.append((a, b, c))
    return hands


def _cell_members(
    rules: Rules, composition: tuple[int, ...]
) -> dict[tuple[str, int], list[tuple[tuple[int, ...], float]]]:
    """For each chart row: the hands it averages over, as (values, weight share, pair_row)."""
    same = _same_rank_share(composition) if rules.split_by == "rank" else 1.0
    rows: dict[tuple[str, int], list[tuple[tuple[int, ...], float]]] = {}
    for total in HARD_ROWS:
        members: list[tuple[tuple[int, ...], float]] = []
        for a in range(2, 11):
            for b in range(a + 1, 11):
                if a + b == total:
                    members.append(((a, b), 1.0))
        if total == 20 and same < 1.0:
            members.append(((10, 10), 1.0 - same))
        if not members:
            members = [(hand, 1.0) for hand in _three_card_hands(total, soft=False)]
        rows[("hard", total)] = members
    for total in SOFT_ROWS:
        if total <= 20:
            rows[("soft", total)] = [((1, total - 11), 1.0)]
        else:
            rows[("soft", total)] = [(hand, 1.0) for hand in _three_card_hands(21, soft=True)]
    for v in PAIR_ROWS:
        rows[("pairs", v)] = [((v, v), same if v == 10 else 1.0)]
    return rows


class UpCardPart(NamedTuple):
    """One up card's share of a chart: its cells and its terms of the house edges (weighted
    by the up card's probability)."""

    cells: list[tuple[str, str, str, dict[str, float], dict[str, str]]]  # + exceptions
    edge_chart: float  # the chart's own (total-dependent) optimum, played
    edge_cd: float  # each initial hand its own best action
    edge_playing: float  # playing another chart's strategy where given


def _initial_evs(
    analysis: UpCardAnalysis,
) -> tuple[dict[tuple[int, ...], dict[Action, float]], dict[Action, float], float]:
    """Every initial two-card hand's EVs; those of two ten-values of different ranks (a hard
    20 that may not split, where pairs split by rank); the share of ten pairs of one rank."""
    rest = analysis.composition
    same = _same_rank_share(rest) if analysis.rules.split_by == "rank" else 1.0
    initial: dict[tuple[int, ...], dict[Action, float]] = {}
    # Pairs last: their split hands reuse the dealer results of the unsplit hands.
    two_cards = [(a, b) for a in range(1, 11) for b in range(a, 11)]
    two_cards.sort(key=lambda hand: hand[0] == hand[1])
    for a, b in two_cards:
        if _hand_probability(rest, (a, b)) == 0.0 and not (a == b == 10):
            continue
        initial[(a, b)] = analysis.initial(a, b)
    unpaired_tens: dict[Action, float] = {}
    if same < 1.0 and (10, 10) in initial:
        unpaired_tens = analysis.initial(10, 10, allow_split=False)
    return initial, unpaired_tens, same


def _cell_evs(
    analysis: UpCardAnalysis,
    members: dict[tuple[str, int], list[tuple[tuple[int, ...], float]]],
    initial: dict[tuple[int, ...], dict[Action, float]],
    unpaired_tens: dict[Action, float],
) -> dict[tuple[str, int], dict[Action, float]]:
    """Each chart cell's EVs: its hands' EVs averaged by their probabilities (module doc)."""
    rest = analysis.composition
    cells: dict[tuple[str, int], dict[Action, float]] = {}
    for (section, row), hands in members.items():
        sums: dict[Action, float] = {}
        weight = 0.0
        for values, share in hands:
            p = _hand_probability(rest, values) * share
            if p == 0.0:
                continue
            if len(values) == 2:
                if section == "hard" and values == (10, 10):
                    hand_evs = unpaired_tens
                else:
                    hand_evs = initial[values]
            else:
                hand_evs = analysis.multi_card(_counts(*values))
            factor = analysis.weight_factor(_counts(*values))
            weight += p * factor
            for action, value in hand_evs.items():
                if action in _CHART_ACTIONS:
                    sums[action] = sums.get(action, 0.0) + p * factor * value
        if weight:
            cells[(section, row)] = {action: value / weight for action, value in sums.items()}
    return cells


def _deals(
    analysis: UpCardAnalysis,
    initial: dict[tuple[int, ...], dict[Action, float]],
    unpaired_tens: dict[Action, float],
    same: float,
) -> list[Deal]:
    """Every initial two-card hand with its cell and weight (a pair of ten-values of two
    ranks, where pairs split by rank, is a hard 20's share of the hand)."""
    deals: list[Deal] = []
    for (a, b), hand_evs in initial.items():
        p = _hand_probability(analysis.composition, (a, b))
        if p == 0.0:
            continue
        if {a, b} == {1, 10}:
            deals.append(Deal(("natural", 0), a, b, p, hand_evs))
        elif a == b == 10 and same < 1.0:
            deals.append(Deal(("pairs", 10), a, b, p * same, hand_evs))
            deals.append(Deal(("hard", 20), a, b, p * (1.0 - same), unpaired_tens))
        elif a == b:
            deals.append(Deal(("pairs", a), a, b, p, hand_evs))
        else:
            deals.append(Deal(("soft", 11 + b) if a == 1 else ("hard", a + b), a, b, p, hand_evs))
    return deals


def _cell_code(first: Action, totals: dict[Action, float]) -> str:
    """A cell's code from its first action and its options' totals (the fallback after
    ``D`` or ``R`` is the best of the rest)."""
    if first is Action.DOUBLE:
        return f"D/{_best_of(totals, (Action.HIT, Action.STAND)).value}"
    if first is Action.SURRENDER:
        return f"R/{_best_of(totals, (Action.HIT, Action.STAND, Action.SPLIT)).value}"
    return first.value


def _exceptions(cell: tuple[str, int], code: str, perfect: str, optimum: Optimum) -> dict[str, str]:
    """Where the strategy plays a cell's hands otherwise than its code reads: on three cards
    or more, on a split hand's two cards, and a first action that would differ if every
    later decision were made perfectly for the exact cards."""
    found: dict[str, str] = {}
    if code[0] != perfect[0]:
        found["if_played_perfectly"] = perfect[0]
    if cell[0] == "pairs":
        return found
    key = (cell[0] == "soft", cell[1])
    policy, evaluation = optimum.policy, optimum.evaluation
    if key in evaluation.later and policy.later.get(key, "H") != code[-1]:
        found["three_or_more"] = policy.later.get(key, "H")
    if key in evaluation.split:
        can_double = "D" in evaluation.split[key]

        def effective(choice: str) -> str:
            return "D" if choice[0] == "D" and can_double else choice[-1]

        chosen = effective(policy.split.get(key, "H"))
        if chosen != effective(code):
            found["after_split"] = chosen
    return found


def _up_card_part(
    rules: Rules,
    shoe: tuple[int, ...],
    up: int,
    stand_on: frozenset[int],
    members: dict[tuple[str, int], list[tuple[tuple[int, ...], float]]],
    playing: Playing | None = None,
) -> UpCardPart:
    """One up card's share of a chart: its cells as (section, row, code, EVs, exceptions),
    and its terms of the house edges (the chart's optimum, composition-dependent, and
    playing ``playing``'s strategy where given), weighted by its probability."""
    p_up = shoe[up - 1] / sum(shoe)
    analysis = UpCardAnalysis(rules, shoe, up, stand_on=stand_on)
    initial, unpaired_tens, same = _initial_evs(analysis)
    cell_evs = _cell_evs(analysis, members, initial, unpaired_tens)
    perfect = {cell: code_of(evs) for cell, evs in cell_evs.items()}
    deals = _deals(analysis, initial, unpaired_tens, same)
    optimum = best_policy(analysis, deals, policy_of(perfect, None))
    cells = []
    for cell, evs in cell_evs.items():
        totals = optimum.evaluation.cells.get(cell)
        code = perfect[cell] if totals is None else _cell_code(optimum.policy.first[cell], totals)
        found = _exceptions(cell, code, perfect[cell], optimum)
        label = row_label(*cell)
        cells.append((cell[0], label, code, {a.value: v for a, v in evs.items()}, found))
    edge_cd = 0.0
    for deal in deals:
        best = max(v for a, v in deal.evs.items() if a in _CHART_ACTIONS)
        edge_cd += p_up * deal.weight * analysis.unconditional(deal.a, deal.b, best)
    edge_chart = p_up * optimum.evaluation.value
    edge_playing = edge_chart
    if playing is not None:  # another chart's strategy (basic strategy's, on a shoe at a count)
        codes, exceptions = _playing_for(playing, up_label(up), perfect)
        edge_playing = p_up * evaluate(analysis, deals, policy_of(codes, exceptions)).value
    return UpCardPart(cells, edge_chart, edge_cd, edge_playing)


def _playing_for(
    playing: Playing, up: str, own: dict[tuple[str, int], str]
) -> tuple[dict[tuple[str, int], str], dict[tuple[str, int], dict[str, str]]]:
    """Another chart's codes and exceptions for one up card, by cell (``own`` where it has
    no such cell)."""
    codes_by_label = playing.codes if isinstance(playing, Chart) else playing
    found = playing.exceptions if isinstance(playing, Chart) else {}
    codes = {}
    exceptions = {}
    for (section, row), code in own.items():
        label = row_label(section, row)
        codes[(section, row)] = codes_by_label[section].get(label, {}).get(up, code)
        exceptions[(section, row)] = found.get(section, {}).get(label, {}).get(up, {})
    return codes, exceptions


def compute_chart(
    rules: Rules,
    composition: tuple[int, ...] | None = None,
    *,
    stand_on: frozenset[int] = frozenset(),
    jobs: int = 1,
    playing: Playing | None = None,
) -> Chart:
    """Compute the chart, every cell's EVs and the house edge for ``rules``.

    :param composition: the shoe (10 counts, ace first); by default ``rules.decks`` full packs.
    :param stand_on: totals on which the player never draws (to price a text's advice).
    :param jobs: worker processes to share the up cards among (1: all in this process).
    :param playing: a chart (its codes and exceptions), or chart codes alone (a
        :attr:`Chart.codes`, read as a player reads them), whose house edge on this shoe is
        wanted too (``house_edge_playing``): basic strategy on a shoe at a count.
    """
    shoe = composition if composition is not None else full_shoe(rules.decks)
    if len(shoe) != 10 or any(n < 0 for n in shoe):
        raise ValueError("a composition is 10 counts (ace, 2..9, ten-value), none negative")
    members = _cell_members(rules, shoe)
    ups = [up for up in UP_CARDS if shoe[up - 1] > 0]
    if jobs > 1 and len(ups) > 1:
        with helper_pool(min(jobs, len(ups))) as pool:
            futures = [
                pool.submit(_up_card_part, rules, tuple(shoe), up, stand_on, members, playing)
                for up in ups
            ]
            parts = [(up, future.result()) for up, future in zip(ups, futures, strict=True)]
    else:
        parts = [
            (up, _up_card_part(rules, tuple(shoe), up, stand_on, members, playing)) for up in ups
        ]
    return _assembled(rules, tuple(shoe), parts, playing is not None)


def up_card_ev(rules: Rules, up: int, composition: tuple[int, ...] | None = None) -> float:
    """The players' EV per unit of the initial bet against the up card ``up`` (1 the ace to
    10), playing the chart as :attr:`Chart.house_edge` does (naturals and the dealer's
    naturals included): that up card's term of the house edge over its probability.

    :raises ValueError: for an up card the shoe does not hold.
    """
    shoe = composition if composition is not None else full_shoe(rules.decks)
    if not 1 <= up <= 10 or len(shoe) != 10 or shoe[up - 1] <= 0:
        raise ValueError(f"up card: the shoe holds no card of value {up}")
    part = _up_card_part(rules, tuple(shoe), up, frozenset(), _cell_members(rules, shoe))
    return part.edge_chart * sum(shoe) / shoe[up - 1]


def _assembled(
    rules: Rules, shoe: tuple[int, ...], parts: list[tuple[int, UpCardPart]], playing: bool
) -> Chart:
    """The chart from its up cards' parts."""
    codes: dict[str, dict[str, dict[str, str]]] = {"hard": {}, "soft": {}, "pairs": {}}
    evs: dict[str, dict[str, dict[str, dict[str, float]]]] = {"hard": {}, "soft": {}, "pairs": {}}
    exceptions: Exceptions = {}
    for up, part in parts:
        ul = up_label(up)
        for section, label, code, cell_evs, found in part.cells:
            codes[section].setdefault(label, {})[ul] = code
            evs[section].setdefault(label, {})[ul] = cell_evs
            if found:
                exceptions.setdefault(section, {}).setdefault(label, {})[ul] = found
    return Chart(
        rules=rules,
        composition=shoe,
        house_edge=-100.0 * sum(part.edge_chart for _, part in parts),
        house_edge_cd=-100.0 * sum(part.edge_cd for _, part in parts),
        codes=codes,
        evs=evs,
        house_edge_playing=(
            -100.0 * sum(part.edge_playing for _, part in parts) if playing else None
        ),
        exceptions=exceptions,
    )
