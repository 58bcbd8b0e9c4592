"""The bet-sizing drill: the bet is the Kelly ramp's at the question's count, for the page's
rules, the learner's system, bankroll and risk; a bankroll or risk that makes no ramp names its
field. The studies are the suite's warm ones (``count_studies``)."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

import pytest

from drills import InvalidAnswerError, InvalidOptionError, InvalidQuestionError, LearnerState
from drills.bet_sizing import DRILL, read_bankroll, read_risk
from drills.count_study import study_for
from trainer.engine.counting import find_system
from trainer.engine.indices import bet_ramp
from trainer.engine.rulebook.rules import Rules

VEGAS_RULES = "vegas-6d-s17"
PREFS = {"system": "hi-lo", "convention": "floor", "resolution": "half"}


@pytest.fixture(autouse=True)
def _studies(count_studies: None) -> None:
    """The warm studies of the suite."""


def rules() -> Rules:
    return Rules.parse(VEGAS_RULES)


def bet(notation: str) -> Fraction:
    return Fraction(DRILL.grade(notation, "5", rules()).right_answer)


def test_the_ramp_bets_the_minimum_without_an_edge_and_more_as_the_count_rises() -> None:
    counts = range(-4, 11)
    bets = [bet(f"hi-lo bankroll 10000 risk 0.05 tc {c:+d}") for c in counts]
    assert bets[0] == 5 and bets[4] == 5  # -4 and 0: the player has no edge, the table minimum
    assert bets == sorted(bets) and bets[-1] > 20 * bets[0]
    assert all(b % 5 == 0 and 5 <= b <= 1000 for b in bets)  # table units, within the limits


def test_a_bigger_bankroll_or_risk_bets_more_and_the_answer_is_graded_by_it() -> None:
    small = bet("hi-lo bankroll 10000 risk 0.05 tc +4")
    assert bet("hi-lo bankroll 20000 risk 0.05 tc +4") == pytest.approx(2 * small, abs=5)
    assert bet("hi-lo bankroll 10000 risk 0.3 tc +4") > small
    notation = "hi-lo bankroll 10000 risk 0.05 tc +4"
    grade = DRILL.grade(notation, str(small), rules())
    assert grade.correct and "the ramp bets" in grade.explanation
    assert "The whole ramp" in grade.explanation and "risk of ruin" in grade.explanation
    assert " × 10,000 × " in grade.explanation  # Kelly's product, its sign not a letter x
    assert not DRILL.grade(notation, str(small + 5), rules()).correct


@pytest.mark.parametrize("count", [2, 4, 8])
def test_kellys_product_worked_as_written_gives_the_ideal_it_says(count: int) -> None:
    """The sum shown ("0.6676 × 10,000 × 5.420% / 1.3 = 278.4") comes out, worked by hand from
    the figures written, within the rounding of its last place: "0.67" for the Kelly fraction of
    a 5% risk made a walk's 279.4 against the 278.4 said."""
    explained = DRILL.grade(f"hi-lo bankroll 10000 risk 0.05 tc +{count}", "5", rules())
    found = re.search(
        r"Sized by Kelly: ([\d.]+) × ([\d,]+) × ([\d.]+)% / ([\d.]+) .*?= ([\d,.]+)",
        explained.explanation,
    )
    assert found is not None, explained.explanation
    kelly, bankroll, edge, variance, ideal = (float(x.replace(",", "")) for x in found.groups())
    assert kelly * bankroll * edge / 100 / variance == pytest.approx(ideal, abs=0.15)
    # What the fraction is, and that the ideal is rounded (a walk read 0.6676 unexplained).
    assert "rounded to the nearest 5 within the table's limits" in explained.explanation
    assert f"{found[1]} is the share of the full Kelly bet that keeps the risk of ruin at 5%" in (
        explained.explanation
    )


def test_a_ramp_riskier_than_asked_says_why() -> None:
    # 200 table minimums (the table's old default): the minimum bet where there is no edge
    # makes the ramp's own risk of ruin some 66%, far above the 5% it is sized for.
    small = DRILL.grade("hi-lo bankroll 1000 risk 0.05 tc +0", "5", rules()).explanation
    assert "risk of ruin of 65.9%" in small
    assert "above the 5% it was sized for" in small and "(here 200)" in small
    big = DRILL.grade("hi-lo bankroll 50000 risk 0.05 tc +0", "5", rules()).explanation
    assert "above the" not in big
    # And the bankroll that would bring it to the risk chosen (a walk found no way to it): its
    # own ramp within a tenth of 5% there, and not at nine tenths of it.
    needed = re.search(r"A bankroll of ([0-9,]+) would bring its own ramp to about 5%", small)
    assert needed, small
    money = Fraction(needed[1].replace(",", ""))
    table = study_for(rules(), find_system("hi-lo")).edge
    assert bet_ramp(table, money, 0.05).risk_of_ruin <= 0.055
    assert bet_ramp(table, money * Fraction(9, 10), 0.05).risk_of_ruin > 0.055


def test_a_bet_off_the_ramp_costs_the_expectation_it_gives_up() -> None:
    # At -4 the player has no edge: 40 where the ramp bets 5 loses (40 - 5) x the edge.
    over = DRILL.grade("hi-lo bankroll 10000 risk 0.05 tc -4", "40", rules())
    assert not over.correct and over.ev_cost is not None and over.ev_cost > 0
    assert DRILL.grade("hi-lo bankroll 10000 risk 0.05 tc -4", "5", rules()).ev_cost == 0
    # At +6 the player has an edge: less than the ramp gives some up, more gives none up.
    right = bet("hi-lo bankroll 10000 risk 0.05 tc +6")
    under = DRILL.grade("hi-lo bankroll 10000 risk 0.05 tc +6", str(right - 50), rules())
    assert under.ev_cost is not None and under.ev_cost > 0
    free = DRILL.grade("hi-lo bankroll 10000 risk 0.05 tc +6", str(right + 50), rules())
    assert not free.correct and free.ev_cost == 0
    # Wrong and yet free: the why says so first (a learner saw "Cost: nothing" unexplained).
    assert free.explanation.startswith("More than the ramp's bet where the count gives you the")
    assert not under.explanation.startswith("More than")
    # In bets of the table minimum (5): 35 more than the ramp at an edge of e < 0 is -35 e / 5.
    edge = next(
        row.indices
        for row in study_for(rules(), find_system("hi-lo")).edge.counts
        if row.count == -4
    )
    assert edge < 0
    # The edge is read to six places (bet_cost), so the cost is exact against that reading.
    assert over.ev_cost == -35 * Fraction(f"{edge:.6f}") / 5


def test_questions_ask_counts_where_the_ramp_moves() -> None:
    rng = random.Random(2)
    options = {**PREFS, "bankroll": "10000", "risk": "5%"}
    counts = set()
    for _ in range(60):
        question = DRILL.new_question(rng, rules(), LearnerState(options=options))
        assert question.notation.startswith("hi-lo bankroll 10000 risk 0.05 tc ")
        counts.add(int(question.view["count"].replace("\u2212", "-")))
    assert min(counts) <= 0 and max(counts) >= 6


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"bankroll": "4"}, "bankroll"),  # below the table minimum of 5
        ({"bankroll": "lots"}, "bankroll"),
        ({"bankroll": "99999999999"}, "bankroll"),
        ({"risk": "0"}, "risk"),
        ({"risk": "1"}, "risk"),
        ({"risk": "100%"}, "risk"),
        ({"risk": "nan"}, "risk"),
        ({"risk": "0.00001"}, "risk"),
    ],
)
def test_a_bankroll_or_risk_that_makes_no_ramp_names_its_field(
    options: dict[str, str], field: str
) -> None:
    with pytest.raises(InvalidOptionError) as raised:
        DRILL.new_question(random.Random(1), rules(), LearnerState(options={**PREFS, **options}))
    assert raised.value.field == field


def test_risk_and_bankroll_read_as_a_learner_writes_them() -> None:
    assert read_risk("5%") == read_risk("0.05") == Fraction(1, 20)
    assert read_bankroll("10,000", rules()) == 10_000


@pytest.mark.parametrize(
    "notation",
    [
        "hi-lo bankroll 10000 risk 0.05",
        "hi-lo bankroll 4 risk 0.05 tc +2",
        "hi-lo bankroll 10000 risk 0.0 tc +2",
        "ko bankroll 10000 risk 0.05 tc +2",  # KO bets by its running count
        "hi-lo bankroll 10000 risk 0.05 rc +2",
        "nope bankroll 10000 risk 0.05 tc +2",
    ],
)
def test_a_question_the_drill_could_not_have_asked_is_refused(notation: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "5", rules())


def test_an_answer_that_is_no_amount_is_refused() -> None:
    for answer in ("", "five", "-5", "5.123"):
        with pytest.raises(InvalidAnswerError):
            DRILL.grade("hi-lo bankroll 10000 risk 0.05 tc +2", answer, rules())


def test_a_bet_the_table_would_not_take_is_refused_saying_its_limits_and_units() -> None:
    """The page says "bets in units of 5" within its limits: 999 (a walk's answer, graded as
    merely wrong before), 2.5, or under the minimum is refused; a multiple of 5 is graded."""
    table = rules()
    asked = "hi-lo bankroll 10000 risk 0.05 tc +6"
    for answer in ("999", "2.5", "1", str(table.min_bet * 3 + 1)):
        with pytest.raises(InvalidAnswerError) as refused:
            DRILL.grade(asked, answer, table)
        assert f"in units of {table.min_bet}:" in str(refused.value), refused.value
    if table.max_bet is not None:
        with pytest.raises(InvalidAnswerError):
            DRILL.grade(asked, str(table.max_bet + table.min_bet), table)
    assert DRILL.grade(asked, str(table.min_bet * 3), table).answer


def test_a_bankroll_too_big_says_so_rather_than_asking_for_a_whole_amount() -> None:
    with pytest.raises(InvalidOptionError) as raised:
        read_bankroll("99999999999999", rules())
    assert raised.value.field == "bankroll"
    assert "at most 1,000,000,000" in str(raised.value)
    assert "whole amount" not in str(raised.value)


def test_a_negative_bankroll_is_said_to_be_below_zero_not_not_whole() -> None:
    # "The bankroll must be a whole amount, such as 10000, not “-5000”" (a walk: it is whole).
    for typed in ("-5000", "\u22125000"):
        with pytest.raises(InvalidOptionError) as raised:
            read_bankroll(typed, rules())
        assert raised.value.field == "bankroll"
        assert "above zero" in str(raised.value) and "whole" not in str(raised.value)


def test_a_russian_risk_reads_its_decimal_comma(app: Any) -> None:
    """The Russian refusal's example is "0,05": the drill reads it, as it reads "0.05"."""
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert read_risk("0,05") == read_risk("0.05") == Fraction(1, 20)
        with pytest.raises(InvalidOptionError, match="0,05"):
            read_risk("1,5")


def test_the_question_writes_its_bankroll_and_risk_as_russian_does(app: Any) -> None:
    """Issue 30's walk: the Russian question read «банкролл 10000, риск разорения 5%» beside
    «лимиты стола от 5 до 1 000»; its numbers are the language's (and read back by the form)."""
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        view = DRILL.question("hi-lo bankroll 10000 risk 0.025 tc +4", rules()).view
        assert read_bankroll(view["bankroll"], rules()) == 10000
    assert view["bankroll"] == "10\u00a0000"
    assert view["risk"] == "2,5\u00a0%"


def test_a_ramp_that_loses_says_it_does_not_beat_the_game() -> None:
    """At a game counting cannot beat (a 6:5 table: here the study's edges less three points,
    the ramp worked out afresh for them) the ramp was said to win "−2.85 per 100 rounds", and
    a bigger bankroll to bring its risk of ruin (100%) down (a learner's walk)."""
    from dataclasses import replace

    from drills.bet_sizing import explain
    from trainer.engine.indices.edge import bet_ramp

    table = study_for(rules(), find_system("hi-lo")).edge
    worse = replace(table, counts=tuple(replace(c, indices=c.indices - 0.03) for c in table.counts))
    ramp = bet_ramp(worse, Fraction(10000), 0.05)
    assert ramp.win_per_100 < 0
    said = explain(ramp, worse, 0, rules())
    assert "It does not beat the game: it loses " in said
    assert "wins" not in said and "bigger bankroll" not in said
    won = explain(bet_ramp(table, Fraction(10000), 0.05), table, 0, rules())
    assert "It wins " in won and "does not beat" not in won
