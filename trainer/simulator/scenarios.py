"""One game played several times over with different count errors: a learner's game beside a
perfect counter's ("your game", :mod:`drills.your_game`), run as a job of the app.

Every run has the same rules, count, ramp and seed: the same shuffles (the miscounts draw from
a stream of their own), so that the differences between the runs are the count errors' and
not the cards'. The ramp is the learner's Kelly ramp (:func:`trainer.engine.indices.bet_ramp`)
for their bankroll and risk, as the bet-sizing drill teaches it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from trainer.engine.counting import find_system
from trainer.engine.indices import bet_ramp, cached_study, study
from trainer.engine.rulebook.rules import Rules
from trainer.simulator.settings import settings_from, simulate
from trainer.simulator.tables import CountNoise

__all__ = ["MAX_RUNS", "kelly_ramp", "play_runs"]

MAX_RUNS = 8


def kelly_ramp(rules: Rules, system_slug: str, bankroll: Fraction, risk: float) -> str:
    """The learner's ramp as the simulator's text (``"1@-99,2@1,..."``), in table minimums:
    each count's Kelly bet from that count up (the count study worked out where not cached)."""
    system = find_system(system_slug)
    found = cached_study(rules, system) or study(rules, system)
    ramp = bet_ramp(found.edge, bankroll, risk)
    steps: list[str] = []
    last = None
    for count, bet in sorted(ramp.bets):
        units = bet / rules.min_bet
        if units != last:
            steps.append(f"{float(units):g}@{count if steps else -99}")
            last = units
    return ",".join(steps)


def play_runs(
    params: Mapping[str, Any],
    progress: Callable[[int, int], None],
    stage: Callable[[str], None],
) -> dict[str, Any]:
    """Play each of ``params["runs"]`` (name: the count errors, running count per card, true
    count, decks) ``params["rounds"]`` rounds of ``params["rules"]`` in ``params["system"]``
    with the learner's ramp; each run's win, SD and average bet a round (table minimums) and
    hands a round, with the win's standard error."""
    words = str(params["rules"]).split()
    rules = Rules.parse(" ".join(words))
    bankroll = Fraction(str(params["bankroll"]))
    stage("ramp")
    ramp = kelly_ramp(rules, params["system"], bankroll, float(params["risk"]))
    base = settings_from(
        preset=words[0],
        options=words[1:],
        rounds=int(params["rounds"]),
        system=params["system"],
        ramp=ramp,
        seed=int(params.get("seed", 1)),
    )
    runs = dict(list(params["runs"].items())[:MAX_RUNS])
    unit = float(rules.min_bet)
    found = {}
    total = base.rounds * len(runs)
    stage("rounds")
    for i, (name, noise) in enumerate(runs.items()):
        settings = dataclasses.replace(base, noise=CountNoise(*(float(v) for v in noise)))
        summary = simulate(settings, progress=_counted_on(progress, i * base.rounds, total))
        found[name] = {
            "win": summary.win_per_100 / 100 / unit,
            "se": summary.se_percent / 100 * summary.average_bet / unit,
            "sd": summary.sd_per_100 / 10 / unit,
            "bet": summary.average_bet / unit,
            "hands": summary.hands / max(summary.rounds, 1),
        }
    return {
        "runs": found,
        "ramp": ramp,
        "unit": unit,
        "bankroll_units": float(bankroll / rules.min_bet),
        "rounds": base.rounds,
    }


def _counted_on(
    progress: Callable[[int, int], None], before: int, total: int
) -> Callable[[int, int], None]:
    """A run's progress told as the whole job's: the runs before it counted in."""

    def told(done: int, _total: int) -> None:
        progress(before + done, total)

    return told
