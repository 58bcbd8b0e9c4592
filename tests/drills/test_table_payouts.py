"""Payouts at the table: tables dealt under every preset, graded box by box from the engine's
settlement, and bad input refused."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from drills.base import InvalidAnswerError, InvalidQuestionError, LearnerState
from drills.dealing.table_deal import deal_table
from drills.dealing.table_payouts import DRILL, chips_for
from drills.dealing.table_round import read_played, read_table, replay
from drills.payout.money import money_text
from drills.payout.question import MOVE_ACTIONS
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.round import Round
from trainer.engine.play.settlement import Bonus, Outcome
from trainer.engine.rulebook.rules import PRESETS, find_preset

# The games' figures on disk (the banker's fixed point, 002's method-3 game), as the chart's
# job leaves them: drills only read them.
pytestmark = pytest.mark.usefixtures("strategy_charts")

VEGAS = find_preset("vegas-6d-s17")


def right_answer(notation: str) -> str:
    _, result = read_played(notation)
    return ";".join(money_text(seat.net) for seat in result.seats)


def tables(name: str, count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    rules = find_preset(name)
    return [str(deal_table(rng, rules, rng.randint(1, 7))) for _ in range(count)]


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_deals_tables_the_engine_settles_and_grades_right(name: str) -> None:
    for notation in tables(name, 12):
        question = read_table(notation)
        assert str(question) == notation
        assert question.rules == find_preset(name)
        grade = DRILL.grade(notation, right_answer(notation), VEGAS)
        assert grade.correct and grade.ev_cost == 0
        assert grade.explanation.count("\n") == len(question.stakes) - 1


def outcomes(name: str, count: int = 60) -> tuple[set[str], set[Bonus], bool, bool, bool]:
    """What the tables of a preset hold: hand outcomes, bonuses, insurance, co-bettors, doubles."""
    seen: set[str] = set()
    bonuses: set[Bonus] = set()
    insured = co_bettors = doubled = False
    for notation in tables(name, count, seed=11):
        _, result = read_played(notation)
        for seat in result.seats:
            insured |= bool(seat.insurance)
            co_bettors |= len(seat.stakes) > 1
            for hand in seat.hands:
                seen.add(hand.outcome.value + ("-split" if hand.split else ""))
                doubled |= hand.doubled
                if hand.bonus is not None:
                    bonuses.add(hand.bonus)
    return seen, bonuses, insured, co_bettors, doubled


def test_the_tables_hold_what_each_games_rules_pay() -> None:
    seen, _, insured, _, doubled = outcomes("vegas-6d-s17")
    assert {"blackjack", "surrender", "win-split"} <= seen and insured and doubled
    seen, bonuses, insured, _, _ = outcomes("twenty-one-club")
    assert Bonus.FIVE_CARD_21 in bonuses and not insured and "surrender" not in seen
    _, _, insured, co_bettors, doubled = outcomes("casino-boxes")
    assert insured and co_bettors and doubled
    seen, _, _, _, _ = outcomes("russian-bank")
    assert "blackjack" in seen and "win-split" not in seen


def test_a_natural_at_3_2_on_an_odd_bet_names_the_chips_to_pay_with() -> None:
    # Seat 1 bets 15 and is dealt A K; the dealer shows 9 and holds 8 (17, stands).
    question = read_table("vegas-6d-s17|15|AS 9H KD 8C|-")
    _, result = replay(question)
    assert result.seats[0].net == Fraction(45, 2)
    grade = DRILL.grade(str(question), "22.50", VEGAS)
    assert grade.correct and "paid in chips: 4 x 5 + 1 x 2.50" in grade.explanation
    # "push" is a tie, never the chips a win is paid with.
    assert "push" not in grade.explanation.lower()
    assert chips_for(Fraction(21, 2)) == "2 x 5 + 1 x 0.50"


def test_a_box_paid_wrong_is_named_and_priced() -> None:
    # Box 1: 20 stands against the dealer's 19; box 2: 16 stands and loses.
    notation = "vegas-6d-s17|10,20|TS 6D 9H TH TC KD|s s"
    _, result = read_played(notation)
    assert [seat.hands[0].outcome for seat in result.seats] == [Outcome.WIN, Outcome.LOSE]
    grade = DRILL.grade(notation, "10;20", VEGAS)
    assert not grade.correct and grade.right_answer == "+10; \u221220"
    assert grade.ev_cost == Fraction(40, 30)
    first, second = grade.explanation.split("\n")
    assert "right" in first and "not +20" in second


def test_co_bettors_share_the_box_pro_rata_in_the_explanation() -> None:
    notation = "casino-boxes|20+10|TS 9H KD 8C|s"
    _, result = read_played(notation)
    assert result.seats[0].shares == (Fraction(20), Fraction(10))
    grade = DRILL.grade(notation, "30", VEGAS)
    assert grade.correct and "+20, +10" in grade.explanation


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("abc;0", "not an amount"),
        ("10", "2 amounts"),
        ("10;0;0", "2 amounts"),
        ("2000000;0", "far beyond"),
        ("1.005;0", "two decimals"),
        ("\u0661\u0665;0", "not an amount"),  # Arabic-Indic digits are not 0-9
    ],
)
def test_an_answer_not_an_amount_per_box_is_refused(typed: str, message: str) -> None:
    with pytest.raises(InvalidAnswerError, match=message):
        DRILL.grade("vegas-6d-s17|10,20|TS 6D 9H TH TC KD|s s", typed, VEGAS)


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("vegas-6d-s17|10,20|TS 6D 9H TH TC KD|s", "waits for a decision"),
        ("vegas-6d-s17|10,20|TS 6D 9H TH TC KD 5C|s s", "every card"),
        ("vegas-6d-s17|10,20|TS 6D 9H TH TC|s s", "more cards"),
        ("vegas-6d-s17|1,20|TS 6D 9H TH TC KD|s s", "cannot be played"),
        ("vegas-6d-s17|10,20|TS 6D 9H TH TC KD|s x", "not one a player takes"),
        ("vegas-6d-s17|10,1e3|TS 6D 9H TH TC KD|s s", "not an amount"),
        ("no-such|10|TS 9H 6D TH|s", "unknown preset"),
        ("vegas-6d-s17|10,10,10,10,10,10,10,10|TS|s", "1 to 7 boxes"),
        ("single-deck|10|AS AS 6D TH|s", "decks of these rules hold"),
        ("vegas-6d-s17|10|TS 9H 6D TH|s|s", "parts this drill writes"),
        ("x" * 2000, "longer than any"),
    ],
)
def test_a_forged_table_is_refused_naming_what_is_wrong(notation: str, message: str) -> None:
    with pytest.raises(InvalidQuestionError, match=message):
        DRILL.grade(notation, "0;0", VEGAS)


def test_the_box_count_option_is_kept_and_unknown_ones_fall_back() -> None:
    rng = random.Random(3)
    asked = DRILL.new_question(rng, VEGAS, LearnerState(options={"boxes": "5"}))
    assert len(read_table(asked.notation).stakes) == 5
    for text in ("9", "x", "\u0665"):
        asked = DRILL.new_question(rng, VEGAS, LearnerState(options={"boxes": text}))
        assert 3 <= len(read_table(asked.notation).stakes) <= 7


def test_the_skill_is_paying_a_table_under_a_preset_and_the_stored_rules_are_the_tables() -> None:
    [notation] = tables("casino-boxes", 1)
    assert DRILL.skill(notation, VEGAS) == "table-payouts casino-boxes"
    assert DRILL.rules_for(notation, VEGAS) == find_preset("casino-boxes")


def test_a_table_replays_as_the_engine_deals_it_from_a_stacked_shoe() -> None:
    # The same cards through a plain Round from a stacked shoe settle the same.
    compared = 0
    for notation in tables("vegas-6d-s17", 20, seed=5):
        question, result = read_played(notation)
        if any("=" in move for move in question.moves):
            continue  # insurance asked: the plain loop below plays turns only
        round_ = Round(question.rules, Shoe.stacked(question.rules, question.cards),
                       [box[0] for box in question.stakes])  # fmt: skip
        for move in question.moves:
            round_.act(MOVE_ACTIONS[move])
        assert round_.settle().seats == result.seats
        compared += 1
    assert compared >= 5
