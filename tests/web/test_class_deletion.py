"""A coach deletes a class (after a page that says what goes) and clears a checkout's stricter
criteria back to the defaults; and the attacks on both: another coach, a member, a guest or a
visitor posting for a class not theirs (a 404), a form without its CSRF token (a 403). Each
refusal is checked to have changed nothing; a deletion to have kept the learners' own answers."""

from __future__ import annotations

import html
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config
from tests.web.class_week import a_week
from tests.web.test_classes import Person, criteria_rows, invite, join, set_criteria, start_class
from trainer import create_app
from trainer.clock import Clock
from trainer.store import classes, users

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)  # a Monday


@pytest.fixture
def clock() -> Clock:
    return Clock(fixed=START)


@pytest.fixture
def app(tmp_path: Path, clock: Clock, strategy_charts: None) -> Any:
    return create_app(app_config(tmp_path, CLOCK=clock, LANGUAGES=("en", "ru")))


@pytest.fixture
def db(app: Any) -> Any:
    from trainer import store as the_store

    connection = the_store.open_db(app.config["DATABASE"])
    yield connection
    connection.close()


@pytest.fixture
def team(app: Any) -> dict[str, Any]:
    """A coach with a class of two learners (Ann, Ben), an open invite, an assignment and a
    stricter clock for the basic strategy checkout."""
    coach = Person(app, "coachy")
    class_id = start_class(coach)
    learners = {}
    for name in ("ann", "ben"):
        person = Person(app, name + "_account")
        assert join(person, invite(coach, class_id), name.title()).status_code == 303
        learners[name] = person
    invite(coach, class_id)  # left open
    assert coach.post(f"/classes/{class_id}/assignments", target="drill:basic-strategy",
                      answers="100", percent="90", due="2026-11-09").status_code == 303  # fmt: skip
    assert set_criteria(coach, class_id, "basic-strategy", "50", "0").status_code == 303
    return {"coach": coach, "class_id": class_id, **learners}


def class_state(db: Any) -> list[list[tuple[Any, ...]]]:
    """Every row of every table that names a class."""
    return [
        db.execute(f"SELECT * FROM [{table}] ORDER BY rowid").fetchall()
        for table, _ in classes.CLASS_TABLES
    ]


def answers_of(db: Any, user_id: int) -> int:
    return int(
        db.execute("SELECT count(*) FROM attempts WHERE user_id = ?", [user_id]).fetchone()[0]
    )


def test_a_coach_deletes_the_class_after_a_page_saying_what_goes(
    team: dict[str, Any], db: Any, clock: Clock
) -> None:
    coach, class_id, ann = team["coach"], team["class_id"], team["ann"]
    a_week(db, {ann.id: 0.9, team["ben"].id: 0.5}, START, days=2)
    clock.advance(timedelta(days=2))
    kept = (answers_of(db, ann.id), answers_of(db, team["ben"].id))
    assert kept[0] > 0 and kept[1] > 0
    assert "Delete Tuesday team" in coach.get(f"/classes/{class_id}").get_data(as_text=True)
    before = class_state(db)

    confirm = coach.get(f"/classes/{class_id}/delete")
    assert confirm.status_code == 200
    assert confirm.headers["Cache-Control"] == "private, no-store"
    page = html.unescape(confirm.get_data(as_text=True))
    assert "Your view of its 2 learners" in page
    assert "Its 1 open invite: the link stops working." in page
    assert "Its 1 assignment: it leaves your learners' Today." in page
    assert "Its stricter criteria for 1 checkout" in page
    assert "own answers, sessions, checkouts and certificates are theirs" in page
    assert class_state(db) == before  # reading the page deletes nothing

    done = coach.post(f"/classes/{class_id}/delete")
    assert done.status_code == 303 and done.headers["Location"].endswith("/classes?deleted=1")
    assert class_state(db) == [[], [], [], [], []]
    assert (answers_of(db, ann.id), answers_of(db, team["ben"].id)) == kept
    assert "The class was deleted" in coach.get("/classes?deleted=1").get_data(as_text=True)
    assert "Tuesday team" not in coach.get("/classes").get_data(as_text=True)
    gone = f"/classes/{class_id}"
    for url in (gone, f"{gone}/export.csv", f"{gone}/learners/{ann.id}", f"{gone}/delete"):
        assert coach.get(url).status_code == 404
    # The learners: no coach sees their work, no assignment in Today, the defaults again.
    assert "No coach sees your work" in ann.get("/classes").get_data(as_text=True)
    assert "Set by your coaches" not in ann.get("/").get_data(as_text=True)
    start = ann.get("/checkouts/basic-strategy").get_data(as_text=True)
    assert "100 answers in at most 300 seconds" in start
    # Deleting it again finds nothing.
    assert coach.post(f"/classes/{class_id}/delete").status_code == 404


def test_no_one_but_the_coach_deletes_a_class_or_clears_its_criteria(
    team: dict[str, Any], app: Any, db: Any
) -> None:
    class_id = team["class_id"]
    first = class_state(db)
    other = Person(app, "other_coach")
    own_class = start_class(other, "Friday team")
    guest = app.test_client()  # a learner without an account
    made = users.create_guest(db)
    with guest.session_transaction() as session:
        session.update({"_csrf": "g", "uid": made.id, "gen": made.session_generation})
    visitor = app.test_client()
    with visitor.session_transaction() as session:
        session["_csrf"] = "v"
    before = class_state(db)
    for who in (other, team["ann"]):
        assert who.get(f"/classes/{class_id}/delete").status_code == 404
        assert who.post(f"/classes/{class_id}/delete").status_code == 404
        clear = who.post(f"/classes/{class_id}/checkout-criteria/clear", kind="basic-strategy")
        assert clear.status_code == 404
    for client, token in ((guest, "g"), (visitor, "v")):
        assert client.get(f"/classes/{class_id}/delete").status_code == 404
        for url, data in ((f"/classes/{class_id}/delete", {}),
                          (f"/classes/{class_id}/checkout-criteria/clear",
                           {"kind": "basic-strategy"})):  # fmt: skip
            assert client.post(url, data={"csrf_token": token, **data}).status_code == 404
    assert class_state(db) == before
    # The other coach's own class is theirs to delete, and only it goes.
    assert other.post(f"/classes/{own_class}/delete").status_code == 303
    assert class_state(db) == first


def test_deleting_or_clearing_needs_the_csrf_token(team: dict[str, Any], db: Any) -> None:
    coach, class_id = team["coach"], team["class_id"]
    before = class_state(db)
    posts = (
        (f"/classes/{class_id}/delete", {}),
        (f"/classes/{class_id}/checkout-criteria/clear", {"kind": "basic-strategy"}),
    )
    for url, data in posts:
        assert coach.client.post(url, data=data).status_code == 403
        assert coach.client.post(url, data={**data, "csrf_token": "forged"}).status_code == 403
    assert class_state(db) == before


def test_clearing_a_criterion_gives_the_class_the_defaults_again(
    team: dict[str, Any], app: Any, db: Any
) -> None:
    coach, class_id, ann, ben = team["coach"], team["class_id"], team["ann"], team["ben"]
    assert set_criteria(coach, class_id, "deviations", "80", "0").status_code == 303
    # Ben is in a second class that sets its own clock for basic strategy too.
    other = Person(app, "other_coach")
    other_class = start_class(other, "Friday team")
    assert join(ben, invite(other, other_class), "Ben").status_code == 303
    assert set_criteria(other, other_class, "basic-strategy", "90", "0").status_code == 303
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    assert "Back to the defaults for Basic strategy" in page
    assert "Back to the defaults for Deviations" in page
    assert "Back to the defaults for Counting" not in page  # nothing set: nothing to clear
    assert "100 answers in at most 150 seconds" in ann.get("/checkouts/basic-strategy").get_data(
        as_text=True
    )

    url = f"/classes/{class_id}/checkout-criteria/clear"
    done = coach.post(url, kind="basic-strategy")
    assert done.status_code == 303 and done.headers["Location"].endswith("#checkout-criteria")
    assert criteria_rows(db) == [
        (other_class, "basic-strategy", 90, 0),
        (class_id, "deviations", 80, 0),
    ]
    page = coach.get(f"/classes/{class_id}").get_data(as_text=True)
    assert "Basic strategy: the default criteria." in page
    start = ann.get("/checkouts/basic-strategy").get_data(as_text=True)
    assert "100 answers in at most 300 seconds" in start and "stricter criteria" not in start
    assert "40 answers in at most 192 seconds" in ann.get("/checkouts/deviations").get_data(
        as_text=True
    )  # 80% of 240 s: the other checkout's criteria stay
    # Ben takes basic strategy under his other class's clock, 90% of 300 s.
    assert "100 answers in at most 270 seconds" in ben.get("/checkouts/basic-strategy").get_data(
        as_text=True
    )
    # Nothing left to clear: a 404; a checkout not in the list: a readable 400.
    assert coach.post(url, kind="basic-strategy").status_code == 404
    for kind in ("no-such-checkout", "", "x" * 500):
        bad = coach.post(url, kind=kind)
        assert bad.status_code == 400 and "Choose the checkout" in bad.get_data(as_text=True)
    assert len(criteria_rows(db)) == 2


def test_the_deletion_reads_in_russian(team: dict[str, Any]) -> None:
    coach, class_id = team["coach"], team["class_id"]
    russian = {"Accept-Language": "ru"}
    page = html.unescape(
        coach.client.get(f"/classes/{class_id}", headers=russian).get_data(as_text=True)
    )
    assert "Удалить «Tuesday team»…" in page and "Вернуть обычные условия: " in page
    confirm = coach.client.get(f"/classes/{class_id}/delete", headers=russian)
    text = html.unescape(confirm.get_data(as_text=True))
    assert "Удалить «Tuesday team»?" in text
    assert "Его 1 неиспользованное приглашение: ссылка перестанет работать." in text
    assert "То, что вы видите о его 2 учениках" in text
    assert "Deleting the class" not in text and "Its 1" not in text


CLOSED = (
    "Your class “Tuesday team” was deleted by its coach on Nov 2, 2026; your own answers, "
    "sessions, checkouts and certificates are kept."
)


def said(person: Person, url: str) -> str:
    return html.unescape(person.get(url).get_data(as_text=True))


def test_its_members_are_told_until_they_dismiss_it_and_no_one_else(
    team: dict[str, Any], app: Any, db: Any
) -> None:
    coach, class_id, ann, ben = team["coach"], team["class_id"], team["ann"], team["ben"]
    assert ben.post(f"/classes/{class_id}/leave").status_code == 303  # a member no more
    stranger = Person(app, "stranger")
    assert CLOSED not in said(ann, "/")  # not before the class is deleted
    assert coach.post(f"/classes/{class_id}/delete").status_code == 303
    for url in ("/", "/classes"):
        assert said(ann, url).count(CLOSED) == 1
        for other in (ben, stranger, coach):
            assert "was deleted by its coach" not in said(other, url)
    (closure_id,) = [row[0] for row in db.execute("SELECT id FROM class_closures").fetchall()]
    dismiss = f"/classes/closures/{closure_id}/dismiss"
    # Only with the form's CSRF token, and only the member's own.
    assert ann.client.post(dismiss, data={"next": "/"}).status_code == 403
    for other in (ben, stranger, coach):
        assert other.post(dismiss, next="/").status_code == 404
    assert said(ann, "/").count(CLOSED) == 1
    done = ann.post(dismiss, next="/")
    assert done.status_code == 303 and done.headers["Location"] == "/"
    for url in ("/", "/classes"):
        assert "was deleted by its coach" not in said(ann, url)
    assert ann.post(dismiss, next="//evil.example").status_code == 404  # dismissed already
    users.delete_account(db, ann.id)  # the rows go with the account
    assert (
        db.execute("SELECT count(*) FROM class_closures WHERE user_id = ?", [ann.id]).fetchone()[0]
        == 0
    )


def test_a_dismissal_goes_back_only_to_a_page_of_this_site(team: dict[str, Any], db: Any) -> None:
    coach, class_id, ann = team["coach"], team["class_id"], team["ann"]
    assert coach.post(f"/classes/{class_id}/delete").status_code == 303
    ann_closure = "SELECT id FROM class_closures WHERE user_id = ?"
    (closure_id,) = db.execute(ann_closure, [ann.id]).fetchone()
    russian = {"Accept-Language": "ru"}  # the day as Babel writes it (a narrow no-break space)
    shown = html.unescape(ann.client.get("/", headers=russian).get_data(as_text=True))
    closed_ru = (
        "Ваш класс «Tuesday team» удалён его тренером 2 нояб. 2026\u202fг.; "
        "ваши собственные ответы, сессии, зачёты и сертификаты сохранены."
    )
    assert closed_ru in shown
    done = ann.post(f"/classes/closures/{closure_id}/dismiss", next="//evil.example/")
    assert done.status_code == 303 and done.headers["Location"] == "/classes"
    for bad in ("0", "x", "9" * 30):
        assert ann.post(f"/classes/closures/{bad}/dismiss").status_code == 404
