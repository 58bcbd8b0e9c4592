"""Fixtures for the whole suite: ``app``, ``client``, ``db``, ``rng``, ``csrf``, ``live_server``,
the warm caches (``strategy_charts``, ``count_studies``), and the Chromium launch arguments for
Playwright.

Nothing here imports Flask at collection time, and the browser fixtures are only set up when a
test asks for them, so the engine and strategy tests run without either.

The suite never reads or writes the checkout's ``instance/``: one cache folder per test run (a
temporary directory made when pytest starts, shared by pytest-xdist's workers through
``$TRAINER_TEST_CACHES``, removed at the end by whoever made it) holds the charts, count studies
and penetration studies. The engine's default caches point there (``$TRAINER_CACHE_DIR``,
``$TRAINER_PENETRATION_CACHE_DIR``), and so does every app the tests create. What the tests need
is worked out once per run by the first worker to ask (:func:`filled_once`: a lock for each chart
or study, so that workers asking at once share the work). To keep the caches between runs of one
file, set ``$TRAINER_TEST_CACHES`` to a folder yourself (it is then kept); to start each run from
warm ones without sharing them, set ``$TRAINER_TEST_WARM`` to a folder with a copy of a run's
``strategy-cache``: each fixture copies in the files it would work out.
"""

from __future__ import annotations

import fcntl
import os
import random
import re
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import settings

T = TypeVar("T")
SECRET = "test-secret-" + "0123456789abcdef" * 3

# Property tests time nothing: Hypothesis's 200 ms deadline per example failed on a loaded
# machine (speed is measured by bench/, never asserted). Each test's own settings still apply.
settings.register_profile("trainer", deadline=None)
settings.load_profile("trainer")


TESTS_PASSWORD_HASH = "pbkdf2:sha256:1000"
# The run's cache folder: made by the process pytest starts in, inherited by xdist's workers.
CACHES_ENV = "TRAINER_TEST_CACHES"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "serial: binds a fixed port, kills processes, measures time or must have the machine to "
        "itself; run after the rest, in one process (make test: -m serial)",
    )
    config.addinivalue_line(
        "markers",
        "load: a serial test that loads the machine with learners for tens of seconds; "
        "scripts/test-suite runs it beside the other serial tests, not after them",
    )
    # pytest-xdist's own mark, named here for a run without xdist (the serial half: -p no:xdist).
    config.addinivalue_line(
        "markers", "xdist_group(name): one worker runs every test of the group (--dist loadgroup)"
    )
    config.addinivalue_line(
        "markers",
        "long: takes some ten seconds or more on a 2-core machine; run first (as every browser "
        "test is), so that it does not hold up the end of a parallel run",
    )
    if not os.environ.get(CACHES_ENV):
        made = tempfile.mkdtemp(prefix="trainer-test-caches-")
        os.environ[CACHES_ENV] = made
        config.stash[_MADE_KEY] = made
    root = Path(os.environ[CACHES_ENV])
    os.environ["TRAINER_CACHE_DIR"] = str(root / "strategy-cache")
    os.environ["TRAINER_PENETRATION_CACHE_DIR"] = str(root / "penetration-cache")
    # Hypothesis keeps its examples and constants in the run's folder, not .hypothesis/ in the
    # checkout (a file run alone, outside CI, wrote it there).
    from hypothesis.configuration import set_hypothesis_home_dir

    set_hypothesis_home_dir(root / "hypothesis")
    # The tests' accounts hash their passwords cheaply (scrypt's 0.1 CPU-s a hash, hundreds of
    # sign-ups and sign-ins): tests/store/test_users.py checks what the app itself uses.
    from trainer.store import users

    users.PASSWORD_HASH = TESTS_PASSWORD_HASH
    _share_url_builders()


_MADE_KEY = pytest.StashKey[str]()


def _share_url_builders() -> None:
    """Each app the tests make (some 1,500 a run) compiles a URL builder for each of its ~90
    routes twice, from Python source werkzeug writes for the route: 25 of an app's 33 CPU-ms.
    The function depends only on the route (its pattern, defaults and whether unknown values are
    appended), and is bound to each rule as a method, so one per route serves every app of a
    test process: the same code werkzeug would compile again, made once. A server makes one app
    and gains nothing from this: the tests alone do it. Where werkzeug no longer has the method,
    nothing is changed."""
    from werkzeug.routing.rules import Rule

    compile_builder = getattr(Rule, "_compile_builder", None)
    if compile_builder is None or getattr(compile_builder, "shared", False):
        return
    made: dict[tuple[Any, ...], Any] = {}

    def shared(rule: Rule, append_unknown: bool = True) -> Any:
        defaults = rule.defaults or {}
        key = (
            append_unknown,
            rule.rule,
            rule.subdomain,
            rule.host,
            tuple(rule._trace),
            tuple(sorted((name, repr(value)) for name, value in defaults.items())),
        )
        if key not in made:
            made[key] = compile_builder(rule, append_unknown)
        return made[key]

    shared.shared = True  # type: ignore[attr-defined]
    Rule._compile_builder = shared  # type: ignore[method-assign,assignment]


# Where scripts/test-suite asks the parallel half to name the files holding serial tests.
SERIAL_FILES_ENV = "TRAINER_SERIAL_FILES"


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects any
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long tests first (the browser tests and those marked ``long``), each half still in
    pytest-randomly's order (a stable sort, after its shuffle). pytest-xdist hands a worker the
    next test as it finishes one: a long test drawn last ran on alone while the other workers
    stood idle (the method-3 enumeration, 40 s, held up the end of a run so)."""
    items.sort(key=lambda item: not _is_long(item))
    _name_serial_files(config, items)


def _name_serial_files(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``$TRAINER_SERIAL_FILES`` set (scripts/test-suite's parallel half), the files that
    hold a test marked ``serial``, one a line, written there by the first worker: the serial
    half then collects those files alone, not the whole suite again (4 CPU-s, alone on the
    machine)."""
    named = os.environ.get(SERIAL_FILES_ENV)
    worker = getattr(config, "workerinput", {}).get("workerid", "gw0")
    if not named or worker != "gw0":
        return
    files = dict.fromkeys(
        item.nodeid.split("::", 1)[0] for item in items if item.get_closest_marker("serial")
    )
    making = Path(named + ".making")
    making.write_text("".join(f"{path}\n" for path in files))
    making.replace(named)


def _is_long(item: pytest.Item) -> bool:
    return item.nodeid.startswith("tests/browser/") or item.get_closest_marker("long") is not None


def pytest_unconfigure(config: pytest.Config) -> None:
    made = config.stash.get(_MADE_KEY, None)
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)
        os.environ.pop(CACHES_ENV, None)


def test_caches() -> Path:
    """The run's cache folder (see the module's docstring)."""
    return Path(os.environ[CACHES_ENV])


def filled_once(
    kind: str, items: Iterable[T], path_of: Callable[[T], Path], make: Callable[[T], Any]
) -> None:
    """Work each of ``items`` out once per run into the run's cache (``make``; ``path_of``
    names the file it is kept in), whichever worker asks first: each item has a lock of its
    own, so that workers asking at once share the work. First the items no other worker holds
    are made (or read, where another made them), then the others are waited for and read.
    With ``$TRAINER_TEST_WARM``, an item's file is first copied in from there, where it is."""
    locks = test_caches() / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    source = os.environ.get("TRAINER_TEST_WARM")
    pending = list(items)
    for blocking in (False, True):
        for item in list(pending):
            wanted = path_of(item)
            with (locks / f"{kind}-{wanted.stem}.lock").open("w") as lock:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX if blocking else fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue  # another worker is making it: make the others meanwhile
                try:
                    found = Path(source or "", wanted.name)
                    if source and found.is_file() and not wanted.exists():
                        wanted.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copyfile(found, wanted)
                    make(item)
                finally:
                    fcntl.flock(lock, fcntl.LOCK_UN)
            pending.remove(item)


def app_config(tmp: Path, **overrides: Any) -> dict[str, Any]:
    config: dict[str, Any] = {
        "TESTING": True,
        "INSTANCE_PATH": str(tmp / "instance"),
        "DATABASE": str(tmp / "trainer.sqlite3"),
        "SECRET_KEY": SECRET,
        "WARM_UP": False,  # a server's background warm-up (trainer.web.warm_up): not in tests
        "STRATEGY_CACHE_DIR": os.environ["TRAINER_CACHE_DIR"],
        "PENETRATION_CACHE_DIR": os.environ["TRAINER_PENETRATION_CACHE_DIR"],
    }
    config.update(overrides)
    return config


def sealed(
    form: Mapping[str, str], drill: str, *, question: str | None = None, secret: str = SECRET
) -> dict[str, str]:
    """``form`` (an answer form) with the seal its page would have given it
    (:func:`trainer.web.security.question_seal`, under the tests' secret key), for a test that
    posts a question of its own choosing: over its ``question`` (or ``question``, for a form
    that names its question otherwise: a run's round), ``token``, ``asked_at`` and ``rules``
    (read as the server reads them; none: the default rules)."""
    from trainer.app import DEFAULT_RULES
    from trainer.engine.rulebook.rules import Rules
    from trainer.web.security import SEAL_FIELD, seal_with_key

    rules = Rules.parse(form.get("rules") or DEFAULT_RULES).notation()
    values = (form["token"], question or form["question"], rules, int(form["asked_at"]))
    return {**form, SEAL_FIELD: seal_with_key(secret, drill, *values)}


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


# The strategy charts the pages and drills under test read without working them out (a quiz
# says "being worked out" for a chart not yet cached): every preset's, some 15 s in all, and the
# fixed points of the presets dealt face down and the games of 002's deal method 3, worked out
# once per run into the run's cache.
@pytest.fixture(scope="session")
def strategy_charts() -> None:
    from trainer.engine.banker.face_down import FIXED_POINTS, face_down_game, fixed_point
    from trainer.engine.rulebook.readings import readings_for
    from trainer.engine.rulebook.rules import find_preset, preset_names
    from trainer.engine.strategy import chart
    from trainer.engine.strategy.cache import CACHE, cache_key
    from trainer.engine.strategy.dealer import full_shoe

    presets = [find_preset(name) for name in preset_names()]
    filled_once(
        "chart", presets, lambda rules: CACHE.path(cache_key(rules, full_shoe(rules.decks))), chart
    )
    # 004 dealt face down (and its text's other readings): the banker's fixed point beside the
    # charts (a job's work in the app).
    read = [o.rules(rules) for rules in presets for r in readings_for(rules) for o in r.others]
    face_down = list(dict.fromkeys(rules for rules in presets + read if face_down_game(rules)))
    filled_once(
        "fixed-point",
        face_down,
        lambda rules: FIXED_POINTS.path(FIXED_POINTS.key(rules)),
        fixed_point,
    )
    # 002's deal method 3: its game (the dealer's double, the punters' redouble) beside them.
    from trainer.engine.banker.method3 import GAMES, method3_game

    method3 = [rules for rules in presets if rules.deal_method == 3]
    filled_once("method3", method3, lambda rules: GAMES.path(GAMES.key(rules)), method3_game)


# The count studies (indices and the edge by count) the count drills and the counting pages use
# in the suite: each takes ten to twenty seconds cold, so they are worked out once per run, into
# the run's cache, and only for the tests that ask for them.
COUNT_STUDIES = (
    ("vegas-6d-s17", "hi-lo"),
    ("twenty-one-club", "hi-lo"),
    ("single-deck", "hi-lo"),
)


@pytest.fixture(scope="session")
def count_studies() -> None:
    from trainer.engine.counting import find_system
    from trainer.engine.indices import study
    from trainer.engine.indices.cache import CACHE, cache_key
    from trainer.engine.rulebook.rules import Rules

    studied = [(Rules.parse(notation), find_system(system)) for notation, system in COUNT_STUDIES]
    filled_once(
        "study",
        studied,
        lambda pair: CACHE.path(cache_key(*pair)),
        lambda pair: study(*pair, jobs=2),
    )


@pytest.fixture
def app(tmp_path: Path, strategy_charts: None) -> Any:
    """The app on a fresh temporary database (never the developer's own), reading the run's
    caches. The database is a copy of one migrated once per test process (migrating each of
    some 1,000 databases cost 7 CPU-ms; tests/store checks the migrations themselves, and
    create_app still checks each copy has them all)."""
    from trainer import create_app

    config = app_config(tmp_path)
    shutil.copyfile(_migrated_database(), config["DATABASE"])
    return create_app(config)


def _migrated_database() -> Path:
    """An empty database with every migration applied, made once per test process in the
    run's cache folder."""
    path = test_caches() / "databases" / f"migrated-{os.getpid()}.sqlite3"
    if not path.exists():
        from trainer import store

        path.parent.mkdir(parents=True, exist_ok=True)
        making = path.with_suffix(".making")
        db = store.open_db(str(making))
        try:
            store.migrate(db)
        finally:
            db.close()
        making.replace(path)
    return path


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
    tmp_path_factory: pytest.TempPathFactory, strategy_charts: None, count_studies: None
) -> Iterator[LiveServer]:
    """The app served on a free 127.0.0.1 port in a thread, for the browser tests (which visit
    the count's pages too)."""
    from werkzeug.serving import make_server

    from trainer import create_app

    # Every browser test signs in from 127.0.0.1: the per-address limit is not under test here.
    app = create_app(
        app_config(tmp_path_factory.mktemp("live"), SIGNIN_MAX_FAILURES_PER_ADDRESS=10_000)
    )
    server = make_server("127.0.0.1", 0, _closed_at_once(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(url=f"http://127.0.0.1:{server.port}", app=app)
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


def _closed_at_once(app: Any) -> Any:
    """``app`` with each response read whole and closed before the server writes it.
    Werkzeug's development server skips a response's ``close`` where the browser resets the
    connection while the request is drained (a page left while a script was loading): the
    static file it had opened was then collected during whichever test ran next, a
    ResourceWarning that failed it. Nothing the app sends is streamed."""

    def serve(environ: Any, start_response: Any) -> list[bytes]:
        body = app(environ, start_response)
        try:
            return [b"".join(body)]
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()

    return serve


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


# Debian's Chromium, first its headless shell (package chromium-headless-shell: the same
# Chromium built without the browser's window, as Playwright's own headless browser is), else
# the whole browser. The shell does the same work for half the CPU: the 230 browser tests on
# three workers took 259 CPU-s (Chromium's processes included) against 547 with the whole
# browser, a page load about 50 ms against 105; the browser tests were three quarters of the
# suite's CPU.
CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """``$CHROMIUM_PATH``, else Debian's Chromium (``CHROMIUMS``); Playwright's own browser if
    none exists."""
    args = {
        **browser_type_launch_args,
        "args": CHROMIUM_ARGS,
        "timeout": BROWSER_LAUNCH_TIMEOUT_MS,
    }
    found = [path for path in CHROMIUMS if os.path.exists(path)]
    path = os.environ.get("CHROMIUM_PATH") or next(iter(found), None)
    if path:
        args["executable_path"] = path
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
