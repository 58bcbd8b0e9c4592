"""The irregularities drill: every item of 000's list ("Нарушения правил",
seeds/000_f1d390320e8700ce.txt), the remedy the text gives graded right, and the round played
on from it settling as the text says; forged situations and answers refused."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from drills.base import InvalidAnswerError, InvalidQuestionError, LearnerState
from drills.dealing.irregularities import CHOICES, DRILL
from drills.dealing.misdealt import KINDS, read_played
from trainer.engine.deck.cards import Card
from trainer.engine.play.round import Outcome
from trainer.engine.rulebook.rules import find_preset

RULES = find_preset("vegas-6d-s17")  # the page's rules: the drill plays 000's own

# Each irregularity on stacked cards: (notation, the text's remedy, the nets it settles to).
# Deal order (000): a card to each seat, one to the dealer (face up), then again.
KNOWN = [
    # Seat 1 is dealt 2, then 7 and 5: it keeps the 7 and the 5 (12, stands), loses to 18;
    # seat 2's 18 ties.
    ("extra-card|1|10+10|2H 9C TD 7S 5D 9H 8C|keep 2 3", "keep-two", [-10, 0]),
    # Seat 1 (T-6) refuses the unasked 3; seat 2 (5-8) takes it: 16. The dealer's 19 beats both.
    ("unasked-card|1|10+10|TS 5H 9D 6C 8S TH 3D|refuse accept", "offer", [-10, -10]),
    # The 3 shows in the pack at seat 1's turn: he takes it, 19 ties the dealer's 19.
    ("shown-card|1|10+10|TS 5H 9D 6C 8S TH 3D|accept", "offer", [0, -10]),
    # Seat 1 refuses it and so does seat 2: it goes to the discards; 16 and 13 lose to 19.
    ("shown-card|1|10+10|TS 5H 9D 6C 8S TH 3D|refuse refuse", "offer", [-10, -10]),
    # Seat 1 gets one card (6), takes the missing one in turn (5), draws a 7: 18 ties 18.
    ("one-card|1|10+10|6H 9C TD TS 8C 5D 7S|missing", "choose", [0, 10]),
    # ... or takes the bet back.
    ("one-card|1|10+10|6H 9C TD TS 8C|bet-back", "choose", [0, 10]),
    # One card, and the dealer's natural: the bet is withdrawn, not lost; seat 2's 19 loses.
    ("one-card-natural|1|10+10|6H 9C AD TS KC|missing", "withdrawn", [0, -10]),
    # No cards: the bet is withdrawn; seat 2's 19 beats 18.
    ("no-cards|1|10+10|9C TD TS 8C|-", "withdrawn", [0, 10]),
    # A card face up: accepted, T-T beats 17 ...
    ("face-up|1|10|TS 9D TH 8C|accept", "choose", [10]),
    # ... or the bet taken back.
    ("face-up|1|10|TS 9D TH 8C|withdraw", "choose", [0]),
    # The dealer's K-A not announced: a plain 21. It beats seat 1's 19, and seat 2's natural is
    # paid 3:2 instead of tying.
    ("late-natural|1|10+10|TS AD KH 9S KC AS|-", "plain-21", [-10, 15]),
]


@pytest.mark.parametrize(("notation", "remedy", "nets"), KNOWN)
def test_the_texts_remedy_is_right_and_the_round_settles_as_the_text_says(
    notation: str, remedy: str, nets: list[int]
) -> None:
    grade = DRILL.grade(notation, remedy, RULES)
    assert grade.correct, grade.explanation
    played = read_played(notation)
    assert [seat.net for seat in played.result.seats] == [Fraction(n) for n in nets]
    assert played.result.bank_net == -sum(Fraction(n) for n in nets)
    for choice in CHOICES[played.question.kind]:
        if choice.slug != remedy:
            assert not DRILL.grade(notation, choice.slug, RULES).correct, choice.slug


def test_the_remedies_allowed_are_the_engines() -> None:
    allowed = {kind: read_played(notation).allowed for notation, _, _ in KNOWN for kind in
               [notation.split("|")[0]]}  # fmt: skip
    assert allowed == {
        "extra-card": {"keep-two"},
        "unasked-card": {"take-exposed", "refuse-exposed"},
        "shown-card": {"take-exposed", "refuse-exposed"},
        "one-card": {"take-missing", "withdraw"},
        "one-card-natural": {"take-missing", "withdraw"},
        "no-cards": set(),
        "face-up": {"accept", "withdraw"},
        "late-natural": set(),
    }


def test_the_withdrawn_and_kept_cards_are_as_the_text_says() -> None:
    played = read_played(KNOWN[0][0])
    assert played.result.seats[0].hands[0].cards == (Card.parse("7S"), Card.parse("5D"))
    assert read_played("no-cards|1|10+10|9C TD TS 8C|-").outcome is Outcome.WITHDRAWN
    late = read_played(KNOWN[-1][0])
    assert not late.result.dealer_natural and late.result.dealer_total == 21


def test_every_item_of_the_list_is_asked_and_has_one_right_remedy() -> None:
    assert set(KINDS) == set(CHOICES) == {n.split("|")[0] for n, _, _ in KNOWN}
    for kind in KINDS:
        for seed in range(4):
            learner = LearnerState(options={"kind": kind})
            question = DRILL.new_question(random.Random(seed), RULES, learner)
            assert question.notation.startswith(kind + "|")
            keys = [key for key, _, _ in question.view["choices"]]
            assert keys == [str(n) for n in range(1, len(keys) + 1)] and 3 <= len(keys) <= 4
            right = [
                s
                for _, s, _ in question.view["choices"]
                if DRILL.grade(question.notation, s, RULES).correct
            ]
            assert len(right) == 1, question.notation


def test_an_answer_stored_by_its_words_is_read_again() -> None:
    notation = KNOWN[0][0]
    grade = DRILL.grade(notation, "withdraw", RULES)
    assert not grade.correct
    again = DRILL.grade(notation, grade.answer, RULES)
    assert again == grade
    assert DRILL.rules_for(notation, RULES).name == "permanent-bank"
    assert DRILL.skill(notation, RULES) == "extra-card"


@pytest.mark.parametrize("answer", ["", "5", "take-exposed", "keep-two " * 5, "offer"])
def test_an_answer_not_offered_is_refused(answer: str) -> None:
    with pytest.raises(InvalidAnswerError):
        DRILL.grade(KNOWN[0][0], answer, RULES)


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("extra-card|1|10+10|2H 9C TD 7S 5D 9H 8C", "parts this drill writes"),
        ("misdeal|1|10+10|2H 9C TD 7S 5D 9H 8C|keep 2 3", "no such irregularity"),
        ("extra-card|3|10+10|2H 9C TD 7S 5D 9H 8C|keep 2 3", "no seat 3"),
        ("extra-card|0|10+10|2H 9C TD 7S 5D 9H 8C|keep 2 3", "one digit"),
        ("extra-card|١|10+10|2H 9C TD 7S 5D 9H 8C|keep 2 3", "one digit"),
        ("extra-card|1|10+١٠|2H 9C TD 7S 5D 9H 8C|keep 2 3", "whole numbers"),
        ("extra-card|1|10+11|2H 9C TD 7S 5D 9H 8C|keep 2 3", "cannot be played"),
        ("extra-card|1|10+100|2H 9C TD 7S 5D 9H 8C|keep 2 3", "whole numbers"),
        ("extra-card|1|10+10|2H 9C TD 7S 5D 9H|keep 2 3", "more cards"),
        ("extra-card|1|10+10|2H 9C TD 7S 5D 9H 8C 4S|keep 2 3", "before every card"),
        ("extra-card|1|10+10|2H 9C TD 7S 5D 9H 8C|keep 2 2", "not one taken in this irregularity"),
        ("extra-card|1|10+10|2H 9C TD 7S 5D 9H 8C|accept", "not one taken in this irregularity"),
        ("extra-card|1|10+10|2H 2H 2H 7S 5D 9H 8C|keep 2 3", "more often"),
        ("extra-card|1|10+10|2H 9 TD 7S 5D 9H 8C|keep 2 3", "suit"),
        ("extra-card|1|10+10|2H 9X TD 7S 5D 9H 8C|keep 2 3", "cards cannot be read"),
        ("no-cards|1|10+10|9C AD TS KC|-", "does not hold a natural"),
        ("late-natural|1|10+10|TS AD KH 9S KC 5D 4C|-", "holds a natural"),
        ("shown-card|1|10+10|TS 5H 9D 6C 8S TH 3D|refuse", "still on offer"),
        ("shown-card|2|10+10|TS 5H 9D 6C 8S TH 3D|refuse accept", "gone before"),
        ("x" * 401, "longer than any"),
    ],
)
def test_a_forged_situation_is_refused(notation: str, message: str) -> None:
    with pytest.raises(InvalidQuestionError, match=message):
        DRILL.grade(notation, "keep-two", RULES)


def test_nobody_takes_his_bet_back_from_a_natural_dealt_face_up() -> None:
    # A card dealt face up leaves the player the choice (text 000); a walk saw A♣ J♣ withdrawn,
    # "neither lost nor paid". Of the situations dealt, a natural is always accepted.
    from drills.dealing.misdealt import Cards, make, start

    naturals = 0
    for seed in range(400):
        question = make("face-up", random.Random(seed))
        hand = start(question, Cards(question.cards, filler=True)).hands(question.seat)[0]
        if hand.is_two_card_21:
            naturals += 1
            assert question.decision == ("accept",), seed
    assert naturals > 0
