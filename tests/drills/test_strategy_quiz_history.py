"""The quiz's history read from store tallies is what reading the newest attempts one by one
gives: how many were under the chosen rules, the newest of them, per-cell accuracy."""

from __future__ import annotations

import random
from typing import Any

import pytest

from drills.strategy_cells import cell_tally, cells_for, hand_for
from drills.strategy_quiz import DRILL
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.store import attempts, users
from trainer.web.views import strategy_quiz as pages

PRESET = "vegas-6d-s17"
# Stored rules: notation, rows from before the notation (a preset name and JSON options, text
# or JSON values), a preset that is gone.
STORED_RULES: list[tuple[str, str | None]] = [
    (PRESET, None),
    (f"{PRESET} decks=2", None),
    (PRESET, '{"decks": "2"}'),
    (PRESET, '{"decks": 2}'),
    ("bogus-preset", None),
    (PRESET, '{"surrender": "late"}'),
]


def fill(db: Any, user_id: int, rng: random.Random, count: int) -> None:
    rules = find_preset(PRESET)
    cells = cells_for(rules)
    for n in range(count):
        name, options = rng.choice(STORED_RULES)
        notation = str(hand_for(rng.choice(cells), rng))
        if n % 7 == 3:
            notation = str(hand_for(rng.choice(cells), rng)).rsplit(" ", 1)[0] + " AS insurance"
        db.execute(
            "INSERT INTO attempts (user_id, drill, question, rules, rules_options, answer,"
            " right_answer, correct, token, created_at)"
            " VALUES (?, ?, ?, ?, ?, 'H', 'S', ?, ?, '2026-01-01T00:00:00')",
            [user_id, DRILL.slug, notation, name, options, rng.random() < 0.6, f"history-{n:04d}"],
        )


def stored_under(db: Any, user_id: int, rules: str) -> int:
    found = db.execute(
        "SELECT count(*) FROM attempts WHERE user_id = ? AND drill = ? AND rules = ?",
        [user_id, DRILL.slug, rules],
    ).fetchone()
    return int(found[0])


@pytest.mark.parametrize("options", [{}, {"decks": "2"}, {"surrender": "late"}])
def test_history_matches_the_attempts_read_one_by_one(
    app: Any, db: Any, rng: random.Random, monkeypatch: Any, options: dict[str, str]
) -> None:
    monkeypatch.setattr(pages, "_RECENT", 40)
    learner = users.create_guest(db)
    users.create_guest(db)  # another learner, never counted
    fill(db, learner.id, rng, 60)
    settings = pages.Settings(rules=find_preset(PRESET).replace(**options), mix="weakest")
    wanted = settings.rules

    def same(attempt: attempts.Attempt) -> bool:
        try:
            return Rules.parse(attempt.rules) == wanted
        except ValueError:  # the preset that is gone
            return False

    window = attempts.list_attempts(db, learner.id, drill=DRILL.slug, limit=40)
    kept = [a for a in window if same(a)]
    assert 0 < len(kept) < 40
    with app.test_request_context():
        past = pages.history(learner, settings, by_cell=True)
        plain = pages.history(learner, settings)
    # The answers stored under these rules' notation, as the page's figures count them (a row
    # from before the notation counts under its preset, its options apart).
    stored = stored_under(db, learner.id, wanted.notation())
    assert past.answers == plain.answers == stored and 0 < stored < 60
    assert past.last_question == plain.last_question == kept[0].question
    assert past.tally == cell_tally(kept, wanted)
    assert plain.tally == {}


@pytest.mark.parametrize("newest_rules", [PRESET, f"{PRESET} decks=2"])
def test_the_newest_question_under_the_rules_whichever_rules_the_newest_answer_had(
    app: Any, db: Any, rng: random.Random, newest_rules: str
) -> None:
    learner = users.create_guest(db)
    fill(db, learner.id, rng, 30)
    db.execute(
        "INSERT INTO attempts (user_id, drill, question, rules, answer, right_answer, correct,"
        " token, created_at) VALUES (?, ?, 'TH 6S v 7C', ?, 'H', 'H', 1, 'newest-one',"
        " '2026-01-02T00:00:00')",
        [learner.id, DRILL.slug, newest_rules],
    )
    settings = pages.Settings(rules=find_preset(PRESET), mix="cells")
    under = []
    for attempt in attempts.list_attempts(db, learner.id, drill=DRILL.slug):
        try:
            if Rules.parse(attempt.rules) == settings.rules:
                under.append(attempt)
        except ValueError:  # the preset that is gone
            pass
    with app.test_request_context():
        plain = pages.history(learner, settings)
    assert plain.answers == stored_under(db, learner.id, PRESET)
    assert plain.answers >= 1 + (newest_rules == PRESET)
    assert plain.last_question == under[0].question
    assert (plain.last_question == "TH 6S v 7C") == (newest_rules == PRESET)


def test_no_learner_has_no_history(app: Any) -> None:
    with app.test_request_context():
        past = pages.history(None, pages.Settings(rules=find_preset(PRESET)), by_cell=True)
    assert past == pages.History(answers=0, last_question=None, tally={})
