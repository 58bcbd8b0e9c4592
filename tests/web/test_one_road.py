"""One road, one of each mechanism: a question's view holds data, never something a template
would call (the penetration page's template used to deal shoes while rendering), and the quiz
keeps its charts where the app's configuration says, as /strategy does."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from drills import DRILLS, AsksOnItsPage, Drill, LearnerState, Question
from tests.conftest import app_config
from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import cache as strategy_cache

# The indices and edge by count these pages grade by, and the charts and banker games some
# drills ask their questions from (002's method-3 game: payout math, the deal auction), worked
# out once per run.
pytestmark = pytest.mark.usefixtures("count_studies", "strategy_charts")


def _values(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [v for item in value.values() for v in _values(item)]
    if isinstance(value, list | tuple):
        return [v for item in value for v in _values(item)]
    return [value]


# A question of each drill asked elsewhere (a session's checkpoint, a table's step), and its
# rules: such a drill asks no question of its own.
ASKED_ELSEWHERE = {
    "running-count": ("rc hi-lo 1d: 5H KD 2C", "single-deck"),
    "deck-countdown": ("rc hi-lo 1d: 5H KD 2C", "single-deck"),
    "shoe-count": ("tc hi-lo floor half 6d: 5H KD", "vegas-6d-s17"),
    "table-play": ("TS 3H 3C v TD", "vegas-6d-s17"),
    "table-dealing": (
        "draw TS 6H against 9C JD stake 5; unseen 24 24 24 24 24 23 24 24 23 94",
        "vegas-6d-s17",
    ),
    "punter-stake": ("stake KS 6C bankroll 1000 risk 0.05", "russian-bank"),
    "back-count": (
        "enter out bankroll 2000 risk 0.05 hi-lo floor half rc +7 played 130",
        "vegas-6d-s17",
    ),
}


def _questions(drill: Drill) -> list[Question]:
    if not isinstance(drill, AsksOnItsPage):
        notation, preset = ASKED_ELSEWHERE[drill.slug]
        return [drill.question(notation, find_preset(preset))]
    rules = find_preset("single-deck")
    return [drill.new_question(random.Random(seed), rules, LearnerState()) for seed in range(5)]


@pytest.mark.parametrize("drill", DRILLS, ids=lambda drill: drill.slug)
def test_a_questions_view_holds_no_callable(drill: Drill) -> None:
    for question in _questions(drill):
        assert not [v for v in _values(dict(question.view)) if callable(v)], question.notation


def test_the_quiz_keeps_its_charts_in_the_configured_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer import create_app

    monkeypatch.setattr(strategy_cache.CACHE, "_memory", {})
    directory = tmp_path / "configured-strategy-cache"
    client = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(directory))).test_client()
    client.get("/")  # a browser the server knows: the new chart is a job it may start
    response = client.get("/drills/basic-strategy?rules=russian-bank&mix=cells&wait=1")
    assert response.status_code == 200
    assert len(list(directory.glob("*.json"))) == 1


def test_only_the_drill_road_grades_or_stores_an_answer() -> None:
    """Every answer (counting-session checkpoints included) is graded and stored by the drill
    road alone: trainer/web/views/drills.py, and for a session's checkpoints its other half,
    trainer/web/session_answers.py; no other web module grades one or writes an attempt.
    (A checkout's answers are not attempts: drills.checkouts.plan grades them and
    views/checkouts.py stores them apart from practice, in the checkout tables.)"""
    web = Path(__file__).resolve().parents[2] / "trainer" / "web"
    graders = re.compile(r"\.grade\(|record_attempt\(|drill_road\.record\(|\.answered\(notation")
    found = {
        path.relative_to(web).as_posix()
        for path in web.rglob("*.py")
        if graders.search(path.read_text(encoding="utf-8"))
    }
    assert found == {"views/drills.py", "session_answers.py"}
