"""Back-counting at the table: watch rounds from behind it, come in and leave, and change the
number of boxes from round to round; each choice graded (``back-count``) and stored, a forged
one refused with nothing stored."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_table_web import SETUP, counts, post_step, sit, step_form

pytestmark = pytest.mark.usefixtures("count_studies")

WONG = {**SETUP, "others": "2", "boxes": "3", "wong": "1", "graded": ["bets"]}


def drills_of(db: Any) -> list[tuple[str, str]]:
    return [(row["drill"], row["question"].split(" ")[0]) for row in db["attempts"].rows]


def stand_to_the_next_bet(client: Any, url: str, hidden_fields: Any) -> dict[str, str]:
    """Stand through the round (no insurance, counts of 0); the next bet step's fields."""
    while True:
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "bet":
            return fields
        answer = {"count": {"running": "0", "true": "0"}}.get(
            kind, {"answer": "N" if kind == "insurance" else "S"}
        )
        post_step(client, url, {**fields, **answer})


def test_a_watched_round_is_graded_and_deals_the_others_alone(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **WONG)
    kind, fields = step_form(client, url, hidden_fields)
    page = client.get(url).get_data(as_text=True)
    assert kind == "bet" and "Watch" in page and 'name="boxes"' in page
    response = post_step(client, url, {**fields, "watch": "1"})
    assert response.status_code == 200
    steps = list(db["table_steps"].rows)
    assert [s["step"] for s in steps] == ["watch"]
    # Watching is one question: play or watch (no bets, no boxes).
    assert drills_of(db) == [("back-count", "enter")]
    shown = response.get_data(as_text=True)
    assert "Your box" not in shown.split("Round 1")[-1].split("</section>")[0]


def test_playing_two_of_three_boxes_bets_two_and_grades_the_boxes(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **WONG)
    _, fields = step_form(client, url, hidden_fields)
    response = post_step(client, url, {**fields, "boxes": "2", "units": "1"})
    assert response.status_code == 200
    (step,) = db["table_steps"].rows
    assert step["step"] == "bet 5 5"
    # The boxes are graded knowing the two other seats (the cards each box takes of a round).
    (boxes,) = [r["question"] for r in db["attempts"].rows if r["question"].startswith("boxes")]
    assert boxes.startswith("boxes 3 others 2 bankroll ")
    assert sorted(drills_of(db)) == sorted(
        [
            ("back-count", "enter"),
            ("back-count", "boxes"),
            ("bet-sizing", "hi-lo"),
            ("bet-sizing", "hi-lo"),
        ]
    )


@pytest.mark.parametrize(
    "forged",
    [{"boxes": "4", "units": "1"}, {"boxes": "0", "units": "1"}, {"boxes": "x", "units": "1"}],
)
def test_a_forged_number_of_boxes_is_refused_and_nothing_stored(
    client: Any, csrf: Any, db: Any, hidden_fields: Any, forged: dict[str, str]
) -> None:
    url = sit(client, csrf, **WONG)
    _, fields = step_form(client, url, hidden_fields)
    before = counts(db)
    response = client.post(url + "/step", data={**fields, **forged})
    assert response.status_code == 400
    assert "boxes" in response.get_data(as_text=True)
    assert counts(db) == before


def test_watching_at_a_table_not_set_up_for_it_is_refused(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf)
    _, fields = step_form(client, url, hidden_fields)
    before = counts(db)
    response = client.post(url + "/step", data={**fields, "watch": "1"})
    assert response.status_code == 400  # read as a bet with none given
    assert counts(db) == before


def test_back_counting_with_no_one_else_at_the_table_is_refused(client: Any, csrf: Any) -> None:
    response = client.post("/table/", data={**WONG, "others": "0", "csrf_token": csrf()})
    assert response.status_code == 400
    assert "other seat" in response.get_data(as_text=True)


def test_the_enter_question_knows_whether_the_learner_played_the_round_before(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    url = sit(client, csrf, **{**WONG, "mode": "test"})
    _, fields = step_form(client, url, hidden_fields)
    post_step(client, url, {**fields, "watch": "1"})
    kind, fields = step_form(client, url, hidden_fields)
    assert kind == "bet"
    assert "You are watching" in client.get(url).get_data(as_text=True)
    post_step(client, url, {**fields, "boxes": "1", "units": "2"})
    fields = stand_to_the_next_bet(client, url, hidden_fields)
    assert "You are playing" in client.get(url).get_data(as_text=True)
    post_step(client, url, {**fields, "watch": "1"})
    enters = [
        r["question"].split(" ")[:2] for r in db["attempts"].rows if r["drill"] == "back-count"
    ]
    assert [e for e in enters if e[0] == "enter"] == [
        ["enter", "out"],
        ["enter", "out"],
        ["enter", "in"],
    ]


def test_seated_the_choice_is_stay_or_leave_and_its_verdict_survives_the_redirect(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """Watching, the bet step offers to come in or watch (W); seated, to stay or leave (L).
    Each choice is stored as its key and graded again, after a plain form's redirect, from
    it: the verdict names the choice."""
    url = sit(client, csrf, **{**WONG, "mode": "training", "boxes": "1"})
    page = client.get(url).get_data(as_text=True)
    assert "come in, or watch from behind the table?" in page and 'data-key="W"' in page
    _, fields = step_form(client, url, hidden_fields)
    shown = post_step(client, url, {**fields, "watch": "1"}).get_data(as_text=True)
    assert "Come in or watch: " in shown
    while True:  # to round 2's bet, then come in on the one box
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "bet":
            break
        post_step(client, url, {**fields, "running": "0", "true": "0"})
    post_step(client, url, {**fields, "boxes": "1", "units": "1"})
    fields = stand_to_the_next_bet(client, url, hidden_fields)
    page = client.get(url).get_data(as_text=True)
    assert "stay at the table, or leave it?" in page
    assert 'data-key="L"' in page and 'data-key="W"' not in page
    shown = post_step(client, url, {**fields, "watch": "1"}).get_data(as_text=True)
    assert "Stay or leave: " in shown
    last = [r for r in db["attempts"].rows if r["drill"] == "back-count"][-1]
    assert last["question"].startswith("enter in ") and last["answer"] == "L"
    # The replay names the step as it was: leaving while seated, not coming in or watching.
    played = [s for s in db["table_steps"].rows if s["state"] == "played"]
    replay_url = "/replays/table/" + url.rstrip("/").rsplit("/", 1)[1]
    replay = client.get(f"{replay_url}?step={len(played)}")
    decisions = replay.get_data(as_text=True).split('class="replay-decisions"')[1]
    decisions = decisions.split("</ul>")[0]
    assert "Stay or leave: " in decisions and "Come in or watch" not in decisions
    first = client.get(f"{replay_url}?step=1").get_data(as_text=True)
    assert "Come in or watch: " in first.split('class="replay-decisions"')[1].split("</ul>")[0]


def test_a_re_drilled_exit_is_answered_and_graded_in_the_choices_words(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """From the mistakes page, a seated question asks stay (S) or leave (L), and its verdict
    names them in words, not by their keys."""
    from tests.web.test_resend import action_of, sign_up
    from trainer.store import attempts

    user_id = sign_up(client, csrf)
    question = "enter in bankroll 2000 risk 0.05 hi-lo floor half rc -20 played 130"  # tc -5
    attempts.record_attempt(
        db,
        user_id=user_id,
        drill="back-count",
        question=question,
        rules="vegas-6d-s17",
        answer="S",
        right_answer="L",
        correct=False,
        token="missed-exit",
    )
    mistakes = client.get("/mistakes").get_data(as_text=True)
    assert "You said stay; right: leave." in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", mistakes))
    data = {"drill": "back-count", "sort": "newest", "csrf_token": "test-csrf-token-0123456789"}
    review = client.post("/mistakes/review", data=data)
    page = client.get(review.headers["Location"]).get_data(as_text=True)
    assert 'data-key="S"' in page and 'data-key="L"' in page and 'data-key="W"' not in page
    fields = {**hidden_fields(page), "answer": "S"}
    shown = client.post(action_of(page), data=fields, follow_redirects=True).get_data(as_text=True)
    assert "Not quite: leave, not stay." in shown


def test_the_back_counters_verdicts_are_said_in_russian(
    tmp_path: Any, strategy_charts: None, hidden_fields: Any
) -> None:
    """The step and its verdict name the choice in the learner's language ("Войти или
    смотреть: смотреть", not "Come in or watch")."""
    from tests.conftest import app_config
    from trainer import create_app

    client = create_app(app_config(tmp_path, LANGUAGES=("en", "ru"))).test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru-RU,ru;q=0.9"
    with client.session_transaction() as session:
        session["_csrf"] = "test-csrf-token-0123456789"
    setup = {**WONG, "mode": "training", "boxes": "1", "csrf_token": "test-csrf-token-0123456789"}
    url = client.post("/table/", data=setup).headers["Location"]
    page = client.get(url).get_data(as_text=True)
    assert "войти в игру или смотреть со стороны?" in page
    _, fields = step_form(client, url, hidden_fields)
    shown = post_step(client, url, {**fields, "watch": "1"}).get_data(as_text=True)
    assert "Войти или смотреть: смотреть" in shown


def test_the_summary_counts_back_counting_choices_as_such(
    tmp_path: Any, strategy_charts: None
) -> None:
    """A back-counter's kept mistakes (come in or watch, stay or leave, boxes) are counted in
    the shoe's summary line as back-counting choices, in either language: they were counted
    as plays ("1 play"). Every kind of error a table counts has its own words."""
    from fractions import Fraction

    from drills.table_session import TableSpec
    from drills.table_sums import KINDS, Tally
    from tests.conftest import app_config
    from trainer import create_app
    from trainer.engine.rulebook.rules import Rules
    from trainer.web import table_errors

    assert set(KINDS.values()) - {"Counts"} <= set(table_errors.GROUPS) & set(table_errors.PRICED)
    rules = Rules.parse("vegas-6d-s17")
    spec = TableSpec.from_form(rules, {**WONG, "boxes": "1"})
    app = create_app(app_config(tmp_path, LANGUAGES=("en", "ru")))
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert table_errors.group("Back-counting", Tally(2), spec) == "2 back-counting choices"
        priced = table_errors.group("Back-counting", Tally(1, bets=Fraction(1, 10)), spec)
        assert priced == "1 back-counting choice, costing 10% of the minimum", priced
    with app.test_request_context("/", headers={"Accept-Language": "ru-RU,ru;q=0.9"}):
        said = table_errors.group("Back-counting", Tally(3), spec)
        assert said == "3 решения при счёте со стороны", said


def _right_bet(db: Any) -> dict[str, str]:
    """The right choice at the bet step whose first choice was just taken back (its attempts
    are the newest): watch or leave, or the ramp's bet."""
    newest = {r["drill"]: r for r in db["attempts"].rows}  # the last of each drill
    if newest["back-count"]["right_answer"] in ("W", "L"):
        return {"watch": "1"}
    return {"bet0": newest["bet-sizing"]["right_answer"]}


def seat_and_bet_eight_units(client: Any, url: str, db: Any, hidden_fields: Any) -> bool:
    """Watch, come in where it is worth it, and seated bet eight units until that is a mistake,
    taken back (every mistake stops the table); False where the shoe ends first."""
    target, back = False, False  # the last step sent: eight units, seated; one taken back
    while True:
        page = client.get(url).get_data(as_text=True)
        if "held-choice" in page:
            held = {**hidden_fields(page.split("held-choice")[1]), "choice": "back"}
            assert client.post(url + "/held", data=held).status_code == 303
            if target:
                return True
            back = True
            continue
        kind, fields = step_form(client, url, hidden_fields)
        if kind == "over":
            return False
        target = kind == "bet" and not back and 'data-key="L"' in page
        if kind != "bet":
            answer = {"count": {"running": "0", "true": "0"}}.get(
                kind, {"answer": "N" if kind == "insurance" else "S"}
            )
        else:  # the right choice after one taken back; else seated, eight units; else in
            answer = _right_bet(db) if back else {"units": "8" if target else "1"}
        back = False
        post_step(client, url, {**fields, "boxes": "1", **answer})


def test_a_seated_choice_made_again_after_one_taken_back_is_replayed_as_stay_or_leave(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """A seated bet step whose first choice was a mistake taken back is graded again by the
    replay (its attempts are the first choice's): as stay or leave, for the learner was
    seated. It was graded as come in or watch."""
    for _ in range(10):  # shoes, until one's count is worth coming in at
        url = sit(client, csrf, **{**WONG, "mode": "training", "boxes": "1", "stop_at": "0"})
        if seat_and_bet_eight_units(client, url, db, hidden_fields):
            break
    else:  # pragma: no cover: one shoe in several rises to a count worth playing
        raise AssertionError("no shoe rose to a count worth coming in at")
    _, fields = step_form(client, url, hidden_fields)
    post_step(client, url, {**fields, "boxes": "1", **_right_bet(db)})
    table_id = url.rstrip("/").rsplit("/", 1)[1]
    steps = [s for s in db["table_steps"].rows if s["session_id"] == table_id]
    played = [s for s in steps if s["state"] == "played"]
    assert steps[-2]["state"] == "withdrawn" and steps[-1] == played[-1]  # chosen again
    replay = client.get(f"/replays/table/{table_id}?step={len(played)}").get_data(as_text=True)
    decisions = replay.split('class="replay-decisions"')[1].split("</ul>")[0]
    assert "Stay or leave: " in decisions and "Come in or watch" not in decisions, decisions
