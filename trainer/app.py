"""The application factory behind :func:`trainer.create_app`.

Configuration comes from the defaults below, then ``instance/config.py`` if present, then the
test configuration. The instance folder holds the SQLite database and the secret key, which is
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

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_RULES = "vegas-6d-s17"


def make_app(test_config: dict[str, Any] | None = None) -> Flask:
    test_config = dict(test_config or {})
    instance_path = test_config.pop("INSTANCE_PATH", None)
    app = Flask(
        "trainer",
        instance_path=str(instance_path) if instance_path else None,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
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
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        os.makedirs(app.instance_path, exist_ok=True)
        app.config["SECRET_KEY"] = load_or_create_secret(Path(app.instance_path) / "secret_key")

    os.makedirs(os.path.dirname(os.path.abspath(app.config["DATABASE"])), exist_ok=True)
    db = store.open_db(app.config["DATABASE"])
    try:
        store.migrate(db)
    finally:
        db.close()

    from trainer import commands, web

    web.init_app(app)
    commands.init_app(app)
    if app.config["PROXY_FIX"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, **app.config["PROXY_FIX"])  # type: ignore[method-assign]
    return app


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
