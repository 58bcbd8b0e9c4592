"""The container (Dockerfile, compose.yaml, .dockerignore), read against what `make run` does:
no image can be built here (no engine), so what can be checked is checked: the same htmx file
from the same lock, the same Python lock installed with its hashes, the catalogues compiled, the
same gunicorn settings, a user that is not root, the instance folder a volume, a health check,
and compose.yaml serving that image with that volume. The build itself is untested."""

from __future__ import annotations

import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
HTMX = "node_modules/htmx.org/dist/htmx.min.js"
VENDORED = "static/vendor/htmx.min.js"


def instructions(path: Path) -> list[tuple[str, str]]:
    """A Dockerfile's instructions, (KEYWORD, arguments), continuation lines joined."""
    joined = re.sub(r"\\\n", " ", path.read_text(encoding="utf-8"))
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            found.append((keyword.upper(), rest.strip()))
    return found


def stages(path: Path) -> list[list[tuple[str, str]]]:
    """The Dockerfile's build stages, each its instructions from its FROM."""
    found: list[list[tuple[str, str]]] = []
    for keyword, rest in instructions(path):
        if keyword == "FROM":
            found.append([])
        found[-1].append((keyword, rest))
    return found


def makefile() -> str:
    return (ROOT / "Makefile").read_text(encoding="utf-8")


def runs(stage: list[tuple[str, str]]) -> str:
    return "\n".join(rest for keyword, rest in stage if keyword == "RUN")


def test_htmx_is_built_in_a_node_stage_as_make_builds_it() -> None:
    assets, server = stages(ROOT / "Dockerfile")
    assert assets[0][1].startswith("node:") and " AS assets" in assets[0][1]
    assert "npm ci" in runs(assets) and "npm ci" in makefile()
    assert f"cp {HTMX} {VENDORED}" in runs(assets)
    assert f"cp {HTMX} $@" in makefile() and f"{VENDORED}:" in makefile()  # make's same file
    copied = [rest for keyword, rest in server if keyword == "COPY" and "--from=assets" in rest]
    assert copied == [f"--from=assets /src/{VENDORED} {VENDORED}"]


def test_the_server_installs_the_servers_lock_with_hashes_then_the_trainer() -> None:
    server = stages(ROOT / "Dockerfile")[-1]
    python = server[0][1]
    assert re.fullmatch(r"python:3\.11-slim", python)  # the lock's Python (scripts/lock)
    assert "--python-version 3.11" in (ROOT / "scripts/lock").read_text(encoding="utf-8")
    steps = runs(server)
    lock = "requirements/server.txt"
    assert (ROOT / lock).is_file()
    assert f"pip install --require-hashes -r {lock}" in steps
    assert f"$(VENV)/.server-installed: {lock}" in makefile()  # the lock `make run` installs
    assert "pip install --no-deps --no-build-isolation -e ." in steps
    assert "--no-deps --no-build-isolation -e ." in makefile()
    assert "pybabel compile" in steps and "pybabel compile" in makefile()  # the catalogues


def test_gunicorn_serves_as_make_run_serves_it_as_a_user_that_is_not_root() -> None:
    server = dict((k, v) for k, v in stages(ROOT / "Dockerfile")[-1] if k != "RUN")
    assert server["CMD"] == '["gunicorn", "--config", "gunicorn.conf.py"]'
    assert "gunicorn --config gunicorn.conf.py" in makefile()
    assert "BIND=0.0.0.0:5000" in server["ENV"] and server["EXPOSE"] == "5000"
    assert 'os.environ.get("BIND")' in (ROOT / "gunicorn.conf.py").read_text(encoding="utf-8")
    assert server["USER"] not in ("root", "0", "")
    assert server["VOLUME"] == "/app/instance" and server["WORKDIR"] == "/app"
    options, _, command = server["HEALTHCHECK"].partition(" CMD ")
    assert "--interval=" in options
    python, flag, code = json.loads(command)  # the exec form: no shell in the way
    assert (python, flag) == ("python", "-c") and "/healthz" in code
    compile(code, "HEALTHCHECK", "exec")  # it is Python that runs


def test_the_app_answers_the_health_checks_path(app: Any) -> None:
    assert "/healthz" in {rule.rule for rule in app.url_map.iter_rules()}


def health_check_code() -> str:
    server = dict((k, v) for k, v in stages(ROOT / "Dockerfile")[-1] if k != "RUN")
    return str(json.loads(server["HEALTHCHECK"].partition(" CMD ")[2])[2])


@pytest.mark.parametrize("status, healthy", [(200, True), (503, False)])
def test_the_health_check_asks_healthz_at_binds_port(status: int, healthy: bool) -> None:
    """The check's Python run against a stand-in server on BIND's port: healthy on a 200 from
    /healthz, not on a 503 (the app's own /healthz is tested with the app)."""
    asked: list[str] = []

    class Answer(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            asked.append(self.path)
            self.send_response(status)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    with http.server.HTTPServer(("127.0.0.1", 0), Answer) as server:
        thread = threading.Thread(target=server.handle_request, daemon=True)
        thread.start()
        done = subprocess.run(
            [sys.executable, "-c", health_check_code()],
            env={**os.environ, "BIND": f"0.0.0.0:{server.server_port}"},
            capture_output=True,
            timeout=30,
        )
        thread.join(timeout=10)
    assert asked == ["/healthz"]
    assert (done.returncode == 0) == healthy


def test_compose_serves_the_image_with_the_instance_volume() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    service = compose["services"]["trainer"]
    assert service["build"] == "."
    assert service["volumes"] == ["trainer-instance:/app/instance"]
    assert "trainer-instance" in compose["volumes"]
    assert service["ports"] == ["127.0.0.1:${PORT:-5000}:5000"]  # the Dockerfile's BIND port
    for name in service["environment"]:
        assert name.startswith("TRAINER_") or name in ("WORKERS", "TIMEOUT", "ACCESS_LOG")
        gunicorn = (ROOT / "gunicorn.conf.py").read_text(encoding="utf-8")
        assert name.startswith("TRAINER_") or f'"{name}"' in gunicorn


def test_the_checkouts_data_never_goes_into_the_image() -> None:
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    for private in (".git", ".venv", "instance", "node_modules"):
        assert private in ignored


@pytest.mark.skipif(
    shutil.which("docker") is None
    or subprocess.run(["docker", "compose", "version"], capture_output=True).returncode != 0,
    reason="no docker compose here: compose.yaml is read with PyYAML above instead",
)
def test_docker_compose_reads_the_file() -> None:
    done = subprocess.run(
        ["docker", "compose", "config", "--quiet"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
