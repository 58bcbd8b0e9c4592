"""The table-dealing drill: its notations read back and are graded from themselves alone
(the dealer's draw by the bank's EVs, the double by the strategy engine's punters' EV), and a
notation the table could not have written is refused."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from drills.base import InvalidAnswerError, InvalidQuestionError
from drills.table_dealing import DRILL, settled_at_once
from trainer.engine.banker.dealer_choice import StandingHand, draw_evs
from trainer.engine.banker.doubling import (
    double_evs,
    doubling_cards,
    doubling_chance,
    players_ev_against,
    redouble_evs,
)
from trainer.engine.deck.cards import Card
from trainer.engine.play.settlement import (
    HandResult,
    RoundResult,
    SeatResult,
    hand_total,
    is_natural,
    settle_hand,
)
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.engine.strategy.dealer import full_shoe

# 002's method-3 game and 004's banker, worked out once per run (a double's grade reads the
# game's figures, which a test run alone had not worked out: "being worked out").
pytestmark = pytest.mark.usefixtures("strategy_charts")

# The face-up reading (a named option): the banker sees the punters' cards. The text's own
# deal, every card face down, is graded in tests/engine/test_face_down.py.
BANK = Rules.parse("russian-bank decks=1 deal_faces=casino banker_best=false")
HOME = find_preset("twenty-one-home")
# Each value's cards in one deck less the cards on the table below (TS 6H; 9C JD).
UNSEEN = "4 4 4 4 4 3 4 4 3 13"


def test_a_draws_why_says_a_soft_total_soft_and_its_figures_in_chips() -> None:
    # The table showed «мягкие 19» above a verdict «При вашей сумме 19…», its two figures
    # with no unit (a walk).
    soft = DRILL.grade("draw AS 8H against 9C JD stake 1; unseen 3 4 4 4 4 3 4 3 3 13", "H", BANK)
    assert soft.why.startswith("On your soft 19 against 1 hand still standing, standing is ")
    assert ", in chips." in soft.why
    hard = DRILL.grade(f"draw TS 6H against 9C JD stake 1; unseen {UNSEEN}", "H", BANK)
    assert hard.why.startswith("On your 16 against 1 hand still standing")


def test_a_draw_is_graded_from_its_notation_alone() -> None:
    notation = f"draw TS 6H against 9C JD stake 1; unseen {UNSEEN}"
    evs = draw_evs(
        BANK,
        (Card.parse("TS"), Card.parse("6H")),
        [StandingHand((Card.parse("9C"), Card.parse("JD")), 0, BANK.min_bet)],
        (4, 4, 4, 4, 4, 3, 4, 4, 3, 13),
    )
    right, wrong = ("draw", "S") if evs["H"] > evs["S"] else ("stand", "H")
    grade = DRILL.grade(notation, wrong, BANK)
    assert not grade.correct and grade.right_answer == right
    assert float(grade.ev_cost or 0) == pytest.approx(abs(evs["H"] - evs["S"]), abs=1e-5)
    assert DRILL.grade(notation, right, BANK).correct
    assert (
        DRILL.skill(notation, BANK)
        == "russian-bank decks=1 banker_best=false deal_faces=casino: the bank's 16"
    )
    assert DRILL.question(notation, BANK).view["hands"] == [
        (0, (Card.parse("9C"), Card.parse("JD")), "1")  # as money: "1", not "1.00" (a walk)
    ]


def test_a_face_down_card_and_a_split_hand_are_read() -> None:
    unseen = "4 3 4 4 3 3 4 3 4 15"  # TS 6H, and 5C 8H 2D shown
    notation = f"draw TS 6H against ? 5C stake 1; 8H 2D stake 2 split; unseen {unseen}"
    hands = DRILL.question(notation, BANK).view["hands"]
    assert hands[0][0] == 1 and hands[1][2] == "2"
    assert DRILL.grade(notation, "H", BANK).right_answer in ("draw", "stand")


def test_the_draws_verdict_speaks_of_face_down_cards_only_where_there_are_some() -> None:
    # The Russian bank deals every punter's card face up: its verdict must not contradict
    # the table the learner sees; 002 home's first card is face down, and is said so.
    all_up = DRILL.grade(f"draw TS 6H against 9C JD stake 1; unseen {UNSEEN}", "H", BANK)
    unseen = "4 3 4 4 3 3 4 3 4 15"
    one_down = DRILL.grade(f"draw TS 6H against ? 5C stake 1; unseen {unseen}", "H", BANK)
    assert "face-down" not in all_up.explanation
    assert "face-down" in one_down.explanation
    view = DRILL.question(f"draw TS 6H against 9C JD stake 1; unseen {UNSEEN}", BANK).view
    assert all(hidden == 0 for hidden, *_ in view["hands"])


def test_the_draws_why_is_one_short_sentence_and_its_reading_is_behind_details() -> None:
    """The bank's draw: the why says the two figures in one short sentence; how they were
    worked out (the reading of the punters' cards) comes after it, behind Details (at 004 the
    why was one sentence of some 60 words: a walk)."""
    unseen = "4 3 4 4 3 3 4 3 4 15"
    for notation in (
        f"draw TS 6H against 9C JD stake 1; unseen {UNSEEN}",
        f"draw TS 6H against ? 5C stake 1; unseen {unseen}",
    ):
        grade = DRILL.grade(notation, "H", BANK)
        assert grade.why.startswith("On your 16 against 1 hand still standing, standing is")
        assert len(grade.why.split()) <= 25, grade.why
        assert "against the punters" in grade.details or "face-down" in grade.details
        assert grade.details.startswith("Drawing is one card and then the best choice")


@pytest.mark.parametrize(
    "notation",
    [
        "draw TS 6H against unseen 4 4 4 4 4 4 4 4 4",  # nine counts
        f"draw TS AH against unseen {UNSEEN}",  # 21: no draw
        "draw TS 6H against unseen 9 4 4 4 4 3 4 4 3 13",  # nine aces in one deck
        f"draw TS 6H against 9C ? stake 1; unseen {UNSEEN}",  # face-down card last
        f"draw TS 6H against ? ? 9C stake 1; unseen {UNSEEN}",  # two face down
        f"draw TS 6H against 9C JD stake 0; unseen {UNSEEN}",  # no stake
        f"draw TS 6H against 9C JD QD stake 1; unseen {UNSEEN}",  # a bust hand
        f"draw TS 2H 2C 2D 3S against unseen {UNSEEN}",  # 004: three draws at most
        "draw TS 6H against unseen 0 0 0 0 0 0 0 0 0 0",  # nothing to draw
        "double 1S stakes 3",
        "double TS stakes -3",
        "stand TS 6H",
        "draw " + "TS " * 400,
    ],
)
def test_a_notation_the_table_could_not_have_written_is_refused(notation: str) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "S" if notation.startswith("draw") else "D", BANK)


def test_an_answer_of_the_wrong_kind_is_refused() -> None:
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("double TS stakes 3", "H", HOME)
    with pytest.raises(InvalidAnswerError):
        DRILL.grade(f"draw TS 6H against unseen {UNSEEN}", "D", BANK)


def _settled(rules: Rules, dealer: str, *hands: str) -> RoundResult:
    """A round of one-hand seats, each staking 1, settled against the dealer's ``dealer``."""
    dealer_cards = tuple(Card.parse(word) for word in dealer.split())
    seats = []
    for hand in hands:
        cards = tuple(Card.parse(word) for word in hand.split())
        settled = settle_hand(rules, cards, dealer_cards, 1)
        one = HandResult(
            cards=cards,
            total=hand_total(cards),
            bet=Fraction(1),
            outcome=settled.outcome,
            net=settled.net,
            bonus=settled.bonus,
            natural=is_natural(cards),
            doubled=False,
            split=False,
        )
        seats.append(
            SeatResult((one,), Fraction(0), Fraction(0), one.net, (Fraction(1),), (one.net,))
        )
    bank = -sum((seat.net for seat in seats), Fraction(0))
    return RoundResult(dealer_cards, hand_total(dealer_cards), False, tuple(seats), bank)


def test_a_natural_is_settled_before_the_dealers_turn_only_where_it_is_shown() -> None:
    # A natural, a bust and a hand standing on 19 against the banker's 18. Face up, the
    # natural is shown and settled at once; at 004 as dealt it lies face down, the banker
    # plays against it (bank_ev prices it among the hands standing): only the bust is settled.
    face_down = Rules.parse("russian-bank decks=1")
    for rules, natural_settled in ((BANK, True), (face_down, False)):
        result = _settled(rules, "TS 8D", "AS KD", "TC 8H 5C", "9C JD")
        natural, bust, standing = (seat.hands[0].net for seat in result.seats)
        assert natural > 0 and bust < 0 and standing > 0
        expected = -bust - (natural if natural_settled else 0)
        assert settled_at_once(result, rules) == expected


def test_the_punters_ev_by_first_card_averages_to_the_games_value() -> None:
    # Undoubled and doubled, each first card weighted by the dealer's chance to double on it,
    # the bank's figures average to the game's value at its equilibrium (+18.74%, issue 27;
    # tests/engine/test_method3_information.py checks it with the bench's deal and play).
    shoe = full_shoe(HOME.decks)
    bank = 0.0
    for value in range(1, 11):
        evs = double_evs(HOME, value, 1.0)
        chance = doubling_chance(HOME, value)
        bank += shoe[value - 1] / sum(shoe) * ((1 - chance) * evs["N"] + chance * evs["D"])
    assert bank == pytest.approx(0.1874, abs=0.0002)
    # Undoubled, the punters expect to lose against an ace, a nine or a ten only.
    losing = [value for value in range(1, 11) if players_ev_against(HOME, value) < 0]
    assert losing == [1, 9, 10]


def test_doubling_is_right_where_the_bank_gains_the_redoubles_counted() -> None:
    # docs/table.md: always on a ten or ace, at times on a five or a six, never otherwise.
    assert sorted(doubling_cards(HOME)) == [1, 5, 6, 10]
    ten = DRILL.grade("double TS stakes 3", "N", HOME)
    assert not ten.correct and ten.right_answer == "double"
    evs = double_evs(HOME, 10, 3.0)
    assert evs["D"] > evs["N"] > 0
    for eight_or_nine in ("8S", "9S"):
        graded = DRILL.grade(f"double {eight_or_nine} stakes 3", "D", HOME)
        assert not graded.correct and graded.right_answer == "no double"
    assert float(ten.ev_cost or 0) == pytest.approx(evs["D"] - evs["N"], abs=1e-5)
    # A six: the dealer mixes there, indifferent: both right, at no cost, and said so.
    for answer in ("D", "no double"):
        six = DRILL.grade("double 6H stakes 3", answer, HOME)
        assert six.correct and six.ev_cost == 0
        assert "both choices are worth the same" in six.explanation
    assert "worth the same" not in ten.explanation
    assert DRILL.skill("double AH stakes 3", HOME) == "twenty-one-home: doubling on A"


def test_a_double_at_a_table_of_several_says_its_figures_are_one_punters() -> None:
    # The grade is the game's, one punter against the dealer; dealing to several, the
    # verdict says its money is on every punter's stake together, and its percentages one
    # punter's (docs/table.md has the figures by table size). It said "On stakes of 3" and
    # "These are one punter's figures", as if 3 were one punter's stake.
    one = DRILL.grade("double 6H stakes 3", "D", HOME)
    three = DRILL.grade("double 6H stakes 3 punters 3", "D", HOME)
    assert "On the stakes of your 3 punters, 3 in all, that is" in three.explanation
    assert "the percentages are the game's against one punter" in three.explanation
    assert "one punter's figures" not in three.explanation
    assert "On stakes of 3 that is" in one.explanation and "in all" not in one.explanation
    assert (three.correct, three.ev_cost) == (one.correct, one.ev_cost)
    with pytest.raises(InvalidQuestionError):
        DRILL.grade("double 6H stakes 3 punters 1", "D", HOME)


def test_a_redouble_is_graded_from_its_notation_alone() -> None:
    ace = DRILL.grade("redouble AS stake 2", "N", HOME)
    assert not ace.correct and ace.right_answer == "redouble"
    evs = redouble_evs(HOME, 1, 2.0)
    # In bets of the punter's stake of 2 (as a play's cost is of the hand's), not of the
    # table minimum: a share of the stake, whatever its size.
    assert float(ace.ev_cost or 0) == pytest.approx((evs["D"] - evs["N"]) / 2, abs=1e-5)
    bigger = DRILL.grade("redouble AS stake 100", "N", HOME)
    assert bigger.ev_cost == ace.ev_cost
    assert "the dealer doubled" in ace.explanation
    ten = DRILL.grade("redouble TS stake 2", "D", HOME)
    assert not ten.correct and ten.right_answer == "no redouble"
    assert DRILL.grade("redouble TS stake 2", "no redouble", HOME).correct
    assert DRILL.skill("redouble AH stake 2", HOME) == "twenty-one-home: redoubling on A"
    assert DRILL.question("redouble AH stake 2", HOME).prompt == "Redouble your stake?"


@pytest.mark.parametrize(
    ("notation", "rules"),
    [
        ("redouble AS stake 0", HOME),
        ("redouble AS stakes 2", HOME),
        ("redouble XS stake 2", HOME),
        ("redouble AS stake 2", Rules.parse("vegas-6d-s17")),  # no dealer's double there
    ],
)
def test_a_redouble_the_table_could_not_have_written_is_refused(
    notation: str, rules: Rules
) -> None:
    with pytest.raises(InvalidQuestionError):
        DRILL.grade(notation, "D", rules)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_wrong_double_re_drilled_names_both_choices_apart(app: Any, language: str) -> None:
    """The re-drill's verdict ("not quite: X, not Y") in the question's words for the stored
    answers: it read "no double, not double" («нужно не удваивать, а не удваивать»)."""
    from trainer.words import say

    lines = {}
    with app.test_request_context(headers={"Accept-Language": language}):
        for notation, wrong in (("double 8S stakes 3", "D"), ("redouble TS stake 2", "D")):
            said = DRILL.question(notation, HOME).view["answer_words"]
            grade = DRILL.grade(notation, wrong, HOME)
            right, answer = said[grade.right_answer], said[grade.answer]
            assert not grade.correct and right != answer
            assert not {right.split()[0], answer.split()[0]} & {"no", "not", "не"}, said
            lines[notation] = say("Not quite: %(right)s, not %(answer)s.", right=right,
                                  answer=answer)  # fmt: skip
    english = "Not quite: leave the bets as they are, not double every bet."
    russian = "Неверно: нужно оставлять ставки как есть, а не удваивать все ставки."
    assert lines["double 8S stakes 3"] == (english if language == "en" else russian)


def test_a_draw_worth_the_same_as_standing_says_so_in_chips() -> None:
    """The bank's 20 against a 19, only aces unseen: a draw makes 21 and wins as standing does.
    The verdict says both are worth the same, and in what (it wrote "+1.00" twice, no unit);
    a draw that costs something says nothing of the kind."""
    tie = DRILL.grade("draw TS QH against 9C JD stake 1; unseen 3 0 0 0 0 0 0 0 0 0", "H", BANK)
    assert tie.correct and tie.ev_cost == 0
    assert "Both are worth the same to the bank here (+1.00 in chips)" in tie.explanation
    costly = DRILL.grade(f"draw TS QH against 9C JD stake 1; unseen {UNSEEN}", "H", BANK)
    assert not costly.correct and "worth the same" not in costly.explanation


def test_a_redoubles_stake_reads_as_money_elsewhere_reads() -> None:
    """A whole stake reads "2" (a walk read "2.00" beside stakes written "2" elsewhere), a part
    of a chip to the cent."""
    assert DRILL.question("redouble AS stake 2", HOME).view["stakes"] == "2"
    assert DRILL.question("redouble AS stake 5/2", HOME).view["stakes"] == "2.50"
    assert DRILL.question("double AS stakes 4", HOME).view["stakes"] == "4"
