"""The basic-strategy quiz at 004 as its text deals it (``deal_faces=all-down``): no banker
card is shown, so it asks the punter's own cards and how many he drew, graded by the engine's
face-down strategy (the punters' chart of one column at the fixed point, issue 27)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from drills import InvalidAnswerError, InvalidQuestionError, LearnerState, PastAttempt
from drills.face_down_quiz import MIXES as FACE_DOWN_MIXES
from drills.skill_words import words_of
from drills.strategy_cells import Cell, cells_for, face_down_code, quiz_cells, weakest_cells
from drills.strategy_quiz import DRILL, MIXES
from trainer.engine.banker.face_down import fixed_point
from trainer.engine.banker.face_down_chart import one_column_chart
from trainer.engine.deck.hand import Hand
from trainer.engine.rulebook.rules import Rules, find_preset

# The games' figures on disk (the banker's fixed point, 002's method-3 game), as the chart's
# job leaves them: drills only read them.
pytestmark = pytest.mark.usefixtures("strategy_charts")

BANK = find_preset("russian-bank")  # deal_faces=all-down, the banker plays his best
FACE_UP = Rules.parse("russian-bank deal_faces=casino banker_best=false")


def state(mix: str, recent: tuple[PastAttempt, ...] = ()) -> LearnerState:
    return LearnerState(user_id=1, recent=recent, options={"mix": mix})


def past(question: str, correct: bool) -> PastAttempt:
    return PastAttempt(question, "H", correct, Fraction(0), "2026-12-04T12:00:00Z")


def hand_of(notation: str) -> Hand:
    assert notation.endswith(" v ?")
    return Hand.parse(notation.removesuffix(" v ?"))


def engine_play(hand: Hand) -> str:
    """The engine's own play for these cards: its face-down chart at the fixed point."""
    return "H" if fixed_point(BANK).punter.draws([card.value for card in hand.cards]) else "S"


@pytest.mark.parametrize("mix", sorted(MIXES))
def test_every_mix_asks_no_banker_card_and_grades_by_the_engines_chart(mix: str) -> None:
    rng = random.Random(5)
    for _ in range(30):
        question = DRILL.new_question(rng, BANK, state(mix))
        hand = hand_of(question.notation)
        assert question.view["up"] is None
        assert DRILL.question(question.notation, BANK).notation == question.notation
        values = fixed_point(BANK).punter.values[tuple(sorted(c.value for c in hand.cards))]
        right = engine_play(hand)
        assert DRILL.grade(question.notation, right, BANK).correct
        wrong = DRILL.grade(question.notation, "S" if right == "H" else "H", BANK)
        assert not wrong.correct and wrong.right_answer == right
        assert float(wrong.ev_cost) == pytest.approx(abs(values[1] - values[0]), abs=2e-6)


def test_the_cells_are_the_rows_of_the_chart_of_one_column_per_cards_drawn() -> None:
    chart = one_column_chart(BANK)
    rows = {(f"?{row.drawn}", row.soft, row.total): row.code for row in chart.rows}
    cells = quiz_cells(BANK)
    assert {(c.up, c.section == "soft", int(c.row)) for c in cells} == set(rows)
    for cell in cells:
        assert face_down_code(BANK, cell) == rows[(cell.up, cell.section == "soft", int(cell.row))]
    # Hard 16 stands and hard 15 draws on two cards against the best banker; the rows after
    # one and two cards drawn are cells of their own.
    assert face_down_code(BANK, Cell("hard", "16", "?0")) == "S"
    assert face_down_code(BANK, Cell("hard", "15", "?0")) == "H"
    assert {c.up for c in cells} == {"?0", "?1", "?2"}


def test_every_cell_comes_up_when_cells_are_equal() -> None:
    rng = random.Random(3)
    seen = Counter(
        DRILL.new_question(rng, BANK, state("cells")).view["play"].cell for _ in range(2000)
    )
    assert set(seen) == set(quiz_cells(BANK))
    assert min(seen.values()) >= 8  # 68 cells, about 29 draws each


@pytest.mark.parametrize("section", ["hard", "soft"])
def test_a_section_mix_asks_only_that_section(section: str) -> None:
    rng = random.Random(9)
    asked = {DRILL.new_question(rng, BANK, state(section)).view["play"].cell for _ in range(100)}
    assert {cell.section for cell in asked} == {section}


def test_the_shoe_mix_asks_the_decisions_a_punter_playing_the_chart_meets() -> None:
    rng = random.Random(11)
    drawn = Counter()
    for _ in range(400):
        hand = hand_of(DRILL.new_question(rng, BANK, state("shoe")).notation)
        drawn[len(hand) - 2] += 1
        cards = hand.cards
        for k in range(2, len(cards)):  # every earlier decision on the way was a draw
            assert engine_play(Hand(cards[:k])) == "H"
    assert drawn[0] > drawn[1] > drawn[2] > 0


def test_the_weakest_mix_asks_the_rows_got_wrong() -> None:
    recent = (past("TS 6H v ?", False), past("TS 2H 4C v ?", False), past("9S 7H v ?", True))
    weak = weakest_cells(recent, BANK)
    assert set(weak) == {Cell("hard", "16", "?0"), Cell("hard", "16", "?1")}
    rng = random.Random(2)
    asked = {
        DRILL.new_question(rng, BANK, state("weakest", recent)).view["play"].cell for _ in range(30)
    }
    assert asked == set(weak)


def test_there_are_no_pairs_to_split_and_a_pairs_mix_deals_from_the_pack() -> None:
    assert "pairs" not in FACE_DOWN_MIXES
    question = DRILL.new_question(random.Random(1), BANK, state("pairs"))
    assert question.notation.endswith(" v ?")
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("8S 8H v ?", "P", BANK)
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("5S 6H v ?", "D", BANK)


@pytest.mark.parametrize(
    ("notation", "rules"),
    [
        ("TS 6H v 7D", BANK),  # a banker card the text never shows
        ("TS 6H v ?", FACE_UP),  # no banker card where the face-up reading shows one
        ("TS AH v ?", BANK),  # a dealt 21 has no play
        ("TS 2H 2C 2D 2S v ?", BANK),  # past max_draws
        ("AS AS AS v ?", BANK),  # three ace of spades from two packs
    ],
)
def test_a_question_the_game_could_not_deal_is_refused(notation: str, rules: Rules) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.question(notation, rules)
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "H", rules)


def test_the_skill_is_the_row_by_cards_drawn_in_plain_words() -> None:
    skill = DRILL.skill("TS 2H 4C v ?", BANK)
    assert skill == "russian-bank: hard 16 v ?1"
    assert words_of(skill).startswith("hard 16, 1 card drawn, no banker card shown (")
    assert words_of("russian-bank: soft 18 v ?0").startswith("soft 18, two cards dealt")


def test_a_timed_run_deals_face_down_hands() -> None:
    hands = DRILL.timed_hands(random.Random(4), BANK, mix="cells", tally={}, count=20)
    assert len(hands) == 20 and all(hand.endswith(" v ?") for hand in hands)


def test_the_face_up_reading_still_asks_the_up_card() -> None:
    question = DRILL.new_question(random.Random(6), FACE_UP, state("cells"))
    assert question.view["up"] is not None and not question.notation.endswith("?")
    assert len(quiz_cells(FACE_UP)) == (16 + 8 + 10) * 10
    # The deviations and the index chart keep their cells by up card at 004 as dealt.
    assert quiz_cells(FACE_UP) == cells_for(BANK)
