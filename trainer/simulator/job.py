"""A simulation job of the app, run as its own process: ``python -m trainer.simulator.job
DATABASE JOB_ID``.

A simulation is a job of the app's job queue (:mod:`trainer.jobs`, kind ``simulation``):
:func:`simulate_job` plays it from the job's fields, saying its progress after each block, and
returns the figures (``simulate --json``'s) with a few bankroll paths. ``python -m
trainer.jobs.worker DATABASE JOB_ID`` runs one queued job in a process of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from trainer.engine.words import N_
from trainer.simulator.cluster import dask_blocks, dask_installed, local_cluster
from trainer.simulator.run import paths
from trainer.simulator.settings import (
    MAX_ROUNDS,
    MAX_WORKERS,
    InvalidSettingError,
    Settings,
    job_of,
    settings_from,
)
from trainer.simulator.settings import simulate as run_settings

__all__ = [
    "PATHS",
    "STAGES",
    "block_rounds_for",
    "settings_of",
    "simulate_job",
]

# Progress is written after each block: some 40 blocks a run, of 10,000 to 100,000 rounds.
BLOCKS_A_RUN = 40
BLOCK_LIMITS = (10_000, 100_000)
PATHS = 5
# Other players, back-counting and more hands (:func:`settings_from`'s ``table``).
TABLE_FIELDS = ("others", "enter", "leave", "spots", "spots_at")
PATH_ROUNDS = 2_000
# What a running job says it is doing (the job's ``stage``), as its page says it.
STAGES = {
    "chart": N_("Working out the basic strategy of these rules"),
    "indices": N_("Working out the indices of the count (a minute or so the first time)"),
    "compile": N_("Loading the simulator (compiled the first time, some seconds)"),
    "cluster": N_("Starting the worker processes"),
    "rounds": N_("Playing the rounds"),
    "sweep": N_("Playing the rounds at each penetration of the sweep"),
    "paths": N_("Playing a few bankroll paths"),
}


def block_rounds_for(rounds: int) -> int:
    """The rounds of a job's blocks: some :data:`BLOCKS_A_RUN` a run, within the limits."""
    low, high = BLOCK_LIMITS
    return max(low, min(high, -(-rounds // BLOCKS_A_RUN)))


def settings_of(
    fields: dict[str, Any], *, max_rounds: int = MAX_ROUNDS, max_workers: int = MAX_WORKERS
) -> Settings:
    """The job row's settings (the form's fields) as checked settings, the rounds and the
    workers within the bounds given (the app's).

    :raises InvalidSettingError: naming every field at fault.
    """
    words = str(fields.get("rules", "")).split()
    if not words:
        raise InvalidSettingError("rules", "no rules given")
    return settings_from(
        preset=words[0],
        options=words[1:],
        rounds=fields.get("rounds", 0),
        seats=fields.get("seats", 1),
        system=fields.get("system", "hi-lo"),
        indices=fields.get("indices", "none"),
        ramp=fields.get("ramp") or None,
        bankroll=fields.get("bankroll") or None,
        seed=fields.get("seed", 0),
        workers=fields.get("workers", 1),
        sweep=fields.get("sweep") or None,
        table={name: fields.get(name) for name in TABLE_FIELDS},
        max_rounds=max_rounds,
        max_workers=max_workers,
    )


def _paths(settings: Settings) -> list[list[float]]:
    """A few bankroll paths (from the bankroll, or from 0), one point per 20 rounds."""
    job = job_of(settings)
    start = float(settings.bankroll or 0)
    unit = float(settings.rules.min_bet)
    rounds = min(PATH_ROUNDS, settings.rounds)
    return [
        [round(start + float(v) * unit, 2) for v in path[::20]]
        for path in paths(job, PATHS, rounds)
    ]


@contextmanager
def blocks_for(cluster: str | None, workers: int, stage: Callable[[str], None]) -> Iterator[Any]:
    """Where a job's blocks are played, and that in words: with ``cluster`` ``"local"`` and
    more than one worker, a local Dask cluster of ``workers`` (started for the job, where Dask
    is installed); with a scheduler's address, that cluster; else ``workers`` processes of
    the job's own."""
    if cluster and cluster != "local":
        yield dask_blocks(cluster), f"the Dask cluster at {cluster}"
        return
    if cluster == "local" and workers > 1 and dask_installed():
        stage("cluster")
        with local_cluster(workers) as address:
            yield dask_blocks(address), f"a local Dask cluster of {workers} workers"
        return
    where = f"{workers} worker processes" if workers > 1 else "one process"
    why = " (Dask is not installed here)" if cluster == "local" and workers > 1 else ""
    yield None, f"{where} of this server{why}"


def simulate_job(
    fields: dict[str, Any],
    progress: Callable[[int, int], None],
    stage: Callable[[str], None],
) -> dict[str, Any]:
    """Run the simulation a job's fields (the form's, as checked) ask for: its figures
    (``simulate --json``'s), where it ran, and a few bankroll paths."""
    settings = settings_of(fields)
    total = int(fields.get("rounds_total", settings.rounds))
    with blocks_for(fields.get("cluster"), settings.workers, stage) as (blocks, where):
        summary = run_settings(
            settings,
            progress=lambda done, _total: progress(done, total),
            stage=stage,
            map_blocks=blocks,
            block_rounds=block_rounds_for(settings.rounds),
        )
    result = {**summary.to_json(), "ran_on": where}
    stage("paths")
    result["paths"] = _paths(settings)
    return result
