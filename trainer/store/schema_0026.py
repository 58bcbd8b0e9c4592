"""Schema migration 0026 (see ``trainer.store.migrations``): never edit a shipped one."""

from __future__ import annotations

import sqlite_utils

from trainer.store.migration import migration


@migration("0026_job_priority")
def _job_priority(db: sqlite_utils.Database) -> None:
    # Which queued job a worker takes first (trainer/store/jobs.py's claim): 1 where a learner
    # waits on it (asked for it, or is shown the warm-up's job making what they asked for), 0
    # for the server's own background work (the warm-up); the oldest first within each.
    db.execute("ALTER TABLE jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 0")
    db.execute("UPDATE jobs SET priority = 1 WHERE owner_id IS NOT NULL")
