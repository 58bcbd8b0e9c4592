"""The templates' compiled code, kept once for every app in the process.

Jinja compiles each template the first time an app's environment loads it, and every app has an
environment of its own: a process that makes many apps (the tests make one for almost every
test) compiled the same templates again for each, most of a page test's time. Here the code is
kept in memory for the process, by the template's name and source (an edited template is
compiled again) and by the environment's options that shape the code Jinja writes (a
``finalize``, the extensions, the syntax), so that an app whose environment differs never gets
another's code."""

from __future__ import annotations

import threading
from collections.abc import Hashable
from types import CodeType
from typing import Any

from jinja2 import Environment
from jinja2.bccache import Bucket, BytecodeCache

__all__ = ["TemplateCode", "TEMPLATE_CODE"]


def _named(value: Any) -> Hashable:
    """What the code Jinja writes depends on in an option that is a function: which function
    it is by name (two closures of one definition write the same code), or the value itself."""
    if callable(value):
        return (getattr(value, "__module__", None), getattr(value, "__qualname__", repr(value)))
    return value if isinstance(value, Hashable) else repr(value)


def _options(environment: Environment) -> tuple[Hashable, ...]:
    return (
        type(environment).__qualname__,
        _named(environment.finalize),
        _named(environment.autoescape),
        tuple(sorted(environment.extensions)),
        environment.block_start_string,
        environment.block_end_string,
        environment.variable_start_string,
        environment.variable_end_string,
        environment.comment_start_string,
        environment.comment_end_string,
        environment.line_statement_prefix,
        environment.line_comment_prefix,
        environment.trim_blocks,
        environment.lstrip_blocks,
        environment.newline_sequence,
        environment.keep_trailing_newline,
        environment.optimized,
        environment.is_async,
    )


class TemplateCode(BytecodeCache):
    """Compiled templates in memory, shared by the environments of the same options."""

    def __init__(self) -> None:
        self._code: dict[tuple[Hashable, ...], tuple[str, CodeType]] = {}
        self._lock = threading.Lock()

    def get_bucket(
        self, environment: Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        key = (_options(environment), name, filename)
        bucket = Bucket(environment, repr(key), self.get_source_checksum(source))
        bucket.kept_as = key  # type: ignore[attr-defined]
        with self._lock:
            found = self._code.get(key)
        if found is not None and found[0] == bucket.checksum:
            bucket.code = found[1]
        return bucket

    def set_bucket(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            with self._lock:
                self._code[bucket.kept_as] = (bucket.checksum, bucket.code)  # type: ignore[attr-defined]

    def load_bytecode(self, bucket: Bucket) -> None:  # pragma: no cover (kept as code, above)
        pass

    def dump_bytecode(self, bucket: Bucket) -> None:  # pragma: no cover
        pass


TEMPLATE_CODE = TemplateCode()
