"""The simulator's arrays: the rules as numbers, the cards' values and tags, and the strategy.

Everything the compiled kernel (:mod:`.kernel`) reads is built here, in plain Python, from the
engine's own values: the :class:`~trainer.engine.rulebook.rules.Rules`, the pack's cards, a counting
system's tags, the strategy engine's chart (its codes and exceptions, read as
:func:`trainer.engine.strategy.optimum.policy_of` reads them) and the computed indices.

The strategy is three tables per count (one count when nothing depends on it):

- ``first[count, up, cell]``: a round's first decision on two cards, by chart cell (hard 5..21,
  soft 13..21, pairs A..10), as a primary play and the fallback where it is not allowed;
- ``split[count, up, soft, total]``: a split hand's decision on its two cards (hit, stand,
  double with its fallback); a pair card dealt again is resplit wherever the rules allow it
  (the strategy engine's convention);
- ``later[count, up, soft, total]``: hit or stand on three cards or more.

002 home's deal method 3 lets the dealer double every bet after his first card (and the
players redouble): the simulated dealer never does, so the cards and the play are method 1's,
and the simulated seats are punters whoever deals (the engine's Table with its default
policy plays the same rounds, which the agreement test checks).

Indices change a cell's first decision at the counts where they apply (``IndexTable.play_at``
at each whole count: a count's row is the floor of the exact count); a hit/stand index also
holds for the later decisions of its total, and for a split hand's decision on it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from trainer.engine.counting import CountingSystem
from trainer.engine.deck.cards import pack
from trainer.engine.indices.table import ILLUSTRIOUS_18, IndexTable
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.chart import Chart

__all__ = [
    "CELLS",
    "HIT",
    "I18",
    "LETTERS",
    "Params",
    "Strategy",
    "Seating",
    "card_arrays",
    "params_of",
    "strategy_of",
]

# Play codes in the kernel's tables.
HIT, STAND, DOUBLE, SPLIT, SURRENDER = 0, 1, 2, 3, 4
LETTERS = {"H": HIT, "S": STAND, "D": DOUBLE, "P": SPLIT, "R": SURRENDER}

# First-decision cells: hard 5..21 (0..16), soft 13..21 (17..25), pairs by value 1..10 (26..35).
HARD0, SOFT0, PAIR0 = -5, 17 - 13, 26 - 1
CELLS = 36
TOTALS = 22  # later and split tables are indexed by total 0..21

# The Illustrious 18 (Schlesinger, "Blackjack Attack"): the cells whose indices --indices i18
# keeps (the engine's own computed indices for these rules and system).
I18 = frozenset(ILLUSTRIOUS_18)


# The kernel's integer parameters, by name (the order is the array's).
PARAM_NAMES = (
    "decks",
    "size",
    "pen_num",
    "pen_den",
    "burn",
    "burn_ace_reshuffles",
    "burn_shown",
    "reserve",
    "h17",
    "stands_on",
    "peek",
    "nhc_original",
    "takes_all",
    "double_on",
    "das",
    "max_split",
    "rsa",
    "split_aces_one",
    "split_by_rank",
    "both_first",
    "surrender",
    "surrender_vs_ace",
    "insurance",
    "max_draws",
    "up_index",
    "ties_dealer",
    "tie_voids_bonus",
    "shuffle_after_refill",
    "surrender_void",
    "seats",
    "count_lo",
    "ncount",
    "balanced",
    "scale",
    "irc",
    "bucket_lo",
    "nbucket",
    "trace",
    "fresh",
    "bucket_floor",
    "max_shoes",
    "face_down",
    "count_noise",
    # The table (:class:`Seating`): other players' boxes, back-counting, more spots.
    "others",
    "wong",
    "wong_in",
    "wong_out",
    "spots",
    "spots_at",
)
P = {name: index for index, name in enumerate(PARAM_NAMES)}
FLOAT_NAMES = (
    "blackjack",
    "collects",
    "bust",
    "five",
    "six",
    "sevens",
    "six_seven_eight",
    # The player's count errors (:class:`CountNoise`), standard deviations: of the running
    # count per card seen, of the true count as converted, and of the decks left as estimated.
    "rc_sd",
    "tc_sd",
    "deck_sd",
)
F = {name: index for index, name in enumerate(FLOAT_NAMES)}

_DOUBLE_ON = {"any": 0, "9-11": 1, "10-11": 2, "none": 3}
_SURRENDER = {"none": 0, "late": 1, "early": 2}
# 004 as its text deals it (``all-down``): no card is shown; the punters play the chart of one
# column and the banker his best (``face_down``, from :mod:`.face_down_tables`), not the up
# card's strategy (a count study's draw-to seats keep reading the first card).
_UP_INDEX = {"casino": 0, "players-down": 0, "first-down": 1, "dealer-second-up": 1, "all-down": 0}


@dataclass(frozen=True)
class CountNoise:
    """A player's count errors, as standard deviations (0: none): ``rc_sd`` of the running count
    per card seen (a random walk from each shuffle, in the system's tags), ``tc_sd`` of the true
    count as converted each round, ``deck_sd`` of the decks left as estimated each round (decks).

    The kernel adds them to the count the player reads at the start of each round (the bet) and
    through it (the index plays), never to the cards: the smallest mechanism that plays a
    miscount (:func:`.shoe_kernel.misread`)."""

    rc_sd: float = 0.0
    tc_sd: float = 0.0
    deck_sd: float = 0.0

    @property
    def any(self) -> bool:
        return self.rc_sd > 0 or self.tc_sd > 0 or self.deck_sd > 0


@dataclass(frozen=True)
class Seating:
    """Who plays at the table besides the player's own seats: ``others`` other players' boxes,
    dealt every round after the player's; back-counting (``enter`` not ``None``): the player
    watches, sits in at a count of ``enter`` or more and leaves below ``leave``; and ``spots``
    boxes from a count of ``spots_at`` up (0: the seats alone). Counts are whole counts of the
    count the bets are read from (true counts; running counts for an unbalanced system)."""

    others: int = 0
    enter: int | None = None
    leave: int | None = None
    spots: int = 0
    spots_at: int = 0

    def values(self, seats: int) -> dict[str, int]:
        """The kernel's parameters for a player of ``seats`` seats at this table."""
        wong = self.enter is not None
        enter = self.enter if self.enter is not None else 0
        return {
            "others": self.others,
            "wong": wong,
            "wong_in": enter,
            "wong_out": self.leave if self.leave is not None else enter,
            "spots": self.spots or seats,
            "spots_at": self.spots_at if self.spots else 0,
        }

    def most_boxes(self, seats: int) -> int:
        """The most boxes a round deals."""
        return max(seats, self.spots) + self.others


@dataclass(frozen=True)
class Params:
    """The rules (and the run's table and count settings) as the kernel's two arrays."""

    ints: np.ndarray
    floats: np.ndarray


def _ratio(value: Fraction | None) -> float:
    return 0.0 if value is None else float(value)


def _rule_values(rules: Rules) -> dict[str, int | bool]:
    """The rules' options as the kernel's integer parameters."""
    pen = Fraction(rules.penetration)
    return {
        "decks": rules.decks,
        "size": 52 * rules.decks,
        "pen_num": pen.numerator,
        "pen_den": pen.denominator,
        "burn": rules.burn_cards,
        "burn_ace_reshuffles": rules.burn_ace_reshuffles,
        "burn_shown": rules.burn_shown,
        "reserve": rules.reshuffle_reserve,
        "h17": rules.dealer_hits_soft_17,
        "stands_on": rules.dealer_stands_on,
        "peek": rules.hole_card == "peek",
        "nhc_original": rules.hole_card == "none" and rules.no_hole_card_loses == "original",
        "takes_all": rules.dealer_natural_takes_all,
        "double_on": _DOUBLE_ON[rules.double_on],
        "das": rules.double_after_split,
        "max_split": rules.max_split_hands,
        "rsa": rules.resplit_aces,
        "split_aces_one": rules.split_aces_one_card,
        "split_by_rank": rules.split_by == "rank",
        "both_first": rules.split_deal_order == "both-first",
        "surrender": _SURRENDER[rules.surrender],
        "surrender_vs_ace": rules.surrender_vs_ace,
        "insurance": rules.insurance,
        "max_draws": -1 if rules.max_draws is None else rules.max_draws,
        "up_index": _UP_INDEX[rules.deal_faces],
        "ties_dealer": rules.ties == "dealer",
        "tie_voids_bonus": rules.ties == "dealer" or not rules.tie_pays_bonus,
        # 004: the bank passes, and the pack is shuffled afresh, once it has been played out.
        "shuffle_after_refill": rules.table_rotation == "bank-passes-after-pack",
        "surrender_void": rules.hole_card == "none" and rules.surrender == "late",
    }


def params_of(
    rules: Rules,
    seats: int,
    *,
    count_lo: int = 0,
    ncount: int = 1,
    system: CountingSystem | None = None,
    trace: bool = False,
    fresh: bool = False,
    max_shoes: int = 0,
    face_down: bool = False,
    noise: CountNoise | None = None,
    seating: Seating | None = None,
) -> Params:
    """The kernel's parameters for ``rules`` with ``seats`` seats and a count axis of
    ``ncount`` whole counts from ``count_lo`` (``fresh``: every round from a full shoe, the
    strategy engine's game, for checking its edge; ``max_shoes``: a block stops when that
    many packs have been dealt, 0 for no limit; ``face_down``: 004 as dealt, the seats and the
    banker playing :mod:`.face_down_tables`; ``noise``: the player's count errors, where the
    player reads a count that is not the exact one; ``seating``: other players, back-counting
    and spots)."""
    noise = noise if noise is not None else CountNoise()
    values: dict[str, int | bool] = {
        **_rule_values(rules),
        "seats": seats,
        "count_lo": count_lo,
        "ncount": ncount,
        "trace": trace,
        "fresh": fresh,
        "bucket_floor": False,
        "max_shoes": max_shoes,
        "face_down": face_down,
        "count_noise": noise.any,
        **(seating or Seating()).values(seats),
    }
    values.update(_count_params(rules, system))
    ints = np.array([int(values[name]) for name in PARAM_NAMES], dtype=np.int64)
    floats = np.array(
        [
            _ratio(rules.blackjack_pays),
            _ratio(rules.dealer_blackjack_collects),
            _ratio(rules.dealer_bust_pays),
            _ratio(rules.five_card_21_pays),
            _ratio(rules.six_card_21_pays),
            _ratio(rules.seven_seven_seven_pays),
            _ratio(rules.six_seven_eight_pays),
            noise.rc_sd,
            noise.tc_sd,
            noise.deck_sd,
        ],
        dtype=np.float64,
    )
    return Params(ints, floats)


# Start-of-round counts are reported in buckets: true counts -10..+10 for a balanced system
# (the engine's edge-by-count grid), running counts -30..+30 otherwise; beyond, at the ends.
TRUE_BUCKETS = 10
RUNNING_BUCKETS = 30


def _count_params(rules: Rules, system: CountingSystem | None) -> dict[str, int]:
    if system is None:
        return {"balanced": 1, "scale": 1, "irc": 0, "bucket_lo": -TRUE_BUCKETS, "nbucket": 21}
    scale = system._scale
    irc = system.initial_running_count(rules.decks) * scale
    reach = TRUE_BUCKETS if system.balanced else RUNNING_BUCKETS
    return {
        "balanced": system.balanced,
        "scale": scale,
        "irc": int(irc),
        "bucket_lo": -reach,
        "nbucket": 2 * reach + 1,
    }


def card_arrays(decks: int, system: CountingSystem | None) -> tuple[np.ndarray, ...]:
    """The pack as card codes (0..51, the engine's order of one pack), and by code: value
    (1..10), rank (0..12) and the system's tag scaled to a whole number."""
    one = pack(1)
    ranks = sorted({card.rank.symbol for card in one})
    value = np.array([card.value for card in one], dtype=np.int64)
    rank = np.array([ranks.index(card.rank.symbol) for card in one], dtype=np.int64)
    tag = np.zeros(52, dtype=np.int64)
    if system is not None:
        tag[:] = [system._scaled_tag(card) for card in one]
    codes = np.tile(np.arange(52, dtype=np.uint16), decks)
    return codes, value, rank, tag


@dataclass(frozen=True)
class Strategy:
    """The kernel's strategy tables (module doc) and the bet and insurance by count."""

    first: np.ndarray  # int8 [ncount, 10, CELLS, 2]: primary play, fallback
    split: np.ndarray  # int8 [ncount, 10, 2, TOTALS, 2]
    later: np.ndarray  # int8 [ncount, 10, 2, TOTALS]
    insure: np.ndarray  # int8 [ncount]
    count_lo: int

    @property
    def ncount(self) -> int:
        return int(self.first.shape[0])


def _cell_index(section: str, row: str) -> int:
    if section == "pairs":
        card = row.split("-")[0]
        return PAIR0 + (1 if card == "A" else int(card))
    return (HARD0 if section == "hard" else SOFT0) + int(row)


def _up_index(label: str) -> int:
    return 0 if label == "A" else int(label) - 1


def _code_pair(code: str) -> tuple[int, int]:
    """A chart code as (primary, fallback): ``"D/H"`` -> (D, H), ``"S"`` -> (S, S)."""
    return LETTERS[code[0]], LETTERS[code[-1]]


def _basic(chart: Chart) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The chart read as the strategy engine's optimum plays it (``policy_of``)."""
    first = np.zeros((10, CELLS, 2), dtype=np.int8)  # unknown cells: hit
    split = np.zeros((10, 2, TOTALS, 2), dtype=np.int8)
    later = np.zeros((10, 2, TOTALS), dtype=np.int8)
    for section, rows in chart.codes.items():
        for row, cells in rows.items():
            for up_label, code in cells.items():
                up = _up_index(up_label)
                first[up, _cell_index(section, row)] = _code_pair(code)
                if section == "pairs":
                    continue
                soft, total = int(section == "soft"), int(row)
                reading = code[-1] if code[0] != "P" else "H"
                found = chart.exceptions.get(section, {}).get(row, {}).get(up_label, {})
                later_code = found.get("three_or_more", reading)
                split_code = found.get("after_split", code if code[0] == "D" else later_code)
                later[up, soft, total] = LETTERS[later_code[0]]
                split[up, soft, total] = _code_pair(split_code)
    return first, split, later


def _plays_by_cell(table: IndexTable | None, keep: frozenset[tuple[str, str]] | None) -> dict:
    plays: dict[tuple[str, str], list] = {}
    if table is None:
        return plays
    for play in table.plays:
        if keep is None or (play.hand, play.dealer) in keep:
            plays.setdefault((play.hand, play.dealer), []).append(play)
    return plays


def _in_force(plays: Iterable, count: int) -> str | None:
    """The deviation a cell's indices make at ``count`` (a whole count), or ``None``."""
    for play in plays:
        if play.applies(count):
            return str(play.play)
    return None


def _fallback(basic: tuple[int, int]) -> int:
    """What a deviation to double or surrender falls back to: the basic play's hit or stand."""
    for code in basic:
        if code in (HIT, STAND):
            return int(code)
    return HIT


def _apply(tables: tuple[np.ndarray, ...], hand: str, dealer: str, letter: str) -> None:
    """Make one index's deviation in one count's tables."""
    first, split, later = tables
    up = _up_index(dealer)
    section, _, row = hand.partition(" ") if " " in hand else ("pairs", "", hand)
    cell = _cell_index(section, row)
    play = LETTERS[letter]
    first[up, cell] = (play, _fallback(tuple(first[up, cell])))
    if section == "pairs":
        return
    soft, total = int(section == "soft"), int(row)
    if play in (HIT, STAND):
        later[up, soft, total] = play
        split[up, soft, total] = (play, play)
    elif play == DOUBLE:
        split[up, soft, total] = (DOUBLE, _fallback(tuple(split[up, soft, total])))


def strategy_of(
    chart: Chart,
    table: IndexTable | None = None,
    *,
    keep: frozenset[tuple[str, str]] | None = None,
    count_lo: int = -20,
    count_hi: int = 20,
) -> Strategy:
    """The kernel's tables for basic strategy (``table`` None) or basic strategy with the
    indices of ``table`` (only the cells in ``keep`` where given), over whole counts
    ``count_lo..count_hi`` (below and above, the ends' rows)."""
    first, split, later = _basic(chart)
    plays = _plays_by_cell(table, keep)
    if not plays:
        return Strategy(first[None], split[None], later[None], np.zeros(1, np.int8), 0)
    n = count_hi - count_lo + 1
    tables = (
        np.repeat(first[None], n, axis=0),
        np.repeat(split[None], n, axis=0),
        np.repeat(later[None], n, axis=0),
    )
    insure = np.zeros(n, dtype=np.int8)
    for i, count in enumerate(range(count_lo, count_hi + 1)):
        at = tuple(t[i] for t in tables)
        for (hand, dealer), cell_plays in plays.items():
            letter = _in_force(cell_plays, count)
            if letter is None:
                continue
            if hand == "insurance":
                insure[i] = letter == "I"
            else:
                _apply(at, hand, dealer, letter)
    return Strategy(*tables, insure, count_lo)
