"""A learner's place on the path: kept, changed in place, and deleted with the account."""

from __future__ import annotations

from typing import Any

from trainer.store import paths, users


def test_a_place_is_kept_and_changed_in_place(db: Any) -> None:
    guest = users.create_guest(db)
    assert paths.get_place(db, guest.id) is None
    paths.set_place(db, guest.id, paths.Place("counts", ""))
    paths.set_place(db, guest.id, paths.Place("counts", "totals basic"))
    assert paths.get_place(db, guest.id) == paths.Place("counts", "totals basic")
    assert db.execute("SELECT count(*) FROM learner_paths").fetchone()[0] == 1


def test_a_place_goes_with_its_account(db: Any) -> None:
    guest = users.create_guest(db)
    other = users.create_guest(db)
    paths.set_place(db, guest.id, paths.Place("new", ""))
    paths.set_place(db, other.id, paths.Place("deals", ""))
    users.delete_account(db, guest.id)
    assert paths.get_place(db, guest.id) is None
    assert paths.get_place(db, other.id) == paths.Place("deals", "")
