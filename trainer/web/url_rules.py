"""The URL rules' builders, compiled once for every app in the process.

Werkzeug compiles two functions for each URL rule as an app registers it (the code that builds
the rule's URLs, written as an AST and compiled), and every app has a URL map of its own: making
an app spent four fifths of its 52 ms compiling the same hundred rules' builders again, and a
process that makes many apps (the tests make one for almost every test; a CLI command, a job
worker and a gunicorn worker one each as they start) paid it each time. Here a builder is kept
for the process by what its code is made from: the rule's text, its parsed parts, its defaults
and whether it appends unknown arguments as a query. A builder is a plain function of the rule
it is bound to (it reads that rule's converters when it is called), so the one compiled for a
rule of one app serves the same rule of another. Werkzeug's own compilation runs for every rule
not seen before in the process.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import ClassVar

from werkzeug.routing import Rule

__all__ = ["SharedBuilderRule"]


class SharedBuilderRule(Rule):
    """A rule whose URL builders are compiled once per process (Flask's ``url_rule_class``)."""

    _builders: ClassVar[dict[Hashable, Callable[..., tuple[str, str]]]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        given = (self.defaults or {}).items()
        defaults = tuple(sorted((name, repr(value)) for name, value in given))
        key = (self.rule, tuple(self._trace), defaults, append_unknown)
        with self._lock:
            found = self._builders.get(key)
        if found is None:
            found = super()._compile_builder(append_unknown)
            with self._lock:
                self._builders[key] = found
        return found
