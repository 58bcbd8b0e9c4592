"""What a punter's play reads of the dealer's double at 002's deal method 3 (the home game as
its text deals it): the dealer's first card lies face down, his second is the up card, and
between the two he may have doubled the stakes, which every punter sees. His double tells what
the face-down card is likely to be, so the basic-strategy quiz's question names it, ``"TS 6H v
7D doubled"`` or ``"TS 6H v 7D not doubled"``, as does a punter's decision at the table
(:func:`hand_play`), and the right play is the game's punters' for those cards, that up card
and that double (:meth:`trainer.engine.banker.method3.Method3.start_evs` and ``hand_evs``:
standing, drawing, splitting, each worth per unit staked with the hole card's chances read
from the double, exact for the cards left), never the chart's, which reads the up card alone;
:func:`game_chart` and :func:`heat_code` give that play by chart cell (the strategy page, the
heat map). The game is worked out by the chart's job (:mod:`drills.method3_figures`); until it
is, :class:`GamePendingError`.

A question without the double (one asked before the quiz read it) is the chart's, as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from drills.base import InvalidQuestionError
from drills.card_values import doubling_words, not_values_words, values_words
from drills.method3_figures import GamePendingError
from drills.strategy_cells import (
    BOTH,
    DOUBLED_SUFFIX,
    NOT_DOUBLED_SUFFIX,
    Cell,
    best_two_gap,
    cell_of,
    split_doubled,
)
from drills.strategy_play import Play
from trainer.engine.banker.method3 import Method3, cached_method3_game
from trainer.engine.banker.method3_reading import play_values
from trainer.engine.deck.hand import Hand, Situation
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.settlement import is_natural
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe
from trainer.words import N_, say

__all__ = [
    "GameCell",
    "best",
    "close_evs",
    "deal",
    "double_words",
    "doubled_for",
    "game_chart",
    "game_of",
    "hand_play",
    "heat_code",
    "play_of",
    "reads_the_double",
    "split_doubled",
    "suffix",
]

# What a dealer who did not double tells of his face-down card, by whether he doubles on some
# cards always and on some at times (002's deal method 3).
_NOT_DOUBLED = {
    (True, True): N_(
        "The dealer did not double, so his face-down card is %(not_always)s, and less likely "
        "%(sometimes)s than the pack alone would make it. The play is worked out for those "
        "chances, not by the chart, which reads the up card alone."
    ),
    (True, False): N_(
        "The dealer did not double, so his face-down card is %(not_always)s. The play is "
        "worked out for those chances, not by the chart, which reads the up card alone."
    ),
    (False, True): N_(
        "The dealer did not double, so his face-down card is less likely %(sometimes)s than "
        "the pack alone would make it. The play is worked out for those chances, not by the "
        "chart, which reads the up card alone."
    ),
    (False, False): N_(
        "The dealer did not double, which tells nothing of his face-down card: he doubles on "
        "none. The play is worked out for the pack left."
    ),
}

# Two EVs closer than this are one: the game's punters stand (or do not split) on a tie.
_TIE = 1e-12


def reads_the_double(rules: Rules) -> bool:
    """Whether a question under ``rules`` names the dealer's double (deal method 3)."""
    return rules.deal_method == 3


def suffix(doubled: bool) -> str:
    return DOUBLED_SUFFIX if doubled else NOT_DOUBLED_SUFFIX


def game_of(rules: Rules) -> Method3:
    """The home game of ``rules`` worked out, or :class:`GamePendingError`."""
    played = rules.played()
    game = cached_method3_game(played)
    if game is None:
        raise GamePendingError(played)
    return game


def play_of(situation: Situation, doubled: bool, rules: Rules) -> Play:
    """The question on ``situation`` with the dealer having ``doubled`` or not, worked out.

    :raises GamePendingError: while the game of ``rules`` is being worked out.
    :raises InvalidQuestionError: for two cards the game does not ask a play on.
    """
    game = game_of(rules)
    a, b = (card.value for card in situation.hand)
    evs = game.start_evs(doubled, a, b, situation.up.value)
    if evs is None:
        raise InvalidQuestionError.said_as(
            N_("the dealer's double leaves no card he could hold under this up card")
        )
    right = best(evs)
    return Play(
        situation=situation,
        cell=cell_of(situation, rules),
        code=right,
        evs=evs,
        right=right,
        doubled=doubled,
        doubling=game.chances,
    )


def best(evs: dict[str, float]) -> str:
    """The game's punters' play among ``evs``: a draw or a split only where it is worth more
    than standing (or the better of the two) by more than a rounding."""
    played = "H" if "H" in evs and evs["H"] - evs["S"] > _TIE else "S"
    return "P" if "P" in evs and evs["P"] - evs[played] > _TIE else played


def hand_play(
    rules: Rules, hand: Sequence[int], up: int, doubled: bool, legal: frozenset[str]
) -> tuple[dict[str, float], str, tuple[float, ...]]:
    """A decision at a table of ``rules`` (002's method 3) on a hand of card values ``hand``
    against ``up``, the dealer having ``doubled`` or not: the ``legal`` plays' worth per unit
    staked (a split hand's as the same cards dealt fresh, as the table grades them), the game's
    punters' play, and the dealer's chances to double (for the verdict's words).

    :raises GamePendingError: while the game is being worked out.
    :raises InvalidQuestionError: for a hand the game does not ask a play on.
    """
    game = game_of(rules)
    evs = game.hand_evs(doubled, up, hand)
    if evs is None:
        raise InvalidQuestionError.said_as(
            N_("the dealer's double leaves no card he could hold under this up card")
        )
    if "P" in legal and len(hand) == 2:
        start = game.start_evs(doubled, hand[0], hand[1], up) or {}
        evs.update({"P": start["P"]} if "P" in start else {})
        if hand[0] == hand[1] == 10:  # the game never splits two tens; a learner may
            evs["P"] = _tens_split(rules, doubled, up)
    evs = {play: value for play, value in evs.items() if play in legal}
    if "S" not in evs:
        raise InvalidQuestionError.said_as(N_("a hand at this table may always stand"))
    return evs, best(evs), game.chances


@lru_cache(maxsize=64)
def _tens_split(rules: Rules, doubled: bool, up: int) -> float:
    """What splitting two tens against ``up`` is worth per unit staked (both hands, each
    played on by the game's reading), the dealer having ``doubled`` or not."""
    found = play_values(game_of(rules), doubled, up, (10, 10), 0, True, ())
    assert found is not None and "P" in found  # two tens may be dealt under any up card
    return found["P"]


def _shown(up: int) -> int | None:
    """The face-down card that would make a natural with up card ``up`` (which the dealer
    would have shown at once: the punters play knowing he holds none), or None."""
    return {1: 10, 10: 1}.get(up)


def doubled_for(situation: Situation, rules: Rules, rng: random.Random) -> bool:
    """Whether the dealer doubled, dealt as the table deals it: his face-down card drawn from
    the pack left (one making a natural with the up card, which he would have shown at once,
    left out), then his double drawn with its chance for that card."""
    game = game_of(rules)
    left = list(full_shoe(rules.decks))
    for card in (*situation.hand, situation.up):
        left[card.value - 1] -= 1
    natural = _shown(situation.up.value)
    if natural is not None:
        left[natural - 1] = 0
    hole = rng.choices(range(1, 11), weights=left)[0]
    return rng.random() < game.chance(hole)


def deal(rules: Rules, rng: random.Random) -> tuple[Situation, bool]:
    """A hand off a shuffled pack as method 3 deals it: the punter's first card and the
    dealer's (face down), his double drawn with its chance, then each one's second card, the
    dealer's face up; a natural (the punter's, or the dealer's, shown at once) dealt again."""
    game = game_of(rules)
    while True:
        shoe = Shoe(rules, rng)
        first, hole = shoe.draw(), shoe.draw()
        doubled = rng.random() < game.chance(hole.value)
        second, up = shoe.draw(), shoe.draw()
        if is_natural((first, second)) or is_natural((hole, up)):
            continue
        return Situation(Hand.of([first, second]), up), doubled


def double_words(doubled: bool, chances: Sequence[float], up: int) -> str:
    """What the dealer's double (or none) tells of his face-down card, the dealer doubling
    with ``chances`` (by his first card, ace first) and showing ``up``: the sentence a
    verdict's details give for a play that reads it in place of the chart's. A card that would
    make a natural with the up card is left out: he would have shown it."""
    natural = _shown(up)
    chances = [0.0 if card == natural else p for card, p in enumerate(chances, 1)]
    if doubled:
        return say(
            "The dealer doubled, so his face-down card is one he doubles on: %(cards)s. The "
            "play is worked out for those chances, not by the chart, which reads the up card "
            "alone.",
            cards=doubling_words(chances),
        )
    always = [card for card, p in enumerate(chances, 1) if p == 1]
    sometimes = [card for card, p in enumerate(chances, 1) if 0 < p < 1]
    said = {"not_always": not_values_words(always), "sometimes": values_words(sometimes)}
    return say(_NOT_DOUBLED[bool(always), bool(sometimes)], **said)


@dataclass(frozen=True)
class GameCell:
    """A cell of the game's chart (:func:`game_chart`): the play of most of the cell's hands
    (each two-card hand weighed by how often the pack deals it against the up card), and the
    hands of the cell played otherwise, each with its play; and the hand dealt most often and
    its plays' worth (the lean mix's close calls)."""

    play: str
    otherwise: tuple[tuple[tuple[int, int], str], ...] = ()
    evs: tuple[tuple[str, float], ...] = ()


def game_chart(rules: Rules) -> dict[bool, dict[tuple[str, str, str], GameCell]]:
    """The game's punters' first play by chart cell (section, row, up card as the chart labels
    them), the dealer having doubled or not: what the quiz grades by, as a chart reads. Kept
    (some 14 ms of work: the lean mix reads it for every question, the heat map and the
    strategy page for every page); never changed by its callers.

    :raises GamePendingError: while the game is being worked out (nothing kept).
    """
    return _game_chart(rules.played())


@lru_cache(maxsize=4)
def _game_chart(rules: Rules) -> dict[bool, dict[tuple[str, str, str], GameCell]]:
    game = game_of(rules)
    shoe = full_shoe(rules.decks)
    found: dict[bool, dict[tuple[str, str, str], GameCell]] = {}
    for doubled in (True, False):
        cells: dict[tuple[str, str, str], dict[tuple[int, int], _Hand]] = {}
        for a, b, up in game.starts[doubled]:
            left = list(shoe)
            left[up - 1] -= 1
            often = left[a - 1] * (left[b - 1] - (a == b)) * (1 if a == b else 2)
            evs = game.start_evs(doubled, a, b, up) or {}
            cells.setdefault(_cell_key(a, b, up), {})[(a, b)] = (best(evs), often, evs)
        found[doubled] = {key: _majority(hands) for key, hands in cells.items()}
        if rules.split_by == "rank":  # two tens of other ranks: hard 20, a pair of tens' values
            tens = {
                up: cell for (section, row, up), cell in found[doubled].items() if row == "10-10"
            }
            found[doubled].update({("hard", "20", up): cell for up, cell in tens.items()})
    return found


def _cell_key(a: int, b: int, up: int) -> tuple[str, str, str]:
    """The chart cell of first cards ``a`` <= ``b`` against ``up``, as the chart labels it."""
    label = "A" if up == 1 else str(up)
    if a == b:
        value = "A" if a == 1 else str(a)
        return "pairs", f"{value}-{value}", label
    if a == 1:
        return "soft", str(b + 11), label
    return "hard", str(a + b), label


# A cell's two-card hand in the game's chart: its play, how often the pack deals it against the
# up card, and its plays' worth.
_Hand = tuple[str, float, dict[str, float]]


def _majority(hands: dict[tuple[int, int], _Hand]) -> GameCell:
    weights: dict[str, float] = {}
    for play, often, _ in hands.values():
        weights[play] = weights.get(play, 0.0) + often
    play = max(sorted(weights), key=lambda p: weights[p])
    otherwise = tuple((hand, p) for hand, (p, _, _) in sorted(hands.items()) if p != play)
    _, _, evs = max(hands.values(), key=lambda found: found[1])
    return GameCell(play, otherwise, tuple(sorted(evs.items())))


def close_evs(rules: Rules) -> Callable[[Cell], dict[str, float]]:
    """The lean mix's measure of a close call at the home game: each cell's plays' worth on
    its most often dealt hand, the dealer having doubled or not, whichever leaves its two best
    plays closer (the quiz asks both ways); the chart's cells the game has not, none.

    :raises GamePendingError: while the game is being worked out.
    """
    found = game_chart(rules)

    def evs(cell: Cell) -> dict[str, float]:
        key = (cell.section, cell.row, cell.up)
        both = [dict(found[doubled][key].evs) for doubled in (False, True) if key in found[doubled]]
        return min(both, key=best_two_gap, default={})

    return evs


def heat_code(rules: Rules) -> Callable[[Cell], str | None]:
    """Each quiz cell's play in the game (:func:`game_chart`), for the heat map: one letter
    where the double does not change it, else the play when the dealer did not double and when
    he did, :data:`drills.strategy_cells.BOTH` between them; None for a cell the game's chart
    has not.

    :raises GamePendingError: while the game is being worked out.
    """
    found = game_chart(rules)

    def code(cell: Cell) -> str | None:
        key = (cell.section, cell.row, cell.up)
        left, doubled = found[False].get(key), found[True].get(key)
        if left is None or doubled is None:
            return None
        return left.play if left.play == doubled.play else f"{left.play}{BOTH}{doubled.play}"

    return code
