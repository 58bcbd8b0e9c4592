"""002 method 3 at a table of several punters: the engine's dealer doubles by the table's size
as the bench's committed output says (``trainer/engine/data/method3_tables.json``, written by
the ``bench/method3_reading.py --double-gains`` command it names, with its seed; where the
table's own equilibrium was searched for, ``data/method3_equilibria.json``, written by the
``bench/method3_oracle.py`` commands it names)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from trainer.engine.banker.doubling import doubling_chance
from trainer.engine.banker.method3 import method3_game
from trainer.engine.banker.method3_table import table_chance, table_chances, table_figures
from trainer.engine.play.table_setup import MAX_OTHERS
from trainer.engine.rulebook.rules import Rules, find_preset

HOME = find_preset("twenty-one-home")
DOCUMENT, SEARCHED = (
    json.loads(resources.files("trainer.engine").joinpath(f"data/{name}").read_text("utf-8"))
    for name in ("method3_tables.json", "method3_equilibria.json")
)
FOUND = {int(size["punters"]): size for size in SEARCHED["tables"]}


def test_the_figures_name_the_bench_command_and_seed_that_made_them() -> None:
    assert DOCUMENT["command"].startswith("bench/method3_reading.py --double-gains")
    assert f"--seed {DOCUMENT['seed']}" in DOCUMENT["command"]
    assert DOCUMENT["rules"] == HOME.notation()
    assert [size.punters for size in table_figures(HOME)] == list(range(2, 12))


def test_the_searched_sizes_are_the_tables_the_trainer_seats_confirmed_on_fresh_rounds() -> None:
    assert SEARCHED["rules"] == HOME.notation()
    assert sorted(FOUND) == list(range(2, MAX_OTHERS + 1))  # a dealing player and the punters
    for punters, size in FOUND.items():
        assert size["command"].startswith("bench/method3_oracle.py --punters")
        assert str(punters) in size["command"].split("--punters", 1)[1].split("--")[0].split()
        # Measured again on fresh rounds: the edge at the chances found (the engine's table),
        # the lower bound (the play there worst for the bank) under it, the upper (the dealer's
        # best answer to the punters' mix found, which errs high) above it, and the width
        # between them about 0.05 points (docs/table.md), where p* left up to 0.065 at these
        # sizes (the heads-up mix up to 0.17).
        assert size["lower"] <= size["edge"] <= size["upper"]
        assert size["width"] == pytest.approx(size["upper"] - size["lower"], abs=1e-12)
        assert size["width"] < 0.0007, (punters, size["width"])
        assert size["search"]["punters"] == punters and size["seed"] != size["search"]["seed"]


def test_the_dealer_at_a_table_doubles_as_the_bench_output_says() -> None:
    p_star = method3_game(HOME).chances
    for size in DOCUMENT["tables"]:
        punters = size["punters"]
        # What the dealer does is what his punters read (the bench's --read): no table policy
        # that they do not read (docs/table.md: such a policy read in turn is no fixed point).
        assert size["chances"] == size["read"]
        # The table's own equilibrium where it was searched for; else the game's chances (as
        # the bench's machine worked them out: another's may differ in the last bits, since
        # numba compiles for the processor).
        chances = FOUND[punters]["chances"] if punters in FOUND else size["chances"]
        for card in range(1, 11):
            assert doubling_chance(HOME, card, punters) == chances[card - 1]
            assert table_chance(HOME, card, punters) == chances[card - 1]
        if punters not in FOUND:
            assert chances == pytest.approx(p_star, rel=0, abs=1e-12)
        else:  # the chances the search found best, confirmed on its fresh rounds
            assert chances == FOUND[punters]["search"]["chances"]
            assert all(0 <= c <= 1 for c in chances) and chances[0] == chances[9] == 1
        assert table_chances(HOME, punters) == tuple(chances)
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
        found = FOUND.get(size["punters"])
        edge = (
            (found["edge"], found["edge_se"])
            if found
            else (size["edge_at_read"], size["edge_at_read_se"])
        )
        assert (figures.punters, figures.edge, figures.edge_se) == (size["punters"], *edge)
        assert figures.edge < one
