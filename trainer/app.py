"""The application factory behind :func:`trainer.create_app`.

Configuration comes from the defaults below, then ``instance/config.py`` if present, then the
environment's ``TRAINER_*`` variables (``TRAINER_DATABASE`` sets ``DATABASE``), then the test
configuration. The instance folder holds the SQLite database and the secret key, which is
generated on first start (there is no built-in production secret).
"""

from __future__ import annotations

import os
import secrets
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from trainer import store
from trainer.config_checks import ConfigError, check_config
from trainer.store.backup import backup_before_migrations
from trainer.web.template_code import TEMPLATE_CODE
from trainer.web.url_rules import SharedBuilderRule

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_RULES = "vegas-6d-s17"


class _App(Flask):
    """Flask, the builders of its URL rules (its static files' too, which Flask adds as it is
    made) kept for every app in the process (trainer.web.url_rules)."""

    url_rule_class = SharedBuilderRule


def make_app(test_config: dict[str, Any] | None = None) -> Flask:
    test_config = dict(test_config or {})
    instance_path = test_config.pop("INSTANCE_PATH", None)
    app = _App(
        "trainer",
        instance_path=str(instance_path) if instance_path else None,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    # Every app in the process shares the templates' compiled code (trainer.web.template_code)
    # and the URL rules' builders (_App).
    app.jinja_options = {**app.jinja_options, "bytecode_cache": TEMPLATE_CODE}
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "trainer.sqlite3"),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_NAME="trainer_session",
        PERMANENT_SESSION_LIFETIME=timedelta(days=30),
        MAX_CONTENT_LENGTH=64 * 1024,
        # Failed sign-ins allowed per window before a 429, per account and per address.
        SIGNIN_MAX_FAILURES_PER_ACCOUNT=5,
        SIGNIN_MAX_FAILURES_PER_ADDRESS=20,
        SIGNIN_FAILURE_WINDOW_SECONDS=15 * 60,
        DEFAULT_RULES=DEFAULT_RULES,
        # New strategy charts (rules never computed before) one address or learner may ask for
        # per window before a 429; a chart once computed is cached and free for everyone.
        EXPENSIVE_WORK_PER_WINDOW=12,
        EXPENSIVE_WORK_WINDOW_SECONDS=10 * 60,
        # Behind a reverse proxy: how many proxies to trust for each X-Forwarded-* header, as
        # werkzeug's ProxyFix takes them, e.g. {"x_for": 1, "x_proto": 1, "x_host": 1}.
        PROXY_FIX=None,
        # gunicorn (make run) works out the charts and studies not on disk yet in a process of
        # its own while it answers (trainer.web.warm_up); False leaves them to the pages.
        WARM_UP=True,
        # Before migrations change an existing database, a copy of it goes here; the newest
        # BACKUPS_KEPT such copies are kept (flask --app trainer backup takes one any time).
        BACKUP_DIR=os.path.join(app.instance_path, "backups"),
        BACKUPS_KEPT=5,
        HELD_WAITS=1,  # requests held asleep at once, in all (trainer.web.held_waits)
    )
    app.config.from_pyfile("config.py", silent=True)
    config_from_environment(app)
    app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        os.makedirs(app.instance_path, exist_ok=True)
        app.config["SECRET_KEY"] = load_or_create_secret(Path(app.instance_path) / "secret_key")
    # A value its pages cannot use stops the server here, before the database is touched.
    check_config(app.config)
    proxies = proxy_fix_settings(app.config["PROXY_FIX"]) if app.config["PROXY_FIX"] else None

    migrate(app)

    from trainer import commands, web

    web.init_app(app)
    commands.init_app(app)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, **proxies)  # type: ignore[method-assign]
    return app


ENV_PREFIX = "TRAINER"
# Keys whose value is text even where it reads as a number (a secret key of digits alone).
TEXT_KEYS = ("DATABASE", "SECRET_KEY", "BACKUP_DIR", "DEFAULT_RULES", "STRATEGY_CACHE_DIR",
             "PENETRATION_CACHE_DIR", "SIMULATION_CLUSTER")  # fmt: skip


def config_from_environment(app: Flask) -> None:
    """Any key from a ``TRAINER_<KEY>`` variable (``TRAINER_DATABASE``,
    ``TRAINER_SESSION_COOKIE_SECURE=true``, ``TRAINER_PROXY_FIX=1``), its value read as JSON
    where it is JSON (a number, ``true``, ``{...}``) and as text otherwise, as Flask's
    ``from_prefixed_env`` reads it; :data:`TEXT_KEYS` always as text."""
    app.config.from_prefixed_env(ENV_PREFIX)
    for key in TEXT_KEYS:
        text = os.environ.get(f"{ENV_PREFIX}_{key}")
        if text is not None:
            app.config[key] = text


PROXY_HEADERS = ("x_for", "x_proto", "x_host", "x_port", "x_prefix")


def proxy_fix_settings(setting: Any) -> dict[str, int]:
    """werkzeug's ProxyFix arguments for ``PROXY_FIX``: a number of proxies in front (each
    trusted for X-Forwarded-For, -Proto and -Host, as ``TRAINER_PROXY_FIX=1`` gives), or a
    mapping from header to proxies (``{"x_for": 1, "x_proto": 1}``); a ConfigError naming
    what is wrong otherwise, so a server never starts trusting headers it was not told to."""
    if isinstance(setting, int) and not isinstance(setting, bool) and 0 < setting <= 10:
        return {"x_for": setting, "x_proto": setting, "x_host": setting}
    if (
        isinstance(setting, dict)
        and setting
        and all(
            key in PROXY_HEADERS and isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10
            for key, n in setting.items()
        )
    ):
        return dict(setting)
    raise ConfigError(
        f"PROXY_FIX = {setting!r}: give the number of proxies in front (1 to 10), or a mapping "
        f"of {', '.join(PROXY_HEADERS)} to a number of proxies each"
    )


def migrate(app: Flask) -> None:
    """Apply the migrations the database lacks, after copying it into ``BACKUP_DIR`` where it
    already holds answers (a new database needs no copy)."""
    os.makedirs(os.path.dirname(os.path.abspath(app.config["DATABASE"])), exist_ok=True)
    copy = backup_before_migrations(
        app.config["DATABASE"], app.config["BACKUP_DIR"], app.config["BACKUPS_KEPT"]
    )
    if copy is not None:
        app.logger.warning("Migrations pending: the database was copied to %s first", copy)
    db = store.open_db(app.config["DATABASE"])
    try:
        store.migrate(db)
    finally:
        db.close()


def load_or_create_secret(path: Path) -> str:
    """The secret key kept in ``path``; made (random, readable by the owner only) if missing."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        # Another worker may have just created it: give it a moment to finish writing.
        for _ in range(50):
            key = path.read_text(encoding="ascii").strip()
            if len(key) >= 32:
                return key
            time.sleep(0.02)
        raise RuntimeError(
            f"{path} holds no usable secret key; delete it to make a new one"
        ) from None
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(key + "\n")
    return key
