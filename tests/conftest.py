"""Fixtures for the whole suite: ``app``, ``client``, ``db``, ``rng``, ``csrf``, ``live_server``,
and the Chromium launch arguments for Playwright.

Nothing here imports Flask at collection time, and the browser fixtures are only set up when a
test asks for them, so the engine and strategy tests run without either.
"""

from __future__ import annotations

import os
import random
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

SECRET = "test-secret-" + "0123456789abcdef" * 3

# Property tests time nothing: Hypothesis's 200 ms deadline per example failed on a loaded
# machine (speed is measured by bench/, never asserted). Each test's own settings still apply.
settings.register_profile("trainer", deadline=None)
settings.load_profile("trainer")


def app_config(tmp: Path, **overrides: Any) -> dict[str, Any]:
    config: dict[str, Any] = {
        "TESTING": True,
        "INSTANCE_PATH": str(tmp / "instance"),
        "DATABASE": str(tmp / "trainer.sqlite3"),
        "SECRET_KEY": SECRET,
    }
    config.update(overrides)
    return config


def store_answer(db: Any, user_id: int, token: str, **fields: Any) -> Any:
    """Store one attempt straight through the store (a right hand-totals answer unless
    ``fields`` say otherwise); the stored attempt."""
    from trainer.store import attempts

    values: dict[str, Any] = {
        "drill": "hand-totals",
        "question": "AS 6H",
        "rules": "vegas-6d-s17",
        "answer": "soft 17",
        "right_answer": "soft 17",
        "correct": True,
    }
    values.update(fields)
    return attempts.record_attempt(db, user_id=user_id, token=token, **values)[0]


# The count studies (indices and the edge by count) the count drills and the counting page use
# in the suite: each takes ten to twenty seconds cold, so they are worked out once per session,
# into the cache directory the apps under test read (the default one, as the charts are).
COUNT_STUDIES = (
    ("vegas-6d-s17", "hi-lo"),
    ("twenty-one-club", "hi-lo"),
    ("single-deck", "hi-lo"),
)


@pytest.fixture(scope="session")
def count_studies() -> None:
    from trainer.engine.counting import find_system
    from trainer.engine.indices import study
    from trainer.engine.rulebook.rules import Rules

    for notation, system in COUNT_STUDIES:
        study(Rules.parse(notation), find_system(system), jobs=2)


@pytest.fixture
def app(tmp_path: Path, count_studies: None) -> Any:
    """The app on a fresh temporary database (never the developer's own)."""
    from trainer import create_app

    return create_app(app_config(tmp_path))


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


@pytest.fixture
def db(app: Any) -> Iterator[Any]:
    """A connection to the ``app`` fixture's database."""
    from trainer import store

    connection = store.open_db(app.config["DATABASE"])
    yield connection
    connection.close()


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261129)


@pytest.fixture
def csrf(client: Any) -> Callable[[], str]:
    """A function giving the test client's CSRF token (made in its session if missing)."""

    def token() -> str:
        with client.session_transaction() as session:
            return str(session.setdefault("_csrf", "test-csrf-token-0123456789"))

    return token


_HIDDEN_RE = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


@pytest.fixture
def hidden_fields() -> Callable[[str], dict[str, str]]:
    """A function reading the hidden fields of a page's forms into a dict."""
    import html

    def read(page: str) -> dict[str, str]:
        return {name: html.unescape(value) for name, value in _HIDDEN_RE.findall(page)}

    return read


@dataclass
class LiveServer:
    url: str
    app: Any


@pytest.fixture(scope="session")
def live_server(
    tmp_path_factory: pytest.TempPathFactory, count_studies: None
) -> Iterator[LiveServer]:
    """The app served on a free 127.0.0.1 port in a thread, for the browser tests."""
    from werkzeug.serving import make_server

    from trainer import create_app

    # Every browser test signs in from 127.0.0.1: the per-address limit is not under test here.
    app = create_app(
        app_config(tmp_path_factory.mktemp("live"), SIGNIN_MAX_FAILURES_PER_ADDRESS=10_000)
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(url=f"http://127.0.0.1:{server.port}", app=app)
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# How long Chromium may take to start on a loaded machine (milliseconds).
BROWSER_LAUNCH_TIMEOUT_MS = 120_000


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium (or ``$CHROMIUM_PATH``); Playwright's own browser if neither exists."""
    args = {
        **browser_type_launch_args,
        "args": CHROMIUM_ARGS,
        "timeout": BROWSER_LAUNCH_TIMEOUT_MS,
    }
    path = os.environ.get("CHROMIUM_PATH")
    if path or os.path.exists("/usr/bin/chromium"):
        args["executable_path"] = path or "/usr/bin/chromium"
    return args


@pytest.fixture(scope="session")
def browser(
    launch_browser: Callable[[], Any], browser_type_launch_args: dict[str, Any]
) -> Iterator[Any]:
    """pytest-playwright's browser, except that a browser that will not start is named."""
    where = browser_type_launch_args.get("executable_path") or "Playwright's own Chromium"
    try:
        browser = launch_browser()
    except Exception as error:
        first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
        pytest.fail(
            f"The browser {where} did not start: {first_line}. Install Debian's chromium "
            "(make browser) or point CHROMIUM_PATH at a Chromium.",
            pytrace=False,
        )
    yield browser
    browser.close()
