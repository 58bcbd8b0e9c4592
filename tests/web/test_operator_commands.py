"""The operator's side: ``flask --app trainer backup`` and ``restore``, the copy taken before
migrations, and configuration from ``TRAINER_*`` environment variables."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config
from trainer import create_app, store
from trainer.app import proxy_fix_settings
from trainer.store import migrations, users


def run(app: Any, *args: str, **kwargs: Any) -> Any:
    return app.test_cli_runner().invoke(args=list(args), **kwargs)


def usernames(path: str | Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("SELECT username FROM users ORDER BY id")]


def test_backup_then_restore_brings_the_answers_back(app: Any, db: Any, tmp_path: Path) -> None:
    users.create_user(db, "dora", "a good long password")
    copy = tmp_path / "copies" / "trainer.sqlite3"
    result = run(app, "backup", str(copy))
    assert result.exit_code == 0, result.output
    assert f"to {copy}" in result.output
    users.create_user(db, "erin", "another long password")

    refused = run(app, "restore", str(copy), input="n\n")  # asked first: no
    assert refused.exit_code != 0
    assert "Stop the server first" in refused.output
    assert usernames(app.config["DATABASE"]) == ["dora", "erin"]

    result = run(app, "restore", str(copy), "--yes")
    assert result.exit_code == 0, result.output
    assert usernames(app.config["DATABASE"]) == ["dora"]
    replaced = list(Path(app.config["BACKUP_DIR"]).glob("before-restore-*.sqlite3"))
    assert [usernames(path) for path in replaced] == [["dora", "erin"]]


def test_restore_refuses_a_file_that_is_not_a_trainer_database(app: Any, tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"\x00garbage" * 512)
    newer = tmp_path / "newer.sqlite3"
    db = store.open_db(newer)
    store.migrate(db)
    db.execute("INSERT INTO _migrations VALUES ('9999_later', '2027-01-01T00:00:00.000Z')")
    db.close()
    before = Path(app.config["DATABASE"]).read_bytes()
    for path, message in [
        (junk, "is not a trainer database"),
        (newer, "newer schema than this code"),
        (tmp_path / "missing.sqlite3", "no file"),
    ]:
        result = run(app, "restore", str(path), "--yes")
        assert result.exit_code == 2, result.output
        assert message in result.output
    assert Path(app.config["DATABASE"]).read_bytes() == before
    assert not Path(app.config["BACKUP_DIR"]).exists()  # nothing written


def test_backup_refuses_to_overwrite_the_database_or_write_where_it_cannot(
    app: Any, tmp_path: Path
) -> None:
    result = run(app, "backup", app.config["DATABASE"])
    assert result.exit_code == 2
    assert "the database itself" in result.output
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    result = run(app, "backup", str(a_file / "copy.sqlite3"))
    assert result.exit_code == 2
    assert "could not copy" in result.output


def test_an_app_copies_the_database_before_it_migrates_it(
    tmp_path: Path,
    strategy_charts: None,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = create_app(app_config(tmp_path))
    db = store.open_db(app.config["DATABASE"])
    users.create_user(db, "dora", "a good long password")
    db.close()
    backups = Path(app.config["BACKUP_DIR"])
    assert not backups.exists()  # a new database needed no copy

    def new_table(database: Any) -> None:
        database.execute("CREATE TABLE upgraded (id INTEGER PRIMARY KEY)")

    last = "9999_upgraded"  # the code is upgraded: one more migration
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, (last, new_table)])

    create_app(app_config(tmp_path))
    copies = sorted(backups.iterdir())
    assert [path.name.endswith(f"-before-{last}.sqlite3") for path in copies] == [True]
    assert usernames(copies[0]) == ["dora"]
    with sqlite3.connect(copies[0]) as conn:  # taken before the migration ran
        assert (
            conn.execute("SELECT name FROM sqlite_master WHERE name = 'upgraded'").fetchall() == []
        )
    assert "copied to" in caplog.text
    create_app(app_config(tmp_path))  # nothing pending now: no second copy
    assert sorted(backups.iterdir()) == copies


def test_the_environment_sets_any_key(
    tmp_path: Path, strategy_charts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "elsewhere" / "club.sqlite3"
    monkeypatch.setenv("TRAINER_DATABASE", str(database))
    monkeypatch.setenv("TRAINER_SECRET_KEY", "12345678901234567890123456789012")
    monkeypatch.setenv("TRAINER_SESSION_COOKIE_SECURE", "true")
    monkeypatch.setenv("TRAINER_SIMULATION_JOBS_AT_ONCE", "3")
    monkeypatch.setenv("TRAINER_PROXY_FIX", "1")
    config = app_config(tmp_path)
    for key in ("DATABASE", "SECRET_KEY"):
        del config[key]
    app = create_app(config)
    assert app.config["DATABASE"] == str(database) and database.is_file()
    assert app.config["SECRET_KEY"] == "12345678901234567890123456789012"  # text, not a number
    assert app.config["SESSION_COOKIE_SECURE"] is True
    assert app.config["SIMULATION_JOBS_AT_ONCE"] == 3
    # One proxy in front: the learner's address and scheme are the proxy's X-Forwarded-*.
    seen = {}

    @app.get("/_where")
    def where() -> str:
        from flask import request

        seen.update(addr=request.remote_addr, scheme=request.scheme)
        return ""

    app.test_client().get(
        "/_where", headers={"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}
    )
    assert seen == {"addr": "203.0.113.9", "scheme": "https"}


def test_without_proxy_settings_forwarded_headers_are_not_trusted(app: Any) -> None:
    seen = {}

    @app.get("/_where")
    def where() -> str:
        from flask import request

        seen.update(addr=request.remote_addr)
        return ""

    app.test_client().get("/_where", headers={"X-Forwarded-For": "203.0.113.9"})
    assert seen == {"addr": "127.0.0.1"}


def test_proxy_settings_are_checked() -> None:
    assert proxy_fix_settings(2) == {"x_for": 2, "x_proto": 2, "x_host": 2}
    assert proxy_fix_settings({"x_for": 1}) == {"x_for": 1}
    for bad in (True, 0, 11, "1", {"x_forwarded": 1}, {"x_for": -1}, {}):
        with pytest.raises(ValueError, match="PROXY_FIX"):
            proxy_fix_settings(bad)


@pytest.mark.parametrize(
    ("variable", "value", "says"),
    [
        ("PERMANENT_SESSION_LIFETIME", "soon", "whole number of seconds"),
        ("PERMANENT_SESSION_LIFETIME", "0", "whole number of seconds"),
        ("DEFAULT_RULES", "nonesuch", "name of a preset: "),
        ("JOBS_AT_ONCE", "0", "whole number, 1 or more"),
        ("JOBS_PER_LEARNER", "-1", "whole number, 1 or more"),
        ("JOBS_QUEUED_AT_MOST", "lots", "whole number, 1 or more"),
        ("JOB_HUNG_SECONDS", "0", "number of seconds"),
        ("SIMULATION_JOBS_AT_ONCE", "1.5", "whole number, 1 or more"),
        ("PROXY_FIX", "true", "number of proxies"),
    ],
)
def test_a_setting_the_pages_cannot_use_stops_the_start_with_one_line(
    tmp_path: Path,
    strategy_charts: None,
    monkeypatch: pytest.MonkeyPatch,
    variable: str,
    value: str,
    says: str,
) -> None:
    """Not a server whose every page is a 500, or whose jobs never run, while /healthz says
    ok: the start is refused, naming the key and what it takes, before the database is made."""
    from trainer.config_checks import ConfigError

    monkeypatch.setenv(f"TRAINER_{variable}", value)
    config = app_config(tmp_path)
    with pytest.raises(ConfigError) as refused:
        create_app(config)
    message = str(refused.value)
    assert message.startswith(f"{variable} = ") and says in message and "\n" not in message
    assert isinstance(refused.value, RuntimeError)  # gunicorn prints it alone, no traceback
    assert not Path(config["DATABASE"]).exists()


def test_good_settings_from_the_environment_start(
    tmp_path: Path, strategy_charts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable, value in {
        "PERMANENT_SESSION_LIFETIME": "3600",
        "DEFAULT_RULES": "single-deck",
        "JOBS_AT_ONCE": "1",
        "JOBS_QUEUED_AT_MOST": "40",
        "JOB_STALE_SECONDS": "2.5",
        "BACKUPS_KEPT": "0",
    }.items():
        monkeypatch.setenv(f"TRAINER_{variable}", value)
    app = create_app(app_config(tmp_path))
    assert app.config["JOBS_AT_ONCE"] == 1 and app.config["JOB_STALE_SECONDS"] == 2.5
    assert app.test_client().get("/").status_code == 200
