"""The classes' store: an invite used once, membership from joining to leaving, the since-joining
reads, bounds, and an account's deletion taking its classes and memberships with it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.web.class_week import a_week, store
from trainer import store as the_store
from trainer.clock import stamp
from trainer.store import class_work, classes, users
from trainer.store.migrations import migrate

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def db(tmp_path: Path) -> Any:
    connection = the_store.open_db(tmp_path / "classes.sqlite3")
    migrate(connection)
    yield connection
    connection.close()


def account(db: Any, name: str) -> int:
    return users.create_user(db, name, "password for " + name).id


def a_class(db: Any) -> tuple[int, classes.Class]:
    coach = account(db, "coach")
    return coach, classes.create_class(db, coach, "Team", "Coach", at=stamp(START))


def test_an_invite_lets_one_learner_in_once(db: Any) -> None:
    _coach, team = a_class(db)
    (invite,) = classes.make_invites(db, team.id, 1, at=stamp(START))
    assert len(invite.code) >= 32
    ann, ben = account(db, "ann"), account(db, "ben")
    classes.join(db, invite.code, ann, "Ann", at=stamp(START))
    with pytest.raises(classes.InviteRefusedError, match="used already"):
        classes.join(db, invite.code, ben, "Ben", at=stamp(START))
    assert [m.name for m in classes.members_of(db, team.id)] == ["Ann"]
    assert classes.revoke_invite(db, team.id, invite.id, at=stamp(START)) is False  # used


def test_a_coach_cannot_join_their_own_class_and_the_invite_stays_open(db: Any) -> None:
    coach, team = a_class(db)
    (invite,) = classes.make_invites(db, team.id, 1, at=stamp(START))
    with pytest.raises(classes.ClassError, match="coach"):
        classes.join(db, invite.code, coach, "Me", at=stamp(START))
    assert classes.invites_of(db, team.id)[0].open


def test_the_reads_see_only_work_between_joining_and_leaving(db: Any) -> None:
    _coach, team = a_class(db)
    ann = account(db, "ann")
    for n in range(5):
        store(db, ann, START - timedelta(days=1), n)  # before joining
    (invite,) = classes.make_invites(db, team.id, 1, at=stamp(START))
    classes.join(db, invite.code, ann, "Ann", at=stamp(START))
    a_week(db, {ann: 1.0}, START, days=1)
    member = classes.current_member(db, team.id, ann)
    assert member is not None
    assert sum(t.answers for t in class_work.member_totals(db, member).values()) == 40
    tally = class_work.class_tally(db, team.id, "basic-strategy")
    assert sum(t.answers for t in tally) == 20
    assert classes.leave(db, team.id, ann, at=stamp(START + timedelta(days=2)))
    assert classes.current_member(db, team.id, ann) is None
    assert class_work.class_tally(db, team.id, "basic-strategy") == []
    assert class_work.count_tallies(db, team.id) == []
    assert classes.leave(db, team.id, ann, at=stamp(START)) is False


def test_a_class_and_a_coach_are_bounded(db: Any) -> None:
    coach, team = a_class(db)
    classes.make_invites(db, team.id, classes.MAX_MEMBERS, at=stamp(START))
    with pytest.raises(classes.ClassError):
        classes.make_invites(db, team.id, 1, at=stamp(START))
    for n in range(classes.MAX_CLASSES - 1):
        classes.create_class(db, coach, f"Team {n}", "Coach", at=stamp(START))
    with pytest.raises(classes.ClassError):
        classes.create_class(db, coach, "One more", "Coach", at=stamp(START))


@pytest.mark.parametrize("text", ["", "   ", "x" * (classes.NAME_MAX + 1), "a\x00b"])
def test_a_name_is_refused_empty_too_long_or_unprintable(text: str) -> None:
    with pytest.raises(classes.ClassError):
        classes.clean_name(text, "Your name")


def test_deleting_an_account_takes_its_classes_and_memberships(db: Any) -> None:
    coach, team = a_class(db)
    ann = account(db, "ann")
    (invite, _spare) = classes.make_invites(db, team.id, 2, at=stamp(START))
    classes.join(db, invite.code, ann, "Ann", at=stamp(START))
    fields = {"kind": "drill", "target": "basic-strategy", "answers": 10, "percent": 90,
              "due": "2026-11-09"}  # fmt: skip
    class_work.add_assignment(db, team.id, fields, at=stamp(START))
    users.delete_account(db, ann)
    assert db.execute("SELECT count(*) FROM class_members").fetchone()[0] == 0
    users.delete_account(db, coach)
    for table in ("classes", "class_invites", "class_members", "class_assignments"):
        assert db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0, table


def test_deleting_a_class_removes_every_row_naming_it_and_nothing_of_its_learners(db: Any) -> None:
    coach, team = a_class(db)
    other = classes.create_class(db, coach, "Other team", "Coach", at=stamp(START))
    # Every table naming a class is one deleting it empties: a new one must be added there.
    naming = {
        (table, key[3])
        for table in db.table_names()
        for key in db.execute(f"PRAGMA foreign_key_list([{table}])").fetchall()
        if key[2] == "classes"
    }
    assert naming | {("classes", "id")} == set(classes.CLASS_TABLES)
    ann = account(db, "ann")
    for found in (team, other):
        (invite, _open) = classes.make_invites(db, found.id, 2, at=stamp(START))
        classes.join(db, invite.code, ann, "Ann", at=stamp(START))
    store(db, ann, START + timedelta(hours=1), 1)
    assert classes.delete_class(db, team.id, ann) is False  # a member is not its coach
    assert classes.delete_class(db, team.id, coach) is True
    assert classes.coached_class(db, team.id, coach) is None
    for table, column in classes.CLASS_TABLES:
        left = db.execute(f"SELECT count(*) FROM [{table}] WHERE [{column}] = ?", [team.id])
        assert left.fetchone()[0] == 0, table
    assert classes.class_contents(db, other.id) == classes.ClassContents(1, 1, 0, 0)
    assert db.execute("SELECT count(*) FROM attempts WHERE user_id = ?", [ann]).fetchone()[0] == 1
    assert classes.delete_class(db, team.id, coach) is False  # gone already
