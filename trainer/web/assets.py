"""Static files cached for a year under a version query, and every response compressed.

Every ``url_for('static', filename=...)`` gets ``?v=`` and the first 12 hex digits of the
file's SHA-256, so a changed htmx or stylesheet has a new URL and is never served stale; a
request carrying the current version is cacheable for a year (``immutable``), any other is
revalidated (``no-cache``, with Flask's ETag). Compression (Brotli, zstd, gzip or deflate, as
the browser accepts) is Flask-Compress's, for pages and static files alike; an htmx block in
zstd first (:class:`_Compress`).
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from typing import Any

from flask import Flask, current_app, has_request_context, request
from flask_compress import Compress
from werkzeug.wrappers import Response

YEAR = 365 * 24 * 3600
_VERSION_ARG = "v"


@lru_cache(maxsize=256)
def _digest(path: str, mtime_ns: int, size: int) -> str:
    with open(path, "rb") as data:
        return hashlib.sha256(data.read()).hexdigest()[:12]


def version(filename: str) -> str:
    """The current version of ``static/<filename>`` (empty if there is no such file)."""
    folder = current_app.static_folder or ""
    path = os.path.join(folder, filename)
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return ""
    return _digest(path, stat.st_mtime_ns, stat.st_size)


def _add_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "filename" in values and _VERSION_ARG not in values:
        current = version(values["filename"])
        if current:
            values[_VERSION_ARG] = current


def _cache_static(response: Response) -> Response:
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename", "")
    if request.args.get(_VERSION_ARG) == version(filename) != "":
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    else:
        response.headers["Cache-Control"] = "no-cache"
    if response.status_code == 200 and response.is_streamed:
        # Read the (small) file into the response, so Flask-Compress compresses it whole, with
        # gzip too, and the file is closed with the response; a compressed stream leaves it open.
        response.direct_passthrough = False
        response.make_sequence()
    return response


class _Compress(Compress):
    """Flask-Compress choosing by what is sent: a page or a static file in Brotli first (the
    smallest: the home page and its files weigh under 30 KB, and a browser keeps the files a
    year), an htmx block in zstd first (``COMPRESS_PANEL_ALGORITHM``): a quiz answer's 6.9 KB
    panel in 0.05 ms and 2.0 KB, where Brotli at 5 took 0.24 ms and 1.8 KB (a fifth of what
    grading the answer costs: ``bench/drill_answer.py`` with its browser's Accept-Encoding).
    A browser without zstd gets Brotli, then gzip."""

    def init_app(self, app: Flask) -> None:
        super().init_app(app)
        self._panels = tuple(app.config["COMPRESS_PANEL_ALGORITHM"])

    @property  # type: ignore[override]
    def enabled_algorithms(self) -> tuple[str, ...]:
        if has_request_context() and request.headers.get("HX-Request") == "true":
            return self._panels
        return self._whole

    @enabled_algorithms.setter
    def enabled_algorithms(self, algorithms: tuple[str, ...]) -> None:  # Compress.init_app's
        self._whole = algorithms


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "zstd", "gzip", "deflate"])
    app.config.setdefault("COMPRESS_PANEL_ALGORITHM", ["zstd", "br", "gzip", "deflate"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)  # 4 is larger than gzip here; 6 is 4x slower
    app.url_defaults(_add_version)
    _Compress(app)
    app.after_request(_cache_static)  # registered after Compress, so it runs before it
