"""The shoe-penetration page while its studies are not cached yet: it shows them being worked
out (never dealing them itself), htmx fetches the chart, a plain link waits for it without
JavaScript, and the studies stay in the app's cache directory across a restart."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from drills.counting.penetration_study import clear_memory, penetrations_for
from trainer.engine.rules import find_preset

CHART = '<svg class="penetration-chart"'
PENS = len(penetrations_for(find_preset("single-deck")))


@pytest.fixture(autouse=True)
def fresh_memory() -> Any:
    clear_memory()
    yield
    clear_memory()


@pytest.fixture
def single_deck(client: Any) -> Any:
    """The client at the single-deck table (its studies are the quickest)."""
    with client.session_transaction() as session:
        session["rules"] = "single-deck"
    return client


def cache_of(app: Any) -> Path:
    return Path(app.instance_path) / "penetration-cache"


def page(client: Any, url: str = "/drills/shoe-penetration", **headers: str) -> str:
    response = client.get(url, follow_redirects=True, headers=headers)
    assert response.status_code == 200
    return str(response.get_data(as_text=True))


def progress_urls(text: str) -> tuple[str, str]:
    """The chart's htmx URL and the plain link's, from the page showing it computing."""
    fetch = re.search(r'<div class="penetration-progress" hx-get="([^"]+)"', text)
    link = re.search(r'<a href="([^"]+)">Show the chart when it is ready</a>', text)
    assert fetch is not None and link is not None
    return html.unescape(fetch.group(1)), html.unescape(link.group(1))


def test_an_uncached_chart_is_shown_computing_then_fetched_by_htmx(
    app: Any, single_deck: Any
) -> None:
    first = page(single_deck)
    assert CHART not in first
    assert 'role="status"' in first and "<progress" in first
    assert not cache_of(app).exists()  # the page dealt nothing: it did not wait
    fetch, _ = progress_urls(first)
    assert fetch == "/counting/penetration-chart?preset=single-deck&system=hi-lo"
    block = page(single_deck, fetch, **{"HX-Request": "true"})
    assert block.lstrip().startswith('<div id="penetration-chart">')
    assert CHART in block and "<html" not in block
    assert len(list(cache_of(app).glob("*.json"))) == PENS
    # The next page draws the chart at once.
    assert CHART in page(single_deck)


def test_without_javascript_the_link_waits_for_the_chart(app: Any, single_deck: Any) -> None:
    _, link = progress_urls(page(single_deck))
    assert "wait=1" in link and "system=hi-lo" in link
    waited = page(single_deck, link)
    assert CHART in waited and 'role="status"' not in waited
    assert len(list(cache_of(app).glob("*.json"))) == PENS
    # The chart's own URL, asked for without htmx, is the drill's page waiting for it.
    response = single_deck.get("/counting/penetration-chart?preset=single-deck&system=zen")
    assert response.status_code == 303
    assert "/drills/shoe-penetration?wait=1" in response.headers["Location"]


def test_a_restart_reads_the_same_chart_from_the_disk(app: Any, single_deck: Any) -> None:
    waited = page(single_deck, "/drills/shoe-penetration?wait=1")
    chart = waited[waited.index(CHART) : waited.index("</svg>", waited.index(CHART))]
    clear_memory()  # as a new process would start
    again = page(single_deck)
    assert 'role="status"' not in again
    assert chart in again


def test_the_cache_directory_comes_from_the_config(app: Any, single_deck: Any, tmp_path: Path):
    app.config["PENETRATION_CACHE_DIR"] = str(tmp_path / "elsewhere")
    page(single_deck, "/drills/shoe-penetration?wait=1")
    assert len(list((tmp_path / "elsewhere").glob("*.json"))) == PENS
    assert not cache_of(app).exists()


@pytest.mark.parametrize(
    "query", ["preset=nope&system=hi-lo", "preset=single-deck&system=nope", "preset=&system="]
)
def test_a_chart_of_nothing_is_refused(client: Any, query: str) -> None:
    response = client.get(f"/counting/penetration-chart?{query}", headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert "no penetration chart" in response.get_data(as_text=True)


def test_the_warm_command_fills_the_cache_once(
    app: Any, single_deck: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import trainer.engine.rules

    monkeypatch.setattr(trainer.engine.rules, "preset_names", lambda: ("single-deck",))
    runner = app.test_cli_runner()
    result = runner.invoke(args=["warm-penetration"])
    assert result.exit_code == 0, result.output
    assert f"Dealt {PENS} shoe-penetration studies" in result.output
    assert len(list(cache_of(app).glob("*.json"))) == PENS
    clear_memory()
    # KO is unbalanced, charted in Hi-Lo: its studies are the ones there already.
    result = runner.invoke(args=["warm-penetration", "--system", "ko", "--system", "hi-lo"])
    assert result.exit_code == 0 and "Dealt 0 " in result.output
    assert 'role="status"' not in page(single_deck)  # the page draws the warmed chart at once
    result = runner.invoke(args=["warm-penetration", "--system", "nope"])
    assert result.exit_code == 2
    assert "unknown counting system 'nope'" in result.output
