"""One game played several times over with different count errors: a learner's game beside a
perfect counter's ("your game", :mod:`drills.your_game`), run as a job of the app.

Every run has the same rules, count, ramp and seed: the same shuffles (the miscounts draw from
a stream of their own), so that the differences between the runs are the count errors' and
not the cards'. The ramp is the learner's Kelly ramp (:func:`trainer.engine.indices.bet_ramp`)
for their bankroll and risk, as the bet-sizing drill teaches it.
"""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from trainer.engine.counting import find_system
from trainer.engine.indices import bet_ramp, cached_study, study
from trainer.engine.rulebook.rules import Rules
from trainer.simulator.settings import settings_from, simulate
from trainer.simulator.summary import Summary
from trainer.simulator.tables import CountNoise

__all__ = ["MAX_RUNS", "kelly_ramp", "play_runs"]

MAX_RUNS = 8
# A run is played as this many chunks, seeded 0..7 on from the job's seed, each run's the same:
# the chunks' spread is the win's standard error, and a difference between two runs is taken
# chunk by chunk (the same cards), its error from the spread of the differences.
CHUNKS = 8


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
    with the learner's ramp, in :data:`CHUNKS` chunks; each run's win, SD and average bet a
    round (table minimums) and hands a round, with the win's standard error and each chunk's
    win."""
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
    chunk = dataclasses.replace(base, rounds=max(base.rounds // CHUNKS, 1))
    total = chunk.rounds * CHUNKS * len(runs)
    stage("rounds")
    found = {}
    for i, (name, noise) in enumerate(runs.items()):
        errors = CountNoise(*(float(v) for v in noise))
        parts = []
        for c in range(CHUNKS):  # the same seeds in every run: its chunks pair with theirs
            settings = dataclasses.replace(chunk, noise=errors, seed=base.seed + c)
            told = _counted_on(progress, (i * CHUNKS + c) * chunk.rounds, total)
            parts.append(_figures(simulate(settings, progress=told), unit))
        found[name] = _pooled(parts)
    return {
        "runs": found,
        "ramp": ramp,
        "unit": unit,
        "bankroll_units": float(bankroll / rules.min_bet),
        "rounds": chunk.rounds * CHUNKS,
    }


def _figures(summary: Summary, unit: float) -> dict[str, float]:
    """A chunk's win, mean square, average bet (table minimums a round) and hands a round."""
    win = float(summary.win_per_100) / 100 / unit
    sd = float(summary.sd_per_100) / 10 / unit
    return {
        "win": win,
        "square": sd * sd + win * win,
        "bet": summary.average_bet / unit,
        "hands": summary.hands / max(summary.rounds, 1),
    }


def _pooled(parts: list[dict[str, float]]) -> dict[str, Any]:
    """A run's figures from its chunks of equal rounds: the means, the SD a round, and the
    win's standard error from the chunks' spread; each chunk's win kept (``wins``) to pair."""
    wins = [part["win"] for part in parts]
    win = statistics.fmean(wins)
    square = statistics.fmean(part["square"] for part in parts)
    return {
        "win": win,
        "se": statistics.stdev(wins) / math.sqrt(len(wins)),
        "sd": math.sqrt(max(square - win * win, 0.0)),
        "bet": statistics.fmean(part["bet"] for part in parts),
        "hands": statistics.fmean(part["hands"] for part in parts),
        "wins": wins,
    }


def _counted_on(
    progress: Callable[[int, int], None], before: int, total: int
) -> Callable[[int, int], None]:
    """A run's progress told as the whole job's: the runs before it counted in."""

    def told(done: int, _total: int) -> None:
        progress(before + done, total)

    return told
