"""A table's sums without a request: what a step's right answer is worth, the errors by kind
(every error counted, only the kept ones costed), and luck against skill, which with the
learner's expectation adds up to the money the table won or lost. The cards are stacked, so
each round's result is known from them."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from drills import table_play
from drills.table_session import TableSpec, step_asks
from drills.table_sums import Tally, ask_name, error_words, insured_share, step_ev, sums_of
from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.table_game import Ask, TableGame
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart

RULES = Rules.parse("vegas-6d-s17")
SPEC = TableSpec.from_form(
    RULES,
    {
        "others": "0",
        "boxes": "1",
        "bankroll": "1000",
        "unit": "10",
        "system": "hi-lo",
        "convention": "floor",
        "resolution": "full",
        "graded": ["strategy"],
        "mode": "training",
    },
)
# Dealt box, up card, box, hole card, then draws. Round 1: 20 against a 6 (the dealer's 15
# draws a 7 and busts: +10). Round 2, 20 bet: 11 against a 10 (hole 7), the learner hits
# where doubling is right, draws a 9, stands, and 20 beats 17: +20. Round 3: a natural
# against 17, paid 3 to 2: +15.
ROUNDS = ("TH 6C TD 9S 7D", "5H TC 6D 7C 9S", "AH 9C KD 8C", "2C 2D 2H 2S")
CARDS = " ".join(ROUNDS).split()
STEPS = ["bet 10", "S", "bet 20", "H", "S", "bet 10"]


@dataclass(frozen=True)
class Step:
    """A stored step, as the table's store keeps one."""

    n: int
    step: str
    state: str = "played"
    cost: str = "0"
    ev: str | None = None


def played(steps: list[str], cards: list[str] = CARDS) -> tuple[TableGame, Ask]:
    game = TableGame(SPEC.setup(1), chart(RULES), Shoe.stacked(RULES, cards))
    return game, game.play(steps, SPEC.bankroll)


def priced(steps: list[str]) -> list[str | None]:
    """Each step's EV, as the table stores it when the step is played."""
    evs = []
    for at, _ in enumerate(steps):
        _, ask = played(steps[:at])
        evs.append(step_ev(SPEC, ask, step_asks(SPEC, ask)))
    return evs


def test_the_ev_of_a_box_first_play_is_the_right_plays_at_the_stake() -> None:
    _, ask = played(["bet 10"])
    assert (ask.kind, ask.hand_cards, ask.round and ask.round.up_card) == (
        "play",
        (Card.parse("TH"), Card.parse("TD")),
        Card.parse("6C"),
    )
    ev = step_ev(SPEC, ask, step_asks(SPEC, ask))
    assert ev is not None
    # Standing on 20 against a 6, six decks, S17: +0.703 a bet (Wizard of Odds' tables).
    assert float(Fraction(ev)) / 10 == pytest.approx(0.703, abs=0.002)


def test_a_double_stake_doubles_the_ev_and_a_later_decision_has_none() -> None:
    _, ask = played(STEPS[:3])
    asked = step_asks(SPEC, ask)
    assert [a.stake for a in asked] == [20]
    worked = table_play.work_out(asked[0].notation, RULES)
    assert worked.right == "D"
    ev = step_ev(SPEC, ask, asked)
    assert ev == str(Fraction(f"{worked.evs['D']:.6f}") * 20)
    _, after_a_hit = played([*STEPS[:3], "H"], [*CARDS[:9], "2C", *CARDS[9:]])
    assert after_a_hit.kind == "play" and len(after_a_hit.hand_cards) == 3
    assert step_ev(SPEC, after_a_hit, step_asks(SPEC, after_a_hit)) is None


def test_a_step_that_is_no_decision_is_not_priced() -> None:
    _, ask = played([])
    assert ask.kind == "bet"
    assert step_ev(SPEC, ask, step_asks(SPEC, ask)) is None


def _hit_cost() -> tuple[Fraction, Fraction]:
    """What hitting 11 against a 10 lost a bet, and at the 20 staked."""
    worked = table_play.work_out("5H 6D v TC", RULES)
    per_bet = Fraction(f"{worked.evs['D']:.6f}") - Fraction(f"{worked.evs['H']:.6f}")
    return per_bet, per_bet * 20


def _stored(evs: list[str | None], cost: Fraction) -> list[Step]:
    return [
        Step(n, text, cost=str(cost) if text == "H" else "0", ev=ev)
        for n, (text, ev) in enumerate(zip(STEPS, evs, strict=True), start=1)
    ]


def _graded(per_bet: Fraction) -> dict[int, dict[str, dict[str, object]]]:
    wrong = {
        "answer": "H",
        "right_answer": "D",
        "correct": False,
        "ev_cost": str(per_bet),
        "question": "5H 6D v TC",
    }
    right = {"answer": "S", "right_answer": "S", "correct": True, "ev_cost": "0"}
    return {2: {"play": right}, 4: {"play": wrong}}


def test_luck_and_skill_add_up_to_what_the_table_won() -> None:
    game, ask = played(STEPS)
    assert (ask.kind, len(game.rounds)) == ("bet", 3)
    assert game.learner_net == 10 + 20 + 15
    per_bet, cost = _hit_cost()
    evs = priced(STEPS)
    sums = sums_of(RULES, game, _stored(evs, cost), _graded(per_bet))
    luck = sums.luck
    assert luck is not None
    # Perfect play: each box's first decision at the right play's EV, the natural what it got.
    assert [ev is not None for ev in evs] == [False, True, False, True, False, False]
    assert luck.perfect == Fraction(evs[1] or 0) + Fraction(evs[3] or 0) + 15
    assert (luck.skill, luck.yours) == (-cost, luck.perfect - cost)
    assert luck.perfect + luck.skill + luck.luck == game.learner_net
    assert sums.cost == cost
    assert sums.kinds == {"Strategy": Tally(count=1, cost=cost, bets=per_bet)}
    [error] = sums.errors
    assert (error.round, error.name, error.bets, error.taken_back) == (2, "play", per_bet, False)
    assert error.words == "you hit, where doubling was right"


def test_a_mistake_taken_back_is_counted_but_costs_nothing() -> None:
    per_bet, cost = _hit_cost()
    game, _ = played([*STEPS[:3], "D"], CARDS)
    steps = [
        Step(1, "bet 10"),
        Step(2, "S"),
        Step(3, "bet 20"),
        Step(4, "H", state="withdrawn", cost=str(cost)),
        Step(5, "D"),
    ]
    sums = sums_of(RULES, game, steps, _graded(per_bet))
    assert sums.kinds == {"Strategy": Tally(count=1, cost=Fraction(0), bets=Fraction(0))}
    [error] = sums.errors
    assert (error.round, error.taken_back, error.bets) == (2, True, Fraction(0))
    assert sums.cost == 0
    assert sums.luck is None  # no step was priced


def test_insuring_part_of_the_most_allowed_takes_that_share() -> None:
    _, ask = played(["bet 10"], ["TH", "AC", "9D", "7S", "2C", "2D"])
    assert ask.kind == "insurance"
    assert ask.round is not None and ask.seat is not None
    assert ask.round.max_insurance(ask.seat) == 5
    assert insured_share(ask, "insure part 5/2") == Fraction(1, 2)
    assert insured_share(ask, "insure 1") == 1
    assert insured_share(ask, "insure 0") == 1


def test_a_count_error_names_both_counts() -> None:
    assert error_words("rc", "+3", "+5") == "you gave the running count as +3, where it was +5"


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("enter in bankroll 2000 risk 0.05 hi-lo floor half rc -7 played 130", "Stay or leave"),
        ("enter out bankroll 2000 risk 0.05 hi-lo floor half rc +7 played 130", "Come in or watch"),
    ],
)
def test_a_back_counter_s_choice_is_named_by_where_they_stand(question: str, named: str) -> None:
    """Seated (they played the round before), the choice is to stay or leave; watching, to come
    in or watch: the summary's error list and the replay name it so."""
    assert ask_name("wong", question) == named
    assert ask_name("play", "TS 6H v TD hi-lo floor half rc +7 played 130") == "Play"
