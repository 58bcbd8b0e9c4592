"""Deleting an account and its history: only with the typed word (and the password, for an
account) and the CSRF token; everything stored of the learner goes, nobody else's; the account
page and the history downloads are never cached."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.test_today import answer_hand
from trainer.store import goals, reviews, users

CSRF = "csrf-for-deleting"


def sign_up(client: Any, name: str) -> int:
    with client.session_transaction() as session:
        session["_csrf"] = CSRF
    data = {"username": name, "password": "password " + name, "csrf_token": CSRF}
    assert client.post("/signup", data=data).status_code == 303
    with client.session_transaction() as session:
        session["_csrf"] = CSRF
        return int(session["uid"])


def history_rows(db: Any, user_id: int) -> dict[str, int]:
    """Per table naming users, the rows of this learner."""
    found = {}
    for table in db.table_names():
        for key in db.execute(f"PRAGMA foreign_key_list([{table}])").fetchall():
            if key[2] == "users":
                sql = f"SELECT count(*) FROM [{table}] WHERE [{key[3]}] = ?"
                found[table] = db.execute(sql, [user_id]).fetchone()[0]
    return found


@pytest.fixture
def two(app: Any, db: Any) -> tuple[Any, int, int]:
    alice, bob = app.test_client(), app.test_client()
    alice_id, bob_id = sign_up(alice, "alice"), sign_up(bob, "bob")
    for client in (alice, bob):
        for right in (True, False, False):
            answer_hand(client, right=right)
    mistakes = [a for a in reviews.find_mistakes(db, alice_id, reviews.MistakeFilter())]
    reviews.create_batch(db, alice_id, "hand-totals", mistakes[:1])
    goals.set_goal(db, alice_id, goals.Goal("answers", 10), at="2026-05-01T09:00:00.000Z")
    # A table session and a step of it: rows that refer to a row that refers to the learner.
    db.execute(
        "INSERT INTO table_sessions (id, user_id, rules, setup, seed, created_at)"
        " VALUES ('alices-table', ?, 'vegas-6d-s17', '{}', 1, '2026-05-01T09:00:00.000Z')",
        [alice_id],
    )
    db.execute(
        "INSERT INTO table_steps (session_id, n, step, token, state, cost, ev, created_at)"
        " VALUES ('alices-table', 0, 'bet 10', 'tok', 'played', '0', NULL, '2026-05-01')"
    )
    return alice, alice_id, bob_id


def test_deleting_an_account_deletes_its_whole_history_and_nobody_elses(two: Any, db: Any) -> None:
    alice, alice_id, bob_id = two
    before = history_rows(db, alice_id)
    assert before["attempts"] == 3 and before["review_schedules"] > 0
    assert before["practice_goals"] == 1 and before["review_batches"] == 1
    bob_before = history_rows(db, bob_id)
    data = {"confirm": "Delete", "password": "password alice", "csrf_token": CSRF}
    response = alice.post("/account/delete", data=data)
    assert response.status_code == 200
    assert "Account deleted" in response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "private, no-store"
    assert set(history_rows(db, alice_id).values()) == {0}
    assert db.execute("SELECT count(*) FROM review_items").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM table_steps").fetchone()[0] == 0
    assert users.get_user(db, alice_id) is None
    assert history_rows(db, bob_id) == bob_before
    assert "You are not signed in" in alice.get("/account").get_data(as_text=True)
    # Attempts are still append-only for everyone else.
    with pytest.raises(Exception, match="append-only"):
        db.execute("DELETE FROM attempts WHERE user_id = ?", [bob_id])


@pytest.mark.parametrize(
    ("fields", "said", "status"),
    [
        ({"confirm": "yes", "password": "password alice"}, "Type &#39;delete&#39;", 400),
        ({"confirm": "", "password": "password alice"}, "Type &#39;delete&#39;", 400),
        ({"confirm": "delete", "password": "wrong"}, "not your password", 400),
        ({"confirm": "delete"}, "not your password", 400),
    ],
)
def test_deleting_without_confirming_deletes_nothing(
    two: Any, db: Any, fields: dict[str, str], said: str, status: int
) -> None:
    alice, alice_id, _ = two
    before = history_rows(db, alice_id)
    response = alice.post("/account/delete", data={**fields, "csrf_token": CSRF})
    assert response.status_code == status
    assert said in response.get_data(as_text=True)
    assert history_rows(db, alice_id) == before


def test_deleting_needs_the_csrf_token(two: Any, db: Any) -> None:
    alice, alice_id, _ = two
    before = history_rows(db, alice_id)
    data = {"confirm": "delete", "password": "password alice"}
    assert alice.post("/account/delete", data=data).status_code == 403
    assert history_rows(db, alice_id) == before


def test_a_guest_deletes_their_history_by_the_word_alone(app: Any, db: Any) -> None:
    guest = app.test_client()
    answer_hand(guest, right=False)
    (guest_id,) = db.execute("SELECT id FROM users").fetchone()
    with guest.session_transaction() as session:
        token = session["_csrf"]
    response = guest.post("/account/delete", data={"confirm": "delete", "csrf_token": token})
    assert response.status_code == 200
    assert users.get_user(db, guest_id) is None
    assert set(history_rows(db, guest_id).values()) == {0}


def test_the_account_page_and_the_downloads_are_never_cached(two: Any) -> None:
    alice, alice_id, _ = two
    page = alice.get("/account")
    assert page.headers["Cache-Control"] == "private, no-store"
    assert "Type <strong>delete</strong> to confirm" in page.get_data(as_text=True)
    for suffix in ("csv", "json"):
        download = alice.get(f"/learners/{alice_id}/attempts.{suffix}")
        assert download.headers["Cache-Control"] == "private, no-store"
        assert "attachment" in download.headers["Content-Disposition"]
    rows = json.loads(alice.get(f"/learners/{alice_id}/attempts.json").get_data(as_text=True))
    assert len(rows) == 3


def database_bytes(app: Any) -> bytes:
    """The database's files as they lie on disk: the file, its write-ahead log and its index."""
    path = app.config["DATABASE"]
    found = b""
    for suffix in ("", "-wal", "-shm"):
        try:
            with open(path + suffix, "rb") as data:
                found += data.read()
        except FileNotFoundError:
            pass
    return found


def test_a_deleted_account_leaves_nothing_readable_in_the_files(app: Any, db: Any) -> None:
    """secure_delete zeroes what is deleted, and the log's old frames are cut: the learner's
    username and their answers' submission tokens (unique strings of theirs) cannot be read
    back from the files, though they were there before."""
    zelda, other = app.test_client(), app.test_client()
    zelda_id = sign_up(zelda, "Zelda Quixote-Unique")
    sign_up(other, "Olga Other-Learner")
    for right in (True, False, True):
        answer_hand(zelda, right=right)
        answer_hand(other, right=right)
    tokens = [r[0] for r in db.execute("SELECT token FROM attempts WHERE user_id = ?", [zelda_id])]
    kept = [r[0] for r in db.execute("SELECT token FROM attempts WHERE user_id != ?", [zelda_id])]
    secrets = [b"Zelda Quixote-Unique", b"zelda quixote-unique", *(t.encode() for t in tokens)]
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert len(tokens) == 3 and all(s in database_bytes(app) for s in secrets)  # found if there

    data = {"confirm": "delete", "password": "password Zelda Quixote-Unique", "csrf_token": CSRF}
    assert zelda.post("/account/delete", data=data).status_code == 200

    left = database_bytes(app)
    assert [s for s in secrets if s in left] == []
    assert users.get_user(db, zelda_id) is None
    # The other learner's rows are untouched, and still readable.
    assert b"Olga Other-Learner" in left and all(t.encode() in left for t in kept)
