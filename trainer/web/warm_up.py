"""The server's warm-up: what a fresh server works out once, in the order a new learner meets it,
queued as jobs (:mod:`trainer.jobs`) that the server's job workers run while it already answers.

A fresh server has no strategy charts, count studies or shoe-penetration studies on disk. Rather
than make the first learner wait (or hold the server back until all of it is done), the server
starts answering at once; gunicorn's ``when_ready`` queues the warm-up's jobs (:func:`enqueue`)
before it starts the job workers, in this order (:func:`plan`):

1. the default game's strategy chart (the quiz, the table, every drill that plays hands);
   each chart's job also works out what its game's pages read beside it (004 dealt face
   down: the banker's fixed point; 002's deal method 3: the dealer's double, some seconds);
2. its Hi-Lo count study (Deviations, Bet sizing, the table's count), the same job a learner
   who opens one of those pages meanwhile is shown the progress of (the jobs are shared);
3. its shoe-penetration studies (the penetration drill's chart);
4. the other presets' charts, the casino games before the source texts' games;
5. their shoe-penetration studies;
6. their Hi-Lo count studies.

The warm-up's jobs are the server's own (no owner): a learner's job is taken before them, and
so is one of theirs that a learner's page waits on (:func:`trainer.web.jobs.waited_on`).
Whatever is there already is not queued. The workers log each job's start and end. ``flask
--app trainer warm-up`` (``make charts``) runs the same steps in the foreground, a line each.

This module runs long by design in the foreground (a count study takes half a minute or more):
it is never called in a request.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Flask

from trainer.engine.banker.face_down import face_down_game
from trainer.engine.rulebook.rules import Rules, find_preset, preset_names
from trainer.engine.strategy.cli import whose_edge

__all__ = ["COUNT_SYSTEM", "Step", "enqueue", "plan", "run"]

COUNT_SYSTEM = "hi-lo"  # the counting system a new counter starts with

Echo = Callable[[str], None]


@dataclass(frozen=True)
class Step:
    """One piece of the warm-up: a ``kind`` of result for the rules ``notation`` names."""

    kind: str  # "chart", "count study" or "penetration"
    notation: str

    def words(self) -> str:
        if self.kind == "chart":
            return f"strategy chart of {self.notation}"
        if self.kind == "count study":
            return f"{COUNT_SYSTEM} count study (indices, edge by count) of {self.notation}"
        return f"shoe-penetration studies of {self.notation}"


def _later_presets(default: str, names: Sequence[str]) -> list[str]:
    """Every preset but the default: the casino games (no reading of an old text to explain)
    before the source texts' games, each group in the registry's order."""
    others = [name for name in names if name != default]
    return sorted(others, key=lambda name: bool(find_preset(name).interpretation))


def plan(default: str, names: Sequence[str] | None = None) -> list[Step]:
    """The warm-up's steps, in the order a new learner meets what they make (module doc)."""
    names = list(preset_names() if names is None else names)
    steps = [Step("chart", default)]
    if _counted(Rules.parse(default)):
        steps.append(Step("count study", default))
    if default in names:  # penetration studies are kept per preset
        steps.append(Step("penetration", default))
    later = _later_presets(default, names)
    steps += [Step("chart", name) for name in later]
    steps += [Step("penetration", name) for name in later]
    steps += [Step("count study", name) for name in later if _counted(find_preset(name))]
    return steps


def _counted(rules: Rules) -> bool:
    """Whether a count study applies to the game: not to 004 dealt face down, whose banker
    shows no card (no page reads one: drills/count_study.py says the study is not for it)."""
    return not face_down_game(rules)


def _job_of(app: Flask, step: Step) -> tuple[str, dict[str, Any], str, int]:
    """The job that makes ``step``: its kind, parameters, key and progress total."""
    from trainer.engine.indices.table import GRID_POINTS
    from trainer.jobs import kinds
    from trainer.web.caches import penetration_cache_dir, strategy_cache_dir

    strategy = str(strategy_cache_dir(app))
    if step.kind == "chart":
        params = {"rules": step.notation, "cache_dir": strategy, "whole_preset": True}
        return "chart", params, kinds.chart_key(step.notation), 1
    if step.kind == "count study":
        params = {
            "rules": step.notation,
            "system": COUNT_SYSTEM,
            "cache_dir": strategy,
            "processes": min(os.cpu_count() or 1, 2),  # another job may run beside it
        }
        return (
            "count-study",
            params,
            kinds.count_study_key(step.notation, COUNT_SYSTEM),
            GRID_POINTS,
        )
    params = {
        "preset": step.notation,
        "system": COUNT_SYSTEM,
        "cache_dir": str(penetration_cache_dir(app)),
    }
    return "penetration", params, kinds.penetration_key(step.notation), 0


def _there(app: Flask, step: Step) -> bool:
    """Whether what ``step`` makes is worked out already (nothing to queue)."""
    from drills.counting import penetration_study
    from trainer.engine.banker.face_down import cached_fixed_point, face_down_game
    from trainer.engine.banker.method3 import cached_method3_game
    from trainer.engine.counting import find_system
    from trainer.engine.indices import cached_study
    from trainer.engine.strategy.cache import cached
    from trainer.web.caches import penetration_cache_dir, strategy_cache_dir

    try:
        rules = Rules.parse(step.notation)
    except ValueError:
        return False
    if step.kind == "chart":  # what the quiz and the table wait for (chart_jobs' _ready)
        return (
            cached(rules, cache_dir=strategy_cache_dir(app)) is not None
            and (not face_down_game(rules) or cached_fixed_point(rules) is not None)
            and (rules.deal_method != 3 or cached_method3_game(rules) is not None)
        )
    if step.kind == "count study":
        found = cached_study(rules, find_system(COUNT_SYSTEM), cache_dir=strategy_cache_dir(app))
        return found is not None
    directory = penetration_cache_dir(app)
    return all(
        penetration_study.cached_study(step.notation, depth, COUNT_SYSTEM, cache_dir=directory)
        for depth in penetration_study.penetrations_for(rules)
    )


def _enqueue_step(app: Flask, db: Any, step: Step) -> Any:
    from trainer.store import jobs

    kind, params, key, total = _job_of(app, step)
    return jobs.enqueue(db, kind, params, key=key, total=total)[0]


def enqueue(app: Flask, steps: Sequence[Step] | None = None) -> int:
    """Queue the warm-up's jobs (by default :func:`plan`'s) for what is not there yet; how
    many were queued (a job already queued or running for one is left as it is)."""
    from trainer.store import open_db

    if not app.config.get("WARM_UP", True):
        return 0
    steps = plan(app.config["DEFAULT_RULES"]) if steps is None else steps
    db = open_db(app.config["DATABASE"])
    queued = 0
    try:
        for step in steps:
            if not _there(app, step):
                _enqueue_step(app, db, step)
                queued += 1
    finally:
        db.conn.close()
    return queued


def _outcome(job: Any) -> str:
    if job.failed:
        return f"failed: {job.error}"
    result = job.result or {}
    if "lines" in result:
        first, readings = result["lines"][0].split(None, 1)[1].strip(), len(result["lines"]) - 1
        return first + (f" and {readings} other readings" if readings else "")
    if "house_edge" in result:
        return whose_edge(result["house_edge"])
    if "dealt" in result:
        return f"{result['dealt']} dealt" if result["dealt"] else "there already"
    return "worked out"


def _run_step(app: Flask, db: Any, step: Step) -> tuple[str, bool]:
    """Do ``step`` in this process (or wait for the job already running it); how it went."""
    from trainer.store import jobs
    from trainer.web.jobs import run_inline

    if _there(app, step) and step.kind != "chart":
        return "there already", True
    job = _enqueue_step(app, db, step)
    if job.state == "queued":
        run_inline(db, job)
    while (found := jobs.get(db, job.id)) is not None and not found.finished:
        time.sleep(0.5)  # another process runs it
    if found is None:
        return "failed: its job was removed", False
    return _outcome(found), not found.failed


def run(
    app: Flask,
    echo: Echo,
    steps: Sequence[Step] | None = None,
    step_done: Callable[[int], None] | None = None,
) -> int:
    """Do every step in this process (by default :func:`plan`'s for the app's default rules),
    a line on each, ``step_done`` told how many are done (a progress bar); how many failed (a
    failed step is said and the rest go on)."""
    from trainer.store import open_db

    steps = plan(app.config["DEFAULT_RULES"]) if steps is None else steps
    began = time.monotonic()
    failed = 0
    echo(f"What learners will ask for, worked out in order (steps: {len(steps)}).")
    db = open_db(app.config["DATABASE"])
    try:
        for number, step in enumerate(steps, 1):
            start = time.monotonic()
            try:
                outcome, ok = _run_step(app, db, step)
            except Exception as error:  # noqa: BLE001 (one step's failure must not stop the rest)
                outcome, ok = f"failed: {error}", False
            failed += not ok
            echo(
                f"[{number}/{len(steps)}] {step.words()}: {outcome} "
                f"({time.monotonic() - start:.1f} s)"
            )
            if step_done is not None:
                step_done(number)
    finally:
        db.conn.close()
    echo(
        f"Done in {time.monotonic() - began:.0f} s"
        + (f"; {failed} failed (the pages work them out when asked)." if failed else ".")
    )
    return failed
