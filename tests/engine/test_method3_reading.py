"""002's deal method 3: the engine's punters read the cards the table shows them (issue 27).

The game's figures are one punter against the dealer (his cards, the up card, the double);
at a table a punter also sees the other punters' shown cards, and after a split his other
hand. ``bench/method3_reading.py`` measures what reading them is worth; the engine's punters
read them (:mod:`trainer.engine.banker.method3_reading`). Given nothing more, the reading is
the game's play to the last digits (the same posterior, the same exact enumeration); given
more, it never expects less, and some cards seen change the play."""

from __future__ import annotations

import pytest

from trainer.engine.banker.method3 import method3_game
from trainer.engine.banker.method3_reading import reading_play, start_values, unseen
from trainer.engine.banker.method3_table import table_chances
from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.method3_punters import _play, method3_action
from trainer.engine.play.round import Action, Round
from trainer.engine.rulebook.rules import find_preset

HOME = find_preset("twenty-one-home")


def _left(*seen: int) -> tuple[int, ...]:
    left = unseen(HOME, seen)
    assert left is not None
    return left


@pytest.mark.parametrize("doubled", [True, False])
@pytest.mark.parametrize(("a", "b", "up"), [(6, 10, 10), (2, 10, 3), (1, 7, 9), (8, 8, 10)])
def test_reading_nothing_more_is_the_games_play(a: int, b: int, up: int, doubled: bool) -> None:
    game = method3_game(HOME)
    reader, played, weights, move, game_move = start_values(
        game, doubled, up, a, b, _left(a, b, up)
    )
    assert weights > 0
    assert reader == pytest.approx(played, abs=1e-9 * weights)
    assert move == game_move


def test_cards_seen_on_the_table_change_the_play_and_never_cost() -> None:
    """16 against a ten, the dealer not doubling (his hole card neither an ace nor a ten): the
    game's play stands; with three tens seen on the table the cards left are poorer in tens,
    and the reading punter draws, expecting more than a hundredth of his stake more. Small
    cards seen leave the stand."""
    game = method3_game(HOME)
    reader, played, weights, move, game_move = start_values(
        game, False, 10, 6, 10, _left(6, 10, 10, 10, 10, 10)
    )
    assert (game_move, move) == ("S", "H")
    assert reader > played + 0.01 * weights
    reader, played, weights, move, game_move = start_values(
        game, False, 10, 6, 10, _left(6, 10, 10, 2, 3, 4, 5)
    )
    assert move == game_move == "S"
    assert reader == pytest.approx(played, abs=1e-9 * weights)
    assert reading_play(game, False, 10, [10, 6], 0, True, []) == "S"
    assert reading_play(game, False, 10, [10, 6], 0, True, [10, 10, 10]) == "H"


def test_an_engine_punter_reads_the_seat_before_him() -> None:
    """Seat 1 holds 2 and ten, draws a ten and busts (his cards shown); seat 2 holds 6 and ten
    against the dealer's ten, the dealer not having doubled (his hole card a seven). Having
    seen two more tens go, seat 2 draws, where the game's play alone stands."""
    deal = [Card.parse(card) for card in ["2S", "6S", "7S", "TS", "TH", "TD", "TC"]]
    round_ = Round(HOME, Shoe.stacked(HOME, deal), [10, 10])
    round_.dealer_double(False)
    assert method3_action(round_) is Action.HIT  # 12 against a ten
    round_.act(Action.HIT)
    assert round_.current_seat == 1
    assert method3_action(round_) is Action.HIT
    alone = reading_play(method3_game(HOME), False, 10, [6, 10], 0, True, [])
    assert alone == "S"


def test_a_punter_reads_the_double_by_the_chances_he_is_given() -> None:
    """16 against a ten, the dealer having doubled: at the game's chances his hole card is
    often a five or a six (he doubles on them at times), and the punter stands; told that the
    dealer doubles on an ace or a ten only, the hole card is a ten (an ace would have made a
    natural, shown) and he draws. A table's engine punter reads by his table's chances
    (``method3_punters._play``, kept by the number of punters)."""
    game = method3_game(HOME)
    aces_and_tens = (1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    assert reading_play(game, True, 10, [6, 10], 0, True, []) == "S"
    assert reading_play(game, True, 10, [6, 10], 0, True, [], aces_and_tens) == "H"
    assert reading_play(game, True, 10, [6, 10], 0, True, [], game.chances) == "S"
    for punters in (1, 4, 11):
        read = table_chances(HOME, punters) if punters > 1 else None
        assert _play(HOME, True, 10, (6, 10), 0, True, (), punters) == reading_play(
            game, True, 10, [6, 10], 0, True, [], read
        )
