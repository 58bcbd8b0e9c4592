"""What each kind of job does: a function of the job's parameters (JSON, as stored) and a
:class:`Report` to say how far it is, returning the job's result (JSON).

Every kind writes what it works out where the pages read it (the app's caches, passed in the
parameters) or returns it as its result (a simulation's figures). None of them knows the web
app: the parameters carry everything, so a job runs the same inline in a test, in a job worker
of the server, or on another machine's worker.

This module runs long by design: it is never called in a request (except inline, in tests).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

__all__ = [
    "KINDS",
    "Report",
    "Runner",
    "chart_key",
    "count_study_key",
    "figures_key",
    "penetration_key",
]


class Report(Protocol):
    """How a running job says how far it is."""

    def progress(self, done: int, total: int) -> None: ...

    def stage(self, name: str) -> None: ...


Runner = Callable[[dict[str, Any], Report], Any]


def count_study_key(notation: str, system: str) -> str:
    return f"count-study {notation} {system}"


def chart_key(notation: str) -> str:
    return f"chart {notation}"


# What a chart job does, by its rules (:func:`chart_work`), and the seconds it takes where no
# like job has been recorded on this server yet, measured on 2 cores under load: a chart
# alone some 1.6 to 4.8 s; 004's banker fixed point about a second more; 002's deal method 3
# equilibrium after the chart some 35 s. A job that fills a whole preset (the warm-up's) does
# its other readings too, about twice the work.
CHART_SECONDS = {"chart": 5.0, "banker": 8.0, "method3": 40.0}


def chart_work(params: dict[str, Any]) -> str:
    """What a chart job of ``params`` works out, as :data:`CHART_SECONDS` names it ("chart",
    "banker" or "method3"), " whole" after it for a whole preset; "other" for rules that no
    longer read (a job stored by an older version)."""
    from trainer.engine.banker.face_down import face_down_game
    from trainer.engine.rulebook.rule_options import InvalidRulesError
    from trainer.engine.rulebook.rules import Rules

    try:
        rules = Rules.parse(str(params.get("rules", ""))[:400])
    except InvalidRulesError:
        return "other"
    if rules.played().deal_method == 3:
        work = "method3"
    elif face_down_game(rules):
        work = "banker"
    else:
        work = "chart"
    return f"{work} whole" if params.get("whole_preset") else work


def penetration_key(preset: str) -> str:
    return f"penetration {preset}"


def figures_key(drill: str, notation: str, question: str) -> str:
    return f"figures {drill} {notation} {question}"


def _count_study(params: dict[str, Any], report: Report) -> Any:
    """The indices and the edge by count of ``rules`` in ``system``, into ``cache_dir``; its
    result says where the job's time went (``seconds``: the engine's import, the chart at the
    first count, the rest: ``bench/counting_page.py`` prints them)."""
    began = time.monotonic()
    from trainer.engine.counting import find_system
    from trainer.engine.indices import study
    from trainer.engine.rulebook.rules import Rules

    loaded = time.monotonic()
    first: list[float] = []

    def progress(done: int, total: int) -> None:
        if not first:
            first.append(time.monotonic())
        report.progress(done, total)

    rules, system = Rules.parse(params["rules"]), find_system(params["system"])
    study(
        rules,
        system,
        cache_dir=params.get("cache_dir"),
        jobs=int(params.get("processes", 1)),
        progress=progress,
    )
    ended = time.monotonic()
    at_first = first[0] if first else ended
    seconds = {
        "import": loaded - began,
        "first_count": at_first - loaded,
        "other_counts": ended - at_first,
    }
    return {
        "rules": params["rules"],
        "system": params["system"],
        "seconds": {part: round(value, 3) for part, value in seconds.items()},
    }


def _chart(params: dict[str, Any], report: Report) -> Any:
    """The strategy chart of ``rules`` into ``cache_dir`` (and, for 004 dealt face down, the
    banker's fixed point beside the charts; for 002's deal method 3, its game); for a preset,
    its text's advice and its other readings' charts too (what the warm-up fills)."""
    from trainer.engine.banker.face_down import face_down_game, fixed_point
    from trainer.engine.rulebook.rules import Rules, preset_names
    from trainer.engine.strategy import cache as strategy_cache
    from trainer.engine.strategy.cli import fill_preset

    notation, directory = params["rules"], params.get("cache_dir")
    rules = Rules.parse(notation)
    report.progress(0, 1)
    if face_down_game(rules):
        fixed_point(rules)
    if params.get("whole_preset") and notation in preset_names():
        lines = list(fill_preset(notation, cache_dir=directory))
        _method3(rules)
        report.progress(1, 1)
        return {"lines": lines}
    chart = strategy_cache.chart(rules, cache_dir=directory)
    _method3(rules)
    report.progress(1, 1)
    return {"house_edge": chart.house_edge}


def _method3(rules: Any) -> None:
    """002's deal method 3 game of ``rules`` (the game played, without the auction for the
    deal), worked out after the chart it reads and kept beside it: some seconds, never in a
    request."""
    from trainer.engine.banker.method3 import method3_game

    played = rules.played()
    if played.deal_method == 3:
        method3_game(played)


def _fixed_point(params: dict[str, Any], report: Report) -> Any:
    """The banker's fixed point of ``rules`` (004 dealt face down), kept beside the charts."""
    from trainer.engine.banker.face_down import fixed_point
    from trainer.engine.rulebook.rules import Rules

    report.progress(0, 1)
    point = fixed_point(Rules.parse(params["rules"]))
    report.progress(1, 1)
    return {"edge": point.edge}


def _penetration(params: dict[str, Any], report: Report) -> Any:
    """The shoe-penetration studies of ``preset`` not dealt yet, into ``cache_dir``."""
    from drills.counting import penetration_study
    from trainer.engine.rulebook.rules import find_preset

    preset, system, directory = params["preset"], params["system"], params.get("cache_dir")
    depths = list(penetration_study.penetrations_for(find_preset(preset)))
    dealt = 0
    for done, depth in enumerate(depths):
        report.progress(done, len(depths))
        if penetration_study.cached_study(preset, depth, system, cache_dir=directory):
            continue
        penetration_study.study(preset, depth, system, cache_dir=directory)
        dealt += 1
    report.progress(len(depths), len(depths))
    return {"dealt": dealt}


@contextmanager
def _cache_dir(directory: str | None) -> Iterator[None]:
    """The engine's default chart cache pointed at ``directory`` while a simulation runs (the
    simulator reads the charts and studies from the default)."""
    before = os.environ.get("TRAINER_CACHE_DIR")
    if directory:
        os.environ["TRAINER_CACHE_DIR"] = directory
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("TRAINER_CACHE_DIR", None)
        else:
            os.environ["TRAINER_CACHE_DIR"] = before


def _figures(params: dict[str, Any], report: Report) -> Any:
    """The figures one question of ``drill`` is graded by, under ``rules``, into ``cache_dir``
    (:class:`drills.FiguresOffRequest`: a deviation's EVs at its count)."""
    from pathlib import Path

    from drills import FiguresOffRequest, get_drill
    from drills.caches import Caches
    from trainer.engine.rulebook.rules import Rules

    drill, directory = get_drill(params["drill"]), params.get("cache_dir")
    report.progress(0, 1)
    if isinstance(drill, FiguresOffRequest):
        caches = Caches(strategy=Path(directory)) if directory else None
        drill.work_figures(params["question"], Rules.parse(params["rules"]), caches=caches)
    report.progress(1, 1)
    return {"drill": params["drill"], "question": params["question"]}


def _simulation(params: dict[str, Any], report: Report) -> Any:
    """A learner's simulation (:mod:`trainer.simulator.job`): its figures and a few paths."""
    from trainer.simulator.job import simulate_job

    with _cache_dir(params.get("cache_dir")):
        return simulate_job(params, report.progress, report.stage)


def _your_game(params: dict[str, Any], report: Report) -> Any:
    """A learner's game beside a perfect counter's (:mod:`trainer.simulator.scenarios`)."""
    from trainer.simulator.scenarios import play_runs

    with _cache_dir(params.get("cache_dir")):
        return play_runs(params, report.progress, report.stage)


KINDS: dict[str, Runner] = {
    "count-study": _count_study,
    "chart": _chart,
    "fixed-point": _fixed_point,
    "penetration": _penetration,
    "figures": _figures,
    "simulation": _simulation,
    "your-game": _your_game,
}
