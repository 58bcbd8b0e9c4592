"""A natural on the table is named as the game names it, in the box's total as in the round's
settlement: the dealer's box read "soft 21" above "the dealer has blackjack" (a walk)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask import render_template_string

from trainer.engine.play.settlement import is_natural
from trainer.engine.play.table_game import TableGame, TableSetup
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.web.table_money import signed_money
from trainer.web.table_view import round_view


def _answer(kind: str) -> str:
    return {"count": "count", "bet": "bet 10", "insurance": "insure 0"}.get(kind, "S")


def _shoe(rules: Rules, seed: int) -> TableGame:
    """A shoe played to its end, standing on everything."""
    steps: list[str] = []
    while True:
        game = TableGame(TableSetup(rules, others=6, boxes=1, seed=seed), chart(rules))
        ask = game.play(steps, Fraction(100_000))
        if ask.kind == "over":
            return game
        steps.append(_answer(ask.kind))


@pytest.mark.parametrize("preset", ["permanent-bank", "vegas-6d-s17"])
def test_a_natural_is_named_in_its_box(app: Any, preset: str) -> None:
    rules = Rules.parse(preset)
    found = {"dealer": False, "player": False}
    with app.test_request_context(headers={"Accept-Language": "en"}):
        for seed in range(11, 16):  # shoes until the dealer and a player have had one
            game = _shoe(rules, seed)
            for number, played in enumerate(game.rounds, start=1):
                view = round_view(game, played.round, number)
                dealer = tuple(card for card, _ in view.dealer)
                assert (view.dealer_total == "blackjack") is is_natural(dealer), view.dealer_total
                found["dealer"] |= is_natural(dealer)
                for seat in view.seats:
                    for hand in seat.hands:
                        cards = tuple(card for card, _ in hand.held)
                        natural = is_natural(cards) and len(seat.hands) == 1
                        assert (hand.total == "blackjack") is natural, hand.total
                        found["player"] |= natural
            if all(found.values()):
                return
    pytest.fail(f"five shoes dealt no natural to {found}")


@pytest.mark.parametrize("preset", ["twenty-one-club", "vegas-6d-s17"])
def test_a_natural_is_paid_at_once_while_the_round_is_played(app: Any, preset: str) -> None:
    """002: a natural is "shown, and settled at once"; the dealer's natural looked for before
    anyone draws, a player's natural in a round still played reads as paid, at what the round
    pays it in the end (it read "total blackjack" with its stake on the felt: a walk)."""
    rules = Rules.parse(preset)
    found = 0
    with app.test_request_context(headers={"Accept-Language": "en"}):
        for seed in range(11, 16):
            steps: list[str] = []
            paid: list[tuple[int, int, str]] = []
            while True:
                game = TableGame(TableSetup(rules, others=6, boxes=1, seed=seed), chart(rules))
                ask = game.play(steps, Fraction(100_000))
                if ask.kind == "over":
                    break
                if ask.round is not None and ask.kind == "play":
                    view = round_view(game, ask.round, ask.number)
                    for seat, shown in enumerate(view.seats):
                        for hand in shown.hands:
                            assert (hand.outcome == "paid at once") is hand.natural, hand
                            assert hand.total != "total blackjack"
                            if hand.natural:
                                paid.append((ask.number, seat, hand.net))
                steps.append(_answer(ask.kind))
            for number, seat, net in set(paid):
                result = game.rounds[number - 1].round.result
                assert result is not None
                assert net == signed_money(result.seats[seat].net)
            found += len(set(paid))
            if found >= 3:
                return
    pytest.fail(f"five shoes dealt {found} naturals to play beside")


def test_a_hand_doubled_down_says_so_beside_its_stake(app: Any) -> None:
    """Another seat's 8-2-3 standing on 13 read as a mistake; its stake, twice the others',
    was a double (a walk): a doubled hand says so beside its chip."""
    rules = Rules.parse("vegas-6d-s17")
    seen = {True: 0, False: 0}
    with app.test_request_context(headers={"Accept-Language": "en"}):
        seat_box = '{% from "table/_parts.html" import seat_box with context %}{{ seat_box(s) }}'
        game = _shoe(rules, 11)
        for number, played in enumerate(game.rounds, start=1):
            view = round_view(game, played.round, number)
            for index, seat in enumerate(view.seats):
                (bet, *_) = played.round.bets(index)
                for hand, stake in zip(seat.hands, played.round.stakes(index), strict=True):
                    if len(seat.hands) == 1:  # (a split hand's stake is its own bet)
                        assert hand.doubled is (stake == 2 * bet), (hand, stake, bet)
                    seen[hand.doubled] += 1
                drawn = render_template_string(seat_box, s=seat)
                assert drawn.count("doubled down") == sum(h.doubled for h in seat.hands)
    assert seen[True] and seen[False], seen
