"""Copies of the database: taken through SQLite's online backup API, checked before a restore.

A copy taken here is consistent while the app serves: SQLite copies the pages of one read
transaction, so it holds every commit made before it started (those still in the ``-wal`` file
too) and none made after, never half of one. The copy is written beside its target under a
temporary name and renamed into place, as one file in rollback-journal mode (no ``-wal`` to keep
with it).

A restore refuses a file that is not a trainer database, or whose schema has migrations this
code does not know (a copy taken by a newer version), before anything is written.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from trainer.store import migrations

__all__ = [
    "BackupError",
    "back_up",
    "backup_before_migrations",
    "check_restorable",
    "pending_migrations",
    "restore",
]

# The tables any trainer database has had since its first migration.
_FIRST_TABLES = ("_migrations", "users", "attempts")
# How a backup taken before migrations is named: the time, then the first migration to apply.
_AUTOMATIC_PREFIX = "trainer-"
_AUTOMATIC_SUFFIX = ".sqlite3"


class BackupError(ValueError):
    """A file that cannot be restored, or a copy that could not be made."""


def back_up(source: str | Path, target: str | Path) -> Path:
    """Copy the database at ``source`` into ``target`` (replaced if there) while it may be in
    use; the target's path."""
    target = Path(target)
    if Path(source).resolve() == target.resolve():
        raise BackupError(f"{target} is the database itself: name another file")
    if not Path(source).is_file():
        raise BackupError(f"there is no database at {source}")
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        with (
            contextlib.closing(sqlite3.connect(source, timeout=10)) as src,
            contextlib.closing(sqlite3.connect(partial)) as copy,
        ):
            src.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        os.chmod(partial, 0o600)  # password hashes: for the owner's eyes only
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as error:  # OSError: a folder that cannot be written
        raise BackupError(f"could not copy {source} into {target}: {error}") from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
    return target


def _read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write to the file at ``path``."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _applied(path: Path) -> list[str]:
    """The migrations applied to the database at ``path``, read without changing it; a
    :class:`BackupError` where it is no SQLite file or no trainer database."""
    if not path.is_file():
        raise BackupError(f"there is no file at {path}")
    try:
        with contextlib.closing(_read_only(path)) as conn:
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
            missing = [name for name in _FIRST_TABLES if name not in tables]
            if missing:
                raise BackupError(
                    f"{path} is an SQLite file but not a trainer database "
                    f"(no {', '.join(missing)} table)"
                )
            checked = conn.execute("PRAGMA quick_check").fetchone()[0]
            if checked != "ok":
                raise BackupError(f"{path} is damaged: {checked}")
            return [row[0] for row in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a trainer database ({error})") from None


def check_restorable(path: str | Path) -> list[str]:
    """The migrations the copy at ``path`` still needs (applied at the app's next start); a
    :class:`BackupError` naming why it cannot be restored."""
    applied = _applied(Path(path))
    known = [name for name, _ in migrations.MIGRATIONS]
    newer = [name for name in applied if name not in known]
    if newer:
        raise BackupError(
            f"{path} has a newer schema than this code ({', '.join(newer)}): restore it with "
            "the version of the trainer that took it, or upgrade the trainer first"
        )
    return [name for name in known if name not in applied]


def restore(source: str | Path, target: str | Path) -> list[str]:
    """Replace the database at ``target`` with the copy at ``source`` (checked first, left as
    it is); the migrations the restored database still needs.

    The copy goes through SQLite's backup API into the target under its write lock, so another
    connection sees either the old database or the restored one, never a mix of the two (a
    server still running would keep what it holds in memory: stop it first)."""
    pending = check_restorable(source)
    if Path(source).resolve() == Path(target).resolve():
        raise BackupError(f"{source} is the database itself")
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    try:
        with (
            contextlib.closing(_read_only(Path(source))) as src,
            contextlib.closing(sqlite3.connect(target, timeout=10)) as dest,
        ):
            src.backup(dest)
    except sqlite3.Error as error:
        raise BackupError(f"could not restore {source} into {target}: {error}") from None
    return pending


def pending_migrations(path: str | Path) -> list[str]:
    """The migrations the database at ``path`` has not had ([] for a missing or empty file:
    a new database needs no backup)."""
    path = Path(path)
    if not path.is_file() or path.stat().st_size == 0:
        return []
    try:
        applied = _applied(path)
    except BackupError:
        return []  # not ours yet (or damaged): migrate() says so, or makes a new one
    return [name for name, _ in migrations.MIGRATIONS if name not in applied]


def backup_before_migrations(database: str | Path, directory: str | Path, keep: int) -> Path | None:
    """Where migrations are pending on an existing database, a copy of it in ``directory``,
    named by the time and the first pending migration, keeping the newest ``keep`` such
    copies; the copy's path, or None where nothing is pending."""
    pending = pending_migrations(database)
    if not pending:
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    name = f"{_AUTOMATIC_PREFIX}{stamp}-before-{pending[0]}{_AUTOMATIC_SUFFIX}"
    copy = back_up(database, Path(directory) / name)
    _prune(Path(directory), keep)
    return copy


def _prune(directory: Path, keep: int) -> None:
    """Delete all but the newest ``keep`` automatic backups in ``directory`` (their names start
    with the time they were taken)."""
    taken = sorted(
        path
        for path in directory.glob(f"{_AUTOMATIC_PREFIX}*-before-*{_AUTOMATIC_SUFFIX}")
        if path.is_file()
    )
    for old in taken[: max(len(taken) - max(keep, 1), 0)]:
        old.unlink(missing_ok=True)
