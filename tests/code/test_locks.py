"""The locks (requirements/server.txt, requirements/test.txt) are what every host installs:
they name every dependency pyproject.toml declares, at an exact release it allows, with the
hashes of its files, and `make run`, `make test` and CI install from them and nothing else."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
SERVER = "requirements/server.txt"
TEST = "requirements/test.txt"
# Extras left out of the locks (none: the tool making them, uv, is locked as the installer).
UNLOCKED_EXTRAS: set[str] = set()
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)\s*\\$")
HASH = re.compile(r"^\s+--hash=sha256:[0-9a-f]{64}(\s*\\)?$")


def pyproject() -> dict:  # type: ignore[type-arg]
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def pins(lock: str) -> dict[str, tuple[str, int]]:
    """Each release a lock names: its name -> (version, number of hashes); anything else in
    the file (an unpinned line, an option, a URL) fails the test that reads it."""
    found: dict[str, tuple[str, int]] = {}
    name = ""
    for number, line in enumerate((ROOT / lock).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if pin := PIN.match(line):
            name = canonicalize_name(pin[1])
            assert name not in found, f"{lock}:{number}: {name} pinned twice"
            found[name] = (pin[2], 0)
        elif HASH.match(line) and name:
            version, hashes = found[name]
            found[name] = (version, hashes + 1)
        else:
            raise AssertionError(f"{lock}:{number}: not a pin nor a hash: {line!r}")
    return found


def declared() -> dict[str, list[Requirement]]:
    """pyproject.toml's requirements by where they belong: the server's (the dependencies, the
    build backend, and the installers: uv, which make installs first, and pip, where uv fails)
    and each extra's."""
    project = pyproject()
    groups = {
        "server": [
            *map(Requirement, project["project"]["dependencies"]),
            *map(Requirement, project["build-system"]["requires"]),
            Requirement("pip"),
            Requirement("uv"),
        ]
    }
    for extra, requirements in project["project"]["optional-dependencies"].items():
        groups[extra] = [Requirement(text) for text in requirements]
    return groups


@pytest.mark.parametrize("lock", [SERVER, TEST])
def test_every_release_is_pinned_exactly_with_its_hashes(lock: str) -> None:
    found = pins(lock)
    assert len(found) > 10
    assert [name for name, (_, hashes) in found.items() if hashes == 0] == []


@pytest.mark.parametrize(
    ("lock", "groups"),
    [(SERVER, ["server"]), (TEST, ["server", "test", "dask"])],
)
def test_each_lock_names_every_dependency_at_a_release_pyproject_allows(
    lock: str, groups: list[str]
) -> None:
    found = pins(lock)
    wanted = [requirement for group in groups for requirement in declared()[group]]
    missing = [str(r) for r in wanted if canonicalize_name(r.name) not in found]
    assert missing == [], f"not in {lock}: run `make lock`"
    refused = [
        f"{r} (locked {found[canonicalize_name(r.name)][0]})"
        for r in wanted
        if not r.specifier.contains(found[canonicalize_name(r.name)][0], prereleases=True)
    ]
    assert refused == [], f"{lock} pins a release pyproject.toml refuses: run `make lock`"


def test_every_extra_is_locked_or_said_not_to_be() -> None:
    extras = set(declared()) - {"server"}
    assert extras - UNLOCKED_EXTRAS == {"test", "dask"}


def test_the_tests_run_the_servers_releases() -> None:
    server, test = pins(SERVER), pins(TEST)
    assert {name: test.get(name) for name in server} == server
    assert {"pytest", "playwright", "mypy", "dask"} <= test.keys()
    assert not {"pytest", "playwright", "mypy", "dask"} & server.keys()


def installs(target: str) -> list[str]:
    """The install commands `make TARGET` runs on a fresh checkout (make -n -B: printed, not
    run), uv's and pip's where uv fails each on its own."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    env = {k: v for k, v in os.environ.items() if k not in {"MAKEFLAGS", "MFLAGS", "MAKELEVEL"}}
    commands = subprocess.run(
        ["make", "-n", "-B", "-C", str(ROOT), target],
        capture_output=True, text=True, check=True, env=env,
    ).stdout  # fmt: skip
    pieces = [piece for line in commands.splitlines() for piece in re.split(r"\|\||;|[{}]", line)]
    return [piece.strip() for piece in pieces if "pip install" in piece]


@pytest.mark.parametrize(
    ("target", "lock", "not_lock"), [("run", SERVER, TEST), ("test", TEST, None)]
)
def test_make_installs_from_the_locks_and_only_from_them(
    target: str, lock: str, not_lock: str | None
) -> None:
    commands = installs(target)
    for installer in ("/uv pip install --python .venv/bin/python", "/python -m pip install"):
        assert any(c.endswith(f"{installer} --require-hashes -r {lock}") for c in commands)
    if not_lock:
        assert not [c for c in commands if not_lock in c]
    # Anything else is the project itself, its dependencies left to the locks.
    unlocked = [c for c in commands if "--require-hashes" not in c and "--no-deps" not in c]
    assert unlocked == []
    assert any(
        c.endswith("uv pip install --python .venv/bin/python --no-deps --no-build-isolation -e .")
        for c in commands
    )
    # The locked uv itself, by the virtualenv's own pip, from its stanza of the lock.
    assert any(
        c.endswith("pip install --require-hashes --no-deps -r .venv/uv-lock.txt") for c in commands
    )


def test_ci_runs_make_test_and_installs_nothing_of_its_own() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^exec make test\b", ci, re.MULTILINE)
    assert not re.search(r"\bpip3? install\b|-m pip\b", ci)


def test_the_licence_pyproject_names_is_the_one_in_license() -> None:
    project = pyproject()["project"]
    assert project["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
