"""The attempts store every drill writes to: append-only, one row per answer, never twice.

An answer carries a submission token (made when the question was shown). Storing the same
token for the same learner again stores nothing and returns the first row, so a double click or
a resent form counts once.

Rules are stored as their text notation (``"vegas-6d-s17 decks=2"``, see
:meth:`trainer.engine.rulebook.rules.Rules.parse`) in ``rules``. Rows from before the notation hold
the preset's name there and the options changed from it as JSON in ``rules_options``; rows are
append-only, so they stay so, and :func:`stored_notation` reads them as notation: everything
above the store sees only notation.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from contextlib import nullcontext
from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import sqlite_utils

from trainer.store.db import all_rows, first_row, transaction, utc_now

TOKEN_MAX = 64
EXPORT_FIELDS = (
    "id",
    "drill",
    "question",
    "rules",
    "answer",
    "right_answer",
    "correct",
    "ev_cost",
    "response_ms",
    "created_at",
)


class InvalidAttemptError(ValueError):
    """An attempt is missing a field or has a value the store cannot keep."""


@lru_cache(maxsize=4096)
def _fraction(text: str) -> Fraction:
    """A stored EV cost read back (memoised: the same costs recur, and parsing is slow)."""
    return Fraction(text)


# What some rows from before the notation hold in its place: the countdown's "one deck".
_OLD_NOTATIONS = {"one deck": "custom decks=1"}


def stored_notation(rules: str, options_json: str | None) -> str:
    """The rules notation of a stored row: ``rules`` itself, or for a row from before the
    notation, its preset name followed by the options its ``rules_options`` JSON changed
    (or the notation of what it names in words, :data:`_OLD_NOTATIONS`)."""
    if not options_json:
        return _OLD_NOTATIONS.get(rules, rules)
    options = json.loads(options_json)
    return " ".join([rules, *(f"{name}={_legacy_text(options[name])}" for name in sorted(options))])


def _legacy_text(value: Any) -> str:
    """An old row's JSON option value as notation text (money and the cut card were floats)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        exact = Fraction(value).limit_denominator(10_000)
        return str(exact.numerator) if exact.denominator == 1 else str(exact)
    return str(value)


@dataclass(frozen=True)
class Attempt:
    """One answer to one question, as stored."""

    id: int
    user_id: int
    drill: str
    question: str
    rules: str  # the rules' notation
    answer: str
    right_answer: str
    correct: bool
    ev_cost: Fraction | None
    response_ms: int | None
    token: str
    created_at: str

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Attempt:
        return cls(
            id=row["id"],
            user_id=row["user_id"],
            drill=row["drill"],
            question=row["question"],
            rules=stored_notation(row["rules"], row["rules_options"]),
            answer=row["answer"],
            right_answer=row["right_answer"],
            correct=bool(row["correct"]),
            ev_cost=_fraction(row["ev_cost"]) if row["ev_cost"] is not None else None,
            response_ms=row["response_ms"],
            token=row["token"],
            created_at=row["created_at"],
        )

    def export_row(self) -> dict[str, Any]:
        """The fields an export shows (no user id, no token), JSON-ready."""
        row = asdict(self)
        row["ev_cost"] = str(self.ev_cost) if self.ev_cost is not None else None
        return {name: row[name] for name in EXPORT_FIELDS}


def record_attempt(
    db: sqlite_utils.Database,
    *,
    user_id: int,
    drill: str,
    question: str,
    rules: str,
    answer: str,
    right_answer: str,
    correct: bool,
    token: str,
    ev_cost: Fraction | None = None,
    response_ms: int | None = None,
    created_at: str | None = None,
) -> tuple[Attempt, bool]:
    """Store one answer under ``rules`` (their notation); return it and whether it was new
    (False: that token was stored before).

    :raises InvalidAttemptError: for an empty field, a bad token or a negative response time.
    """
    for name, value in (("drill", drill), ("question", question), ("rules", rules)):
        if not value:
            raise InvalidAttemptError(f"an attempt needs a {name}")
    if not token or len(token) > TOKEN_MAX or not token.isprintable():
        raise InvalidAttemptError(f"a submission token is 1 to {TOKEN_MAX} printable characters")
    if response_ms is not None and response_ms < 0:
        raise InvalidAttemptError("a response time cannot be negative")
    values = [
        user_id,
        drill,
        question,
        rules,
        None,  # rules_options: only rows from before the notation have it
        answer,
        right_answer,
        int(bool(correct)),
        str(Fraction(ev_cost)) if ev_cost is not None else None,
        response_ms,
        token,
        created_at or utc_now(),
    ]
    # One statement: inside a caller's transaction (an answer and its schedule) it needs no
    # savepoint of its own.
    with nullcontext() if db.conn.in_transaction else transaction(db):
        row = first_row(
            db,
            "INSERT INTO attempts (user_id, drill, question, rules, rules_options, answer,"
            " right_answer, correct, ev_cost, response_ms, token, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id, token) DO NOTHING RETURNING *",
            values,
        )
        if row is not None:
            return Attempt.from_row(row), True
    # That token was stored before (the insert did nothing): the first answer stands.
    stored = find_attempt(db, user_id, token)
    if stored is None:
        raise InvalidAttemptError(f"the attempt under token {token!r} could not be read back")
    return stored, False


def find_attempt(db: sqlite_utils.Database, user_id: int, token: str) -> Attempt | None:
    """The learner's attempt stored under ``token``, if any."""
    row = first_row(db, "SELECT * FROM attempts WHERE user_id = ? AND token = ?", [user_id, token])
    return Attempt.from_row(row) if row else None


def list_attempts(
    db: sqlite_utils.Database,
    user_id: int,
    *,
    drill: str | None = None,
    correct: bool | None = None,
    limit: int | None = None,
    newest_first: bool = True,
) -> list[Attempt]:
    """One learner's attempts (never anyone else's), filtered by drill and right/wrong."""
    where = ["user_id = ?"]
    params: list[Any] = [user_id]
    if drill is not None:
        where.append("drill = ?")
        params.append(drill)
    if correct is not None:
        where.append("correct = ?")
        params.append(int(correct))
    order = "DESC" if newest_first else "ASC"
    sql = f"SELECT * FROM attempts WHERE {' AND '.join(where)} ORDER BY id {order}"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(int(limit))
    return [Attempt.from_row(row) for row in all_rows(db, sql, params)]


@dataclass(frozen=True)
class AttemptTally:
    """A group of one learner's answers to one drill: under one set of rules (and, when asked
    for, to one question), how many, how many right, and the id of the newest."""

    rules: str  # the rules' notation
    question: str | None  # None unless tallied by question
    answers: int
    right: int
    newest_id: int


def tally_attempts(
    db: sqlite_utils.Database,
    user_id: int,
    *,
    drill: str,
    within: int,
    by_question: bool = False,
) -> list[AttemptTally]:
    """Of one learner's newest ``within`` attempts at ``drill`` (the rows ``list_attempts``
    would return with that limit), the answers and right answers per rules they were stored
    under, and per question too with ``by_question``; newest group first.

    Counting is done in SQL: a page that needs only how many answers there were, or per-cell
    accuracy, reads a few tallies instead of building every attempt.
    """
    grouped = "rules, rules_options, question" if by_question else "rules, rules_options"
    sql = (
        f"SELECT rules, rules_options, {'question' if by_question else 'NULL'},"
        " count(*), sum(correct), max(id) AS newest_id"
        " FROM (SELECT id, rules, rules_options, question, correct FROM attempts"
        "  WHERE user_id = ? AND drill = ? ORDER BY id DESC LIMIT ?)"
        f" GROUP BY {grouped} ORDER BY newest_id DESC"
    )
    return [
        AttemptTally(
            rules=stored_notation(rules, options),
            question=question,
            answers=answers,
            right=right,
            newest_id=newest_id,
        )
        for rules, options, question, answers, right, newest_id in db.execute(
            sql, [user_id, drill, int(within)]
        )
    ]


def get_attempt(db: sqlite_utils.Database, user_id: int, attempt_id: int) -> Attempt | None:
    """The learner's attempt with that id, if there is one (never anyone else's)."""
    sql = "SELECT * FROM attempts WHERE id = ? AND user_id = ?"
    row = first_row(db, sql, [attempt_id, user_id])
    return Attempt.from_row(row) if row else None


@dataclass(frozen=True)
class DrillStats:
    """One learner's figures for one drill."""

    drill: str
    attempts: int
    correct: int
    mean_response_ms: int | None

    @property
    def accuracy(self) -> Fraction | None:
        return Fraction(self.correct, self.attempts) if self.attempts else None


def drill_stats(
    db: sqlite_utils.Database,
    user_id: int,
    *,
    drill: str | None = None,
    rules: str | None = None,
) -> dict[str, DrillStats]:
    """Per drill slug: attempts, right answers and mean response time of one learner (of one
    drill only, given ``drill``; of the answers stored under ``rules`` only, their notation as
    stored, given ``rules``).

    Read from ``drill_totals`` (``drill_rules_totals`` given ``rules``), which a trigger keeps
    as attempts are stored: one row per drill, however long the learner's history.
    """
    where = "user_id = ?"
    params: list[Any] = [user_id]
    if drill is not None:
        where += " AND drill = ?"
        params.append(drill)
    table = "drill_totals"
    if rules is not None:
        where += " AND rules = ?"
        params.append(rules)
        table = "drill_rules_totals"
    rows = db.execute(
        f"SELECT drill, attempts, correct, timed, response_ms_sum FROM {table}"
        f" WHERE {where} ORDER BY drill",
        params,
    )
    return {
        slug: DrillStats(
            drill=slug,
            attempts=count,
            correct=correct,
            mean_response_ms=round(ms_sum / timed) if timed else None,
        )
        for slug, count, correct, timed, ms_sum in rows
    }


def recent_tallies(
    db: sqlite_utils.Database, user_id: int, drills: Iterable[str], last: int
) -> dict[str, tuple[int, int]]:
    """Per drill (of ``drills`` the learner has answered): how many of their ``last`` answers
    there are (at most ``last``) and how many of those were right, newest first by id."""
    found: dict[str, tuple[int, int]] = {}
    for drill in dict.fromkeys(drills):
        row = db.execute(
            "SELECT count(*), coalesce(sum(correct), 0) FROM (SELECT correct FROM attempts"
            " WHERE user_id = ? AND drill = ? ORDER BY id DESC LIMIT ?)",
            [user_id, drill, last],
        ).fetchone()
        if row[0]:
            found[drill] = (int(row[0]), int(row[1]))
    return found


def to_csv(attempts: Iterable[Attempt]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=EXPORT_FIELDS, lineterminator="\n")
    writer.writeheader()
    for attempt in attempts:
        row = attempt.export_row()
        row["correct"] = int(row["correct"])
        writer.writerow(row)
    return out.getvalue()


def to_json(attempts: Iterable[Attempt]) -> str:
    return json.dumps([attempt.export_row() for attempt in attempts], indent=2) + "\n"
