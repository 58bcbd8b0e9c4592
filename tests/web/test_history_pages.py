"""The mistakes page (filters, sort, cost, isolation), re-drilling a batch, the progress chart."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any

import pytest

from trainer.store import attempts, reviews

PAYOUT = "natural-3-2|vegas-6d-s17|15|AS 9H KD 7C|-|pay"  # pays 22.50
SIX_FIVE = "natural-6-5|vegas-6d-s17,blackjack_pays=6:5|25|KH 6D AC TS|-|pay"  # pays 30
FIVE_CARD = "five-card-21|twenty-one-club|10|2S 9H 3D 8C 4H 5D 7S|h h h|pay"  # pays 20


def sign_up(client: Any, name: str) -> int:
    with client.session_transaction() as session:
        session["_csrf"] = "csrf-for-" + name
    data = {"username": name, "password": "password " + name, "csrf_token": "csrf-for-" + name}
    assert client.post("/signup", data=data).status_code == 303
    with client.session_transaction() as session:
        session["_csrf"] = "csrf-for-" + name  # signing up starts a new session
        return int(session["uid"])


def store(db: Any, user_id: int, question: str, answer: str, right: str, **extra: Any) -> None:
    n = db["attempts"].count if "attempts" in db.table_names() else 0
    values = {
        "drill": "payout-math",
        "rules": "vegas-6d-s17",
        "ev_cost": None,
        **extra,
    }
    attempts.record_attempt(
        db,
        user_id=user_id,
        question=question,
        answer=answer,
        right_answer=right,
        correct=answer == right,
        token=f"token-{user_id}-{n}-{answer}",
        **values,
    )


@pytest.fixture
def alice(app: Any, db: Any) -> tuple[Any, int]:
    client = app.test_client()
    user_id = sign_up(client, "alice")
    day = datetime.now(UTC)
    store(db, user_id, PAYOUT, "20", "22.50", ev_cost=Fraction(1, 6),
          created_at=(day - timedelta(days=3)).strftime("%Y-%m-%dT10:00:00.000Z"))  # fmt: skip
    store(db, user_id, SIX_FIVE, "37.50", "30", ev_cost=Fraction(3, 10),
          rules="vegas-6d-s17 blackjack_pays=6:5")  # fmt: skip
    store(db, user_id, FIVE_CARD, "10", "20", ev_cost=Fraction(1), rules="twenty-one-club")
    store(db, user_id, "AS 7D", "hard 18", "soft 18", drill="hand-totals")
    store(db, user_id, "AS 7D 2C", "soft 20", "soft 20", drill="hand-totals")
    return client, user_id


def items(page: str) -> list[str]:
    return page.split('<li class="mistake">')[1:]


def test_the_mistakes_page_shows_wrong_answers_newest_first_with_cards_and_cost(
    alice: tuple[Any, int],
) -> None:
    client, _ = alice
    page = client.get("/mistakes").get_data(as_text=True)
    shown = items(page)
    assert len(shown) == 4  # the right answer is not a mistake
    assert "Hand totals" in shown[0] and "Payout math" in shown[1]
    assert "21 with five cards" in shown[1] and "Cost: 100.00% of the bet" in shown[1]
    assert "You said <strong>37.50</strong>; right: <strong>30</strong>" in shown[2]
    assert (
        "but with these changes (A natural pays: 6:5)" in shown[2]
        and "blackjack_pays" not in shown[2]
    )
    assert "Cost" not in shown[0]  # hand totals has no cost: none said (it read "Cost: –")
    assert shown[1].count('role="img"') == 5 + 2  # five player cards, two dealer cards


def test_sorting_by_cost_puts_the_expensive_errors_first(alice: tuple[Any, int]) -> None:
    client, _ = alice
    shown = items(client.get("/mistakes?sort=cost").get_data(as_text=True))
    costs = [found[1] if (found := re.search(r"Cost: ([^<]*)", item)) else None for item in shown]
    assert costs == ["100.00% of the bet", "30.00% of the bet", "16.67% of the bet", None]


@pytest.mark.parametrize(
    ("query", "count"),
    [
        ("drill=payout-math", 3),
        ("drill=hand-totals", 1),
        ("rules=twenty-one-club", 1),
        ("rules=vegas-6d-s17&drill=payout-math", 2),
        (f"since={datetime.now(UTC).date().isoformat()}", 3),
        (f"until={(datetime.now(UTC) - timedelta(days=1)).date().isoformat()}", 1),
        ("since=2001-01-01&until=2001-12-31", 0),
    ],
)
def test_the_filters_narrow_the_list(alice: tuple[Any, int], query: str, count: int) -> None:
    client, _ = alice
    page = client.get(f"/mistakes?{query}").get_data(as_text=True)
    assert len(items(page)) == count
    if count == 0:
        assert "No wrong answers recorded that match these filters" in page


def test_an_htmx_filter_gets_the_results_only(alice: tuple[Any, int]) -> None:
    client, _ = alice
    response = client.get("/mistakes?drill=hand-totals", headers={"HX-Request": "true"})
    page = response.get_data(as_text=True)
    assert "<html" not in page and len(items(page)) == 1
    assert response.headers["Vary"] == "HX-Request" or "HX-Request" in response.headers["Vary"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("drill=poker", "no drill called"),
        ("since=yesterday", "is not a date"),
        ("until=2026-02-30", "not a day of the calendar"),
        ("since=2026-05-02&until=2026-05-01", "ends before it starts"),
        ("sort=cheapest", "Sort by"),
    ],
)
def test_a_bad_filter_is_a_readable_400(alice: tuple[Any, int], query: str, message: str) -> None:
    client, _ = alice
    response = client.get(f"/mistakes?{query}")
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_one_learner_never_sees_anothers_mistakes_or_batches(
    app: Any, db: Any, alice: tuple[Any, int], hidden_fields: Any
) -> None:
    alice_client, alice_id = alice
    bob = app.test_client()
    sign_up(bob, "bob")
    page = bob.get("/mistakes").get_data(as_text=True)
    assert "No wrong answers recorded" in page and "21 with five cards" not in page
    assert "No answers yet" in bob.get("/progress").get_data(as_text=True)
    # Bob cannot start a review of Alice's mistakes, nor open hers.
    data = {"drill": "payout-math", "csrf_token": "csrf-for-bob", "sort": "newest"}
    assert bob.post("/mistakes/review", data=data).status_code == 400
    response = alice_client.post("/mistakes/review", data={**data, "csrf_token": "csrf-for-alice"})
    location = response.headers["Location"]
    assert bob.get(location).status_code == 404
    assert alice_client.get(location).status_code == 200
    form = hidden_fields(alice_client.get(location).get_data(as_text=True))
    form["csrf_token"] = "csrf-for-bob"
    assert (
        bob.post("/drills/payout-math/answer", data=form, follow_redirects=True).status_code == 404
    )


def review(client: Any, name: str, **filters: str) -> str:
    data = {"drill": "payout-math", "sort": "newest", "csrf_token": f"csrf-for-{name}", **filters}
    response = client.post("/mistakes/review", data=data)
    assert response.status_code == 303
    return response.headers["Location"]


def test_drilling_mistakes_again_asks_them_in_order_and_records_each(
    alice: tuple[Any, int], db: Any, hidden_fields: Any
) -> None:
    client, user_id = alice
    location = review(client, "alice")
    assert re.fullmatch(r"/drills/payout-math\?review=\d+", location)
    page = client.get(location).get_data(as_text=True)
    assert "question <strong>1</strong> of 3" in page
    expected = [FIVE_CARD, SIX_FIVE, PAYOUT]  # as the page listed them: newest first
    answers = {FIVE_CARD: "20", SIX_FIVE: "1", PAYOUT: "22.50"}
    for position, notation in enumerate(expected, 1):
        form = hidden_fields(page)
        assert form["question"] == notation
        if position == 2:  # its time changed by hand: not the page's seal, refused
            sent = {**form, "answer": answers[notation], "asked_at": "1"}
            forged = client.post("/drills/payout-math/answer", data=sent)
            assert forged.status_code == 400 and "not one this page asked" in forged.text
        response = client.post(
            "/drills/payout-math/answer",
            data={**form, "answer": answers[notation]},
            follow_redirects=True,
        )
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        if position < 3:
            assert f"question <strong>{position + 1}</strong> of 3" in page
    assert "Review done: <strong>2 of 3</strong> right" in page
    assert "review_item" not in hidden_fields(page)  # fresh questions from here on
    stored = attempts.list_attempts(db, user_id, drill="payout-math", newest_first=False)
    assert [a.question for a in stored[-3:]] == expected
    assert stored[-2].rules == "vegas-6d-s17 blackjack_pays=6:5"


def test_drilling_mistakes_again_asks_them_as_their_items_fall_due(
    app: Any, db: Any, hidden_fields: Any
) -> None:
    from trainer.store import schedules

    client = app.test_client()
    user_id = sign_up(client, "carol")
    now = datetime.now(UTC)
    # Three payout kinds answered wrong, each again wrong an hour later but the first: its item
    # is the one left longest and the newest mistake of the three is asked first on the page.
    answered = [(PAYOUT, 20, "20", "22.50"), (SIX_FIVE, 10, "37.50", "30"),
                (FIVE_CARD, 5, "10", "20")]  # fmt: skip
    for n, (question, minutes_ago, answer, right) in enumerate(answered):
        kind = question.split("|", 1)[0]
        schedules.record_scheduled(
            db, skill=kind, now=now - timedelta(minutes=minutes_ago), timing=schedules.Pace(),
            user_id=user_id, drill="payout-math", question=question,
            rules="vegas-6d-s17" if n != 1 else "vegas-6d-s17 blackjack_pays=6:5",
            answer=answer, right_answer=right, correct=False, token=f"token-carol-{n:04}",
        )  # fmt: skip
    first = hidden_fields(client.get(review(client, "carol")).get_data(as_text=True))
    assert first["question"] == PAYOUT  # the oldest mistake's item falls due first


def test_a_review_answer_resent_counts_once_and_others_are_refused(
    alice: tuple[Any, int], db: Any, hidden_fields: Any
) -> None:
    client, _ = alice
    location = review(client, "alice", drill="payout-math", rules="twenty-one-club")
    first = hidden_fields(client.get(location).get_data(as_text=True))
    second_page = client.get(location).get_data(as_text=True)  # the same question, asked again
    count = db["attempts"].count
    sent = client.post(
        "/drills/payout-math/answer", data={**first, "answer": "20"}, follow_redirects=True
    )
    assert "Review done: <strong>1 of 1</strong>" in sent.get_data(as_text=True)
    again = client.post(
        "/drills/payout-math/answer", data={**first, "answer": "20"}, follow_redirects=True
    )
    assert again.status_code == 200 and "counted once" in again.get_data(as_text=True)
    other = hidden_fields(second_page)  # another token for the answered question
    refused = client.post(
        "/drills/payout-math/answer", data={**other, "answer": "20"}, follow_redirects=True
    )
    assert refused.status_code == 400
    assert "answered this question of the review already" in refused.get_data(as_text=True)
    forged = client.post(
        "/drills/payout-math/answer",
        data={**other, "question": PAYOUT, "answer": "22.50"},
        follow_redirects=True,
    )
    assert forged.status_code == 400
    assert db["attempts"].count == count + 1


def test_a_review_of_nothing_is_refused(alice: tuple[Any, int]) -> None:
    client, _ = alice
    data = {"drill": "payout-math", "since": "2001-01-01", "until": "2001-01-02"}
    response = client.post("/mistakes/review", data={**data, "csrf_token": "csrf-for-alice"})
    assert response.status_code == 400
    assert "no mistakes like that" in response.get_data(as_text=True)


def test_a_review_batch_holds_one_learners_questions_of_one_drill(
    alice: tuple[Any, int], db: Any
) -> None:
    _, user_id = alice
    wrong = attempts.list_attempts(db, user_id, correct=False)
    with pytest.raises(reviews.InvalidReviewError):
        reviews.create_batch(db, user_id, "payout-math", wrong)  # hand totals among them
    with pytest.raises(reviews.InvalidReviewError):
        reviews.create_batch(db, user_id + 1, "payout-math", wrong[1:])
    with pytest.raises(reviews.InvalidReviewError):
        reviews.create_batch(db, user_id, "payout-math", [])


def test_the_progress_page_draws_a_30_day_trend_with_a_table_fallback(
    alice: tuple[Any, int],
) -> None:
    client, _ = alice
    page = client.get("/progress").get_data(as_text=True)
    every = re.findall(r"<svg.*?</svg>", page, re.S)
    svgs = [svg for svg in every if "the last 30 days" in svg]
    assert len(svgs) == 2  # payout math and hand totals
    assert len(every) == 4  # and the same two week by week
    payout = next(svg for svg in svgs if "Payout math" in svg)
    assert 'role="img"' in payout and "<title" in payout and "<desc" in payout
    assert payout.count('class="bar"') == 2  # two days with answers
    assert "3 answers on 2 of the 30 days" in payout
    assert "0% right overall" in payout
    hand_totals = next(svg for svg in svgs if "Hand totals" in svg)
    assert "50% right overall" in hand_totals
    assert page.count('class="trend-table"') == 4
    assert "<script" not in page.split("</head>")[1]


def test_any_drill_on_the_common_road_can_be_drilled_again(
    alice: tuple[Any, int], hidden_fields: Any
) -> None:
    client, _ = alice
    location = review(client, "alice", drill="hand-totals")
    assert location.startswith("/drills/hand-totals?review=")
    form = hidden_fields(client.get(location).get_data(as_text=True))
    assert form["question"] == "AS 7D"
    response = client.post(
        "/drills/hand-totals/answer",
        data={**form, "kind": "soft", "total": "18"},
        follow_redirects=True,
    )
    page = response.get_data(as_text=True)
    assert "Review done: <strong>1 of 1</strong> right" in page


def test_a_new_visitor_has_nothing_to_drill_again(client: Any, csrf: Any, db: Any) -> None:
    data = {"drill": "payout-math", "sort": "newest", "csrf_token": csrf()}
    response = client.post("/mistakes/review", data=data)
    assert response.status_code == 400
    assert db["users"].count == 0  # no guest made for it


def test_a_strategy_mistake_names_the_plays_in_words_not_key_letters(
    alice: tuple[Any, int], db: Any
) -> None:
    client, user_id = alice
    # 16 against a ten under vegas-6d-s17: the chart says surrender; standing is the mistake.
    store(db, user_id, "TS 6H v KD", "S", "R", drill="basic-strategy")
    page = client.get("/mistakes").get_data(as_text=True)
    assert "You said <strong>stand</strong>; right: <strong>surrender</strong>" in page
    assert "You said <strong>S</strong>" not in page
