"""A learner's tables, kept server-side: the setup written once, the learner's steps in order.

Nothing of the shoe is stored: the engine replays it from the seed and the steps
(:mod:`trainer.engine.play.table_game`). A step is ``played``; or ``held`` (training mode: a mistake
shown at once, waiting to be kept or taken back) and then ``played`` or ``withdrawn``. Every
step keeps the submission token of the form that sent it, so a form sent twice is seen as such.
The graded answers themselves are attempts (:mod:`trainer.store.attempts`).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlite_utils

from trainer.store.db import transaction, utc_now

__all__ = [
    "StaleStepError",
    "Step",
    "StoredTable",
    "accuracy_by_condition",
    "add_step",
    "create_table",
    "get_table",
    "list_tables",
    "resolve_held",
    "session_before",
    "steps_of",
    "table_attempts",
]


class StaleStepError(ValueError):
    """The table moved on since the page that sent this step was drawn."""


@dataclass(frozen=True)
class StoredTable:
    id: str
    user_id: int
    rules: str
    setup: dict[str, Any]
    seed: int
    created_at: str


@dataclass(frozen=True)
class Step:
    n: int
    step: str
    token: str
    state: str
    cost: str = "0"  # money: what the step's mistakes cost in EV
    ev: str | None = None  # money: the right play's EV, at a box's first play


def create_table(
    db: sqlite_utils.Database, *, user_id: int, rules: str, setup: dict[str, Any], seed: int
) -> StoredTable:
    """Store a new table for ``user_id``; return it with its new id."""
    table = StoredTable(secrets.token_urlsafe(12), user_id, rules, setup, seed, utc_now())
    with transaction(db):
        db.execute(
            "INSERT INTO table_sessions (id, user_id, rules, setup, seed, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [table.id, user_id, rules, json.dumps(setup, sort_keys=True), seed, table.created_at],
        )
    return table


def _table(row: dict[str, Any]) -> StoredTable:
    return StoredTable(
        row["id"],
        row["user_id"],
        row["rules"],
        json.loads(row["setup"]),
        row["seed"],
        row["created_at"],
    )


def get_table(db: sqlite_utils.Database, table_id: str, user_id: int) -> StoredTable | None:
    """The table ``table_id`` if it is ``user_id``'s; None otherwise (someone else's or none)."""
    row = next(
        db.query("SELECT * FROM table_sessions WHERE id = ? AND user_id = ?", [table_id, user_id]),
        None,
    )
    return _table(row) if row else None


def list_tables(db: sqlite_utils.Database, user_id: int, limit: int = 10) -> list[StoredTable]:
    """The learner's newest tables first."""
    rows = db.query(
        "SELECT * FROM table_sessions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC"
        " LIMIT ?",
        [user_id, limit],
    )
    return [_table(row) for row in rows]


SESSION_GAP = timedelta(hours=3)  # a table started longer after the one before is a new session
SESSION_SHOES = 12  # the most shoes a session's cover is read over


def session_before(db: sqlite_utils.Database, table: StoredTable) -> list[StoredTable]:
    """The tables of the learner's session before ``table``, oldest first: those at the same
    rules started before it, going back while each started within :data:`SESSION_GAP` of the
    next (at most :data:`SESSION_SHOES` with it)."""
    rows = db.query(
        "SELECT t.* FROM table_sessions t, table_sessions this WHERE this.id = ?"
        " AND t.user_id = this.user_id AND t.rules = this.rules AND (t.created_at < this.created_at"
        " OR (t.created_at = this.created_at AND t.rowid < this.rowid))"
        " ORDER BY t.created_at DESC, t.rowid DESC LIMIT ?",
        [table.id, SESSION_SHOES - 1],
    )
    found: list[StoredTable] = []
    after = _when(table.created_at)
    for row in rows:
        earlier = _table(row)
        if after - _when(earlier.created_at) > SESSION_GAP:
            break
        found.append(earlier)
        after = _when(earlier.created_at)
    return found[::-1]


def _when(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def steps_of(db: sqlite_utils.Database, table_id: str) -> list[Step]:
    """Every step of the table in order, withdrawn ones included."""
    rows = db.query(
        "SELECT n, step, token, state, cost, ev FROM table_steps WHERE session_id = ? ORDER BY n",
        [table_id],
    )
    return [Step(**row) for row in rows]


def add_step(
    db: sqlite_utils.Database,
    table_id: str,
    *,
    after: int,
    step: str,
    token: str,
    held: bool,
    cost: str = "0",
    ev: str | None = None,
) -> Step:
    """Append a step to a table whose page showed ``after`` steps (all of them, withdrawn ones
    too); call it inside the transaction that stores the step's attempts.

    :raises StaleStepError: when the table has more (or fewer) steps than that now.
    """
    with transaction(db):
        count = db.execute(
            "SELECT count(*) FROM table_steps WHERE session_id = ?", [table_id]
        ).fetchone()[0]
        if count != after:
            raise StaleStepError(f"the table is at step {count}, the form was drawn at {after}")
        state = "held" if held else "played"
        db.execute(
            "INSERT INTO table_steps (session_id, n, step, token, state, cost, ev, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [table_id, count, step, token, state, cost, ev, utc_now()],
        )
    return Step(count, step, token, state, cost, ev)


def resolve_held(db: sqlite_utils.Database, table_id: str, n: int, *, keep: bool) -> bool:
    """Keep (play) or take back (withdraw) the held step ``n``; False when it is not held."""
    with transaction(db):
        cursor = db.execute(
            "UPDATE table_steps SET state = ? WHERE session_id = ? AND n = ? AND state = 'held'",
            ["played" if keep else "withdrawn", table_id, n],
        )
    return cursor.rowcount == 1


def table_attempts(db: sqlite_utils.Database, user_id: int, prefix: str) -> dict[str, Any]:
    """The learner's attempts made at one table (their tokens start with ``prefix``), by
    token: each a row of token, drill, question, answer, right_answer, correct, ev_cost."""
    rows = db.query(
        "SELECT token, drill, question, answer, right_answer, correct, ev_cost FROM attempts"
        " WHERE user_id = ? AND token >= ? AND token < ?",
        [user_id, prefix, prefix + "~"],
    )
    return {row["token"]: row for row in rows}


def accuracy_by_condition(db: sqlite_utils.Database, user_id: int) -> list[dict[str, Any]]:
    """The learner's answers at their tables, by the pace (ms a card, 0 step by step) and the
    distraction each table was dealt with, and by drill: each a row of pace, distraction,
    drill, attempts and correct. A table's attempts are found by their tokens, which start
    with ``t`` and the table's 16-character id (``trainer.web.views.table.step_token``)."""
    rows = db.query(
        "SELECT coalesce(json_extract(s.setup, '$.pace'), 0) AS pace,"
        " coalesce(json_extract(s.setup, '$.distraction'), 'none') AS distraction,"
        " a.drill AS drill, count(*) AS attempts, sum(a.correct) AS correct"
        " FROM attempts a JOIN table_sessions s"
        " ON s.id = substr(a.token, 2, 16) AND s.user_id = a.user_id"
        " WHERE a.user_id = ? AND a.token LIKE 't%'"
        " GROUP BY pace, distraction, a.drill ORDER BY a.drill, pace, distraction",
        [user_id],
    )
    return [dict(row) for row in rows]


def table_token_states(
    db: sqlite_utils.Database, user_id: int, tokens: list[str]
) -> dict[str, str]:
    """Of these attempt tokens, those made at one of the learner's tables, each with its step's
    state (``withdrawn``: taken back, a mistake that cost nothing there). A table's attempt
    token is ``t``, the table's 16-character id, ``-``, the step's number in five digits, ``-``
    and the ask (``trainer.web.views.table.step_token``)."""
    made = [t for t in tokens if t.startswith("t") and len(t) >= 24 and t[17] == "-"]
    if not made:
        return {}
    marks = ", ".join("?" * len(made))
    rows = db.execute(
        "SELECT a.token, s.state FROM attempts a JOIN table_steps s"
        " ON s.session_id = substr(a.token, 2, 16) AND s.n = CAST(substr(a.token, 19, 5) AS"
        " INTEGER) JOIN table_sessions t ON t.id = s.session_id AND t.user_id = a.user_id"
        f" WHERE a.user_id = ? AND a.token IN ({marks})",
        [user_id, *made],
    )
    return dict(rows.fetchall())
