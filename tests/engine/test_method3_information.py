"""002's deal method 3: the engine's figure for the home game, checked by a simulation of its
own (bench/method3_information.py, which deals and plays its rounds without the engine's
round), and what playing against the dealer's second card changes (issue 27)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

from trainer.engine.banker.auction import bank_edge
from trainer.engine.banker.doubling import doubling_cards, redoubling_cards
from trainer.engine.deck.cards import pack
from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import chart

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
def dealt() -> tuple[list[float], list[float]]:
    """The bank's result per unit stake of ROUNDS dealt orders, played against the dealer's
    first card (the figure's game) and against his second (the game as dealt)."""
    bench = _bench()
    codes = chart(HOME).codes
    double, redouble = set(doubling_cards(HOME)), set(redoubling_cards(HOME))
    rng, cards = random.Random(27), pack(HOME.decks)
    first, second = [], []
    for _ in range(ROUNDS):
        rng.shuffle(cards)
        for by_first, results in ((True, first), (False, second)):
            order = list(reversed(cards))
            results.append(float(bench.play_round(HOME, codes, order, by_first, double, redouble)))
    return first, second


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    variance = sum((x - mean) ** 2 for x in values) / (len(values) - 1)
    return mean, (variance / len(values)) ** 0.5


def test_the_engines_figure_is_the_game_played_against_the_dealers_first_card(dealt) -> None:
    mean, error = _mean_and_error(dealt[0])
    assert abs(mean - bank_edge(HOME)) < 4 * error


def test_played_against_the_second_card_the_bank_makes_less(dealt) -> None:
    # Two million rounds (the bench's default run) put the difference at -3.08 ± 0.09 points:
    # far past 0.05, so the engine's figure is not the game as dealt (docs/table.md).
    difference, error = _mean_and_error([b - a for a, b in zip(*dealt, strict=True)])
    assert difference + 4 * error < 0
