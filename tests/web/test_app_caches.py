"""Each app keeps its own caches: made once from its configuration, passed to what reads them.
Two apps in one process, with different folders, each work out and keep their strategy charts
and shoe-penetration studies in their own folders, asked alternately, and nothing goes to the
other's folders or to the engine's default ones (the environment's)."""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from drills.counting import penetration_study
from tests.conftest import app_config, sealed
from trainer.engine.rulebook.rules import Rules, find_preset
from trainer.engine.strategy import cache as strategy_cache
from trainer.engine.strategy.dealer import full_shoe

QUIZ = "/drills/basic-strategy"
RULES = "vegas-6d-s17"
_BUTTON = re.compile(r'<button type="submit" name="answer" value="([A-Z])"(?![^>]*disabled)')
_ACTION = re.compile(r'<form class="question" method="post"\s+action="([^"]*)"')
ROUNDS = "single-deck 1/2 hi-lo rounds"  # its grade reads one study


class Worked:
    """The charts and studies worked out while a test runs, each time one is."""

    def __init__(self) -> None:
        self.charts: list[Rules] = []
        self.studies: list[str] = []


@pytest.fixture
def worked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, strategy_charts: None
) -> Iterator[Worked]:
    """Nothing in memory; the engine's default folders empty ones of this test; each chart
    worked out counted (the preset's own taken from the run's cache: the same chart, at once)
    and each study dealt counted."""
    preset = find_preset(RULES)
    known = strategy_cache.chart(preset)  # from the run's warm cache
    found = Worked()
    compute = strategy_cache.compute_chart
    deal = penetration_study.deal_shoes

    def compute_chart(rules: Rules, shoe: tuple[int, ...], **options: Any) -> Any:
        found.charts.append(rules)
        plain = shoe == full_shoe(rules.decks) and not options.get("stand_on")
        return known if rules == preset and plain else compute(rules, shoe, **options)

    def deal_shoes(rules: Rules, system: Any, seed: str) -> Any:
        found.studies.append(seed)
        return deal(rules, system, seed)

    monkeypatch.setattr(strategy_cache, "compute_chart", compute_chart)
    monkeypatch.setattr(penetration_study, "deal_shoes", deal_shoes)
    monkeypatch.setattr(strategy_cache.CACHE, "_memory", {})
    penetration_study.clear_memory()
    monkeypatch.setenv("TRAINER_CACHE_DIR", str(tmp_path / "env-charts"))
    monkeypatch.setenv("TRAINER_PENETRATION_CACHE_DIR", str(tmp_path / "env-studies"))
    yield found
    penetration_study.clear_memory()


def make_app(tmp_path: Path, name: str) -> Any:
    from trainer import create_app

    folder = tmp_path / name
    folder.mkdir()
    return create_app(
        app_config(
            folder,
            STRATEGY_CACHE_DIR=str(folder / "charts"),
            PENETRATION_CACHE_DIR=str(folder / "studies"),
        )
    )


def answer_the_quiz(client: Any, hidden_fields: Any) -> None:
    """Ask the quiz under the rules, waiting for their chart, and answer its question."""
    page = client.get(f"{QUIZ}?rules={RULES}&mix=cells&wait=1")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    form = {**hidden_fields(text), "answer": _BUTTON.findall(text)[0]}
    response = client.post(f"{QUIZ}/answer", data=form, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "feedback-heading" in response.get_data(as_text=True)


def open_the_strategy_page(client: Any) -> None:
    text = client.get(f"/strategy?rules={RULES}").get_data(as_text=True)
    assert "House edge playing this chart" in text  # the chart at once: it is cached


def answer_a_rounds_question(client: Any, hidden_fields: Any) -> None:
    """Answer the single-deck table's rounds question (its grade reads, or deals, one study)."""
    with client.session_transaction() as session:
        session["rules"] = "single-deck"
    shown = client.get("/drills/shoe-penetration", follow_redirects=True).get_data(as_text=True)
    action = _ACTION.search(shown)
    assert action is not None
    data = sealed({**hidden_fields(shown), "question": ROUNDS, "answer": "30"}, "shoe-penetration")
    response = client.post(
        html.unescape(action.group(1)), data=data, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and "feedback-heading" in response.get_data(as_text=True)


def files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.glob("*.json")) if folder.exists() else []


def test_two_apps_in_one_process_keep_their_own_charts_and_studies(
    tmp_path: Path, worked: Worked, hidden_fields: Any
) -> None:
    first, second = make_app(tmp_path, "first"), make_app(tmp_path, "second")
    clients = first.test_client(), second.test_client()
    for client in clients:
        client.get("/")  # the session cookie: a visitor without it starts no job
        answer_the_quiz(client, hidden_fields)
    for client in clients:
        open_the_strategy_page(client)
        answer_the_quiz(client, hidden_fields)
    for client in (*clients, *clients):
        answer_a_rounds_question(client, hidden_fields)

    preset = find_preset(RULES)
    chart = f"{strategy_cache.cache_key(preset, full_shoe(preset.decks))}.json"
    study = f"{penetration_study.cache_key('single-deck', Fraction(1, 2), 'hi-lo')}.json"
    for name in ("first", "second"):
        assert chart in files(tmp_path / name / "charts")
        assert files(tmp_path / name / "studies") == [study]
    # Each app worked its chart and its study out once, for itself: the other's in memory
    # was not taken for its own.
    assert worked.charts.count(preset) == 2
    assert len(worked.studies) == 2
    assert files(tmp_path / "env-charts") == [] and files(tmp_path / "env-studies") == []


def test_catch_the_dealer_and_the_face_down_quiz_ask_with_the_apps_caches(
    app: Any, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every question and grade the web asks of a drill carries the app's caches: a drill that
    reads a chart or a count study from them would otherwise look in the engine's default
    folder, and on a server whose STRATEGY_CACHE_DIR is elsewhere work it out or wait for a
    job (the placement check did, issue 26). Catch the dealer's run page asked its rounds
    without them; the quiz's face-down questions were asked and graded without them."""
    from drills import strategy_quiz
    from drills.dealing import catch
    from trainer.web.caches import app_caches

    given: list[Any] = []
    drills = (catch.DRILL, strategy_quiz.DRILL)
    for drill in drills:
        for name in ("question", "grade"):
            method = getattr(type(drill), name)

            def spy(self: Any, *args: Any, _method: Any = method, **kwargs: Any) -> Any:
                given.append(kwargs.get("caches"))
                return _method(self, *args, **kwargs)

            monkeypatch.setattr(type(drill), name, spy)
    query = {"rules": "vegas-6d-s17", "rate": "50", "speed": "60", "rounds": "3", "seed": "7"}
    assert client.get("/dealing/catch/run", query_string=query).status_code == 200
    face_down = find_preset("russian-bank")
    strategy_quiz.DRILL.answered("TS 6H v ?", "H", face_down, caches=app_caches(app))
    assert len(given) >= 3 and all(caches == app_caches(app) for caches in given)


def test_a_server_with_its_own_cache_folder_deals_catch_the_dealer_without_working_out(
    tmp_path: Path, worked: Worked
) -> None:
    """A server whose STRATEGY_CACHE_DIR holds the charts (the run's), the engine's default
    folder an empty one: a run of Catch the dealer is dealt and called with no chart worked
    out and no waiting page."""
    from trainer import create_app

    held = Path(os.environ["TRAINER_TEST_CACHES"]) / "strategy-cache"
    app = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(held)))
    client = app.test_client()
    query = {"rules": RULES, "rate": "100", "speed": "60", "rounds": "2", "seed": "11"}
    page = client.get("/dealing/catch/run", query_string=query)
    assert page.status_code == 200 and "Round 1 of 2" in page.get_data(as_text=True)
    form = dict(re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)"', page.text))
    form = {name: html.unescape(value) for name, value in form.items()}
    called = client.post("/dealing/catch/run", data={**form, "call": "foul"}, follow_redirects=True)
    assert called.status_code == 200 and "Round 2 of 2" in called.get_data(as_text=True)
    assert worked.charts == [] and worked.studies == []
