"""Results worked out once and kept: in memory, in front of JSON files on disk.

One :class:`ResultCache` per kind of result (the strategy charts, the shoe-penetration studies).
A result is found by a key hashed from what it depends on: the rules' text notation and their
every option (so a preset whose definition changes under the same name is worked out again),
whatever else the caller names, and the kind's code version (bump it whenever the maths or the
dealing changes). Files are written atomically; a damaged or unreadable one is worked out
again, never trusted; a read-only place still returns the result (kept in memory). A result is
worked out once however many ask for it at once, threads or processes: the others wait on its
lock (a hidden, empty ``.<name>.lock`` file beside it) and read it.

The directory is the one a call passes in (the web app passes its own, made once from its
configuration), else the kind's environment variable, else ``instance/<name>`` beside the
``trainer`` package. What is kept in memory is kept per directory: two apps in one process,
each with its own directory, each find and write their results in their own.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generic, TypeVar

from trainer.engine.rulebook.rules import Rules

__all__ = ["ResultCache", "rules_key"]

T = TypeVar("T")
_INSTANCE = Path(__file__).resolve().parents[2] / "instance"
_KEYS_KEPT = 1024  # keys remembered per kind of result


def rules_key(rules: Rules) -> dict[str, Any]:
    """What a result's key says of its rules: their notation and every option's value."""
    return {"notation": rules.notation(), "options": rules.to_dict()}


class ResultCache(Generic[T]):
    """Results of one kind, by key: the newest ``memory_limit`` in memory, all on disk."""

    def __init__(
        self,
        name: str,
        code_version: str,
        *,
        encode: Callable[[T], dict[str, Any]],
        env_var: str,
        memory_limit: int,
        prefix: str = "",
        beside: ResultCache[Any] | None = None,
    ) -> None:
        """``encode`` writes a result as a JSON document; each read passes the ``decode`` that
        reads one back (raising ``ValueError``, ``KeyError`` or ``TypeError`` for a document
        that is not one). ``prefix`` starts each file's name; ``beside``: another cache whose
        directory this one shares (the deviation indices live beside the charts)."""
        self.name = name
        self.code_version = code_version
        self.env_var = env_var
        self.memory_limit = memory_limit
        self._encode = encode
        self._prefix = prefix
        self._beside = beside
        self._memory: dict[tuple[Path, str], T] = {}  # by directory and key, oldest first
        self._lock = threading.Lock()
        # One result worked out once, however many ask.
        self._making: dict[tuple[Path, str], threading.Lock] = {}
        # Each key made once, by rules and parts: the engine's bankers and punters ask for a
        # result at every decision, and a key hashes every option's JSON (some 100 us).
        self._keys: dict[tuple[Rules, str, str], str] = {}

    # -- where ------------------------------------------------------------------------------

    def directory(self, cache_dir: str | Path | None = None) -> Path:
        """``cache_dir``, else ``$env_var``, else the instance folder's ``<name>`` (or, for a
        cache kept ``beside`` another, that one's)."""
        if cache_dir is not None:
            return cache_dir if isinstance(cache_dir, Path) else Path(cache_dir)
        if self._beside is not None:
            return self._beside.directory()
        env = os.environ.get(self.env_var)
        return Path(env) if env else _INSTANCE / self.name

    # -- what -------------------------------------------------------------------------------

    def key(self, rules: Rules, **parts: Any) -> str:
        """A stable hash of the rules (:func:`rules_key`), the ``parts`` (JSON values) and the
        code version, made once for equal rules, parts and code version (rules are frozen: what
        they say of themselves never changes)."""
        found = (rules, json.dumps(parts, sort_keys=True) if parts else "", self.code_version)
        key = self._keys.get(found)
        if key is None:
            document = json.dumps(
                {"rules": rules_key(rules), **parts, "code": self.code_version},
                sort_keys=True,
            )
            key = hashlib.sha256(document.encode()).hexdigest()[:32]
            if len(self._keys) >= _KEYS_KEPT:
                self._keys.clear()  # a long-running server's many rule sets: start afresh
            self._keys[found] = key
        return key

    def clear_memory(self) -> None:
        """Forget what is kept in memory (as a restart would); the disk keeps it."""
        with self._lock:
            self._memory.clear()

    def cached(
        self,
        key: str,
        decode: Callable[[dict[str, Any]], T],
        cache_dir: str | Path | None = None,
    ) -> T | None:
        """The result if it is in memory or on disk already, else ``None`` (nothing is made)."""
        return self._cached(self.directory(cache_dir), key, decode)

    def _cached(self, directory: Path, key: str, decode: Callable[[dict[str, Any]], T]) -> T | None:
        found = self._memory.get((directory, key))
        if found is not None:
            return found
        path = directory / f"{self._prefix}{key}.json"
        try:
            result = decode(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None
        self._remember((directory, key), result)
        return result

    def get(
        self,
        key: str,
        make: Callable[[], T],
        decode: Callable[[dict[str, Any]], T],
        cache_dir: str | Path | None = None,
        *,
        use_cache: bool = True,
    ) -> T:
        """The result: cached, else ``make()`` now (once, however many ask at the same time)
        and kept. ``use_cache=False`` makes it afresh, and still keeps it."""
        directory = self.directory(cache_dir)
        if use_cache:
            found = self._cached(directory, key, decode)
            if found is not None:
                return found
        with self._lock:
            making = self._making.setdefault((directory, key), threading.Lock())
        # A second request for the same result waits for the first, then reads it: in this
        # process (a thread), or in another one (a file lock beside the result).
        with making, self._file_lock(directory, key):
            found = self._cached(directory, key, decode) if use_cache else None
            if found is not None:
                return found
            result = make()
            self._remember((directory, key), result)
            self._write(directory / f"{self._prefix}{key}.json", result)
        return result

    @contextmanager
    def _file_lock(self, directory: Path, key: str) -> Iterator[None]:
        """Held while one process works a result out, so that another process asking for it
        (a server's job worker and the command line, the test suite's workers) waits and reads
        it rather than working it out again. Released when the process ends, however it ends.
        A place where no lock file can be made (read-only) locks nothing."""
        try:
            directory.mkdir(parents=True, exist_ok=True)
            handle = open(directory / f".{self._prefix}{key}.lock", "a")  # noqa: SIM115
        except OSError:
            yield
            return
        with handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    def path(self, key: str, cache_dir: str | Path | None = None) -> Path:
        """The file a result is kept in."""
        return self.directory(cache_dir) / f"{self._prefix}{key}.json"

    def _remember(self, key: tuple[Path, str], result: T) -> None:
        with self._lock:
            self._memory[key] = result
            while len(self._memory) > self.memory_limit:
                del self._memory[next(iter(self._memory))]

    def _write(self, path: Path, result: T) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", dir=path.parent, suffix=".tmp", delete=False, encoding="utf-8"
            ) as handle:
                json.dump(self._encode(result), handle)
                temporary = handle.name
            os.replace(temporary, path)
        except OSError:
            pass  # a read-only place: the result is still returned (and kept in memory)
