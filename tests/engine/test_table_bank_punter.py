"""A learner starting as a punter at the Russian banking game (004): an engine player holds the
bank and draws by the rules' policy; the learner's stake comes after their two cards (004's
``bet_after_deal``), their draws are three at most, and their table ends where the talia is
played out and the bank passes left (to them, from seat 1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.engine.play.table_game import PLAYS, InvalidStepError, TableGame, TableSetup
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart

BANK = Rules.parse("russian-bank decks=1")


def _setup(seat: int = 1, seed: int = 3) -> TableSetup:
    return TableSetup(BANK, 3, 1, seed, count_checks=False, deals=True, punter_seat=seat)


def test_the_stake_comes_after_both_cards_and_the_banker_is_an_engine_player() -> None:
    setup = _setup(seat=2)
    assert setup.first_dealer == 2  # seat 2 from the banker's left: player 2 banks
    game = TableGame(setup, chart(BANK))
    ask = game.play([])
    assert ask.kind == "bet" and ask.seat == 1 and ask.round is not None
    assert len(ask.round.hands(1)[0].cards) == 2 and len(ask.round.dealer_cards) == 2
    assert ask.round.stakes(1) == (0,)  # nothing staked yet: the stake is the step
    with pytest.raises(InvalidStepError, match="min_bet"):
        TableGame(setup, chart(BANK)).play(["bet 0"])
    with pytest.raises(InvalidStepError, match="bankroll"):
        TableGame(setup, chart(BANK)).play(["bet 20"], Fraction(10))


def _talia(setup: TableSetup, play: str) -> tuple[list[str], TableGame]:
    steps: list[str] = []
    for _ in range(500):
        game = TableGame(setup, chart(BANK))
        ask = game.play(steps)
        if ask.kind == "over":
            return steps, game
        if ask.kind == "play" and ask.why_illegal(PLAYS[play]) is not None:
            steps.append("S")  # no more draws allowed: stand
        else:
            steps.append("bet 3" if ask.kind == "bet" else play)
    raise AssertionError("the talia never ended")


def test_a_talia_played_out_passes_the_bank_to_the_learner_and_ends_the_table() -> None:
    setup = _setup()
    steps, game = _talia(setup, "S")
    assert game.rounds and game.table.dealer == 0  # the bank passed left: to the learner
    assert all(p.record.dealer == setup.first_dealer for p in game.rounds)
    assert all(p.learner == range(0, 1) for p in game.rounds)
    assert game.learner_net == sum(p.record.result.seats[0].net for p in game.rounds)
    assert all(p.round.stakes(0) == (Fraction(3),) for p in game.rounds)
    game.table.check_conservation()
    with pytest.raises(InvalidStepError, match="played out"):
        TableGame(setup, chart(BANK)).play([*steps, "bet 3"])


def test_a_hand_that_drew_three_is_asked_no_more() -> None:
    setup = _setup(seed=13)
    steps, game = _talia(setup, "H")  # a punter who always draws
    drawn = [len(hand.cards) - 2 for p in game.rounds for hand in p.round.hands(0)]
    assert max(drawn) == 3  # some hand drew three without busting, and stopped there
    assert steps.count("H") == sum(drawn)  # every draw asked was played; no fourth asked
