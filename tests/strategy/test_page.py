"""The strategy page: a cached chart at once, progress otherwise, any option, one cell's EVs."""

from __future__ import annotations

import pytest

from trainer.engine.rules import find_preset
from trainer.engine.strategy import cache


@pytest.fixture
def strategy_app(app, tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "_memory", {})
    app.config["STRATEGY_CACHE_DIR"] = str(tmp_path / "strategy-cache")
    return app


def test_an_uncomputed_chart_shows_progress_then_the_block(strategy_app):
    client = strategy_app.test_client()
    page = client.get("/strategy?preset=russian-bank")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Working out the chart" in text and "<progress" in text
    assert 'hx-get="/strategy/chart?preset=russian-bank"' in text
    block = client.get("/strategy/chart?preset=russian-bank", headers={"HX-Request": "true"})
    body = block.get_data(as_text=True)
    assert block.status_code == 200
    assert "<html" not in body and "House edge playing this chart" in body
    assert "Following it costs" in body  # the text's advice, priced
    # Now cached: the whole page shows the chart at once.
    again = client.get("/strategy?preset=russian-bank").get_data(as_text=True)
    assert "House edge playing this chart" in again and "Working out" not in again


def test_options_change_the_chart_and_a_cell_shows_its_evs(strategy_app):
    client = strategy_app.test_client()
    url = "/strategy?preset=russian-bank&max_draws=none&wait=1&cell=hard.16.10"
    page = client.get(url)
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Hard 16 against 10" in text
    assert "Stand (S)" in text and "Hit (H)" in text
    assert (
        cache.cached(
            find_preset("russian-bank").replace(max_draws="none"),
            cache_dir=strategy_app.config["STRATEGY_CACHE_DIR"],
        )
        is not None
    )


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ("preset=nope", 400, "unknown preset"),
        ("preset=russian-bank&decks=99", 400, "decks"),
        ("preset=russian-bank&wait=1&cell=hard.99.10", 404, "no cell"),
        ("preset=russian-bank&wait=1&cell=oops", 400, "not a chart cell"),
    ],
)
def test_bad_input_is_a_readable_error(strategy_app, query, status, message):
    response = strategy_app.test_client().get(f"/strategy?{query}")
    assert response.status_code == status
    assert message in response.get_data(as_text=True)
