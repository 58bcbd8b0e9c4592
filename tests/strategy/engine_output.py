"""The engine's own output at one commit, kept to check that a faster engine computes the same
numbers (tests/data/strategy/engine_output_<commit>.json).

Every preset's chart (every cell's code and every EV it carries, its exceptions, both house
edges) and the Hi-Lo count study of two rule sets (every index with its crossing, the edge by
count). The file is the engine's output, not a published table: it was checked where that
applies against an exact combinatorial analyzer (the numbers in the issue's note), and it is
rewritten only on purpose (a change of the math that is meant), with::

    PYTHONPATH=. .venv/bin/python tests/strategy/engine_output.py
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from trainer.engine.counting import find_system
from trainer.engine.indices.study import Study, compute_study
from trainer.engine.rulebook.rules import Rules, find_preset, preset_names
from trainer.engine.strategy.chart import Chart, compute_chart

DATA = Path(__file__).resolve().parents[1] / "data" / "strategy"
COMMIT = "c31ac9ac539f72cf2f598c80dd497dfc6d4889da"
FILE = DATA / f"engine_output_{COMMIT[:7]}.json"
STUDIED = ("vegas-6d-s17", "single-deck")  # Hi-Lo studies kept
TOLERANCE = 1e-9


def chart_output(chart: Chart) -> dict[str, Any]:
    return {
        "house_edge_percent": chart.house_edge,
        "house_edge_cd_percent": chart.house_edge_cd,
        "chart": chart.codes,
        "ev": chart.evs,
        "exceptions": chart.exceptions,
    }


def study_output(study: Study) -> dict[str, Any]:
    return {
        "plays": [{**play.to_json(), "crossing": play.crossing} for play in study.indices.plays],
        "edges": [
            {"count": c.count, "share": c.share, "basic": c.basic, "indices": c.indices}
            for c in study.edge.counts
        ],
    }


def preset_chart(name: str) -> dict[str, Any]:
    return chart_output(compute_chart(find_preset(name), jobs=2))


def hilo_study(notation: str) -> dict[str, Any]:
    return study_output(compute_study(Rules.parse(notation), find_system("hi-lo"), jobs=2))


def read() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FILE.read_text(encoding="utf-8"))
    return data


def differences(expected: Any, actual: Any, where: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected``: numbers by more than :data:`TOLERANCE`,
    anything else at all."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        if set(expected) != set(actual):
            return [f"{where}: keys {sorted(expected)} != {sorted(actual)}"]
        found = []
        for key in expected:
            found += differences(expected[key], actual[key], f"{where}/{key}")
        return found
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return [f"{where}: {len(expected)} items != {len(actual)}"]
        found = []
        for i, (a, b) in enumerate(zip(expected, actual, strict=True)):
            found += differences(a, b, f"{where}[{i}]")
        return found
    if isinstance(expected, float) or isinstance(actual, float):
        numbers = isinstance(expected, (int, float)) and isinstance(actual, (int, float))
        if numbers and abs(expected - actual) <= TOLERANCE:
            return []
        return [f"{where}: {expected!r} != {actual!r}"]
    return [] if expected == actual else [f"{where}: {expected!r} != {actual!r}"]


def main() -> int:
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    output = {
        "source": f"the engine's own output at commit {commit}",
        "charts": {name: preset_chart(name) for name in preset_names()},
        "studies": {name: hilo_study(name) for name in STUDIED},
    }
    path = DATA / f"engine_output_{commit[:7]}.json"
    path.write_text(json.dumps(output, indent=None, sort_keys=True) + "\n", encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
