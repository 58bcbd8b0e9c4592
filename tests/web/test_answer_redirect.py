"""A plain form's answer is Post/Redirect/Get: the POST stores the attempt once and sends the
browser (303) to a GET address of that attempt's verdict, so a reload or the back button sends
nothing again. The address names the attempt and is readable by its own learner alone; htmx
still gets the block it swaps in, with no redirect."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest

from drills.hand_totals import right_answer
from trainer.engine.deck.hand import Hand

VERDICT = re.compile(r"^/drills/hand-totals/answered/(\d+)\?[^#]*#feedback$")


def asked(client: Any, hidden_fields: Any, path: str = "/drills/hand-totals") -> dict[str, str]:
    page = client.get(path, follow_redirects=True)
    assert page.status_code == 200
    return dict(hidden_fields(page.get_data(as_text=True)))


def hand_totals_answer(form: dict[str, str], *, right: bool = True) -> dict[str, str]:
    right_one = right_answer(Hand.parse(form["question"]))
    wrong_one = "hard 12" if right_one == "bust" else "bust"
    kind, _, total = (right_one if right else wrong_one).partition(" ")
    return {**form, "kind": kind, "total": total}


def stored_ids(db: Any) -> list[int]:
    return [row["id"] for row in db.query("SELECT id FROM attempts ORDER BY id")]


def test_a_plain_answer_is_sent_to_its_verdicts_address(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    sent = client.post(
        "/drills/hand-totals/answer", data=hand_totals_answer(asked(client, hidden_fields))
    )
    assert sent.status_code == 303
    location = sent.headers["Location"]
    assert urlsplit(location).netloc == ""  # on this site, never off it
    found = VERDICT.match(location)
    assert found is not None, location
    assert stored_ids(db) == [int(found[1])]
    assert "rules=vegas-6d-s17" in location


def test_the_answer_forms_query_never_sends_the_browser_off_this_site(
    client: Any, hidden_fields: Any
) -> None:
    query = "?_external=1&_scheme=https&slug=x&attempt_id=9&next=//evil.example/"
    data = hand_totals_answer(asked(client, hidden_fields))
    sent = client.post(f"/drills/hand-totals/answer{query}", data=data)
    location = sent.headers["Location"]
    assert sent.status_code == 303 and location.startswith("/drills/hand-totals/answered/")
    assert urlsplit(location).netloc == "" and "_external" not in location
    assert client.get(location).status_code == 200


def test_the_verdicts_address_shows_it_and_a_reload_stores_nothing(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    form = asked(client, hidden_fields)
    wrong = hand_totals_answer(form, right=False)
    location = client.post("/drills/hand-totals/answer", data=wrong).headers["Location"]
    shown = client.get(location)
    text = shown.get_data(as_text=True)
    assert shown.status_code == 200
    assert 'id="feedback"' in text and "data-verdict=" in text
    assert "Wrong" in text or "wrong" in text
    assert "counted once" not in text  # a first answer
    assert 'name="question"' in text  # and the next question
    assert hidden_fields(text)["question"] != "" and hidden_fields(text)["token"] != form["token"]
    before = stored_ids(db)
    for _ in range(2):  # a reload, then another
        again = client.get(location)
        assert again.status_code == 200
        assert "data-verdict=" in again.get_data(as_text=True)
    assert stored_ids(db) == before and len(before) == 1


def test_an_answer_sent_again_goes_to_the_same_verdict_counted_once(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    data = hand_totals_answer(asked(client, hidden_fields))
    first = client.post("/drills/hand-totals/answer", data=data)
    second = client.post("/drills/hand-totals/answer", data=data)
    assert second.status_code == 303
    assert (
        VERDICT.match(first.headers["Location"])[1] == VERDICT.match(second.headers["Location"])[1]
    )  # type: ignore[index]
    assert "again=1" in second.headers["Location"]
    assert "counted once" in client.get(second.headers["Location"]).get_data(as_text=True)
    assert len(stored_ids(db)) == 1


def test_another_learner_or_a_new_visitor_gets_a_404(
    app: Any, client: Any, hidden_fields: Any, db: Any
) -> None:
    location = client.post(
        "/drills/hand-totals/answer", data=hand_totals_answer(asked(client, hidden_fields))
    ).headers["Location"]
    assert client.get(location).status_code == 200
    visitor = app.test_client()
    assert visitor.get(location).status_code == 404  # no session: nobody's answer
    other = app.test_client()
    other.post("/drills/hand-totals/answer", data=hand_totals_answer(asked(other, hidden_fields)))
    assert other.get(location).status_code == 404  # a guest of their own: not theirs
    assert other.get(location.replace("hand-totals", "soft-totals", 1)).status_code == 404
    mine = int(VERDICT.match(location)[1])  # type: ignore[index]
    assert client.get(f"/drills/running-count/answered/{mine}").status_code == 404  # another drill


def test_htmx_still_gets_the_panel_without_a_redirect(
    client: Any, hidden_fields: Any, db: Any
) -> None:
    data = hand_totals_answer(asked(client, hidden_fields))
    swapped = client.post("/drills/hand-totals/answer", data=data, headers={"HX-Request": "true"})
    text = swapped.get_data(as_text=True)
    assert swapped.status_code == 200 and "Location" not in swapped.headers
    assert "<html" not in text and "data-verdict=" in text
    assert len(stored_ids(db)) == 1


def test_a_malformed_answer_is_still_a_400_on_the_post(client: Any, hidden_fields: Any) -> None:
    form = {**asked(client, hidden_fields), "kind": "hard", "total": "many"}
    refused = client.post("/drills/hand-totals/answer", data=form)
    assert refused.status_code == 400 and "Location" not in refused.headers


def standing_asked(client: Any, hidden_fields: Any) -> dict[str, str]:
    """A basic-strategy question where standing is a legal answer, dealt again until one is (an
    insurance question or a surrender-only state has no Stand key: "S" was a 400 there)."""
    for _ in range(50):
        page = client.get("/drills/basic-strategy?mix=cells", follow_redirects=True)
        text = page.get_data(as_text=True)
        stand = re.search(r'<button type="submit" name="answer" value="S"[^>]*>', text)
        if page.status_code == 200 and stand and "disabled" not in stand.group(0):
            return dict(hidden_fields(text))
    pytest.fail("no question in 50 where standing is legal")


def test_the_quiz_and_its_timed_run_redirect_too(client: Any, hidden_fields: Any, db: Any) -> None:
    form = standing_asked(client, hidden_fields)
    sent = client.post("/drills/basic-strategy/answer", data={**form, "answer": "S"})
    assert sent.status_code == 303
    location = sent.headers["Location"]
    assert re.match(r"^/drills/basic-strategy/answered/\d+\?.*mix=cells.*#feedback$", location)
    shown = client.get(location)
    assert shown.status_code == 200 and "data-verdict=" in shown.get_data(as_text=True)
    assert len(stored_ids(db)) == 1
    client.get(location)
    assert len(stored_ids(db)) == 1
    swapped = client.post(
        "/drills/basic-strategy/answer",
        data={**form, "answer": "S"},
        headers={"HX-Request": "true"},
    )
    assert swapped.status_code == 200 and "counted once" in swapped.get_data(as_text=True)

    started = client.post(
        "/drills/basic-strategy/timed",
        data={
            "rules": form["rules"],
            "mix": "cells",
            "count": "10",
            "csrf_token": form["csrf_token"],
        },
    )
    assert started.status_code == 303
    run_page = client.get(started.headers["Location"]).get_data(as_text=True)
    run = hidden_fields(run_page)
    legal = [
        key
        for tag, key in re.findall(
            r'(<button type="submit" name="answer" value="(\w+)"[^>]*>)', run_page
        )
        if "disabled" not in tag
    ]
    assert legal  # the run's first question, whatever was dealt: one of its legal answers
    timed = client.post("/drills/basic-strategy/timed/answer", data={**run, "answer": legal[0]})
    assert timed.status_code == 303
    assert re.match(
        r"^/drills/basic-strategy/timed/answered/\d+#feedback$", timed.headers["Location"]
    )
    page = client.get(timed.headers["Location"])
    assert page.status_code == 200 and "data-verdict=" in page.get_data(as_text=True)
    assert len(stored_ids(db)) == 2


@pytest.mark.usefixtures("count_studies")
def test_a_counting_checkpoint_redirects_to_the_sessions_verdict(
    client: Any, csrf: Any, hidden_fields: Any, db: Any
) -> None:
    dealt = client.post(
        "/counting/sessions",
        data={
            "csrf_token": csrf(),
            "kind": "shoe",
            "speed": "20",
            "rules": "single-deck",
            "seats": "2",
        },
    )
    assert dealt.status_code == 303, dealt.get_data(as_text=True)
    session_page = dealt.headers["Location"]
    page = client.get(session_page).get_data(as_text=True)
    fields = {"running": "0", **({"true": "0"} if 'name="true"' in page else {})}
    form = {**hidden_fields(page), **fields}
    sent = client.post(f"{session_page}/answer", data=form)
    assert sent.status_code == 303, sent.get_data(as_text=True)[:3000]
    location = sent.headers["Location"]
    assert re.match(rf"^{re.escape(session_page)}/answered/\d+#feedback$", location)
    before = stored_ids(db)
    assert int(location.split("/")[-1].split("#")[0]) in before
    shown = client.get(location)
    assert shown.status_code == 200 and "data-verdict=" in shown.get_data(as_text=True)
    client.get(location)
    assert stored_ids(db) == before
    assert "Checkpoint 1: " in shown.get_data(as_text=True)
    again = client.post(f"{session_page}/answer", data=form)
    assert "again=1" in again.headers["Location"]
    assert "counted once" in client.get(again.headers["Location"]).get_data(as_text=True)


def test_a_call_catching_the_dealer_goes_to_its_runs_verdict(
    app: Any, client: Any, db: Any
) -> None:
    from tests.web.test_catch_dealer_web import RUN, start

    form = start(client, seed="7")
    sent = client.post(RUN, data={**form, "call": "next"})
    assert sent.status_code == 303
    location = sent.headers["Location"]
    assert re.match(r"^/dealing/catch/run/answered/\d+\?.*seed=\d+.*#feedback$", location)
    shown = client.get(location)
    assert shown.status_code == 200 and "Round 1:" in shown.get_data(as_text=True)
    client.get(location)
    assert len(stored_ids(db)) == 1
    other_run = location.replace("seed=7", "seed=8")  # the same attempt, another run's page
    assert client.get(other_run).status_code == 404
    assert app.test_client().get(location).status_code == 404  # a new visitor: nobody's
