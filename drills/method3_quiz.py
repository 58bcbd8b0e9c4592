"""The basic-strategy quiz at 002's deal method 3 (the home game as its text deals it): the
dealer's first card lies face down, his second is the up card, and between the two he may have
doubled the stakes, which every punter sees. His double tells what the face-down card is likely
to be, so a question names it, ``"TS 6H v 7D doubled"`` or ``"TS 6H v 7D not doubled"``, and
the right play is the game's punters' for those two cards, that up card and that double
(:meth:`trainer.engine.banker.method3.Method3.start_evs`: standing, drawing, splitting, each
worth per unit staked with the hole card's chances read from the double, exact for the cards
left), never the chart's, which reads the up card alone. The game is worked out by the chart's
job (:mod:`drills.method3_figures`); until it is, :class:`GamePendingError`.

A question without the double (one asked before the quiz read it) is the chart's, as it was.
"""

from __future__ import annotations

import random

from drills.base import InvalidQuestionError
from drills.method3_figures import GamePendingError
from drills.strategy_cells import DOUBLED_SUFFIX, NOT_DOUBLED_SUFFIX, cell_of, split_doubled
from drills.strategy_play import Play
from trainer.engine.banker.auction import played_rules
from trainer.engine.banker.method3 import Method3, cached_method3_game
from trainer.engine.deck.hand import Hand, Situation
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.settlement import is_natural
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.dealer import full_shoe
from trainer.words import N_

__all__ = [
    "DOUBLED",
    "NOT_DOUBLED",
    "deal",
    "doubled_for",
    "play_of",
    "reads_the_double",
    "split_doubled",
    "suffix",
]

DOUBLED, NOT_DOUBLED = DOUBLED_SUFFIX, NOT_DOUBLED_SUFFIX
# Two EVs closer than this are one: the game's punters stand (or do not split) on a tie.
_TIE = 1e-12


def reads_the_double(rules: Rules) -> bool:
    """Whether a question under ``rules`` names the dealer's double (deal method 3)."""
    return rules.deal_method == 3


def suffix(doubled: bool) -> str:
    return DOUBLED if doubled else NOT_DOUBLED


def _game(rules: Rules) -> Method3:
    played = played_rules(rules)
    game = cached_method3_game(played)
    if game is None:
        raise GamePendingError(played)
    return game


def play_of(situation: Situation, doubled: bool, rules: Rules) -> Play:
    """The question on ``situation`` with the dealer having ``doubled`` or not, worked out.

    :raises GamePendingError: while the game of ``rules`` is being worked out.
    :raises InvalidQuestionError: for two cards the game does not ask a play on.
    """
    game = _game(rules)
    a, b = (card.value for card in situation.hand)
    evs = game.start_evs(doubled, a, b, situation.up.value)
    if evs is None:
        raise InvalidQuestionError.said_as(
            N_("the dealer's double leaves no card he could hold under this up card")
        )
    played = "H" if evs["H"] - evs["S"] > _TIE else "S"
    right = "P" if "P" in evs and evs["P"] - evs[played] > _TIE else played
    return Play(
        situation=situation,
        cell=cell_of(situation, rules),
        code=right,
        evs=evs,
        right=right,
        doubled=doubled,
        doubling=game.chances,
    )


def doubled_for(situation: Situation, rules: Rules, rng: random.Random) -> bool:
    """Whether the dealer doubled, dealt as the table deals it: his face-down card drawn from
    the pack left (one making a natural with the up card, which he would have shown at once,
    left out), then his double drawn with its chance for that card."""
    game = _game(rules)
    left = list(full_shoe(rules.decks))
    for card in (*situation.hand, situation.up):
        left[card.value - 1] -= 1
    natural = {1: 10, 10: 1}.get(situation.up.value)  # the hole card he would have shown
    if natural is not None:
        left[natural - 1] = 0
    hole = rng.choices(range(1, 11), weights=left)[0]
    return rng.random() < game.chance(hole)


def deal(rules: Rules, rng: random.Random) -> tuple[Situation, bool]:
    """A hand off a shuffled pack as method 3 deals it: the punter's first card and the
    dealer's (face down), his double drawn with its chance, then each one's second card, the
    dealer's face up; a natural (the punter's, or the dealer's, shown at once) dealt again."""
    game = _game(rules)
    while True:
        shoe = Shoe(rules, rng)
        first, hole = shoe.draw(), shoe.draw()
        doubled = rng.random() < game.chance(hole.value)
        second, up = shoe.draw(), shoe.draw()
        if is_natural((first, second)) or is_natural((hole, up)):
            continue
        return Situation(Hand.of([first, second]), up), doubled
