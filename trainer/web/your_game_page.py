"""What the "your game" pages say of the error model (each kind in a sentence), and the
learner's win an hour week by week as a server-rendered SVG line (no script) with a ``<title>``
and ``<desc>`` for screen readers; the page gives the same figures as a table."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from flask import url_for
from markupsafe import Markup, escape

from drills.base import cost_of_bet
from drills.error_model import CARDS_PER_DECK, ErrorModel, Kind
from drills.your_game import Week
from trainer.web.charts import line_and_dots
from trainer.words import N_, cards_a_second, day, day_month, number, plural, say

TITLES = {
    "play": N_("Basic-strategy plays"),
    "deviation": N_("Index plays missed where the count calls for them"),
    "taken": N_("Index plays made where the count does not call for them"),
    "bet": N_("Bets against your ramp"),
    "running": N_("The running count"),
    "true": N_("Turning it into a true count"),
    "decks": N_("Judging the decks left"),
}


def titles() -> dict[str, str]:
    return {name: say(text) for name, text in TITLES.items()}


def drill_url(slug: str) -> str:
    """The page that trains a kind of error (the basic-strategy quiz has its own)."""
    if slug == "basic-strategy":
        return url_for("strategy_quiz.ask")
    return url_for("drills.ask", slug=slug)


def _percent(share: float) -> str:
    return say("%(share)s%%", share=number(share * 100, 1))


def describe_kind(kind: Kind) -> str:
    """What a kind's answers show, with its 95% interval, in one sentence."""
    if kind.name == "bet":
        return say(
            "%(share)s wrong (95%% interval %(low)s to %(high)s); a wrong bet gave up"
            " %(cost)s table minimums on average.",
            share=_percent(kind.rate), low=_percent(kind.low), high=_percent(kind.high),
            cost=number(kind.cost, 3),
        )  # fmt: skip
    if kind.name == "taken":
        return say(
            "Where the count did not call for the index play, %(share)s of your answers left"
            " basic strategy (95%% interval %(low)s to %(high)s); each gave up %(cost)s on"
            " average. These questions were %(part)s of your deviation answers.",
            share=_percent(kind.rate), low=_percent(kind.low), high=_percent(kind.high),
            cost=cost_of_bet(Fraction(kind.cost)), part=_percent(kind.weight),
        )  # fmt: skip
    if kind.name == "deviation":
        return say(
            "Where the count called for the index play, %(share)s of your answers missed it"
            " (95%% interval %(low)s to %(high)s); each gave up %(cost)s on average."
            " These questions were %(part)s of your deviation answers.",
            share=_percent(kind.rate), low=_percent(kind.low), high=_percent(kind.high),
            cost=cost_of_bet(Fraction(kind.cost)), part=_percent(kind.weight),
        )  # fmt: skip
    if kind.name == "play":
        return say(
            "%(share)s wrong (95%% interval %(low)s to %(high)s); a wrong play gave up"
            " %(cost)s on average.",
            share=_percent(kind.rate), low=_percent(kind.low), high=_percent(kind.high),
            cost=cost_of_bet(Fraction(kind.cost)),
        )  # fmt: skip
    if kind.name == "running":
        deck = CARDS_PER_DECK**0.5
        return say(
            "Off by %(sd)s a deck counted (standard deviation; 95%% interval %(low)s to"
            " %(high)s).",
            sd=number(kind.rate * deck, 2), low=number(kind.low * deck, 2),
            high=number(kind.high * deck, 2),
        )  # fmt: skip
    text = (
        "Off by %(sd)s true counts (standard deviation; 95%% interval %(low)s to %(high)s)."
        if kind.name == "true"
        else "Off by %(sd)s decks (standard deviation; 95%% interval %(low)s to %(high)s)."
    )
    return say(text, sd=number(kind.rate, 2), low=number(kind.low, 2), high=number(kind.high, 2))


def running_speed(model: ErrorModel) -> str:
    """Which counting speed the running count's error is read at, in one sentence (nothing
    where no checkpoint's speed is known: an older model, or answers not from a session)."""
    if not model.speeds:
        return ""
    kind = model.kinds["running"]
    if model.running_speed:
        return plural(
            "Read at %(speed)s, the speed you count at most (%(count)s checkpoint).",
            "Read at %(speed)s, the speed you count at most (%(count)s checkpoints).",
            kind.answers, speed=cards_a_second(Fraction(model.running_speed)),
        )  # fmt: skip
    return plural(
        "Read from all your speeds together: none has %(count)s checkpoint yet.",
        "Read from all your speeds together: none has %(count)s checkpoints yet.",
        kind.floor,
    )


WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 14, 30


def _money(value: float) -> str:
    return number(value, 2)


def describe(weeks: Sequence[Week], unit: float) -> str:
    if not weeks:
        return say("No week has enough answers to plot yet.")
    first, last = weeks[0], weeks[-1]
    return say(
        "Your win an hour went from %(first)s in the week of %(start)s to %(last)s in the"
        " week of %(end)s.",
        first=_money(first.win_per_hour * unit),
        start=day(first.start),
        last=_money(last.win_per_hour * unit),
        end=day(last.start),
    )


def win_rate_plot(weeks: Sequence[Week], *, unit: float) -> Markup:
    """Money an hour per week (a line with dots, 0 marked); empty with no week."""
    if not weeks:
        return Markup("")
    values = [week.win_per_hour * unit for week in weeks]
    low, high = min([*values, 0.0]), max([*values, 0.0])
    span = (high - low) or 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / max(len(weeks), 1)

    def y_of(value: float) -> float:
        return TOP + plot_h - (value - low) / span * plot_h

    title = say("Your win an hour, week by week")
    parts = [
        f'<svg class="trend-chart win-rate-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-labelledby="win-rate-title win-rate-desc" preserveAspectRatio="xMidYMid meet">',
        f'<title id="win-rate-title">{escape(title)}</title>',
        f'<desc id="win-rate-desc">{escape(describe(weeks, unit))}</desc>',
    ]
    for value in sorted({low, 0.0, high}):
        y = y_of(value)
        parts.append(
            f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}"/>'
        )
        parts.append(
            f'<text class="axis" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">'
            f"{escape(_money(value))}</text>"
        )
    points = []
    for index, (week, value) in enumerate(zip(weeks, values, strict=True)):
        x = LEFT + index * step + step / 2
        label = say("Week of %(day)s: %(money)s", day=day(week.start), money=_money(value))
        points.append((x, y_of(value), label))
        parts.append(
            f'<text class="axis" x="{x:.1f}" y="{HEIGHT - 10}" text-anchor="middle">'
            f"{escape(day_month(week.start))}</text>"
        )
    parts += line_and_dots(points)
    parts.append("</svg>")
    return Markup("".join(parts))
