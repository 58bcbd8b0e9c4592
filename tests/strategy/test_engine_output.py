"""The engine computes what it computed at the snapshot's commit (tests/data/strategy/
engine_output_<commit>.json, see engine_output.py): every preset's chart cell, EV and house
edge, and the Hi-Lo studies' indices and edge by count, each number within 1e-9."""

from __future__ import annotations

import pytest
from engine_output import COMMIT, FILE, STUDIED, differences, hilo_study, preset_chart, read

from trainer.engine.rulebook.rules import preset_names

SNAPSHOT = read()


def test_the_snapshot_names_its_source_and_holds_every_preset():
    assert SNAPSHOT["source"] == f"the engine's own output at commit {COMMIT}"
    assert FILE.name == f"engine_output_{COMMIT[:7]}.json"
    assert sorted(SNAPSHOT["charts"]) == sorted(preset_names())
    assert sorted(SNAPSHOT["studies"]) == sorted(STUDIED)


@pytest.mark.parametrize("name", preset_names())
def test_every_chart_cell_and_ev_is_the_snapshots(name):
    assert differences(SNAPSHOT["charts"][name], preset_chart(name), name) == []


@pytest.mark.long
@pytest.mark.parametrize("name", STUDIED)
def test_every_index_and_edge_by_count_is_the_snapshots(name):
    assert differences(SNAPSHOT["studies"][name], hilo_study(name), name) == []


def test_a_difference_beyond_the_tolerance_is_found():
    chart = SNAPSHOT["charts"]["vegas-6d-s17"]
    changed = {**chart, "house_edge_percent": chart["house_edge_percent"] + 2e-9}
    assert differences(chart, changed) == [
        f"/house_edge_percent: {chart['house_edge_percent']!r} != {changed['house_edge_percent']!r}"
    ]
    assert (
        differences(chart, {**chart, "house_edge_percent": chart["house_edge_percent"] + 5e-10})
        == []
    )
