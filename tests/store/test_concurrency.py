"""Two workers writing at once wait for each other: no "database is locked"."""

from __future__ import annotations

import threading
from pathlib import Path

from trainer import store
from trainer.store import attempts, migrations, users

WRITES = 150


def test_two_writers_at_once_never_see_a_locked_database(tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    setup = store.open_db(path)
    store.migrate(setup)
    learner = users.create_guest(setup)
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def worker(name: str) -> None:
        db = store.open_db(path)
        try:
            start.wait()
            for n in range(WRITES):
                attempts.record_attempt(
                    db,
                    user_id=learner.id,
                    drill="hand-totals",
                    question="AS 6H",
                    rules="vegas-6d-s17",
                    answer="soft 17",
                    right_answer="soft 17",
                    correct=True,
                    token=f"{name}-{n}",
                )
                users.create_guest(db)
        except BaseException as error:  # collected and asserted below
            errors.append(error)
        finally:
            db.close()

    threads = [threading.Thread(target=worker, args=(name,)) for name in ("one", "two")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert setup.execute("SELECT count(*) FROM attempts").fetchone()[0] == 2 * WRITES
    setup.close()


def test_two_workers_starting_at_once_migrate_once(tmp_path: Path) -> None:
    path = tmp_path / "start.sqlite3"
    applied: list[list[str]] = []
    errors: list[BaseException] = []
    # A worker that fails before the barrier breaks it for the other (a timeout, not a hang).
    start = threading.Barrier(2, timeout=60)

    def worker() -> None:
        db = None
        try:
            db = store.open_db(path)
            start.wait()
            applied.append(store.migrate(db))
        except BaseException as error:  # collected and asserted below
            errors.append(error)
            start.abort()
        finally:
            if db is not None:
                db.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    # Each migration is its own transaction: the two may share the work (one applying the
    # first few, the other the rest), but every migration is applied once, in order.
    names = [name for name, _ in migrations.MIGRATIONS]
    assert sorted(applied[0] + applied[1], key=names.index) == names
    assert all(done == sorted(done, key=names.index) for done in applied)


def test_workers_opening_a_new_database_at_once_never_find_it_locked(tmp_path: Path) -> None:
    """Three connections switching a fresh file to WAL mode at once: SQLite may answer one
    "database is locked" at once, without its busy wait (7% of such starts before open_db
    tried again); every one opens, in 100 starts."""
    failures: list[BaseException] = []
    for start_number in range(100):
        path = tmp_path / f"fresh-{start_number}.sqlite3"
        together = threading.Barrier(3, timeout=60)

        def opener(path: Path = path, together: threading.Barrier = together) -> None:
            together.wait()
            try:
                store.open_db(path).close()
            except BaseException as error:  # collected and asserted below
                failures.append(error)

        threads = [threading.Thread(target=opener) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []
