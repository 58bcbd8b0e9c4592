"""A simulation's figures as server-drawn SVG (no script), each with a ``<title>`` and a
``<desc>`` for screen readers (the page shows the same figures as a table): how often each true
count starts a round, the house edge at each, and a few bankroll paths."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from markupsafe import Markup, escape

__all__ = ["edge_plot", "frequency_plot", "paths_plot"]

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 14, 36


def _svg(name: str, title: str, desc: str, body: list[str]) -> Markup:
    head = (
        f'<svg class="sim-plot {name}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{name}-title {name}-desc" preserveAspectRatio="xMidYMid meet">'
        f'<title id="{name}-title">{escape(title)}</title>'
        f'<desc id="{name}-desc">{escape(desc)}</desc>'
    )
    return Markup(head + "".join(body) + "</svg>")


def _axis_y(low: float, high: float, y: Callable[[float], float], label: Callable[[float], str]):
    parts = []
    for i in range(5):
        value = low + (high - low) * i / 4
        at = y(value)
        parts.append(
            f'<line class="grid" x1="{LEFT}" y1="{at:.1f}" x2="{WIDTH - RIGHT}" y2="{at:.1f}"/>'
            f'<text class="axis" x="{LEFT - 6}" y="{at + 4:.1f}" text-anchor="end">'
            f"{escape(label(value))}</text>"
        )
    return parts


def _counts(keys: Sequence[str]) -> list[int]:
    return sorted(int(key) for key in keys)


def frequency_plot(frequency: dict[str, float]) -> Markup:
    """Bars: the share of rounds starting at each count."""
    counts = _counts(list(frequency))
    most = max(frequency.values(), default=0.0) or 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / max(len(counts), 1)
    body = _axis_y(0.0, most, lambda v: TOP + (1 - v / most) * plot_h, lambda v: f"{v:.0%}")
    for i, count in enumerate(counts):
        share = frequency[str(count)]
        height = share / most * plot_h
        x = LEFT + i * step
        body.append(
            f'<rect class="bar" x="{x + step * 0.15:.1f}" y="{TOP + plot_h - height:.1f}" '
            f'width="{step * 0.7:.1f}" height="{height:.1f}"><title>{count:+d}: '
            f"{share:.2%} of rounds</title></rect>"
            f'<text class="axis" x="{x + step / 2:.1f}" y="{HEIGHT - 18}" text-anchor="middle">'
            f"{count:+d}</text>"
        )
    top = max(counts, key=lambda c: frequency[str(c)]) if counts else 0
    desc = f"The count most often at the start of a round is {top:+d}." if counts else ""
    return _svg("sim-frequency", "How often each count starts a round", desc, body)


def edge_plot(edge: dict[str, float | None], frequency: dict[str, float]) -> Markup:
    """A line: the house edge (percent) at each count with at least 0.1% of the rounds."""
    counts = [c for c in _counts(list(edge)) if edge[str(c)] is not None]
    counts = [c for c in counts if frequency.get(str(c), 0.0) >= 0.001]
    values = [float(edge[str(c)] or 0.0) for c in counts] + [0.0]
    low, high = min(values), max(values)
    pad = (high - low) * 0.08 or 0.5
    low, high = low - pad, high + pad
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / max(len(counts) - 1, 1)

    def y(value: float) -> float:
        return TOP + (high - value) / (high - low) * plot_h

    body = _axis_y(low, high, y, lambda v: f"{v:+.1f}%")
    body.append(
        f'<line class="zero" x1="{LEFT}" y1="{y(0):.1f}" x2="{WIDTH - RIGHT}" y2="{y(0):.1f}"/>'
    )
    points = [(LEFT + i * step, y(float(edge[str(c)] or 0.0)), c) for i, c in enumerate(counts)]
    body.append(
        '<polyline class="edge-line" points="'
        + " ".join(f"{px:.1f},{py:.1f}" for px, py, _ in points)
        + '"/>'
    )
    for px, py, c in points:
        body.append(
            f'<circle class="edge-dot" cx="{px:.1f}" cy="{py:.1f}" r="3"><title>{c:+d}: '
            f"{float(edge[str(c)] or 0.0):+.2f}% to the house</title></circle>"
            f'<text class="axis" x="{px:.1f}" y="{HEIGHT - 18}" text-anchor="middle">{c:+d}</text>'
        )
    turn = next((c for c in counts if (edge[str(c)] or 0.0) < 0), None)
    desc = (
        f"The player has the edge from a count of {turn:+d}."
        if turn is not None
        else "The house has the edge at every count shown."
    )
    return _svg("sim-edge", "The house edge at each count", desc, body)


def paths_plot(paths: list[list[float]], bankroll: float | None) -> Markup:
    """Lines: a few bankroll paths (a point per 20 rounds)."""
    flat = [v for path in paths for v in path] or [0.0]
    low, high = min(flat), max(flat)
    pad = (high - low) * 0.08 or 1.0
    low, high = low - pad, high + pad
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    longest = max((len(path) for path in paths), default=1)

    def y(value: float) -> float:
        return TOP + (high - value) / (high - low) * plot_h

    body = _axis_y(low, high, y, lambda v: f"{v:,.0f}")
    for i, path in enumerate(paths):
        step = plot_w / max(longest - 1, 1)
        points = " ".join(f"{LEFT + j * step:.1f},{y(v):.1f}" for j, v in enumerate(path))
        body.append(f'<polyline class="path path-{i}" points="{points}"/>')
    rounds = (longest - 1) * 20
    body.append(
        f'<text class="axis" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle">'
        f"rounds (0 to {rounds:,})</text>"
    )
    ends = ", ".join(f"{path[-1]:,.0f}" for path in paths if path)
    start = f"from {bankroll:,.0f}" if bankroll else "from 0"
    desc = f"{len(paths)} bankroll paths of {rounds:,} rounds {start}, ending at {ends}."
    return _svg("sim-paths", "A few bankroll paths", desc, body)
