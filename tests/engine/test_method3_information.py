"""002's deal method 3: the engine's figure for the home game is the game at its mixed
equilibrium (the dealer doubling on some first cards at random, the punters reading the double
and playing against the dealer's *second* card, issue 27), checked cell by cell against an exact
enumeration of its own (bench/method3_information.py, which deals and plays without
the engine's round or trainer.engine.banker.method3's tree); the chart game before it (the
punters playing the chart against the up card, reading nothing) is checked the same way, and
what the old figure, the punters knowing the dealer's *first* card, gave the bank."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from trainer.engine.banker.auction import bank_edge
from trainer.engine.banker.doubling import double_evs, doubling_chance
from trainer.engine.banker.method3 import chart_game, method3_game, punter_play
from trainer.engine.banker.method3_mixed import TOLERANCE
from trainer.engine.banker.method3_reading import play_values
from trainer.engine.banker.method3_table import table_chances
from trainer.engine.deck.cards import pack
from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import chart
from trainer.engine.strategy.dealer import full_shoe

pytestmark = [
    pytest.mark.long,  # a bench's pure-Python enumeration and dealt rounds
    pytest.mark.xdist_group("method3"),  # one worker: the bench's memo shared by every cell
]

HOME = find_preset("twenty-one-home")
ROUNDS = 30_000


def _bench() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "bench" / "method3_information.py"
    spec = importlib.util.spec_from_file_location("method3_information", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return _bench()


@pytest.fixture(scope="module")
def readers(bench: ModuleType) -> dict[bool, object]:
    """The bench's own reading punters, doubled or not (their memo shared by the tests)."""
    chances = method3_game(HOME).chances
    return {doubled: bench.Reader(HOME, chances, doubled) for doubled in (True, False)}


@pytest.fixture(scope="module")
def dealt(bench: ModuleType) -> tuple[list[float], list[float]]:
    """The bank's result per unit stake of ROUNDS dealt orders of the chart game, played
    against the dealer's first card (the old figure's game) and against his second."""
    decide = bench.chart_decider(chart(HOME).codes)
    game = chart_game(HOME)
    double, redouble = set(game.doubling), set(game.redoubling)
    rng, cards = random.Random(27), pack(HOME.decks)
    first, second = [], []
    for _ in range(ROUNDS):
        rng.shuffle(cards)
        for by_first, results in ((True, first), (False, second)):
            order = list(reversed(cards))
            results.append(float(bench.play_round(HOME, decide, order, by_first, double, redouble)))
    return first, second


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    variance = sum((x - mean) ** 2 for x in values) / (len(values) - 1)
    return mean, (variance / len(values)) ** 0.5


def test_the_chart_games_figure_is_the_game_played_against_the_dealers_second_card(
    dealt: tuple[list[float], list[float]],
) -> None:
    mean, error = _mean_and_error(dealt[1])
    game = chart_game(HOME)
    assert abs(mean - game.edge) < 4 * error
    # Exact (below): +22.86%, the dealer doubling on an ace or a ten, a punter redoubling on an
    # ace, 3 rounds from a dealer who never doubles.
    assert game.edge == pytest.approx(0.2286, abs=0.0001)
    assert (game.doubling, game.redoubling, game.rounds) == ({1, 10}, {1}, 3)


def test_played_against_the_first_card_the_bank_made_more(
    dealt: tuple[list[float], list[float]],
) -> None:
    # Two million rounds (the bench's default run) put the difference at -3.08 +- 0.09 points:
    # the old figure's game gave the bank that much more than the game as dealt.
    difference, error = _mean_and_error([b - a for a, b in zip(*dealt, strict=True)])
    assert difference + 4 * error < 0


@pytest.mark.parametrize(
    ("punter", "dealer"), [*((10, dealer) for dealer in range(1, 11)), (5, 1), (5, 6), (7, 5)]
)
def test_each_first_cards_chart_figure_is_the_exact_enumeration(
    bench: ModuleType, punter: int, dealer: int
) -> None:
    """A punter's first card against the dealer's, the chart played: the engine's figure and
    the bench's enumeration (every later card drawn exactly from what is left, the dealer's
    draws from the pack less the punter's too, a split pair's two hands dealt as the table
    deals them) are the same number. A 7 first splits against 4 to 6 (an 8, against 2 to 8,
    checks the same in twelve times the time: 15 CPU-s)."""
    exact = bench.exact_result(HOME, chart(HOME).codes, punter, dealer)
    figure = float(chart_game(HOME).results[punter - 1, dealer - 1])
    assert figure == pytest.approx(exact, abs=1e-9)


def test_the_equilibriums_bounds_close_and_the_dealer_mixes_where_he_is_indifferent() -> None:
    game = method3_game(HOME)
    assert 0 <= game.upper - game.edge <= TOLERANCE  # within 0.01 points
    assert bank_edge(HOME) == game.edge == pytest.approx(0.1874, abs=0.0001)
    chances = dict(enumerate(game.chances, 1))
    # Always on an ace or a ten, at times on a five and a six, never on another card.
    assert {card for card, p in chances.items() if p == 1} == {1, 10}
    assert {card for card, p in chances.items() if 0 < p < 1} == {5, 6}
    assert chances[5] == pytest.approx(0.8355, abs=0.001)
    assert chances[6] == pytest.approx(0.4582, abs=0.001)
    assert game.redoubling == {1}
    for card, p in chances.items():
        leave, double = game.bank[:, card - 1]
        if 0 < p < 1:  # against the punters' equilibrium play: indifferent
            assert abs(double - leave) < 1e-9
            evs = double_evs(HOME, card, 2.0)
            assert evs["D"] == evs["N"]
        else:  # doubling where he always does is worth more, and less where he never does
            assert (double > leave) == (p == 1)
        assert doubling_chance(HOME, card) == p


@pytest.mark.parametrize("doubled", [True, False])
@pytest.mark.parametrize(
    ("punter", "dealer"), [(10, 1), (10, 5), (10, 6), (10, 10), (10, 3), (5, 6)]
)
def test_the_reading_punters_figures_are_the_benchs_own_enumeration(
    bench: ModuleType, readers: dict[bool, object], doubled: bool, punter: int, dealer: int
) -> None:
    """The punters' best answer to the dealer's chances, worked out by the bench on its own
    (:class:`Reader`: value and posterior, hand by hand) and enumerated as the table deals,
    is the engine's tree's figure to the last digits, doubled or not."""
    game = method3_game(HOME)
    exact = bench.exact_result(HOME, readers[doubled], punter, dealer)
    assert float(game.results[doubled][punter - 1, dealer - 1]) == pytest.approx(exact, abs=1e-9)


def test_the_equilibriums_value_is_its_cells_weighed_as_the_table_deals_them() -> None:
    """The engine's value is its first-card cells (each checked above against the bench's own
    enumeration) weighed here as the table deals them: each pair of first cards by its chance,
    the dealer doubling with his chance, the punter redoubling on his cards, to the last
    digits. (A deal of the whole game by the bench, whose own reading punters fill their memo
    hand by hand in pure Python, takes minutes: ``bench/method3_information.py --equilibrium``
    put 100,000 dealt rounds at +18.58% +- 0.66%, the engine's +18.74%: -0.23 standard
    errors.)"""
    game = method3_game(HOME)
    shoe = full_shoe(HOME.decks)
    total = sum(shoe)
    edge = 0.0
    for p1 in range(1, 11):
        for d1 in range(1, 11):
            both = shoe[p1 - 1] * (shoe[d1 - 1] - (p1 == d1))
            if both <= 0:
                continue
            chance, doubles = both / (total * (total - 1)), game.chances[d1 - 1]
            times = 4 if p1 in game.redoubling else 2
            doubled = float(game.results[True][p1 - 1, d1 - 1])
            left = float(game.results[False][p1 - 1, d1 - 1])
            edge -= chance * (doubles * times * doubled + (1 - doubles) * left)
    assert edge == pytest.approx(game.edge, abs=1e-9)


@pytest.mark.parametrize("doubled", [True, False])
@pytest.mark.parametrize(("a", "b", "up"), [(6, 10, 7), (2, 10, 2), (8, 8, 1), (7, 7, 5)])
def test_a_starts_plays_are_worth_what_the_benchs_reading_punter_makes_of_them(
    readers: dict[bool, Any], doubled: bool, a: int, b: int, up: int
) -> None:
    """What the basic-strategy quiz grades a home-game question by (standing, drawing and
    splitting on two first cards against the up card, the dealer's double read): the engine's
    tree's figures are the bench's own reading punter's, worked out hand by hand. Hard 16
    against a 7 shows why the double matters: he stands where the dealer did not double (no
    ace or ten under the 7) and draws where he did."""
    evs = method3_game(HOME).start_evs(doubled, a, b, up)
    assert evs is not None
    worth = readers[doubled].worth(a, b, up)
    assert evs.keys() == worth.keys()
    for play, value in worth.items():
        assert evs[play] == pytest.approx(value, abs=1e-9), play
    if (a, b, up) == (6, 10, 7):
        assert (evs["H"] > evs["S"]) == doubled


def test_every_starts_best_play_is_the_games_punters_play() -> None:
    """The plays' figures kept for the quiz choose what the table's punters play (their
    draws and splits kept beside them), on every start, doubled or not; the two plays a
    quiz question offers at each are those the game allows (a pair of tens is not split)."""
    game = method3_game(HOME)
    for doubled in (True, False):
        assert len(game.starts[doubled]) == 540  # 55 two-card hands less the natural, by 10
        for (a, b, up), _ in game.starts[doubled].items():
            evs = game.start_evs(doubled, a, b, up)
            assert evs is not None
            played = "H" if evs["H"] - evs["S"] > 1e-12 else "S"
            best = "P" if "P" in evs and evs["P"] - evs[played] > 1e-12 else played
            assert best == punter_play(game, doubled, up, (a, b), 0, first=True)
            assert ("P" in evs) == (a == b != 10)


@pytest.mark.parametrize("doubled", [True, False])
@pytest.mark.parametrize(
    ("hand", "up"), [((2, 4, 10), 7), ((1, 5), 10), ((2, 2, 3, 5), 6), ((1, 2, 3), 1)]
)
def test_a_hands_plays_are_worth_what_the_benchs_reading_punter_makes_of_them(
    readers: dict[bool, Any], doubled: bool, hand: tuple[int, ...], up: int
) -> None:
    """What the table grades a home-game punter's play by, on a hand of any number of
    cards (Method3.hand_evs), is the bench's own reading punter's worth there."""
    evs = method3_game(HOME).hand_evs(doubled, up, hand)
    assert evs is not None
    for play, value in readers[doubled].hand_worth(hand, up).items():
        assert evs[play] == pytest.approx(value, abs=1e-9), play


@pytest.mark.parametrize(
    ("doubled", "up", "hand", "pair", "seen", "punters"),
    [
        (False, 10, (6, 10), 0, (10, 10, 10), 4),  # tens gone: draw, where the game stands
        (True, 7, (8, 8), 0, (9, 10), 3),  # a pair, split or not
        (True, 7, (3, 8), 8, (8, 9, 10), 3),  # a split hand (its other hand shown)
        (False, 4, (2, 3, 5), 0, (1, 5, 6, 10), 6),
        (True, 10, (2, 10), 0, (), 2),  # nothing shown: the table's chances alone
        (True, 8, (10, 10), 0, (5, 5), 4),  # two tens split: never right, and a learner may
    ],
)
def test_what_the_table_shows_is_worth_what_the_benchs_reading_punter_makes_of_it(
    bench: ModuleType,
    doubled: bool,
    up: int,
    hand: tuple[int, ...],
    pair: int,
    seen: tuple[int, ...],
    punters: int,
) -> None:
    """What a learner's play at a home table is graded by (``play_values``: the cards the table
    has shown out of the pack, the dealer doubling by the chances of a table of as many
    punters) is the bench's own reading punter's worth, his pack the full pack less the cards
    shown, his chances the table's."""
    game = method3_game(HOME)
    chances = table_chances(HOME, punters) or game.chances
    found = play_values(game, doubled, up, hand, pair, not pair, seen, chances)
    reader = bench.Reader(HOME, chances, doubled)
    left = list(full_shoe(HOME.decks))
    for value in seen:
        left[value - 1] -= 1
    reader.shoe = tuple(left)
    if pair:
        stand, draw, weights = reader._choices(hand, up, pair)
        worth = {"S": stand / weights, "H": draw / weights}
    elif len(hand) == 2:
        worth = reader.worth(*hand, up)
        if hand == (10, 10):  # the bench's worth leaves the split of tens out: its own split
            split, weights = reader._split(10, up)
            worth["P"] = split / weights
    else:
        worth = reader.hand_worth(hand, up)
    assert found is not None and found.keys() == worth.keys()
    for play, value in worth.items():
        assert found[play] == pytest.approx(value, abs=1e-9), play
    if seen == (10, 10, 10):  # the table's reading changes the play: the test can tell
        alone = game.start_evs(doubled, 6, 10, up)
        assert alone is not None and alone["S"] > alone["H"] and found["H"] > found["S"]
