"""The discard tray at the table: where it is judged, a count check draws the tray to scale
with the cards played (their number not written anywhere on the page), asks the decks left,
and grades the estimate (``deck-estimation``) and the true count as converted from the
learner's own running count and decks left (``true-count``) apart."""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from drills.counting.checkpoint import Checkpoint
from drills.counting.notation import CARDS_PER_DECK, format_count, format_decks
from drills.counting.tray import tray_for, tray_of
from drills.table_counts import count_checks
from drills.table_session import TableSpec
from tests.web.test_table_web import SETUP, answer, counts, post_step, sit, step_form
from trainer.engine.counting import estimate_decks, find_system, running_count, true_count
from trainer.engine.deck.cards import Card
from trainer.engine.deck.shoe import Shoe
from trainer.engine.play.table_game import Ask, TableGame
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.store import tables

pytestmark = pytest.mark.usefixtures("count_studies")

TRAY = {**SETUP, "graded": ["counts", "tray"], "resolution": "half", "convention": "floor"}


def to_a_count_check(client: Any, url: str, hidden_fields: Any) -> dict[str, str]:
    """Play on to a count check that judges the tray (half a deck or more in it)."""
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "count" and 'name="decks_left"' in client.get(url).get_data(as_text=True):
            return fields
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    raise AssertionError("no count check came")


def replayed(db: Any, url: str) -> tuple[TableSpec, Ask]:
    table_id = url.rstrip("/").split("/")[-1]
    row = db["table_sessions"].get(table_id)
    spec = TableSpec.from_stored(Rules.parse(row["rules"]), json.loads(row["setup"]))
    steps = [s.step for s in tables.steps_of(db, table_id) if s.state == "played"]
    return spec, TableGame(spec.setup(row["seed"]), chart(spec.rules)).play(steps, spec.bankroll)


def right_counts(db: Any, url: str) -> tuple[TableSpec, Ask, int, Fraction]:
    """At the count check the table asks now: its table, the ask, and the right running and
    true counts (floored, to the half deck)."""
    spec, ask = replayed(db, url)
    rc = running_count(spec.system, ask.seen, spec.rules.decks)
    right = Checkpoint("tc", spec.system, spec.rules.decks, ask.seen, "floor", "half")
    return spec, ask, rc, right.right


def test_the_tray_is_drawn_and_its_size_not_written(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **TRAY)
    to_a_count_check(client, url, hidden_fields)
    page = client.get(url).get_data(as_text=True)
    assert 'class="tray"' in page and 'name="decks_left"' in page
    assert "Discard tray" not in page.split('class="table-money"')[1].split("</div>")[0]


def test_the_estimate_and_the_conversion_are_graded_apart(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **TRAY)
    fields = to_a_count_check(client, url, hidden_fields)
    spec, ask = replayed(db, url)
    decks = spec.rules.decks
    rc = running_count(spec.system, ask.seen, decks)
    left = Fraction(decks * CARDS_PER_DECK - len(ask.tray), CARDS_PER_DECK)
    right_left = estimate_decks(left, "half")
    # A deck off (too many where the shoe has room for it, else too few).
    wrong_left = right_left + 1 if right_left + 1 <= decks else right_left - 1
    # The true count from the learner's own running count and (wrong) decks left.
    theirs = true_count(Fraction(rc), wrong_left, "floor", "half")
    before = counts(db)
    data = {**fields, "running": format_count(rc), "decks_left": format_decks(wrong_left)}
    response = post_step(client, url, {**data, "true": format_count(theirs)})
    assert response.status_code == 200
    assert counts(db)[1] == before[1] + 3
    graded = {r["drill"]: r["correct"] for r in db["attempts"].rows}
    assert graded == {"shoe-count": 1, "deck-estimation": 0, "true-count": 1}


@pytest.mark.parametrize("decks_left", ["", "0", "99", "abc", "1.3"])
def test_a_decks_left_that_cannot_be_read_is_refused_and_nothing_stored(
    client: Any, csrf: Any, db: Any, hidden_fields: Any, decks_left: str
) -> None:
    url = sit(client, csrf, **TRAY)
    fields = to_a_count_check(client, url, hidden_fields)
    before = counts(db)
    data = {**fields, "running": "0", "true": "0", "decks_left": decks_left}
    response = client.post(url + "/step", data=data)
    assert response.status_code == 400
    assert counts(db) == before


def test_the_tray_needs_the_counts_graded_and_a_balanced_system(client: Any, csrf: Any) -> None:
    for changes in ({"graded": ["tray"]}, {"system": "ko"}):
        data = {**TRAY, **changes, "csrf_token": csrf()}
        assert client.post("/table/", data=data).status_code == 400


def test_a_count_check_with_less_than_a_step_in_the_tray_asks_the_plain_true_count() -> None:
    """Nothing to judge in a tray holding less than the learner's step (half a deck)."""
    seen = tuple(Card.parse(c) for c in ["5H", "KD", "2C", "9S", "7D", "AH", "TC", "3S", "4D"])
    early = Ask("count", 2, seen, len(seen))
    names = [
        name
        for name, _, _ in count_checks(find_system("hi-lo"), 6, ("floor", "half"), early, tray=True)
    ]
    assert names == ["rc", "tc"]
    later = Ask("count", 9, seen, 40, tray_layers=(seen * 5,))
    names = [
        name
        for name, _, _ in count_checks(find_system("hi-lo"), 6, ("floor", "half"), later, tray=True)
    ]
    assert names == ["rc", "decks", "convert"]


def test_the_tray_is_the_actual_discards_with_the_burned_card(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """The tray drawn at a count check is the table's own discard pile: the card burned at the
    shuffle, then each round's cards as they were picked up; drawn layer by layer as high as
    those cards stand (one card higher than the cards dealt), and the decks left graded as the
    cards still in the shoe."""
    url = sit(client, csrf, **TRAY)
    to_a_count_check(client, url, hidden_fields)
    spec, ask = replayed(db, url)
    rules = spec.rules
    assert rules.burn_cards == 1 and not rules.burn_shown
    assert len(ask.tray) == ask.played + rules.burn_cards
    # The same shuffle, dealt as far: the burned card, then the cards dealt, are the tray's.
    row = db["table_sessions"].get(url.rstrip("/").split("/")[-1])
    game = TableGame(spec.setup(row["seed"]), chart(rules))
    game.play(
        [s.step for s in tables.steps_of(db, row["id"]) if s.state == "played"], spec.bankroll
    )
    shoe: Shoe = game.table.shoe
    assert ask.tray == shoe.burned + shoe.discards
    assert sorted(map(str, ask.tray[1:])) == sorted(map(str, shoe.dealt()))
    assert set(ask.seen) <= set(ask.tray[1:])  # every card seen is in the tray, the burn not
    # A layer for the burn, then one for each round played, its cards as the round dealt them.
    burn, *pickups = ask.tray_layers
    assert burn == shoe.burned and len(pickups) == len(game.rounds)
    for layer, played in zip(pickups, game.rounds, strict=True):  # a hole card unshown aside
        shown = Counter(played.round.seen_by(None))
        assert shown <= Counter(layer) and len(layer) - shown.total() <= 1
    page = client.get(url).get_data(as_text=True)
    drawn = tray_of(rules.decks, ask.tray_layers)
    assert page.count('class="tray-layer"') == len(ask.tray_layers)
    top_x, top_y, _ = drawn.slabs[-1]
    assert f'x="{top_x}" y="{top_y}"' in page
    # The pile's top stands where a stack of all its cards would, the burned card included.
    assert top_y == tray_for(rules.decks, len(ask.tray)).stack_y
    assert top_y != tray_for(rules.decks, ask.played).stack_y
    estimate = next(n for name, _, n in spec_checks(spec, ask) if name == "decks")
    assert estimate.startswith(f"{rules.decks}d played {len(ask.tray)} ")


def spec_checks(spec: TableSpec, ask: Ask) -> list[tuple[str, str, str]]:
    rounding = (spec.convention, spec.resolution)
    return count_checks(spec.system, spec.rules.decks, rounding, ask, tray=True)


@pytest.mark.long
def test_a_wrong_decks_left_is_priced_as_the_true_count_it_gave(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # Every running count right; at each check judging the tray the decks left a deck off and
    # the true count converted from it (right, from that estimate), elsewhere the true count
    # right: the summary prices the conversions off the shoe's true count, nothing else.
    client.application.config["RNG_SEED"] = 25  # the same shoe on every run
    url = sit(client, csrf, **TRAY)
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        page = client.get(url).get_data(as_text=True)
        if kind == "over" and "Sit at another table" in page:
            break
        data = answer(kind, fields)
        if kind == "count":
            spec, ask, rc, right = right_counts(db, url)
            data.update(running=format_count(rc), true=format_count(right))
            if 'name="decks_left"' in page:
                total = spec.rules.decks * CARDS_PER_DECK
                left = estimate_decks(Fraction(total - len(ask.tray), CARDS_PER_DECK), "half")
                # A deck off, the way that moves the true count where one does (at a small
                # running count both ways can floor to the right one: no error to price).
                choices = [
                    d for d in (left + 1, left - 1) if Fraction(1, 2) <= d <= spec.rules.decks
                ]
                moved = [
                    d for d in choices if true_count(Fraction(rc), d, "floor", "half") != right
                ]
                wrong = (moved or choices)[0]
                theirs = true_count(Fraction(rc), wrong, "floor", "half")
                data.update(decks_left=format_decks(wrong), true=format_count(theirs))
        assert post_step(client, url, data).status_code == 200
    else:
        pytest.fail("the shoe never ended")
    assert "What your count errors would cost" in page
    assert "a count off by" not in page
    offs = re.findall(r"a true count off by ([^ ]+) \(the running count right\)", page)
    assert offs and all(off not in ("0", "+0") for off in offs)


@pytest.mark.parametrize(
    ("rules", "said", "not_said"),
    [
        ("vegas-6d-s17", "Discard tray <strong>", "Played"),
        # A pack dealt to its end has no tray: its played cards go under it (000, 002) or aside,
        # counted as each round ends (a walk read "Played 1 of 52" with ten cards on the felt).
        ("twenty-one-club", "Played before this round: <strong>", "Discard tray"),
    ],
)
def test_the_tables_bar_says_a_tray_only_where_there_is_one(
    client: Any, csrf: Any, rules: str, said: str, not_said: str
) -> None:
    url = sit(client, csrf, rules=rules, graded=["strategy"], mode="training")
    bar = client.get(url).get_data(as_text=True).split('class="table-money"')[1]
    bar = bar.split("</div>")[0]
    assert said in bar and not_said not in bar


@pytest.mark.parametrize(
    ("rules", "said", "not_said"),
    [
        ("vegas-6d-s17", "by the discard tray", "by the cards played"),
        ("twenty-one-club", "by the cards played", "by the discard tray"),
    ],
)
def test_the_count_checks_note_names_what_the_decks_are_read_by(
    client: Any, csrf: Any, db: Any, hidden_fields: Any, rules: str, said: str, not_said: str
) -> None:
    """A true count's decks are read by the tray where there is one, else by the cards played
    (the bar's "Played N of M cards")."""
    for _ in range(5):  # a table whose first check has cards left to divide by (most)
        url = sit(client, csrf, rules=rules, graded=["counts"])
        for _ in range(600):
            kind, fields = step_form(client, url, hidden_fields)
            if kind == "count":
                break
            assert post_step(client, url, answer(kind, fields)).status_code == 200
        else:
            pytest.fail("no count check came")
        # A pack dealt to its end exactly between rounds (about one table in a hundred) is
        # seen whole: its last count is a running count alone.
        if len(replayed(db, url)[1].seen) < Rules.parse(rules).decks * 52:
            break
    page = client.get(url).get_data(as_text=True)
    assert said in page and not_said not in page


def test_a_pack_dealt_to_its_end_is_called_a_pack_at_its_end(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """002's club deals a pack, not a shoe: its last count check and its summary said "The
    shoe is out" and "The shoe is played out" (a walk)."""
    url = sit(client, csrf, rules="twenty-one-club", graded=["counts"])
    db.execute("UPDATE table_sessions SET seed = 8")  # a pack that runs out between rounds
    db.conn.commit()
    for _ in range(600):
        kind, fields = step_form(client, url, hidden_fields)
        page = client.get(url).get_data(as_text=True)
        if kind == "count" and "The pack is played out: the count?" in page:
            break
        assert "shoe is out" not in page
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    else:
        pytest.fail("the pack never ran out")
    # The bar beside "Round 9" (the last) counts its cards too: not "before this round".
    bar = page.split('class="table-money"')[1].split("</div>")[0]
    assert "Played before this round" not in bar and "Played: <strong>" in bar, bar
    assert replayed(db, url)[1].seen and not replayed(db, url)[1].round  # the last count
    ended = post_step(client, url, answer(kind, fields)).get_data(as_text=True)
    assert "The pack is played out" in ended and "The shoe is played out" not in ended
    # A miscount's price too ("until the shuffle"); the words read, not the addresses.
    words = re.sub(r"<[^>]*>", " ", ended.split("<main")[1]).lower()
    assert "shoe" not in words, re.findall(r".{60}shoe.{60}", words)


def test_a_table_plays_count_on_the_mistakes_page_names_the_cards_played_not_the_tray(
    app: Any,
) -> None:
    """The count a table decision was graded at reads the cards out of the shoe before the
    round, as the table's "Discard tray 15 of 312" (its burned card too) and the decks left
    the learner reads by it: "14 cards in the tray" read wrong beside it (a walk)."""
    from flask import render_template_string

    from drills.table_play import DRILL

    rules = Rules.parse("vegas-6d-s17")
    question = DRILL.question("TS 2H v 3D hi-lo floor half rc +7 played 130", rules)
    shown = '{% with view = v, small = true %}{% include "drills/_table_play_situation.html" %}'
    with app.test_request_context(headers={"Accept-Language": "en"}):
        page = render_template_string(shown + "{% endwith %}", v=question.view)
    assert "130 cards played before this round" in page and "in the tray" not in page


def test_a_count_at_a_shoe_reads_the_decks_left_by_the_tray_the_page_shows(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # "Discard tray 222 of 312": 90 cards left, 1.5 decks to the half deck; the count was read
    # at 221 cards (the tray less its burned card), 91 left, a tie rounded up to 2 decks: a
    # bet graded at a true count of +7 where the tray gave +10 (a walk).
    url = sit(client, csrf, graded=["counts", "bets"])
    kind, fields = step_form(client, url, hidden_fields)
    for _ in range(40):  # a few rounds in: cards in the tray beside the burned one
        if kind == "count" and replayed(db, url)[1].played > 20:
            break
        assert post_step(client, url, answer(kind, fields)).status_code == 200
        kind, fields = step_form(client, url, hidden_fields)
    spec, ask = replayed(db, url)
    assert spec.rules.burn_cards == 1 and len(ask.tray) == ask.played + 1
    page = client.get(url).get_data(as_text=True)
    shown = re.search(r"Discard tray <strong>(\d+)</strong> of", page)
    assert shown and int(shown[1]) == len(ask.tray)
    assert spec.count_at(ask).played == len(ask.tray)
