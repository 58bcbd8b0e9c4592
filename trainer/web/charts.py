"""Server-rendered SVG charts (no script): a learner's 30-day trend per drill.

:func:`trend_chart` draws answers per day as bars and accuracy per day as a line with dots, with
a ``<title>`` and ``<desc>`` for screen readers; the page adds a data table as the fallback.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction

from markupsafe import Markup, escape

from trainer.words import day as day_words
from trainer.words import day_month, number, percent, plural, say

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 40, 44, 14, 30


@dataclass(frozen=True)
class Day:
    """One day of the trend: answers given and how many were right."""

    day: date
    attempts: int
    correct: int

    @property
    def accuracy(self) -> Fraction | None:
        return Fraction(self.correct, self.attempts) if self.attempts else None


def line_and_dots(points: Sequence[tuple[float, float, str]]) -> list[str]:
    """A chart's line through ``points`` (x, y, what a dot's tooltip says) and a dot at each."""
    parts = []
    if len(points) > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in points)
        parts.append(f'<polyline class="accuracy-line" points="{path}"/>')
    for x, y, label in points:
        parts.append(
            f'<circle class="accuracy-dot" cx="{x:.1f}" cy="{y:.1f}" r="3.5">'
            f"<title>{escape(label)}</title></circle>"
        )
    return parts


def last_days(today: date, count: int = 30) -> list[date]:
    """The ``count`` days ending with ``today``, oldest first."""
    return [today - timedelta(days=count - 1 - n) for n in range(count)]


def _percent(value: Fraction) -> str:
    return percent(round(value * 100) / Fraction(100))


def describe(days: Sequence[Day], unit: str = "day") -> str:
    """The trend in one sentence, for ``<desc>`` and the page (``unit``: what each entry is, a
    day or a week starting that day), its dates as the learner's language writes them."""
    active = [d for d in days if d.attempts]
    if not active:
        if unit == "day":
            return plural("No answers in the %(count)s day shown.",
                          "No answers in the %(count)s days shown.", len(days))  # fmt: skip
        return plural("No answers in the %(count)s week shown.",
                      "No answers in the %(count)s weeks shown.", len(days))  # fmt: skip
    total = sum(d.attempts for d in active)
    right = sum(d.correct for d in active)
    first, last = active[0], active[-1]
    values = {
        "active": number(len(active)),
        "shown": number(len(days)),
        "first": day_words(days[0].day),
        # A week is named by its Monday: the range runs to the last week's Sunday, so that
        # answers given this Saturday are not read as after its end ("… to Nov 30" on Dec 5).
        "last": day_words(days[-1].day + timedelta(days=0 if unit == "day" else 6)),
        "right": _percent(Fraction(right, total)),
    }
    if unit == "day":
        text = plural(
            "%(count)s answer on %(active)s of the %(shown)s days from %(first)s to %(last)s,"
            " %(right)s right overall.",
            "%(count)s answers on %(active)s of the %(shown)s days from %(first)s to %(last)s,"
            " %(right)s right overall.",
            total,
            **values,
        )
    else:
        text = plural(
            "%(count)s answer in %(active)s of the %(shown)s weeks from %(first)s to %(last)s,"
            " %(right)s right overall.",
            "%(count)s answers in %(active)s of the %(shown)s weeks from %(first)s to %(last)s,"
            " %(right)s right overall.",
            total,
            **values,
        )
    if len(active) > 1 and first.accuracy is not None and last.accuracy is not None:
        went = {
            "before": _percent(first.accuracy),
            "after": _percent(last.accuracy),
            "first": day_words(first.day),
            "last": day_words(last.day),
        }
        text += " " + (
            say("Accuracy went from %(before)s on %(first)s to %(after)s on %(last)s.", **went)
            if unit == "day"
            else say(
                "Accuracy went from %(before)s in the week of %(first)s to %(after)s in the week"
                " of %(last)s.",
                **went,
            )
        )
    return text


def _answered(day: Day, unit: str) -> str:
    """A bar's tooltip: the day (or week) and how many answers it had."""
    if unit == "day":
        return plural("%(day)s: %(count)s answer", "%(day)s: %(count)s answers", day.attempts,
                      day=day_words(day.day))  # fmt: skip
    return plural("Week of %(day)s: %(count)s answer", "Week of %(day)s: %(count)s answers",
                  day.attempts, day=day_words(day.day))  # fmt: skip


def trend_chart(
    days: Sequence[Day], *, title: str, chart_id: str, unit: str = "day", label_every: int = 7
) -> Markup:
    """An SVG chart of answers per day or week (bars, left scale) and accuracy (line, right
    scale), every ``label_every``-th entry labelled, counting back from the last."""
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    # The answers' scale tops at an even number, so that its middle line is a whole one (at a
    # most of 3 it read "2" on the line at 1.5: a walk).
    most = max([d.attempts for d in days] + [1])
    most += most % 2
    step = plot_w / max(len(days), 1)
    bar_w = max(step * 0.6, 1.0)
    parts = [
        f'<svg class="trend-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" preserveAspectRatio="xMidYMid meet">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(describe(days, unit))}</desc>',
    ]
    # Grid and scales: answers on the left, accuracy on the right.
    for fraction in (0, Fraction(1, 2), 1):
        y = TOP + plot_h - float(fraction) * plot_h
        parts.append(
            f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}"/>'
        )
        count = round(most * fraction)
        parts.append(
            f'<text class="axis" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">'
            f"{number(count)}</text>"
        )
        parts.append(
            f'<text class="axis accuracy" x="{LEFT + plot_w + 6}" y="{y + 4:.1f}">'
            f"{_percent(Fraction(fraction))}</text>"
        )
    points = []
    for index, day in enumerate(days):
        x = LEFT + index * step + step / 2
        label = _answered(day, unit)
        if day.attempts:
            height = day.attempts / most * plot_h
            parts.append(
                f'<rect class="bar" x="{x - bar_w / 2:.1f}" y="{TOP + plot_h - height:.1f}" '
                f'width="{bar_w:.1f}" height="{height:.1f}"><title>{escape(label)}'
                f"</title></rect>"
            )
        if day.accuracy is not None:
            y = TOP + plot_h - float(day.accuracy) * plot_h
            right = say("%(day)s: %(share)s right", day=day_words(day.day),
                        share=_percent(day.accuracy))  # fmt: skip
            points.append((x, y, right))
        if (len(days) - 1 - index) % label_every == 0:  # counting back from today
            parts.append(
                f'<text class="axis" x="{x:.1f}" y="{HEIGHT - 10}" text-anchor="middle">'
                f"{escape(day_month(day.day))}</text>"
            )
    parts += line_and_dots(points)
    parts.append("</svg>")
    return Markup("".join(parts))
