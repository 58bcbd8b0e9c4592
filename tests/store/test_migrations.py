"""Migrations: applied once, in order, atomically; the database runs in WAL with a busy timeout."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer import store
from trainer.store import migrations


def test_a_fresh_database_gets_every_table(tmp_path: Path) -> None:
    db = store.open_db(tmp_path / "fresh.sqlite3")
    applied = store.migrate(db)
    assert applied == [name for name, _ in migrations.MIGRATIONS]
    assert {"users", "attempts", "sign_in_failures", "_migrations"} <= set(db.table_names())
    assert migrations.applied_migrations(db) == applied
    db.close()


def test_migrating_again_applies_nothing(tmp_path: Path) -> None:
    db = store.open_db(tmp_path / "again.sqlite3")
    store.migrate(db)
    assert store.migrate(db) == []
    db.close()


def test_the_database_uses_wal_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    db = store.open_db(tmp_path / "pragmas.sqlite3")
    assert db.journal_mode == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    db.close()


def test_a_failing_migration_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = store.open_db(tmp_path / "failing.sqlite3")
    store.migrate(db)

    def half_done(database):
        database.execute("CREATE TABLE half_done (id INTEGER PRIMARY KEY)")
        raise RuntimeError("the second step fails")

    monkeypatch.setattr(
        migrations, "MIGRATIONS", [*migrations.MIGRATIONS, ("9999_fails", half_done)]
    )
    with pytest.raises(RuntimeError):
        store.migrate(db)
    assert "half_done" not in db.table_names()
    assert "9999_fails" not in migrations.applied_migrations(db)
    db.close()


def test_two_migrations_cannot_share_a_name() -> None:
    name = migrations.MIGRATIONS[0][0]
    with pytest.raises(ValueError, match="two migrations"):
        migrations.migration(name)(lambda db: None)


def test_the_app_applies_migrations_at_start(app, db) -> None:
    assert migrations.applied_migrations(db) == [name for name, _ in migrations.MIGRATIONS]
