"""One pass over the counts: the charts at each count give the indices and the edge by count.

At every count of the grid (:func:`~.table.count_grid`) the chart is computed on the shoe at
that count: its cells give the indices, its house edge the edge with indices, and the house
edge of the basic chart played on the same shoe (one walk more, sharing the dealer's results)
the edge with basic strategy. The counts are shared among ``jobs`` worker processes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from trainer.engine.counting import CountingSystem
from trainer.engine.indices.edge import CountEdge, EdgeTable, count_frequencies
from trainer.engine.indices.shoes import (
    CountOutOfRangeError,
    composition_at,
    engine_shoe,
    insurance_ev,
)
from trainer.engine.indices.table import IndexTable, count_grid, least_penetration, plays_of
from trainer.engine.processes import helper_pool
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.chart import Chart, compute_chart

__all__ = ["Study", "compute_indices", "compute_study"]


@dataclass(frozen=True)
class Study:
    """The indices and the edge by count of one rule set and counting system."""

    indices: IndexTable
    edge: EdgeTable


def _at_count(
    rules: Rules, system: CountingSystem, count: int, basic: Chart
) -> tuple[Chart, float, float]:
    """The best chart at ``count``, the edge of basic strategy there (its codes and exceptions
    played on the shoe at the count), and insurance's gain."""
    composition = composition_at(rules, system, count)
    shoe = engine_shoe(composition)
    best = compute_chart(rules, shoe, playing=basic)
    ace = composition[0] / sum(composition)
    insurance = ace * max(insurance_ev(composition), 0.0) if rules.insurance else 0.0
    return best, -(best.house_edge_playing or 0.0) / 100.0, insurance


def compute_study(
    rules: Rules,
    system: CountingSystem,
    *,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    full_shoe_chart: Callable[[Rules], Chart] = compute_chart,
) -> Study:
    """The indices and the edge by count of ``rules`` and ``system``.

    :param jobs: worker processes to share the counts among.
    :param progress: called with (counts done, counts in all) as they complete.
    :param full_shoe_chart: the chart of the full shoe (basic strategy), by default computed;
        the cached study passes the strategy cache's, so that a chart worked out already is
        not worked out again, and one worked out here is there for the chart's page.
    """
    least = least_penetration(rules, system)
    if least is not None:  # it would fail at its first count, after the full shoe's chart
        raise CountOutOfRangeError(
            f"penetration={float(rules.penetration):g}: no shoe holds the counts a study reads "
            f"at this depth; a penetration of {float(least):g} or more does"
        )
    grid = count_grid(rules, system)
    neutral = full_shoe_chart(rules)
    results: list[tuple[Chart, float, float]] = []
    if jobs > 1:
        with helper_pool(jobs) as pool:
            futures = [pool.submit(_at_count, rules, system, c, neutral) for c in grid]
            for done, future in enumerate(futures, start=1):
                results.append(future.result())
                if progress:
                    progress(done, len(grid))
    else:
        for done, c in enumerate(grid, start=1):
            results.append(_at_count(rules, system, c, neutral))
            if progress:
                progress(done, len(grid))
    charts = [chart for chart, _, _ in results]
    indices = IndexTable(rules, system, plays_of(rules, system, grid, charts, neutral))
    shares = count_frequencies(rules, system, grid)
    edges = tuple(
        CountEdge(
            count=c,
            share=shares[c],
            basic=basic,
            indices=-chart.house_edge / 100.0 + insurance,
        )
        for c, (chart, basic, insurance) in zip(grid, results, strict=True)
    )
    return Study(indices, EdgeTable(rules, system, edges))


def compute_indices(
    rules: Rules,
    system: CountingSystem,
    *,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> IndexTable:
    """The indices alone (computed with the edge by count; see :func:`compute_study`)."""
    return compute_study(rules, system, jobs=jobs, progress=progress).indices
