"""The simulation page's SVG plots: round ticks covering the values, 95% error bars on the edge
at each count, count labels thinned where they would crowd, and the end buckets' labels."""

from __future__ import annotations

import itertools
import math
import re

from hypothesis import given
from hypothesis import strategies as st

from trainer.simulator.summary import count_label
from trainer.web.simulation_plots import Z95, edge_plot, frequency_plot, nice_ticks

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@given(finite, finite, st.integers(min_value=3, max_value=8))
def test_ticks_are_round_and_cover_the_values(a: float, b: float, most: int) -> None:
    low, high = min(a, b), max(a, b)
    ticks = nice_ticks(low, high, most)
    assert 2 <= len(ticks) <= most
    step = ticks[1] - ticks[0]
    assert ticks[0] <= low + 1e-6 * step and ticks[-1] >= high - 1e-6 * step  # drawn alike
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert any(math.isclose(mantissa, m, rel_tol=1e-6) for m in (1, 2, 5, 10))
    assert all(math.isclose(t2 - t1, step, rel_tol=1e-6) for t1, t2 in itertools.pairwise(ticks))


def test_known_ticks() -> None:
    assert nice_ticks(-3.7, 6.2, 6) == [-5.0, 0.0, 5.0, 10.0]
    assert nice_ticks(-3.7, 6.2, 8) == [-4.0, -2.0, 0.0, 2.0, 4.0, 6.0, 8.0]
    assert nice_ticks(0.0, 0.26, 5) == [0.0, 0.1, 0.2, 0.3]
    assert nice_ticks(-0.42, 0.0, 6) == [-0.5, -0.4, -0.3, -0.2, -0.1, 0.0]


def test_count_labels_mark_the_end_buckets() -> None:
    assert count_label("-10", (-10, 10)) == "\u2264\u221210"
    assert count_label(10, (-10, 10)) == "\u2265+10"
    assert count_label("0", (-10, 10)) == "+0"
    assert count_label("-3", (-10, 10), plain=True) == "-3"
    assert count_label("30", (-30, 30), plain=True) == ">=+30"


def _labels(keys: list[str]) -> dict[str, str]:
    return {k: count_label(k, (-10, 10)) for k in keys}


def test_the_edge_plot_has_a_95_percent_bar_at_each_count_and_round_ticks() -> None:
    keys = [str(c) for c in range(-6, 7)]
    edge = {k: -0.5 + 0.5 * int(k) for k in keys}  # the player's: rising with the count
    se = {k: 0.2 + 0.1 * abs(int(k)) for k in keys}
    svg = str(edge_plot(edge, {k: 0.05 for k in keys}, _labels(keys), se))
    bars = re.findall(r'class="edge-bar" d="M([\d.]+),([\d.]+)V([\d.]+)', svg)
    assert len(bars) == len(keys)
    heights = [float(low) - float(high) for _, low, high in bars]
    assert heights[0] > heights[6] < heights[-1]  # wider where the error is larger
    assert "95%" in svg
    ticks = re.findall(r'text-anchor="end">([^<]+)<', svg)
    assert ticks and all(re.fullmatch(r"(0|[+\u2212]\d+)%", t) for t in ticks), ticks
    # at -6 the 95% interval reaches -0.5 - 3 - 1.96 * 0.8 = -5.07%: the axis goes beyond it
    assert "\u221210%" in ticks  # ticks of 5%: the first below -5.07% is -10%
    assert "Your edge at each count" in svg and "You have the edge from a count of +2." in svg
    assert abs(Z95 - 1.96) < 1e-9


def test_crowded_count_labels_thin_out_and_the_ends_read_as_open() -> None:
    keys = [str(c) for c in range(-10, 11)]
    svg = str(frequency_plot({k: 1 / 21 for k in keys}, _labels(keys)))
    shown = re.findall(r'y="2\d\d" text-anchor="middle">([^<]+)<', svg)
    assert "+0" in shown and "+1" not in shown and "+2" in shown
    assert "\u2264\u221210" in shown and "\u2265+10" in shown
    few = [str(c) for c in range(-3, 4)]
    svg = str(frequency_plot({k: 1 / 7 for k in few}, _labels(few)))
    assert len(re.findall(r'y="2\d\d" text-anchor="middle">[+\u2212]\d<', svg)) == 7
