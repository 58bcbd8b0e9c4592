"""A simulation job of the app, run as its own process: ``python -m trainer.simulator.job
DATABASE JOB_ID``.

It reads the job's settings from its row (:mod:`trainer.store.simulations`), says it has
started (its pid), writes its progress after each block, and at the end the figures
(``simulate --json``'s) with a few bankroll paths; or the error that stopped it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from trainer.simulator.run import paths
from trainer.simulator.settings import InvalidSettingError, Settings, job_of, settings_from
from trainer.simulator.settings import simulate as run_settings
from trainer.store import open_db, simulations

__all__ = ["BLOCK_ROUNDS", "PATHS", "main", "settings_of"]

BLOCK_ROUNDS = 100_000  # progress is written after each block
PATHS = 5
PATH_ROUNDS = 2_000


def settings_of(fields: dict[str, Any]) -> Settings:
    """The job row's settings (the form's fields) as checked settings.

    :raises InvalidSettingError: naming the field at fault.
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


def run_job(database: str, job_id: int) -> int:
    db = open_db(database)
    job = simulations.get_job(db, job_id)
    if job is None or job.finished or not simulations.started(db, job_id, os.getpid()):
        return 1
    try:
        settings = settings_of(job.settings)
        summary = run_settings(
            settings,
            progress=lambda done, _total: simulations.progress(db, job_id, done),
            block_rounds=BLOCK_ROUNDS,
        )
        result = summary.to_json()
        result["paths"] = _paths(settings)
        simulations.finish(db, job_id, result)
    except Exception as exc:  # noqa: BLE001 (any failure is the job's, told on its page)
        simulations.fail(db, job_id, f"{type(exc).__name__}: {exc}")
        return 1
    return 0


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not argv[1].isdigit():
        print("usage: python -m trainer.simulator.job DATABASE JOB_ID", file=sys.stderr)
        return 2
    return run_job(argv[0], int(argv[1]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
