"""What the counting drills share: counts and decks typed by a learner, checkpoints written as
text and graded from the text alone, and the tray drawn to scale."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drills import InvalidAnswerError, InvalidQuestionError
from drills.counting.checkpoint import Checkpoint, read_checkpoint
from drills.counting.notation import (
    count_notation,
    format_count,
    format_decks,
    read_count,
    read_decks,
    read_number,
    read_whole_count,
)
from drills.counting.preferences import CountPreferences
from drills.counting.tray import tray_for
from trainer.engine.counting import SYSTEMS, find_system
from trainer.engine.deck.cards import Card, pack


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", 3),
        ("+3", 3),
        ("-3", -3),
        ("−2", -2),  # a typographic minus
        ("1.5", Fraction(3, 2)),
        ("2,5", Fraction(5, 2)),
        ("-1/2", Fraction(-1, 2)),
        ("2 1/2", Fraction(5, 2)),
        ("2½", Fraction(5, 2)),
        (" 0 ", 0),
    ],
)
def test_numbers_as_learners_type_them(text, value):
    assert read_number(text, "the count") == value


@pytest.mark.parametrize("text", ["", "abc", "3 apples", "1/0", "--3", "1e3", "٣"])
def test_what_is_not_a_number_is_refused_readably(text):
    with pytest.raises(InvalidAnswerError, match="count"):
        read_number(text, "the count")


@given(st.fractions(min_value=-200, max_value=200).map(lambda f: Fraction(round(f * 4), 4)))
def test_a_count_reads_back_as_written(value):
    assert read_number(format_count(value), "the count") == value


def test_counts_are_signed_and_decks_are_decimal():
    # A learner reads a true minus sign (as every number is written); the notation, ASCII.
    assert [format_count(Fraction(n)) for n in (3, 0, -2)] == ["+3", "0", "\u22122"]
    assert format_count(Fraction(-3, 2)) == "\u22121.5"
    assert count_notation(Fraction(-3, 2)) == "-1.5"
    assert [format_decks(Fraction(n, 4)) for n in (8, 10, 3)] == ["2", "2.5", "0.75"]


def test_a_count_out_of_reach_or_between_steps_is_refused():
    hi_lo = find_system("hi-lo")
    halves = find_system("wong-halves")
    assert read_count("-7", hi_lo, Fraction(10), "the running count") == -7
    with pytest.raises(InvalidAnswerError, match="out of reach"):
        read_count("11", hi_lo, Fraction(10), "the running count")
    with pytest.raises(InvalidAnswerError, match="whole numbers"):
        read_count("1.5", hi_lo, Fraction(10), "the running count")
    assert read_count("1.5", halves, Fraction(10), "the running count") == Fraction(3, 2)
    with pytest.raises(InvalidAnswerError, match="whole number once rounded"):
        read_whole_count("2.5", "the true count")
    with pytest.raises(InvalidAnswerError, match="out of reach"):
        read_whole_count("-61", "the true count")


def test_decks_to_the_resolution():
    assert read_decks("2.5", "half", 6, "the decks") == Fraction(5, 2)
    assert read_decks("2.75", "quarter", 6, "the decks") == Fraction(11, 4)
    with pytest.raises(InvalidAnswerError, match="multiple of 0.5"):
        read_decks("2.75", "half", 6, "the decks")
    with pytest.raises(InvalidAnswerError, match="from 0 to 6"):
        read_decks("7", "full", 6, "the decks")
    # Decks typed as no number: examples of decks, never below 0 (it offered "−2").
    with pytest.raises(InvalidAnswerError, match=r"like 2 or 2\.5; “x” is not one"):
        read_decks("x", "half", 6, "the decks")


def test_preferences_fall_back_to_the_defaults():
    prefs = CountPreferences.from_options({"system": "zen", "convention": "round"})
    assert prefs == CountPreferences("zen", "round", "half")
    assert CountPreferences.from_options({"system": "nope", "resolution": "tenth"}) == (
        CountPreferences()
    )


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(part) for part in text.split())


def test_a_running_count_checkpoint_starts_from_the_initial_count():
    cards = _cards("5H KD 2C 7S AS 6D")
    hi_lo = read_checkpoint("rc hi-lo 6d: 5H KD 2C 7S AS 6D")
    assert hi_lo.right == 1  # +1 -1 +1 0 -1 +1
    # KO counts the seven and starts a 6-deck shoe at 4 - 4 x 6 = -20.
    ko = Checkpoint("rc", find_system("ko"), 6, cards)
    assert ko.right == -20 + 2
    assert read_checkpoint(ko.notation) == ko
    # Its why a sentence, not a working ("Hi-Lo, from 0, over 6 cards: +1.", a walk).
    assert hi_lo.explain() == "Counted in Hi-Lo from 0, the 6 cards dealt come to +1."
    assert ko.explain() == (
        "Counted in KO (Knock-Out) from −20 (the initial count for 6 decks), the 6 cards dealt"
        " come to −18."
    )


@pytest.mark.parametrize(
    ("convention", "resolution", "right"),
    # Hi-Lo -7 after 52 cards of 3 decks: 104 cards remain, 2 decks; -7 / 2 = -3.5.
    [("floor", "half", -4), ("truncate", "half", -3), ("round", "full", -4)],
)
def test_a_true_count_checkpoint_follows_the_convention(convention, resolution, right):
    shoe = pack(3)
    tens = [card for card in shoe if card.value == 10][:12]
    lows = [card for card in shoe if 2 <= card.value <= 6][:5]
    neutral = [card for card in shoe if card.value in (7, 8, 9)][:35]
    cards = tuple(tens + lows + neutral)  # 52 cards counting -12 + 5 = -7
    checkpoint = Checkpoint("tc", find_system("hi-lo"), 3, cards, convention, resolution)
    assert checkpoint.running == -7
    assert checkpoint.right == right
    assert read_checkpoint(checkpoint.notation) == checkpoint
    assert checkpoint.grade(str(right)).correct
    assert not checkpoint.grade(str(right + 1)).correct


def test_the_missing_cards_count_what_the_deck_lacks():
    deck = pack(1)
    shown = deck[3:]  # 2S 3S 4S removed: +3 in Hi-Lo
    checkpoint = Checkpoint("missing", find_system("hi-lo"), 1, tuple(shown))
    assert checkpoint.right == 3
    # Red 7 is unbalanced: a deck counts +2, whatever is missing is the rest of that.
    red7 = Checkpoint("missing", find_system("red-7"), 1, tuple(shown))
    assert red7.right == 3
    assert read_checkpoint(red7.notation) == red7


@pytest.mark.parametrize("slug", list(SYSTEMS))
def test_every_system_grades_its_own_missing_cards(slug, rng):
    deck = pack(1)
    rng.shuffle(deck)
    system = find_system(slug)
    checkpoint = Checkpoint("missing", system, 1, tuple(deck[4:]))
    assert checkpoint.right == sum(system.tag(card) for card in deck[:4])


@pytest.mark.parametrize(
    "notation",
    [
        "",
        "rc hi-lo: 5H",  # no decks
        "rc nope 6d: 5H",
        "rc hi-lo 9d: 5H",
        "rc hi-lo 1d: 5H 5H",  # one deck has one five of hearts
        "rc hi-lo 1d: 5",  # no suit
        "rc hi-lo 1d: 5H ZZ",
        "tc hi-lo 6d: 5H",  # no convention
        "tc hi-lo ceil half 6d: 5H",
        "rc hi-lo floor half 6d: 5H",
        "missing hi-lo 1d: 5H",
    ],
)
def test_forged_checkpoints_are_refused(notation):
    with pytest.raises(InvalidQuestionError):
        read_checkpoint(notation)


def test_an_answer_out_of_reach_of_the_cards_shown_is_refused():
    checkpoint = read_checkpoint("rc hi-lo 6d: 5H KD 2C")
    with pytest.raises(InvalidAnswerError, match="out of reach"):
        checkpoint.grade("4")
    assert checkpoint.grade("+1").answer == "+1"


def test_the_tray_is_drawn_to_scale():
    half = tray_for(6, 156)
    assert float(half.stack_height) == pytest.approx(half.inner / 2, abs=0.01)
    one = tray_for(6, 52)
    assert float(one.stack_height) == pytest.approx(float(one.deck_height), abs=0.01)
    assert len(tray_for(2, 53).edges) == 4  # a line every 13 cards


def test_a_count_and_decks_read_in_russian_and_are_stored_with_a_point(app: object) -> None:
    """A Russian learner reads "1,5" and "−2,5"; an attempt stores "1.5" and "−2.5" in every
    language (the history and the error model read them back)."""
    from drills.counting.notation import format_count, format_decks, stored_count, stored_decks

    with app.test_request_context(headers={"Accept-Language": "ru"}):  # type: ignore[attr-defined]
        assert format_decks(Fraction(3, 2)) == "1,5"
        assert format_count(Fraction(-5, 2)) == "\u22122,5"
        assert stored_decks(Fraction(3, 2)) == "1.5"
        assert stored_count(Fraction(-5, 2)) == "\u22122.5"
    with app.test_request_context(headers={"Accept-Language": "en"}):  # type: ignore[attr-defined]
        assert format_decks(Fraction(3, 2)) == stored_decks(Fraction(3, 2)) == "1.5"
        assert format_count(Fraction(-5, 2)) == stored_count(Fraction(-5, 2)) == "\u22122.5"
