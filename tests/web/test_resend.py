"""A resent answer, for every drill in the registry: one road, one behaviour. The stored grade is
shown again ("counted once") and nothing more is stored; a submission token used for another
drill's question is a 400 with nothing stored (it was a 500)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from drills import (
    DRILLS,
    AsksOnItsPage,
    Drill,
    InvalidAnswerError,
    InvalidQuestionError,
    get_drill,
)
from tests.conftest import sealed
from trainer.engine.rulebook.rules import find_preset
from trainer.store import attempts

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

# Answers in each drill's form, tried in turn until the drill's own grade() reads one (a wrong
# answer is as good as a right one here: what is tested is the resend, not the verdict).
CANDIDATES: tuple[dict[str, str], ...] = (
    {"answer": "0"},
    {"answer": "2"},
    {"answer": "5"},  # a bet in the table's units
    {"answer": "S"},
    {"answer": "N"},
    {"kind": "hard", "total": "12"},
    {"answer": "show-now"},  # the procedure drill's dealer natural
    {"answer": "redeal"},  # an irregularity's remedy
    {"answer": "reshuffle"},
    *({"answer": slug} for slug in ("dealer-up", "look", "pay-now", "finish", "burn", "nothing")),
    {"call": "next"},  # Catch the dealer
    {"aces": "0", "bet": "0", "insurance": "0"},  # the ace side count's three numbers
    # Payouts at the table: one amount per box, for tables of 1 to 7 boxes.
    *({f"box{n}": "0" for n in range(1, boxes + 1)} for boxes in range(1, 8)),
)
CHECKPOINT = "rc hi-lo 1d: 5H KD 2C"
# A question of each drill asked elsewhere than a counting session (a table's play, a draw).
ASKED_ELSEWHERE = {
    "table-play": "TS 3H 3C v TD",
    "table-dealing": "draw TS 6H against 9C JD stake 5; unseen 24 24 24 24 24 23 24 24 23 94",
    "punter-stake": "stake KS 6C bankroll 1000 risk 0.05",
    "back-count": "boxes 3 bankroll 2000 risk 0.05 hi-lo floor half rc +7 played 130",
}
# The rules such a question is asked under, where not Las Vegas (a stake on cards seen: 004).
ASKED_UNDER = {"punter-stake": "russian-bank"}


def action_of(page: str) -> str:
    match = re.search(r'<form class="question[^"]*" method="post"\s+action="([^"]*)"', page)
    assert match is not None, page[:2000]
    return html.unescape(match.group(1))


def an_answer(drill: Drill, notation: str, rules_text: str) -> dict[str, str]:
    rules = find_preset(rules_text)
    for fields in CANDIDATES:
        try:
            drill.grade(notation, drill.answer_text(fields), rules)
        except (InvalidAnswerError, InvalidQuestionError):
            continue
        return fields
    raise AssertionError(f"no candidate answer reads as an answer to {notation!r}")


def sign_up(client: Any, csrf: Any) -> int:
    data = {"username": "resender", "password": "password resender", "csrf_token": csrf()}
    assert client.post("/signup", data=data).status_code == 303
    with client.session_transaction() as session:
        session["_csrf"] = "test-csrf-token-0123456789"
        return int(session["uid"])


def question_page(client: Any, db: Any, user_id: int, drill: Drill) -> str:
    """A page asking one of the drill's questions: its own page, or (a drill asked in a
    session) a review batch of one missed checkpoint."""
    if isinstance(drill, AsksOnItsPage):
        return str(
            client.get(f"/drills/{drill.slug}", follow_redirects=True).get_data(as_text=True)
        )
    attempts.record_attempt(
        db,
        user_id=user_id,
        drill=drill.slug,
        question=ASKED_ELSEWHERE.get(drill.slug, CHECKPOINT),
        rules=ASKED_UNDER.get(drill.slug, "vegas-6d-s17"),
        answer="+5",
        right_answer="+1",
        correct=False,
        token=f"missed-{drill.slug}",
    )
    data = {"drill": drill.slug, "sort": "newest", "csrf_token": "test-csrf-token-0123456789"}
    review = client.post("/mistakes/review", data=data)
    assert review.status_code == 303, review.get_data(as_text=True)
    return str(client.get(review.headers["Location"]).get_data(as_text=True))


@pytest.mark.parametrize("slug", [drill.slug for drill in DRILLS])
def test_a_resent_answer_shows_its_stored_grade_and_counts_once(
    slug: str, client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    drill = get_drill(slug)
    user_id = sign_up(client, csrf)
    page = question_page(client, db, user_id, drill)
    form = hidden_fields(page)
    data = {**form, **an_answer(drill, form["question"], form.get("rules") or "vegas-6d-s17")}
    first = client.post(action_of(page), data=data, follow_redirects=True)
    assert first.status_code == 200, first.get_data(as_text=True)
    count = db["attempts"].count
    again = client.post(action_of(page), data=data, follow_redirects=True)
    assert again.status_code == 200, again.get_data(as_text=True)
    assert "counted once" in again.get_data(as_text=True)
    assert db["attempts"].count == count
    assert "counted once" not in first.get_data(as_text=True)


def test_a_token_used_for_another_drills_question_is_refused(
    client: Any, db: Any, hidden_fields: Any
) -> None:
    totals = client.get("/drills/hand-totals").get_data(as_text=True)
    sent = {**hidden_fields(totals), "kind": "hard", "total": "12"}
    assert (
        client.post("/drills/hand-totals/answer", data=sent, follow_redirects=True).status_code
        == 200
    )
    page = client.get("/drills/true-count", follow_redirects=True).get_data(as_text=True)
    other = {**hidden_fields(page), "token": sent["token"], "answer": "+1"}
    count = db["attempts"].count
    # Sealed as its page would seal it: the token's own check refuses it.
    response = client.post(action_of(page), data=sealed(other, "true-count"), follow_redirects=True)
    assert response.status_code == 400
    assert "another drill" in response.get_data(as_text=True)
    assert db["attempts"].count == count
