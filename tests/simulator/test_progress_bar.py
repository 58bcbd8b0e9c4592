"""The long commands' progress (trainer.progress): a bar with an estimate on a terminal, nothing
extra where the output is piped."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
import threading

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


def test_simulate_on_a_terminal_shows_the_rounds_played() -> None:
    """Standard error on a pseudo-terminal: the bar, its stages and the rate; standard output
    (piped) still the figures alone."""
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
        done = subprocess.run(  # rounds enough to play past the bar's half-second delay
            [*SIMULATE, "--rounds", "2000000"],
            stdout=subprocess.PIPE,
            stderr=child,
            text=True,
            timeout=300,
        )
    finally:
        os.close(child)
    reader.join(timeout=10)
    os.close(main)
    text = b"".join(drawn).decode("utf-8", "replace")
    assert done.returncode == 0
    assert "playing:" in text and "rounds/s" in text and "/2.00M" in text
    assert done.stdout.startswith("Simulation of single-deck")


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


def test_simulate_on_a_terminal_prints_its_figures_on_a_line_of_their_own() -> None:
    """Standard output and standard error on the same pseudo-terminal, as at a shell prompt:
    the bar's line is blanked and the figures start at its beginning."""
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
            [*SIMULATE, "--rounds", "2000000"], stdout=child, stderr=child, timeout=300
        )
    finally:
        os.close(child)
    reader.join(timeout=10)
    os.close(main)
    text = b"".join(drawn).decode("utf-8", "replace")
    assert done.returncode == 0
    assert "rounds/s" in text
    before, _, _ = text.partition("Simulation of single-deck")
    assert before.endswith("\r") and before.rstrip("\r").rsplit("\r", 1)[-1].strip() == ""
