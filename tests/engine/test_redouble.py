"""The players' redoubling and the rotating deal at twenty-one-home (002 deal method 3), on
stacked cards: the deal passing to a punter's natural and coming back with the learner's, the
learner playing as a punter between (their bet after the first card, their redouble), every
stake settled at the multiple it was doubled to; and the engine's doubling and redoubling by
the strategy engine's figures (``trainer.engine.banker.doubling``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.engine.banker.doubling import (
    double_evs,
    doubling_cards,
    doubling_chance,
    players_ev_against,
    punter_ev,
    redouble_evs,
    redoubled_ev,
    redoubling_cards,
)
from trainer.engine.banker.method3 import method3_game, punter_play
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.table import InvalidTableError
from trainer.engine.play.table_game import Ask, InvalidStepError, TableGame, TableSetup
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.engine.strategy.dealer import full_shoe

HOME = Rules.parse("twenty-one-home")
# Four players round the table: the learner (player 0) and three engine seats. The deal
# (method 3) gives each seat from the dealer's left its first card, then the dealer his; the
# bets, the dealer's double, the redoubles; then the second cards the same way.
ROUNDS = (
    # Round 1, the learner deals (seats: players 1, 2, 3): player 2's natural takes the deal.
    "9H AS TC 7D  8H KS QC TD",
    # Round 2, player 2 deals (seats: players 3, 0 the learner, 1) and doubles on his ten; the
    # learner, an ace first, redoubles, and his natural brings the deal back.
    "TH AH 9C TS  9S JH KC 7S",
    # Round 3, the learner deals again and doubles on his nine.
    "JC QH QS 9D  QD JD KD 8D",
)
CARDS = " ".join(ROUNDS).split()
STEPS = ["deal", "double 0", "stand", "bet 2", "redouble 1", "deal", "double 1", "stand"]


def stacked(setup: TableSetup, steps: list[str]) -> tuple[TableGame, Ask]:
    game = TableGame(setup, chart(HOME), Shoe.stacked(HOME, CARDS))
    return game, game.play(steps)


def test_the_deal_passes_to_a_natural_and_comes_back_with_the_learners() -> None:
    setup = TableSetup(HOME, 3, 1, 1, count_checks=False, deals=True)
    kinds = [stacked(setup, STEPS[:n])[1].kind for n in range(len(STEPS) + 1)]
    assert kinds == ["deal", "double", "draw", "bet", "redouble", "deal", "double", "draw", "over"]
    game, _ = stacked(setup, STEPS)
    assert [p.record.dealer for p in game.rounds] == [0, 2, 0]
    assert [p.learner for p in game.rounds] == [range(0), range(1, 2), range(0)]
    assert [game.learner_deals(n) for n in (1, 2, 3)] == [True, False, True]
    assert game.rounds[1].record.seat_players == (3, 0, 1)  # from player 2's left
    assert game.table.dealer == 0


def test_each_stake_is_settled_at_the_multiple_it_was_doubled_to() -> None:
    setup = TableSetup(HOME, 3, 1, 1, count_checks=False, deals=True)
    game, _ = stacked(setup, STEPS)
    one, two, three = (p.record.result for p in game.rounds)
    # Round 1, no double: a tie to the dealer (+1), the natural paid 2x (-2), a 20 (-1).
    assert [s.net for s in one.seats] == [-1, 2, 1] and one.bank_net == -2
    # Round 2: the dealer doubles (each stake 2x), the learner redoubles (his 2 staked 8);
    # his natural is paid 2x: +16. The engine's punters (a ten and a nine first) do not.
    assert [h.bet for s in two.seats for h in s.hands] == [2, 8, 2]
    assert [s.net for s in two.seats] == [2, 16, 2]
    # Round 3: the learner doubles; no punter redoubles (no ace first): three 20s beat 17.
    assert [s.net for s in three.seats] == [2, 2, 2]
    assert game.learner_net == -2 + 16 - 6


def test_an_engine_punter_redoubles_on_an_ace_the_dealer_having_doubled() -> None:
    cards = list(CARDS)
    cards[8], cards[9] = "AH", "TH"  # round 2: player 3 has the ace first, the learner a ten
    setup = TableSetup(HOME, 3, 1, 1, count_checks=False, deals=True)
    game = TableGame(setup, chart(HOME), Shoe.stacked(HOME, cards))
    ask = game.play(STEPS[:3] + ["bet 2", "redouble 0"])
    assert ask.kind == "play" and ask.round is not None  # the learner's 20 (TH JH)
    assert ask.round.stakes(0) == (Fraction(4),)  # player 3's 1, doubled and redoubled
    assert ask.round.stakes(1) == (Fraction(4),)  # the learner's 2, doubled only


def test_the_learner_may_start_as_a_punter() -> None:
    setup = TableSetup(HOME, 3, 1, 1, count_checks=False, deals=True, punter_seat=1)
    assert setup.first_dealer == 3
    game = TableGame(setup, chart(HOME), Shoe.stacked(HOME, CARDS))
    ask = game.play([])
    assert ask.kind == "bet" and ask.seat == 0 and ask.round is not None
    assert ask.round.hands(0)[0].cards == (Shoe.stacked(HOME, CARDS).draw(),)
    with pytest.raises(InvalidTableError, match="at a seat from 1 to 3"):
        TableSetup(HOME, 3, 1, 1, deals=True, punter_seat=4)
    with pytest.raises(InvalidTableError, match="where the players deal"):
        TableSetup(Rules.parse("vegas-6d-s17"), 3, 1, 1, punter_seat=1)


@pytest.mark.parametrize(
    ("steps", "rule"),
    [
        (["deal", "double 0", "stand", "redouble 1"], "your bet comes first"),
        (["deal", "double 0", "stand", "bet 500"], "min_bet and max_bet"),
        (["deal", "double 0", "stand", "bet 2", "S"], "redouble or not"),
        (["deal", "double 0", "stand", "bet 2", "redouble 2"], "redouble or not"),
        (["deal", "redouble 1"], "doubles the bets or not"),
    ],
)
def test_a_redouble_out_of_place_is_refused(steps: list[str], rule: str) -> None:
    setup = TableSetup(HOME, 3, 1, 1, count_checks=False, deals=True)
    with pytest.raises(InvalidStepError, match=rule):
        stacked(setup, steps)


def test_the_engine_doubles_and_redoubles_by_the_game_as_dealt() -> None:
    # docs/table.md: the game at its mixed equilibrium (issue 27), the punters reading the
    # double: the dealer doubles on a ten or an ace always, on a five or a six at times.
    assert doubling_cards(HOME) == {1, 5, 6, 10}
    assert redoubling_cards(HOME) == {1}
    # Card by card, the punters' figure (their best answer to the dealer's chances) averages to
    # theirs against the dealer's first card (the punters' equilibrium mix of their best
    # answers, which grades the dealer's double) to within 0.003 of a bet.
    shoe = full_shoe(HOME.decks)
    for dealer in range(1, 11):
        left = list(shoe)
        left[dealer - 1] -= 1
        average = sum(n / sum(left) * punter_ev(HOME, p, dealer) for p, n in enumerate(left, 1))
        assert average == pytest.approx(players_ev_against(HOME, dealer), abs=0.003)
    # An ace first: the punter expects more than nothing of the doubled round; a ten, less.
    assert redoubled_ev(HOME, 1) > 0 > redoubled_ev(HOME, 10)
    evs = redouble_evs(HOME, 1, 2.0)
    assert evs["D"] == pytest.approx(2 * evs["N"]) and evs["N"] > 0
    # The dealer's double on a 9 gives the redoubling aces more than it takes from the rest,
    # though the punters expect to lose against it; on an 8 too.
    assert players_ev_against(HOME, 9) < 0
    for card in (8, 9):
        evs = double_evs(HOME, card, 3.0)
        assert evs["D"] < evs["N"]


_ANSWERS = {
    "bet": "bet 2",
    "redouble": "redouble 0",
    "play": "S",
    "deal": "deal",
    "double": "double 0",
    "draw": "stand",
}


def _engine_doubles(seed: int, others: int = 6) -> list[tuple[int, bool, int]]:
    """A shoe at twenty-one-home, the learner punting (standing, never redoubling) among
    ``others`` engine players: each round an engine player dealt, by his first card, whether
    he doubled, and to how many punters."""
    setup = TableSetup(HOME, others, 1, seed, count_checks=False, deals=True, punter_seat=1)
    steps: list[str] = []
    while True:
        game = TableGame(setup, chart(HOME))
        ask = game.play(steps)
        if ask.kind == "over":
            break
        steps.append(_ANSWERS[ask.kind])
    return [
        (
            played.round.dealer_cards[0].value,
            played.round.dealer_doubled,
            sum(1 for seat in range(played.round.seat_count) if sum(played.round.stakes(seat))),
        )
        for played in game.rounds
        if played.record.dealer != 0
    ]


@pytest.mark.long
def test_the_engine_dealer_doubles_with_the_games_chances_drawn_from_the_seed() -> None:
    # Always or never where his chance at a table of that many punters is 1 or 0 (the game's,
    # or the bench's for that table size: trainer/engine/data/method3_tables.json and
    # method3_equilibria.json), at times where it is between (drawn from the table's seed, so
    # a shoe replays alike). Two others over twenty shoes (every chance of the game's seen both
    # ways), and two shoes of six others, whose table doubles by chances of its own (a four at
    # times): the draw is the same, so more six-punter shoes would test it again at four times
    # the cost.
    seen: dict[tuple[int, float], set[bool]] = {}
    for seed, others in [(0, 6), (1, 6), *((seed, 2) for seed in range(20))]:
        for first, doubled, punters in _engine_doubles(seed, others):
            assert punters == others
            seen.setdefault((punters, doubling_chance(HOME, first, punters)), set()).add(doubled)
    for (_, chance), doubled in seen.items():
        assert doubled == {chance >= 0.5} if chance in (0.0, 1.0) else doubled <= {True, False}
    mixed = {chance: doubled for (n, chance), doubled in seen.items() if n == 2 and 0 < chance < 1}
    assert mixed and all(doubled == {True, False} for doubled in mixed.values())
    assert any(0 < chance < 1 for n, chance in seen if n == 6)
    assert _engine_doubles(3) == _engine_doubles(3)


def test_the_engine_punters_read_the_double() -> None:
    # Their best answer to the dealer's chances (docs/table.md): not doubled, the hole card is
    # no ace or ten, so a 13 stands against a 7; doubled, it is mostly one, so an 18 draws
    # against a 9 (the chart hits the 13 and stands on the 18 either way).
    game = method3_game(HOME)
    assert punter_play(game, False, 7, [10, 3], 0, first=True) == "S"
    assert punter_play(game, True, 7, [10, 3], 0, first=True) == "H"
    assert punter_play(game, True, 9, [10, 8], 0, first=True) == "H"
    assert punter_play(game, False, 9, [10, 8], 0, first=True) == "S"
