"""A learner's session of tables: the shoes whose bets a casino would read together."""

from __future__ import annotations

from typing import Any

from trainer.store import tables, users


def test_a_session_is_the_same_rules_started_within_three_hours(db: Any) -> None:
    """Going back from a table: the learner's own tables at its rules, while each started
    within three hours of the next, oldest first; another learner's, or other rules, never."""
    dora = users.create_user(db, "dora", "a good long password").id
    eve = users.create_user(db, "eve", "another long password").id

    def table(user: int, rules: str, at: str) -> tables.StoredTable:
        made = tables.create_table(db, user_id=user, rules=rules, setup={}, seed=1)
        db.execute("UPDATE table_sessions SET created_at = ? WHERE id = ?", [at, made.id])
        return tables.StoredTable(made.id, user, rules, {}, 1, at)

    old = table(dora, "single-deck", "2026-05-01T08:00:00.000Z")  # 4 hours before the next
    first = table(dora, "single-deck", "2026-05-01T12:00:00.000Z")
    table(dora, "vegas-6d-s17", "2026-05-01T13:00:00.000Z")  # other rules
    table(eve, "single-deck", "2026-05-01T13:30:00.000Z")  # another learner's
    second = table(dora, "single-deck", "2026-05-01T14:30:00.000Z")
    now = table(dora, "single-deck", "2026-05-01T17:00:00.000Z")
    assert [t.id for t in tables.session_before(db, now)] == [first.id, second.id]
    assert tables.session_before(db, first) == []
    # Started in the same millisecond: the one stored first comes before, never after.
    twin = table(dora, "single-deck", "2026-05-01T17:00:00.000Z")
    assert [t.id for t in tables.session_before(db, twin)] == [first.id, second.id, now.id]
    assert [t.id for t in tables.session_before(db, now)] == [first.id, second.id]
    assert [t.id for t in tables.session_before(db, old)] == []
