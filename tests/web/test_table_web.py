"""Sitting at a table through the web: set up, play steps, and every kind of bad input (a bet
outside the limits or the bankroll, an illegal play, a step from an old page or another tab, a
forged step): a readable 400 in the page, nothing stored, the table unchanged."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from drills import registry
from drills.table_play import work_out
from drills.table_session import TableSpec, step_asks
from trainer.engine.play.table_game import TableGame
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.store import tables

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

SETUP = {
    "rules": "vegas-6d-s17",
    "others": "2",
    "boxes": "1",
    "bankroll": "500",
    "unit": "5",
    "system": "hi-lo",
    "convention": "floor",
    "resolution": "half",
    "graded": ["strategy", "deviations", "bets", "insurance", "counts"],
    "mode": "test",
}


def sit(client: Any, csrf: Any, **changes: Any) -> str:
    """Set a table up; its address."""
    response = client.post("/table/", data={**SETUP, **changes, "csrf_token": csrf()})
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    return str(response.headers["Location"])


def step_form(client: Any, url: str, hidden_fields: Any) -> tuple[str, dict[str, str]]:
    page = client.get(url).get_data(as_text=True)
    fields = hidden_fields(page)
    kind = re.search(r'name="kind" value="(\w+)"', page)
    return (kind.group(1) if kind else "over"), fields


def answer(kind: str, page_fields: dict[str, str]) -> dict[str, str]:
    extra = {"count": {"running": "0", "true": "0"}, "bet": {"units": "1"}}
    return {**page_fields, **extra.get(kind, {"answer": "N" if kind == "insurance" else "S"})}


def post_step(client: Any, url: str, data: dict[str, str]) -> Any:
    """Send a step as a plain form would (a played step redirects to the table)."""
    return client.post(url + "/step", data=data, follow_redirects=True)


def counts(db: Any) -> tuple[int, int]:
    return db["table_steps"].count, db["attempts"].count


def to_a_play(client: Any, url: str, hidden_fields: Any) -> dict[str, str]:
    """Play on (standing) until the table asks for a play; that form's fields."""
    for _ in range(300):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "play":
            return fields
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    raise AssertionError("no play came")


def test_a_step_is_graded_stored_and_the_table_moves_on(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf)
    kind, fields = step_form(client, url, hidden_fields)
    assert kind == "bet"
    response = post_step(client, url, answer(kind, fields))
    assert response.status_code == 200
    assert counts(db) == (1, 1)  # the bet, graded as a bet-sizing attempt
    assert db["attempts"].get(1)["drill"] == "bet-sizing"
    # A reload shows the same round: the same cards, nothing more stored.
    first = client.get(url).get_data(as_text=True)
    assert client.get(url).get_data(as_text=True).count('class="card') == first.count('class="card')
    assert counts(db) == (1, 1)


@pytest.mark.parametrize("asked_at", [None, "1000", "x"])
def test_a_steps_time_is_kept_only_as_the_page_sealed_it(
    client: Any, csrf: Any, db: Any, hidden_fields: Any, asked_at: str | None
) -> None:
    # The time the step was asked, from the page's form: stored as the answer's response time
    # under the page's seal; a time changed in the form (or unreadable) is not, and the step is
    # graded and stored all the same.
    url = sit(client, csrf)
    kind, fields = step_form(client, url, hidden_fields)
    assert fields["asked_seal"]
    sent = (
        answer(kind, fields) if asked_at is None else {**answer(kind, fields), "asked_at": asked_at}
    )
    assert post_step(client, url, sent).status_code == 200
    assert counts(db) == (1, 1)
    response_ms = db["attempts"].get(1)["response_ms"]
    if asked_at is None:
        assert response_ms is not None and 0 <= response_ms < 60_000
    else:
        assert response_ms is None


def test_a_form_sent_twice_is_played_once(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf)
    kind, fields = step_form(client, url, hidden_fields)
    data = answer(kind, fields)
    assert post_step(client, url, data).status_code == 200
    stored = counts(db)
    again = post_step(client, url, data)
    assert again.status_code == 200
    assert "played once" in again.get_data(as_text=True)
    assert counts(db) == stored


def test_a_step_from_an_old_page_or_another_tab_is_refused(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf)
    kind, old = step_form(client, url, hidden_fields)
    assert post_step(client, url, answer(kind, old)).status_code == 200
    stored = counts(db)
    # The same page's form again, as another tab or the back button would send it.
    response = post_step(client, url, {**answer(kind, old), "token": "x" * 24})
    assert response.status_code == 400
    assert "already played" in response.get_data(as_text=True)
    assert counts(db) == stored


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        # The two limits named as one ("Smallest bet and largest bet: ..." read as two glued).
        (
            {"units": "", "bet0": "1"},
            "The table&#39;s limits: a bet at this table is 5 to 1,000, not 1",
        ),
        ({"units": "", "bet0": "5000"}, "5 to 1,000, not 5,000"),
        ({"units": "", "bet0": "505"}, "Your bets come to 505 with 500 left"),
        ({"units": "", "bet0": "ten"}, "amount"),
        ({"units": "", "bet0": "Infinity"}, "amount"),
        ({"units": "", "bet0": "1e99999999"}, "amount"),
        # 20 nines, cut to 12 by the field: an amount, too big (it read "not an amount").
        ({"units": "", "bet0": "9" * 12}, "bet of “999999999999” is more than any table takes"),
        ({"units": "0"}, "1 to 8 units"),
        ({"units": "9"}, "1 to 8 units"),
        ({"units": "\u0663"}, "1 to 8 units"),  # an Arabic-Indic 3: digits are 0-9
        ({"kind": "play", "answer": "H"}, "not asking for that"),
        ({"at": "7"}, "already played"),
        ({"at": "x"}, "names no step"),
        ({"at": "\u0660"}, "names no step"),  # an Arabic-Indic 0, the table's step
    ],
)
def test_a_bad_bet_or_a_forged_step_is_refused_and_nothing_stored(
    fields: dict[str, str], message: str, client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf)
    kind, form = step_form(client, url, hidden_fields)
    before = client.get(url).get_data(as_text=True)
    response = post_step(client, url, {**answer(kind, form), **fields})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert "min_bet" not in response.get_data(as_text=True)  # plain words, not the notation
    assert counts(db) == (0, 0)
    assert step_form(client, url, hidden_fields)[0] == "bet"
    assert client.get(url).get_data(as_text=True).count('class="card') == before.count(
        'class="card'
    )


def test_an_illegal_play_is_refused_and_nothing_stored(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf)
    fields = to_a_play(client, url, hidden_fields)
    page = client.get(url).get_data(as_text=True)
    disabled = re.findall(
        r'value="([HSDPR])" data-key="\1" aria-keyshortcuts="\1"\s+disabled', page
    )
    illegal = disabled[0] if disabled else "X"
    stored = counts(db)
    response = post_step(client, url, {**fields, "answer": illegal})
    assert response.status_code == 400
    assert "cannot be played" in response.get_data(as_text=True)
    assert counts(db) == stored


def test_a_forged_count_is_refused(client: Any, csrf: Any, db: Any, hidden_fields: Any) -> None:
    url = sit(client, csrf)
    for _ in range(400):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "count":
            stored = counts(db)
            response = post_step(client, url, {**fields, "running": "lots", "true": "0"})
            assert response.status_code == 400
            assert counts(db) == stored
            return
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    pytest.fail("no count check came")


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"others": "9"}, "Other seats"),
        ({"boxes": "0"}, "Your boxes"),
        ({"others": "6", "boxes": "3"}, "7 spots"),
        ({"bankroll": "2"}, "table minimum"),
        ({"unit": "-5"}, "must be above 0"),
        ({"bankroll": "Infinity"}, "not an amount"),
        ({"bankroll": "1e99999999"}, "not an amount"),
        # An amount too large says so (it read "not an amount", then "must be above 0").
        ({"bankroll": "999999999999"}, "The bankroll can be at most 1,000,000,000."),
        ({"bankroll": "99999999999999999999"}, "The bankroll can be at most 1,000,000,000."),
        ({"bankroll": "1000000001"}, "The bankroll can be at most 1,000,000,000."),
        ({"unit": "5000000000.50"}, "The unit can be at most 1,000,000,000."),
        ({"system": "nope"}, "no counting system"),
        ({"mode": "blitz"}, "training or test"),
        ({"graded": ["everything"]}, "from the list"),
        ({"rules": "twenty-one-home", "others": "0"}, "one other seat or more"),
        ({"others": "\u0662"}, "Other seats"),  # an Arabic-Indic 2: digits are 0-9
        ({"unit": "2"}, "is outside this table"),
    ],
)
def test_a_table_that_cannot_be_set_up_says_why(
    changes: dict[str, Any], field: str, client: Any, csrf: Any, db: Any
) -> None:
    response = client.post("/table/", data={**SETUP, **changes, "csrf_token": csrf()})
    assert response.status_code == 400
    assert field in response.get_data(as_text=True)
    assert db["table_sessions"].count == 0


def test_a_refused_rule_keeps_the_set_up_form_and_its_other_changes(
    client: Any, csrf: Any, db: Any
) -> None:
    # Ten decks at the table's set-up gave a page of its own, every setting lost (a walk).
    data = {**SETUP, "bankroll": "777", "rule-decks": "10", "rule-min_bet": "10"}
    response = client.post("/table/", data={**data, "csrf_token": csrf()})
    assert response.status_code == 400
    page = html.unescape(response.get_data(as_text=True))
    assert 'id="rules-error"' in page and "Those rules cannot be played: Decks:" in page
    assert re.search(r'<details class="rule-options-box" open>', page)
    assert re.search(r'name="bankroll"[^>]*value="777"', page)  # the form kept
    field = re.search(r'<input id="rule-field-min_bet"[^>]*value="([^"]*)"', page)
    assert field and field[1] == "10"  # the other rule changed kept
    # The refused one shows what was typed, to be mended (it showed the preset's 6: a walk).
    decks = re.search(r'<input id="rule-field-decks"[^>]*value="([^"]*)"([^>]*)>', page)
    assert decks and decks[1] == "10" and 'aria-invalid="true" autofocus' in decks[2]
    assert 'aria-invalid="true"' not in page.replace(decks[0], "")
    assert db["table_sessions"].count == 0


def test_a_bet_the_bankroll_left_cannot_cover_is_shown_disabled(client: Any, csrf: Any) -> None:
    # A learner down to 19 chips pressed 20 to be told "your bets come to 20 with 19 left".
    url = sit(client, csrf, bankroll="12", unit="5")
    page = client.get(url).get_data(as_text=True)
    buttons = re.findall(r'<button type="submit" name="units" value="(\d)"[^>]*>', page)
    assert len(buttons) == 8
    tags = dict(re.findall(r'(<button type="submit" name="units" value="(\d)"[^>]*>)', page))
    shown = {int(n): tag for tag, n in tags.items()}
    assert [n for n, tag in sorted(shown.items()) if " disabled" in tag] == [3, 4, 5, 6, 7, 8]
    assert " autofocus" in shown[1] and " disabled" not in shown[2]
    # The keys' hint said "Keys 1 to 8 bet that many units" with six of them disabled.
    assert "Keys from 3 on are more than you have left." in page
    assert "more than you have left" not in client.get(sit(client, csrf)).get_data(as_text=True)


def test_another_learners_table_is_not_found(client: Any, csrf: Any, app: Any) -> None:
    url = sit(client, csrf)
    other = app.test_client()
    assert other.get(url).status_code == 404
    assert client.get("/table/nosuchtable").status_code == 404


def test_co_bettors_sit_on_a_casino_boxes_box_and_their_share_is_shown(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(
        client,
        csrf,
        rules="casino-boxes",
        co_bettors="2",
        graded=["strategy"],
        unit="10",
        bankroll="1000",
    )
    assert "2 co-bettors on each" in client.get(url).get_data(as_text=True)
    for _ in range(40):
        kind, fields = step_form(client, url, hidden_fields)
        response = post_step(client, url, answer(kind, fields))
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        if "settled" in page:
            assert "the co-bettors&#39;" in page or "the co-bettors'" in page
            # The learner's own share on their box, beside the box's (its whole net read as
            # theirs: "Your box 1 · −30", where they had lost 10, a walk).
            text = html.unescape(page)
            label = re.search(
                r'<p class="who">Your box[^<]*<span class="net"> · ([^<]+)</span>', text
            )
            assert label and re.fullmatch(r"\S+ for you \(\S+ the box\)", label[1]), label
            return
    pytest.fail("no round was settled")


def test_co_bettors_where_the_rules_take_none_are_refused(client: Any, csrf: Any, db: Any) -> None:
    response = client.post("/table/", data={**SETUP, "co_bettors": "1", "csrf_token": csrf()})
    assert response.status_code == 400
    assert "Bettors on a box: a box of these rules takes 0" in response.get_data(as_text=True)
    assert db["table_sessions"].count == 0


def assert_why_given(client: Any, db: Any, drill: str) -> None:
    """The mistakes page gives the last mistake of ``drill`` its verdict's sentence of why, as
    the drill grades the stored answer (the page gave none, a walk)."""
    stored = db.execute(
        "SELECT question, answer, rules FROM attempts WHERE drill = ? ORDER BY id DESC", [drill]
    ).fetchone()
    grade = registry()[drill].grade(stored[0], stored[1], Rules.parse(stored[2]))
    assert not grade.correct and len(grade.why) > 20, grade
    mistakes = client.get(f"/mistakes?drill={drill}").get_data(as_text=True)
    assert f'<p class="why">{html.escape(grade.why, quote=False)}</p>' in mistakes, grade.why


def test_a_mistake_at_the_table_is_drilled_again_from_the_mistakes_page(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf)
    fields = to_a_play(client, url, hidden_fields)
    table_id = url.rsplit("/", 1)[-1]
    row = db.execute("SELECT rules, setup, seed FROM table_sessions WHERE id = ?", [table_id])
    rules, setup, seed = row.fetchone()
    spec = TableSpec.from_stored(Rules.parse(rules), json.loads(setup))
    played = [s.step for s in tables.steps_of(db, table_id)]
    ask = TableGame(spec.setup(seed), chart(spec.rules)).play(played, spec.bankroll)
    worked = work_out(step_asks(spec, ask)[0].notation, spec.rules)
    wrong = next(key for key in sorted(worked.legal) if key != worked.right)
    assert post_step(client, url, {**fields, "answer": wrong}).status_code == 200
    assert_why_given(client, db, "table-play")
    data = {"drill": "table-play", "sort": "newest", "csrf_token": csrf()}
    review = client.post("/mistakes/review", data=data)
    assert review.status_code == 303
    question = client.get(review.headers["Location"]).get_data(as_text=True)
    assert "Your play?" in question
    again = {**hidden_fields(question), "answer": worked.right}
    response = client.post("/drills/table-play/answer", data=again, follow_redirects=True)
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    assert "Right" in response.get_data(as_text=True)
    assert "the chart says" in response.get_data(as_text=True)


@pytest.mark.parametrize(("boxes", "names"), [("1", ["Your box"]), ("2", ["Box 1", "Box 2"])])
def test_the_learners_box_is_numbered_only_where_they_play_more_than_one(
    client: Any, csrf: Any, hidden_fields: Any, boxes: str, names: list[str]
) -> None:
    """A walk read «Место 1 · Ваш бокс 1 · Место 3»: the learner's one box numbered beside the
    seats' numbers. One box is "Your box" at the table and in the settlement; two or more are
    numbered in both."""
    url = sit(client, csrf, boxes=boxes, graded=["strategy"])
    for _ in range(60):
        kind, fields = step_form(client, url, hidden_fields)
        page = post_step(client, url, answer(kind, fields)).get_data(as_text=True)
        if "settled" in page:
            break
    else:
        pytest.fail("no round was settled")
    seats = re.findall(r'<div class="seat mine" role="group" aria-label="([^"]+)"', page)
    mine = [f"Your box {n}" for n in range(1, int(boxes) + 1)] if boxes != "1" else ["Your box"]
    assert seats[: len(mine)] == mine, seats
    settled = page.split("settled</h3>")[1].split("</ul>")[0]
    for name in names:
        assert re.search(rf"<li>{name}(, hand \d)?: ", settled), settled
    # Each hand's net is named ("stake 10, result 0", not "stake 10, 0": a walk).
    assert re.search(r"; stake [\d.,]+, result [+\u2212]?[\d.,]+[.( ]", settled), settled
    assert ("Box 1" in settled) is (boxes != "1")


@pytest.mark.parametrize(
    ("rules", "seat"),
    [("twenty-one-home", "Игроком, место 1 слева от сдатчика"),
     ("russian-bank", "Понтёром, место 1 слева от банкомёта")],
)  # fmt: skip
def test_the_set_up_names_the_seats_in_its_games_words_and_offers_no_boxes_where_players_deal(
    client: Any, rules: str, seat: str
) -> None:
    # 002 chosen, the seats read "слева от банкомёта" (the learner's last game, 004), and
    # "Ваши боксы" was asked at both games, where boxes are a casino's (a walk).
    page = client.get(f"/table/?rules={rules}", headers={"Accept-Language": "ru"})
    text = page.get_data(as_text=True)
    assert seat in text
    assert "Ваши боксы" not in text and '<input type="hidden" name="boxes" value="1">' in text
    casino = client.get("/table/?rules=vegas-6d-s17", headers={"Accept-Language": "ru"})
    assert "Ваши боксы" in casino.get_data(as_text=True)
    # In English the menu said "the dealer's (banker's) left" at both games.
    english = html.unescape(client.get(f"/table/?rules={rules}").get_data(as_text=True))
    banker = rules == "russian-bank"
    assert f"A punter, seat 1 from the {'banker' if banker else 'dealer'}'s left" in english
    assert f">Holding the {'bank' if banker else 'deal'} at the start<" in english
    assert "(banker's)" not in english and "(or the bank)" not in english


@pytest.mark.parametrize(
    ("rules", "said", "not_said"),
    [("twenty-one-home", "You hold the deal:", "You hold the bank:"),
     ("russian-bank", "You hold the bank:", "You hold the deal:")],
)  # fmt: skip
def test_the_set_up_says_the_chosen_games_own_way_of_dealing(
    client: Any, rules: str, said: str, not_said: str
) -> None:
    # Both games in one paragraph of some 130 words lost a newcomer (a walk).
    page = html.unescape(client.get(f"/table/?rules={rules}").get_data(as_text=True))
    hint = re.search(r'<p class="hint muted">(You hold.*?)</p>', page, re.S)
    assert hint and said in hint[1] and not_said not in hint[1]
    assert "text 002" not in hint[1] and "text 004" not in hint[1]
    assert len(hint[1].split()) < 90


def test_a_single_card_shows_no_total(app: Any) -> None:
    # The dealer's ace alone, before his second card (003 deals none face down), read
    # «Дилер · мягкие 11» (a walk); two cards keep theirs.
    from trainer.engine.deck.cards import Card
    from trainer.web.table_view import _total

    with app.test_request_context():
        assert _total((Card.parse("AS"),), (True,)) == ""
        assert _total((Card.parse("AS"), Card.parse("2D")), (True, True)) == "soft 13"


def test_an_amount_refused_on_one_of_two_boxes_names_it_and_keeps_what_was_typed(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    # 80 typed for box 1, box 2 left empty: "a bet is an amount, such as 10", the 80 erased,
    # and box 2's grey placeholder read as filled in (a walk).
    url = sit(client, csrf, boxes="2", graded=["strategy"])
    kind, fields = step_form(client, url, hidden_fields)
    assert kind == "bet"
    fields = {k: v for k, v in fields.items() if k != "units"}
    response = client.post(url + "/step", data={**fields, "bet0": "80", "bet1": ""})
    assert response.status_code == 400
    page = html.unescape(response.get_data(as_text=True))
    assert "Box 2: a bet is an amount" in page
    assert re.search(r'<input name="bet0"[^>]*value="80"', page)
    assert re.search(r'<input name="bet1"[^>]*value=""', page)
    # The focus goes to the box to blame, not box 1 (a walk's keyboard went to the 80).
    box2 = re.search(r'<input name="bet1"[^>]*>', page)
    box1 = re.search(r'<input name="bet0"[^>]*>', page)
    assert box2 and "autofocus" in box2[0] and 'aria-invalid="true"' in box2[0]
    assert box1 and "autofocus" not in box1[0] and "aria-invalid" not in box1[0]


@pytest.mark.parametrize(
    ("rules", "label"),
    [("twenty-one-home", "Home twenty-one"), ("russian-bank", "The Russian banking game")],
)
def test_the_starting_place_is_named_for_the_game_chosen(
    client: Any, rules: str, label: str
) -> None:
    # It named both games with one of them chosen (a walk).
    page = html.unescape(client.get(f"/table/?rules={rules}").get_data(as_text=True))
    assert f"<label>{label}: where you start" in page
    assert "(text 002) or the Russian banking game (text 004)" not in page
