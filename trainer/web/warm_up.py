"""The server's warm-up: what a fresh server works out once, in the order a new learner meets it,
while it already answers.

A fresh server has no strategy charts, count studies or shoe-penetration studies on disk. Rather
than make the first learner wait (or hold the server back until all of it is done), the server
starts answering at once and a process of its own works them out in the background (forked by
gunicorn's ``when_ready`` before the workers, :func:`start_in_background`), in this order
(:func:`plan`):

1. the default game's strategy chart (the quiz, the table, every drill that plays hands);
2. its Hi-Lo count study (Deviations, Bet sizing, the table's count), through the count-study
   jobs of :mod:`trainer.web.views.count_jobs`, so that a learner who opens one of those pages
   meanwhile is shown that same job's progress rather than starting another;
3. its shoe-penetration studies (the penetration drill's chart);
4. the other presets' charts, the casino games before the source texts' games;
5. their shoe-penetration studies.

Whatever is there already is read, not worked out again. Each step prints a line as it ends, and
a long one its progress every few seconds, so the terminal is never silent for long. ``flask
--app trainer warm-up`` (``make charts``) runs the same steps in the foreground.

This module runs long by design (a count study takes half a minute or more): it is never called
in a request.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Flask

from trainer.engine.rulebook.rules import Rules, find_preset, preset_names

__all__ = ["COUNT_SYSTEM", "Step", "plan", "run", "start_in_background"]

COUNT_SYSTEM = "hi-lo"  # the counting system a new counter starts with
# A long step (a count study) says how far it is at least this often, in seconds.
PROGRESS_EVERY = 5.0

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
    steps = [Step("chart", default), Step("count study", default)]
    if default in names:  # penetration studies are kept per preset
        steps.append(Step("penetration", default))
    later = _later_presets(default, names)
    steps += [Step("chart", name) for name in later]
    steps += [Step("penetration", name) for name in later]
    return steps


def _chart(app: Flask, step: Step, echo: Echo) -> str:
    from trainer.engine.strategy import cache as strategy_cache
    from trainer.engine.strategy.cli import fill_preset
    from trainer.web.caches import strategy_cache_dir

    directory = strategy_cache_dir(app)
    if step.notation in preset_names():
        lines = fill_preset(step.notation, cache_dir=str(directory))
        first = next(lines).split(None, 1)[1].strip()
        readings = 0
        for line in lines:  # the text's other readings, a chart each: said as each is done
            readings += 1
            echo(f"  {step.words()}:{line.removeprefix('  reading:')}")
        return first + (f" and {readings} other readings" if readings else "")
    chart = strategy_cache.chart(Rules.parse(step.notation), cache_dir=directory)
    return f"house edge {chart.house_edge:.3f}%"


def _penetration(app: Flask, step: Step, echo: Echo) -> str:
    """Deal the preset's penetration studies not there yet, a line on each after the first
    few seconds (the first one dealt also compiles the simulator's kernel)."""
    from drills.counting import penetration_study
    from trainer.web.caches import penetration_cache_dir

    directory = penetration_cache_dir(app)
    start, dealt = time.monotonic(), 0
    for depth in penetration_study.penetrations_for(find_preset(step.notation)):
        if penetration_study.cached_study(step.notation, depth, COUNT_SYSTEM, cache_dir=directory):
            continue
        penetration_study.study(step.notation, depth, COUNT_SYSTEM, cache_dir=directory)
        dealt += 1
        if time.monotonic() - start > PROGRESS_EVERY:
            echo(f"  {step.words()}: the cut card at {float(depth):.0%} dealt")
    return f"{dealt} dealt" if dealt else "there already"


def _count_study(app: Flask, step: Step, echo: Echo) -> str:
    """Start the study's job (or find the one a learner started) and wait for it, saying how
    far it is every few seconds."""
    from trainer.engine.counting import find_system
    from trainer.engine.indices import cached_study
    from trainer.web.caches import strategy_cache_dir
    from trainer.web.views import count_jobs

    rules, system = Rules.parse(step.notation), find_system(COUNT_SYSTEM)
    directory = strategy_cache_dir(app)
    if cached_study(rules, system, cache_dir=directory) is not None:
        return "there already"
    with app.app_context():
        child = count_jobs.start_for_warm_up(rules, system)
    said = time.monotonic()
    try:
        while cached_study(rules, system, cache_dir=directory) is None:
            with app.app_context():
                state = count_jobs.job_state(rules, system)
            if child is not None and child.poll() is not None:
                if cached_study(rules, system, cache_dir=directory) is not None:
                    break
                return f"failed (the job ended with status {child.returncode})"
            if child is None:  # a learner's job: if it ended, failed or went quiet, our own
                with app.app_context():
                    child = count_jobs.start_for_warm_up(rules, system)
            if time.monotonic() - said >= PROGRESS_EVERY and state is not None:
                left = state.seconds_left
                echo(
                    f"  {step.words()}: charts at {state.done} of {state.total} counts"
                    + (f", about {left} s left" if left is not None else "")
                )
                said = time.monotonic()
            time.sleep(0.5)
    except BaseException:
        if child is not None:
            count_jobs.stop_for_warm_up(child, rules, system)
        raise
    return "worked out" if child is not None else "worked out (by a learner's job)"


_DOERS: dict[str, Callable[[Flask, Step, Echo], str]] = {
    "chart": _chart,
    "count study": _count_study,
    "penetration": _penetration,
}


def run(app: Flask, echo: Echo, steps: Sequence[Step] | None = None) -> int:
    """Do every step (by default :func:`plan`'s for the app's default rules), a line on each;
    how many failed (a failed step is said and the rest go on)."""
    steps = plan(app.config["DEFAULT_RULES"]) if steps is None else steps
    began = time.monotonic()
    failed = 0
    echo(f"What learners will ask for, worked out in order (steps: {len(steps)}).")
    for number, step in enumerate(steps, 1):
        start = time.monotonic()
        try:
            outcome = _DOERS[step.kind](app, step, echo)
        except Exception as error:  # noqa: BLE001 (one step's failure must not stop the rest)
            failed += 1
            outcome = f"failed: {error}"
        echo(
            f"[{number}/{len(steps)}] {step.words()}: {outcome} ({time.monotonic() - start:.1f} s)"
        )
    echo(
        f"Done in {time.monotonic() - began:.0f} s"
        + (f"; {failed} failed (the pages work them out when asked)." if failed else ".")
    )
    return failed


def _background_echo(text: str) -> None:
    print(f"[warm-up] {text}", file=sys.stderr, flush=True)


def _exit_on_signal(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # unwinds: a count job started is ended and marked so


def start_in_background(app: Flask, listeners: Sequence[Any] = ()) -> int | None:
    """Fork a process that runs the warm-up while the server answers (gunicorn's master calls
    this before it forks its workers); its id, or None where the app says not to
    (``WARM_UP = False``: the tests, or an operator who ran ``make charts``).

    The child drops the server's signal handlers and listening sockets (it serves nothing, and
    must not keep the port when the server stops) and ends when the warm-up is done."""
    if not app.config.get("WARM_UP", True):
        return None
    pid = os.fork()
    if pid:
        return pid
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, _exit_on_signal)
        signal.signal(signal.SIGHUP, _exit_on_signal)
        for sig in (signal.SIGQUIT, signal.SIGCHLD):
            signal.signal(sig, signal.SIG_DFL)
        for sig in (signal.SIGUSR1, signal.SIGUSR2, signal.SIGTTIN, signal.SIGTTOU):
            signal.signal(sig, signal.SIG_IGN)
        for listener in listeners:
            with contextlib.suppress(OSError):
                listener.close()
        code = 1 if run(app, _background_echo) else 0
    except BaseException:  # noqa: BLE001 (a forked child never returns into the server)
        code = 1
    finally:
        os._exit(code)
