"""Checkouts as stored (migrations 0022 and 0025), apart from practice: runs, their parts' clock
starts, the cards of their deals as served, their answers and the certificates of passed runs.
Every table is append-only; a run's state is read back from its rows
(:mod:`drills.checkouts.plan` works out where it stands). Times are the server's clock in
milliseconds since the epoch."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from trainer.store.db import transaction


@dataclass(frozen=True)
class StoredRun:
    id: int
    user_id: int
    kind: str
    rules: str
    system: str
    criteria: dict[str, Any]
    items: list[list[list[str]]]
    created_ms: int


@dataclass(frozen=True)
class StoredAnswer:
    part: int
    item: int
    sort: str
    answer: str
    right_answer: str
    correct: bool
    answered_ms: int


@dataclass(frozen=True)
class StoredCertificate:
    code: str
    run_id: int
    user_id: int
    holder: str
    kind: str
    rules: str
    system: str
    figures: list[dict[str, Any]]
    issued_ms: int


def create_run(
    db: sqlite_utils.Database,
    user_id: int,
    *,
    kind: str,
    rules: str,
    system: str,
    criteria: dict[str, Any],
    items: list[list[list[str]]],
    now_ms: int,
) -> int:
    """Store a new run with its dealt items; return its id."""
    with transaction(db):
        cursor = db.execute(
            "INSERT INTO checkout_runs (user_id, kind, rules, system, criteria, items, created_ms)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [user_id, kind, rules, system, json.dumps(criteria), json.dumps(items), now_ms],
        )
        return int(cursor.lastrowid or 0)


def _run(row: Any) -> StoredRun:
    return StoredRun(
        id=row[0],
        user_id=row[1],
        kind=row[2],
        rules=row[3],
        system=row[4],
        criteria=json.loads(row[5]),
        items=json.loads(row[6]),
        created_ms=row[7],
    )


_RUN_COLUMNS = "id, user_id, kind, rules, system, criteria, items, created_ms"


def get_run(db: sqlite_utils.Database, run_id: int, user_id: int) -> StoredRun | None:
    """The run ``run_id`` if it is ``user_id``'s, else None."""
    row = db.execute(
        f"SELECT {_RUN_COLUMNS} FROM checkout_runs WHERE id = ? AND user_id = ?",
        [run_id, user_id],
    ).fetchone()
    return _run(row) if row else None


def run_criteria(db: sqlite_utils.Database, run_id: int) -> dict[str, Any]:
    """The criteria a run was dealt with (for its certificate, whoever reads it)."""
    row = db.execute("SELECT criteria FROM checkout_runs WHERE id = ?", [run_id]).fetchone()
    return dict(json.loads(row[0])) if row else {}


def recent_runs(db: sqlite_utils.Database, user_id: int, limit: int = 10) -> list[StoredRun]:
    rows = db.execute(
        f"SELECT {_RUN_COLUMNS} FROM checkout_runs WHERE user_id = ? ORDER BY id DESC LIMIT ?",
        [user_id, limit],
    ).fetchall()
    return [_run(row) for row in rows]


def part_starts(db: sqlite_utils.Database, run_id: int) -> dict[int, int]:
    """Each started part's clock start (ms), by part."""
    rows = db.execute(
        "SELECT part, started_ms FROM checkout_starts WHERE run_id = ?", [run_id]
    ).fetchall()
    return {part: started for part, started in rows}


def start_part(
    db: sqlite_utils.Database, run: StoredRun, part: int, now_ms: int, *, first_card: bool = False
) -> None:
    """Start the clock of ``part`` of ``run`` at ``now_ms`` (once: a second start keeps the
    first), and with ``first_card`` serve its first item's first card at the same moment."""
    with transaction(db):
        db.execute(
            "INSERT OR IGNORE INTO checkout_starts (run_id, user_id, part, started_ms)"
            " VALUES (?, ?, ?, ?)",
            [run.id, run.user_id, part, now_ms],
        )
        if first_card:
            serve_card(db, run, part, 0, 0, now_ms)


def served_cards(db: sqlite_utils.Database, run_id: int, part: int, item: int) -> list[int]:
    """When each card of an item's deal was served (ms), in the deal's order."""
    rows = db.execute(
        "SELECT served_ms FROM checkout_cards WHERE run_id = ? AND part = ? AND item = ?"
        " ORDER BY card",
        [run_id, part, item],
    ).fetchall()
    return [served for (served,) in rows]


def serve_card(
    db: sqlite_utils.Database, run: StoredRun, part: int, item: int, card: int, now_ms: int
) -> bool:
    """Record card ``card`` of an item's deal as served at ``now_ms``: only the next one, in
    order (the caller checked it is due). False, storing nothing, for any other card."""
    with transaction(db):
        (served,) = db.execute(
            "SELECT count(*) FROM checkout_cards WHERE run_id = ? AND part = ? AND item = ?",
            [run.id, part, item],
        ).fetchone()
        if card != served:
            return False
        db.execute(
            "INSERT INTO checkout_cards (run_id, user_id, part, item, card, served_ms)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [run.id, run.user_id, part, item, card, now_ms],
        )
    return True


def run_answers(db: sqlite_utils.Database, run_id: int) -> list[StoredAnswer]:
    rows = db.execute(
        "SELECT part, item, sort, answer, right_answer, correct, answered_ms FROM checkout_answers"
        " WHERE run_id = ? ORDER BY answered_ms, part, item",
        [run_id],
    ).fetchall()
    return [StoredAnswer(p, i, s, a, r, bool(c), t) for p, i, s, a, r, c, t in rows]


def record_answer(db: sqlite_utils.Database, run: StoredRun, answer: StoredAnswer) -> None:
    """Store one answer of ``run`` (the caller checked it answers the item asked now)."""
    with transaction(db):
        db.execute(
            "INSERT INTO checkout_answers"
            " (run_id, user_id, part, item, sort, answer, right_answer, correct, answered_ms)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [run.id, run.user_id, answer.part, answer.item, answer.sort, answer.answer,
             answer.right_answer, int(answer.correct), answer.answered_ms],
        )  # fmt: skip


def issue_certificate(
    db: sqlite_utils.Database,
    run: StoredRun,
    *,
    holder: str,
    figures: list[dict[str, Any]],
    now_ms: int,
) -> StoredCertificate:
    """The certificate of the passed ``run``: made once, with a random code its link names."""
    with transaction(db):
        found = certificate_of_run(db, run.id)
        if found is not None:
            return found
        code = secrets.token_urlsafe(18)
        db.execute(
            "INSERT INTO checkout_certificates"
            " (code, run_id, user_id, holder, kind, rules, system, figures, issued_ms)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [code, run.id, run.user_id, holder, run.kind, run.rules, run.system,
             json.dumps(figures), now_ms],
        )  # fmt: skip
    return StoredCertificate(
        code, run.id, run.user_id, holder, run.kind, run.rules, run.system, figures, now_ms
    )


_CERTIFICATE_COLUMNS = "code, run_id, user_id, holder, kind, rules, system, figures, issued_ms"


def _certificate(row: Any) -> StoredCertificate:
    code, run_id, user_id, holder, kind, rules, system, figures, issued_ms = row
    return StoredCertificate(
        code, run_id, user_id, holder, kind, rules, system, json.loads(figures), issued_ms
    )


def certificate_of_run(db: sqlite_utils.Database, run_id: int) -> StoredCertificate | None:
    row = db.execute(
        f"SELECT {_CERTIFICATE_COLUMNS} FROM checkout_certificates WHERE run_id = ?", [run_id]
    ).fetchone()
    return _certificate(row) if row else None


def certificate_by_code(db: sqlite_utils.Database, code: str) -> StoredCertificate | None:
    row = db.execute(
        f"SELECT {_CERTIFICATE_COLUMNS} FROM checkout_certificates WHERE code = ?", [code]
    ).fetchone()
    return _certificate(row) if row else None


def certificates_of(db: sqlite_utils.Database, user_id: int) -> list[StoredCertificate]:
    rows = db.execute(
        f"SELECT {_CERTIFICATE_COLUMNS} FROM checkout_certificates WHERE user_id = ?"
        " ORDER BY issued_ms DESC",
        [user_id],
    ).fetchall()
    return [_certificate(row) for row in rows]


# -- the name a certificate shows (migration 0028) -----------------------------------------------

# The most times a certificate's name is changed (each change is a row: the table is append-only).
MAX_NAMINGS = 30


class NamingError(ValueError):
    """A certificate's name its holder may not set: too many changes already."""


def shown_name(db: sqlite_utils.Database, code: str) -> str:
    """The name the certificate shows: the one its holder chose last, else "" (no name: never
    the username an early certificate was issued with)."""
    row = db.execute(
        "SELECT name FROM certificate_names WHERE code = ? ORDER BY id DESC LIMIT 1", [code]
    ).fetchone()
    return str(row[0]) if row else ""


def names_shown(db: sqlite_utils.Database, certificate: StoredCertificate) -> list[str]:
    """Every name a link of the certificate may have been signed with, oldest first: the one
    it was issued with, no name, and each its holder chose."""
    rows = db.execute(
        "SELECT name FROM certificate_names WHERE code = ? ORDER BY id", [certificate.code]
    ).fetchall()
    return list(dict.fromkeys([certificate.holder, "", *(str(row[0]) for row in rows)]))


def name_certificate(
    db: sqlite_utils.Database, code: str, user_id: int, name: str, *, now_ms: int
) -> bool:
    """Set the name the certificate shows ("" for none), if ``user_id`` holds it; False for
    a certificate they do not hold (nothing stored).

    :raises NamingError: when its name was changed :data:`MAX_NAMINGS` times already.
    """
    with transaction(db):
        held = db.execute(
            "SELECT 1 FROM checkout_certificates WHERE code = ? AND user_id = ?", [code, user_id]
        ).fetchone()
        if held is None:
            return False
        (count,) = db.execute(
            "SELECT count(*) FROM certificate_names WHERE code = ?", [code]
        ).fetchone()
        if count >= MAX_NAMINGS:
            raise NamingError(code)
        db.execute(
            "INSERT INTO certificate_names (code, user_id, name, named_ms) VALUES (?, ?, ?, ?)",
            [code, user_id, name, now_ms],
        )
    return True
