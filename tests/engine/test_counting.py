"""Counting systems against their named sources; running counts, deck estimates, true counts."""

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.engine.counting import (
    SYSTEMS,
    DeckResolution,
    InvalidCountError,
    TrueCountConvention,
    UnknownSystemError,
    UnsuitedCardError,
    estimate_decks,
    find_system,
    running_count,
    true_count,
)
from trainer.engine.deck.cards import Card, Rank, Suit, pack

KNOWN = json.loads((Path(__file__).parent.parent / "data" / "counting_tags.json").read_text())[
    "systems"
]
RANKS_BY_VALUE = [Rank.ACE, *(Rank(str(n)) for n in range(2, 10)), Rank.TEN]
BALANCED = [slug for slug, known in KNOWN.items() if known["balanced"]]


def test_every_system_of_the_issue_is_there():
    assert set(SYSTEMS) == set(KNOWN)


@pytest.mark.parametrize("slug", sorted(KNOWN))
def test_tags_match_the_named_source(slug):
    known = KNOWN[slug]
    system = find_system(slug)
    expected = [Fraction(str(tag)) for tag in known["tags"]]
    assert list(system.tags) == expected
    assert system.balanced is known["balanced"]
    # Every rank of the value carries the tag (the four ten-value ranks alike), black suits here.
    for value, tag in enumerate(expected, start=1):
        for rank in Rank:
            if rank.value == value:
                assert system.tag(Card(rank, Suit.SPADES)) == tag
    # The book's author is named in the system's source.
    author = known["source"].split(",")[0].split(" and ")[0]
    assert author in system.source


def test_red_seven_depends_on_colour():
    red7 = find_system("red-7")
    known = KNOWN["red-7"]
    assert red7.suit_matters
    assert red7.tag(Card.parse("7H")) == known["red_seven"]
    assert red7.tag(Card.parse("7D")) == known["red_seven"]
    assert red7.tag(Card.parse("7S")) == known["black_seven"]
    assert red7.tag(Card.parse("7C")) == known["black_seven"]
    assert red7.tag(Card.parse("5")) == 1  # unsuited is fine where colour does not matter
    with pytest.raises(UnsuitedCardError, match="colour"):
        red7.tag(Card.parse("7"))
    with pytest.raises(UnsuitedCardError):
        running_count(red7, [Card.parse("7")])
    assert red7.tags_text()["7"] == "+1 red, 0 black"


@pytest.mark.parametrize("slug", ["ko", "red-7"])
def test_initial_running_counts_from_the_source(slug):
    system = find_system(slug)
    for decks, irc in KNOWN[slug]["irc"].items():
        assert system.initial_running_count(int(decks)) == irc
    assert system.pivot == KNOWN[slug]["pivot"]


def test_ko_key_counts():
    ko = find_system("ko")
    for decks, key in KNOWN["ko"]["key_counts"].items():
        assert ko.key_count(int(decks)) == key
    with pytest.raises(InvalidCountError, match="no key count for 3 decks"):
        ko.key_count(3)


@pytest.mark.parametrize("slug", BALANCED)
def test_balanced_systems_start_at_zero(slug):
    assert find_system(slug).initial_running_count(6) == 0


@given(st.sampled_from(BALANCED), st.integers(1, 8), st.randoms(use_true_random=False))
def test_a_balanced_system_ends_a_full_shoe_at_zero(slug, decks, rng):
    cards = pack(decks)
    rng.shuffle(cards)
    assert running_count(find_system(slug), cards, decks) == 0


@given(st.integers(1, 8), st.randoms(use_true_random=False))
def test_ko_ends_a_full_shoe_at_irc_plus_four_per_deck(decks, rng):
    ko = find_system("ko")
    cards = pack(decks)
    rng.shuffle(cards)
    assert running_count(ko, cards, decks) == ko.initial_running_count(decks) + 4 * decks == 4
    assert running_count(ko, cards) == 4 * decks


@given(st.integers(1, 8))
def test_red_seven_ends_a_full_shoe_at_its_pivot(decks):
    red7 = find_system("red-7")
    assert running_count(red7, pack(decks), decks) == 0
    assert running_count(red7, pack(decks)) == 2 * decks


suited_cards = st.builds(Card, st.sampled_from(Rank), st.sampled_from(Suit))


@given(st.sampled_from(sorted(SYSTEMS)), st.lists(suited_cards), st.lists(suited_cards))
def test_running_count_adds_up(slug, first, second):
    system = find_system(slug)
    both = running_count(system, first + second)
    assert both == running_count(system, first) + running_count(system, second)
    assert both == sum((system.tag(card) for card in first + second), Fraction(0))


def test_wong_halves_counts_in_halves():
    halves = find_system("wong-halves")
    assert running_count(halves, [Card.parse(c) for c in ["2", "5", "9"]]) == Fraction(3, 2)
    assert halves.tags_text()["5"] == "+3/2"


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("hi-lo", "hi-lo"),
        ("Hi-Lo", "hi-lo"),
        ("HILO", "hi-lo"),
        ("Zen Count", "zen"),
        ("wong halves", "wong-halves"),
        ("Omega II", "omega-2"),
        ("KO", "ko"),
    ],
)
def test_find_system_by_slug_or_name(name, slug):
    assert find_system(name).slug == slug


def test_unknown_system():
    with pytest.raises(UnknownSystemError, match="systems are: hi-lo"):
        find_system("thorp-ten-count")


# -- deck estimation and true counts ---------------------------------------------------------

ESTIMATES = [
    # decks, resolution, estimate: to the nearest step, halfway rounds up, at least one step
    ("7/4", "full", 2),
    ("5/4", "full", 1),
    ("3/2", "full", 2),
    ("1/10", "full", 1),
    ("7/4", "half", 2),
    ("13/8", "half", "3/2"),
    ("1/10", "half", "1/2"),
    ("7/4", "quarter", "7/4"),
    ("9/5", "quarter", "7/4"),
    ("0", "quarter", "1/4"),
    ("7/5", "exact", "7/5"),
]


@pytest.mark.parametrize(("decks", "resolution", "estimate"), ESTIMATES)
def test_estimate_decks(decks, resolution, estimate):
    assert estimate_decks(Fraction(decks), resolution) == Fraction(str(estimate))
    assert estimate_decks(Fraction(decks), DeckResolution(resolution)) == Fraction(str(estimate))


TRUE_COUNTS = [
    # running, decks remaining, convention, resolution, true count (worked by hand)
    (7, "3/2", "exact", "exact", "14/3"),
    (7, "3/2", "floor", "exact", 4),
    (7, "3/2", "truncate", "exact", 4),
    (7, "3/2", "round", "exact", 5),
    (-7, "3/2", "floor", "exact", -5),
    (-7, "3/2", "truncate", "exact", -4),
    (-7, "3/2", "round", "exact", -5),
    (5, 2, "round", "exact", 3),  # 2.5 rounds away from zero
    (-5, 2, "round", "exact", -3),
    (5, "7/4", "floor", "full", 2),  # 1.75 decks -> 2
    (5, "7/4", "exact", "quarter", "20/7"),
    (9, "13/8", "floor", "half", 6),  # 13/8 -> 3/2 decks; 9 / 1.5 = 6
    ("9/2", "3/2", "exact", "half", 3),  # Wong Halves counts
    (0, 4, "floor", "full", 0),
]


@pytest.mark.parametrize(("running", "decks", "convention", "resolution", "expected"), TRUE_COUNTS)
def test_true_count(running, decks, convention, resolution, expected):
    result = true_count(Fraction(running), Fraction(decks), convention, resolution)
    assert result == Fraction(str(expected))
    assert isinstance(result, Fraction)


def test_true_count_needs_decks_left():
    with pytest.raises(InvalidCountError, match="no decks remain"):
        true_count(3, 0)


@pytest.mark.parametrize(
    ("convention", "resolution"), [("ceiling", "full"), ("floor", "eighth"), ("", "full")]
)
def test_unknown_convention_or_resolution(convention, resolution):
    with pytest.raises(InvalidCountError, match="use one of"):
        true_count(3, 2, convention, resolution)


def test_negative_decks_refused():
    with pytest.raises(InvalidCountError, match="negative"):
        estimate_decks(-1, "full")


@given(
    st.fractions(min_value=-60, max_value=60),
    st.fractions(min_value=Fraction(1, 52), max_value=8),
)
def test_conventions_bracket_the_exact_count(running, decks):
    exact = true_count(running, decks)
    floor = true_count(running, decks, TrueCountConvention.FLOOR)
    trunc = true_count(running, decks, TrueCountConvention.TRUNCATE)
    rounded = true_count(running, decks, TrueCountConvention.ROUND)
    assert floor <= exact < floor + 1
    assert abs(trunc) <= abs(exact) < abs(trunc) + 1
    assert abs(rounded - exact) <= Fraction(1, 2)
    for value in (floor, trunc, rounded):
        assert value.denominator == 1


@given(st.fractions(min_value=0, max_value=8), st.sampled_from(["full", "half", "quarter"]))
def test_estimate_is_within_half_a_step(decks, resolution):
    step = DeckResolution(resolution).step
    estimate = estimate_decks(decks, resolution)
    assert estimate > 0 and (estimate / step).denominator == 1
    if decks >= step:
        assert abs(estimate - decks) <= step / 2


def test_running_count_through_a_real_shoe():
    from trainer.engine.deck.shoe import Shoe
    from trainer.engine.rulebook.rules import find_preset

    shoe = Shoe(find_preset("vegas-6d-s17"), random.Random(11))
    hilo = find_system("hi-lo")
    seen = list(shoe.burned) + shoe.draw_many(150)
    count = running_count(hilo, seen, 6)
    # The undealt cards hold exactly the opposite count (a balanced system sums to zero).
    assert count == -running_count(hilo, shoe.undealt())


# -- how often counts come up (the penetration drill) ------------------------------------------


def study(penetration: str, shoes: int = 100, seed: int = 1):
    from trainer.engine.counting import study_counts
    from trainer.engine.rulebook.rules import find_preset

    rules = find_preset("vegas-6d-s17").replace(penetration=penetration)
    return study_counts(rules, find_system("hi-lo"), random.Random(seed), shoes=shoes)


def test_deeper_penetration_reaches_high_counts_more_often():
    shallow, deep = study("1/2"), study("5/6")
    assert deep.rounds_per_shoe > shallow.rounds_per_shoe
    for count in (2, 3, 4):
        assert deep.share_at_least(count) > shallow.share_at_least(count)


def test_a_study_is_exact_and_repeatable():
    first = study("3/4", shoes=20, seed=3)
    assert first == study("3/4", shoes=20, seed=3)
    assert sum(n for _, n in first.counts) == first.rounds
    assert first.share_at_least(-100) == 1
    # Every shoe starts at a true count of 0 (floor): at least one round in each shoe.
    assert first.share(0) * first.rounds >= 20
    assert all(value.denominator == 1 for value, _ in first.counts)


def test_an_unbalanced_study_tallies_running_counts_from_the_irc():
    from trainer.engine.counting import study_counts
    from trainer.engine.rulebook.rules import find_preset

    ko = find_system("ko")
    result = study_counts(find_preset("russian-bank"), ko, random.Random(2), shoes=10, seats=4)
    assert result.share(ko.initial_running_count(2)) * result.rounds >= 10
    assert 5 <= result.rounds_per_shoe <= 12  # 104 cards, five hands of two to five cards


def test_a_study_needs_a_shoe():
    from trainer.engine.counting import study_counts
    from trainer.engine.rulebook.rules import find_preset

    with pytest.raises(InvalidCountError, match="at least one shoe"):
        study_counts(find_preset("single-deck"), find_system("zen"), random.Random(0), shoes=0)
