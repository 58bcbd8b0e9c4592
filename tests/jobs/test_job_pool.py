"""The job pool in real processes (python -m trainer.jobs.pool, as the server starts it): it
claims a queued job, writes its progress and heartbeat, marks it done; a job that raises is
failed with a readable message and its traceback in the operator's log; a job whose worker is
killed is noticed within seconds and run again to its end; the pool itself, killed while its
server serves, is started again, and a round of its checks that fails does not end it."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from trainer.jobs import pool as pool_module
from trainer.jobs.kinds import chart_key, count_study_key
from trainer.jobs.pool import PoolSettings, Supervised, workers_wanted
from trainer.store import jobs, migrate, open_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "jobs.sqlite3"
    db = open_db(path)
    migrate(db)
    db.conn.close()
    return path


@pytest.fixture
def pool(database: Path, tmp_path: Path) -> Iterator[Callable[[], str]]:
    """A pool of two workers on ``database``, a job's process taken for gone after 2 s; a
    function returning its log so far."""
    log_path = tmp_path / "pool.log"
    settings = PoolSettings(str(database), at_once=2, stale_seconds=2.0, max_tries=3)
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "trainer.jobs.pool", *settings.arguments()],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        yield lambda: log_path.read_text(encoding="utf-8", errors="replace")
    finally:
        process.terminate()
        process.wait(timeout=30)


def _wait_for(what: Callable[[], Any], seconds: float, log: Callable[[], str]) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := what()):
        assert time.monotonic() < deadline, log()
        time.sleep(0.2)
    return found


def _job(database: Path, job_id: int) -> jobs.Job:
    db = open_db(database)
    try:
        found = jobs.get(db, job_id)
    finally:
        db.conn.close()
    assert found is not None
    return found


def _enqueue(database: Path, kind: str, params: dict[str, Any], **fields: Any) -> int:
    db = open_db(database)
    try:
        return jobs.enqueue(db, kind, params, **fields)[0].id
    finally:
        db.conn.close()


@pytest.mark.long
def test_the_pool_runs_a_job_to_its_end_and_fails_one_that_raises(
    pool: Callable[[], str], database: Path, tmp_path: Path
) -> None:
    rules = "vegas-6d-s17 decks=3 double_after_split=false"  # no preset: never cached
    chart = _enqueue(
        database,
        "chart",
        {"rules": rules, "cache_dir": str(tmp_path / "charts")},
        owner_id=None,
        key=chart_key(rules),
        total=1,
    )
    broken = _enqueue(database, "penetration", {"preset": "no-such-game", "system": "hi-lo"})
    done = _wait_for(lambda: _job(database, chart).finished and _job(database, chart), 120, pool)
    assert done.state == "done" and done.done == done.total == 1 and done.tries == 1
    assert done.started_at and done.finished_at and done.heartbeat
    assert done.result["house_edge"] != 0
    assert list((tmp_path / "charts").glob("*.json"))  # where the pages read it
    failed = _wait_for(lambda: _job(database, broken).finished and _job(database, broken), 60, pool)
    assert failed.state == "failed" and "no-such-game" in (failed.error or "")
    assert "Traceback" not in (failed.error or "")  # the learner's words, not the trace
    log = pool()
    assert f"job {chart} (chart) started" in log and f"job {chart} (chart) done" in log
    assert f"job {broken} (penetration) failed" in log and "Traceback" in log  # the operator's


@pytest.mark.serial  # kills a process and waits on a count study
def test_a_job_whose_worker_is_killed_is_run_again_within_seconds(
    pool: Callable[[], str], database: Path, tmp_path: Path
) -> None:
    rules = "russian-bank decks=3"  # a count study of seconds, not tens of them
    study = _enqueue(
        database,
        "count-study",
        {"rules": rules, "system": "hi-lo", "cache_dir": str(tmp_path / "charts")},
        key=count_study_key(rules, "hi-lo"),
        total=21,
    )
    running = _wait_for(
        lambda: (job := _job(database, study)).state == "running" and job.pid and job, 60, pool
    )
    time.sleep(1.0)
    beat = _job(database, study).heartbeat
    assert beat is not None and beat > time.time() - 3  # the worker beats while it runs
    os.kill(running.pid, signal.SIGKILL)
    killed = time.monotonic()
    _wait_for(lambda: _job(database, study).tries == 2, 20, pool)
    assert time.monotonic() - killed < 15  # noticed within seconds, never left at 0%
    assert f"job {study} (count-study): its process {running.pid} is gone" in pool()
    done = _wait_for(lambda: _job(database, study).finished and _job(database, study), 180, pool)
    assert done.state == "done" and done.done == 21
    assert list((tmp_path / "charts").glob("count-*.json"))


def _children(pid: int) -> set[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False)
    return {int(line) for line in found.stdout.split()}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = (
        Path(f"/proc/{pid}/stat").read_text().split()[2] if Path(f"/proc/{pid}").exists() else "Z"
    )
    return state != "Z"


@pytest.mark.long
@pytest.mark.parametrize("processes", [1, 2])  # the study in the worker, or in helpers of its
def test_a_worker_told_to_stop_puts_its_job_back_and_leaves_no_process_behind(
    database: Path, tmp_path: Path, processes: int
) -> None:
    """SIGTERM (the server stopped as usual) is no failure of the learner's job: it goes back to
    the queue, the worker takes no other, and the study's own helper processes end with it."""
    rules = "vegas-6d-s17 decks=3"
    study = _enqueue(
        database,
        "count-study",
        {
            "rules": rules,
            "system": "hi-lo",
            "cache_dir": str(tmp_path / "charts"),
            "processes": processes,
        },
        key=count_study_key(rules, "hi-lo"),
        total=21,
    )
    later = _enqueue(database, "penetration", {"preset": "no-such-game", "system": "hi-lo"})
    worker = subprocess.Popen(
        [sys.executable, "-m", "trainer.jobs.worker", str(database)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    log: Callable[[], str] = lambda: ""  # noqa: E731
    helpers: list[int] = []
    try:
        _wait_for(
            lambda: (
                _job(database, study).done > 0
                and (processes == 1 or len(_children(worker.pid)) >= processes)
            ),
            120,
            log,
        )
        helpers = _children(worker.pid)
        worker.terminate()
        output = worker.communicate(timeout=30)[0].decode(errors="replace")
    finally:  # a worker that outlived its stop fails this test, not the next one's set-up
        if worker.poll() is None:
            worker.kill()
        for pid in [pid for pid in helpers if _alive(pid)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        worker.wait()
        worker.stdout.close()  # type: ignore[union-attr]
    stopped = _job(database, study)
    assert stopped.state == "queued" and not stopped.error, output
    assert f"job {study} (count-study) stopped with its worker: queued again" in output
    assert _job(database, later).state == "queued"  # no other job taken after the stop
    time.sleep(1.0)
    assert not [pid for pid in helpers if _alive(pid)], output


def test_a_second_sigterm_within_the_stop_handler_still_stops_the_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stopped as a group (systemd signals every process of the service, and the pool then stops
    its workers), a worker gets two SIGTERMs at once: the second runs the handler again within
    the first. Here it comes where the handler sets its flag (inside ``Event.set``, the
    condition's lock held, as it once hung a worker for good) and where it looks up the job's
    helper processes: the handler still ends, at once, with the stop."""
    from trainer.jobs import worker

    monkeypatch.setattr(worker, "_STOPPING", type(worker._STOPPING)())
    # The handler's thread, from its start (not the thread's own start-up, which notifies too).
    armed: list[int] = []
    second: list[bool] = []
    raised: list[BaseException] = []

    def again(real: Callable[..., Any]) -> Callable[..., Any]:
        """``real``, a second SIGTERM handled first (once, in the handler's thread)."""

        def wrapped(*args: Any) -> Any:
            if threading.get_ident() in armed and not second:
                second.append(True)
                worker._stop(signal.SIGTERM, None)
            return real(*args)

        return wrapped

    children = worker.multiprocessing.active_children
    monkeypatch.setattr(threading.Condition, "notify_all", again(threading.Condition.notify_all))
    monkeypatch.setattr(worker.multiprocessing, "active_children", again(children))

    def stop() -> None:
        armed.append(threading.get_ident())
        try:
            worker._stop(signal.SIGTERM, None)
        except BaseException as error:  # noqa: BLE001 (the handler's SystemExit, kept)
            raised.append(error)

    handler = threading.Thread(target=stop, daemon=True)
    handler.start()
    handler.join(timeout=5)
    assert not handler.is_alive(), "the stop handler hangs on its second SIGTERM"
    assert second and [type(error) for error in raised] == [SystemExit]
    assert worker._STOPPING.is_set()


def test_a_worker_whose_parent_is_killed_puts_its_job_back_and_stops(
    database: Path, tmp_path: Path
) -> None:
    """The pool killed with the server (SIGKILL, no word to its workers): a worker running a job
    sees its parent gone at its next heartbeat, puts the job back in the queue and ends, rather
    than run on alone, its output read by nobody."""
    rules = "vegas-6d-s17 decks=3"
    study = _enqueue(
        database,
        "count-study",
        {"rules": rules, "system": "hi-lo", "cache_dir": str(tmp_path / "charts"), "processes": 1},
        key=count_study_key(rules, "hi-lo"),
        total=21,
    )
    log_path = tmp_path / "worker.log"
    # A parent that starts the worker, says its pid and waits to be killed, as the pool would.
    starts = (
        "import subprocess, sys, time; "
        f"w = subprocess.Popen([sys.executable, '-m', 'trainer.jobs.worker', {str(database)!r}],"
        f" stdout=open({str(log_path)!r}, 'wb'), stderr=subprocess.STDOUT); "
        "print(w.pid, flush=True); time.sleep(600)"
    )
    with subprocess.Popen(
        [sys.executable, "-c", starts], cwd=ROOT, stdout=subprocess.PIPE, text=True
    ) as parent:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        log: Callable[[], str] = lambda: log_path.read_text(errors="replace")  # noqa: E731
        _wait_for(lambda: _job(database, study).state == "running", 120, log)
        parent.kill()
        parent.wait(timeout=30)
    _wait_for(lambda: not _alive(worker), 30, log)
    stopped = _job(database, study)
    assert stopped.state == "queued" and not stopped.error, log()
    assert "the worker's parent is gone, stopping" in log()


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (not a zombie waiting for its parent)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_worker_whose_database_is_gone_still_stops_when_its_parent_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The heartbeat cannot be written (the database deleted under the worker): the thread
    keeps watching the parent, and stops the worker once the parent is gone. Before, the
    failed write ended the thread, and a worker whose pool was killed ran on alone."""
    import threading

    from trainer.jobs import worker

    killed: list[int] = []
    monkeypatch.setattr(worker, "HEARTBEAT_SECONDS", 0.01)
    monkeypatch.setattr(worker.os, "kill", lambda pid, sig: killed.append(sig))
    gone = tmp_path / "gone" / "trainer.sqlite3"  # its folder does not exist: open fails
    job = jobs.Job(id=1, kind="chart", key="k", params={}, owner_id=None, state="running",
                   stage=None, done=0, total=1, result=None, error=None, tries=1,
                   pid=os.getpid(), heartbeat=None, created_at="", started_at=None,
                   finished_at=None)  # fmt: skip
    stop = threading.Event()
    monkeypatch.setattr(worker, "_PARENT", os.getppid())  # the parent alive: beats tried
    beat = threading.Thread(target=worker._beating, args=(str(gone), job, stop), daemon=True)
    beat.start()
    time.sleep(0.1)
    assert beat.is_alive() and killed == []  # the failed writes did not end the thread
    monkeypatch.setattr(worker, "_PARENT", -1)  # now the parent is gone
    beat.join(timeout=5)
    stop.set()
    assert killed == [signal.SIGTERM]


def test_an_idle_worker_takes_a_job_queued_soon_after_and_none_after_its_wait(
    database: Path,
) -> None:
    """Its queue empty, a worker waits (``linger``) for another job and takes it itself (the
    next deviation's figures find the engine loaded); without a wait it exits at once, and a
    job queued later is left for the pool's next worker."""
    from trainer.jobs import worker

    first = _enqueue(database, "penetration", {"preset": "no-such-game", "system": "hi-lo"})
    second: list[int] = []

    def queue_another() -> None:
        time.sleep(0.3)
        second.append(_enqueue(database, "penetration", {"preset": "no-such", "system": "hi-lo"}))

    threading.Thread(target=queue_another).start()
    assert worker.work(str(database), linger=3.0) == 2
    assert _job(database, first).finished and _job(database, second[0]).finished

    third = _enqueue(database, "penetration", {"preset": "none-at-all", "system": "hi-lo"})
    assert worker.work(str(database), linger=0.0) == 1
    assert _job(database, third).finished
    fourth = _enqueue(database, "penetration", {"preset": "none-either", "system": "hi-lo"})
    assert _job(database, fourth).state == "queued"


@pytest.mark.parametrize(
    ("queued", "running", "alive", "wanted"),
    [
        (1, 1, 1, 1),  # behind a busy worker: a worker of its own (it waited for the busy one)
        (1, 0, 1, 0),  # an idle worker waits for work: it takes the job
        (1, 1, 2, 0),  # one busy, one idle: the idle one takes it
        (3, 0, 0, 2),  # none alive: as many as allowed
        (3, 2, 2, 0),  # all busy and at the most allowed: the jobs wait
        (0, 0, 0, 0),
    ],
)
def test_the_pool_starts_a_worker_for_each_job_no_idle_worker_takes(
    queued: int, running: int, alive: int, wanted: int
) -> None:
    assert workers_wanted(queued, running, alive, at_once=2) == wanted


def _pools_alive(database: Path) -> int:
    db = open_db(database)
    try:
        return jobs.pools_alive(db, within=2.0)
    finally:
        db.conn.close()


@pytest.mark.serial  # kills a process and waits on new ones
def test_a_pool_killed_while_its_server_serves_is_started_again_and_runs_the_queue(
    database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Nothing else would run the queue: before, a killed pool (the out-of-memory killer, a stray
    # kill) left every job queued at 0% and /healthz failing until the server restarted.
    caplog.set_level(logging.INFO, logger="trainer.jobs")
    settings = PoolSettings(str(database), at_once=1, stale_seconds=2.0)
    supervised = Supervised(settings, check_seconds=0.1)
    try:
        first = supervised.pid
        _wait_for(lambda: _pools_alive(database), 60, lambda: "the first pool never beat")
        os.kill(first, signal.SIGKILL)
        killed = time.monotonic()
        _wait_for(lambda: supervised.pid != first, 10, lambda: caplog.text)
        assert time.monotonic() - killed < 5
        assert f"job pool {first} stopped (exit status -9)" in caplog.text
        broken = _enqueue(database, "penetration", {"preset": "no-such-game", "system": "hi-lo"})
        failed = _wait_for(
            lambda: _job(database, broken).finished and _job(database, broken),
            60,
            lambda: caplog.text,
        )
        assert failed.state == "failed"  # the new pool's worker took it
    finally:
        supervised.stop()
    last = supervised.process
    assert last.poll() is not None  # stopped for good with its server ...
    time.sleep(0.5)
    assert supervised.process is last  # ... and not started again
    assert not _pools_alive(database)


def test_a_round_of_the_pools_checks_that_fails_is_said_once_and_the_pool_goes_on(
    database: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A database locked past its wait or a full disk used to end the pool, and its running jobs
    # with it (its workers are stopped as it exits).
    caplog.set_level(logging.INFO, logger="trainer.jobs")
    db = open_db(database)
    settings = PoolSettings(str(database))
    beat = jobs.pool_beat

    def locked(*args: Any) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(jobs, "pool_beat", locked)
    workers: list[Any] = []
    try:
        assert pool_module.tick_or_say(db, settings, workers, failing=False) is True
        assert pool_module.tick_or_say(db, settings, workers, failing=True) is True
        assert caplog.text.count("a round of its checks failed") == 1  # not once a tick
        assert "Traceback" in caplog.text and "database is locked" in caplog.text
        monkeypatch.setattr(jobs, "pool_beat", beat)
        assert pool_module.tick_or_say(db, settings, workers, failing=True) is False
        assert "its checks work again" in caplog.text
        assert jobs.pools_alive(db, within=5.0) == 1  # its heartbeat written again
    finally:
        db.conn.close()


def test_ctrl_c_at_the_servers_terminal_leaves_the_pool_for_the_server_to_stop(
    database: Path,
) -> None:
    # Ctrl+C reaches the whole process group: a pool that stopped on it at once, seconds before
    # the server had shut down, was taken for crashed and started again meanwhile.
    process = pool_module.start(PoolSettings(str(database), at_once=1))
    try:
        _wait_for(lambda: _pools_alive(database), 60, lambda: "the pool never beat")
        process.send_signal(signal.SIGINT)
        time.sleep(1.5)
        assert process.poll() is None and _pools_alive(database)
    finally:
        process.terminate()  # as the server stops it
        assert process.wait(timeout=20) == 0
    assert not _pools_alive(database)


def test_a_job_that_runs_on_after_its_stop_is_put_back_not_finished(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stop's exit can be swallowed where it strikes (inside numba's compiler callback, a
    clean run's log: "Exception ignored on calling ctypes callback function ... SystemExit"),
    and the job ran on to "done" though its worker was told to stop. A job that returns after
    the stop is not finished: the worker exits and the job goes back in the queue."""
    from trainer.jobs import worker

    def stopped_on_the_way(params: dict[str, Any], reporter: Any) -> dict[str, Any]:
        monkeypatch.setattr(worker, "_STOPPING", worker._Flag())
        worker._STOPPING.set()  # as _stop does, its SystemExit lost on the way
        return {"done": True}

    monkeypatch.setitem(worker.KINDS, "stopped-on-the-way", stopped_on_the_way)
    job_id = _enqueue(database, "stopped-on-the-way", {})
    db = open_db(database)
    try:
        claimed = jobs.claim(db, os.getpid())
        assert claimed is not None and claimed.id == job_id
        with pytest.raises(SystemExit):
            worker.run_claimed(db, claimed)
        assert jobs.release(db, job_id, os.getpid())  # as the worker's loop does on its exit
        assert _job(database, job_id).state == "queued"
    finally:
        db.conn.close()
