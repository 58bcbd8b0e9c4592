"""The counting page: the index chart, the edge plot with its table, and the ramp, for any
rules and system; every field bounded and checked first (a 400 beside the field, nothing
computed, cached or stored)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")


def test_the_page_shows_the_index_chart_the_edge_plot_and_the_ramp(client: Any) -> None:
    response = client.get("/indices?rules=vegas-6d-s17&system=hi-lo&count=3&bankroll=10000")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert "The indices: " in text and 'class="strategy-grid index-grid"' in text
    # Insurance at +3 (published +3), in words; the cells carry their plays in words too.
    assert "Insurance: <strong>take insurance at or above +3</strong>" in text
    assert 'aria-label="Pair 10-10 against 6: basic stand; split at or above +' in text
    assert "in-force" in text and "At a true count of +3:" in text
    assert '<svg class="edge-chart"' in text and '<desc id="edge-chart-desc">' in text
    # A key names each line the plot draws, by the plot's own classes (a walk found two lines
    # and no word of which is which).
    import re

    key = text.split('<ul class="edge-legend"', 1)[1].split("</ul>")[0]
    lines = set(re.findall(r'<polyline class="edge-line (\w+)"', text))
    assert lines == {"basic", "indices"} and all(f'<li class="{n}">' in key for n in lines)
    assert "Basic strategy" in key and "With the indices" in key
    assert text.count('<tr><th scope="row">') >= 21  # the edge table, a row per count
    assert "Your bet ramp" in text and "per 100 rounds" in text
    assert "This ramp wins " in text and "does not beat the game" not in text  # (BetRamp.loses)


@pytest.mark.parametrize(
    ("bankroll", "expected"), [("2000", True), ("10000", True), ("1000000", False)]
)
def test_a_ramp_riskier_than_chosen_says_why_behind_a_summary(
    client: Any, bankroll: str, expected: bool
) -> None:
    """A walk read the ramp's own risk of ruin ("6.3%") beside the 5% it was asked for, with no
    word of why: where the ramp's risk is above the one chosen, a folded "why" says it; where it
    is not (a bankroll of many table minimums), nothing does."""
    import html
    import re

    from drills.bet_sizing import read_bankroll
    from drills.count_study import study_for
    from trainer.engine.counting import SYSTEMS
    from trainer.engine.indices import bet_ramp
    from trainer.engine.rulebook.rules import Rules
    from trainer.web.caches import app_caches

    text = client.get(f"/indices?rules=vegas-6d-s17&system=hi-lo&bankroll={bankroll}&risk=0.05")
    assert text.status_code == 200
    said = re.sub(r"<[^>]+>", "", html.unescape(text.get_data(as_text=True)))
    rules = Rules.parse("vegas-6d-s17")
    edge = study_for(rules, SYSTEMS["hi-lo"], caches=app_caches(client.application)).edge
    ramp = bet_ramp(edge, read_bankroll(bankroll, rules), 0.05)
    riskier = ramp.risk_of_ruin > 0.05 * 1.1 and not ramp.loses
    assert riskier is expected, ramp.risk_of_ruin  # (21% and 6.3% at 400 and 2,000 minimums)
    assert ("Why is its risk above the 5% you chose?" in said) is riskier, ramp.risk_of_ruin
    assert ("That is above the 5% it was sized for" in said) is riskier


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_letter_in_the_index_cells_is_in_the_key(client: Any, language: str) -> None:
    """A walk met «Д» in an index cell with no key to read it by: each letter the cells show is
    named beside it, in the page's language, and no other."""
    import html
    import re

    response = client.get(
        "/indices?rules=vegas-6d-s17&system=hi-lo", headers={"Accept-Language": language}
    )
    text = html.unescape(response.get_data(as_text=True))
    cells = re.findall(r'<td class="idx-[^"]*"[^>]*>(.*?)</td>', text)
    shown = {m for cell in cells for m in re.findall(r"<span>(\S+) [≥<]", cell)}
    key = re.search(r'<ul class="strategy-legend index-letters"[^>]*>(.*?)</ul>', text, re.S)
    assert key is not None, "no key to the cells' letters"
    named = dict(re.findall(r"<li><b>(\S+)</b> ([^<]+)</li>", key.group(1)))
    assert set(named) == shown and len(shown) >= 4, (named, shown)
    words = {
        "en": {"double", "stand", "hit", "split"},
        "ru": {"удваивать", "стоять", "прикупать", "разделять"},
    }
    assert words[language] <= set(named.values()), named


def test_the_rules_form_goes_to_the_pages_own_address(client: Any) -> None:
    response = client.get("/indices?rules=vegas-6d-s17&preset=twenty-one-club&system=hi-lo")
    assert response.status_code == 303
    assert response.headers["Location"].startswith("/indices?rules=twenty-one-club&system=hi-lo")


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("system=nope", "system", "no counting system"),
        ("count=31", "count", "-30 to +30"),
        ("count=abc", "count", "-30 to +30"),
        ("count=%D9%A3", "count", "-30 to +30"),  # an Arabic-Indic 3: digits are 0-9
        ("bankroll=%D9%A1%D9%A0%D9%A0%D9%A0%D9%A0", "bankroll", "whole amount"),
        ("risk=0.%D9%A0%D9%A5", "risk", "above 0 and below 1"),
        ("bankroll=2", "bankroll", "table minimum"),
        ("risk=0", "risk", "above 0 and below 1"),
        ("risk=1", "risk", "above 0 and below 1"),
        ("rule-decks=99", "rules", "cannot be played"),
        ("rules=vegas-6d-s17+nonsense%3D1", "rules", "cannot be played"),
    ],
)
def test_a_bad_field_is_a_400_beside_it_with_nothing_computed(
    tmp_path: Path, strategy_charts: None, query: str, field: str, words: str
) -> None:
    from trainer import create_app
    from trainer.store import open_db

    cache = tmp_path / "cache"
    app = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(cache)))
    client, db = app.test_client(), open_db(app.config["DATABASE"])
    url = f"/indices?{query}" if "rules=" in query else f"/indices?rules=vegas-6d-s17&{query}"
    response = client.get(url)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert f'id="{field}-error"' in text and words in text
    assert not cache.exists()  # no job started, nothing cached
    assert db["attempts"].count == 0
    db.close()


def test_the_nav_links_the_page(client: Any) -> None:
    home = client.get("/").get_data(as_text=True)
    assert '<a href="/indices">Index chart</a>' in home


def test_an_unbalanced_systems_blank_cells_name_its_own_span_of_running_counts() -> None:
    # KO's indices are looked for over running counts -30 to +24 for six decks, not the true
    # counts' -10 to +10: a blank cell says so.
    from drills.count_study import grid_words
    from trainer.engine.counting import SYSTEMS
    from trainer.engine.indices import IndexTable
    from trainer.engine.indices.table import count_grid
    from trainer.engine.rulebook.rules import find_preset
    from trainer.web.views.count_worth import index_grid

    rules = find_preset("vegas-6d-s17")
    grid = count_grid(rules, SYSTEMS["ko"])
    assert (grid[0], grid[-1]) != (-10, 10)
    table = IndexTable(rules, SYSTEMS["ko"], ())
    span = f"from {grid[0]:+d} to {grid[-1]:+d}".replace("-", "\u2212")  # a true minus, as read
    assert grid_words(rules, SYSTEMS["ko"]) == span
    sections = index_grid(table, None)
    labels = [cell["label"] for s in sections for row in s["rows"] for cell in row["cells"]]
    assert labels and all(label.endswith(f"no index {span}") for label in labels)
    assert grid_words(rules, SYSTEMS["hi-lo"]) == "from \u221210 to +10"


def test_every_cells_colour_is_one_the_key_shows(client: Any) -> None:
    """A walk found the cells at −1 and +1 uncoloured (a class the style sheet has no colour
    for) beside a key that shows −1 to +1 in yellow: every cell's class is one of the key's."""
    import re

    text = client.get("/indices?rules=vegas-6d-s17&system=hi-lo").get_data(as_text=True)
    key = set(re.findall(r'<li class="(idx-[a-z]+-\d)">', text))
    cells = re.findall(r'<td class="(idx-[a-z]+-\d)[ "]', text)
    assert len(key) == 7 and cells, (key, cells[:5])
    assert set(cells) <= key, set(cells) - key
    styled = set(
        re.findall(
            r"\.(idx-[a-z]+-\d)\s*\{",
            (Path(__file__).parents[2] / "static/css/count_worth.css").read_text(),
        )
    )
    assert key <= styled, key - styled
    ones = re.findall(r'<td class="([^"]+)"[^>]*><span>\S+ [≥<][+\u2212]?1</span></td>', text)
    assert ones and set(ones) == {"idx-zero-0"}, ones


def refused_form(client: Any, url: str) -> dict[str, str]:
    """A form refused (a 400): each rule's field, by its option, as the page draws it."""
    response = client.get(url)
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    found = re.findall(r'(<input id="rule-field-(\w+)"[^>]*>)', text)
    return {option: tag for tag, option in found}


@pytest.mark.parametrize("page", ["/indices", "/risk"])
def test_a_refused_rule_comes_back_as_typed_and_keeps_the_other_changes(
    client: Any, page: str
) -> None:
    # Decks 4 and a smallest bet of 0: "Smallest bet: must be above 0", and the form came
    # back at the learner's own rules, 6 decks and 5, both changes lost (a walk).
    query = "rules=vegas-6d-s17&rule-decks=4&rule-min_bet=0&source=game&bankroll=abc"
    fields = refused_form(client, f"{page}?{query}")
    assert 'value="4"' in fields["decks"] and "aria-invalid" not in fields["decks"]
    assert 'value="0"' in fields["min_bet"] and 'aria-invalid="true"' in fields["min_bet"]


def test_a_rule_between_two_fields_blames_the_one_changed(client: Any) -> None:
    # A smallest bet of 2,000 under the largest's 1,000: "Largest bet: must be at least the
    # smallest bet", and the form marked the largest, left as it was (a walk).
    query = "rules=vegas-6d-s17&rule-min_bet=2000&rule-max_bet=1000&rule-decks=4"
    fields = refused_form(client, f"/indices?{query}")
    assert 'value="2000"' in fields["min_bet"] and 'aria-invalid="true"' in fields["min_bet"]
    assert "aria-invalid" not in fields["max_bet"] and 'value="4"' in fields["decks"]
