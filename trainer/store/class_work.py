"""What a class's members did since they joined, as their coach reads it, and the assignments.

Every query here names the class and reads only its current members' attempts stored at or
after their joining (``attempts.created_at >= class_members.joined_at``): a learner's work from
before they joined, and anything of a learner who left, is never read. Account details (the
username, the sign-up date) are not read at all: a member is the name they gave on joining.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, timedelta, tzinfo
from fractions import Fraction
from typing import Any

import sqlite_utils

from trainer.store.attempts import Attempt, stored_notation
from trainer.store.classes import ClassError, Member
from trainer.store.db import all_rows, first_row, transaction
from trainer.store.goals import (
    STREAK_DAYS,
    Activity,
    days_table,
    local_day,
    midnights,
    time_answering,
)
from trainer.store.reviews import MAX_BATCH, ReviewBatch, create_batch
from trainer.words import say

# The newest answers of a class a heat map or a common-mistakes list reads.
CLASS_WITHIN = 20_000
# The most assignments a class holds at once.
MAX_ASSIGNMENTS = 30

# A class's members' attempts since each joined (the one road every query here takes).
_SINCE_JOINED = (
    "SELECT a.* FROM attempts a JOIN class_members m ON m.user_id = a.user_id"
    " AND m.class_id = ? AND m.left_at IS NULL AND a.created_at >= m.joined_at"
)


@dataclass(frozen=True)
class Totals:
    """One member's answers to one drill since joining."""

    drill: str
    answers: int
    right: int
    timed: int
    response_ms: int

    @property
    def accuracy(self) -> Fraction | None:
        return Fraction(self.right, self.answers) if self.answers else None

    @property
    def mean_ms(self) -> int | None:
        return round(self.response_ms / self.timed) if self.timed else None


def member_totals(db: sqlite_utils.Database, member: Member) -> dict[str, Totals]:
    """Per drill, the member's answers, right answers and response times since joining."""
    rows = db.execute(
        "SELECT drill, count(*), sum(correct), count(response_ms), coalesce(sum(response_ms), 0)"
        " FROM attempts WHERE user_id = ? AND created_at >= ? GROUP BY drill ORDER BY drill",
        [member.user_id, member.joined_at],
    )
    return {row[0]: Totals(*row) for row in rows}


def member_activity(
    db: sqlite_utils.Database, member: Member, today: date, zone: tzinfo = UTC
) -> Activity:
    """The member's answers per day of theirs (in ``zone``) since joining (at most
    :data:`~trainer.store.goals.STREAK_DAYS` back), and the time spent answering on each, as
    Today counts them; the joining day counts from the moment of joining."""
    first = max(local_day(member.joined_at, zone), today - timedelta(days=STREAK_DAYS))
    bounds = [max(b, member.joined_at) for b in midnights(first, max(today, first), zone)]
    days, params = days_table(first, bounds)
    rows = db.execute(
        f"WITH {days} SELECT days.day, count(*) FROM days JOIN attempts"
        " ON attempts.user_id = ? AND attempts.created_at >= days.start"
        " AND attempts.created_at < days.stop GROUP BY days.day",
        [*params, member.user_id],
    )
    answers = {date.fromisoformat(day): count for day, count in rows}

    def time_of(day: date) -> int:
        n = (day - first).days
        if not 0 <= n < len(bounds) - 1:
            return 0
        return time_answering(db, member.user_id, bounds[n], bounds[n + 1])

    return Activity(answers, time_of)


def member_minutes(db: sqlite_utils.Database, member: Member, since: str, until: str) -> int:
    """The minutes the member spent answering from ``since`` to ``until`` (stored times; never
    before joining)."""
    return round(time_answering(db, member.user_id, max(since, member.joined_at), until) / 60_000)


def member_costly(
    db: sqlite_utils.Database, member: Member, *, within: int = 300
) -> list[tuple[str, str, str, Fraction, int]]:
    """Of the member's newest ``within`` mistakes with a cost since joining: per drill,
    question and rules, the cost added up and how many, costliest first."""
    rows = db.execute(
        "SELECT drill, question, rules, rules_options, ev_cost FROM attempts"
        " WHERE user_id = ? AND correct = 0 AND ev_cost IS NOT NULL AND created_at >= ?"
        " ORDER BY id DESC LIMIT ?",
        [member.user_id, member.joined_at, int(within)],
    )
    sums: dict[tuple[str, str, str], tuple[Fraction, int]] = {}
    for drill, question, rules, options, cost in rows:
        key = (drill, question, stored_notation(rules, options))
        total, count = sums.get(key, (Fraction(0), 0))
        sums[key] = (total + Fraction(cost), count + 1)
    ranked = sorted(sums.items(), key=lambda pair: pair[1][0], reverse=True)
    return [(*key, total, count) for key, (total, count) in ranked]


@dataclass(frozen=True)
class QuestionTally:
    """A class's answers to one question under one rule set: how many, how many right, and
    how many learners got it wrong at least once."""

    question: str
    rules: str
    answers: int
    right: int
    learners_wrong: int


def class_tally(
    db: sqlite_utils.Database, class_id: int, drill: str, *, within: int = CLASS_WITHIN
) -> list[QuestionTally]:
    """Of the class's newest ``within`` answers to ``drill`` (each member's since joining):
    per question and rules, the class's answers, right answers and learners wrong."""
    rows = db.execute(
        "SELECT rules, rules_options, question, count(*), sum(correct),"
        " count(DISTINCT CASE WHEN correct = 0 THEN user_id END)"
        f" FROM ({_SINCE_JOINED} WHERE a.drill = ? ORDER BY a.id DESC LIMIT ?)"
        " GROUP BY rules, rules_options, question",
        [class_id, drill, int(within)],
    )
    return [
        QuestionTally(question, stored_notation(rules, options), answers, right, wrong)
        for rules, options, question, answers, right, wrong in rows
    ]


@dataclass(frozen=True)
class CountTally:
    """A class's running-count checkpoints in one system, shoe and speed: per member."""

    user_id: int
    system: str
    decks: int
    speed: Fraction
    answers: int
    right: int


def count_tallies(
    db: sqlite_utils.Database, class_id: int, *, within: int = CLASS_WITHIN
) -> list[CountTally]:
    """Of the class's newest ``within`` running-count checkpoints since each joined: per
    member, system, shoe and speed (the speed is the session's, read from the session the
    checkpoint's token names), the answers and right answers."""
    rows = db.execute(
        "SELECT w.user_id, json_extract(s.spec, '$.system'), json_extract(s.spec, '$.decks'),"
        " json_extract(s.spec, '$.speed'), count(*), sum(w.correct)"
        f" FROM ({_SINCE_JOINED} WHERE a.drill = 'running-count' ORDER BY a.id DESC LIMIT ?) w"
        " JOIN counting_sessions s ON s.user_id = w.user_id"
        " AND substr(w.token, 1, length(s.id) + 4) = 'cs-' || s.id || '-'"
        " GROUP BY 1, 2, 3, 4",
        [class_id, int(within)],
    )
    return [
        CountTally(user, str(system), int(decks), Fraction(str(speed)), answers, right)
        for user, system, decks, speed, answers, right in rows
    ]


# The newest answers of one member a mastery figure is replayed from (:func:`member_answers`).
MEMBER_WITHIN = 5_000


@dataclass(frozen=True)
class Answered:
    """One of a member's answers since joining, as their mastery is replayed from it."""

    drill: str
    question: str
    rules: str  # the rules' notation
    correct: bool
    response_ms: int | None
    created_at: str


def member_answers(
    db: sqlite_utils.Database, member: Member, drills: Sequence[str], *, within: int = MEMBER_WITHIN
) -> list[Answered]:
    """The member's newest ``within`` answers to these drills since joining, oldest first."""
    marks = ", ".join("?" for _ in drills)
    rows = db.execute(
        "SELECT drill, question, rules, rules_options, correct, response_ms, created_at"
        f" FROM attempts WHERE user_id = ? AND created_at >= ? AND drill IN ({marks})"
        " ORDER BY id DESC LIMIT ?",
        [member.user_id, member.joined_at, *drills, int(within)],
    )
    found = [
        Answered(drill, question, stored_notation(rules, options), bool(correct), ms, at)
        for drill, question, rules, options, correct, ms, at in rows
    ]
    found.reverse()
    return found


def member_count_tallies(db: sqlite_utils.Database, member: Member) -> list[CountTally]:
    """The member's counting checkpoints since joining (the running count's and the shoe
    count's, as the progress page counts them): per system, shoe and speed, the answers and
    right answers."""
    rows = db.execute(
        "SELECT json_extract(s.spec, '$.system'), json_extract(s.spec, '$.decks'),"
        " json_extract(s.spec, '$.speed'), count(*), sum(w.correct)"
        " FROM (SELECT * FROM attempts WHERE user_id = ? AND created_at >= ?"
        " AND drill IN ('running-count', 'shoe-count') ORDER BY id DESC LIMIT ?) w"
        " JOIN counting_sessions s ON s.user_id = w.user_id"
        " AND substr(w.token, 1, length(s.id) + 4) = 'cs-' || s.id || '-'"
        " GROUP BY 1, 2, 3",
        [member.user_id, member.joined_at, MEMBER_WITHIN],
    )
    return [
        CountTally(member.user_id, str(system), int(decks), Fraction(str(speed)), answers, right)
        for system, decks, speed, answers, right in rows
    ]


def common_mistakes(
    db: sqlite_utils.Database, class_id: int, drill: str, *, limit: int = MAX_BATCH
) -> list[tuple[str, str]]:
    """The questions of ``drill`` the class got wrong most often (by learners, then by
    answers), as (question, rules), since each joined."""
    found = [t for t in class_tally(db, class_id, drill) if t.learners_wrong]
    found.sort(key=lambda t: (t.learners_wrong, t.answers - t.right), reverse=True)
    return [(t.question, t.rules) for t in found[:limit]]


def drill_common_mistakes(
    db: sqlite_utils.Database, class_id: int, user_id: int, drill: str
) -> ReviewBatch:
    """A review batch for ``user_id`` asking the class's common mistakes of ``drill``: the
    questions alone (notation and rules), nothing of who answered them.

    :raises InvalidReviewError: when the class has none.
    """
    asked = [
        Attempt(0, user_id, drill, question, rules, "", "", False, None, None, "", "")
        for question, rules in common_mistakes(db, class_id, drill)
    ]
    return create_batch(db, user_id, drill, asked)


# -- the last checkouts ---------------------------------------------------------------------


@dataclass(frozen=True)
class CheckoutTaken:
    """A member's checkout run since joining, as the class page lists it."""

    name: str  # the member's name in the class
    kind: str
    rules: str
    system: str  # the run's counting system (``hi-lo ...``), as it was dealt
    taken_ms: int
    passed: bool
    run_id: int
    user_id: int


def last_checkouts(
    db: sqlite_utils.Database, class_id: int, *, limit: int = 20
) -> list[CheckoutTaken]:
    """The class's newest checkout runs, each member's since joining (the checkouts' tables of
    migration 0022: ``checkout_runs``, and ``checkout_certificates`` for a pass); none where
    this instance does not have them."""
    if "checkout_runs" not in db.table_names():
        return []
    passed = (
        "EXISTS (SELECT 1 FROM checkout_certificates c WHERE c.run_id = r.id)"
        if "checkout_certificates" in db.table_names()
        else "0"
    )
    rows = db.execute(
        f"SELECT m.name, r.kind, r.rules, r.system, r.created_ms, {passed}, r.id, r.user_id"
        " FROM checkout_runs r"
        " JOIN class_members m ON m.user_id = r.user_id AND m.class_id = ?"
        " AND m.left_at IS NULL"
        " AND r.created_ms >= (julianday(m.joined_at) - 2440587.5) * 86400000"
        " ORDER BY r.id DESC LIMIT ?",
        [class_id, int(limit)],
    )
    return [
        CheckoutTaken(name, kind, rules, system or "", int(ms), bool(ok), run, user)
        for name, kind, rules, system, ms, ok, run, user in rows
    ]


# -- assignments ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Assignment:
    id: int
    class_id: int
    kind: str  # "drill" or "step"
    target: str  # a drill's slug or a step's key
    rules: str | None
    system: str | None
    speed: str | None
    answers: int
    percent: int
    due: str  # YYYY-MM-DD
    created_at: str


def add_assignment(
    db: sqlite_utils.Database, class_id: int, fields: dict[str, Any], *, at: str
) -> Assignment:
    """A new assignment of the class (its fields checked by the caller)."""
    with transaction(db):
        (count,) = db.execute(
            "SELECT count(*) FROM class_assignments WHERE class_id = ?", [class_id]
        ).fetchone()
        if count >= MAX_ASSIGNMENTS:
            raise ClassError(
                say("A class has at most %(most)s assignments: remove one.", most=MAX_ASSIGNMENTS)
            )
        row = first_row(
            db,
            "INSERT INTO class_assignments (class_id, kind, target, rules, system, speed,"
            " answers, percent, due, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
            [
                class_id,
                fields["kind"],
                fields["target"],
                fields.get("rules"),
                fields.get("system"),
                fields.get("speed"),
                fields["answers"],
                fields["percent"],
                fields["due"],
                at,
            ],  # fmt: skip
        )
    if row is None:
        raise ClassError(say("The assignment could not be stored."))
    return Assignment(**row)


def assignments_of(db: sqlite_utils.Database, class_ids: Sequence[int]) -> list[Assignment]:
    """The classes' assignments, soonest due first."""
    if not class_ids:
        return []
    marks = ", ".join("?" for _ in class_ids)
    rows = all_rows(
        db,
        f"SELECT * FROM class_assignments WHERE class_id IN ({marks}) ORDER BY due, id",
        list(class_ids),
    )
    return [Assignment(**row) for row in rows]


def remove_assignment(db: sqlite_utils.Database, class_id: int, assignment_id: int) -> bool:
    with transaction(db):
        cursor = db.execute(
            "DELETE FROM class_assignments WHERE id = ? AND class_id = ?",
            [assignment_id, class_id],
        )
    return cursor.rowcount == 1


def newest_answers(
    db: sqlite_utils.Database,
    member: Member,
    drill: str,
    since: str,
    *,
    rules: str | None,
    limit: int,
) -> list[tuple[int, str]]:
    """The member's newest ``limit`` answers to ``drill`` since ``since`` (never before joining)
    as (right, token), under ``rules`` (a notation) where given, newest first."""
    where = "user_id = ? AND drill = ? AND created_at >= ?"
    params: list[Any] = [member.user_id, drill, max(since, member.joined_at)]
    if rules is not None:
        where += " AND rules = ? AND rules_options IS NULL"
        params.append(rules)
    return [
        (int(row["correct"]), str(row["token"]))
        for row in all_rows(
            db,
            f"SELECT correct, token FROM attempts WHERE {where} ORDER BY id DESC LIMIT ?",
            [*params, int(limit)],
        )
    ]


def session_speeds(db: sqlite_utils.Database, user_id: int, ids: Sequence[str]) -> dict[str, Any]:
    """The learner's counting sessions' system and speed, by id."""
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = db.execute(
        "SELECT id, json_extract(spec, '$.system'), json_extract(spec, '$.speed')"
        f" FROM counting_sessions WHERE user_id = ? AND id IN ({marks})",
        [user_id, *ids],
    )
    return {sid: (str(system), Fraction(str(speed))) for sid, system, speed in rows}
