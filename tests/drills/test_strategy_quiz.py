"""The basic-strategy quiz drill: question generation for every hand mix, grading through the
strategy engine against a published chart, forged notations and illegal plays."""

from __future__ import annotations

import csv
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from drills import InvalidAnswerError, InvalidQuestionError, LearnerState, PastAttempt
from drills.strategy_cells import (
    INSURANCE_SUFFIX,
    Cell,
    cell_of,
    cells_for,
    hand_for,
    read_situation,
    weakest_cells,
)
from drills.strategy_play import Play
from drills.strategy_quiz import (
    DRILL,
    MIXES,
    work_out,
)
from drills.strategy_why import _EXPLAINED, _explained, explain
from trainer.engine.deck.hand import Situation
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.words import cost_percent

KNOWN = Path(__file__).parent.parent / "data" / "strategy_quiz_known.csv"
VEGAS = find_preset("vegas-6d-s17")
# 004 read with the banker's card face up (its text deals every card face down: the quiz asks
# that game in tests/drills/test_face_down_quiz.py): a table with no insurance, no doubling.
FACE_UP_BANK = Rules.parse("russian-bank deal_faces=casino banker_best=false")


def known_cells() -> list[dict[str, str]]:
    with KNOWN.open(encoding="utf-8") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))


def state(mix: str, recent: tuple[PastAttempt, ...] = ()) -> LearnerState:
    return LearnerState(user_id=1, recent=recent, options={"mix": mix})


def past(question: str, correct: bool) -> PastAttempt:
    return PastAttempt(question, "H", correct, Fraction(0), "2026-11-29T12:00:00Z")


# -- known answers ----------------------------------------------------------------------------


@pytest.mark.parametrize("row", known_cells(), ids=lambda r: f"{r['section']}-{r['row']}v{r['up']}")
def test_grading_matches_the_published_chart(row: dict[str, str]) -> None:
    cell = Cell(row["section"], row["row"], row["up"])
    situation = hand_for(cell, random.Random(7))
    notation = str(situation)
    play = work_out(notation, VEGAS)
    assert play.cell == cell
    assert play.code == row["code"]
    grade = DRILL.grade(notation, row["answer"], VEGAS)
    assert grade.correct
    assert grade.right_answer == row["answer"]
    assert grade.ev_cost == 0


@pytest.mark.parametrize(
    "row", known_cells()[::5], ids=lambda r: f"{r['section']}-{r['row']}v{r['up']}"
)
def test_a_wrong_play_costs_the_ev_difference(row: dict[str, str]) -> None:
    cell = Cell(row["section"], row["row"], row["up"])
    notation = str(hand_for(cell, random.Random(3)))
    play = work_out(notation, VEGAS)
    wrong = next(key for key in ("S", "H", "D") if key != row["answer"] and key in play.evs)
    grade = DRILL.grade(notation, wrong, VEGAS)
    assert not grade.correct
    assert grade.right_answer == row["answer"]
    expected = play.evs[row["answer"]] - play.evs[wrong]
    assert grade.ev_cost is not None and grade.ev_cost > 0
    assert abs(float(grade.ev_cost) - expected) < 1e-6


def test_sixteen_against_ten_stand_costs_what_the_engine_says() -> None:
    # The chart cell's EVs from the engine: surrender -0.5, standing about -0.540.
    grade = DRILL.grade("TS 6H v KD", "S", VEGAS)
    play = work_out("TS 6H v KD", VEGAS)
    assert grade.right_answer == "R"
    assert float(grade.ev_cost) == pytest.approx(play.evs["R"] - play.evs["S"], abs=1e-6)
    assert 0.03 < float(grade.ev_cost) < 0.05


def test_without_surrender_the_right_play_is_the_codes_fallback() -> None:
    rules = Rules.parse("vegas-6d-s17 surrender=none")
    play = work_out("TS 6H v KD", rules)
    assert "R" not in play.evs
    assert play.right == "H"


def test_a_pair_of_tens_is_a_pair_only_where_tens_split_by_value() -> None:
    by_rank = Situation.parse("KS QH v 6D")
    assert cell_of(by_rank, VEGAS) == Cell("hard", "20", "6")
    assert cell_of(by_rank, find_preset("casino-boxes")) == Cell("pairs", "10-10", "6")
    assert "P" not in work_out("KS QH v 6D", VEGAS).evs
    assert "P" in work_out("KS QH v 6D", find_preset("casino-boxes")).evs


# -- question generation ----------------------------------------------------------------------


@pytest.mark.parametrize("mix", sorted(MIXES))
def test_every_mix_makes_questions_the_quiz_can_read_again(mix: str, rng: random.Random) -> None:
    for _ in range(40):
        question = DRILL.new_question(rng, VEGAS, state(mix))
        again = DRILL.question(question.notation, VEGAS)
        assert again.notation == question.notation
        situation, _ = read_situation(question.notation, VEGAS)
        assert len(situation.hand) == 2
        assert all(card.suit is not None for card in [*situation.hand, situation.up])


@pytest.mark.parametrize("section", ["hard", "soft", "pairs"])
def test_a_section_mix_asks_only_that_section(section: str, rng: random.Random) -> None:
    rules = FACE_UP_BANK  # no insurance: every question is a play
    seen = Counter()
    for _ in range(150):
        question = DRILL.new_question(rng, rules, state(section))
        seen[question.view["play"].cell.section] += 1
    assert set(seen) == {section}


def test_every_cell_comes_up_when_cells_are_equal(rng: random.Random) -> None:
    rules = FACE_UP_BANK
    cells = set(cells_for(rules))
    seen = Counter(
        DRILL.new_question(rng, rules, state("cells")).view["play"].cell for _ in range(6000)
    )
    assert set(seen) == cells
    # 340 cells, about 17.6 draws each: none should be starved or flooded.
    assert min(seen.values()) >= 3
    assert max(seen.values()) <= 45


def test_cells_cover_the_chart_rows_with_two_card_hands() -> None:
    assert len(cells_for(VEGAS)) == (16 + 8 + 10) * 10
    assert len(cells_for(find_preset("casino-boxes"))) == (15 + 8 + 10) * 10  # no hard 20
    for cell in cells_for(VEGAS):
        assert cell_of(hand_for(cell, random.Random(1)), VEGAS) == cell


def test_the_shoe_mix_deals_like_a_shoe(rng: random.Random) -> None:
    rules = FACE_UP_BANK
    sections = Counter(
        DRILL.new_question(rng, rules, state("shoe")).view["play"].cell.section for _ in range(1000)
    )
    # Off a full pack, naturals dealt again: hard about 82%, soft (an ace and a 2-9) about
    # 10%, pairs about 8%; a cell mix would give 47%, 24%, 29%.
    assert 760 < sections["hard"] < 880
    assert 60 < sections["soft"] < 140
    assert 40 < sections["pairs"] < 120


def test_the_weakest_mix_draws_from_the_cells_most_often_wrong(rng: random.Random) -> None:
    rules = FACE_UP_BANK
    recent = (
        past("TS 6H v 7D", False),
        past("9S 7H v 7C", False),
        past("AS 7H v 9C", False),
        past("AS 7D v 9D", True),
        past("8S 8H v AC", True),
    )
    weak = weakest_cells(recent, rules)
    assert weak == [Cell("hard", "16", "7"), Cell("soft", "18", "9")]
    asked = {
        DRILL.new_question(rng, rules, state("weakest", recent)).view["play"].cell
        for _ in range(40)
    }
    assert asked == set(weak)


def test_the_weakest_mix_without_mistakes_says_so(rng: random.Random) -> None:
    question = DRILL.new_question(rng, FACE_UP_BANK, state("weakest"))
    assert "No mistakes yet" in question.view["note"]


def test_insurance_is_asked_against_an_ace_then_the_play(rng: random.Random) -> None:
    question = DRILL.new_question(random.Random(0), VEGAS, state("cells"))
    for _ in range(200):
        question = DRILL.new_question(rng, VEGAS, state("cells"))
        if question.notation.endswith(INSURANCE_SUFFIX):
            break
    else:
        pytest.fail("no insurance question in 200 against-an-ace chances")
    assert [key for key, _, _ in question.view["keys"]] == ["I", "N"]
    following = DRILL.new_question(rng, VEGAS, state("cells", (past(question.notation, True),)))
    assert following.notation == question.notation.removesuffix(INSURANCE_SUFFIX)
    # Insurance is declined off the top of a full shoe: its EV is negative.
    assert DRILL.grade(question.notation, "N", VEGAS).correct
    taken = DRILL.grade(question.notation, "I", VEGAS)
    assert not taken.correct and taken.ev_cost > 0


@pytest.mark.parametrize(
    ("notation", "tens", "cards"),
    [
        ("9S 2D v AH insurance", 96, 309),  # six decks: 96 ten-value cards, 3 cards seen
        ("KS QD v AH insurance", 94, 309),  # two of them in the player's hand
        ("TS 5D v AH insurance", 95, 309),
    ],
)
def test_insurances_why_is_how_often_a_ten_is_under_the_ace(
    notation: str, tens: int, cards: int
) -> None:
    """The why of a wrong insurance says how often it gains against the one time in three it
    needs (the cards left, counted here), not its worth, which the first line's cost says: a
    walk read the cost twice and no reason."""
    grade = DRILL.grade(notation, "I", VEGAS)
    assert not grade.correct and grade.right_answer == "N"
    why = grade.why
    assert f"he has one {tens / cards * 100:.2f}% of the time: decline it." in why, why
    assert "one time in three" in why
    assert cost_percent(grade.ev_cost) not in why  # (the worth is the cost: said once)


def test_insurances_why_without_a_hole_card_speaks_of_the_dealers_second_card() -> None:
    """At 003's casino the dealer has no card under the ace (his second is dealt after the
    players' play): the why says so, not "a ten-value card under the ace" (a walk)."""
    rules = find_preset("casino-boxes")
    assert rules.hole_card == "none"
    grade = DRILL.grade("9S 2D v AH insurance", "I", rules)
    assert not grade.correct
    assert "second card, dealt after yours, is a ten-value card" in grade.why, grade.why
    assert "under the ace" not in grade.explanation
    assert "under the ace" in DRILL.grade("9S 2D v AH insurance", "I", VEGAS).why


def test_no_insurance_where_the_rules_offer_none(rng: random.Random) -> None:
    rules = FACE_UP_BANK
    for _ in range(300):
        assert not DRILL.new_question(rng, rules, state("cells")).notation.endswith("insurance")


def test_even_money_on_a_natural_against_an_ace() -> None:
    question = DRILL.question("AS KH v AD insurance", VEGAS)
    assert [key for key, _, _ in question.view["keys"]] == ["I", "N"]
    assert DRILL.grade("AS KH v AD insurance", "N", VEGAS).correct


# -- forged questions and illegal plays -------------------------------------------------------


@pytest.mark.parametrize(
    ("notation", "rules_name", "why"),
    [
        ("", "vegas-6d-s17", "not a hand"),
        ("XYZ", "vegas-6d-s17", "not a hand"),
        ("T6", "vegas-6d-s17", "not a hand"),
        ("T63v9", "vegas-6d-s17", "two-card"),
        ("AKv9", "vegas-6d-s17", "natural"),
        ("T6v9 insurance", "vegas-6d-s17", "insurance"),
        ("T6vA insurance", "russian-bank deal_faces=casino banker_best=false", "insurance"),
        ("TS 6H v 9D", "russian-bank", "no banker card"),
        ("AS AS v AS", "single-deck", "more often than the decks"),
        ("T6 v 9 8", "vegas-6d-s17", "not a hand"),
    ],
)
def test_a_forged_notation_is_refused(notation: str, rules_name: str, why: str) -> None:
    rules = Rules.parse(rules_name)
    with pytest.raises(InvalidQuestionError, match=why):
        DRILL.question(notation, rules)
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "H", rules)


@pytest.mark.parametrize(
    ("notation", "rules_name", "answer", "why"),
    [
        ("TS 6H v 9D", "vegas-6d-s17", "P", "not a pair"),
        ("TS 2H v 9D", "casino-boxes", "D", "9-11 only"),
        ("TS 6H v 9D", "russian-bank deal_faces=casino banker_best=false", "R", "no surrender"),
        ("TS 6H v AD", "casino-boxes", "R", "against an ace"),
        ("8S 8H v 9D", "russian-bank deal_faces=casino banker_best=false", "P", "no splitting"),
        ("TS 6H v 9D", "vegas-6d-s17", "I", "one of"),
        ("TS 6H v 9D", "vegas-6d-s17", "hit", "one of"),
        ("TS 6H v AD insurance", "vegas-6d-s17", "H", "one of"),
    ],
)
def test_an_illegal_or_unknown_play_is_refused(
    notation: str, rules_name: str, answer: str, why: str
) -> None:
    with pytest.raises(InvalidAnswerError, match=why):
        DRILL.grade(notation, answer, Rules.parse(rules_name))


def test_disabled_buttons_are_the_illegal_plays() -> None:
    question = DRILL.question("TS 6H v 9D", find_preset("casino-boxes"))
    legal = {key: ok for key, _, ok in question.view["keys"]}
    assert legal == {"H": True, "S": True, "D": False, "P": False, "R": True}


def test_the_why_is_computed_from_the_evs_not_the_chart_repeated() -> None:
    """Issue 26: "The chart for these rules says hit for hard 12 against a 7." repeated the
    answer; the why says what the right play and the next best are worth, from the EVs."""
    play = work_out("TS 2H v 7D", VEGAS)
    grade = DRILL.grade("TS 2H v 7D", "S", VEGAS)
    hit, stand = (f"{abs(play.evs[key]) * 100:.2f}%" for key in ("H", "S"))
    assert grade.why == f"On average hitting loses {hit} of the bet here, standing loses {stand}."
    assert "chart" not in grade.why and "The chart for these rules" in grade.details


def test_a_wrong_answers_why_sets_the_right_play_beside_the_one_chosen() -> None:
    """Hard 20 against a 5 hit: the why sets standing beside hitting (what the learner did),
    not beside surrendering (the runner-up, which a walk-through found puzzling); a right
    answer's why still names the runner-up."""
    play = work_out("JS KH v 5D", VEGAS)
    stand, hit = (f"{abs(play.evs[key]) * 100:.2f}%" for key in ("S", "H"))
    assert play.evs["S"] > 0 > play.evs["H"]  # in plain words: standing wins, hitting loses
    runner = DRILL.grade("JS KH v 5D", "S", VEGAS).why
    assert DRILL.grade("JS KH v 5D", "H", VEGAS).why == (
        f"On average standing wins {stand} of the bet here, hitting loses {hit}."
    )
    assert runner.startswith("On average standing wins") and "surrendering" in runner


def test_a_double_worth_more_than_a_bet_either_way_says_it_stakes_two() -> None:
    """Hard 17 against a 10 doubled: doubling loses more than the bet, which read as a
    mistake in the figures (a walk); the why says doubling stakes two bets."""
    play = work_out("TS 7H v TD", VEGAS)
    assert play.evs["D"] < -1
    why = DRILL.grade("TS 7H v TD", "D", VEGAS).why
    assert why.startswith("On average standing loses") and "doubling (two bets) " in why
    hard_11 = DRILL.grade("6S 5H v 6D", "H", VEGAS).why  # doubling's worth under one bet
    assert "doubling " in hard_11 and "two bets" not in hard_11


def test_an_explanation_kept_is_the_one_worked_out_for_other_cards_of_its_cell() -> None:
    rng = random.Random(3)
    _EXPLAINED.clear()
    for cell in cells_for(VEGAS):
        for _ in range(3):  # other ranks and suits of the cell: the first one's words kept
            play = work_out(str(hand_for(cell, rng)), VEGAS)
            assert isinstance(play, Play)
            assert explain(play) == _explained(play)
    assert len(_EXPLAINED) < len(cells_for(VEGAS)) * 3
