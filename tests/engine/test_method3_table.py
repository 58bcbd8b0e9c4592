"""002 method 3 at a table of several punters: the engine's dealer doubles by the table's size
as the bench's committed output says (``trainer/engine/data/method3_tables.json``, written by
the ``bench/method3_reading.py --double-gains`` command it names, with its seed)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from trainer.engine.banker.doubling import doubling_chance
from trainer.engine.banker.method3 import method3_game
from trainer.engine.banker.method3_table import table_chance, table_chances, table_figures
from trainer.engine.rulebook.rules import Rules, find_preset

HOME = find_preset("twenty-one-home")
DOCUMENT = json.loads(
    resources.files("trainer.engine").joinpath("data/method3_tables.json").read_text("utf-8")
)


def test_the_figures_name_the_bench_command_and_seed_that_made_them() -> None:
    assert DOCUMENT["command"].startswith("bench/method3_reading.py --double-gains")
    assert f"--seed {DOCUMENT['seed']}" in DOCUMENT["command"]
    assert DOCUMENT["rules"] == HOME.notation()
    assert [size.punters for size in table_figures(HOME)] == list(range(2, 12))


def test_the_dealer_at_a_table_doubles_as_the_bench_output_says() -> None:
    p_star = method3_game(HOME).chances
    for size in DOCUMENT["tables"]:
        punters, chances = size["punters"], size["chances"]
        # What the dealer does is what his punters read (the bench's --read): no table policy
        # that they do not read (docs/table.md: such a policy read in turn is no fixed point).
        assert chances == size["read"]
        for card in range(1, 11):
            assert doubling_chance(HOME, card, punters) == chances[card - 1]
            assert table_chance(HOME, card, punters) == chances[card - 1]
        # The rules page says the dealer doubles with the game's chances at every table (as
        # the bench's machine worked them out: another's may differ in the last bits, since
        # numba compiles for the processor).
        assert chances == pytest.approx(p_star, rel=0, abs=1e-12)
        assert table_chances(HOME, punters) == pytest.approx(p_star, rel=0, abs=1e-12)
    # One punter, or a size the bench did not measure: the game's own chances.
    assert [doubling_chance(HOME, card) for card in range(1, 11)] == list(p_star)
    assert table_chance(HOME, 5, 12) is None
    # Another rule set was not measured: its dealer keeps its own game's chances.
    other = Rules.parse("twenty-one-home decks=2")
    assert table_figures(other) == ()
    assert table_chance(other, 6, 4) is None


def test_the_bank_edge_falls_with_the_table_and_agrees_with_the_bench_output() -> None:
    """The edges the rules page shows are the bench's (its --out), and each table's reading
    takes something off one punter's figure (per unit of a punter's stake)."""
    one = method3_game(HOME).edge
    for size, figures in zip(DOCUMENT["tables"], table_figures(HOME), strict=True):
        assert (figures.punters, figures.edge, figures.edge_se) == (
            size["punters"], size["edge_at_read"], size["edge_at_read_se"],
        )  # fmt: skip
        assert figures.edge < one
