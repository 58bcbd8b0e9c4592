"""The table's pages: set-up under another preset, a study still being worked out, a plain
form's step redirected (post, redirect, get), the bet keys, the footer, the burned card shown,
and the summary's costs of errors taken back."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from drills.table_dealing import dealer_grade, standing_hands
from drills.table_play import work_out
from drills.table_session import TableSpec, step_asks
from tests.web.test_table_web import SETUP, answer, counts, post_step, sit, step_form
from trainer.engine.banker.dealer_choice import unseen_values
from trainer.engine.deck.hand import Hand
from trainer.engine.play.table_game import Ask, TableGame
from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy import chart
from trainer.store import tables

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")


def replayed(db: Any, url: str) -> tuple[TableSpec, TableGame, Ask]:
    table_id = url.rsplit("/", 1)[-1]
    row = db.execute("SELECT rules, setup, seed FROM table_sessions WHERE id = ?", [table_id])
    rules, setup, seed = row.fetchone()
    spec = TableSpec.from_stored(Rules.parse(rules), json.loads(setup))
    played = [s.step for s in tables.steps_of(db, table_id) if s.state == "played"]
    game = TableGame(spec.setup(seed), chart(spec.rules))
    return spec, game, game.play(played, spec.bankroll)


def kept(client: Any, url: str, page: str, hidden_fields: Any) -> bool:
    """Keep the mistake a page holds, if it holds one; whether it did."""
    if "held-choice" not in page:
        return False
    fields = {**hidden_fields(page.split("held-choice")[1]), "choice": "keep"}
    assert client.post(url + "/held", data=fields).status_code == 303
    return True


def waits(
    client: Any, db: Any, url: str, hidden_fields: Any
) -> Iterator[tuple[TableSpec, Ask, str, str, dict[str, str]]]:
    """What the table waits for, step after step (a mistake held is kept first): its spec and
    ask as replayed, the page, the step's kind and its form's fields."""
    for _ in range(300):
        spec, _, ask = replayed(db, url)
        page = client.get(url).get_data(as_text=True)
        if kept(client, url, page, hidden_fields):
            continue
        kind, fields = step_form(client, url, hidden_fields)
        yield spec, ask, page, kind, fields
    raise AssertionError("the table never ended")


def stored_setup(db: Any) -> dict[str, Any]:
    return dict(json.loads(db.execute("SELECT setup FROM table_sessions").fetchone()[0]))


@pytest.mark.long
@pytest.mark.parametrize(
    ("preset", "unit", "bankroll"), [("permanent-bank", 1, 2000), ("casino-boxes", 10, 20000)]
)
def test_another_preset_picked_and_sent_at_once_takes_its_own_money(
    preset: str, unit: int, bankroll: int, client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # The form as drawn under vegas (its unit 5 and bankroll), another preset picked in the
    # menu and the form sent without drawing it again.
    page = client.get("/table/").get_data(as_text=True)
    drawn_unit = re.search(r'name="unit"[^>]*value="([^"]+)"', page)
    drawn_bankroll = re.search(r'name="bankroll"[^>]*value="([^"]+)"', page)
    assert drawn_unit and drawn_bankroll
    data = {
        **SETUP,
        "rules": "vegas-6d-s17",
        "preset": preset,
        "unit": drawn_unit[1],
        "bankroll": drawn_bankroll[1],
        "graded": ["strategy", "bets"],
        "mode": "training",
    }
    response = client.post("/table/", data={**data, "csrf_token": csrf()})
    assert response.status_code in (202, 303), response.get_data(as_text=True)[:2000]
    assert stored_setup(db)["unit"] == str(unit)
    assert stored_setup(db)["bankroll"] == str(bankroll)


def test_a_rule_changed_in_the_drawn_options_goes_with_another_preset_picked(
    client: Any, csrf: Any, db: Any
) -> None:
    # The options drawn for vegas, another preset picked in the menu and one option changed
    # (decks 6 to 1) before sending: the change is made on the new preset; the options left
    # as vegas had them are the new preset's own.
    page = client.get("/table/").get_data(as_text=True)
    drawn = dict(re.findall(r'name="(rule-[a-z_0-9]+)"[^>]*value="([^"]*)"', page))
    assert drawn.get("rule-decks") == "6"
    data = {
        **SETUP,
        **drawn,
        "rule-decks": "1",
        "preset": "russian-bank",
        "others": "3",
        "unit": "1",
        "bankroll": "200",
    }
    response = client.post("/table/", data={**data, "csrf_token": csrf()})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    rules = db.execute("SELECT rules FROM table_sessions").fetchone()[0]
    assert rules == "russian-bank decks=1"


def test_a_unit_the_learner_typed_is_kept_or_refused_by_the_new_limits(
    client: Any, csrf: Any, db: Any
) -> None:
    data = {**SETUP, "rules": "vegas-6d-s17", "preset": "permanent-bank", "unit": "25"}
    response = client.post("/table/", data={**data, "csrf_token": csrf()})
    assert response.status_code == 400
    assert "A unit of 25 is outside this table" in response.get_data(as_text=True)
    assert db["table_sessions"].count == 0


def test_drawing_the_rules_again_keeps_the_other_choices(client: Any, csrf: Any) -> None:
    data = {**SETUP, "preset": "casino-boxes", "others": "4", "rules_only": "1", "mode": "test"}
    page = client.post("/table/", data={**data, "csrf_token": csrf()}).get_data(as_text=True)
    assert re.search(r'name="others"[^>]*value="4"', page)
    assert re.search(r'value="test" checked', page)
    assert re.search(r'name="unit"[^>]*value="10"', page)  # casino-boxes' minimum


def test_the_set_up_survives_the_wait_for_its_study(
    client: Any, csrf: Any, db: Any, monkeypatch: Any
) -> None:
    monkeypatch.setattr(
        "trainer.web.views.table.study_or_start", lambda rules, system: (None, None)
    )
    response = client.post("/table/", data={**SETUP, "others": "3", "csrf_token": csrf()})
    assert response.status_code == 202
    page = response.get_data(as_text=True)
    table_id = db.execute("SELECT id FROM table_sessions").fetchone()[0]
    assert f'href="/table/{table_id}"' in page  # the progress page goes on to the table
    assert stored_setup(db)["others"] == 3


def test_a_plain_forms_step_is_redirected_and_its_feedback_shown(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, mode="training")
    kind, fields = step_form(client, url, hidden_fields)
    response = client.post(url + "/step", data=answer(kind, fields))
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith(url + "?shown=")
    assert location.endswith("#verdict")  # to the verdict, not the next hand below it
    page = client.get(location).get_data(as_text=True)
    # The shoe's first bet, one unit at a count of 0: right, in one short line (the heading
    # says "Right": the line does not again).
    assert '<p class="verdict-first"><strong>Bet, box 1: 5.</strong></p>' in page
    assert 'id="verdict"' in page
    assert 'id="feedback-heading"' in page
    assert "Bet, box 1" not in client.get(url).get_data(as_text=True)  # shown once, after it


def test_htmx_gets_the_block_with_the_feedback(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, mode="training")
    kind, fields = step_form(client, url, hidden_fields)
    response = client.post(url + "/step", data=answer(kind, fields), headers={"HX-Request": "true"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert "<html" not in body and "Bet, box 1" in body
    # With the page's title, which htmx makes the document's: it names this verdict, not the
    # one before it (a walker's tab said "Not quite" through the right answers after one).
    title = re.match(r"<title>(.*?)</title>", body)
    assert title is not None and title.group(1).endswith("At the table · Blackjack trainer")
    assert title.group(1).startswith("Not quite") == ('id="verdict" class="feedback wrong' in body)


def test_every_bet_key_the_hint_names_is_there(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf)
    page = client.get(url).get_data(as_text=True)
    keys = re.findall(r'name="units" value="(\d)" data-key="\1"', page)
    assert keys == [str(n) for n in range(1, 9)]
    assert "Keys 1 to 8 bet" in page
    kind, fields = step_form(client, url, hidden_fields)
    response = client.post(url + "/step", data={**fields, "units": "7"})
    assert response.status_code == 303
    assert tables.steps_of(db, url.rsplit("/", 1)[-1])[0].step == "bet 35"


def test_the_footer_names_the_table_sat_at(client: Any, csrf: Any) -> None:
    url = sit(client, csrf, rules="twenty-one-club", graded=["strategy"], unit="1", bankroll="200")
    footer = client.get(url).get_data(as_text=True).split('id="footer-rules"')[1]
    assert footer.startswith(">This table:")
    table, chosen = footer.split("Your rules for the drills:")
    assert "home" not in table.lower() and "club" in table.lower()
    assert "Las Vegas, 6 decks" in chosen.split("</p>")[0]


def footer_of(page: str) -> str:
    return re.sub(r"\s+", " ", page.split('id="footer-rules"')[1].split("</p>")[0])


def test_at_a_double_deck_table_the_footer_names_its_two_decks(client: Any, csrf: Any) -> None:
    url = sit(client, csrf, rules="double-deck", unit="10", graded=["strategy"])
    footer = footer_of(client.get(url).get_data(as_text=True))
    shoe = footer.split("Your rules for the drills:")[0]
    assert "This table: Double deck" in shoe and "6 decks" not in shoe
    # Setting one up: the footer follows the preset the form shows (drawn again, or refused).
    drawn = client.post(
        "/table/", data={"rules": "double-deck", "rules_only": "1", "csrf_token": csrf()}
    )
    assert footer_of(drawn.get_data(as_text=True)).startswith(">This table: Double deck")
    refused = client.post(
        "/table/", data={**SETUP, "rules": "double-deck", "unit": "1", "csrf_token": csrf()}
    )
    assert refused.status_code == 400
    assert footer_of(refused.get_data(as_text=True)).startswith(">This table: Double deck")
    # At the learner's own chosen rules the footer names them once.
    same = footer_of(client.get("/table/").get_data(as_text=True))
    assert same.startswith(">This table: Las Vegas, 6 decks") and "drills" not in same


def test_a_burned_card_shown_is_on_the_page(client: Any, csrf: Any, db: Any) -> None:
    url = sit(client, csrf, rules="twenty-one-club", graded=["strategy"], unit="1", bankroll="200")
    _, game, _ = replayed(db, url)
    burned = game.table.shoe.burned_seen
    assert len(burned) == 1
    page = client.get(url).get_data(as_text=True)
    shown = page.split('aria-label="Burned card"')
    assert len(shown) == 2
    card = burned[0]
    rank = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}.get(
        card.rank.symbol, card.rank.label
    )
    assert f'aria-label="{rank} of ' in shown[1].split("</div>")[0]


def test_a_casino_burn_is_not_shown(client: Any, csrf: Any) -> None:
    url = sit(client, csrf)
    assert 'aria-label="Burned card"' not in client.get(url).get_data(as_text=True)


def right_or_wrong(spec: TableSpec, ask: Ask, wrong: bool) -> str:
    worked = work_out(step_asks(spec, ask)[0].notation, spec.rules)
    if not wrong:
        return worked.right
    return max((k for k in worked.legal if k != worked.right), key=lambda k: -worked.evs.get(k, -9))


def test_an_error_taken_back_is_counted_but_costs_nothing(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, rules="single-deck", graded=["strategy"], mode="training", unit="10")
    taken_back = False
    for _ in range(300):
        spec, _, ask = replayed(db, url)
        kind, fields = step_form(client, url, hidden_fields)
        if ask.kind == "over":
            break
        if ask.kind == "play":
            fields["answer"] = right_or_wrong(spec, ask, wrong=not taken_back)
        else:
            fields = answer(kind, fields)
        assert client.post(url + "/step", data=fields).status_code == 303
        if not taken_back and ask.kind == "play":
            page = client.get(url).get_data(as_text=True)
            at = re.search(
                r'form class="table-keys held-choice".*?name="at" value="(\d+)"', page, re.S
            )
            assert at
            back = {**hidden_fields(page.split("held-choice")[1]), "at": at[1], "choice": "back"}
            assert client.post(url + "/held", data=back).status_code == 303
            taken_back = True
    page = client.get(url).get_data(as_text=True)
    row = re.search(
        r'<th scope="row">Strategy</th><td>(\d+)</td><td>([^<]*)</td><td>([^<]*)</td>', page
    )
    assert row, page[-3000:]
    assert row[1] == "1" and row[2] == "0" and row[3] == "0.00"
    assert "taken back" in page
    # The headline says how many of the mistakes it counts were taken back.
    headline = re.search(r'class="error-groups"><strong>(.*?)</strong>', page, re.S)
    assert headline and headline[1] == "1 mistake, taken back at no cost:", headline
    # The mistakes page lists it, and says it cost nothing at the table (it read a cost alone).
    mistakes = html.unescape(client.get("/mistakes").get_data(as_text=True))
    costs = re.findall(r'<span class="cost">(.*?)</span>', mistakes, re.S)
    assert len(costs) == 1, costs
    assert costs[0].endswith("you took it back at the table, where it cost nothing."), costs


def test_a_mistake_made_again_after_taking_it_back_and_kept_is_priced(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    # The same wrong play, taken back, made again and kept: the summary lists both (the first
    # taken back, costing nothing), the kept one priced in money and in bets and in skill.
    client.application.config["RNG_SEED"] = 7  # the same shoe on every run (a random one once
    # held no play with a worse choice before the table ended, in a parallel run)
    url = sit(client, csrf, rules="single-deck", graded=["strategy"], mode="training", unit="10")
    state = "first"
    for _ in range(300):
        spec, _, ask = replayed(db, url)
        kind, fields = step_form(client, url, hidden_fields)
        if ask.kind == "over":
            break
        wrong = state != "done" and ask.kind == "play"
        if wrong:
            worked = work_out(step_asks(spec, ask)[0].notation, spec.rules)
            wrong = any(worked.evs[k] < worked.evs[worked.right] for k in worked.legal)
        if wrong:
            fields["answer"] = right_or_wrong(spec, ask, wrong=True)
        elif ask.kind == "play":
            fields["answer"] = right_or_wrong(spec, ask, wrong=False)
        else:
            fields = answer(kind, fields)
        assert client.post(url + "/step", data=fields).status_code == 303
        if not wrong:
            continue
        page = client.get(url).get_data(as_text=True)
        at = re.search(r'form class="table-keys held-choice".*?name="at" value="(\d+)"', page, re.S)
        assert at
        choice = "back" if state == "first" else "keep"
        held = {**hidden_fields(page.split("held-choice")[1]), "at": at[1], "choice": choice}
        assert client.post(url + "/held", data=held).status_code == 303
        state = "again" if state == "first" else "done"
    assert state == "done"
    page = client.get(url).get_data(as_text=True)
    row = re.search(
        r'<th scope="row">Strategy</th><td>(\d+)</td><td>([^<]*)</td><td>([^<]*)</td>', page
    )
    assert row, page[-3000:]
    assert row[1] == "2" and row[2] != "0" and float(row[3]) > 0
    headline = re.search(r'class="error-groups"><strong>(.*?)</strong>', page, re.S)
    assert headline and headline[1] == "2 mistakes (1 of them taken back, at no cost):", headline
    assert page.count("you took it back") + page.count("taken back") >= 1
    skill = re.search(r"Your mistakes cost \(skill\)</dt><dd>([^<]+)</dd>", page)
    assert skill and skill[1].startswith("\u2212") and skill[1] != "\u22120"  # a true minus
    # The mistakes page: the one taken back says it cost nothing there, the kept one does not.
    mistakes = html.unescape(client.get("/mistakes").get_data(as_text=True))
    costs = re.findall(r'<span class="cost">(.*?)</span>', mistakes, re.S)
    assert sorted(cost.endswith("where it cost nothing.") for cost in costs) == [False, True]


# A talia of a short pack (one deck), holding the bank.
BANK_TABLE = {
    "rules": "russian-bank decks=1",
    "graded": ["strategy"],
    "unit": "1",
    "bankroll": "200",
    "mode": "training",
}


def test_holding_the_deal_each_draw_is_graded_and_the_summary_prices_it(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **BANK_TABLE)
    assert "the bank held by you" in client.get(url).get_data(as_text=True)
    # What is graded is the bank's draws, not "basic strategy" (a walk at 004).
    page = html.unescape(client.get(url).get_data(as_text=True))
    assert "graded: the banker's draws;" in page
    wrong = None
    for spec, ask, _, kind, fields in waits(client, db, url, hidden_fields):
        if kind == "over":
            break
        if kind == "draw":
            if wrong is None:  # a bad key first: refused, nothing stored
                stored = db["table_steps"].count
                bad = client.post(url + "/step", data={**fields, "answer": "X"})
                assert bad.status_code == 400
                assert "Draw with H, or stand with S" in bad.get_data(as_text=True)
                assert db["table_steps"].count == stored
            grade = dealer_grade(spec.rules, ask, "draw")
            if grade is None:  # the pack seen but for the punters' face-down cards: a draw
                # from the discards, not graded
                hidden = sum(hand.hidden for hand in standing_hands(ask.round))
                assert sum(unseen_values(spec.rules, ask.seen)) <= hidden
                response = client.post(url + "/step", data={**fields, "answer": "S"})
                assert response.status_code == 303
                continue
            right = "H" if grade.right_answer == "draw" else "S"
            answer = right if wrong else ("S" if right == "H" else "H")
            response = client.post(url + "/step", data={**fields, "answer": answer})
            shown = client.get(response.headers["Location"]).get_data(as_text=True)
            assert "<strong>Draw or stand: " in shown and "to the bank" in shown
            wrong = wrong or answer
            continue
        data = {"deal": {"answer": "D"}, "count": {"running": "0", "true": "0"}}[kind]
        assert client.post(url + "/step", data={**fields, **data}).status_code == 303
    page = client.get(url).get_data(as_text=True)
    assert "The talia is played out" in page
    row = re.search(r'<th scope="row">Dealing</th><td>(\d+)</td><td>([^<]*)</td>', page)
    # The wrong draw is priced; the summary writes its price to two places (a draw that loses
    # the bank under half a hundredth is "0.00": the shoe is not pinned).
    [(cost,)] = db.execute("SELECT ev_cost FROM attempts WHERE correct = 0").fetchall()
    assert Fraction(cost) > 0
    assert row and row[1] == "1" and Fraction(row[2]) >= 0


def test_early_surrender_is_asked_before_the_peek_and_graded(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(
        client, csrf, rules="vegas-6d-s17 surrender=early", graded=["strategy"], mode="training"
    )
    for _, ask, page, kind, fields in waits(client, db, url, hidden_fields):
        assert kind != "over", "no early surrender came"
        natural = Hand(ask.hand_cards).total == 21  # played at the early ask, not graded
        if kind == "play" and ask.early and not natural:
            assert "before the dealer checks for blackjack" in page
            response = client.post(url + "/step", data={**fields, "answer": "R"})
            assert response.status_code == 303
            shown = client.get(response.headers["Location"]).get_data(as_text=True)
            # (A right one's line is "Play: surrender.": the heading above says "Right".)
            said = r"<strong>Play: (surrender\.|\w+ was right, not surrender)"
            assert re.search(said, shown)
            assert "surrender \u2212" in shown  # its EV, early surrender's, among the plays'
            return
        assert client.post(url + "/step", data=answer(kind, fields)).status_code == 303


def test_part_of_the_insurance_is_taken_and_too_much_is_refused(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, graded=["strategy", "insurance"])
    for _ in range(2000):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over":  # a shoe with no ace up to a hand (some 3% of them): another
            url = sit(client, csrf, graded=["strategy", "insurance"])
            continue
        page = client.get(url).get_data(as_text=True)
        if kind == "insurance" and "Part of it" in page:  # not even money: part may be taken
            stored = db["table_steps"].count
            too_much = client.post(url + "/step", data={**fields, "insure_amount": "3"})
            assert too_much.status_code == 400  # a bet of 5 insures 2.50 at most
            assert "at most 2.50 (half the bet), not 3" in too_much.get_data(as_text=True)
            assert db["table_steps"].count == stored
            response = client.post(url + "/step", data={**fields, "insure_amount": "1.25"})
            assert response.status_code == 303
            steps = tables.steps_of(db, url.rsplit("/", 1)[-1])
            assert steps[-1].step == "insure part 5/4"
            attempt = db.execute("SELECT answer FROM attempts ORDER BY id DESC").fetchone()
            assert attempt[0] == "I"  # graded as taking insurance
            assert "Insured 1.25" in client.get(url).get_data(as_text=True)
            return
        assert client.post(url + "/step", data=answer(kind, fields)).status_code == 303
    raise AssertionError("no insurance was offered")


def _early_natural(
    client: Any, csrf: Any, db: Any, hidden_fields: Any, mode: str = "test"
) -> tuple[str, TableSpec, Ask, str, dict[str, str]]:
    """A table whose learner's box is dealt a natural asked early surrender: its address,
    spec, ask, page and form fields there."""
    # Seed 0 of this table deals the learner's box A-J against a king in its 22nd round.
    url = sit(client, csrf, rules="vegas-6d-s17 surrender=early", graded=["strategy"], mode=mode)
    db.execute("UPDATE table_sessions SET seed = 0")
    db.conn.commit()
    for spec, ask, page, kind, fields in waits(client, db, url, hidden_fields):
        assert kind != "over", "no natural came"
        if kind == "play" and ask.early and {card.value for card in ask.hand_cards} == {1, 10}:
            return url, spec, ask, page, fields
        data = {"bet": {"units": "1"}, "insurance": {"answer": "N"}}.get(kind, {"answer": "S"})
        assert client.post(url + "/step", data={**fields, **data}).status_code == 303
    raise AssertionError("no natural came")


def test_a_natural_asked_early_surrender_stands_graded_right(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url, spec, ask, page, fields = _early_natural(client, csrf, db, hidden_fields)
    assert [a.notation for a in step_asks(spec, ask)] == ["AD JH v KD"]
    assert 'data-key="H"' in page and re.search(r'data-key="H"[^>]*disabled', page)
    response = client.post(url + "/step", data={**fields, "answer": "S"})
    assert response.status_code == 303  # played (a 500 before: graded as a chart play)
    attempt = db.execute("SELECT answer, correct FROM attempts ORDER BY id DESC").fetchone()
    assert tuple(attempt) == ("S", 1)


def test_a_natural_surrendered_early_is_graded_a_mistake_with_its_cost(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url, spec, ask, _, fields = _early_natural(client, csrf, db, hidden_fields, "training")
    stored = counts(db)
    hit = client.post(url + "/step", data={**fields, "answer": "H"})
    assert hit.status_code == 400 and counts(db) == stored
    assert "A natural is paid after the peek; it stands, or surrenders early." in hit.get_data(
        as_text=True
    )
    response = client.post(url + "/step", data={**fields, "answer": "R"})
    assert response.status_code == 303
    row = db.execute("SELECT answer, correct, ev_cost FROM attempts ORDER BY id DESC").fetchone()
    worked = work_out("AD JH v KD", spec.rules)
    assert (row[0], row[1]) == ("R", 0)
    assert float(Fraction(row[2])) == pytest.approx(worked.evs["S"] + 0.5, abs=1e-6)
    shown = client.get(response.headers["Location"]).get_data(as_text=True)
    # The cost once, in the first line (not again behind "details": a walk read it twice).
    assert "A natural against 10" in shown and "; it cost " in shown
    assert "Surrender costs" not in shown
    assert tables.steps_of(db, url.rsplit("/", 1)[-1])[-1].state == "held"


@pytest.mark.parametrize(
    ("preset", "deals", "co_bettors"),
    [("vegas-6d-s17", False, False), ("twenty-one-home", True, False),
     ("russian-bank", True, False), ("casino-boxes", False, True)],
)  # fmt: skip
def test_the_set_up_form_explains_only_what_its_rules_have(
    preset: str, deals: bool, co_bettors: bool, client: Any, csrf: Any
) -> None:
    """Who holds the deal, and where the learner starts, belong with home twenty-one and the
    Russian banking game only; co-bettors with the casino boxes: not on a Vegas table's form."""
    drawn = client.post("/table/", data={"rules": preset, "rules_only": "1", "csrf_token": csrf()})
    page = drawn.get_data(as_text=True)
    assert ("You hold the deal" in page or "You hold the bank" in page) is deals
    assert ('name="punter_seat"' in page) is deals
    assert ('name="co_bettors"' in page) is co_bettors


def test_a_count_check_refused_keeps_what_was_typed(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    """A count check sent with its true count left empty is refused (400), and the running
    count typed stays in its box: the learner types only what was missing."""
    url = sit(client, csrf)
    for _ in range(300):
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "count":
            break
        assert post_step(client, url, answer(kind, fields)).status_code == 200
    assert kind == "count"
    refused = post_step(client, url, {**fields, "running": "+3", "true": ""})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400, page[-2000:]
    running = re.search(r'<input name="running"[^>]*>', page)
    assert running is not None and 'value="+3"' in running[0], running
    true = re.search(r'<input name="true"[^>]*>', page)
    assert true is not None and "value=" not in true[0], true
