"""``flask --app trainer <command>``: the operator's commands.

- ``init-db`` (alias ``migrate``): apply the schema migrations.
- ``create-user NAME [--password P]``: make an account.
- ``export-attempts NAME [--format csv|json] [--output FILE]``: one learner's attempts.
- ``remove-idle-guests [--older-than-hours H]``: delete guests who never stored anything.
- ``warm-up``: work out what a fresh server lacks (charts, the default game's count study,
  shoe-penetration studies) in the order learners meet it, a line on each step (and a bar of
  the steps on a terminal).
- ``backup PATH``: a consistent copy of the database while the app serves (SQLite's backup).
- ``restore PATH [--yes]``: put a copy back (checked first; the current database is copied into
  ``BACKUP_DIR`` before it is replaced). Refused while a server serves the database
  (:mod:`trainer.store.serving`): stop the server first.
- ``warm-penetration [--system SLUG ...]``: deal every preset's shoe-penetration studies into
  the cache (``PENETRATION_CACHE_DIR``), so the drill's chart never waits for them.

Bad input exits with status 2 and a message on standard error; nothing is written.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import NoReturn

import click
import sqlite_utils
from flask import Flask, current_app
from flask.cli import with_appcontext

from trainer import store
from trainer.store import attempts, backup, migrations, serving, users


def _fail(message: str) -> NoReturn:
    click.echo(f"Error: {message}", err=True)
    sys.exit(2)


def _db() -> sqlite_utils.Database:
    return store.open_db(current_app.config["DATABASE"])


@click.command("init-db")
@with_appcontext
def init_db() -> None:
    """Apply the schema migrations to the database (safe to run again)."""
    db = _db()
    try:
        applied = store.migrate(db)
        names = migrations.applied_migrations(db)
    finally:
        db.close()
    path = current_app.config["DATABASE"]
    if applied:
        click.echo(f"Applied {', '.join(applied)} to {path}")
    click.echo(f"Database {path} is at migration {names[-1] if names else '(none)'}.")


@click.command("backup")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False))
def backup_command(path: str) -> None:
    """Copy the database into PATH (replaced if there), consistent while the app serves."""
    try:
        copy = backup.back_up(current_app.config["DATABASE"], path)
    except backup.BackupError as error:
        _fail(str(error))
    click.echo(f"Backed up {current_app.config['DATABASE']} to {copy}.")


@click.command("restore")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--yes", is_flag=True, help="Do not ask before replacing the database.")
def restore_command(path: str, yes: bool) -> None:
    """Replace the database with the copy in PATH. Stop the server first (refused while one
    serves it): a server still running would keep the sessions and jobs of the database it
    had."""
    database = current_app.config["DATABASE"]
    if serving.served(database):
        _fail(
            f"a server is serving {database} now (gunicorn, make run or make dev): it would go "
            "on with the sessions and jobs of the database it had. Stop the server, run this "
            "again, then start the server."
        )
    try:
        backup.check_restorable(path)
    except backup.BackupError as error:
        _fail(str(error))
    if not yes:
        click.confirm(
            f"Replace {database} with {path}? Stop the server first.", abort=True, err=True
        )
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    kept = Path(current_app.config["BACKUP_DIR"]) / f"before-restore-{stamp}.sqlite3"
    try:
        replaced = backup.back_up(database, kept) if Path(database).is_file() else None
        pending = backup.restore(path, database)
    except backup.BackupError as error:
        _fail(str(error))
    click.echo(f"Restored {database} from {path}.")
    if replaced is not None:
        click.echo(f"The database it replaced is kept in {replaced}.")
    if pending:
        click.echo(f"The next start applies {len(pending)} migrations to it ({pending[0]} ...).")


@click.command("create-user")
@with_appcontext
@click.argument("username")
@click.option(
    "--password",
    prompt=True,
    hide_input=True,
    confirmation_prompt=True,
    help="The password (prompted for when left out).",
)
def create_user(username: str, password: str) -> None:
    """Make an account called USERNAME."""
    db = _db()
    try:
        user = users.create_user(db, username, password)
    except users.AccountError as error:
        _fail(str(error))
    finally:
        db.close()
    click.echo(f"Created learner {user.username!r} (id {user.id}).")


@click.command("export-attempts")
@with_appcontext
@click.argument("username", required=False)
@click.option("--user-id", type=int, help="The learner's id instead of a username (guests).")
@click.option(
    "--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True
)
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default="-")
def export_attempts(username: str | None, user_id: int | None, fmt: str, output: str) -> None:
    """Write one learner's attempts, oldest first, as CSV or JSON."""
    if (username is None) == (user_id is None):
        _fail("name the learner by USERNAME or by --user-id, one of the two")
    db = _db()
    try:
        if user_id is not None:
            user = users.get_user(db, user_id)
        else:
            user = users.find_user(db, username or "")
        if user is None:
            who = repr(username) if username is not None else f"with id {user_id}"
            _fail(f"there is no learner {who}")
        rows = attempts.list_attempts(db, user.id, newest_first=False)
    finally:
        db.close()
    text = attempts.to_csv(rows) if fmt == "csv" else attempts.to_json(rows)
    with click.open_file(output, "w", encoding="utf-8") as out:
        out.write(text)
    if output != "-":
        click.echo(f"Wrote {len(rows)} attempts to {output}.", err=True)


@click.command("remove-idle-guests")
@with_appcontext
@click.option(
    "--older-than-hours",
    type=click.IntRange(0, 24 * 3650),
    default=24,
    show_default=True,
    help="Only guests made at least this long ago.",
)
def remove_idle_guests(older_than_hours: int) -> None:
    """Delete guest learners who never answered anything (nor saved anything else)."""
    cutoff = datetime.now(UTC) - timedelta(hours=older_than_hours)
    db = _db()
    try:
        removed = users.remove_idle_guests(
            db, created_before=cutoff.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        )
    finally:
        db.close()
    click.echo(
        f"Removed {removed} guests with nothing stored, made before {cutoff:%Y-%m-%d %H:%M} UTC."
    )


@click.command("warm-penetration")
@with_appcontext
@click.option(
    "--system",
    "systems",
    multiple=True,
    default=("hi-lo",),
    show_default=True,
    help="A counting system to study (again for more); unbalanced ones are charted in Hi-Lo.",
)
def warm_penetration(systems: tuple[str, ...]) -> None:
    """Deal every preset's shoe-penetration studies into the cache (those there stay)."""
    from drills import InvalidQuestionError
    from drills.counting.notation import read_system
    from drills.counting.penetration_study import chart_system, penetrations_for, warm
    from trainer.engine.rulebook.rules import find_preset, preset_names
    from trainer.web.caches import penetration_cache_dir

    try:
        slugs = tuple(dict.fromkeys(chart_system(read_system(s)).slug for s in systems))
    except InvalidQuestionError as error:
        _fail(str(error))
    directory = penetration_cache_dir()
    presets = preset_names()
    dealt = warm(presets, slugs, cache_dir=directory)
    wanted = len(slugs) * sum(len(penetrations_for(find_preset(p))) for p in presets)
    click.echo(
        f"Dealt {dealt} shoe-penetration studies into {directory} "
        f"({wanted - dealt} of {wanted} were there already)."
    )


@click.command("warm-up")
@with_appcontext
def warm_up_command() -> None:
    """Work out every chart and study a fresh server lacks, the first ones learners meet first
    (what `make run` does in the background while it answers)."""
    from trainer.progress import progress_bar
    from trainer.web.warm_up import plan, run

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    steps = plan(app.config["DEFAULT_RULES"])
    with progress_bar("warm-up", unit="steps", total=len(steps)) as bar:
        failed = run(app, bar.write, steps, step_done=bar.update)
    if failed:
        sys.exit(1)


def init_app(app: Flask) -> None:
    app.cli.add_command(init_db)
    app.cli.add_command(init_db, name="migrate")
    app.cli.add_command(create_user)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
    app.cli.add_command(export_attempts)
    app.cli.add_command(warm_penetration)
    app.cli.add_command(warm_up_command)
    app.cli.add_command(remove_idle_guests)
