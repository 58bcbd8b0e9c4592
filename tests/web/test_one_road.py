"""One road, one of each mechanism: a question's view holds data, never something a template
would call (the penetration page's template used to deal shoes while rendering), and the quiz
keeps its charts where the app's configuration says, as /strategy does."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from drills import DRILLS, Drill, LearnerState
from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import cache as strategy_cache


def _values(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [v for item in value.values() for v in _values(item)]
    if isinstance(value, list | tuple):
        return [v for item in value for v in _values(item)]
    return [value]


@pytest.mark.parametrize("drill", DRILLS, ids=lambda drill: drill.slug)
def test_a_questions_view_holds_no_callable(drill: Drill) -> None:
    rules = find_preset("single-deck")
    for seed in range(5):
        question = drill.new_question(random.Random(seed), rules, LearnerState())
        assert not [v for v in _values(dict(question.view)) if callable(v)], question.notation


def test_the_quiz_keeps_its_charts_in_the_configured_directory(
    app: Any, client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(strategy_cache.CACHE, "_memory", {})
    directory = tmp_path / "configured-strategy-cache"
    app.config["STRATEGY_CACHE_DIR"] = str(directory)
    response = client.get("/drills/basic-strategy?rules=russian-bank&mix=cells&wait=1")
    assert response.status_code == 200
    assert len(list(directory.glob("*.json"))) == 1


def test_only_the_drill_road_grades_or_stores_an_answer() -> None:
    """Every answer (counting-session checkpoints included) is graded and stored by
    trainer/web/drills.py alone: no other web module grades one or writes an attempt."""
    web = Path(__file__).resolve().parents[2] / "trainer" / "web"
    graders = re.compile(r"\.grade\(|record_attempt\(|drill_road\.record\(|\.answered\(notation")
    found = {
        path.name for path in web.glob("*.py") if graders.search(path.read_text(encoding="utf-8"))
    }
    assert found == {"drills.py"}
