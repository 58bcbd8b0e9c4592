"""The schema migrations' register: a migration is a function taking the database, registered
with ``@migration("NNNN_name")`` in one of the ``trainer.store.schema_*`` modules, which
``trainer.store.migrations`` imports in order and applies."""

from __future__ import annotations

from collections.abc import Callable

import sqlite_utils

Migration = Callable[[sqlite_utils.Database], None]
MIGRATIONS: list[tuple[str, Migration]] = []


def migration(name: str) -> Callable[[Migration], Migration]:
    """Register ``fn`` as the migration called ``name`` (names must be unique)."""

    def register(fn: Migration) -> Migration:
        if any(existing == name for existing, _ in MIGRATIONS):
            raise ValueError(f"two migrations are called {name!r}")
        MIGRATIONS.append((name, fn))
        return fn

    return register
