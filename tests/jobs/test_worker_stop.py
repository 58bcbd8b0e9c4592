"""A job worker told to stop ends at once with its helpers: the helpers forked with its SIGTERM
handler end on it whatever they were doing, and a pool of helpers interrupted drops its queued
work rather than run it out (a worker with two helpers once outlived its stop by 30 s and more,
its helpers still working through the study's counts)."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from trainer.engine.processes import helper_pool
from trainer.jobs import worker


def _holds_on(release: str) -> int:
    """A helper's work that lasts until ``release`` exists (20 s at most)."""
    deadline = time.monotonic() + 20
    while not Path(release).exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return 1


def test_an_interrupted_pool_drops_its_queued_work(tmp_path: Path) -> None:
    release = str(tmp_path / "release")
    ended = threading.Event()

    def interrupted() -> None:
        with pytest.raises(KeyboardInterrupt), helper_pool(1) as pool:
            futures = [pool.submit(_holds_on, release) for _ in range(4)]
            raise KeyboardInterrupt
        ended.set()
        deadline = time.monotonic() + 10  # cancelled by the pool's own thread, soon after
        while not all(f.cancelled() for f in futures[2:]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(future.cancelled() for future in futures[2:])  # queued, never started

    caller = threading.Thread(target=interrupted)
    caller.start()
    try:
        # Waited for, the block would end only once every piece had run (or never, 80 s).
        assert ended.wait(15), "the interrupted block waited for its helpers' work"
    finally:
        Path(release).touch()
        caller.join(30)


def test_a_pool_that_ends_well_waits_for_its_work(tmp_path: Path) -> None:
    release = tmp_path / "release"
    release.touch()
    with helper_pool(2) as pool:
        futures = [pool.submit(_holds_on, str(release)) for _ in range(3)]
    assert [future.result(timeout=0) for future in futures] == [1, 1, 1]


def _helper_that_survives_its_exit(ready: multiprocessing.synchronize.Event) -> None:
    """A helper whose SystemExit is caught (as numba turns it into an error, sent back as the
    work's result): without the handler's exit it would go on working."""
    ready.set()
    while True:
        with contextlib.suppress(BaseException):  # the catch the test is about
            time.sleep(0.05)


def test_a_helper_forked_with_the_stop_handler_ends_on_sigterm_whatever_it_catches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(worker, "_WORKER", os.getpid())
    before = signal.signal(signal.SIGTERM, worker._stop)
    try:
        context = multiprocessing.get_context("fork")
        ready = context.Event()
        helper = context.Process(target=_helper_that_survives_its_exit, args=(ready,))
        helper.start()
    finally:
        signal.signal(signal.SIGTERM, before)  # this process keeps its own
    try:
        assert ready.wait(20)
        helper.terminate()
        helper.join(20)
        assert helper.exitcode == 128 + signal.SIGTERM
    finally:
        if helper.is_alive():
            helper.kill()
            helper.join()
