"""The shoe at a count (trainer.engine.indices.shoes) against shoes the engine deals.

The model's composition and an EV computed on it are checked against the mean over real shoes
dealt by :class:`~trainer.engine.deck.shoe.Shoe` to the reference depth and read at exactly that
count.
"""

from __future__ import annotations

import random
import statistics
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.counting import find_system, running_count, system_slugs
from trainer.engine.deck.shoe import Shoe
from trainer.engine.indices import (
    CountOutOfRangeError,
    action_evs_at,
    composition_at,
    reference_cards_left,
)
from trainer.engine.indices.shoes import neutral_count
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import Action, action_evs

# One worker runs this file: its 20,000 dealt shoes are a module fixture, dealt once.
pytestmark = pytest.mark.xdist_group("count-shoes")

RULES = Rules.parse("vegas-6d-s17 surrender=none")
HILO = find_system("hi-lo")


def _shoes_at(running: set[int], shoes: int, seed: int) -> dict[int, list[tuple[int, ...]]]:
    """Compositions of the cards left, at the reference depth, of shoes whose Hi-Lo running
    count there is one of ``running``."""
    shoe = Shoe(RULES, random.Random(seed))
    gone = 52 * RULES.decks - round(reference_cards_left(RULES))
    found: dict[int, list[tuple[int, ...]]] = {count: [] for count in running}
    for _ in range(shoes):
        dealt = shoe.draw_many(gone - len(shoe.burned))
        count = int(running_count(HILO, [*shoe.burned, *dealt]))
        if count in found:
            found[count].append(shoe.composition())
        shoe.discard(dealt)
        shoe.shuffle()
    return found


def test_reference_depth_is_195_cards_for_six_decks_cut_at_three_quarters():
    assert reference_cards_left(RULES) == 195.0  # 3.75 decks: a running count of 15 is +4


@pytest.fixture(scope="module")
def real_shoes():
    return _shoes_at({-15, 0, 15}, shoes=20000, seed=12)


@pytest.mark.parametrize("running", [-15, 0, 15])
def test_mean_composition_matches_real_shoes(real_shoes, running):
    shoes = real_shoes[running]
    model = composition_at(RULES, HILO, Fraction(running) / Fraction(15, 4))
    assert len(shoes) > 100
    for values in ((9,), (1, 2, 3, 4, 5), (6, 7, 8), (0,)):  # tens, 2-6, 7-9, aces
        counts = [sum(shoe[v] for v in values) for shoe in shoes]
        mean = statistics.mean(counts)
        error = statistics.stdev(counts) / len(counts) ** 0.5
        assert abs(mean - sum(model[v] for v in values)) < 4 * error + 0.1, values


@pytest.mark.parametrize("running", [-15, 15])
def test_ev_at_a_count_matches_the_mean_over_real_shoes(real_shoes, running):
    """Stand minus hit, T6 v 10: the model at -4 / +4 against 60 real shoes at that count.
    (Off the top, ignoring the count, it would be 6 standard errors off.)"""
    shoes = real_shoes[running][:60]
    gaps = []
    for shoe in shoes:
        evs = action_evs(RULES, "T6", "T", shoe)
        gaps.append(evs[Action.STAND] - evs[Action.HIT])
    model = action_evs_at(RULES, HILO, Fraction(running) / Fraction(15, 4), "T6", "T")
    mean = statistics.mean(gaps)
    error = statistics.stdev(gaps) / len(gaps) ** 0.5
    assert abs(mean - (model[Action.STAND] - model[Action.HIT])) < 3.5 * error
    top = action_evs(RULES, "T6", "T")
    assert abs(mean - (top[Action.STAND] - top[Action.HIT])) > 3.5 * error


@settings(max_examples=60, deadline=None)
@given(
    system=st.sampled_from(system_slugs()),
    decks=st.sampled_from([1, 2, 6, 8]),
    count=st.integers(-30, 30),
    depth=st.floats(0.05, 1.0),
)
def test_composition_holds_the_cards_left_and_reads_the_count(system, decks, count, depth):
    """At any count and depth: refused, or exactly the cards left and the count."""
    counting = find_system(system)
    rules = RULES.replace(decks=decks)
    left = max(1.0, round(52 * decks * depth))
    try:
        shoe = composition_at(rules, counting, count, left)
    except CountOutOfRangeError:
        return  # a count no shoe reaches this deep (a single deck, an extreme count)
    assert sum(shoe) == pytest.approx(left)
    assert all(n >= 0 for n in shoe)
    full = [4 * decks] * 9 + [16 * decks]
    assert all(n <= f + 1e-9 for n, f in zip(shoe, full, strict=True))
    red = counting.red_tags or counting.tags
    tags = [float(b + r) / 2 for b, r in zip(counting.tags, red, strict=True)]
    gone = sum(t * (f - n) for t, f, n in zip(tags, full, shoe, strict=True))
    if counting.suit_matters:
        return  # Red 7: the sevens left are not at their mean tag (red ones go first)
    near = 1e-6
    if counting.balanced:
        assert gone * 52 / left == pytest.approx(count, abs=near)
    else:
        start = float(counting.initial_running_count(decks))
        assert gone + start == pytest.approx(count, abs=near)


@pytest.mark.parametrize("system", ["hi-lo", "ko", "red-7", "uston-apc"])
def test_at_the_neutral_count_the_shoe_has_the_full_packs_proportions(system):
    counting = find_system(system)
    left = reference_cards_left(RULES)
    shoe = composition_at(RULES, counting, neutral_count(counting, RULES.decks, left))
    assert shoe == pytest.approx([left / 13] * 9 + [left * 4 / 13], abs=1e-6)


def test_counts_outside_the_range_or_out_of_reach_are_refused():
    with pytest.raises(CountOutOfRangeError, match="-30 to \\+30, not 31"):
        composition_at(RULES, HILO, 31)
    single = Rules.parse("single-deck")
    with pytest.raises(CountOutOfRangeError, match="no shoe reaches"):
        composition_at(single, find_system("ko"), 30)


@pytest.mark.parametrize("system", ["hi-lo", "ko"])
def test_a_cut_card_too_shallow_for_the_studys_counts_names_the_least_penetration(system):
    # Six decks cut at 20%: a study reads its counts at 281 cards left (the mean depth between
    # shuffle and cut), where 31 cards seen cannot hold a true count of -10 (Hi-Lo: -54). Its
    # job failed every time (a walk). 35% is the first twentieth that reaches the grid's ends:
    # at 30% (265 left, 47 seen) -10 needs -51, at 35% (257 left, 55 seen) -49.
    from trainer.engine.indices.table import count_grid, least_penetration

    counted = find_system(system)
    for shallow in ("0.01", "0.2", "0.3"):
        rules = Rules.parse(f"vegas-6d-s17 penetration={shallow}")
        assert least_penetration(rules, counted) == Fraction(7, 20)
    deeper = Rules.parse("vegas-6d-s17 penetration=0.35")
    assert least_penetration(deeper, counted) is None
    for count in (min(count_grid(deeper, counted)), max(count_grid(deeper, counted))):
        assert sum(composition_at(deeper, counted, count)) == pytest.approx(52 * 6 * (1 - 0.175))
    for preset in ("vegas-6d-s17", "single-deck", "permanent-bank", "russian-bank"):
        assert least_penetration(Rules.parse(preset), counted) is None


def test_the_engines_study_refuses_a_cut_card_too_shallow_before_charting_anything():
    # The web and the CLI refuse it first; the engine's own study failed at its first count,
    # after the full shoe's chart, naming a count and not the rule (a review).
    from trainer.engine.indices.study import compute_study

    charted = []
    rules = Rules.parse("vegas-6d-s17 penetration=0.2")
    with pytest.raises(CountOutOfRangeError, match=r"penetration=0\.2: .* 0\.35 or more"):
        compute_study(rules, find_system("hi-lo"), full_shoe_chart=charted.append)
    assert charted == []
