"""After choosing a game on the rules page, the page offers the way on: the quiz, the table
(holding the deal or the bank, or as a punter, where the players deal in turn) and the game's
own drills; a table whose deal does not pass offers the table alone."""

from __future__ import annotations

import re
from typing import Any

from werkzeug.datastructures import MultiDict


def choose(client: Any, csrf: Any, preset: str) -> str:
    chosen = client.post("/rules", data={"preset": preset, "csrf_token": csrf()})
    assert chosen.status_code == 303
    page = client.get(chosen.headers["Location"])
    assert page.status_code == 200
    return str(page.get_data(as_text=True))


def test_choosing_the_russian_bank_offers_its_drills_and_both_seats(client: Any, csrf: Any) -> None:
    page = choose(client, csrf, "russian-bank")
    way_on = page[page.index('id="way-on-heading"') :].split("</section>")[0]
    for href in (
        "/drills/basic-strategy",
        "/table/?punter_seat=0",
        "/table/?punter_seat=1",
        "/drills/table-dealing",
        "/drills/punter-stake",
    ):
        assert f'href="{href}"' in way_on, href
    assert "/drills/deal-auction" not in way_on  # home twenty-one's alone
    # The seat in the game's own terms: the bank at 004 ("the deal (or the bank)" before).
    assert "The table, holding the bank<" in way_on and "the deal" not in way_on
    home = choose(client, csrf, "twenty-one-home")
    home_way = home[home.index('id="way-on-heading"') :].split("</section>")[0]
    assert "The table, holding the deal<" in home_way and "bank" not in home_way
    assert 'href="/drills/deal-auction"' in home_way  # the home game's option (a walk)
    punter = client.get("/table/?punter_seat=1").get_data(as_text=True)
    assert '<option value="1" selected>' in punter


def test_a_casino_game_offers_the_quiz_and_the_table(client: Any, csrf: Any) -> None:
    page = choose(client, csrf, "vegas-6d-h17")
    way_on = page[page.index('id="way-on-heading"') :].split("</section>")[0]
    assert 'href="/drills/basic-strategy"' in way_on and 'href="/table/"' in way_on
    assert "punter" not in way_on


def test_the_way_on_is_offered_only_just_after_choosing(client: Any) -> None:
    assert 'id="way-on-heading"' not in client.get("/rules").get_data(as_text=True)
    bad = client.get("/table/?punter_seat=99")
    assert (
        bad.status_code == 200
        and "selected>" not in bad.get_data(as_text=True).split('name="punter_seat"')[-1][:10]
    )


def test_a_link_naming_a_game_sets_the_table_up_for_it(client: Any) -> None:
    """``/table/?preset=russian-bank`` (or ``?rules=``) opens the set-up at that game, whatever
    the learner's own; a game that cannot be played is a 400 naming what is wrong."""
    for query in ("preset=russian-bank", "rules=russian-bank"):
        page = client.get(f"/table/?{query}").get_data(as_text=True)
        assert '<option value="russian-bank" selected>' in page, query
        assert "Whole rounds from a real pack" in page and "real shoe" not in page  # no shoe
    casino = client.get("/table/").get_data(as_text=True)
    assert '<option value="vegas-6d-s17" selected>' in casino and "real shoe" in casino
    bad = client.get("/table/?rules=russian-bank%20decks%3D99")
    assert bad.status_code == 400 and "decks" in bad.get_data(as_text=True).lower()


def test_the_chosen_game_is_marked_under_its_own_heading(client: Any, csrf: Any) -> None:
    """The mark "Your rules for the drills." is said in the chosen game's entry, under its
    heading: at the entry's foot it sat right above the next game's (a learner's walk read
    004's as Las Vegas's)."""
    page = choose(client, csrf, "russian-bank")
    entries = page.split('<li class="preset')[1:]
    marked = [entry for entry in entries if "<strong>Your rules for the drills.</strong>" in entry]
    assert len(marked) == 1 and 'id="preset-russian-bank"' in marked[0]
    heading_end = marked[0].index("</h2>")
    assert marked[0].index("Your rules for the drills.") - heading_end < 150
    assert "Drill with" not in marked[0]
    assert all("Drill with" in entry for entry in entries if entry is not marked[0])


def test_the_table_grades_insurance_by_default_only_where_the_game_offers_it(
    client: Any,
) -> None:
    """004's set-up had "Insurance and even money" checked to grade (a reader's walk): a game
    without insurance (000, 002, 004) does not offer it; the casino's checks it."""
    box = '<input type="checkbox" name="graded" value="insurance" checked>'
    for preset, checked in (
        ("russian-bank", False),
        ("twenty-one-home", False),
        ("vegas-6d-s17", True),
    ):
        page = client.get(f"/table/?preset={preset}").get_data(as_text=True)
        assert ('name="graded" value="insurance"' in page) is checked, preset
        assert (box in page) is checked, preset
        assert '<input type="checkbox" name="graded" value="strategy" checked>' in page


def test_the_table_set_up_offers_what_the_game_has(client: Any) -> None:
    """At 004 the set-up offered back-counting (which the table refuses where the players hold
    the bank) and a test "shown at the end of the shoe" (a reader's walk)."""
    bank = client.get("/table/?preset=russian-bank").get_data(as_text=True)
    assert 'name="wong"' not in bank
    assert "Test: errors shown at the end of the pack" in bank and "end of the shoe" not in bank
    casino = client.get("/table/?preset=vegas-6d-s17").get_data(as_text=True)
    assert 'name="wong"' in casino and "Test: errors shown at the end of the shoe" in casino


def test_insurance_is_graded_again_when_the_form_moves_to_a_game_that_has_it(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    """Drawn at 004 (no insurance offered), the set-up switched to Las Vegas showed insurance
    unchecked, and the table graded no insurance (a walk)."""
    page = client.get("/table/?preset=russian-bank").get_data(as_text=True)
    assert '<input type="hidden" name="graded_unoffered" value="insurance">' in page
    graded = re.findall(r'name="graded" value="([a-z]+)" checked', page)
    form = [("csrf_token", csrf()), ("rules", "russian-bank"), ("preset", "vegas-6d-s17")]
    form += [("graded", value) for value in graded] + [("graded_unoffered", "insurance")]
    form += [("rules_only", "1")]
    moved = client.post("/table/", data=MultiDict(form)).get_data(as_text=True)
    assert '<input type="checkbox" name="graded" value="insurance" checked>' in moved
    assert "graded_unoffered" not in moved  # Las Vegas offers it


def test_the_casinos_games_come_before_the_texts_games(client: Any) -> None:
    """A newcomer met the four texts' sources and games before the game they came for (a
    walk): the rules page and every rules menu list the casino's games first, the sources
    where the texts' games begin."""
    page = client.get("/rules").get_data(as_text=True)
    listed = re.findall(r'id="preset-([a-z0-9-]+)"', page)
    texts = ["permanent-bank", "twenty-one-club", "twenty-one-home", "casino-boxes", "russian-bank"]
    casino = [name for name in listed if name not in texts]
    assert casino and listed == casino + texts
    first_text = page.index('id="preset-permanent-bank"')
    assert page.index('id="preset-' + casino[-1]) < page.index("sources-heading") < first_text
    strategy = client.get("/strategy").get_data(as_text=True)
    select = strategy.split('name="preset"')[1].split("</select>")[0]
    menu = re.findall(r'<option value="([a-z0-9-]+)"', select)
    assert menu[: len(casino)] == casino and set(menu[len(casino) :]) == set(texts)
