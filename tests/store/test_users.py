"""Accounts: the username and password rules, taken names, guests who sign up, sign-in checks."""

from __future__ import annotations

from typing import Any

import pytest

from trainer.store import users


def user_count(db: Any) -> int:
    return db.execute("SELECT count(*) FROM users").fetchone()[0]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "empty"),
        ("     ", "empty"),
        ("ab", "at least 3"),
        ("x" * 33, "at most 32"),
        ("bad\x00name", "control"),
        ("tab\tname", "control"),
        ("new\nline", "control"),
        ("zero\u200bwidth", "invisible"),
        ("semi;colon", "“;”"),
        ("<script>", "“<”"),
        ("two  spaces", "two spaces"),
    ],
)
def test_bad_usernames_are_refused_and_nothing_is_written(db: Any, name: str, message: str) -> None:
    with pytest.raises(users.InvalidUsernameError, match=message):
        users.create_user(db, name, "long enough password")
    assert user_count(db) == 0


@pytest.mark.parametrize(("name", "stored"), [("  Alice  ", "Alice"), ("Zoë_1.x-y", "Zoë_1.x-y")])
def test_good_usernames_are_kept_trimmed(db: Any, name: str, stored: str) -> None:
    assert users.create_user(db, name, "long enough password").username == stored


@pytest.mark.parametrize(
    ("name", "password", "message"),
    [
        ("alice", "", "at least 10 characters"),
        ("alice", "short", "at least 10 characters"),
        ("alice", "nine char", "at least 10 characters"),
        ("alice", " " * 12, "only spaces"),
        ("alice", "\t \u3000" * 4, "only spaces"),  # tabs and ideographic spaces too
        ("alice", "x" * 257, "at most 256 characters"),
        ("Long Username", "long username", "your username"),
        ("long.user-name", " LONG.USER-NAME ", "your username"),
        ("alice", "1234567890", "most common"),  # the list's first entry of ten characters
        ("alice", "QWERTYUIOP", "most common"),  # compared lowercased, as the list is
        ("alice", "basketball", "most common"),
        ("alice", "friend of emily", "most common"),  # the list has passphrases too
    ],
)
def test_weak_passwords_are_refused_and_nothing_is_written(
    db: Any, name: str, password: str, message: str
) -> None:
    with pytest.raises(users.InvalidPasswordError, match=message) as refused:
        users.create_user(db, name, password)
    assert password.strip() == "" or password not in str(refused.value)  # never said back
    assert user_count(db) == 0
    guest = users.create_guest(db)
    with pytest.raises(users.InvalidPasswordError, match=message):
        users.sign_up_guest(db, guest.id, name, password)
    assert users.get_user(db, guest.id) == guest  # still a guest


@pytest.mark.parametrize(
    "password", ["ten chars!", "alice in the casino", "1234567890x", " " * 9 + "a"]
)
def test_passwords_that_break_no_rule_are_taken(db: Any, password: str) -> None:
    assert users.create_user(db, "alice", password).username == "alice"
    assert users.authenticate(db, "alice", password) is not None


def test_the_common_passwords_list_is_read_whole_and_lowercased() -> None:
    """Its notes are not passwords; every password is long enough to need the list and is
    lowercased (the check lowercases what it compares); the source named in its notes had
    1,780 of ten characters or more."""
    common = users.common_passwords()
    assert len(common) == 1780
    assert not any(p.startswith("#") for p in common)
    assert all(len(p) >= users.PASSWORD_MIN and p == p.lower() == p.strip() for p in common)
    notes = users.COMMON_PASSWORDS.read_text(encoding="utf-8").split("\n1234567890\n")[0]
    assert "Source: Django" in notes and "Royce Williams" in notes


def test_a_taken_name_is_refused_in_any_case(db: Any) -> None:
    users.create_user(db, "Alice", "password one")
    with pytest.raises(users.UsernameTakenError, match="taken"):
        users.create_user(db, "aLICE", "password two")
    assert user_count(db) == 1


def test_passwords_are_stored_hashed(db: Any) -> None:
    users.create_user(db, "alice", "correct horse")
    stored = db.execute("SELECT password_hash FROM users").fetchone()[0]
    assert "correct horse" not in stored
    assert stored.startswith(("scrypt:", "pbkdf2:"))


def test_authenticate_needs_the_right_password(db: Any) -> None:
    alice = users.create_user(db, "alice", "correct horse")
    assert users.authenticate(db, "ALICE", "correct horse") == alice
    assert users.authenticate(db, "alice", "wrong horse") is None
    assert users.authenticate(db, "nobody", "correct horse") is None
    assert users.authenticate(db, "", "") is None


def test_a_guest_who_signs_up_keeps_their_id(db: Any) -> None:
    guest = users.create_guest(db)
    assert guest.is_guest and guest.display_name == "Guest"
    account = users.sign_up_guest(db, guest.id, "bob", "password bob")
    assert account.id == guest.id and not account.is_guest
    assert users.get_user(db, guest.id) == account
    assert user_count(db) == 1


def test_an_account_cannot_sign_up_again(db: Any) -> None:
    alice = users.create_user(db, "alice", "password one")
    with pytest.raises(users.NotAGuestError):
        users.sign_up_guest(db, alice.id, "alice2", "password two")
    assert users.find_user(db, "alice2") is None


def test_a_guest_cannot_take_a_taken_name(db: Any) -> None:
    users.create_user(db, "alice", "password one")
    guest = users.create_guest(db)
    with pytest.raises(users.UsernameTakenError):
        users.sign_up_guest(db, guest.id, "Alice", "password two")
    assert users.get_user(db, guest.id).is_guest


def test_the_app_hashes_passwords_with_scrypt_and_the_tests_cheaply(db: Any) -> None:
    """A server (a process of its own, as gunicorn's) hashes with scrypt at werkzeug's cost;
    the tests' accounts with the cheap hash tests/conftest.py sets, and still salted."""
    import subprocess
    import sys

    from tests.conftest import TESTS_PASSWORD_HASH

    code = "from trainer.store import users; print(users.hash_password('long enough password'))"
    served = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert served.startswith("scrypt:32768:8:1$")
    users.create_user(db, "hashed", "long enough password")
    stored = db.execute("SELECT password_hash FROM users WHERE username = 'hashed'").fetchone()[0]
    assert stored.startswith(TESTS_PASSWORD_HASH + "$") and "long enough" not in stored
    assert users.authenticate(db, "hashed", "long enough password") is not None
