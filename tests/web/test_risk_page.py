"""The risk page (trainer/web/views/risk.py): the engine's figures for a win rate and SD or for a
game, every field bounded first (a 400 beside the field, nothing worked out or stored)."""

from __future__ import annotations

import html
import math
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config
from trainer.engine import risk
from trainer.engine.counting import find_system
from trainer.engine.indices import ramp_game, study
from trainer.engine.rulebook.rules import Rules
from trainer.simulator.ramp import Ramp


def _text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def test_the_page_opens_on_a_counters_example_and_the_menu_links_it(client: Any) -> None:
    response = client.get("/risk")
    assert response.status_code == 200
    text = _text(response)
    # 0.01 units a round, SD 1.15, 200 units: exp(-2 x 0.01 x 200 / 1.3225) = 4.86%.
    assert "<strong>4.86%</strong> for a bankroll of 200 units" in text
    assert "<strong>198.1 units</strong>" in text  # the bankroll for a 5% risk
    assert "13,225 rounds" in text and "75.61" in text  # N0 and SCORE
    assert '<a href="/risk" aria-current="page">Risk</a>' in text
    assert "up to 1,000,000,000 units" in text  # the page says what its bounds are


def test_every_figure_asked_for(client: Any) -> None:
    query = "win_rate=0.01&sd=1.15&bankroll=200&rounds=5000&goal=100&target_ror=0.02&kelly=0.5"
    text = _text(client.get(f"/risk?{query}"))
    trip = 100 * risk.trip_risk_of_ruin(0.01, 1.15, 200, 5000)
    goal = 100 * risk.goal_probability(0.01, 1.15, 200, 100)
    within = 100 * risk.goal_probability_in_rounds(0.01, 1.15, 200, 100, 5000)
    assert f"<strong>{trip:.2f}%</strong> within 5,000 rounds" in text
    assert f"<strong>{goal:.2f}%</strong> to win 100 units first" in text
    assert f"<strong>{within:.2f}%</strong> to win it first within 5,000 rounds" in text
    ce = 0.01 - 1.15**2 / (2 * 0.5 * 200)
    assert f"<strong>{ce:+.5f} units a round</strong>".replace("-", "\u2212") in text
    assert "the model is good to" in text


def test_a_losing_game_has_no_bankroll_for_a_target(client: Any) -> None:
    text = _text(client.get("/risk?win_rate=-0.005&sd=1.15&bankroll=200&target_ror=0.05"))
    assert "<strong>100.00%</strong>" in text and "loses any bankroll in the end" in text
    assert "none: the game does not win" in text


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("sd", "-1"),
        ("sd", "0"),
        ("bankroll", "0"),
        ("win_rate", "nan"),
        ("sd", "NaN"),
        ("bankroll", "inf"),
        ("target_ror", "0"),
        ("target_ror", "1"),
        ("goal", "1e300"),
        ("rounds", "1e300"),
        ("rounds", "2.5"),
        ("kelly", "0"),
        ("bankroll", "%D9%A1%D9%A0%D9%A0"),  # Arabic-Indic digits: a number here is 0-9
        ("goal", "9" * 500),
        ("sd", "1e-300"),  # read to 12 places: 0
        ("win_rate", "1e999"),  # past a float: refused as too big, never turned into one
        ("sd", "-1e400"),
        ("kelly", "1e309"),
    ],
)
def test_a_bad_field_is_a_400_beside_it(client: Any, field: str, value: str) -> None:
    query = {"win_rate": "0.01", "sd": "1.15", "bankroll": "200", field: value}
    url = "/risk?" + "&".join(f"{k}={v}" for k, v in query.items())
    response = client.get(url)
    assert response.status_code == 400
    text = _text(response)
    assert f'id="{field}-error"' in text and 'aria-invalid="true"' in text
    assert "Traceback" not in text and "The risk</h2>" not in text
    # The focus in the field at fault (it was left on the page's body: a walk).
    focused = re.findall(r"<(?:input|select)[^>]*autofocus[^>]*>", text)
    assert len(focused) == 1 and f'name="{field}"' in focused[0], focused


def test_a_field_that_is_no_number_says_what_that_field_takes(client: Any) -> None:
    # "Write a number with the digits 0 to 9, such as 0.05." beside a bankroll (a walk).
    response = client.get("/risk?win_rate=0.01&sd=1.15&bankroll=abc")
    assert response.status_code == 400
    text = _text(response)
    assert "The bankroll must be above 0 and at most 1,000,000,000 units." in text
    assert "0.05" not in text.split('id="bankroll-error"')[1][:300]


def test_a_bad_game_is_a_400_with_nothing_worked_out(tmp_path: Path) -> None:
    from trainer import create_app

    cache = tmp_path / "cache"
    app = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(cache)))
    client = app.test_client()
    base = "/risk?source=game&rules=vegas-6d-s17&bankroll=400"
    for query, field in [
        ("&system=nope", "system"),
        ("&ramp=lots", "ramp"),
        ("&ramp=1@-99,20000@2", "ramp"),
        ("&rule-decks=99", "rules"),
    ]:
        response = client.get(base + query)
        assert response.status_code == 400, query
        assert f'id="{field}-error"' in _text(response), query
    assert not cache.exists()  # no study started, nothing cached


@pytest.mark.usefixtures("count_studies")
def test_a_games_figures_come_from_its_edge_by_count(client: Any) -> None:
    ramp = "1@-99,2@1,4@2,8@3"
    response = client.get(
        f"/risk?source=game&rules=vegas-6d-s17&system=hi-lo&ramp={ramp}&bankroll=400&rounds=10000"
    )
    assert response.status_code == 200
    text = _text(response)
    table = study(Rules.parse("vegas-6d-s17"), find_system("hi-lo")).edge
    win_rate, sd = ramp_game(table, Ramp.parse(ramp).units_at)
    assert f"you win +{win_rate:.4f} units a round on average" in text
    ror = 100 * math.exp(-2 * win_rate * 400 / sd**2)
    assert f"<strong>{ror:.2f}%</strong> for a bankroll of 400 units" in text


@pytest.mark.usefixtures("count_studies")
def test_the_rules_form_goes_to_the_pages_own_address(client: Any) -> None:
    response = client.get("/risk?source=game&rules=vegas-6d-s17&preset=single-deck&bankroll=400")
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith("/risk?rules=single-deck&source=game")
    assert "bankroll=400" in location and "preset" not in location


def test_the_counting_page_links_its_ramps_risk(client: Any, count_studies: None) -> None:
    text = _text(client.get("/indices?rules=vegas-6d-s17&system=hi-lo&bankroll=10000&risk=0.05"))
    link = re.search(r'<a href="(/risk\?[^"]+)">the risk of this ramp</a>', text)
    assert link
    assert "(your bankroll there is 2,000 units of 5)" in text  # said before it is read
    page = _text(client.get(link.group(1)))
    assert "for a bankroll of 2,000 units" in page  # 10,000 at a table minimum of 5


def test_a_game_not_worked_out_waits_for_its_study_off_the_request(tmp_path: Path) -> None:
    from trainer import create_app
    from trainer.store import open_db

    # An empty cache: the study is a job of the queue, left there (no inline run).
    app = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(tmp_path), JOBS_INLINE=False))
    client = app.test_client()
    face_up = "russian-bank+banker_best%3Dfalse+deal_faces%3Dcasino"  # 004's other reading
    url = f"/risk?source=game&rules={face_up}&system=hi-lo&ramp=1@-99,4@2&bankroll=400"
    first = client.get(url)
    assert first.status_code == 202
    text = _text(first)
    assert "Working out the indices" in text and '<meta http-equiv="refresh"' in text
    assert "/count-jobs/progress?" in text and "next=/risk?source%3Dgame" in text
    assert client.get(url).status_code == 202  # asked again: the same job, not another
    db = open_db(app.config["DATABASE"])
    assert [row["kind"] for row in db["jobs"].rows] == ["count-study"]
    db.close()


def test_numbers_are_read_as_the_learner_writes_them(client: Any) -> None:
    """A decimal comma in Russian ("0,01"), a thousands comma in English ("1,000"): the same
    figures as written with a point (the Russian hints write "0,05")."""

    def figures(query: str, language: str = "en") -> list[str]:
        response = client.get(f"/risk?{query}", headers={"Accept-Language": language})
        assert response.status_code == 200
        return re.findall(r"<strong>(.*?)</strong>", _text(response))

    query = "win_rate=0.01&sd=1.15&bankroll=1000&target_ror=0.05"
    english = figures(query)
    assert len(english) >= 3
    assert figures(query.replace("1000", "1,000")) == english
    russian = figures("win_rate=0,01&sd=1,15&bankroll=1000&target_ror=0,05", "ru")
    assert russian == figures(query, "ru") and len(russian) == len(english)


@pytest.mark.usefixtures("count_studies")
def test_the_ramp_is_written_in_lines_and_its_address_keeps_the_notation(client: Any) -> None:
    """The form asks the ramp as lines (its hint read "1@-99,2@1,4@2,8@3": engine notation, a
    learner's walk); sent, the page's own address keeps it as a link does, and the lines are
    drawn from it again."""
    page = _text(client.get("/risk"))
    assert 'name="ramp-units-0" value="1"' in page and 'name="ramp-count-3" value="+3"' in page
    assert "@" not in page.split('class="ramp-rows"')[1].split("</fieldset>")[0]
    lines = "&ramp-units-0=1&ramp-count-1=%2B2&ramp-units-1=4&ramp-count-2=&ramp-units-2="
    sent = client.get(
        "/risk?source=game&rules=vegas-6d-s17&system=hi-lo&bankroll=400&preset=vegas-6d-s17" + lines
    )
    assert sent.status_code == 303 and "ramp=1@-999,4@2" in sent.headers["Location"]
    shown = _text(client.get(sent.headers["Location"]))
    assert 'name="ramp-count-1" value="+2"' in shown and 'name="ramp-units-1" value="4"' in shown
    half = "&ramp-units-0=1&ramp-count-1=%2B2&ramp-units-1="
    bad = client.get("/risk?source=game&rules=vegas-6d-s17&bankroll=400" + half)
    assert bad.status_code == 400 and "Line 2 of the ramp" in _text(bad)


def test_a_russian_page_writes_its_numbers_with_a_comma(client: Any) -> None:
    """The Russian form showed its defaults (and a learner's "0,05" sent back) with points."""
    page = client.get("/risk", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert 'name="win_rate" value="0,01"' in page and 'name="sd" value="1,15"' in page
    sent = client.get("/risk?win_rate=0,02&sd=1,1&bankroll=400", headers={"Accept-Language": "ru"})
    assert 'name="win_rate" value="0,02"' in sent.get_data(as_text=True)
    english = client.get("/risk").get_data(as_text=True)
    assert 'name="win_rate" value="0.01"' in english


@pytest.mark.usefixtures("count_studies")
def test_a_game_with_every_default_is_worked_out_at_a_learner_of_004(client: Any) -> None:
    """At 004 dealt face down no count is studied: "a game" with every default was a dead end
    ("not for this game", a walk). The form starts from the app's default game there."""
    with client.session_transaction() as session:
        session["rules"] = "russian-bank"
    form = _text(client.get("/risk"))
    assert '<option value="vegas-6d-s17" selected>' in form
    sent = client.get("/risk?source=game&bankroll=400&system=hi-lo")
    assert sent.status_code == 200 and "Your game, worked out from the exact edge" in _text(sent)
