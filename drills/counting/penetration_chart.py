"""The penetration chart: grouped bars of how often each true count starts a round, per
penetration, as SVG geometry the template draws."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from drills.caches import Caches, penetration_dir
from drills.counting.penetration_study import (
    THRESHOLDS,
    cached_study,
    chart_system,
    penetration_text,
    penetrations_for,
    percent,
    percent_words,
    study,
)
from trainer.engine.counting import CountingSystem, CountStudy
from trainer.engine.rulebook.rules import find_preset
from trainer.words import say, signed

_COLOURS = ("#9cc3e6", "#4f8fcb", "#1f5c99", "#0b2f57", "#6b3fa0")


@dataclass(frozen=True)
class Bar:
    x: str
    y: str
    width: str
    height: str
    colour: str
    value: str  # the per cent shown above the bar


@dataclass(frozen=True)
class ChartView:
    """Grouped bars: per threshold, one bar per penetration, heights in per cent of rounds."""

    width: int
    height: int
    top: int
    bottom: int
    left: int
    bars: tuple[Bar, ...]
    groups: tuple[tuple[str, str], ...]  # (x of the label, "+2 or more")
    legend: tuple[tuple[str, str], ...]  # (colour, "75%"): the page's key, above the chart
    ticks: tuple[tuple[str, str], ...]  # (y, "20%")
    summary: str  # the chart in words, for screen readers
    # What each figure is: the legend's shares are penetrations, the axis's shares of rounds
    # (each a "75%" or a "20%" that read alike untitled), the groups true counts.
    legend_title: str
    y_title: str
    x_title: str


def chart(preset: str, system: CountingSystem, *, caches: Caches | None = None) -> ChartView:
    """The chart of ``preset``'s penetrations, studied now where not cached (in ``caches``)."""
    slug = chart_system(system).slug
    pens = penetrations_for(find_preset(preset))
    where = penetration_dir(caches)
    return _draw(preset, system, [study(preset, pen, slug, cache_dir=where) for pen in pens])


def cached_chart(
    preset: str, system: CountingSystem, *, caches: Caches | None = None
) -> ChartView | None:
    """The chart if every study it draws is cached, else ``None`` (nothing is dealt)."""
    slug = chart_system(system).slug
    where = penetration_dir(caches)
    studies = [
        cached_study(preset, pen, slug, cache_dir=where)
        for pen in penetrations_for(find_preset(preset))
    ]
    if any(found is None for found in studies):
        return None
    return _draw(preset, system, [found for found in studies if found is not None])


def _draw(preset: str, system: CountingSystem, studies: list[CountStudy]) -> ChartView:
    pens = penetrations_for(find_preset(preset))
    shares = [[percent(s.share_at_least(k)) for s in studies] for k in THRESHOLDS]
    highest = max(max(row) for row in shares)
    scale_top = max(10, int(highest / 10 + 1) * 10)
    width, height, top, bottom, left = 560, 254, 20, 204, 56
    group_width = (width - left - 10) / len(THRESHOLDS)
    bar_width = (group_width - 16) / len(pens)
    bars, groups = [], []
    for g, row in enumerate(shares):
        x0 = left + g * group_width + 8
        groups.append((f"{x0 + (group_width - 16) / 2:.1f}", _at_least(THRESHOLDS[g])))
        for b, value in enumerate(row):
            h = (bottom - top) * float(value) / scale_top
            bars.append(
                Bar(
                    x=f"{x0 + b * bar_width:.1f}",
                    y=f"{bottom - h:.1f}",
                    width=f"{bar_width - 2:.1f}",
                    height=f"{h:.1f}",
                    colour=_COLOURS[b % len(_COLOURS)],
                    value=f"{round(value)}",
                )
            )
    ticks = tuple(
        (f"{bottom - (bottom - top) * t / scale_top:.1f}", percent_words(t))
        for t in range(0, scale_top + 1, 10 if scale_top <= 50 else 20)
    )
    # The key is drawn by the page above the chart, where it wraps to a phone's width: inside
    # the chart, 560 px wide, its last entries lay past a 390 px screen's first view.
    legend = tuple(
        (_COLOURS[i % len(_COLOURS)], penetration_text(pen)) for i, pen in enumerate(pens)
    )
    return ChartView(
        width=width,
        height=height,
        top=top,
        bottom=bottom,
        left=left,
        bars=tuple(bars),
        groups=tuple(groups),
        legend=legend,
        ticks=ticks,
        summary=_summary(system, pens, shares),
        legend_title=say("Penetration"),
        y_title=say("share of rounds"),
        x_title=say("true count at the start of a round"),
    )


def _summary(system: CountingSystem, pens: Sequence[Fraction], shares: list[list[Fraction]]) -> str:
    """The chart in words, for a screen reader: each count's shares at each penetration."""
    words = "; ".join(
        _at_least(k)
        + ": "
        + ", ".join(
            say(
                "%(share)s at %(penetration)s",
                share=percent_words(round(v)),
                penetration=penetration_text(p),
            )
            for p, v in zip(pens, row, strict=True)
        )  # fmt: skip
        for k, row in zip(THRESHOLDS, shares, strict=True)
    )
    return say(
        "Share of rounds starting at each true count (%(system)s) at each penetration: %(shares)s",
        system=chart_system(system).name,
        shares=words,
    )


def _at_least(count: int) -> str:
    """A true count and above, in words ("+2 or more", «+2 и выше»)."""
    return say("%(count)s or more", count=signed(count))
