"""The long commands' progress on a terminal: a bar with the rate and an estimate of the time
left (tqdm), drawn on standard error only where standard error is a terminal, so that output
piped or sent to a log gets nothing extra.

    with progress_bar("simulate", unit="rounds", total=settings.rounds) as bar:
        simulate(settings, progress=bar.update)

A command's own lines go through :meth:`Bar.write` while the bar is up, so that they print above
it rather than through it. The bar is drawn again every second meanwhile (:data:`TICK_SECONDS`),
so that a long step that reports nothing (the simulator's kernel compiling, some 60 s on a cold
cache) shows its name and the time going by rather than an empty line.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

__all__ = ["TICK_SECONDS", "Bar", "on_terminal", "progress_bar"]

# How often a bar on a terminal is drawn again while nothing is reported.
TICK_SECONDS = 1.0


def on_terminal(stream: IO[str] | None = None) -> bool:
    """Whether ``stream`` (standard error by default) is a terminal a bar can be drawn on."""
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or closed
        return False


class Bar:
    """A progress bar, or nothing where the output is not a terminal."""

    def __init__(self, tqdm_bar: Any | None) -> None:
        self._bar = tqdm_bar

    @property
    def shown(self) -> bool:
        return self._bar is not None

    def update(self, done: int, total: int | None = None) -> None:
        """``done`` of ``total`` (the bar's own total where not given) are done."""
        if self._bar is None:
            return
        if total is not None and total != self._bar.total:
            self._bar.total = total
        self._bar.n = done
        self._draw()

    def describe(self, text: str) -> None:
        """What is being done now, shown before the bar."""
        if self._bar is not None:
            self._bar.set_description_str(text, refresh=False)
            self._draw()

    def _draw(self) -> None:
        """Draw the bar, once its delay is past (tqdm's refresh alone draws at once)."""
        bar = self._bar
        if bar is not None and time.time() >= bar.start_t + bar.delay:
            bar.refresh()

    def clear(self) -> None:
        """Blank the bar's line, the cursor at its start, so that what prints next begins a
        clean line (tqdm's close blanks only a bar it drew itself, not one drawn by refresh)."""
        if self._bar is not None:
            self._bar.clear()

    def write(self, line: str) -> None:
        """Print ``line`` on standard output (above the bar, where there is one)."""
        if self._bar is None:
            print(line, flush=True)
        else:
            self._bar.write(line, file=sys.stdout)


@contextmanager
def progress_bar(
    description: str,
    *,
    unit: str,
    total: int | None = None,
    scale: bool = False,
    stream: IO[str] | None = None,
) -> Iterator[Bar]:
    """A :class:`Bar` on ``stream`` (standard error) while the block runs, where that is a
    terminal; one that draws nothing otherwise. ``scale`` writes large numbers short (1.2M)."""
    stream = sys.stderr if stream is None else stream
    if not on_terminal(stream):
        yield Bar(None)
        return
    from tqdm import tqdm

    with tqdm(
        total=total,
        desc=description,
        unit=f" {unit}",
        unit_scale=scale,
        file=stream,
        leave=False,
        delay=_delay(),
        **_width(stream),
    ) as bar:
        shown, done = Bar(bar), threading.Event()
        ticker = threading.Thread(target=_tick, args=(shown, done), daemon=True)
        ticker.start()
        try:
            yield shown
        finally:
            done.set()
            ticker.join()
            shown.clear()


def _tick(bar: Bar, done: threading.Event) -> None:
    """Draw ``bar`` every :data:`TICK_SECONDS` until ``done`` (its elapsed time and stage
    moving on through a step that reports no progress)."""
    while not done.wait(TICK_SECONDS):
        bar._draw()


def _delay() -> float:
    """Seconds before a bar is drawn, so that a step read from a cache ends before any bar
    is: half a second, or what tqdm's own ``TQDM_DELAY`` says (0 to 60 s)."""
    try:
        seconds = float(os.environ.get("TQDM_DELAY", "0.5"))
    except ValueError:
        return 0.5
    return min(max(seconds, 0.0), 60.0) if seconds == seconds else 0.5


def _width(stream: IO[str]) -> dict[str, Any]:
    """The bar follows the terminal's width, where the terminal says it (a terminal of no
    size, as some pseudo-terminals are, would get no bar at all): 80 columns otherwise."""
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        columns = 0
    return {"dynamic_ncols": True} if columns else {"ncols": 80, "nrows": 24}
