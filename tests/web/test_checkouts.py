"""Checkouts on the web: a run dealt, its parts started and answered in order against the
server's clock, a pass's certificate verified by anyone; and as an attacker would try it: a
forged or edited certificate link, answers out of order or after the clock, another learner's
run, a deleted account's certificate: each refused with a clear page, nothing stored."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from drills.checkouts.plan import SORT_DRILLS
from drills.dealing.table_payouts import BOX_FIELDS
from tests.conftest import app_config
from trainer.clock import Clock
from trainer.engine.rulebook.rules import Rules
from trainer.store import checkouts as stored
from trainer.store import users

CSRF = "csrf-for-checkouts"
START = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> Clock:
    return Clock(fixed=START)


@pytest.fixture
def app(tmp_path: Path, strategy_charts: None, count_studies: None, clock: Clock) -> Any:
    from trainer import create_app

    return create_app(app_config(tmp_path, CLOCK=clock))


def sign_up(client: Any, name: str) -> int:
    with client.session_transaction() as session:
        session["_csrf"] = CSRF
    data = {"username": name, "password": "password " + name, "csrf_token": CSRF}
    assert client.post("/signup", data=data).status_code == 303
    with client.session_transaction() as session:
        session["_csrf"] = CSRF
        return int(session["uid"])


def deal(client: Any, kind: str) -> int:
    response = client.post(f"/checkouts/{kind}", data={"csrf_token": CSRF})
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def right_form(db: Any, run_id: int, part: int, item: int, *, right: bool = True) -> dict[str, str]:
    """The answer fields of the item, right (worked out by its drill) or wrong."""
    run = stored.get_run(db, run_id, stored_user(db, run_id))
    assert run is not None
    sort, notation = run.items[part][item]
    drill = SORT_DRILLS[sort]
    rules = Rules.parse(run.rules)
    if sort == "table":
        amounts = drill.grade(notation, ";".join("0" for _ in range(7)), rules).right_answer
        fields = dict(zip(BOX_FIELDS, amounts.replace("\u2212", "-").split("; "), strict=False))
        if not right:
            fields["box1"] = "12345"
        return {**fields, "part": str(part), "item": str(item), "csrf_token": CSRF}
    keys = [key for key, _, legal in drill.question(notation, rules).view.get("keys", ()) if legal]
    probe = keys[0] if keys else "0"
    answer = drill.grade(notation, probe, rules).right_answer.replace("\u2212", "-")
    if not right:
        answer = next(key for key in keys if key != answer) if keys else "999"
    return {"answer": answer, "part": str(part), "item": str(item), "csrf_token": CSRF}


def stored_user(db: Any, run_id: int) -> int:
    return int(db.execute("SELECT user_id FROM checkout_runs WHERE id = ?", [run_id]).fetchone()[0])


def start_part(client: Any, run_id: int, part: int) -> None:
    data = {"part": str(part), "csrf_token": CSRF}
    assert client.post(f"/checkouts/runs/{run_id}/start", data=data).status_code == 303


def rows(db: Any) -> tuple[int, int, int]:
    return tuple(  # type: ignore[return-value]
        db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        for table in ("checkout_starts", "checkout_answers", "checkout_certificates")
    )


def pass_counting(client: Any, db: Any, clock: Clock) -> str:
    """Pass the counting checkout; return the certificate's link (its path)."""
    run_id = deal(client, "counting")
    for part in range(3):
        start_part(client, run_id, part)
        clock.advance(timedelta(seconds=12))
        answered = client.post(
            f"/checkouts/runs/{run_id}/answer", data=right_form(db, run_id, part, 0)
        )
        assert answered.status_code == 303
    page = client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True)
    assert "Passed" in page
    link = re.search(r'href="http://localhost(/certificates/[^"]+)"', page)
    assert link, page
    return link.group(1)


def test_the_start_page_names_the_criteria_and_the_rules(client: Any) -> None:
    page = client.get("/checkouts/basic-strategy").get_data(as_text=True)
    assert "100 answers in at most 300 seconds" in page
    assert "No errors" in page
    assert "6 decks" in page or "Las Vegas" in page
    dealer = client.get("/checkouts/dealer").get_data(as_text=True)
    assert "A stack of 20 cheques: 1 answer in at most 10 seconds." in dealer
    assert "A bonus paid \u2014 21 with five cards: 1 answer in at most 30 seconds." in dealer
    assert "A bonus paid \u2014 The busted banker pays 2x" in dealer
    assert client.get("/checkouts/nothing").status_code == 404


def test_a_guest_cannot_deal_a_checkout(client: Any, db: Any) -> None:
    with client.session_transaction() as session:
        session["_csrf"] = CSRF
    response = client.post("/checkouts/counting", data={"csrf_token": CSRF})
    assert response.status_code == 403
    assert "needs an account" in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM checkout_runs").fetchone()[0] == 0


def test_a_pass_gives_a_certificate_anyone_can_verify(
    app: Any, client: Any, db: Any, clock: Clock
) -> None:
    sign_up(client, "alice")
    link = pass_counting(client, db, clock)
    stranger = app.test_client()
    shown = stranger.get(link)
    assert shown.status_code == 200
    text = shown.get_data(as_text=True)
    assert "Counting checkout passed" in text
    assert "alice" not in text and "who chose to show no name" in text  # never the username
    assert "on Jun 1, 2026." in text and "Hi-Lo" in text
    # Its day is the reader's: 09:00 UTC is still 31 May in Honolulu, and in Russian too.
    stranger.set_cookie("tz", "Pacific/Honolulu")
    assert "on May 31, 2026." in stranger.get(link).get_data(as_text=True)
    russian = stranger.get(link, headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "31 мая 2026\u202fг." in russian
    assert "12.0\u00a0s" in text and "30\u00a0s" in text  # each time with its unit
    assert "Verified" in text


def test_a_forged_or_edited_certificate_link_is_refused(
    app: Any, client: Any, db: Any, clock: Clock
) -> None:
    sign_up(client, "alice")
    link = pass_counting(client, db, clock)
    token = link.rsplit("/", 1)[1]
    payload, signature = token.rsplit(".", 1)
    edited = payload[:-2] + ("AA" if payload[-2:] != "AA" else "BB") + "." + signature
    for bad in (edited, payload + ".forged", "WyJhIiwiYiJd.abc", token[:-1]):
        response = app.test_client().get(f"/certificates/{bad}")
        assert response.status_code == 404
        assert "not a certificate of this trainer" in response.get_data(as_text=True)
    for bad in ("x" * 300, token + "%00", token.replace(".", "/")):  # never read at all
        assert app.test_client().get(f"/certificates/{bad}").status_code == 404
    # A certificate whose stored words no longer match what was signed is refused too.
    db.execute("DROP TRIGGER checkout_certificates_append_only_update")
    db.execute("UPDATE checkout_certificates SET figures = '[]'")
    db.conn.commit()
    assert app.test_client().get(link).status_code == 404


def test_deleting_the_account_withdraws_its_certificates(
    app: Any, client: Any, db: Any, clock: Clock
) -> None:
    user_id = sign_up(client, "alice")
    link = pass_counting(client, db, clock)
    users.delete_account(db, user_id)
    response = app.test_client().get(link)
    assert response.status_code == 410
    assert "withdrawn" in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM checkout_runs").fetchone()[0] == 0


def test_answers_out_of_order_are_refused_and_nothing_is_stored(
    client: Any, db: Any, clock: Clock
) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "dealer")
    answer = f"/checkouts/runs/{run_id}/answer"
    before = rows(db)
    # Before its part's clock starts.
    response = client.post(answer, data=right_form(db, run_id, 0, 0))
    assert response.status_code == 400 and "in order" in response.get_data(as_text=True)
    # A later part, started out of order.
    late_start = {"part": "2", "csrf_token": CSRF}
    assert client.post(f"/checkouts/runs/{run_id}/start", data=late_start).status_code == 400
    start_part(client, run_id, 0)
    after_start = rows(db)
    assert after_start == (before[0] + 1, before[1], before[2])
    for part, item in ((1, 0), (0, 1), (2, 0)):
        response = client.post(answer, data=right_form(db, run_id, 0, 0) | {
            "part": str(part), "item": str(item)})  # fmt: skip
        assert response.status_code == 400
        assert "not for the question asked now" in response.get_data(as_text=True)
    for junk in ({"part": "-1"}, {"part": "9" * 30}, {"item": "x"}):
        response = client.post(answer, data=right_form(db, run_id, 0, 0) | junk)
        assert response.status_code == 400
    assert rows(db) == after_start
    # Answered once, the same answer again (a reload) is out of order.
    assert client.post(answer, data=right_form(db, run_id, 0, 0)).status_code == 303
    assert client.post(answer, data=right_form(db, run_id, 0, 0)).status_code == 400
    assert rows(db)[1] == after_start[1] + 1


def test_an_answer_after_the_clock_is_refused_and_the_run_fails(
    client: Any, db: Any, clock: Clock
) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "dealer")
    start_part(client, run_id, 0)
    clock.advance(timedelta(seconds=11))  # the cheque stack allows 10
    before = rows(db)
    response = client.post(f"/checkouts/runs/{run_id}/answer", data=right_form(db, run_id, 0, 0))
    assert response.status_code == 400
    # Said on the run's result, with the way to take it again (it was a bare error page).
    late = response.get_data(as_text=True)
    assert "after the clock ran out" in late.split('id="page-error"', 1)[1].split("</p>")[0]
    assert "Not passed: the clock ran out" in late and "Take this checkout again" in late
    assert rows(db) == before
    page = client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True)
    assert "Not passed: the clock ran out" in page
    # The parts after it were never reached: said so, not noughts as if answered in no time.
    parts = re.findall(r"<tr><th scope=\"row\">.*?</tr>", page, re.S)
    assert len(parts) > 2 and "Not reached" not in parts[0], parts
    # The part whose clock ran out took all its time (it read 0.0 s, having no answer).
    cells = re.findall(r"<td>(.*?)</td>", parts[0])
    assert cells[-2] == "10.0\u00a0s" and cells[-1] == "10\u00a0s", cells
    assert all('<td colspan="3">Not reached</td>' in part for part in parts[1:]), parts


def test_the_clocks_seconds_are_said_in_the_pages_language(client: Any, db: Any) -> None:
    """The countdown's unit is the page's (static/js/checkout.js fills in the number): a
    Russian page counted down in English "s" (a walk)."""
    sign_up(client, "alice")
    run_id = deal(client, "dealer")
    start_part(client, run_id, 0)
    client.post("/language", data={"language": "ru", "csrf_token": CSRF})
    page = client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True)
    assert 'data-seconds-left="#\u00a0с"' in page


def test_another_learners_run_is_a_404_and_nothing_is_stored(
    app: Any, client: Any, db: Any
) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    mallory = app.test_client()
    sign_up(mallory, "mallory")
    assert mallory.get(f"/checkouts/runs/{run_id}").status_code == 404
    data = {"part": "0", "csrf_token": CSRF}
    assert mallory.post(f"/checkouts/runs/{run_id}/start", data=data).status_code == 404
    answer = right_form(db, run_id, 0, 0)
    assert mallory.post(f"/checkouts/runs/{run_id}/answer", data=answer).status_code == 404
    assert rows(db) == (0, 0, 0)


def test_a_wrong_answer_ends_the_counting_checkout(client: Any, db: Any) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    start_part(client, run_id, 0)
    wrong = right_form(db, run_id, 0, 0, right=False)
    assert client.post(f"/checkouts/runs/{run_id}/answer", data=wrong).status_code == 303
    page = client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True)
    assert "Not passed: too many errors" in page
    right = right_form(db, run_id, 0, 0)["answer"].replace("-", "\u2212")
    assert f"A deck counted down, question 1: you answered +999; right: {right}." in page
    assert rows(db)[2] == 0


def test_an_answer_in_the_wrong_form_is_a_400_and_not_stored(client: Any, db: Any) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    start_part(client, run_id, 0)
    data = right_form(db, run_id, 0, 0) | {"answer": "lots"}
    response = client.post(f"/checkouts/runs/{run_id}/answer", data=data)
    assert response.status_code == 400
    assert "Type a count as a number" in response.get_data(as_text=True)
    assert rows(db)[1] == 0


@pytest.mark.parametrize("kind", ["basic-strategy", "deviations", "true-count", "dealer"])
def test_each_checkout_passes_with_right_answers_in_time(
    client: Any, db: Any, clock: Clock, kind: str
) -> None:
    sign_up(client, "alice")
    run_id = deal(client, kind)
    run = stored.get_run(db, run_id, stored_user(db, run_id))
    assert run is not None
    for part, items in enumerate(run.items):
        start_part(client, run_id, part)
        page = client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True)
        assert "Answer by 09:" in page
        for item in range(len(items)):
            right = not (kind == "deviations" and part == 0 and item == 3)  # one error allowed
            data = right_form(db, run_id, part, item, right=right)
            response = client.post(f"/checkouts/runs/{run_id}/answer", data=data)
            assert response.status_code == 303, response.get_data(as_text=True)
        clock.advance(timedelta(seconds=1))
    page = client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True)
    assert "Passed" in page, page
    assert rows(db)[2] == 1
    if kind == "deviations":  # its one error, its plays named in words, not by their keys
        assert "Index plays, question 4: you answered " in page
        assert not re.search(r"you answered [A-Z];", page)


def test_checkouts_are_linked_from_the_menu_and_progress(client: Any) -> None:
    sign_up(client, "alice")
    assert 'href="/checkouts/"' in client.get("/").get_data(as_text=True)
    assert 'href="/checkouts/"' in client.get("/progress").get_data(as_text=True)


def deal_the_cards(client: Any, run_id: int, part: int, clock: Clock, cards: int = 50) -> None:
    """Ask for each card after the first as it comes due, 500 ms apart (the server's clock)."""
    for card in range(1, cards):
        clock.advance(timedelta(milliseconds=500))
        data = {"part": str(part), "item": "0", "card": str(card), "csrf_token": CSRF}
        assert client.post(f"/checkouts/runs/{run_id}/card", data=data).status_code == 303


def test_a_dealt_deck_passes_in_time_and_fails_too_slow(client: Any, db: Any, clock: Clock) -> None:
    sign_up(client, "alice")
    run_id = deal(client, "counting")
    for part in range(3):
        start_part(client, run_id, part)
        deal_the_cards(client, run_id, part, clock)  # the last card at 24.5 s
        clock.advance(timedelta(seconds=5))  # answered at 29.5 s of the 30 allowed
        answered = client.post(
            f"/checkouts/runs/{run_id}/answer", data=right_form(db, run_id, part, 0)
        )
        assert answered.status_code == 303
    assert "Passed" in client.get(f"/checkouts/runs/{run_id}").get_data(as_text=True)
    # Too slow: the same deal, answered 30.5 s after the first card was served.
    slow = deal(client, "counting")
    start_part(client, slow, 0)
    deal_the_cards(client, slow, 0, clock)
    clock.advance(timedelta(seconds=6))
    late = client.post(f"/checkouts/runs/{slow}/answer", data=right_form(db, slow, 0, 0))
    assert late.status_code == 400
    assert "after the clock ran out" in late.get_data(as_text=True)
    page = client.get(f"/checkouts/runs/{slow}").get_data(as_text=True)
    assert "Not passed: the clock ran out" in page
