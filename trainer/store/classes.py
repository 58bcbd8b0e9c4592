"""Classes: a coach, the learners who joined with an invite, and what the coach sets them.

A class belongs to its coach (a learner with an account). A learner joins with an invite: a
long random code, used once, revocable while unused. Joining is the learner's consent to the
coach reading their work from that moment; leaving withdraws it (the membership keeps its
``left_at`` and shows the coach nothing more). Every read a coach's page makes goes through
:func:`coached_class` and :func:`current_member`, which name the coach and the class: another
coach's class, or a learner who is not (or no longer) a member, reads as nothing.

What a member did since joining is read by :mod:`trainer.store.class_work`.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from trainer.store.db import all_rows, first_row, transaction, utc_now
from trainer.words import say

# The most learners a class holds (its members and its unused invites together).
MAX_MEMBERS = 40
# The most classes one learner coaches.
MAX_CLASSES = 10
# A name (the class's, the coach's, a member's as the coach sees it): 1 to this many characters.
NAME_MAX = 40
# The invite code's bytes of randomness (token_urlsafe: 32 characters).
INVITE_BYTES = 24


class ClassError(ValueError):
    """A class, invite or membership change the store refuses; the message says why."""


class InviteRefusedError(ClassError):
    """An invite code that joins no class: used already, revoked, or its class full."""


class UnknownInviteError(InviteRefusedError):
    """An invite code no class has."""


@dataclass(frozen=True)
class Class:
    id: int
    coach_id: int
    name: str
    coach_name: str
    created_at: str

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Class:
        return cls(row["id"], row["coach_id"], row["name"], row["coach_name"], row["created_at"])


@dataclass(frozen=True)
class Member:
    """A current member as their coach knows them: the name they gave and when they joined."""

    id: int  # the membership's id
    class_id: int
    user_id: int
    name: str
    joined_at: str


@dataclass(frozen=True)
class Invite:
    id: int
    class_id: int
    code: str
    created_at: str
    used_at: str | None
    revoked_at: str | None

    @property
    def open(self) -> bool:
        return self.used_at is None and self.revoked_at is None


def clean_name(text: str, what: str) -> str:
    """A name typed into a form, its spaces tidied; :class:`ClassError` if empty or too long."""
    name = " ".join((text or "").split())
    if not name:
        raise ClassError(say("%(what)s is empty: type one.", what=what))
    if len(name) > NAME_MAX or not name.isprintable():
        raise ClassError(
            say("%(what)s is at most %(most)s letters, spaces and signs.", what=what, most=NAME_MAX)
        )
    return name


def create_class(
    db: sqlite_utils.Database, coach_id: int, name: str, coach_name: str, *, at: str
) -> Class:
    """A new class coached by ``coach_id`` (at most :data:`MAX_CLASSES` each)."""
    with transaction(db):
        (count,) = db.execute(
            "SELECT count(*) FROM classes WHERE coach_id = ?", [coach_id]
        ).fetchone()
        if count >= MAX_CLASSES:
            raise ClassError(say("A coach runs at most %(most)s classes.", most=MAX_CLASSES))
        row = first_row(
            db,
            "INSERT INTO classes (coach_id, name, coach_name, created_at) VALUES (?, ?, ?, ?)"
            " RETURNING *",
            [coach_id, name, coach_name, at],
        )
    if row is None:
        raise ClassError(say("The class could not be stored."))
    return Class.from_row(row)


def coached_class(db: sqlite_utils.Database, class_id: int, coach_id: int) -> Class | None:
    """The class if ``coach_id`` coaches it; None for any other class or coach."""
    row = first_row(db, "SELECT * FROM classes WHERE id = ? AND coach_id = ?", [class_id, coach_id])
    return Class.from_row(row) if row else None


def classes_coached(db: sqlite_utils.Database, coach_id: int) -> list[Class]:
    rows = all_rows(db, "SELECT * FROM classes WHERE coach_id = ? ORDER BY id", [coach_id])
    return [Class.from_row(row) for row in rows]


def member_count(db: sqlite_utils.Database, class_id: int) -> int:
    (count,) = db.execute(
        "SELECT count(*) FROM class_members WHERE class_id = ? AND left_at IS NULL", [class_id]
    ).fetchone()
    return int(count)


# -- invites --------------------------------------------------------------------------------


def make_invites(db: sqlite_utils.Database, class_id: int, count: int, *, at: str) -> list[Invite]:
    """``count`` new invites (while the class's open invites and members stay in bounds)."""
    with transaction(db):
        (open_now,) = db.execute(
            "SELECT count(*) FROM class_invites WHERE class_id = ? AND used_at IS NULL"
            " AND revoked_at IS NULL",
            [class_id],
        ).fetchone()
        room = MAX_MEMBERS - member_count(db, class_id) - open_now  # a seat per open invite
        if count < 1 or count > room:
            raise ClassError(
                say("This class has room for %(room)s more invites now.", room=max(room, 0))
            )
        made = []
        for _ in range(count):
            row = first_row(
                db,
                "INSERT INTO class_invites (class_id, code, created_at) VALUES (?, ?, ?)"
                " RETURNING *",
                [class_id, secrets.token_urlsafe(INVITE_BYTES), at],
            )
            if row is None:
                raise ClassError(say("The invite could not be stored."))
            made.append(Invite(**row))
    return made


def invites_of(db: sqlite_utils.Database, class_id: int) -> list[Invite]:
    """The class's invites, newest first."""
    rows = all_rows(
        db, "SELECT * FROM class_invites WHERE class_id = ? ORDER BY id DESC", [class_id]
    )
    return [Invite(**row) for row in rows]


def revoke_invite(db: sqlite_utils.Database, class_id: int, invite_id: int, *, at: str) -> bool:
    """Revoke the class's unused invite; False if there is none such open."""
    with transaction(db):
        cursor = db.execute(
            "UPDATE class_invites SET revoked_at = ? WHERE id = ? AND class_id = ?"
            " AND used_at IS NULL AND revoked_at IS NULL",
            [at, invite_id, class_id],
        )
    return cursor.rowcount == 1


def invited_class(db: sqlite_utils.Database, code: str) -> tuple[Invite, Class]:
    """The invite with this code and its class, if it is open.

    :raises InviteRefusedError: unknown, used, revoked, or the class is full.
    """
    row = first_row(db, "SELECT * FROM class_invites WHERE code = ?", [code])
    if row is None:
        raise UnknownInviteError(say("No class has this invite: check the code you were given."))
    invite = Invite(**row)
    if invite.used_at is not None:
        raise InviteRefusedError(
            say(
                "This invite was used already: an invite lets one learner in. Ask the coach for "
                "one of your own."
            )
        )
    if invite.revoked_at is not None:
        raise InviteRefusedError(say("The coach revoked this invite: ask them for a new one."))
    found = first_row(db, "SELECT * FROM classes WHERE id = ?", [invite.class_id])
    if found is None:
        raise UnknownInviteError(say("No class has this invite: check the code you were given."))
    if member_count(db, invite.class_id) >= MAX_MEMBERS:
        raise InviteRefusedError(
            say("This class is full: it holds %(most)s learners.", most=MAX_MEMBERS)
        )
    return invite, Class.from_row(found)


def join(db: sqlite_utils.Database, code: str, user_id: int, name: str, *, at: str) -> Class:
    """Join the invite's class as ``name`` (the name the coach sees), using the invite up.

    :raises InviteRefusedError: as :func:`invited_class`.
    :raises ClassError: the learner coaches the class, is in it already, or a member goes by
        this name already (letter case aside), where the coach could not tell them apart (the
        invite stays unused).
    """
    with transaction(db):
        invite, joined = invited_class(db, code)
        if joined.coach_id == user_id:
            raise ClassError(say("You coach this class: a coach does not join their own class."))
        if current_member(db, joined.id, user_id) is not None:
            raise ClassError(say("You are in this class already; the invite was kept unused."))
        (same,) = db.execute(
            "SELECT count(*) FROM class_members WHERE class_id = ? AND left_at IS NULL"
            " AND lower(name) = lower(?)",
            [joined.id, name],
        ).fetchone()
        if same:
            raise ClassError(
                say(
                    "Another learner in this class goes by %(name)s: give a name your coach can "
                    "tell apart, such as one with an initial.",
                    name=name,
                )
            )
        used = db.execute(
            "UPDATE class_invites SET used_at = ? WHERE id = ? AND used_at IS NULL"
            " AND revoked_at IS NULL",
            [at, invite.id],
        )
        if used.rowcount != 1:  # used by another learner in between: refused as used
            raise InviteRefusedError(
                say("This invite was used already: ask the coach for another.")
            )
        db.execute(
            "INSERT INTO class_members (class_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
            [joined.id, user_id, name, at],
        )
    return joined


# -- members --------------------------------------------------------------------------------


def current_member(db: sqlite_utils.Database, class_id: int, user_id: int) -> Member | None:
    """The learner's membership of the class now; None if they never joined or have left."""
    row = first_row(
        db,
        "SELECT id, class_id, user_id, name, joined_at FROM class_members"
        " WHERE class_id = ? AND user_id = ? AND left_at IS NULL",
        [class_id, user_id],
    )
    return Member(**row) if row else None


def members_of(db: sqlite_utils.Database, class_id: int) -> list[Member]:
    """The class's current members, by name."""
    rows = all_rows(
        db,
        "SELECT id, class_id, user_id, name, joined_at FROM class_members"
        " WHERE class_id = ? AND left_at IS NULL ORDER BY name COLLATE NOCASE, id",
        [class_id],
    )
    return [Member(**row) for row in rows]


def memberships(db: sqlite_utils.Database, user_id: int) -> list[tuple[Member, Class]]:
    """The classes the learner is in now, with their coaches' names, oldest joining first."""
    rows = all_rows(
        db,
        "SELECT m.id AS member_id, m.name AS member_name, m.joined_at, c.* FROM class_members m"
        " JOIN classes c ON c.id = m.class_id WHERE m.user_id = ? AND m.left_at IS NULL"
        " ORDER BY m.joined_at, m.id",
        [user_id],
    )
    return [
        (
            Member(row["member_id"], row["id"], user_id, row["member_name"], row["joined_at"]),
            Class.from_row(row),
        )
        for row in rows
    ]


def leave(db: sqlite_utils.Database, class_id: int, user_id: int, *, at: str) -> bool:
    """End the learner's membership: from now the coach sees nothing of them. False if they
    were not in the class."""
    with transaction(db):
        cursor = db.execute(
            "UPDATE class_members SET left_at = ? WHERE class_id = ? AND user_id = ?"
            " AND left_at IS NULL",
            [at, class_id, user_id],
        )
    return cursor.rowcount == 1


# -- deleting a class -----------------------------------------------------------------------

# Every table that names a class, the class's own table last: what deleting a class removes.
# The learners' answers name no class (a member's work is read through their membership), so
# nothing of theirs is here; a new table that names classes must be added (tests check).
CLASS_TABLES = (
    ("class_checkout_criteria", "class_id"),
    ("class_assignments", "class_id"),
    ("class_invites", "class_id"),
    ("class_members", "class_id"),
    ("classes", "id"),
)


@dataclass(frozen=True)
class ClassContents:
    """What deleting a class would remove, counted for its confirmation page."""

    members: int  # current members (the coach's view of each goes)
    invites: int  # open invites (they stop working)
    assignments: int
    criteria: int  # checkouts the class sets stricter criteria for


def class_contents(db: sqlite_utils.Database, class_id: int) -> ClassContents:
    def count(sql: str) -> int:
        (found,) = db.execute(sql, [class_id]).fetchone()
        return int(found)

    return ClassContents(
        members=member_count(db, class_id),
        invites=count(
            "SELECT count(*) FROM class_invites WHERE class_id = ? AND used_at IS NULL"
            " AND revoked_at IS NULL"
        ),
        assignments=count("SELECT count(*) FROM class_assignments WHERE class_id = ?"),
        criteria=count("SELECT count(*) FROM class_checkout_criteria WHERE class_id = ?"),
    )


def delete_class(
    db: sqlite_utils.Database, class_id: int, coach_id: int, *, at: str | None = None
) -> bool:
    """Delete the class ``coach_id`` coaches, in one transaction: its invites, memberships
    (past and present), assignments and checkout criteria, then the class. Each current member
    is told (:func:`closures_of`: the class's name and ``at``, the moment it closed). The
    learners' own answers, sessions and checkouts stay theirs. False (nothing changed) for a
    class that is not ``coach_id``'s."""
    with transaction(db):
        found = coached_class(db, class_id, coach_id)
        if found is None:
            return False
        db.execute(
            "INSERT INTO class_closures (user_id, class_name, closed_at)"
            " SELECT user_id, ?, ? FROM class_members WHERE class_id = ? AND left_at IS NULL",
            [found.name, at or utc_now(), class_id],
        )
        for table, column in CLASS_TABLES:
            db.execute(f"DELETE FROM [{table}] WHERE [{column}] = ?", [class_id])
    return True


# -- telling the members of a deleted class -------------------------------------------------------


@dataclass(frozen=True)
class Closure:
    """A class deleted by its coach, as one of its members is told: its name and when."""

    id: int
    class_name: str
    closed_at: str


def closures_of(db: sqlite_utils.Database, user_id: int) -> list[Closure]:
    """The classes of ``user_id``'s deleted while they were members, not dismissed yet."""
    rows = db.execute(
        "SELECT id, class_name, closed_at FROM class_closures"
        " WHERE user_id = ? AND dismissed_at IS NULL ORDER BY id",
        [user_id],
    ).fetchall()
    return [Closure(*row) for row in rows]


def dismiss_closure(db: sqlite_utils.Database, user_id: int, closure_id: int, *, at: str) -> bool:
    """The member has read that the class closed: not shown again. False for another
    learner's, or one dismissed already."""
    with transaction(db):
        cursor = db.execute(
            "UPDATE class_closures SET dismissed_at = ?"
            " WHERE id = ? AND user_id = ? AND dismissed_at IS NULL",
            [at, closure_id, user_id],
        )
    return cursor.rowcount == 1
