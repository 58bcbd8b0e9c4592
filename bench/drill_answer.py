"""The basic-strategy quiz's answer round trip, beside a bare Flask endpoint served the same way.

    .venv/bin/python bench/drill_answer.py [--answers N] [--bare N] [--warmup N] [--full-page]

Both apps are served by werkzeug on 127.0.0.1 in a thread (threaded, as the browser tests serve
the trainer); the client is ``http.client`` in this process, one connection per request (the
development server speaks HTTP/1.0). The trainer runs on a real temporary SQLite database with a
guest session: each POST /drills/basic-strategy/answer is parsed, graded from its notation by
the strategy engine's (disk-cached) chart, stored through ``record_attempt`` (one transaction),
and the next question is generated and rendered; the next POST uses the hidden fields of that
response, as a browser would. By default requests carry ``HX-Request`` (the panel only, as with
JavaScript on); ``--full-page`` asks for whole pages (JavaScript off). The bare endpoint reads
one form field and returns a short text. Printed: answers (requests) per second and p50/p99
latency in milliseconds for each, and the ratio.
"""

from __future__ import annotations

import argparse
import html
import http.client
import logging
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask, request  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from trainer import create_app  # noqa: E402

_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
_ANSWER_BUTTON = re.compile(r'<button type="submit" name="answer" value="([A-Z])"([^>]*)>')
_QUIZ_FIELDS = ("csrf_token", "question", "preset", "custom", "mix", "token", "asked_at")


@contextmanager
def served(app: Any) -> Iterator[int]:
    """``app`` on a free 127.0.0.1 port in a thread; yields the port."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.port
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


def call(
    port: int, method: str, path: str, body: str = "", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body.encode(), headers=headers or {})
        response = connection.getresponse()
        text = response.read().decode()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text
    finally:
        connection.close()


def bare_app() -> Flask:
    app = Flask("bare")

    @app.post("/echo")
    def echo() -> str:
        return f"got {request.form.get('answer', '')}"

    return app


def measure(count: int, one: Callable[[], None]) -> list[float]:
    latencies = []
    for _ in range(count):
        start = time.perf_counter()
        one()
        latencies.append(time.perf_counter() - start)
    return latencies


def quiz_round_trips(port: int, answers: int, warmup: int, htmx: bool) -> tuple[list[float], int]:
    """Answer ``warmup`` then ``answers`` questions; return the timed latencies and the count of
    attempts the answers stored."""
    status, headers, page = call(
        port, "GET", "/drills/basic-strategy?preset=vegas-6d-s17&mix=cells"
    )
    if status != 200:
        raise SystemExit(f"the quiz page answered {status}")
    cookie = headers["set-cookie"].split(";", 1)[0]
    state = {"page": page}

    def answer() -> None:
        fields = {n: html.unescape(v) for n, v in _HIDDEN.findall(state["page"])}
        form = {name: fields[name] for name in _QUIZ_FIELDS}
        keys = [k for k, attrs in _ANSWER_BUTTON.findall(state["page"]) if "disabled" not in attrs]
        form["answer"] = keys[len(fields["token"]) % len(keys)]
        head = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}
        if htmx:
            head["HX-Request"] = "true"
        status, _, text = call(port, "POST", "/drills/basic-strategy/answer", urlencode(form), head)
        if status != 200:
            raise SystemExit(f"an answer was refused ({status}): {text[:300]}")
        state["page"] = text

    measure(warmup, answer)
    return measure(answers, answer), warmup + answers


def bare_round_trips(port: int, count: int, warmup: int) -> list[float]:
    head = {"Content-Type": "application/x-www-form-urlencoded"}

    def one() -> None:
        status, _, _ = call(port, "POST", "/echo", "answer=H", head)
        if status != 200:
            raise SystemExit(f"the bare endpoint answered {status}")

    measure(warmup, one)
    return measure(count, one)


def summary(latencies: list[float]) -> tuple[float, float, float]:
    """(requests per second, p50 ms, p99 ms)."""
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return len(latencies) / sum(latencies), cuts[49] * 1000, cuts[98] * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=300, help="quiz answers timed (max 5000)")
    parser.add_argument("--bare", type=int, default=1000, help="bare requests timed (max 20000)")
    parser.add_argument("--warmup", type=int, default=20, help="untimed requests first")
    parser.add_argument("--full-page", action="store_true", help="whole pages, no HX-Request")
    args = parser.parse_args(argv)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    if (
        not 10 <= args.answers <= 5000
        or not 10 <= args.bare <= 20000
        or not 0 <= args.warmup <= 500
    ):
        parser.error("--answers 10..5000, --bare 10..20000, --warmup 0..500")

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "DATABASE": str(Path(tmp) / "bench.sqlite3"),
                "INSTANCE_PATH": str(Path(tmp) / "instance"),
                "SECRET_KEY": "bench-secret-" + "0123456789abcdef" * 3,
            }
        )
        with served(app) as port:
            quiz, sent = quiz_round_trips(port, args.answers, args.warmup, not args.full_page)
        from trainer import store
        from trainer.store import attempts

        db = store.open_db(app.config["DATABASE"])
        stored = sum(s.attempts for s in attempts.drill_stats(db, 1).values())
        db.close()
    with served(bare_app()) as port:
        bare = bare_round_trips(port, args.bare, args.warmup)

    mode = "full page" if args.full_page else "htmx panel"
    rows = [
        (f"quiz answer: grade, store, render ({mode})", quiz),
        ("bare Flask endpoint (form in, text out)", bare),
    ]
    print(
        "127.0.0.1, werkzeug threaded server, one connection per request; "
        f"{stored} of {sent} answers stored"
    )
    print(f"{'':48} {'n':>6} {'per s':>8} {'p50 ms':>8} {'p99 ms':>8}")
    figures = []
    for label, latencies in rows:
        rate, p50, p99 = summary(latencies)
        figures.append((rate, p50))
        print(f"{label:48} {len(latencies):>6} {rate:>8.1f} {p50:>8.2f} {p99:>8.2f}")
    (quiz_rate, quiz_p50), (bare_rate, bare_p50) = figures
    print(
        f"the quiz answer takes {quiz_p50 / bare_p50:.1f}x the bare endpoint's p50 "
        f"({bare_rate / quiz_rate:.1f}x fewer per second)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
