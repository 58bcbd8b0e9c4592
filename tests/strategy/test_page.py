"""The strategy page: a cached chart at once, progress otherwise, any option, one cell's EVs."""

from __future__ import annotations

import html
import re

import pytest

from tests.conftest import app_config
from trainer.engine.rulebook.rules import find_preset
from trainer.engine.strategy import cache

# 004 with the punters' cards and the banker's first card face up (a named option): a chart
# with up-card columns, worked out by the strategy engine. The text's own deal, every card face
# down, has the chart of one column (test_the_texts_own_deal_has_a_chart_of_one_column).
FACE_UP = "russian-bank+banker_best%3Dfalse+deal_faces%3Dcasino"


@pytest.fixture
def strategy_app(tmp_path, monkeypatch, strategy_charts):
    from trainer import create_app

    monkeypatch.setattr(cache.CACHE, "_memory", {})
    app = create_app(app_config(tmp_path, STRATEGY_CACHE_DIR=str(tmp_path / "strategy-cache")))
    made = app.test_client

    def visited(*args, **kwargs):
        """A browser that has a session cookie (the home page sets it): a chart for new rules
        is a job asked for by a visitor the server knows (tests/web/test_job_limits.py)."""
        client = made(*args, **kwargs)
        client.get("/")
        return client

    app.test_client = visited
    return app


def test_an_uncomputed_chart_shows_progress_then_the_block(strategy_app):
    client = strategy_app.test_client()
    page = client.get(f"/strategy?rules={FACE_UP}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Working out the chart" in text and "<progress" in text
    assert f'hx-get="/strategy/chart?rules={FACE_UP}"' in text
    block = client.get(f"/strategy/chart?rules={FACE_UP}", headers={"HX-Request": "true"})
    body = block.get_data(as_text=True)
    assert block.status_code == 200
    # These rules give the player the edge: said as theirs, never as a negative house edge.
    assert "<html" not in body and "Your edge playing this chart" in body
    assert "House edge playing this chart" not in body
    assert "Following it costs" in body  # the text's advice, priced
    # Now cached: the whole page shows the chart at once.
    again = client.get(f"/strategy?rules={FACE_UP}").get_data(as_text=True)
    assert "Your edge playing this chart" in again and "Working out" not in again


def test_options_change_the_chart_and_a_cell_shows_its_evs(strategy_app):
    client = strategy_app.test_client()
    url = f"/strategy?rules={FACE_UP}+max_draws%3Dnone&wait=1&cell=hard.16.10"
    page = client.get(url)
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Hard 16 against 10" in text
    assert "Stand (S)" in text and "Hit (H)" in text
    assert (
        cache.cached(
            find_preset("russian-bank").replace(
                max_draws="none", banker_best="false", deal_faces="casino"
            ),
            cache_dir=strategy_app.config["STRATEGY_CACHE_DIR"],
        )
        is not None
    )


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ("rules=nope", 400, "there are no rules called “nope”"),
        ("preset=nope", 400, "there are no rules called “nope”"),
        ("rules=russian-bank+decks%3D99", 400, "Decks: must be 1 to 8"),
        ("rules=russian-bank&rule-decks=99", 400, "Decks: must be 1 to 8"),
        (
            "rules=russian-bank&rule-penetration=1e9999999",
            400,
            "Cut card (how much of the pack is dealt): expected a number",
        ),
        ("rules=russian-bank+decks", 400, "not option=value"),
        (f"rules={FACE_UP}&wait=1&cell=hard.99.10", 404, "no cell"),
        (f"rules={FACE_UP}&wait=1&cell=oops", 400, "not a chart cell"),
        ("rules=russian-bank+deal_faces%3Dcasino", 400, "worked out for text 004"),
    ],
)
def test_bad_input_is_a_readable_error(strategy_app, query, status, message):
    response = strategy_app.test_client().get(f"/strategy?{query}")
    assert response.status_code == status
    assert message in response.get_data(as_text=True)


def test_a_rule_refused_offers_the_page_again_with_the_other_changes(strategy_app):
    """One wrong rule lost every change the learner had made (a walk): the error page links
    the page back with the others, the refused field left out; a link naming rules alone has
    no such way back."""
    query = "rules=vegas-6d-s17&rule-decks=9&rule-surrender=none&rule-dealer_hits_soft_17=true"
    page = strategy_app.test_client().get(f"/strategy?{query}")
    assert page.status_code == 400
    back = re.search(r'<a href="([^"]+)">Back to the page, with your other changes</a>',
                     page.get_data(as_text=True))  # fmt: skip
    assert back is not None
    again = html.unescape(back.group(1))
    assert again.startswith("/strategy?") and "rule-decks" not in again
    assert "rule-surrender=none" in again and "rule-dealer_hits_soft_17=true" in again
    assert strategy_app.test_client().get(again).status_code == 303  # to its own address
    bare = strategy_app.test_client().get("/strategy?rules=russian-bank+decks%3D99")
    assert "with your other changes" not in bare.get_data(as_text=True)


def _form(page_text: str) -> dict[str, str]:
    """The rules form's fields as the page drew them (what a browser would send unchanged)."""
    import re

    fields = dict(re.findall(r'<input type="hidden" name="(rules)" value="([^"]*)"', page_text))
    for name, value in re.findall(
        r'<input id="[^"]*" name="(rule-[a-z_0-9]+)" value="([^"]*)"', page_text
    ):
        fields[name] = value
    for name, body in re.findall(
        r'<select id="[^"]*" name="(rule-[a-z_0-9]+)"[^>]*>(.*?)</select>', page_text, re.S
    ):
        fields[name] = re.search(r'<option value="([^"]*)" selected', body).group(1)
    return fields


def test_switching_the_preset_starts_from_that_preset(strategy_app):
    """The form keeps the old preset's values in its option fields: picking russian-bank in
    the menu must show russian-bank, not the Vegas options under russian-bank's name."""
    client = strategy_app.test_client()
    drawn = _form(client.get("/strategy?rules=vegas-6d-s17").get_data(as_text=True))
    assert drawn["rules"] == "vegas-6d-s17" and drawn["rule-double_on"] == "any"
    sent = client.get("/strategy", query_string={**drawn, "preset": "russian-bank"})
    assert sent.status_code == 303 and sent.location == "/strategy?rules=russian-bank"
    page = client.get(sent.location)
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert '<input type="hidden" name="rules" value="russian-bank">' in text
    assert "The Russian banking game" in text and "(source 004)" not in text
    assert "Players may not double down" in text and "Double on any two cards" not in text


def test_the_form_changes_only_the_options_the_learner_changed(strategy_app):
    client = strategy_app.test_client()
    drawn = _form(client.get("/strategy?rules=vegas-6d-s17+decks%3D2").get_data(as_text=True))
    assert drawn["rules"] == "vegas-6d-s17 decks=2" and drawn["rule-decks"] == "2"
    sent = {**drawn, "preset": "vegas-6d-s17", "rule-surrender": "none"}
    response = client.get("/strategy", query_string=sent, follow_redirects=True)
    assert response.request.args["rules"] == "vegas-6d-s17 decks=2 surrender=none"
    text = response.get_data(as_text=True)
    assert 'name="rules" value="vegas-6d-s17 decks=2 surrender=none"' in text
    assert "but with these changes (Decks: 2; Surrender: none)" in text
    # Setting an option back to the preset's value leaves the preset.
    back = {**_form(text), "preset": "vegas-6d-s17", "rule-decks": "6", "rule-surrender": "late"}
    text = client.get("/strategy", query_string=back, follow_redirects=True).get_data(as_text=True)
    assert '<input type="hidden" name="rules" value="vegas-6d-s17">' in text


def test_the_texts_other_readings_show_their_house_edges(strategy_app):
    """004's readings: who sees what and the banker's drawing, each with the text's sentence;
    the text's own deal priced by its fixed point, the face-up reading from the chart cache
    (a link to work it out until it is)."""
    from trainer.engine.banker.face_down_chart import one_column_chart

    ours = one_column_chart(find_preset("russian-bank")).house_edge
    sixteen = one_column_chart(
        find_preset("russian-bank").replace(banker_best="false", dealer_stands_on=16)
    ).house_edge
    text = strategy_app.test_client().get("/strategy?rules=russian-bank").get_data(as_text=True)
    assert "Interpretation: Who sees what" in text and "не исключая и себя" in text
    assert "Interpretation: The banker&#39;s drawing" in text
    # The punters have the edge at 004: theirs, never a negative house edge.
    assert ours < 0 and sixteen < 0
    # The punters' (the learner holds the bank in turn there: "your" read wrong, a walk).
    said = html.unescape(text)
    assert not re.search(r"\.(The|Your|House)[^.]{0,20}edge under this reading", said)  # a space
    assert f"The punters' edge under this reading: <strong>{-ours:.3f}%</strong>" in said
    assert not re.search(r"[Hh]ouse edge[^.]{0,60}[-\u2212]\d", text)
    # The difference signed as counts are read, a true minus sign (trainer.words.signed).
    difference = f"{sixteen - ours:+.3f}".replace("-", "\u2212")
    assert f"the punters' {-sixteen:.3f}%" in said and f"<td>{difference}</td>" in text
    assert "The bank's edge against ours, in percentage points" in text
    assert f'href="/strategy?rules={FACE_UP}"' in text
    assert text.count("not worked out yet") == 1  # the face-up reading's chart


def test_the_texts_own_deal_has_a_chart_of_one_column(strategy_app):
    from trainer.engine.banker.face_down import edge_standing_on
    from trainer.engine.banker.face_down_chart import one_column_chart

    chart = one_column_chart(find_preset("russian-bank"))
    for url in ("/strategy?rules=russian-bank", "/strategy/chart?rules=russian-bank"):
        text = strategy_app.test_client().get(url).get_data(as_text=True)
        assert "the chart has one column" in text and "Working out" not in text
        assert f"{-chart.house_edge:.3f}% of every stake" in text
        # Hard 16 on two cards: the row and its play, as the engine's chart has it.
        row = next(r for r in chart.by_drawn(0) if not r.soft and r.total == 16)
        play = "Draw" if row.code == "H" else "Stand"
        assert (
            f'<th scope="row">hard 16</th>\n      <td class="kind-{row.code}">{play}</td>' in text
        )
        assert "against 10" not in text  # no banker card, no column for one
        # The text's advice, priced against the chart: it read nowhere on 004's own page.
        advice = re.search(r'<section class="strategy-advice[^"]*">(.*?)</section>', text, re.S)
        assert advice is not None
        words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", advice.group(1)))
        followed = 100 * edge_standing_on(find_preset("russian-bank"), frozenset(range(16, 21)))
        assert f"(your edge {followed:.2f}% instead of {-chart.house_edge:.2f}%)" in words
        assert followed < -chart.house_edge  # the chart is the punter's best: the advice costs
        drawn = [r for r in chart.rows if 16 <= r.total <= 20 and r.code == "H"]
        assert drawn and words.count("the math says") == len(drawn), words
        assert "soft 16 on your two dealt cards: the math says draw, the text stand" in words
        assert "0.51 percentage points" in words


def test_the_chart_marks_its_exceptions_and_lists_them_with_javascript_off(strategy_app):
    client = strategy_app.test_client()
    page = client.get("/strategy?rules=vegas-6d-s17+decks%3D2+surrender%3Dnone&wait=1")
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    # The marked cell says what it means in its accessible name, the legend names the mark,
    # and the list under the chart says it in words, each linking to its cell's EVs.
    assert 'Hard totals 16 against 10: hit; exception: with three cards or more: stand — H"' in text
    assert '<span class="strategy-exception-mark" aria-hidden="true">*</span>' in text
    assert "<b>*</b> an exception" in text
    assert "Soft 18 against A (H)</a>: with three cards or more: stand" in text
    cell = client.get(
        "/strategy?rules=vegas-6d-s17+decks%3D2+surrender%3Dnone&wait=1&cell=hard.16.10"
    ).get_data(as_text=True)
    assert "Exception: with three cards or more: stand." in cell


@pytest.mark.parametrize(
    ("rules", "has_double", "has_surrender"),
    [
        ("permanent-bank", False, False),
        ("twenty-one-club", False, False),
        ("vegas-6d-s17", True, True),
    ],
)
def test_the_page_and_the_quiz_offer_the_plays_the_game_has(
    strategy_app, rules: str, has_double: bool, has_surrender: bool
):
    """000 and 002 have no doubling down, no surrender and no insurance: the chart's key listed
    "double if allowed" and "surrender if allowed", the quiz asked "hit, stand, double, split
    or surrender?" and offered a count on insurance questions (a learner's walk)."""
    client = strategy_app.test_client()
    chart_page = client.get(f"/strategy?rules={rules}&wait=1").get_data(as_text=True)
    chart_page = html.unescape(chart_page)
    key = chart_page.split('class="strategy-legend"')[1].split("</ul>")[0]
    assert ("double if allowed" in key) is has_double
    assert ("surrender if allowed" in key) is has_surrender
    quiz = html.unescape(client.get(f"/drills/basic-strategy?rules={rules}").get_data(True))
    asked = quiz.split('class="lead"')[1].split("</p>")[0].split("?")[0].split("(")[0]
    assert ("double" in asked) is has_double and ("surrender" in asked) is has_surrender
    assert ('name="insurance" value="count"' in quiz) is has_double  # the same three games


def test_the_home_games_edges_are_the_game_with_the_dealers_double(strategy_app):
    """002 home: the chart's edge leaves out the dealer's double and the players' redouble;
    the page says so and gives the game's (the rules page's figure against one punter), and
    the text's readings give the game's too (a walk read 11.736% there beside 18.74%)."""
    from trainer.engine.banker.method3 import method3_game

    home = find_preset("twenty-one-home")
    game = 100 * method3_game(home).edge
    page = strategy_app.test_client().get("/strategy?rules=twenty-one-home&wait=1")
    text = page.get_data(as_text=True)
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))
    assert f"the bank's edge is {game:.2f}% of a punter's stake" in words
    assert f"The bank's edge under this reading: {game:.3f}%" in words
    casino = (
        strategy_app.test_client().get("/strategy?rules=vegas-6d-s17&wait=1").get_data(as_text=True)
    )
    assert "leave out the dealer's double" not in casino
    # A home game has no house: the bank's edge (it read "House edge" beside the bank's).
    assert "The bank's edge playing this chart" in html.unescape(text)
    assert "House edge" not in text and "house edge" not in text
    assert "House edge playing this chart" in casino
