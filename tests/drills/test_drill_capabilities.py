"""A drill is a small core plus capabilities: which drill has which, read by ``isinstance``, and
the chart read from its own module rather than from the quiz."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from drills import (
    DRILLS,
    AskedAtTable,
    AskedInSessions,
    AsksOnItsPage,
    CostlyFeedback,
    FollowsPreferences,
    NamesItsRules,
    rules_for,
)
from trainer.engine.rulebook.rules import find_preset

ROOT = Path(__file__).resolve().parents[2]
TABLE_ONLY = {"table-play", "table-dealing", "punter-stake", "back-count"}
SESSIONS = {"running-count", "deck-countdown", "shoe-count"}


def test_every_drill_is_asked_on_its_page_in_a_session_or_at_the_table_alone() -> None:
    for drill in DRILLS:
        where = [
            isinstance(drill, AsksOnItsPage),
            isinstance(drill, AskedInSessions),
            isinstance(drill, AskedAtTable),
        ]
        assert where.count(True) == 1, drill.slug
    assert {d.slug for d in DRILLS if isinstance(d, AskedAtTable)} == TABLE_ONLY
    assert {d.slug for d in DRILLS if isinstance(d, AskedInSessions)} == SESSIONS


def test_the_other_capabilities_are_had_by_the_drills_that_use_them() -> None:
    follows = {d.slug for d in DRILLS if isinstance(d, FollowsPreferences)}
    assert follows == {
        "bet-sizing",
        "deviations",
        "true-count",
        "ace-side-count",
        "deck-estimation",
        "shoe-penetration",
    }
    assert {d.slug for d in DRILLS if isinstance(d, CostlyFeedback)} == {"shoe-penetration"}
    assert "payout-math" in {d.slug for d in DRILLS if isinstance(d, NamesItsRules)}


def test_a_drill_without_rules_of_its_own_plays_the_pages() -> None:
    rules = find_preset("vegas-6d-s17")
    for drill in DRILLS:
        if not isinstance(drill, NamesItsRules):
            assert rules_for(drill, "anything", rules) is rules


@pytest.mark.parametrize(
    "path",
    [
        "drills/table_play.py",
        "drills/deviations.py",
        "trainer/web/views/table.py",
        "trainer/web/views/strategy.py",
    ],  # fmt: skip
)
def test_the_table_the_deviations_and_the_strategy_page_do_not_import_the_quiz(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text())
    imported = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    } | {
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert not {name for name in imported if name and name.endswith("strategy_quiz")}
