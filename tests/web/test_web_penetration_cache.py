"""The shoe-penetration chart, shown with an answer's feedback and never with the question (it
would give a share question's answer away). While its studies are not cached yet the feedback
shows them being worked out (never dealing them itself, with JavaScript or without) and htmx
fetches the chart from its own page, which has a job deal them; without JavaScript the feedback
links to that page, which reloads itself until the job is done; the studies stay in the app's
cache directory across a restart."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from drills.counting.penetration_study import clear_memory, penetrations_for
from tests.conftest import app_config, sealed
from trainer.engine.rulebook.rules import find_preset

CHART = '<svg class="penetration-chart"'
# The chart's progress says so in a status (the page's verdict region is another status).
STUDYING = '<p role="status">Dealing'
PENS = len(penetrations_for(find_preset("single-deck")))
OWN_PAGE = "/counting/penetration-chart?preset=single-deck&system=hi-lo"


@pytest.fixture(autouse=True)
def fresh_memory() -> Any:
    clear_memory()
    yield
    clear_memory()


@pytest.fixture
def app(tmp_path: Path, strategy_charts: None) -> Any:
    """The app with its studies in its own instance folder (the default: no
    ``PENETRATION_CACHE_DIR``), not the run's warm cache: these tests watch them being dealt."""
    from trainer import create_app

    return create_app(app_config(tmp_path, PENETRATION_CACHE_DIR=None))


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


def post_answer(client: Any, hidden_fields: Any, *, asked: str, htmx: bool = True) -> Any:
    """The response to answering the single-deck table's question ``asked`` (its notation
    after the preset)."""
    shown = page(client)
    assert CHART not in shown  # the chart would give the answer away before it is given
    action = re.search(r'<form class="question" method="post"\s+action="([^"]*)"', shown)
    assert action is not None
    data = {**hidden_fields(shown), "question": f"single-deck {asked}", "answer": "1"}
    data = sealed(data, "shoe-penetration")
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        html.unescape(action.group(1)), data=data, headers=headers, follow_redirects=True
    )


def answer(client: Any, hidden_fields: Any, *, htmx: bool, asked: str = "1/2 hi-lo cards") -> str:
    """The feedback on answering the single-deck table's question ``asked`` (its notation after
    the preset): a cards question (its grade deals nothing) unless told otherwise."""
    response = post_answer(client, hidden_fields, asked=asked, htmx=htmx)
    assert response.status_code == 200
    text = str(response.get_data(as_text=True))
    assert "feedback-heading" in text
    return text


def progress_urls(text: str) -> tuple[str, str]:
    """The chart's htmx URL and the plain link's, from the feedback showing it computing."""
    fetch = re.search(r'<div class="penetration-progress" hx-get="([^"]+)"', text)
    link = re.search(r'<a href="([^"]+)">Show the chart when it is ready</a>', text)
    assert fetch is not None and link is not None
    return html.unescape(fetch.group(1)), html.unescape(link.group(1))


def test_the_question_shows_no_chart_and_its_feedback_does(
    app: Any, single_deck: Any, hidden_fields: Any
) -> None:
    asked = page(single_deck)
    assert CHART not in asked and 'id="penetration-chart"' not in asked
    waited = answer(single_deck, hidden_fields, htmx=False, asked="3/4 hi-lo share 2")
    assert CHART in waited
    # The chart follows the feedback, in the panel htmx swaps too, and not the next question.
    drawn = answer(single_deck, hidden_fields, htmx=True)
    assert CHART in drawn and "<html" not in drawn
    assert drawn.index("feedback-heading") < drawn.index(CHART) < drawn.index("question-heading")


def test_an_uncached_chart_is_shown_computing_then_fetched_by_htmx(
    app: Any, single_deck: Any, hidden_fields: Any
) -> None:
    first = answer(single_deck, hidden_fields, htmx=True)
    assert CHART not in first
    assert STUDYING in first and "<progress" in first
    assert not cache_of(app).exists()  # the feedback dealt nothing: it did not wait
    fetch, link = progress_urls(first)
    assert fetch == link == "/counting/penetration-chart?preset=single-deck&system=hi-lo"
    block = page(single_deck, fetch, **{"HX-Request": "true"})
    assert block.lstrip().startswith('<div id="penetration-chart">')
    assert CHART in block and "<html" not in block
    assert len(list(cache_of(app).glob("*.json"))) == PENS
    # The next feedback draws the chart at once.
    assert CHART in answer(single_deck, hidden_fields, htmx=True)


def test_without_javascript_the_feedback_links_to_the_charts_own_page(
    app: Any, single_deck: Any, hidden_fields: Any
) -> None:
    plain = answer(single_deck, hidden_fields, htmx=False)
    assert CHART not in plain and "<html" in plain
    assert not cache_of(app).exists()  # nothing dealt in the request
    fetch, link = progress_urls(plain)
    assert link == OWN_PAGE
    shown = page(single_deck, link)  # its job deals them (at once under TESTING: inline)
    assert "<html" in shown and CHART in shown
    assert len(list(cache_of(app).glob("*.json"))) == PENS
    assert CHART in answer(single_deck, hidden_fields, htmx=False)  # drawn at once now


def test_the_progress_link_waits_for_the_chart_on_a_page_of_its_own(
    app: Any, single_deck: Any
) -> None:
    shown = page(single_deck, "/counting/penetration-chart?preset=single-deck&system=zen")
    assert "<html" in shown and CHART in shown and STUDYING not in shown
    assert "Zen" in shown and "/drills/shoe-penetration" in shown
    assert len(list(cache_of(app).glob("*.json"))) == PENS


def test_a_restart_reads_the_same_chart_from_the_disk(
    app: Any, single_deck: Any, hidden_fields: Any
) -> None:
    page(single_deck, OWN_PAGE)  # dealt by its job
    waited = answer(single_deck, hidden_fields, htmx=False)
    chart = waited[waited.index(CHART) : waited.index("</svg>", waited.index(CHART))]
    clear_memory()  # as a new process would start
    again = answer(single_deck, hidden_fields, htmx=True)
    assert STUDYING not in again
    assert chart in again


def test_the_cache_directory_comes_from_the_config(hidden_fields: Any, tmp_path: Path) -> None:
    from trainer import create_app

    app = create_app(app_config(tmp_path, PENETRATION_CACHE_DIR=str(tmp_path / "elsewhere")))
    client = app.test_client()
    with client.session_transaction() as session:
        session["rules"] = "single-deck"
    assert client.get(OWN_PAGE).status_code == 200  # dealt by its job
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
    app: Any, single_deck: Any, hidden_fields: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import trainer.engine.rulebook.rules

    monkeypatch.setattr(trainer.engine.rulebook.rules, "preset_names", lambda: ("single-deck",))
    runner = app.test_cli_runner()
    result = runner.invoke(args=["warm-penetration"])
    assert result.exit_code == 0, result.output
    assert f"Dealt {PENS} shoe-penetration studies" in result.output
    assert len(list(cache_of(app).glob("*.json"))) == PENS
    clear_memory()
    # KO is unbalanced, charted in Hi-Lo: its studies are the ones there already.
    result = runner.invoke(args=["warm-penetration", "--system", "ko", "--system", "hi-lo"])
    assert result.exit_code == 0 and "Dealt 0 " in result.output
    # The feedback draws the warmed chart at once.
    assert STUDYING not in answer(single_deck, hidden_fields, htmx=True)
    result = runner.invoke(args=["warm-penetration", "--system", "nope"])
    assert result.exit_code == 2
    assert "unknown counting system 'nope'" in result.output


@pytest.mark.parametrize(
    ("first", "other"),
    [("1/2 hi-lo rounds", "2/3 hi-lo rounds"), ("3/4 hi-lo share 2", "3/4 zen share 2")],
)
def test_grading_from_studies_not_dealt_yet_is_limited_per_learner(
    app: Any, single_deck: Any, hidden_fields: Any, db: Any, first: str, other: str
) -> None:
    app.config["EXPENSIVE_WORK_PER_WINDOW"] = 1
    assert "feedback-heading" in answer(single_deck, hidden_fields, htmx=True, asked=first)
    stored = db.execute("SELECT count(*) FROM attempts").fetchone()[0]
    refused = post_answer(single_deck, hidden_fields, asked=other)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0
    assert "Try again in" in refused.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM attempts").fetchone()[0] == stored  # nothing kept
    # What is dealt is kept: the first question's studies cost nothing more.
    assert "feedback-heading" in answer(single_deck, hidden_fields, htmx=True, asked=first)


def test_the_charts_page_is_limited_per_learner_and_the_feedback_never_deals(
    app: Any, single_deck: Any, hidden_fields: Any
) -> None:
    app.config["EXPENSIVE_WORK_PER_WINDOW"] = 1
    assert CHART in page(single_deck, OWN_PAGE)  # dealt by its job: the one allowed
    refused = single_deck.get(OWN_PAGE.replace("hi-lo", "zen"))
    assert refused.status_code == 429
    # The feedback deals nothing, with JavaScript or without: answered, the chart shown being
    # worked out.
    for htmx in (True, False):
        shown = answer(single_deck, hidden_fields, htmx=htmx, asked="1/2 zen cards")
        assert STUDYING in shown and CHART not in shown


def test_the_chart_is_labelled_in_the_learners_language(single_deck: Any) -> None:
    """The chart's axis (its percentages), its groups of counts and the summary a screen reader
    reads are said through the catalogue: in Russian, «+2 и выше» and «20 %», no English left."""
    english = page(single_deck, OWN_PAGE)  # its job deals them (at once under TESTING: inline)
    russian = page(single_deck, OWN_PAGE, **{"Accept-Language": "ru"})
    chart = russian[russian.index(CHART) : russian.index("</svg>", russian.index(CHART))]
    assert ">+2 or more<" in english and ">20%<" in english
    assert ">+2 и выше<" in chart and ">20\u00a0%<" in chart, chart
    assert "or more" not in chart and "Share of rounds" not in chart
    assert 'aria-label="Доля раундов' in chart
