"""Learner accounts: guests, sign-up (a guest keeps their id, so their history), sign-in checks."""

from __future__ import annotations

import sqlite3
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import sqlite_utils
from werkzeug.security import check_password_hash, generate_password_hash

from trainer.store.db import checkpoint_and_truncate, first_row, transaction, utc_now
from trainer.words import number, plural, quoted, say

USERNAME_MIN = 3
USERNAME_MAX = 32
PASSWORD_MIN = 10
PASSWORD_MAX = 256
# The most common passwords (of PASSWORD_MIN characters or more), lowercased; its source is
# named in its first lines.
COMMON_PASSWORDS = Path(__file__).with_name("common_passwords.txt")
_USERNAME_PUNCTUATION = " ._-"

# How a password is hashed: scrypt with werkzeug's parameters (2**15 rounds, 8 blocks, 1 lane;
# about 0.1 CPU-s and 32 MB a hash), named here so that it is seen and stays the same when
# werkzeug's default moves. The tests' accounts need no strength and set a cheap one.
PASSWORD_HASH = "scrypt:32768:8:1"


def hash_password(password: str) -> str:
    return generate_password_hash(password, method=PASSWORD_HASH)


@cache
def _dummy_hash(method: str) -> str:
    """Checked against when the username is unknown, so both cases take about as long."""
    return generate_password_hash("not a real password", method=method)


class AccountError(ValueError):
    """An account could not be made or changed as asked."""


class InvalidUsernameError(AccountError):
    """The username breaks the username rules."""


class InvalidPasswordError(AccountError):
    """The password breaks the password rules."""


class UsernameTakenError(AccountError):
    """Another account already has that username."""


class NotAGuestError(AccountError):
    """Only a guest can sign up in place; this learner already has an account."""


@dataclass(frozen=True)
class User:
    """A learner: a guest (no username) or an account."""

    id: int
    username: str | None
    is_guest: bool
    created_at: str
    session_generation: int = 0  # sessions made under another generation are signed out
    time_zone: str | None = None  # chosen on the account page (None: the browser's, or UTC)
    language: str | None = None  # chosen with the language switch (None: the browser's)
    rules: str | None = None  # the rules' notation the learner drills with (None: the default)

    @property
    def display_name(self) -> str:
        return self.username if self.username is not None else "Guest"

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> User:
        return cls(
            id=row["id"],
            username=row["username"],
            is_guest=bool(row["is_guest"]),
            created_at=row["created_at"],
            session_generation=row.get("session_generation", 0),
            time_zone=row.get("time_zone"),
            language=row.get("language"),
            rules=row.get("rules"),
        )


def clean_username(text: str) -> str:
    """The username as stored: Unicode-normalised, outer spaces removed.

    :raises InvalidUsernameError: naming the rule broken.
    """
    name = unicodedata.normalize("NFC", text or "")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise InvalidUsernameError(
            say("A username cannot contain control or invisible characters.")
        )
    name = name.strip()
    if not name:
        raise InvalidUsernameError(say("Choose a username: it was empty or only spaces."))
    if len(name) < USERNAME_MIN:
        raise InvalidUsernameError(
            plural(
                "A username needs at least %(count)s character.",
                "A username needs at least %(count)s characters.",
                USERNAME_MIN,
            )
        )
    if len(name) > USERNAME_MAX:
        raise InvalidUsernameError(
            plural(
                "A username can have at most %(count)s character (this one has %(length)s).",
                "A username can have at most %(count)s characters (this one has %(length)s).",
                USERNAME_MAX,
                length=number(len(name)),
            )
        )
    bad = sorted({ch for ch in name if not (ch.isalnum() or ch in _USERNAME_PUNCTUATION)})
    if bad:
        raise InvalidUsernameError(
            say(
                "A username can use letters, digits, spaces, dots, dashes and underscores; "
                "not %(characters)s.",
                characters=" ".join(quoted(ch) for ch in bad),
            )
        )
    if "  " in name:
        raise InvalidUsernameError(say("A username cannot have two spaces in a row."))
    return name


def username_key(name: str) -> str:
    """The key two usernames must not share: ``Alice`` and ``alice`` are the same learner."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_new_password(password: str, username: str) -> None:
    """Check a new password for the account ``username``: at least :data:`PASSWORD_MIN`
    characters and at most :data:`PASSWORD_MAX`, not only spaces, not the username (in any
    case, repeated or with fewer than half :data:`PASSWORD_MIN` characters added), and not one
    of the most common passwords (:data:`COMMON_PASSWORDS`).

    :raises InvalidPasswordError: naming the rule broken (never the password itself).
    """
    password = password or ""
    if password and password.isspace():
        raise InvalidPasswordError(
            say("A password cannot be only spaces: put letters, digits or signs in it.")
        )
    if len(password) < PASSWORD_MIN:
        raise InvalidPasswordError(
            plural(
                "A password needs at least %(count)s character.",
                "A password needs at least %(count)s characters.",
                PASSWORD_MIN,
            )
        )
    if len(password) > PASSWORD_MAX:
        raise InvalidPasswordError(
            plural(
                "A password can have at most %(count)s character.",
                "A password can have at most %(count)s characters.",
                PASSWORD_MAX,
            )
        )
    # The username, repeated or with a little added ("learner1learner1" for learner1: a walk),
    # is as guessable as the username itself: without it, half a password's least must be left.
    name, key = username_key(username.strip()), username_key(password)
    if name and name in key and len(key.replace(name, "").strip()) < PASSWORD_MIN // 2:
        raise InvalidPasswordError(
            say(
                "A password cannot be your username, nor your username with a little added: "
                "anyone who knows one would guess the other."
            )
        )
    if password.strip().lower() in common_passwords():
        raise InvalidPasswordError(
            say(
                "That password is one of the most common ones, the first that anyone guessing "
                "tries: choose another."
            )
        )


@cache
def common_passwords() -> frozenset[str]:
    """The most common passwords, lowercased (read once)."""
    lines = COMMON_PASSWORDS.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def get_user(db: sqlite_utils.Database, user_id: int) -> User | None:
    row = first_row(db, "SELECT * FROM users WHERE id = ?", [user_id])
    return User.from_row(row) if row else None


def set_time_zone(db: sqlite_utils.Database, user_id: int, zone: str | None) -> None:
    """Keep the time zone the learner chose (an IANA name the caller has checked), or forget
    it (None)."""
    with transaction(db):
        db.execute("UPDATE users SET time_zone = ? WHERE id = ?", [zone, user_id])


def set_language(db: sqlite_utils.Database, user_id: int, language: str | None) -> None:
    """Keep the language the learner chose (a code the caller has checked), or forget it (None:
    the browser's)."""
    with transaction(db):
        db.execute("UPDATE users SET language = ? WHERE id = ?", [language, user_id])


def set_rules(db: sqlite_utils.Database, user_id: int, notation: str | None) -> None:
    """Keep the rules the learner drills with (a notation the caller has read), or forget them
    (None: the app's default)."""
    with transaction(db):
        db.execute("UPDATE users SET rules = ? WHERE id = ?", [notation, user_id])


def find_user(db: sqlite_utils.Database, username: str) -> User | None:
    """The account called ``username`` (any case), or None."""
    key = username_key(username.strip())
    row = first_row(db, "SELECT * FROM users WHERE username_key = ?", [key])
    return User.from_row(row) if row else None


def create_guest(db: sqlite_utils.Database) -> User:
    """A new guest learner, who can drill at once."""
    now = utc_now()
    cursor = db.execute(
        "INSERT INTO users (username, username_key, password_hash, is_guest, created_at) "
        "VALUES (NULL, NULL, NULL, 1, ?)",
        [now],
    )
    return User(id=cursor.lastrowid or 0, username=None, is_guest=True, created_at=now)


def create_user(db: sqlite_utils.Database, username: str, password: str) -> User:
    """A new account.

    :raises InvalidUsernameError, InvalidPasswordError, UsernameTakenError: nothing written.
    """
    name = clean_username(username)
    check_new_password(password, name)
    password_hash = hash_password(password)
    now = utc_now()
    with transaction(db):
        _refuse_taken(db, name)
        try:
            cursor = db.execute(
                "INSERT INTO users (username, username_key, password_hash, is_guest, created_at,"
                " signed_up_at) VALUES (?, ?, ?, 0, ?, ?)",
                [name, username_key(name), password_hash, now, now],
            )
        except sqlite3.IntegrityError:
            raise UsernameTakenError(say("The username '%(name)s' is taken.", name=name)) from None
    return User(id=cursor.lastrowid or 0, username=name, is_guest=False, created_at=now)


def sign_up_guest(db: sqlite_utils.Database, guest_id: int, username: str, password: str) -> User:
    """Turn the guest into an account in place: same id, so every attempt stays theirs.

    :raises InvalidUsernameError, InvalidPasswordError, UsernameTakenError, NotAGuestError:
        nothing written.
    """
    name = clean_username(username)
    check_new_password(password, name)
    password_hash = hash_password(password)
    with transaction(db):
        user = get_user(db, guest_id)
        if user is None or not user.is_guest:
            raise NotAGuestError(say("This learner already has an account."))
        _refuse_taken(db, name)
        try:
            db.execute(
                "UPDATE users SET username = ?, username_key = ?, password_hash = ?,"
                " is_guest = 0, signed_up_at = ? WHERE id = ? AND is_guest = 1",
                [name, username_key(name), password_hash, utc_now(), guest_id],
            )
        except sqlite3.IntegrityError:
            raise UsernameTakenError(say("The username '%(name)s' is taken.", name=name)) from None
    return User(id=guest_id, username=name, is_guest=False, created_at=user.created_at)


def end_sessions(db: sqlite_utils.Database, user_id: int) -> None:
    """Sign the learner out everywhere: every session made before now stops working."""
    with transaction(db):
        db.execute(
            "UPDATE users SET session_generation = session_generation + 1 WHERE id = ?",
            [user_id],
        )


def remove_idle_guests(db: sqlite_utils.Database, *, created_before: str) -> int:
    """Delete the guests made before ``created_before`` (a stored time, see ``utc_now``) who
    never stored anything: no row of any table that refers to users names them. Return how many.
    """
    referring = [
        (table, key[3])
        for table in db.table_names()
        for key in db.execute(f"PRAGMA foreign_key_list([{table}])").fetchall()
        if key[2] == "users"
    ]
    unused = "".join(
        f" AND NOT EXISTS (SELECT 1 FROM [{table}] WHERE [{table}].[{column}] = users.id)"
        for table, column in referring
    )
    with transaction(db):
        cursor = db.execute(
            f"DELETE FROM users WHERE is_guest = 1 AND created_at < ?{unused}", [created_before]
        )
    return cursor.rowcount


def _references(db: sqlite_utils.Database, target: str) -> list[tuple[str, str, str]]:
    """Each (table, column, the target's column it names) of a foreign key to ``target``."""
    return [
        (table, key[3], key[4] or "rowid")
        for table in db.table_names()
        for key in db.execute(f"PRAGMA foreign_key_list([{table}])").fetchall()
        if key[2] == target
    ]


def delete_account(db: sqlite_utils.Database, user_id: int) -> None:
    """Delete the learner and everything stored of them, in one transaction: every row of
    every table that refers to users names them, the rows that refer to those (a review
    batch's items, a table session's steps), and their throttling keys. Nothing of them stays
    readable in the database's files: deleted rows are zeroed (``secure_delete``, see
    :func:`~trainer.store.db.open_db`) and the write-ahead log is checkpointed and cut."""
    user = get_user(db, user_id)
    if user is None:
        return
    direct = _references(db, "users")
    with transaction(db):
        db.execute("PRAGMA defer_foreign_keys = ON")  # checked at the commit, not per row
        db.execute("INSERT INTO account_deletions (user_id) VALUES (?)", [user_id])
        for table, column, _ in direct:
            for child, child_column, parent_column in _references(db, table):
                db.execute(
                    f"DELETE FROM [{child}] WHERE [{child_column}] IN"
                    f" (SELECT [{parent_column}] FROM [{table}] WHERE [{column}] = ?)",
                    [user_id],
                )
        for table, column, _ in direct:
            db.execute(f"DELETE FROM [{table}] WHERE [{column}] = ?", [user_id])
        keys = [f"learner:{user_id}"]
        if user.username:
            keys.append("account:" + username_key(user.username))
        for key in keys:
            db.execute("DELETE FROM sign_in_failures WHERE key = ?", [key])
            db.execute("DELETE FROM expensive_work WHERE key = ?", [key])
        db.execute("DELETE FROM users WHERE id = ?", [user_id])
        db.execute("DELETE FROM account_deletions WHERE user_id = ?", [user_id])
    # The deleted rows are zeroes in the file (secure_delete); the log's older frames go too.
    checkpoint_and_truncate(db)


def _refuse_taken(db: sqlite_utils.Database, name: str) -> None:
    if find_user(db, name) is not None:
        raise UsernameTakenError(
            say("The username '%(name)s' is taken: choose another one.", name=name)
        )


def authenticate(db: sqlite_utils.Database, username: str, password: str) -> User | None:
    """The account if the username and password match, else None (same work either way)."""
    key = username_key((username or "").strip())
    row = db.execute("SELECT id, password_hash FROM users WHERE username_key = ?", [key]).fetchone()
    stored_hash = row[1] if row else _dummy_hash(PASSWORD_HASH)
    matches = check_password_hash(stored_hash, password or "")
    if row is None or not matches:
        return None
    return get_user(db, row[0])
