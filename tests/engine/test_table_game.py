"""A learner's table replayed from its seed and steps: the same cards every time, the learner's
boxes among engine seats, count checks where the seed puts them, and steps that cannot be
played refused with the rule named."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.engine.play.table import InvalidTableError
from trainer.engine.play.table_game import PLAYS, Ask, InvalidStepError, TableGame, TableSetup
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart

RULES = Rules.parse("vegas-6d-s17")


def _answer(ask: Ask, ask_bet: int = 10) -> str:
    """A learner who bets 10, takes insurance and hits below 17."""
    if ask.kind == "count":
        return "count"
    if ask.kind == "bet":
        return f"bet {ask_bet}"
    if ask.kind == "insurance":
        return "insure 1"
    assert ask.round is not None
    return "H" if ask.round.current_total < 17 else "S"


def _play_shoe(setup: TableSetup) -> tuple[list[str], TableGame]:
    steps: list[str] = []
    while True:
        game = TableGame(setup, chart(setup.rules))
        ask = game.play(steps, Fraction(10_000))
        if ask.kind == "over":
            return steps, game
        steps.append(
            _answer(ask, max(10, int(setup.rules.min_bet)))
            if setup.boxes == 1
            else _answers(ask, setup)
        )


def _answers(ask: Ask, setup: TableSetup) -> str:
    if ask.kind == "bet":
        return "bet " + " ".join([str(setup.rules.min_bet)] * setup.boxes)
    return _answer(ask)


def test_a_shoe_replays_to_the_same_cards_and_money() -> None:
    setup = TableSetup(RULES, others=2, boxes=1, seed=7)
    steps, game = _play_shoe(setup)
    again = TableGame(setup, chart(RULES))
    assert again.play(steps, Fraction(10_000)).kind == "over"
    assert [r.round.dealer_cards for r in again.rounds] == [
        r.round.dealer_cards for r in game.rounds
    ]
    assert again.learner_net == game.learner_net
    # The whole shoe to the cut card: about three quarters of 312 cards were dealt.
    dealt = len(game.table.shoe.dealt())
    assert 0.7 * 312 <= dealt <= 312
    # Count checks came before some rounds and once at the end.
    assert steps.count("count") >= 2
    assert steps[-1] == "count"
    game.table.check_conservation()


def test_the_learner_sits_after_half_the_other_seats() -> None:
    setup = TableSetup(RULES, others=3, boxes=2, seed=1)
    assert list(setup.learner_seats) == [1, 2]
    game = TableGame(setup, chart(RULES))
    ask = game.play(["bet 10 20"], Fraction(1000))
    if ask.kind == "play":
        assert ask.seat in (1, 2)
        assert ask.round is not None and ask.round.stakes(ask.seat)[0] in (10, 20)


@pytest.mark.parametrize(
    ("steps", "rule"),
    [
        (["bet 1"], "min_bet"),  # below the table minimum of 5
        (["bet 5000"], "max_bet"),
        (["bet 600"], "bankroll"),  # above a bankroll of 500
        (["H"], "needs a bet on your box"),
        (["bet 10", "X"], "H, S, D, P or R"),
    ],
)
def test_a_step_that_cannot_be_played_is_refused_naming_the_rule(
    steps: list[str], rule: str
) -> None:
    game = TableGame(TableSetup(RULES, others=0, boxes=1, seed=3), chart(RULES))
    with pytest.raises(InvalidStepError, match=rule):
        game.play(steps, Fraction(500))


def test_an_illegal_play_is_refused() -> None:
    # Find a round whose first decision is a hand of three cards or more: no double then.
    setup = TableSetup(RULES, others=0, boxes=1, seed=11, count_checks=False)
    steps: list[str] = []
    for _ in range(200):
        ask = TableGame(setup, chart(RULES)).play(steps, Fraction(1000))
        if ask.kind == "play" and ask.round is not None and len(ask.round.current_cards) > 2:
            with pytest.raises(InvalidStepError, match="double"):
                TableGame(setup, chart(RULES)).play([*steps, "D"], Fraction(1000))
            return
        steps.append("H" if ask.kind == "play" else _answer(ask))
    pytest.fail("no three-card hand came up")


@pytest.mark.parametrize(
    ("others", "boxes", "field"), [(7, 1, "others"), (0, 4, "boxes"), (5, 3, "seats")]
)
def test_a_table_that_cannot_be_set_up(others: int, boxes: int, field: str) -> None:
    with pytest.raises(InvalidTableError, match=field):
        TableSetup(RULES, others=others, boxes=boxes, seed=0)


@pytest.mark.parametrize(
    ("notation", "rule"),
    [
        ("twenty-one-home", "table_rotation"),  # the deal passes among the players
        ("russian-bank", "table_rotation"),  # the bank passes left after each talia
    ],
)
def test_a_table_the_players_deal_is_the_learners_to_deal(notation: str, rule: str) -> None:
    with pytest.raises(InvalidTableError, match=rule):
        TableSetup(Rules.parse(notation), others=2, boxes=1, seed=0)


@pytest.mark.parametrize("preset", ["permanent-bank", "twenty-one-club", "casino-boxes"])
def test_the_house_dealt_source_games_play_a_whole_shoe(preset: str) -> None:
    rules = Rules.parse(preset)
    steps, game = _play_shoe(TableSetup(rules, others=2, boxes=2, seed=5))
    assert game.rounds and steps[-1] == "count"
    game.table.check_conservation()
    if preset == "permanent-bank":  # the text has no doubling: never offered
        for played in game.rounds:
            assert not any(
                hand.doubled for seat in played.record.result.seats for hand in seat.hands
            )


def test_co_bettors_on_the_learners_boxes_take_their_share() -> None:
    """003: up to two co-bettors on a box, each staking the minimum; the learner's result is
    their own share of the box, the co-bettors' goes to them, and chips are conserved."""
    rules = Rules.parse("casino-boxes")
    setup = TableSetup(rules, others=1, boxes=1, seed=9, co_bettors=2)
    steps, game = _play_shoe(setup)
    seat = setup.learner_seats[0]
    shares = [played.record.result.seats[seat].shares for played in game.rounds]
    assert all(len(share) == 3 for share in shares)
    assert game.learner_net == sum((share[0] for share in shares), Fraction(0))
    assert game.table.co_bettors_net == sum((sum(share[1:]) for share in shares), Fraction(0))
    game.table.check_conservation()
    # Insurance, where the ace came up, is at most half the learner's own stake.
    for played in game.rounds:
        assert played.round.insurance(seat) <= played.round.bets(seat)[0] / 2


def test_co_bettors_only_where_the_rules_take_them() -> None:
    with pytest.raises(InvalidTableError, match="box_bettors"):
        TableSetup(RULES, others=1, boxes=1, seed=0, co_bettors=1)


def test_early_surrender_before_the_peek_is_asked_as_the_first_play() -> None:
    rules = Rules.parse("vegas-6d-s17 surrender=early")
    setup = TableSetup(rules, 1, 1, 20261201, count_checks=False)
    steps: list[str] = []
    early = {"R": 0, "other": 0}
    surrendered = hit_after = 0
    for _ in range(800):
        game = TableGame(setup, chart(rules))
        ask = game.play(steps, Fraction(10_000))
        if ask.kind == "over":
            break
        if ask.kind == "play" and ask.early:
            assert ask.round is not None and ask.round.up_card.value in (1, 10)
            assert ask.why_illegal(PLAYS["R"]) is None and len(ask.hand_cards) == 2
            step = "R" if early["R"] <= early["other"] else "H"
            early["R" if step == "R" else "other"] += 1
            steps.append(step)
            continue
        steps.append(_answer(ask))
    game = TableGame(setup, chart(rules))
    assert game.play(steps, Fraction(10_000)).kind == "over"
    for played in game.rounds:
        seat = setup.learner_seats[0]
        hands = played.record.result.seats[seat].hands
        surrendered += hands[0].outcome.value == "surrender"
        hit_after += len(played.round.hands(seat)[0].cards) > 2
    assert early["R"] >= 1 and early["other"] >= 1
    assert surrendered >= early["R"]  # every early R gave the hand up
    assert hit_after >= 1


def test_a_bankroll_that_cannot_cover_the_minimum_ends_the_table() -> None:
    # A bankroll of one bet of 10, bet whole each round (insurance declined, so that no round
    # costs more than the bet): the first round lost leaves nothing, and the table ends there
    # with its last count, where the shoe still holds cards.
    setup = TableSetup(RULES, 2, 1, 7)
    bankroll = Fraction(10)
    steps: list[str] = []
    for _ in range(400):
        game = TableGame(setup, chart(RULES))
        ask = game.play(steps, bankroll)
        if ask.kind == "over":
            break
        steps.append("insure 0" if ask.kind == "insurance" else _answer(ask, 10))
    assert ask.kind == "over" and game.broke and game.spent
    assert bankroll + game.learner_net < RULES.min_bet and not game.table.shoe.needs_shuffle
    assert steps[-1] == "count"  # the final count was asked first
    with pytest.raises(InvalidStepError, match="played out"):
        TableGame(setup, chart(RULES)).play([*steps, "bet 5"], bankroll)
    assert not TableGame(setup, chart(RULES)).broke  # no bankroll given: never broke


def test_holding_the_bank_a_spent_bankroll_does_not_end_the_talia() -> None:
    # The learner banks at 004 with 1 to their name: the bank pays the punters on, whatever
    # it loses, and the talia is played out (the bank passing left), not cut short.
    bank = Rules.parse("russian-bank decks=1")
    setup = TableSetup(bank, 3, 1, 11, count_checks=False, deals=True)
    steps: list[str] = []
    for _ in range(400):
        game = TableGame(setup, chart(bank))
        ask = game.play(steps, Fraction(1))
        if ask.kind == "over":
            break
        if ask.kind == "draw":
            assert ask.round is not None
            steps.append("stand" if ask.round.dealer_total >= 17 else "draw")
        else:
            steps.append("deal")
    assert ask.kind == "over" and not game.spent
    assert game.table.dealer != setup.first_dealer  # played out: the bank passed left
    assert 1 + game.learner_net < bank.min_bet  # the bank lost more than the learner had
