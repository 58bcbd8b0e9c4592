"""A simulation's figures as server-drawn SVG (no script), each with a ``<title>`` and a
``<desc>`` for screen readers (the page shows the same figures as a table): how often each true
count starts a round, the house edge at each with its 95% interval, a few bankroll paths, and
the edge and its spread against penetration for a sweep.

The drawing is 400 units wide and shown at most 36rem wide, so its 12-unit text stays about
10 px or more on a 390 px phone; the axes' ticks are round numbers (1, 2 or 5 times a power of
ten), and the counts' labels thin out to every other one where they would crowd.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from markupsafe import Markup, escape

from trainer.words import number, plural, say, signed

__all__ = [
    "Z95",
    "edge_plot",
    "frequency_plot",
    "nice_ticks",
    "paths_plot",
    "penetration_words",
    "sweep_plot",
]

WIDTH, HEIGHT = 400, 220
LEFT, RIGHT, TOP, BOTTOM = 46, 10, 12, 34
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
Z95 = 1.96  # a 95% interval is the estimate +- 1.96 standard errors
LABEL_ROOM = 24  # the width a count's label needs, in drawing units


def _svg(name: str, title: str, desc: str, body: list[str]) -> Markup:
    head = (
        f'<svg class="sim-plot {name}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{name}-title {name}-desc" preserveAspectRatio="xMidYMid meet">'
        f'<title id="{name}-title">{escape(title)}</title>'
        f'<desc id="{name}-desc">{escape(desc)}</desc>'
    )
    return Markup(head + "".join(body) + "</svg>")


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round tick values covering ``low..high``: a step of 1, 2 or 5 times a power of ten,
    at most ``most`` ticks (the first at or below ``low``, the last at or above ``high``)."""
    if not (math.isfinite(low) and math.isfinite(high)):
        low, high = 0.0, 1.0
    if high - low <= 1e-9 * max(1.0, abs(low), abs(high)):  # one value: a unit around it
        low, high = low - 0.5, high + 0.5
    raw = (high - low) / max(most - 1, 1)
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10, 20):
        step = factor * power
        first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
        if last - first + 1 <= most:
            return [float(f"{(first + i) * step:.12g}") for i in range(last - first + 1)]
    return [low, high]  # unreachable: a step of 20 powers always fits


def _decimals(ticks: Sequence[float]) -> int:
    step = abs(ticks[1] - ticks[0]) if len(ticks) > 1 else 1.0
    return max(0, -math.floor(math.log10(step) + 1e-9))


def _signed(value: float, places: int) -> str:
    """A percentage with its sign, zero without one: ``+0.5%``, ``0%``, ``\u22121%``."""
    if abs(value) < 0.5 * 10.0**-places:
        return _percent(number(0))
    return _percent(signed(value, places))


def _percent(share: str) -> str:
    """A share already written, with the per cent sign as the learner's language puts it."""
    return say("%(share)s%%", share=share)


def _axis_y(ticks: Sequence[float], y: Callable[[float], float], label: Callable[[float], str]):
    parts = []
    for value in ticks:
        at = y(value)
        parts.append(
            f'<line class="grid" x1="{LEFT}" y1="{at:.1f}" x2="{WIDTH - RIGHT}" y2="{at:.1f}"/>'
            f'<text class="axis" x="{LEFT - 5}" y="{at + 4:.1f}" text-anchor="end">'
            f"{escape(label(value))}</text>"
        )
    return parts


def _scale(ticks: Sequence[float]) -> Callable[[float], float]:
    low, high = ticks[0], ticks[-1]

    def y(value: float) -> float:
        return TOP + (high - value) / (high - low) * PLOT_H

    return y


def _x_labels(xs: Sequence[float], labels: Sequence[str], step: float) -> list[str]:
    """The counts' labels under the plot: every one, or every other where they would crowd
    (the middle one, 0, always kept)."""
    every = 1 if step >= LABEL_ROOM else 2
    middle = len(labels) // 2
    return [
        f'<text class="axis" x="{x:.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">'
        f"{escape(text)}</text>"
        for i, (x, text) in enumerate(zip(xs, labels, strict=True))
        if (i - middle) % every == 0
    ]


def _x_title(text: str) -> str:
    return (
        f'<text class="axis" x="{LEFT + PLOT_W / 2:.1f}" y="{HEIGHT - 3}" '
        f'text-anchor="middle">{escape(text)}</text>'
    )


def _counts(keys: Sequence[str]) -> list[int]:
    return sorted(int(key) for key in keys)


def frequency_plot(frequency: dict[str, float], labels: dict[str, str]) -> Markup:
    """Bars: the share of rounds starting at each count (``labels``: each count as shown)."""
    counts = _counts(list(frequency))
    ticks = nice_ticks(0.0, max(frequency.values(), default=0.0) or 0.01, 5)
    y = _scale(ticks)
    places = max(0, _decimals(ticks) - 2)
    body = _axis_y(ticks, y, lambda v: _percent(number(100 * v, places)))
    step = PLOT_W / max(len(counts), 1)
    xs = [LEFT + (i + 0.5) * step for i in range(len(counts))]
    for x, count in zip(xs, counts, strict=True):
        share = frequency[str(count)]
        top = y(share)
        title = say(
            "%(count)s: %(share)s%% of rounds",
            count=labels[str(count)],
            share=number(share * 100, 2),
        )
        body.append(
            f'<rect class="bar" x="{x - step * 0.35:.1f}" y="{top:.1f}" '
            f'width="{step * 0.7:.1f}" height="{y(0.0) - top:.1f}"><title>'
            f"{escape(title)}</title></rect>"
        )
    body += _x_labels(xs, [labels[str(c)] for c in counts], step)
    body.append(_x_title(say("true count at the start of a round")))
    top = max(counts, key=lambda c: frequency[str(c)]) if counts else 0
    desc = (
        say("The count most often at the start of a round is %(count)s.", count=labels[str(top)])
        if counts
        else ""
    )
    return _svg("sim-frequency", say("How often each count starts a round"), desc, body)


def _edges_with_bars(
    labels: Sequence[str], edges: Sequence[float], halves: Sequence[float], x_title: str
) -> list[str]:
    """Dots joined by a line, each with its 95% interval as a bar (``halves``: its half
    widths), over round ticks in per cent, a zero line, and ``labels`` under them."""
    reach = [e - h for e, h in zip(edges, halves, strict=True)]
    reach += [e + h for e, h in zip(edges, halves, strict=True)] + [0.0]
    ticks = nice_ticks(min(reach), max(reach), 6)
    y = _scale(ticks)
    places = _decimals(ticks)
    body = _axis_y(ticks, y, lambda v: _signed(v, places))
    body.append(
        f'<line class="zero" x1="{LEFT}" y1="{y(0):.1f}" x2="{WIDTH - RIGHT}" y2="{y(0):.1f}"/>'
    )
    step = PLOT_W / max(len(edges), 1)
    xs = [LEFT + (i + 0.5) * step for i in range(len(edges))]
    body.append(
        '<polyline class="edge-line" points="'
        + " ".join(f"{x:.1f},{y(e):.1f}" for x, e in zip(xs, edges, strict=True))
        + '"/>'
    )
    for x, label, e, half in zip(xs, labels, edges, halves, strict=True):
        if half:
            low, high = y(e - half), y(e + half)
            body.append(
                f'<path class="edge-bar" d="M{x:.1f},{low:.1f}V{high:.1f}'
                f'M{x - 3:.1f},{low:.1f}h6M{x - 3:.1f},{high:.1f}h6"/>'
            )
        edge = signed(e, 2)
        title = (
            say(
                "%(count)s: your edge %(edge)s%% (95%%: %(low)s%% to %(high)s%%)",
                count=label,
                edge=edge,
                low=signed(e - half, 2),
                high=signed(e + half, 2),
            )
            if half
            else say("%(count)s: your edge %(edge)s%%", count=label, edge=edge)
        )
        body.append(
            f'<circle class="edge-dot" cx="{x:.1f}" cy="{y(e):.1f}" r="3"><title>'
            f"{escape(title)}</title></circle>"
        )
    return [*body, *_x_labels(xs, labels, step), _x_title(x_title)]


def edge_plot(
    edge: dict[str, float | None],
    frequency: dict[str, float],
    labels: dict[str, str],
    se: dict[str, float | None] | None = None,
) -> Markup:
    """The player's edge (percent, positive when the player wins) at each count with at least
    0.1% of the rounds, each with its 95% interval (``se``: the standard errors) as a bar."""
    se = se or {}
    counts = [c for c in _counts(list(edge)) if edge[str(c)] is not None]
    counts = [c for c in counts if frequency.get(str(c), 0.0) >= 0.001]
    edges = [float(edge[str(c)] or 0.0) for c in counts]
    halves = [Z95 * float(se.get(str(c)) or 0.0) for c in counts]
    shown = [labels[str(c)] for c in counts]
    body = _edges_with_bars(shown, edges, halves, say("true count at the start of a round"))
    turn = next((shown[i] for i, e in enumerate(edges) if e > 0), None)
    desc = (
        say("You have the edge from a count of %(count)s.", count=turn)
        if turn is not None
        else say("The house has the edge at every count shown.")
    ) + (" " + say("Each bar is a %(share)s%% interval.", share=number(95)) if se else "")
    return _svg("sim-edge", say("Your edge at each count"), desc, body)


def sweep_plot(sweep: Sequence[dict[str, Any]]) -> Markup:
    """The player's edge at each penetration of a sweep, with its 95% interval."""
    labels = [penetration_words(str(depth["penetration"])) for depth in sweep]
    edges = [float(depth["player_edge_percent"] or 0.0) for depth in sweep]
    halves = [Z95 * float(depth["se_percent"] or 0.0) for depth in sweep]
    body = _edges_with_bars(labels, edges, halves, say("penetration (share of the pack dealt)"))
    best = max(range(len(edges)), key=edges.__getitem__) if edges else None
    desc = (
        say(
            "Your edge is highest at %(depth)s: %(edge)s%%. Each bar is a %(share)s%% interval.",
            depth=labels[best],
            edge=signed(edges[best], 2),
            share=number(95),
        )
        if best is not None
        else ""
    )
    return _svg("sim-sweep", say("Your edge at each penetration"), desc, body)


def penetration_words(depth: str) -> str:
    """A penetration as a reader sees it: ``"3/4"`` is ``"75%"``."""
    share = 100 * Fraction(depth)
    return _percent(number(share, 0 if share.denominator == 1 else 1))


def paths_plot(paths: list[list[float]], bankroll: float | None) -> Markup:
    """Lines: a few bankroll paths (a point per 20 rounds)."""
    flat = [v for path in paths for v in path] or [0.0]
    ticks = nice_ticks(min(flat), max(flat), 5)
    y = _scale(ticks)
    longest = max((len(path) for path in paths), default=1)
    body = _axis_y(ticks, y, lambda v: number(v))
    for i, path in enumerate(paths):
        step = PLOT_W / max(longest - 1, 1)
        points = " ".join(f"{LEFT + j * step:.1f},{y(v):.1f}" for j, v in enumerate(path))
        body.append(f'<polyline class="path path-{i}" points="{points}"/>')
    rounds = (longest - 1) * 20
    body.append(_x_title(say("rounds (%(low)s to %(high)s)", low=number(0), high=number(rounds))))
    ends = ", ".join(number(path[-1]) for path in paths if path)
    desc = plural(
        "%(count)s bankroll path of %(rounds)s rounds from %(start)s, ending at %(ends)s.",
        "%(count)s bankroll paths of %(rounds)s rounds from %(start)s, ending at %(ends)s.",
        len(paths),
        rounds=number(rounds),
        start=number(bankroll or 0),
        ends=ends,
    )
    return _svg("sim-paths", say("A few bankroll paths"), desc, body)
