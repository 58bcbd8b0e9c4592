"""What the production server (gunicorn with the project's gunicorn.conf.py) sends and logs: a
``Server`` header that names no software (nor does the development server's), static files
without ``Vary: Cookie`` or a cookie, and no password in its error log or its access log, even
at the debug level. The same for the app alone (the test client, its log records captured)."""

from __future__ import annotations

import http.client
import logging
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

# One worker runs the file (--dist loadgroup): its gunicorn started once, not on each worker.
pytestmark = pytest.mark.xdist_group("served-headers")

ROOT = Path(__file__).resolve().parents[2]
STACK = re.compile(r"gunicorn|werkzeug|python|flask|\d", re.IGNORECASE)
_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
# The passwords sent below: each must be found nowhere in what the server writes.
NAME = "Logged Learner"
PASSWORD = "Kestrel-Quartz-4471-passphrase"
WRONG = "Osprey-Garnet-9025-not-it"
REFUSED = NAME.upper()  # the username in capitals: refused


@dataclass
class Served:
    port: int
    logs: list[Path]
    instance: Path

    def call(
        self, method: str, path: str, cookie: str = "", form: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], str]:
        """One request; its status, its headers (repeated ones joined with a line break), and
        its body."""
        headers = {"Cookie": cookie} if cookie else {}
        body = b""
        if form is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = urlencode(form).encode()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            found: dict[str, str] = {}
            for name, value in response.getheaders():
                key = name.lower()
                found[key] = f"{found[key]}\n{value}" if key in found else value
            return response.status, found, response.read().decode()
        finally:
            connection.close()

    def written(self) -> str:
        return "".join(path.read_text(encoding="utf-8", errors="replace") for path in self.logs)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """gunicorn as `make run` starts it (its config file, one worker), at the debug log level
    with its access log on, each log into a file."""
    folder = tmp_path_factory.mktemp("served")
    config = {
        "DATABASE": str(folder / "served.sqlite3"),
        "INSTANCE_PATH": str(folder / "instance"),  # its secret key made there, as in production
        "WARM_UP": False,
    }
    port = _free_port()
    access, errors = folder / "access.log", folder / "error.log"
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        *("--config", str(ROOT / "gunicorn.conf.py")),
        *("--bind", f"127.0.0.1:{port}", "--workers", "1", "--log-level", "debug"),
        *("--access-logfile", str(access)),
        f"trainer:create_app({config!r})",
    ]
    with errors.open("w") as stderr:
        process = subprocess.Popen(command, cwd=ROOT, stdout=stderr, stderr=stderr)
    server = Served(port, [access, errors], folder / "instance")
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if server.call("GET", "/signin")[0] == 200:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not answer:\n" + server.written()[-3000:])
            time.sleep(0.1)
        yield server
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_the_server_header_names_no_software(served: Served) -> None:
    for path in ("/", "/signin", "/static/css/app.css", "/no-such-page"):
        status, headers, _ = served.call("GET", path)
        assert status in (200, 404)
        assert "\n" not in headers["server"]  # one Server header, not gunicorn's and another
        assert not STACK.search(headers["server"]), headers["server"]


def test_the_development_servers_header_names_no_software(app: Any) -> None:
    """Werkzeug's development server (``make dev``'s, the browser tests' live server) sends
    ``Server: trainer`` too, not its name and Python's with their versions."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app)
    thread = threading.Thread(target=server.handle_request)
    thread.start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=20)
        connection.request("GET", "/signin")
        response = connection.getresponse()
        response.read()
        connection.close()
    finally:
        thread.join(timeout=20)
        server.server_close()
    assert response.status == 200
    assert response.getheader("Server") == "trainer"


def test_static_files_do_not_vary_by_cookie_and_set_none(served: Served) -> None:
    status, headers, page = served.call("GET", "/signin")
    assert status == 200 and "Cookie" in headers["vary"]  # a page does vary by its cookie
    cookie = headers["set-cookie"].split(";", 1)[0]
    for sent in ("", cookie, "trainer_session=tampered.value.x"):
        status, headers, _ = served.call("GET", "/static/css/app.css", cookie=sent)
        assert status == 200
        assert "cookie" not in headers.get("vary", "").lower()
        assert "set-cookie" not in headers


def test_no_password_is_written_to_the_logs(served: Served) -> None:
    """A sign-up refused (its password the username in capitals), a sign-up, a failed sign-in
    and a sign-in: the server's logs show the requests, never a password sent with them."""
    cookie = ""

    def send(path: str, password: str) -> int:
        nonlocal cookie
        _, headers, page = served.call("GET", path, cookie=cookie)
        cookie = headers.get("set-cookie", cookie).split(";", 1)[0]
        token = _TOKEN.search(page)
        assert token is not None
        form = {"username": NAME, "password": password, "csrf_token": token.group(1)}
        status, headers, _ = served.call("POST", path, cookie=cookie, form=form)
        cookie = headers.get("set-cookie", cookie).split(";", 1)[0]
        return status

    assert send("/signup", REFUSED) == 400
    assert send("/signup", PASSWORD) == 303
    assert send("/signin", WRONG) == 400
    assert send("/signin", PASSWORD) == 303
    time.sleep(0.3)  # the access log is written after the response
    written = served.written()
    assert written.count("POST /signin") >= 2 and written.count("POST /signup") >= 2
    secret_key = (served.instance / "secret_key").read_text(encoding="ascii").strip()
    for secret in (PASSWORD, WRONG, REFUSED, secret_key):
        assert secret not in written


def test_the_apps_own_log_records_hold_no_password(
    app: Any, csrf: Any, caplog: pytest.LogCaptureFixture
) -> None:
    client = app.test_client()
    caplog.set_level(logging.DEBUG)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a failure is logged, as in production
    with client.session_transaction() as session:
        session["_csrf"] = token = "csrf-for-the-log-test"
    sent = {"username": NAME, "csrf_token": token}
    assert client.post("/signup", data={**sent, "password": REFUSED}).status_code == 400
    assert client.post("/signup", data={**sent, "password": PASSWORD}).status_code == 303
    with client.session_transaction() as session:
        session["_csrf"] = token
    assert client.post("/signin", data={**sent, "password": WRONG}).status_code == 400
    assert client.post("/signin", data={**sent, "password": PASSWORD}).status_code == 303
    records = "\n".join(f"{r.getMessage()} {r.args!r} {r.exc_text or ''}" for r in caplog.records)
    assert PASSWORD not in records and WRONG not in records and REFUSED not in records


_FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.DOTALL)


def test_every_password_is_sent_in_a_forms_body_never_its_address(client: Any, csrf: Any) -> None:
    """A GET form would put the password in the URL, so in every access log and history."""
    pages = [client.get("/signup"), client.get("/signin")]
    form = {"username": NAME, "password": PASSWORD, "csrf_token": csrf()}
    assert client.post("/signup", data=form).status_code == 303
    pages.append(client.get("/account"))
    with_password = [
        attributes
        for page in pages
        for attributes, inside in _FORM.findall(page.get_data(as_text=True))
        if 'type="password"' in inside
    ]
    assert len(with_password) == 3  # sign-up, sign-in, deleting the account
    assert all('method="post"' in attributes for attributes in with_password)


def test_the_start_line_names_the_address_listened_on(served: Served) -> None:
    """gunicorn.conf.py's line saying the server answers names the address given with --bind
    (it named the file's default, 127.0.0.1:5000, whatever the server listened on)."""
    written = served.written()
    assert f"Answering at http://127.0.0.1:{served.port} now" in written
    assert "127.0.0.1:5000" not in written
