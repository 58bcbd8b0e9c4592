"""A punter's play at 004 as its text deals it, graded by the chart of one column (the table
play drill's notation ``v ?``: no banker card shown)."""

from __future__ import annotations

import pytest

from drills.base import InvalidAnswerError, InvalidQuestionError
from drills.table_play import DRILL
from trainer.engine.banker.face_down import fixed_point
from trainer.engine.rulebook.rules import Rules

# The banker's fixed point on disk, as the chart's job leaves it: drills only read it.
pytestmark = pytest.mark.usefixtures("strategy_charts")

BANK = Rules.parse("russian-bank")
FACE_UP = Rules.parse("russian-bank deal_faces=casino banker_best=false")


@pytest.mark.parametrize("notation", ["TS 6H v ?", "TS 5H v ?", "9S 2H 3C v ?", "AS 6H v ?"])
def test_the_right_play_is_the_fixed_points_for_the_exact_cards(notation: str) -> None:
    values = tuple(
        sorted({"A": 1, "T": 10}.get(w[0], 0) or int(w[0]) for w in notation.split()[:-2])
    )
    stand, hit = fixed_point(BANK).punter.values[values]
    right, wrong = ("H", "S") if hit > stand else ("S", "H")
    grade = DRILL.grade(notation, wrong, BANK)
    assert not grade.correct and grade.right_answer == right
    assert float(grade.ev_cost or 0) == pytest.approx(abs(hit - stand), abs=1e-5)
    assert DRILL.grade(notation, right, BANK).correct
    assert "No banker card is shown at this game" in grade.explanation
    assert DRILL.question(notation, BANK).view["up"] is None


def test_the_skill_names_the_row_and_the_draws() -> None:
    assert DRILL.skill("TS 6H v ?", BANK) == "russian-bank: hard 16, no banker card"
    assert DRILL.skill("9S 2H 3C v ?", BANK) == "russian-bank: hard 14, no banker card, 1 drawn"


@pytest.mark.parametrize(
    ("notation", "rules", "message"),
    [
        ("TS 6H v ?", FACE_UP, "every card is dealt face down"),  # the face-up reading shows one
        ("AS KH v ?", BANK, "no play"),
        ("TS 2H 2C 2D 3S v ?", BANK, "cards at most"),
        ("TS 6H v", BANK, "names the hand"),
    ],
)
def test_a_notation_the_table_could_not_write_is_refused(
    notation: str, rules: Rules, message: str
) -> None:
    with pytest.raises(InvalidQuestionError, match=message):
        DRILL.grade(notation, "S", rules)


def test_the_draws_limit_is_said_in_the_form_for_its_number() -> None:
    one = Rules.parse("russian-bank max_draws=1")
    with pytest.raises(InvalidQuestionError, match="draws 1 card at most") as error:
        DRILL.grade("TS 2H 2C v ?", "S", one)
    assert "1 cards" not in str(error.value)
    with pytest.raises(InvalidQuestionError, match="draws 3 cards at most"):
        DRILL.grade("TS 2H 2C 2D 3S v ?", "S", BANK)


def test_a_play_the_game_has_not_is_refused() -> None:
    with pytest.raises(InvalidAnswerError, match="not allowed"):
        DRILL.grade("TS 6H v ?", "D", BANK)


def test_a_verdict_names_the_reading_it_depends_on() -> None:
    from drills.punter_stake import DRILL as STAKE

    play = DRILL.grade("TS 6H v ?", "H", BANK).explanation
    stake = STAKE.grade("stake TS 6H bankroll 1000 risk 0.05", "1", BANK).explanation
    for text in (play, stake):
        # Named as its heading on the rules page (it read «так читается текст «Кто что
        # видит»»: words about the trainer, not the game; a walk).
        assert "as the rules page reads the text under “Who sees what”" in text


def test_the_why_is_one_short_sentence_in_the_headings_word() -> None:
    """Issue 26: the visible why is one short sentence saying what each play is worth, in the
    word the heading uses (draw, as the buttons say it); the reading goes behind Details."""
    from drills.face_down_play import FACE_DOWN_KEYS

    grade = DRILL.grade("QC 2S v ?", "S", BANK)
    assert grade.right_answer == "H" and FACE_DOWN_KEYS["H"] == "Draw"
    assert grade.why.startswith("Drawing is worth ") and "standing" in grade.why
    assert len(grade.why.split()) <= 12 and "Who sees what" not in grade.why
    assert "Who sees what" in grade.details and "Q♣ 2♠" in grade.details
    # In the verdict line's word (its cost says "% of the bet"): the why said "of the stake".
    assert "% of the bet here" in grade.why and "stake" not in grade.explanation
    assert "To stand costs " in grade.explanation and "% of the bet." in grade.explanation
    # No banker card is said once: the hand's line and the chart's line each said it (a walk).
    assert grade.details.lower().count("no banker card") == 1, grade.details
