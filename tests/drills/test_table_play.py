"""Table play: a decision at the table graded by the chart (three cards or more and split hands
included) or by the index at the learner's count, with the EVs of these exact cards."""

from __future__ import annotations

import pytest

from drills import InvalidAnswerError, InvalidQuestionError
from drills.table_play import DRILL, explain, right_ev, work_out
from trainer.engine.rulebook.rules import Rules

# The games' figures on disk (the banker's fixed point, 002's method-3 game), as the chart's
# job leaves them: drills only read them.
pytestmark = pytest.mark.usefixtures("strategy_charts")

RULES = Rules.parse("vegas-6d-s17")


@pytest.mark.parametrize(
    ("notation", "right", "legal"),
    [
        ("TS 6H v TD", "R", "DHRS"),  # late surrender: 16 v 10 surrenders
        ("TS 3H 3C v TD", "S", "HS"),  # three cards: the chart's exception stands
        ("8S 3D v 6H split 2", "D", "DHS"),  # doubling after a split; no surrender
        ("8S 8D v 6H split 4", "S", "DHS"),  # four hands already: no more splitting
        ("AS 7D 2C v 9H", "S", "HS"),  # soft 20
    ],
)
def test_the_right_play_and_the_plays_allowed(notation: str, right: str, legal: str) -> None:
    worked = work_out(notation, RULES)
    assert worked.right == right
    assert "".join(sorted(worked.legal)) == legal
    assert set(worked.evs) == set(legal)


def test_a_mistake_costs_the_ev_given_up() -> None:
    grade = DRILL.grade("8S 3D v 6H split 2", "S", RULES)
    worked = work_out("8S 3D v 6H split 2", RULES)
    assert not grade.correct
    assert grade.right_answer == "D"
    assert float(grade.ev_cost or 0) == pytest.approx(worked.evs["D"] - worked.evs["S"], abs=1e-6)
    assert "costs" not in grade.explanation  # (the verdict's first line says it, once)


def test_the_index_decides_at_the_learners_count(count_studies: None) -> None:
    # Hi-Lo, 12 v 3: the computed index stands at +2 or above (Schlesinger's is +2).
    rules = RULES
    # 130 cards in the tray of 312 leaves 3.5 decks: +7 is a true count of +2, -7 one of -2.
    high = work_out("TS 2H v 3D hi-lo floor half rc +7 played 130", rules)
    low = work_out("TS 2H v 3D hi-lo floor half rc -7 played 130", rules)
    assert (high.basic, high.right, high.count) == ("H", "S", 2)
    assert (low.right, low.count) == ("H", -2)
    assert (
        high.evs_at_count and "index" in DRILL.grade(high.decision_notation, "H", rules).explanation
    )


def test_a_wrong_play_that_costs_nothing_at_the_index_says_why(count_studies: None) -> None:
    """Hi-Lo, 10-2 against a 4 at a true count of 0: the index stands, and the EVs at that
    count put the hit a little higher; wrong at no cost, the verdict says why (a walker read
    "right: stand" beside figures that favour his hit)."""
    notation = "TS 2H v 4D hi-lo floor half rc +0 played 130"
    worked = work_out(notation, RULES)
    assert worked.index and worked.right == "S" and worked.evs["H"] >= worked.evs["S"]
    grade = DRILL.grade(notation, "H", RULES)
    assert not grade.correct and grade.ev_cost == 0
    assert "worth about the same, so this cost nothing" in grade.explanation
    assert "cost nothing" not in DRILL.grade(notation, "D", RULES).explanation


@pytest.mark.parametrize(
    "notation",
    [
        "TS 6H",
        "TS 6H v TD v 9C",
        "TS QH 5C v TD",  # bust
        "AS TD v 9C",  # a natural
        "TS 6H v TD nosys floor half rc +1 played 10",
        "TS 6H v TD hi-lo floor half rc +1 played 400",
        "TS 6H v TD hi-lo floor half rc +\u0663 played 10",  # digits 0-9 only, as deviations'
        "TS 6H v TD hi-lo round tenth rc +1 played 10",  # no such rounding
    ],
)
def test_a_forged_decision_is_refused(notation: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "H", RULES)


def test_an_illegal_or_unknown_answer_is_refused() -> None:
    with pytest.raises(InvalidAnswerError, match="not allowed"):
        DRILL.grade("TS 3H 3C v TD", "D", RULES)
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("TS 3H 3C v TD", "Q", RULES)


EARLY = Rules.parse("vegas-6d-s17 surrender=early")


def test_a_natural_surrendered_early_is_a_mistake_costing_the_natural() -> None:
    # Asked before the peek, A-T against a king stands (paid 3:2 unless the dealer has an ace
    # under it, 23 of the 309 cards left: a push) or surrenders half the bet whatever he holds.
    worked = work_out("AS TD v KH", EARLY)
    assert (worked.right, worked.legal) == ("S", frozenset("RS"))
    assert worked.evs["R"] == -0.5
    assert worked.evs["S"] == pytest.approx(1.5 * 286 / 309)
    grade = DRILL.grade("AS TD v KH", "R", EARLY)
    assert not grade.correct and grade.right_answer == "S"
    assert float(grade.ev_cost or 0) == pytest.approx(1.5 * 286 / 309 + 0.5, abs=1e-6)
    assert "A natural against 10" in grade.explanation and "188.83%" not in grade.explanation
    assert DRILL.grade("AS TD v KH", "S", EARLY).correct
    assert DRILL.skill("AS TD v KH", EARLY).endswith("natural v 10, early surrender")


def test_a_natural_asked_early_only_stands_or_surrenders() -> None:
    with pytest.raises(InvalidAnswerError, match="not allowed"):
        DRILL.grade("AS TD v KH", "H", EARLY)
    with pytest.raises(InvalidQuestionError, match="early surrender"):
        DRILL.grade("AS TD v 9C", "R", EARLY)  # no early ask against a 9
    with pytest.raises(InvalidQuestionError):
        DRILL.grade("AS TD v KH split 2", "S", EARLY)  # a split A-T is a 21, not a natural


def test_an_early_decision_is_worth_its_ev_over_every_hole_card() -> None:
    # For luck and skill: surrender before the peek is half the bet, the dealer's natural
    # included; standing a natural is the engine's EV already.
    surrender = work_out("TS 6H v TD", EARLY)
    assert surrender.right == "R" and right_ev(surrender, EARLY) == pytest.approx(-0.5)
    assert right_ev(work_out("AS TD v KH", EARLY), EARLY) == work_out("AS TD v KH", EARLY).evs["S"]
    late = work_out("TS 6H v TD", RULES)
    assert right_ev(late, RULES) == late.evs["R"]


@pytest.mark.parametrize(
    ("preset", "notation", "chart", "better"),
    [
        # 14 of three cards against a 7 at the home game: the chart hits; these cards stand
        # better (stand -46.3%, hit -48.1%).
        ("twenty-one-home", "2S 4D TC v 7H", "H", "S"),
        # The six-deck chart's own three-card exception (16 v 10 stands); with 2 6 8 hitting
        # is worth a little more.
        ("vegas-6d-s17", "2S 6D 8C v TH", "S", "H"),
    ],
)
def test_a_play_worth_more_than_the_charts_for_these_cards_is_right_too(
    preset: str, notation: str, chart: str, better: str
) -> None:
    rules = Rules.parse(preset)
    worked = work_out(notation, rules)
    assert worked.right == chart and worked.evs[better] > worked.evs[chart]
    grade = DRILL.grade(notation, better, rules)
    assert grade.correct and grade.ev_cost == 0
    # Its why, first: the verdict shows it (the chart said otherwise), the rest in details.
    assert grade.explanation.startswith("For these exact cards ")
    assert "both are right" in grade.explanation.split(". ")[0]
    assert DRILL.grade(notation, chart, rules).correct  # the chart's play stays right
    assert "both are right" not in DRILL.grade(notation, chart, rules).explanation


def test_two_aces_that_may_not_be_split_are_played_as_soft_12() -> None:
    # 004 splits nothing: A A is a soft 12, which the chart has no row for; it was read as a
    # hard 12 (stand against a 2), where drawing is worth far more.
    rules = Rules.parse("russian-bank")
    worked = work_out("AS AD v 2H", rules)
    assert "P" not in worked.legal and worked.cell[:2] == ("soft", "12")
    assert worked.right == "H" and worked.evs["H"] > worked.evs["S"] + 0.3
    assert not DRILL.grade("AS AD v 2H", "S", rules).correct


def test_where_the_index_overrules_the_chart_it_is_said_first() -> None:
    # 12 against 3 at a true count of +2: the index stands, the chart hits. A verdict's first
    # sentence is its why: the index's, not the chart's play, which is wrong here.
    worked = work_out("TS 2H v 3D hi-lo floor half rc +12 played 52", RULES)
    assert (worked.basic, worked.right) == ("H", "S")
    text = explain(worked, "H")
    assert text.startswith("The index says stand at +2 or above; at your true count of +2: stand.")
    assert "the chart says hit" in text
    # Where the chart's play is right, the chart comes first, in words: its first play, where
    # that one stands ("surrender, else hit, so surrender" said it twice: a walk).
    text = explain(work_out("TS 6H v TD hi-lo floor half rc +6 played 52", RULES), "H")
    assert text.startswith("Hard 16 against 10 (2 cards): the chart says surrender.")


def test_cards_played_apart_from_their_total_are_right_by_their_own_evs_at_the_count(
    count_studies: None,
) -> None:
    # Four cards to a hard 16 against a 10 at a true count of -2 (-7 with 3.5 decks left): the
    # chart stands (three cards or more), the index for the total does not apply, and these
    # cards' own EVs at the count rate hitting higher. Hitting was graded wrong, beside the
    # figures that said it was worth more (a learner's walk).
    notation = "4S 3H 5C 4D v TD hi-lo floor half rc -7 played 130"
    worked = work_out(notation, RULES)
    assert worked.evs_at_count and worked.by_cards
    assert worked.right == "S" and worked.evs["H"] > worked.evs["S"]
    hit = DRILL.grade(notation, "H", RULES)
    assert hit.correct and "both are right" in hit.explanation
    assert DRILL.grade(notation, "S", RULES).correct  # the chart's play stays right
    # Where they rate the chart's play higher, the other is a mistake, priced.
    above = "TS 3H 3C v TD hi-lo floor half rc +7 played 130"
    worse = DRILL.grade(above, "H", RULES)
    assert not worse.correct and float(worse.ev_cost or 0) > 0
    # Two cards: the index is theirs, and a play their EVs rate a hair higher is not right too.
    two = work_out("TS 6H v TD hi-lo floor half rc -7 played 130", RULES)
    assert not two.by_cards


def test_a_split_hands_chart_play_is_right_where_the_totals_index_says_otherwise(
    count_studies: None,
) -> None:
    # A walk stood on a split hand's 12 against 3 at text 000's table, as the chart says
    # ("on a split hand's first two cards: stand"), and was told hitting was right: the index
    # for a hard 12 (stand at +3 or more) is the total's, not these cards'. The chart's play for
    # them is right too, at no cost; the index's play stays right. Single deck: 12 against 2.
    rules = Rules.parse("single-deck")
    notation = "9H 3S v 2D split 2 hi-lo floor half rc +0 played 10"
    worked = work_out(notation, rules)
    assert worked.apart and worked.index and worked.basic == "S" and worked.right == "H"
    stood = DRILL.grade(notation, "S", rules)
    assert stood.correct and stood.ev_cost == 0
    assert stood.explanation.startswith("The chart plays these cards apart from their total")
    assert DRILL.grade(notation, "H", rules).correct
    # The chart is worked out at a count of 0: below it, where the split hand's own index may
    # lie, the total's index decides (stand is no longer the chart's side of it).
    below = DRILL.grade("9H 3S v 2D split 2 hi-lo floor half rc -3 played 10", "S", rules)
    assert not below.correct and float(below.ev_cost or 0) > 0
    # Fresh cards (not split): the index is theirs, and the chart's play below it is a mistake.
    fresh = DRILL.grade("9H 3S v 2D hi-lo floor half rc +0 played 10", "S", rules)
    assert not fresh.correct and float(fresh.ev_cost or 0) > 0


def test_a_mistake_the_chart_decides_says_first_what_the_two_plays_are_worth() -> None:
    # "Hard 15 against 6 (2 cards): the chart says stand." was a mistake's whole why on the
    # mistakes page, a restatement of the answer (a walk): the two plays' worth comes first.
    grade = DRILL.grade("TS 5H v 6D", "H", RULES)
    worked = work_out("TS 5H v 6D", RULES)
    assert not grade.correct and worked.right == "S"
    stand, hit = (f"{abs(worked.evs[key]) * 100:.2f}%" for key in ("S", "H"))
    assert grade.why == f"On average standing loses {stand} of the bet here, hitting loses {hit}."
    assert "the chart says stand" in grade.details
    # A right answer, or one the index decides, keeps its own first sentence.
    assert DRILL.grade("TS 5H v 6D", "S", RULES).why.startswith("Hard 15 against 6")
