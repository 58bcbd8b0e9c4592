"""The procedure drill: each point of the deal graded as the texts prescribe (000, 002's club
game, 003; seeds/), the right answer the engine's; forged questions and answers refused."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from drills.base import InvalidAnswerError, InvalidQuestionError, LearnerState, PastAttempt
from drills.dealing.procedure import DRILL, INTERPRETED, ROUNDS, says
from drills.dealing.procedure_points import POINTS
from trainer.engine.deck.cards import Card
from trainer.engine.rulebook.rules import find_preset

RULES = find_preset("vegas-6d-s17")  # the page's rules: each question names its text's

# (notation, the words of the right answer), from the texts (RULES.md digests them).
KNOWN = [
    # 000: one card down to each player, one up to the dealer, then one more down to everyone.
    ("deal|permanent-bank|3 4", "You (the dealer), face up"),
    ("deal|permanent-bank|3 5", "Seat 1, face down"),
    ("deal|permanent-bank|3 8", "You (the dealer), face down"),
    # 002 deal method 1: one card face down to everyone, the dealer too, then one face up.
    ("deal|twenty-one-club|3 4", "You (the dealer), face down"),
    ("deal|twenty-one-club|3 5", "Seat 1, face up"),
    ("deal|twenty-one-club|3 8", "You (the dealer), face up"),
    # 003 as the trainer reads it: no hole card, the last card of the deal is the last box's.
    ("deal|casino-boxes|3 7", "Seat 3, face up"),
    # 000: the peek only under a ten, a face or an ace; 003 has no hole card.
    ("peek|permanent-bank|KH", "Look at your hole card now, for a natural"),
    ("peek|permanent-bank|AD", "Look at your hole card now, for a natural"),
    ("peek|permanent-bank|7S", "Do not look at it until your own turn to draw"),
    ("peek|casino-boxes|AH", "You have no hole card: your second card comes after every box"),
    # A natural is paid 3:2 at once (000: before the dealer turns to the first player).
    ("natural|permanent-bank|3 2 5 9C", "Pay 7.50 to seat 2 now, before the first player draws"),
    ("natural|twenty-one-club|2 1 10 AH", "Pay 15 to seat 1 now, before the first player draws"),
    # The dealer's natural, seen at the peek: shown at once; it takes every bet without a
    # natural (000: never more than the original bet) and ties a player's natural.
    ("dealer-natural|permanent-bank|3 2 5 AH", "Show it at once: take every bet without"),
    ("dealer-natural|twenty-one-club|2 1 10 KS", "Show it at once: take every bet without"),
    # 000: at the joker, shuffle the played cards, cut, joker under, deal on; 002 the same at
    # the face-up burned card; a casino's cut card ends the shoe after the round.
    ("stop|permanent-bank|-", "Stop: shuffle the played cards"),
    ("stop|twenty-one-club|-", "Stop: shuffle the played cards"),
    ("stop|casino-boxes|-", "Deal the round on to its end, and shuffle before the next one"),
    # 000: reshuffle before a round when the cards may not last (the trainer: fewer than 15).
    ("reserve|permanent-bank|14", "Gather every card, shuffle"),
    ("reserve|permanent-bank|15", "Deal the round from the cards left"),
    # 002: an ace may not be burned; a casino burns any card.
    ("burn|twenty-one-club|AS", "It may not be burned: shuffle the pack and have it cut again"),
    ("burn|twenty-one-club|7D", "Burn it as you would any card"),
    ("burn|casino-boxes|AS", "Burn it as you would any card"),
    # 003: even money to a natural against an ace, insurance against an ace, a double on
    # 9-11, surrender never offered.
    ("offer|casino-boxes|AH AS KD", "Offer even money"),
    ("offer|casino-boxes|AD TS 6H", "Offer insurance"),
    ("offer|casino-boxes|6H 5S 5D", "Offer a double"),
    ("offer|casino-boxes|TH 9S 6D", "Offer nothing: the box plays"),
]


def right_answers(notation: str) -> list[str]:
    question = DRILL.question(notation, RULES)
    return [
        label
        for _, slug, label in question.view["choices"]
        if DRILL.grade(notation, slug, RULES).correct
    ]


@pytest.mark.parametrize(("notation", "words"), KNOWN)
def test_each_point_is_graded_as_the_text_prescribes(notation: str, words: str) -> None:
    [right] = right_answers(notation)
    assert right.startswith(words)
    wrong = [s for _, s, label in DRILL.question(notation, RULES).view["choices"] if label != right]
    assert wrong and not any(DRILL.grade(notation, slug, RULES).correct for slug in wrong)
    assert DRILL.grade(notation, right, RULES).correct  # its words, as stored, read again


def test_every_point_is_asked_under_each_of_its_texts_with_one_right_answer() -> None:
    asked = set()
    for slug, point in POINTS.items():
        for seed in range(6):
            learner = LearnerState(options={"point": slug})
            question = DRILL.new_question(random.Random(seed), RULES, learner)
            asked.add(DRILL.skill(question.notation, RULES))
            assert len(right_answers(question.notation)) == 1, question.notation
            assert DRILL.rules_for(question.notation, RULES).name in point.presets
    assert asked == {f"{slug} {preset}" for slug, p in POINTS.items() for preset in p.presets}
    assert DRILL.skill("burn|twenty-one-club|AS", RULES) == "burn twenty-one-club"


def test_the_feedback_cites_the_text() -> None:
    grade = DRILL.grade("burn|twenty-one-club|AS", "burn", RULES)
    assert not grade.correct
    assert grade.why.startswith("The club rules (text 002) say: ")
    assert "an ace may not be burned" in grade.why


@pytest.mark.parametrize("answer", ["", "6", "look", "burn" * 30])
def test_an_answer_not_offered_is_refused(answer: str) -> None:
    with pytest.raises(InvalidAnswerError):
        DRILL.grade("reserve|permanent-bank|14", answer, RULES)


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("deal|permanent-bank", "parts this drill writes"),
        ("shuffle|permanent-bank|-", "no such point of the procedure"),
        ("reserve|casino-boxes|14", "not asked under"),
        ("reserve|permanent-bank|١٤", "whole number"),
        ("reserve|permanent-bank|0", "1 to 60"),
        ("reserve|permanent-bank|14 3", "whole number"),
        ("deal|permanent-bank|3 1", "cards 2 to 8"),
        ("deal|casino-boxes|3 8", "cards 2 to 7"),
        ("deal|permanent-bank|8 4", "1 to 7 players"),
        ("natural|permanent-bank|2 3 5 9C", "no seat 3"),
        ("natural|permanent-bank|2 1 50 9C", "cannot be played"),
        ("peek|permanent-bank|K", "not a card with its suit"),
        ("offer|casino-boxes|AH 5S 5D", "more than one thing"),
        ("offer|casino-boxes|AH 5S", "two cards"),
        ("stop|permanent-bank|now", "nothing more"),
        ("dealer-natural|permanent-bank|3 2 5 9H", "an ace or a ten-card"),
        ("dealer-natural|casino-boxes|3 2 5 AH", "not asked under"),
        ("peek|permanent-bank|" + "K" * 80, "longer than any"),
    ],
)
def test_a_forged_question_is_refused(notation: str, message: str) -> None:
    with pytest.raises(InvalidQuestionError, match=message):
        DRILL.grade(notation, "deal", RULES)


def test_a_whole_deal_asks_its_texts_points_in_order() -> None:
    for preset, order in ROUNDS.items():
        assert all(preset in POINTS[point].presets for point in order)
    learner = LearnerState(options={"point": "round"})
    first = DRILL.new_question(random.Random(3), RULES, learner)
    point, preset, _ = first.notation.split("|")
    asked = [point]
    notation = first.notation
    for seed in range(len(ROUNDS[preset]) - 1):
        past = (PastAttempt(notation, "x", True, None, ""),)
        learner = LearnerState(options={"point": "round"}, recent=past)
        notation = DRILL.new_question(random.Random(seed), RULES, learner).notation
        assert notation.split("|")[1] == preset
        asked.append(notation.split("|")[0])
    assert tuple(asked) == ROUNDS[preset]
    assert DRILL.question(notation, RULES).view["step"] == (len(asked), len(asked))
    past = (PastAttempt(notation, "x", True, None, ""),)  # the deal is over: a new one
    learner = LearnerState(options={"point": "round"}, recent=past)
    again = DRILL.new_question(random.Random(9), RULES, learner)
    assert again.notation.split("|")[0] == ROUNDS[again.notation.split("|")[1]][0]


@pytest.mark.parametrize("preset", ["permanent-bank", "twenty-one-club"])
def test_the_up_card_a_question_names_is_the_one_the_dealer_shows(preset: str) -> None:
    # 000 deals the dealer's first card face up, 002 his second (deal_faces).
    from drills.dealing.procedure_points import _natural_round

    round_ = _natural_round(find_preset(preset), (2, 1, 5, Card.parse("9C")))
    assert round_.up_card == Card.parse("9C")
    assert round_.dealer_cards[0 if preset == "permanent-bank" else 1] == Card.parse("9C")


@pytest.mark.parametrize(("point", "preset"), sorted(INTERPRETED))
def test_a_point_its_text_says_nothing_of_is_said_as_the_trainers_reading(
    point: str, preset: str
) -> None:
    # Text 003 says nothing of the burn, of a peek or of the end of the shoe: it was quoted as
    # saying so (Russian readers' walks: «говорят: ничего о проверке»). The seed text is the
    # authority, checked here too: none of the words it would say it in.
    assert says(point, preset).startswith("The casino rules (text 003) say nothing of this")
    (text,) = (Path(__file__).parents[1] / "data" / "seeds").glob("003_*.txt")
    said = text.read_text(encoding="utf-8").lower()
    absent = {"burn": ("сжига",), "peek": ("загляд", "провер"), "stop": ("отрез", "пластик")}
    assert not [word for word in absent[point] if word in said]


def test_the_deal_order_asks_for_the_next_card_not_a_card_by_number() -> None:
    # The cards out are drawn 2, 3, 4 ... in the order dealt; "Where does card 7 go?" was asked
    # with a 7 already on seat 2 (a walk).
    for seed in range(10):
        learner = LearnerState(options={"point": "deal"})
        question = DRILL.new_question(random.Random(seed), RULES, learner)
        prompt = question.view["prompt"]
        assert prompt.endswith("Where does the next one go?"), prompt
        assert not re.search(r"card \d", prompt), prompt
