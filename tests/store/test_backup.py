"""Copies of the database (trainer.store.backup): consistent while another connection writes,
holding what is still in the WAL, and checked before a restore."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from trainer import store
from trainer.store import backup, migrations, users


def fresh(path: Path) -> object:
    db = store.open_db(path)
    store.migrate(db)
    return db


def usernames(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("SELECT username FROM users ORDER BY id")]


def test_a_backup_holds_the_commits_still_in_the_wal_and_none_in_progress(tmp_path: Path) -> None:
    source = tmp_path / "live.sqlite3"
    db = fresh(source)
    db.execute("PRAGMA wal_autocheckpoint = 0")  # the commits stay in the -wal file
    users.create_user(db, "dora", "a good long password")
    writer = store.open_db(source)
    writer.execute("BEGIN IMMEDIATE")  # a write in progress while the copy is taken
    writer.execute(
        "INSERT INTO users (username, username_key, password_hash, created_at) "
        "VALUES ('half', 'half', 'x', '2026-01-01T00:00:00.000Z')"
    )
    file_copy = tmp_path / "file-copy.sqlite3"
    shutil.copyfile(source, file_copy)  # what copying the file alone would keep
    copy = backup.back_up(source, tmp_path / "backups" / "copy.sqlite3")
    writer.execute("ROLLBACK")
    assert usernames(copy) == ["dora"]
    assert not Path(f"{copy}-wal").exists()  # one self-contained file
    assert copy.stat().st_mode & 0o777 == 0o600  # password hashes: the owner's alone
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with sqlite3.connect(file_copy) as conn:  # the file alone: the rest was in the WAL
        assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    db.close()
    writer.close()


def test_a_backup_never_overwrites_the_database_itself(tmp_path: Path) -> None:
    source = tmp_path / "live.sqlite3"
    fresh(source).close()
    with pytest.raises(backup.BackupError, match="the database itself"):
        backup.back_up(source, source)
    with pytest.raises(backup.BackupError, match="no database"):
        backup.back_up(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")


def test_a_restore_puts_the_copy_back(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    db = fresh(live)
    users.create_user(db, "dora", "a good long password")
    copy = backup.back_up(live, tmp_path / "copy.sqlite3")
    users.create_user(db, "erin", "another long password")
    assert backup.restore(copy, live) == []  # nothing left to migrate
    assert usernames(live) == ["dora"]
    assert [row["username"] for row in db.query("SELECT username FROM users")] == ["dora"]
    db.close()


def test_a_restore_refuses_what_is_not_a_trainer_database(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    fresh(live).close()
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all, " * 100)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE things (id INTEGER PRIMARY KEY)")
    for bad, message in [
        (text, "not a trainer database"),
        (other, "not a trainer database .no _migrations, users, attempts table"),
        (tmp_path / "missing.sqlite3", "no file"),
    ]:
        with pytest.raises(backup.BackupError, match=message):
            backup.restore(bad, live)
    assert migrations.applied_migrations(store.open_db(live))  # untouched


def test_a_restore_refuses_a_newer_schema_and_accepts_an_older_one(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    db = fresh(newer)
    db.execute("INSERT INTO _migrations VALUES ('9999_from_the_future', '2027-01-01')")
    db.close()
    with pytest.raises(backup.BackupError, match="newer schema than this code .9999_from"):
        backup.check_restorable(newer)
    older = tmp_path / "older.sqlite3"
    db = fresh(older)
    last = migrations.MIGRATIONS[-1][0]
    db.execute("DELETE FROM _migrations WHERE name = ?", [last])
    db.close()
    assert backup.check_restorable(older) == [last]


def test_a_backup_is_taken_before_pending_migrations_and_a_few_are_kept(tmp_path: Path) -> None:
    live, kept = tmp_path / "live.sqlite3", tmp_path / "backups"
    assert backup.backup_before_migrations(live, kept, keep=2) is None  # no database yet
    db = fresh(live)
    assert backup.backup_before_migrations(live, kept, keep=2) is None  # nothing pending
    last = migrations.MIGRATIONS[-1][0]
    taken = []
    for _ in range(3):
        db.execute("DELETE FROM _migrations WHERE name = ?", [last])
        taken.append(backup.backup_before_migrations(live, kept, keep=2))
    db.close()
    assert all(path is not None and path.name.endswith(f"-before-{last}.sqlite3") for path in taken)
    assert sorted(kept.iterdir()) == taken[1:]  # the newest two
