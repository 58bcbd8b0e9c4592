"""The edge by count as a server-drawn SVG (no script): the player's edge at each count with
basic strategy and with the indices (two lines with dots), how often each count comes up (bars
along the bottom), and the zero line where the player starts to have the edge. It has a
``<title>`` and a ``<desc>`` for screen readers; the page shows the same figures as a table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from markupsafe import Markup, escape

from trainer.engine.indices import CountEdge
from trainer.words import signed as signed_number

__all__ = ["describe_edge", "edge_chart"]

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 14, 40
_SHARE_HEIGHT = 36  # the frequency bars' tallest, along the bottom of the plot


def _signed(count: int) -> str:
    return signed_number(count)


def describe_edge(rows: Sequence[CountEdge], kind: str) -> str:
    """The plot in two sentences, for ``<desc>`` and the page."""
    if not rows:
        return "No counts to show."
    first = next((row for row in rows if row.basic > 0), None)
    low, high = rows[0], rows[-1]
    where = (
        f"The player has the edge playing basic strategy from a {kind} of {_signed(first.count)}."
        if first is not None
        else "Playing basic strategy the player never has the edge over these counts."
    )
    return (
        f"Edge with basic strategy from {signed_number(low.basic * 100, 2)}% at "
        f"{_signed(low.count)} to {signed_number(high.basic * 100, 2)}% at "
        f"{_signed(high.count)}; with the indices from {signed_number(low.indices * 100, 2)}% "
        f"to {signed_number(high.indices * 100, 2)}%. {where}"
    )


def _scale(rows: Sequence[CountEdge]) -> tuple[float, float]:
    values = [v for row in rows for v in (row.basic, row.indices)] + [0.0]
    low, high = min(values), max(values)
    pad = (high - low) * 0.08 or 0.01
    return low - pad, high + pad


def edge_chart(rows: Sequence[CountEdge], *, kind: str, title: str, chart_id: str) -> Markup:
    """The SVG plot of ``rows`` (``kind``: "true count" or "running count")."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    low, high = _scale(rows)
    step = plot_w / max(len(rows) - 1, 1)

    def x(index: int) -> float:
        return LEFT + index * step

    def y(value: float) -> float:
        return TOP + (high - value) / (high - low) * plot_h

    parts = [
        f'<svg class="edge-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" preserveAspectRatio="xMidYMid meet">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(describe_edge(rows, kind))}</desc>',
    ]
    parts += _grid(low, high, y, plot_w)
    most = max((row.share for row in rows), default=0.0) or 1.0
    bar_w = max(step * 0.6, 1.0)
    for index, row in enumerate(rows):
        height = row.share / most * _SHARE_HEIGHT
        parts.append(
            f'<rect class="share" x="{x(index) - bar_w / 2:.1f}" y="{TOP + plot_h - height:.1f}" '
            f'width="{bar_w:.1f}" height="{height:.1f}"><title>{escape(_signed(row.count))}: '
            f"{row.share * 100:.1f}% of rounds</title></rect>"
        )
        if len(rows) <= 25 or index % 2 == 0:
            parts.append(
                f'<text class="axis" x="{x(index):.1f}" y="{HEIGHT - 22}" '
                f'text-anchor="middle">{escape(_signed(row.count))}</text>'
            )
    parts.append(
        f'<text class="axis" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 4}" '
        f'text-anchor="middle">{escape(kind)}</text>'
    )
    for name, value_of in (("basic", "basic"), ("indices", "indices")):
        points = [(x(i), y(getattr(row, value_of)), row) for i, row in enumerate(rows)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py, _ in points)
        parts.append(f'<polyline class="edge-line {name}" points="{path}"/>')
        for px, py, row in points:
            label = (
                f"{_signed(row.count)}: {signed_number(getattr(row, value_of) * 100, 2)}% ({name})"
            )
            parts.append(
                f'<circle class="edge-dot {name}" cx="{px:.1f}" cy="{py:.1f}" r="3">'
                f"<title>{escape(label)}</title></circle>"
            )
    parts.append("</svg>")
    return Markup("".join(parts))


def _grid(low: float, high: float, y: Callable[[float], float], plot_w: float) -> list[str]:
    """Lines and labels at whole percentages (fewer when the span is wide), the zero line
    marked."""
    span = (high - low) * 100
    every = 1 if span <= 8 else (2 if span <= 16 else 5)
    parts = []
    for percent in range(int(low * 100) - 1, int(high * 100) + 2):
        if percent % every or not low <= percent / 100 <= high:
            continue
        at = y(percent / 100)
        cls = "zero" if percent == 0 else "grid"
        parts.append(
            f'<line class="{cls}" x1="{LEFT}" y1="{at:.1f}" x2="{LEFT + plot_w}" y2="{at:.1f}"/>'
        )
        parts.append(
            f'<text class="axis" x="{LEFT - 6}" y="{at + 4:.1f}" text-anchor="end">'
            f"{_signed(percent)}%</text>"
        )
    return parts
