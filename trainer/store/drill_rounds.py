"""Drill rounds: the short review batch a table offers between shoes, of the questions the learner
gets wrong (this shoe's mistakes and older ones their review schedule says are due).

A drill round is a review batch (:mod:`trainer.store.reviews`, purpose ``practice``: answered on
the drill road, graded, stored and rescheduled like any answer) linked to the table it follows,
with why each question came back: missed in that shoe, or an older mistake due for review (and
when it was missed). Its answers carry the drill road's tokens, never the table's, so they stay
out of the shoe's figures.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import sqlite_utils

from trainer.store import reviews
from trainer.store.attempts import Attempt
from trainer.store.db import first_row, transaction

__all__ = ["KINDS", "DrillRound", "Reason", "create_round", "round_of"]

# Why a question came back: a mistake of the shoe just played, or an older mistake now due.
KINDS = ("shoe", "missed")


@dataclass(frozen=True)
class Reason:
    """Why one question of a drill round came back: ``kind`` (one of :data:`KINDS`) and when
    the mistake was made (a stored time)."""

    kind: str
    at: str


@dataclass(frozen=True)
class DrillRound:
    """A review batch asked as a drill round: the table it follows, each question's reason."""

    batch_id: int
    table_id: str
    reasons: tuple[Reason, ...]


def create_round(
    db: sqlite_utils.Database,
    user_id: int,
    drill: str,
    table_id: str,
    chosen: Sequence[tuple[Attempt, Reason]],
) -> reviews.ReviewBatch:
    """A review batch of these mistakes, in order (each question once: the first reason
    stands), linked to the table it follows, in one transaction.

    :raises trainer.store.reviews.InvalidReviewError: as :func:`reviews.create_batch` does, or
        for a reason of another kind than :data:`KINDS`.
    """
    kept: dict[tuple[str, str], Reason] = {}
    for attempt, reason in chosen:
        if reason.kind not in KINDS:
            raise reviews.InvalidReviewError(f"a drill round's question is {KINDS}, not {reason}")
        kept.setdefault((attempt.question, attempt.rules), reason)
    with transaction(db):
        batch = reviews.create_batch(
            db, user_id, drill, [attempt for attempt, _ in chosen], purpose="practice"
        )
        reasons = list(kept.values())  # create_batch keeps the first of each, in order
        db.execute(
            "INSERT INTO drill_rounds (batch_id, table_id, reasons) VALUES (?, ?, ?)",
            [batch.id, table_id, json.dumps([[r.kind, r.at] for r in reasons])],
        )
    return batch


def round_of(db: sqlite_utils.Database, batch: reviews.ReviewBatch) -> DrillRound | None:
    """The drill round that ``batch`` is (None: an ordinary review batch)."""
    row = first_row(db, "SELECT table_id, reasons FROM drill_rounds WHERE batch_id = ?", [batch.id])
    if row is None:
        return None
    reasons = tuple(Reason(str(kind), str(at)) for kind, at in json.loads(row["reasons"]))
    return DrillRound(batch.id, str(row["table_id"]), reasons)
