"""Schema migrations, applied in order at start-up (``create_app``) and by ``flask init-db``.

A migration is a function taking the database, registered with ``@migration("NNNN_name")``
(``trainer.store.migration``) in a ``trainer.store.schema_NNNN`` module, the number of its first
migration; the modules are imported below in order. To change the schema, append a new
migration to the last module (or start a new one, imported last); never edit one that has
shipped. Each runs inside one write transaction together with its entry in ``_migrations``, so a
failed migration leaves nothing behind and two workers starting at once apply it once.
"""

from __future__ import annotations

import sqlite_utils

from trainer.store import (  # noqa: F401  (they register, in order)
    schema_0001,
    schema_0011,
    schema_0021,
    schema_0022,
    schema_0023,
    schema_0024,
    schema_0025,
    schema_0026,
    schema_0027,
)
from trainer.store.db import transaction, utc_now
from trainer.store.migration import MIGRATIONS, Migration, migration

__all__ = ["MIGRATIONS", "Migration", "applied_migrations", "migrate", "migration"]


def migrate(db: sqlite_utils.Database) -> list[str]:
    """Apply every migration not applied yet; return the names applied now."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    # Read once: at start-up every migration is usually applied, and a write transaction
    # each took the write lock 29 times a start (1.6 ms against 1.0 to open and check a
    # database on /dev/shm). One not applied is checked again in its own write transaction,
    # where a worker starting beside this one may have applied it meanwhile.
    done_before = {row[0] for row in db.execute("SELECT name FROM _migrations").fetchall()}
    applied = []
    for name, fn in MIGRATIONS:
        if name in done_before:
            continue
        with transaction(db):
            done = db.execute("SELECT 1 FROM _migrations WHERE name = ?", [name]).fetchone()
            if done:
                continue
            fn(db)
            db.execute(
                "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)", [name, utc_now()]
            )
        applied.append(name)
    return applied


def applied_migrations(db: sqlite_utils.Database) -> list[str]:
    """The names of the migrations applied to ``db``, oldest first."""
    if "_migrations" not in db.table_names():
        return []
    return [row["name"] for row in db.query("SELECT name FROM _migrations ORDER BY rowid")]
