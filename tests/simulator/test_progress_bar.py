"""The long commands' progress (trainer.progress): a bar with an estimate on a terminal, nothing
extra where the output is piped."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
import threading
import time

import pytest

from trainer import progress
from trainer.progress import on_terminal, progress_bar

SIMULATE = [sys.executable, "-m", "trainer", "simulate", "--preset", "single-deck"]
ROUNDS = ["--rounds", "400000"]


class Terminal(io.StringIO):
    """Text written as to a terminal (of no known size)."""

    def isatty(self) -> bool:
        return True


def test_a_stream_that_is_not_a_terminal_gets_nothing() -> None:
    piped = io.StringIO()
    with progress_bar("simulate", unit="rounds", total=100, stream=piped) as bar:
        bar.describe("playing")
        bar.update(50)
    assert not bar.shown and piped.getvalue() == ""
    assert not on_terminal(piped)


def test_a_terminal_gets_a_bar_with_an_estimate() -> None:
    terminal = Terminal()
    with progress_bar("simulate", unit="rounds", total=100, stream=terminal) as bar:
        bar.describe("playing")
        bar._bar.start_t -= 1.0  # type: ignore[union-attr]  (past the bar's delay)
        bar.update(50)
        drawn = terminal.getvalue()
    assert bar.shown
    assert "playing:  50%|" in drawn and "50/100" in drawn
    assert "<00:0" in drawn  # the time left


def test_simulate_piped_prints_the_figures_alone() -> None:
    done = subprocess.run(
        [*SIMULATE, *ROUNDS], capture_output=True, text=True, check=True, timeout=300
    )
    assert done.stderr == ""
    assert done.stdout.startswith("Simulation of single-deck: 400,000 rounds")
    assert "\r" not in done.stdout


def on_a_terminal(stdout_too: bool) -> tuple[int, str, str]:
    """Simulate with standard error (and standard output, if ``stdout_too``) on a
    pseudo-terminal, the bar drawn at once (``TQDM_DELAY=0``) so that the test does not
    depend on how fast this machine plays: the exit status, what the terminal showed, and
    what was piped."""
    main, child = pty.openpty()
    drawn: list[bytes] = []

    def read() -> None:
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the child's end is closed
                return
            if not chunk:
                return
            drawn.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        done = subprocess.run(
            [*SIMULATE, *ROUNDS],
            stdout=child if stdout_too else subprocess.PIPE,
            stderr=child,
            text=True,
            timeout=300,
            env={**os.environ, "TQDM_DELAY": "0"},
        )
    finally:
        os.close(child)
    reader.join(timeout=10)
    os.close(main)
    return done.returncode, b"".join(drawn).decode("utf-8", "replace"), done.stdout or ""


def test_simulate_on_a_terminal_shows_the_rounds_played() -> None:
    """Standard error on a pseudo-terminal: the bar, its stages and the rate; standard output
    (piped) still the figures alone."""
    status, text, piped = on_a_terminal(stdout_too=False)
    assert status == 0
    assert "playing:" in text and "rounds/s" in text and "/400k" in text
    assert piped.startswith("Simulation of single-deck")


def test_the_bar_leaves_a_blank_line_behind_it() -> None:
    """Once the block is done the bar's line is blanked and the cursor back at its start, so
    the command's results do not begin on it ("…4.04M rounds/s]Simulation of …")."""
    terminal = Terminal()
    with progress_bar("simulate", unit="rounds", total=100, stream=terminal) as bar:
        bar._bar.start_t -= 1.0  # type: ignore[union-attr]  (past the bar's delay)
        bar.update(50)
        assert "50/100" in terminal.getvalue()
    drawn = terminal.getvalue()
    assert drawn.endswith("\r")
    assert drawn.rstrip("\r").rsplit("\r", 1)[-1].strip() == ""


def test_no_bar_is_drawn_before_its_delay() -> None:
    terminal = Terminal()
    with progress_bar("simulate", unit="rounds", total=100, stream=terminal) as bar:
        bar.describe("playing")
        bar.update(50)
        assert "50/100" not in terminal.getvalue()


def test_a_step_that_reports_nothing_is_shown_going_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stage that reports no progress (the simulator's kernel compiling: a minute on a cold
    cache, the terminal blank until its first round) is drawn once the bar's delay is past,
    and again as its time goes by, with nothing but the clock to move it."""
    monkeypatch.setattr(progress, "TICK_SECONDS", 0.01)
    terminal = Terminal()
    with progress_bar("simulate", unit="rounds", total=100, stream=terminal) as bar:
        bar.describe("loading the kernel")
        assert terminal.getvalue() == ""  # within the delay: nothing yet
        bar._bar.start_t -= 1.0  # type: ignore[union-attr]  (past the bar's delay)
        deadline = time.monotonic() + 5
        while terminal.getvalue().count("loading the kernel") < 2:
            assert time.monotonic() < deadline, terminal.getvalue()
            time.sleep(0.01)
    assert "0/100" in terminal.getvalue()


def test_simulate_on_a_terminal_prints_its_figures_on_a_line_of_their_own() -> None:
    """Standard output and standard error on the same pseudo-terminal, as at a shell prompt:
    the bar's line is blanked and the figures start at its beginning."""
    status, text, _ = on_a_terminal(stdout_too=True)
    assert status == 0
    assert "rounds/s" in text
    before, _, _ = text.partition("Simulation of single-deck")
    assert before.endswith("\r") and before.rstrip("\r").rsplit("\r", 1)[-1].strip() == ""


def test_the_delay_follows_tqdm_delay_within_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    for setting, delay in (("0", 0.0), ("2.5", 2.5), ("1e9", 60.0), ("-3", 0.0), ("x", 0.5)):
        monkeypatch.setenv("TQDM_DELAY", setting)
        with progress_bar("simulate", unit="rounds", total=100, stream=terminal) as bar:
            assert bar._bar.delay == delay  # type: ignore[union-attr]
    monkeypatch.setenv("TQDM_DELAY", "nan")
    with progress_bar("simulate", unit="rounds", total=100, stream=terminal) as bar:
        assert bar._bar.delay == 0.5  # type: ignore[union-attr]
