"""The basic-strategy quiz's answer round trip under gunicorn, beside a bare Flask endpoint
served the same way.

    .venv/bin/python bench/drill_answer.py [--seconds S] [--open-seconds S] [--workers N]

Both apps are served by gunicorn with the project's ``gunicorn.conf.py`` (as ``make run``
serves the trainer) on a free 127.0.0.1 port; the trainer on a temporary SQLite database. Each
simulated learner has their own session: it opens the quiz, then answers with the hidden fields
of the last response, as a browser would (one connection per request, htmx panel requests).
The bare endpoint reads one form field and returns a short text.

Every request says what a browser accepts (``Accept-Encoding: gzip, deflate, br, zstd``, as
Chromium sends it), so each reply is compressed as the server compresses a learner's (the
bench sent none before: a browser's answer cost some 0.6 ms more than it measured).

Printed: saturation throughput (answers per second, p50 and p99 latency) with 1, 10 and 50
clients answering back to back, for each app and their ratio, with the server's CPU time per
answer (from /proc: a figure that holds on a busy machine, where throughput does not); then
the same for a *floor* app (the trainer's session cookie and CSRF check, then the answer's two
writes by the store's own function, and a fixed reply: a quiz panel the trainer sent, compressed
as the trainer compresses): what no answer on this stack can cost less than, so the quiz's
distance from it is what grading, the next question and the page cost; then the latency of an
open loop, 50 learners each answering once every two seconds (25 answers a second, like a busy
class); and how many of the acknowledged answers the database holds.

    .venv/bin/python bench/drill_answer.py --in-process N [--profile]

One learner answering in this process, through the app's WSGI callable (no server, no
sockets): the CPU time per answer (median and mean) over N answers each after 0, 200 and
2,000 earlier answers (the time must not grow with the learner's history), and with
``--profile`` what cProfile sees of the last N.
"""

from __future__ import annotations

import argparse
import gzip
import html
import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import brotli  # noqa: E402  (Flask-Compress's own)
from backports import zstd  # noqa: E402  (Flask-Compress's own, before Python 3.14)
from flask import Flask, request  # noqa: E402
from werkzeug.test import EnvironBuilder  # noqa: E402

_FORM = re.compile(r'<form[^>]*class="[^"]*strategy-question[^"]*"[^>]*>(.*?)</form>', re.S)
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
_ANSWER_BUTTON = re.compile(r'<button type="submit" name="answer" value="([A-Z])"([^>]*)>')
_QUIZ = "/drills/basic-strategy"
# What Chromium accepts: each reply compressed as a learner's browser has it compressed.
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}
_DECODE = {"br": brotli.decompress, "gzip": gzip.decompress, "zstd": zstd.decompress}


def decoded(body: bytes, encoding: str | None) -> str:
    """A reply's text, decompressed as its ``Content-Encoding`` says (None: as sent)."""
    return (_DECODE[encoding](body) if encoding else body).decode()


def bare_app() -> Flask:
    """A Flask app with one endpoint that does no work: the floor the quiz is compared with."""
    app = Flask("bare")

    @app.post("/echo")
    def echo() -> str:
        return f"got {request.form.get('answer', '')}"

    return app


# What an answer's htmx panel weighs (the quiz's is some 7 KB): the floor app sends this much
# where it is given no panel of the quiz's own.
_PANEL_BYTES = 7000


def floor_app(database: str, panel_file: str | None = None) -> Flask:
    """The least any answer costs on this stack: the trainer's own session cookie and CSRF
    check, then the two writes every quiz answer makes (the attempt and its FSRS schedule, one
    transaction, by the store's own function), and a fixed reply: the quiz panel in
    ``panel_file`` (one the trainer sent), compressed as the trainer compresses. No grading, no
    next question, no page: what is left between this and the quiz is what those cost."""
    from trainer import store
    from trainer.store import schedules, users
    from trainer.web import assets
    from trainer.web.security import CheckedSessionInterface, csrf_token, init_app

    app = Flask("floor")
    app.secret_key = "floor-secret-" + "0123456789abcdef" * 3
    init_app(app)
    assets.init_app(app)  # the trainer's compression (Flask-Compress, its settings)
    assert isinstance(app.session_interface, CheckedSessionInterface)
    setup = store.open_db(database)
    store.migrate(setup)
    user_id = users.create_guest(setup).id
    setup.close()
    opened: list[Any] = []
    answers = iter(range(10**12))
    panel = Path(panel_file).read_text("utf-8") if panel_file else "p" * _PANEL_BYTES

    @app.get("/q")
    def question() -> str:
        return csrf_token()

    @app.post("/a")
    def answer() -> str:
        if not opened:
            opened.append(store.open_db(database))  # one connection per worker, as the app
        n = next(answers)
        schedules.record_scheduled(
            opened[0],
            skill=f"vegas-6d-s17: hard {n % 300}",
            now=datetime.now(UTC),
            timing=schedules.Pace(2_000, 8_000),
            user_id=user_id,
            drill="basic-strategy",
            question=request.form.get("question", ""),
            rules="vegas-6d-s17",
            answer=request.form.get("answer", ""),
            right_answer="H",
            correct=True,
            token=f"{os.getpid()}-{n}",
            response_ms=900,
        )
        return panel

    return app


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_cpu_seconds(master: int) -> float | None:
    """CPU seconds (user and system) spent so far by gunicorn's master ``master`` and its
    workers, from /proc (None where there is none): what the server spends, whatever else the
    machine is doing."""
    proc = Path("/proc")
    if not (proc / str(master)).exists():
        return None
    total = 0
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if entry.name == str(master) or fields[1] == str(master):
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


@contextmanager
def gunicorn(app_spec: str, workers: int, pythonpath: Path) -> Iterator[tuple[int, int]]:
    """``app_spec`` served by gunicorn on a free 127.0.0.1 port; yields the port and the
    master's process id."""
    port = free_port()
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        "--config",
        str(ROOT / "gunicorn.conf.py"),
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--pythonpath",
        str(pythonpath),
        "--log-level",
        "warning",
        app_spec,
    ]
    server = subprocess.Popen(command, cwd=ROOT, env={**os.environ})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"gunicorn did not start for {app_spec}") from None
                time.sleep(0.1)
        yield port, server.pid
    finally:
        server.terminate()
        server.wait(timeout=30)


def call(port: int, method: str, path: str, body: str, headers: dict[str, str]) -> tuple:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body.encode(), headers={**BROWSER, **headers})
        response = connection.getresponse()
        text = decoded(response.read(), response.getheader("Content-Encoding"))
        return response.status, response.getheader("Set-Cookie") or "", text
    finally:
        connection.close()


def in_process(app: Flask) -> Callable[..., tuple]:
    """:func:`call`, for ``app`` in this process: its WSGI callable, no server."""

    def send(method: str, path: str, body: str, headers: dict[str, str]) -> tuple:
        environ = EnvironBuilder(
            path=path, method=method, data=body.encode(), headers={**BROWSER, **headers}
        ).get_environ()
        started: dict[str, Any] = {}

        def start_response(status: str, response_headers: list, exc_info: Any = None) -> None:
            started.update(status=int(status.split()[0]), headers=response_headers)

        chunks = app(environ, start_response)
        try:
            body = b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()
        named = {k.lower(): v for k, v in reversed(started["headers"])}  # each name's first
        text = decoded(body, named.get("content-encoding"))
        return started["status"], named.get("set-cookie", ""), text

    return send


class QuizLearner:
    """One learner with their own session, answering the quiz as a browser would (over HTTP
    to ``port``, or through ``send``, e.g. :func:`in_process`)."""

    def __init__(self, port: int, send: Callable[..., tuple] | None = None) -> None:
        self.send = send or partial(call, port)
        status, cookie, page = self.send("GET", f"{_QUIZ}?rules=vegas-6d-s17&mix=cells", "", {})
        if status != 200:
            raise SystemExit(f"the quiz page answered {status}")
        self.cookie = cookie.split(";", 1)[0]
        self.page = page
        self.answered = 0

    def answer(self) -> None:
        form_html = _FORM.search(self.page)
        if form_html is None:
            raise SystemExit("no quiz question on the page")
        inside = form_html.group(1)
        form = {name: html.unescape(value) for name, value in _HIDDEN.findall(self.page)}
        form.update({n: html.unescape(v) for n, v in _HIDDEN.findall(inside)})
        keys = [k for k, attrs in _ANSWER_BUTTON.findall(inside) if "disabled" not in attrs]
        form["answer"] = keys[self.answered % len(keys)]
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": self.cookie,
            "HX-Request": "true",
        }
        status, cookie, text = self.send("POST", f"{_QUIZ}/answer", urlencode(form), headers)
        if status != 200:
            raise SystemExit(f"an answer was refused ({status}): {text[:300]}")
        if cookie:  # the first answer makes the visitor a guest: a browser keeps the new cookie
            self.cookie = cookie.split(";", 1)[0]
        self.page = text
        self.answered += 1


class FloorClient:
    """A learner of :func:`floor_app`: the quiz's form fields and cookie, the same headers."""

    def __init__(self, port: int) -> None:
        self.port = port
        status, cookie, token = call(port, "GET", "/q", "", {})
        if status != 200:
            raise SystemExit(f"the floor app answered {status}")
        self.cookie = cookie.split(";", 1)[0]
        self.form = {
            "csrf_token": token,
            "question": "8S 5C v 5S",
            "rules": "vegas-6d-s17",
            "mix": "cells",
            "token": "Nk4wonpOHTboy3t0YoR6qWDp",
            "asked_at": "1796160720352",
            "answer": "H",
        }
        self.answered = 0

    def answer(self) -> None:
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": self.cookie,
            "HX-Request": "true",
        }
        status, _, text = call(self.port, "POST", "/a", urlencode(self.form), headers)
        if status != 200:
            raise SystemExit(f"the floor app answered {status}: {text[:200]}")
        self.answered += 1


class BareClient:
    def __init__(self, port: int) -> None:
        self.port = port
        self.answered = 0

    def answer(self) -> None:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        status, _, _ = call(self.port, "POST", "/echo", "answer=H", headers)
        if status != 200:
            raise SystemExit(f"the bare endpoint answered {status}")
        self.answered += 1


def saturate_measured(clients: list, seconds: float, master: int) -> tuple:
    """:func:`saturate`, with the server's CPU milliseconds per answer (None without /proc)."""
    before = server_cpu_seconds(master)
    rate, latencies = saturate(clients, seconds)
    after = server_cpu_seconds(master)
    cpu = (after - before) * 1000 / len(latencies) if before is not None and after else None
    return rate, latencies, cpu


def saturate(clients: list, seconds: float) -> tuple[float, list[float]]:
    """Every client answering back to back for ``seconds``: (answers per second, latencies)."""
    latencies: list[float] = []
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def run(client) -> None:
        mine = []
        while time.perf_counter() < stop:
            start = time.perf_counter()
            client.answer()
            mine.append(time.perf_counter() - start)
        with lock:
            latencies.extend(mine)

    began = time.perf_counter()
    threads = [threading.Thread(target=run, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(latencies) / (time.perf_counter() - began), latencies


def open_loop(learners: list[QuizLearner], period: float, seconds: float) -> list[float]:
    """Each learner answering once every ``period`` seconds, phases spread evenly."""
    latencies: list[float] = []
    lock = threading.Lock()
    began = time.perf_counter() + 0.5

    def run(index: int, learner: QuizLearner) -> None:
        due = began + index * period / len(learners)
        mine = []
        while due < began + seconds:
            time.sleep(max(0.0, due - time.perf_counter()))
            start = time.perf_counter()
            learner.answer()
            mine.append(time.perf_counter() - start)
            due += period
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=run, args=(i, x)) for i, x in enumerate(learners)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies


def served_rows(spec: str, workers: int, client: Callable[[int], Any], seconds: float) -> list:
    """``spec`` under gunicorn, saturated by 1, 10 and 50 of ``client`` for ``seconds`` each:
    a row (clients, answers per second, p50, p99, CPU ms per answer) per size."""
    rows = []
    with gunicorn(spec, workers, ROOT / "bench") as (port, master):
        saturate([client(port)], 1)  # warm-up
        for size in (1, 10, 50):
            clients = [client(port) for _ in range(size)]
            rate, latencies, cpu = saturate_measured(clients, seconds, master)
            rows.append((size, rate, *percentiles(latencies), cpu))
    return rows


def percentiles(latencies: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[98] * 1000


def _ms(cpu: float | None) -> str:
    return f"{cpu:>5.2f}" if cpu is not None else f"{'-':>5}"


def bench_config(tmp: str) -> dict[str, Any]:
    """The trainer's configuration for a bench: a temporary database, the charts of ``make
    charts`` (so no warm-up: its work in the server's workers would count as the answers')."""
    return {
        "WARM_UP": False,
        "DATABASE": str(Path(tmp) / "bench.sqlite3"),
        "INSTANCE_PATH": str(Path(tmp) / "instance"),
        "SECRET_KEY": "bench-secret-" + "0123456789abcdef" * 3,
        "STRATEGY_CACHE_DIR": str(ROOT / "instance" / "strategy-cache"),
    }


def quiz_chart_ready() -> None:
    """Work out the quiz's chart into ``make charts``'s cache where it is not there yet (a
    fresh checkout), before anything is timed: the quiz otherwise answers with its page that
    waits for the chart."""
    from trainer.engine.rulebook.rules import find_preset
    from trainer.engine.strategy.cache import chart

    print("the quiz's chart (vegas-6d-s17), from make charts's cache or worked out now ...")
    chart(find_preset("vegas-6d-s17"), cache_dir=ROOT / "instance" / "strategy-cache")


# Where an answer's time goes: (module, attribute, what it is), each timed where it is called
# from (patched before the app is made, so its hooks are the timed ones).
_PARTS = (
    ("trainer.web.security", "CheckedSessionInterface.open_session", "session: read the cookie"),
    ("trainer.web.security", "_check_csrf", "CSRF check (the form parsed)"),
    ("trainer.web.views.strategy_quiz", "read_settings", "settings read"),
    ("trainer.web.views.drills", "read_answer", "the answer graded"),
    ("trainer.web.views.drills", "record", "the attempt and its schedule written"),
    ("trainer.web.views.strategy_quiz", "history", "the learner's history read"),
    ("trainer.web.views.strategy_quiz", "next_question", "the next question drawn"),
    ("trainer.web.quiz_panel", "panel_response", "the panel put together (or drawn)"),
    ("trainer.web.views.drills", "oob_footer", "the footer"),
    ("trainer.web.security", "_headers", "response headers"),
    ("flask_compress.flask_compress", "Compress.after_request", "the reply compressed"),
    ("trainer.web.security", "CheckedSessionInterface.save_session", "session: cookie saved"),
)


def _time_parts() -> dict[str, float]:
    """Wrap each of :data:`_PARTS` to add its CPU seconds to the dict returned."""
    import importlib

    spent = dict.fromkeys((label for *_, label in _PARTS), 0.0)
    for module_name, attribute, label in _PARTS:
        owner: Any = importlib.import_module(module_name)
        *path, name = attribute.split(".")
        for step in path:
            owner = getattr(owner, step)
        original = getattr(owner, name)

        def timed(*args: Any, _original: Any = original, _label: str = label, **kw: Any) -> Any:
            start = time.process_time()
            try:
                return _original(*args, **kw)
            finally:
                spent[_label] += time.process_time() - start

        setattr(owner, name, timed)
    return spent


def run_in_process(answers: int, profile: bool) -> None:
    """One learner answering through the app's WSGI callable: CPU ms per answer after 0, 200 and
    2,000 earlier answers, where the CPU time of the last ``answers`` went, then (``profile``)
    cProfile's view of ``answers`` more."""
    import cProfile
    import pstats

    from trainer import create_app

    quiz_chart_ready()
    spent = _time_parts()
    with tempfile.TemporaryDirectory() as tmp:
        app_cpu = [0.0]
        send = in_process(create_app(bench_config(tmp)))

        def timed_send(*args: Any) -> tuple:
            start = time.process_time()
            try:
                return send(*args)
            finally:
                app_cpu[0] += time.process_time() - start

        learner = QuizLearner(0, timed_send)
        print("in process, one learner's htmx answers (the client's reading of each included)")
        for history in (0, 200, 2000):
            while learner.answered < history:
                learner.answer()
            times = []  # CPU time: a figure that holds on a busy machine
            app_cpu[0] = 0.0
            spent.update(dict.fromkeys(spent, 0.0))
            for _ in range(answers):
                start = time.process_time()
                learner.answer()
                times.append((time.process_time() - start) * 1000)
            print(
                f"  answers {history + 1:>5} to {history + answers:>5}: "
                f"median {statistics.median(times):.3f} ms, mean {statistics.fmean(times):.3f} ms"
            )
        print(f"where the last {answers} answers' CPU time went (ms per answer):")
        print(f"  {'the app (its WSGI call)':<40} {app_cpu[0] * 1000 / answers:6.3f}")
        for label, seconds in spent.items():
            print(f"    {label:<38} {seconds * 1000 / answers:6.3f}")
        rest = app_cpu[0] - sum(spent.values())
        print(f"    {'the rest (Flask, routing, WSGI)':<38} {rest * 1000 / answers:6.3f}")
        if profile:
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(answers):
                learner.answer()
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5, help="per saturation run (1..60)")
    parser.add_argument("--open-seconds", type=float, default=20, help="open loop (4..120)")
    parser.add_argument("--workers", type=int, default=0, help="gunicorn workers (default: conf)")
    parser.add_argument("--in-process", type=int, default=0, metavar="N", help="(1..100000)")
    parser.add_argument("--profile", action="store_true", help="with --in-process")
    args = parser.parse_args(argv)
    if not 1 <= args.seconds <= 60 or not 4 <= args.open_seconds <= 120:
        parser.error("--seconds 1..60, --open-seconds 4..120")
    if not 0 <= args.workers <= 32 or not 0 <= args.in_process <= 100_000:
        parser.error("--workers 0..32, --in-process 1..100000")
    if args.in_process:
        run_in_process(args.in_process, args.profile)
        return 0
    workers = args.workers or int(
        __import__("runpy").run_path(str(ROOT / "gunicorn.conf.py"))["workers"]
    )
    sizes = (1, 10, 50)
    quiz_chart_ready()

    with tempfile.TemporaryDirectory() as tmp:
        config = bench_config(tmp)
        quiz_rows = []
        with gunicorn(f"trainer:create_app({config!r})", workers, ROOT) as (port, master):
            warm = QuizLearner(port)
            for _ in range(20):
                warm.answer()
            panel = warm.page  # an answer's panel, as the trainer sent it: the floor's reply
            acknowledged = warm.answered
            for size in sizes:
                learners = [QuizLearner(port) for _ in range(size)]
                rate, latencies, cpu = saturate_measured(learners, args.seconds, master)
                acknowledged += sum(x.answered for x in learners)
                quiz_rows.append((size, rate, *percentiles(latencies), cpu))
            class_ = [QuizLearner(port) for _ in range(50)]
            opened = open_loop(class_, 2.0, args.open_seconds)
            acknowledged += sum(x.answered for x in class_)
        from trainer import store

        db = store.open_db(config["DATABASE"])
        stored = db.execute("SELECT count(*) FROM attempts").fetchone()[0]
        db.close()

    bare_rows = served_rows("drill_answer:bare_app()", workers, BareClient, args.seconds)
    with tempfile.TemporaryDirectory() as tmp:
        panel_file = Path(tmp) / "panel.html"
        panel_file.write_text(panel, "utf-8")
        database = str(Path(tmp) / "floor.sqlite3")
        spec = f"drill_answer:floor_app({database!r}, {str(panel_file)!r})"
        floor_rows = served_rows(spec, workers, FloorClient, args.seconds)

    print(f"gunicorn, {workers} workers, 127.0.0.1, one connection per request, htmx panels")
    print("(cpu: the server's CPU ms per answer, its workers and master, whatever else runs)")
    print(f"{'clients':>7} {'quiz/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'cpu':>5}   ", end="")
    print(f"{'bare/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'cpu':>5}   {'quiz/bare':>9}")
    for quiz_row, bare_row in zip(quiz_rows, bare_rows, strict=True):
        size, rate, p50, p99, cpu = quiz_row
        _, brate, bp50, bp99, bcpu = bare_row
        print(f"{size:>7} {rate:>8.1f} {p50:>7.2f} {p99:>7.2f} {_ms(cpu)}   ", end="")
        print(f"{brate:>8.1f} {bp50:>7.2f} {bp99:>7.2f} {_ms(bcpu)}   {rate / brate:>9.2f}")
    print("the floor: session, CSRF and the answer's two writes, a quiz panel as the reply")
    print(f"{'clients':>7} {'floor/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'cpu':>5}   ", end="")
    print(f"{'floor/bare':>10}")
    for floor_row, bare_row in zip(floor_rows, bare_rows, strict=True):
        size, rate, p50, p99, cpu = floor_row
        print(f"{size:>7} {rate:>8.1f} {p50:>7.2f} {p99:>7.2f} {_ms(cpu)}   ", end="")
        print(f"{rate / bare_row[1]:>10.2f}")
    p50, p99 = percentiles(opened)
    print(
        f"open loop, 50 learners answering every 2 s for {args.open_seconds:g} s: "
        f"{len(opened)} answers, p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
        f"max {max(opened) * 1000:.1f} ms"
    )
    print(f"{stored} of {acknowledged} acknowledged answers stored")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
