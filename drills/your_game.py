"""Your game: the learner's error model (:mod:`drills.error_model`) turned into money, from
the simulator's runs of their game (a job: :func:`scenarios` says which runs it plays,
:func:`figures` reads what they found).

How each kind of error reaches the figures:

- the count errors (running count, true-count conversion, decks left) are *played*: the
  simulator reads a miscounted count at each round, the bet and the index plays follow it
  (:class:`trainer.simulator.tables.CountNoise`); "fixing" one is the run without it, on the
  same cards (the shoe's random stream is apart from the miscounts');
- the play, deviation and bet errors are *priced*: the learner's share of wrong answers times
  the mean EV their wrong answers gave up (the drills price each one), per hand at the average
  bet (a bet error per round, in table minimums). The simulator does not play a wrong play:
  neither an index play missed where it is due nor one taken where it is not (``deviation``
  and ``taken``); each of these is charged only at the hands that can make it, at the chance
  that a hand meets one of the drill's index plays at a count past its index or not
  (:attr:`drills.error_model.Kind.reach`, :mod:`drills.deviation_reach`).

The interval of a figure is the game worked out at both ends of every kind's interval at once
(the best and the worst the answers allow), not a guess.

The risk figures (:func:`counter_risk`) are the risk calculator's (:mod:`trainer.engine.risk`:
the standard diffusion ones of Schlesinger's *Blackjack Attack*, the risk chapter).
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from drills.error_model import (
    COUNT_KINDS,
    DRILL_OF,
    PRICED_KINDS,
    Answered,
    Due,
    ErrorModel,
    Kind,
    error_model,
)
from trainer.engine import risk as formulas

__all__ = [
    "END_SCENARIOS",
    "Figures",
    "Leak",
    "Week",
    "counter_risk",
    "figures",
    "leaks",
    "scenarios",
    "weekly",
]

# The runs of one game: the perfect counter, the learner, the learner at the good and the bad
# end of every interval, and the learner without each count error in turn.
END_SCENARIOS = {"yours": "rate", "best": "low", "worst": "high"}


def scenarios(model: ErrorModel) -> dict[str, list[float]]:
    """The count errors of each run the job plays (running count per card, true count, decks),
    by the run's name; a count kind without the answers to be in the model is not removed."""
    runs = {"perfect": [0.0, 0.0, 0.0]}
    runs.update({name: list(model.noise(end)) for name, end in END_SCENARIOS.items()})
    for kind in COUNT_KINDS:
        if model.kinds[kind].enough:
            runs[f"without-{kind}"] = list(model.noise("rate", without=kind))
    return runs


def counter_risk(win: float, sd: float, bankroll: float) -> dict[str, float | None]:
    """Per round ``win`` and ``sd`` (units) and a bankroll (units): the risk of ruin (1 where
    the game does not win) and N0 in rounds (None where it does not win), by the risk
    calculator's own formulas (:mod:`trainer.engine.risk`)."""
    if win <= 0 or sd <= 0:
        return {"ror": 1.0, "n0": None}
    return {"ror": formulas.risk_of_ruin(win, sd, bankroll), "n0": formulas.n0(win, sd)}


@dataclass(frozen=True)
class Figures:
    """One game in the learner's terms (per hour at their pace)."""

    edge_percent: float  # the player's: win over the amount bet
    win_per_hour: float  # units
    money_per_hour: float
    sd_per_hour: float  # units
    n0_hours: float | None
    risk_of_ruin: float
    hours_to_double: float | None


def priced_loss(model: ErrorModel, end: str, run: Mapping[str, float]) -> float:
    """The priced errors' EV a round, in units: plays and deviations per hand at the average
    bet, a bet error per round (the costs are in table minimums)."""
    return sum(_kind_loss(model.kinds[name], end, run) for name in PRICED_KINDS)


def _ror(win: float, run: Mapping[str, float], bankroll: float) -> float:
    return float(counter_risk(win, run["sd"], bankroll)["ror"] or 0.0)


# Student's t at 97.5% for 1 to 10 degrees of freedom (the chunks less one).
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)


def _paired(better: Sequence[float], worse: Sequence[float]) -> tuple[float, float]:
    """The mean of the paired differences and the half-width of its 95% interval."""
    diffs = [float(a) - float(b) for a, b in zip(better, worse, strict=True)]
    mean = sum(diffs) / len(diffs)
    if len(diffs) < 2:
        return mean, math.inf
    variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    t = _T975[min(len(diffs) - 1, len(_T975)) - 1]
    return mean, t * math.sqrt(variance / len(diffs))


def _kind_loss(kind: Kind, end: str, run: Mapping[str, float]) -> float:
    share = kind.at(end) * kind.per_hand * kind.cost
    return share if kind.name == "bet" else share * run["bet"] * run["hands"]


def _figures(
    win: float, run: Mapping[str, float], pace: float, unit: float, bankroll: float
) -> Figures:
    risk = counter_risk(win, run["sd"], bankroll)
    hourly = win * pace
    n0 = risk["n0"]
    return Figures(
        edge_percent=100 * win / run["bet"] if run["bet"] else 0.0,
        win_per_hour=hourly,
        money_per_hour=hourly * unit,
        sd_per_hour=run["sd"] * math.sqrt(pace),
        n0_hours=n0 / pace if n0 is not None else None,
        risk_of_ruin=float(risk["ror"] or 0.0),
        hours_to_double=bankroll / hourly if hourly > 0 else None,
    )


def figures(model: ErrorModel, result: Mapping[str, Any]) -> dict[str, Figures]:
    """The perfect counter's game and the learner's (and at the ends of its interval), from the
    job's ``result``: each run's win, SD, average bet (units a round) and hands a round."""
    runs, unit, bankroll = result["runs"], result["unit"], result["bankroll_units"]
    pace = model.pace.per_hour
    found = {"perfect": _figures(runs["perfect"]["win"], runs["perfect"], pace, unit, bankroll)}
    for name, end in END_SCENARIOS.items():
        run = runs[name]
        win = run["win"] - priced_loss(model, end, run)
        found[name] = _figures(win, run, pace, unit, bankroll)
    return found


@dataclass(frozen=True)
class Leak:
    """One kind of error, and what fixing it is worth an hour (units, money)."""

    kind: str
    drill: str
    per_hour: float
    money_per_hour: float
    played: bool  # simulated (a count error) rather than priced
    low: float  # the worth's range an hour (units): the rate's interval, or the simulation's
    high: float
    ror: float = 1.0  # the risk of ruin at the bankroll with this error
    ror_fixed: float = 1.0  # and without it
    reach: float | None = None  # a deviation kind's: the chance a hand can make it

    @property
    def one_hand_in(self) -> int | None:
        """How many hands, about, to one that meets the kind's situation (its reach)."""
        return round(1 / self.reach) if self.reach else None

    @property
    def told_apart(self) -> bool:
        """Whether the range excludes 0 (the simulation can tell this leak from none)."""
        return self.low > 0 or self.high < 0


def leaks(model: ErrorModel, result: Mapping[str, Any]) -> list[Leak]:
    """Each kind of error in the model, costliest first: a count error's worth is the run
    without it less the learner's run, chunk by chunk on the same cards, within a 95%
    interval from the spread of the chunks' differences (Student's t); a priced error's, its
    price at its rate, from the low to the high end of the rate's interval."""
    runs, unit, bankroll = result["runs"], result["unit"], result["bankroll_units"]
    pace = model.pace.per_hour
    yours = runs["yours"]
    loss = priced_loss(model, "rate", yours)
    ror = _ror(yours["win"] - loss, yours, bankroll)
    found = []
    for name in COUNT_KINDS:
        without = runs.get(f"without-{name}")
        if without is not None:
            worth, spread = _paired(without["wins"], yours["wins"])
            low, high = (worth - spread) * pace, (worth + spread) * pace
            fixed = _ror(without["win"] - priced_loss(model, "rate", without), without, bankroll)
            found.append(
                Leak(name, DRILL_OF[name], worth * pace, worth * pace * unit, True, low, high,
                     ror, fixed)
            )  # fmt: skip
    for name in PRICED_KINDS:
        kind = model.kinds[name]
        if kind.enough:
            worth, low, high = (
                _kind_loss(kind, end, yours) * pace for end in ("rate", "low", "high")
            )
            fixed = _ror(yours["win"] - loss + worth / pace, yours, bankroll)
            found.append(
                Leak(name, DRILL_OF[name], worth, worth * unit, False, low, high, ror, fixed,
                     kind.reach)
            )  # fmt: skip
    return sorted(found, key=lambda leak: -leak.per_hour)


@dataclass(frozen=True)
class Week:
    """A week of practice and the win an hour its answers give (units)."""

    start: date
    answers: int
    win_per_hour: float


def _monday(created_at: str) -> date:
    day = datetime.fromisoformat(created_at.replace("Z", "+00:00")).date()
    return day - timedelta(days=day.weekday())


def weekly(
    answers: Iterable[Answered],
    model: ErrorModel,
    result: Mapping[str, Any],
    least: int = 20,
    *,
    due: Due | None = None,
    speed_of: Mapping[str, str] | None = None,
) -> list[Week]:
    """The learner's win an hour week by week: the learner's game (the run with every count
    error played) less each priced kind's cost at that week's own rate (a kind the week has too
    few answers of: the whole record's), and each count error's cost moved by the week's
    variance over the record's (the cost of a small noise grows with its variance). A week
    whose rates are the record's reads what the figures say of "You", not the perfect
    counter's win less each count error's cost alone (the errors do not add up). A week's
    running count is read at the record's speed (``speed_of``: each counting session's, as
    :func:`drills.error_model.error_model` takes it). Weeks with fewer than ``least`` answers
    are left out."""
    by_week: dict[date, list[Answered]] = defaultdict(list)
    for answer in answers:
        by_week[_monday(answer.created_at)].append(answer)
    runs, pace = result["runs"], model.pace.per_hour
    yours = runs["yours"]
    count_cost = {
        name: max(runs[f"without-{name}"]["win"] - yours["win"], 0.0)
        for name in COUNT_KINDS
        if f"without-{name}" in runs
    }
    weeks = []
    for start in sorted(by_week):
        asked = by_week[start]
        if len(asked) < least:
            continue
        read = error_model(asked, due=due, speed_of=speed_of, running_at=model.running_speed)
        week = _with_record(read, model)
        loss = priced_loss(week, "rate", yours)
        for name, cost in count_cost.items():
            whole = model.kinds[name].rate
            loss += cost * ((week.kinds[name].rate / whole) ** 2 - 1) if whole else 0.0
        weeks.append(Week(start, len(asked), (yours["win"] - loss) * pace))
    return weeks


def _with_record(week: ErrorModel, record: ErrorModel) -> ErrorModel:
    """A week's model, each kind it has too few answers of taken from the whole record (and
    each kind's reach: the game's, not the week's)."""
    kinds = {
        name: dataclasses.replace(kind, reach=record.kinds[name].reach)
        if kind.enough
        else record.kinds[name]
        for name, kind in week.kinds.items()
    }
    return ErrorModel(kinds, record.pace, record.speeds, record.running_speed)


def weeks_text(weeks: Sequence[Week]) -> list[tuple[str, float]]:
    return [(week.start.isoformat(), week.win_per_hour) for week in weeks]
