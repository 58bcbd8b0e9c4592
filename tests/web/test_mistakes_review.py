"""The mistakes page's "drill these again" buttons: each drills the mistakes of one drill on the
page it is on, and the number on it is the number of questions the review asks (a wrong answer
given twice is one question). A learner's walk found "(21)" on page 1 starting a review of 36
questions, the first from an older shoe: it drilled every mistake of that drill, on any page."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from tests.web.test_resend import action_of
from trainer.store import attempts, reviews

PAYOUT = "natural-3-2|vegas-6d-s17|15|AS 9H KD 7C|-|pay"
HANDS = [f"{a}S {b}H" for a in "23456" for b in "3456789"]


def seed(db: Any, user_id: int) -> dict[int, str]:
    """60 mistakes, oldest first: hand totals (each its own hand, but the two newest alike)
    between payout slips (one question, again and again). Page 1, newest first, holds 25 hand
    totals rows (24 questions) and page 2 the 5 oldest; the drill has 29 in all."""
    hands = {}
    for n in range(60):
        if n % 2:
            values = {"drill": "payout-math", "question": PAYOUT, "answer": "1"}
            values["right_answer"] = "22.50"
        else:
            hands[n] = HANDS[n // 2] if n != 58 else HANDS[28]  # 58 and 56 alike
            values = {"drill": "hand-totals", "question": hands[n], "answer": "hard 2"}
            values["right_answer"] = "hard 3"
        attempts.record_attempt(
            db, user_id=user_id, token=f"t-{n}", rules="vegas-6d-s17", correct=False, **values
        )
    return hands


def review_form(page: str, drill: str) -> tuple[str, dict[str, str]]:
    """The words on the page's button for one drill's mistakes, and the fields its form sends."""
    forms = re.findall(r'<form method="post" action="/mistakes/review">(.*?)</form>', page, re.S)
    for form in forms:
        fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form))
        if fields.get("drill") == drill:
            (button,) = re.findall(r"<button[^>]*>(.*?)</button>", form, re.S)
            return unescape(button), {k: unescape(v) for k, v in fields.items()}
    raise AssertionError(f"no button for {drill}")


@pytest.mark.parametrize(("page", "newest", "oldest"), [(1, 58, 10), (2, 8, 0)])
def test_the_button_drills_the_pages_mistakes_and_counts_its_questions(
    learner: Any, db: Any, page: int, newest: int, oldest: int
) -> None:
    client, user_id = learner
    hands = seed(db, user_id)
    listed = client.get(f"/mistakes?page={page}").get_data(as_text=True)
    on_page = {hands[n] for n in range(oldest, newest + 1, 2)}
    button, fields = review_form(listed, "hand-totals")
    count = len(on_page)  # 24 on page 1 (the two alike are one question), 5 on page 2
    assert button == f"Drill these Hand totals mistakes again ({count} questions on this page)"
    started = client.post("/mistakes/review", data=fields)
    assert started.status_code == 303
    asked = client.get(started.headers["Location"]).get_data(as_text=True)
    assert f"question <strong>1</strong> of {count}" in asked
    batch_id = int(started.headers["Location"].rsplit("=", 1)[1])
    batch = reviews.get_batch(db, user_id, batch_id)
    assert batch is not None
    assert sorted(item.question for item in batch.items) == sorted(on_page)
    assert batch.items[0].question == hands[newest]  # none scheduled: as the page lists them
    one, _ = review_form(listed, "payout-math")
    assert one == "Drill these Payout math mistakes again (1 question on this page)"


def test_a_page_filtered_to_one_drill_drills_that_page(learner: Any, db: Any) -> None:
    client, user_id = learner
    hands = seed(db, user_id)
    listed = client.get("/mistakes?drill=hand-totals&page=1").get_data(as_text=True)
    button, fields = review_form(listed, "hand-totals")
    assert button.endswith("(29 questions on this page)")  # all 30 rows fit on one page
    started = client.post("/mistakes/review", data=fields)
    batch = reviews.get_batch(db, user_id, int(started.headers["Location"].rsplit("=", 1)[1]))
    assert batch is not None and {i.question for i in batch.items} == set(hands.values())


def test_a_page_past_the_end_has_nothing_to_drill(learner: Any, db: Any) -> None:
    client, user_id = learner
    seed(db, user_id)
    _, fields = review_form(client.get("/mistakes?page=2").get_data(as_text=True), "hand-totals")
    response = client.post("/mistakes/review", data={**fields, "page": "3"})
    assert response.status_code == 400
    assert "no mistakes like that" in response.get_data(as_text=True)


def test_the_button_counts_its_questions_in_russian(learner: Any, db: Any) -> None:
    client, user_id = learner
    seed(db, user_id)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru"
    listed = client.get("/mistakes").get_data(as_text=True)
    button, _ = review_form(listed, "hand-totals")
    assert button == "Повторить ошибки упражнения «Суммы рук» (24 вопроса с этой страницы)"
    one, _ = review_form(listed, "payout-math")
    assert one.endswith("(1 вопрос с этой страницы)")


@pytest.mark.parametrize(
    ("rules", "said", "not_said"),
    [
        ("permanent-bank", "hit, stand or split (these rules have", "surrender?"),
        ("vegas-6d-s17", "hit, stand, double, split or surrender?", "these rules have"),
    ],
)
def test_a_quiz_review_leads_with_the_plays_its_rules_have(
    learner: Any, db: Any, rules: str, said: str, not_said: str
) -> None:
    # A re-drill of quiz mistakes made at 004 asked "hit, stand, double, split or surrender?"
    # where the quiz itself named the plays the game has (a walk).
    client, user_id = learner
    attempts.record_attempt(
        db, user_id=user_id, token="q", rules=rules, correct=False, drill="basic-strategy",
        question="TS 6H v 9D", answer="S", right_answer="H",
    )  # fmt: skip
    with client.session_transaction() as session:
        session["rules"] = rules
    listed = client.get("/mistakes").get_data(as_text=True)
    _, fields = review_form(listed, "basic-strategy")
    started = client.post("/mistakes/review", data=fields)
    asked = unescape(client.get(started.headers["Location"]).get_data(as_text=True))
    lead = re.search(r'<p class="lead" id="drill-lead">(.*?)</p>', asked, re.S)
    assert lead is not None, asked[:3000]
    assert said in lead.group(1) and not_said not in lead.group(1), lead.group(1)


def test_a_reviews_end_is_said_under_its_last_verdict_and_the_lead_follows_its_questions(
    learner: Any, db: Any, hidden_fields: Any
) -> None:
    """Answered by htmx, a review's panel brings the lead of its question's rules (out of
    band) and, after its last answer, says the review is done under the verdict, where a
    phone shows it, and the lead of the learner's own game again: a walk re-drilled 004's
    mistakes at 390 px, saw a fresh 002 hand under 004's lead and no end (it was said below
    the next question, in the figures)."""
    client, user_id = learner
    attempts.record_attempt(
        db, user_id=user_id, token="q", rules="russian-bank", correct=False,
        drill="basic-strategy", question="2D 9H v ?", answer="S", right_answer="H",
    )  # fmt: skip
    with client.session_transaction() as session:
        session["rules"] = "vegas-6d-s17"
    listed = client.get("/mistakes").get_data(as_text=True)
    _, fields = review_form(listed, "basic-strategy")
    started = client.post("/mistakes/review", data=fields)
    asked = client.get(started.headers["Location"]).get_data(as_text=True)
    lead = re.search(r'<p class="lead" id="drill-lead">(.*?)</p>', asked, re.S)
    assert lead is not None and "no banker card shown" in lead.group(1), asked[:3000]
    sent = {**hidden_fields(asked), "answer": "H"}
    done = client.post(action_of(asked), data=sent, headers={"HX-Request": "true"})
    assert done.status_code == 200
    panel = done.get_data(as_text=True)
    feedback = panel.split('id="feedback"', 1)[1].split("</section>", 1)[0]
    assert "Review done: <strong>1 of 1</strong> right this time." in feedback
    assert panel.count("Review done") == 1  # not again in the figures
    swapped = re.search(r'<p class="lead" id="drill-lead" hx-swap-oob="true">(.*?)</p>', panel)
    assert swapped is not None and "no banker card shown" not in swapped.group(1)
    assert "hit, stand, double, split or surrender?" in swapped.group(1)


def test_a_review_of_a_drill_with_the_frames_own_lead_swaps_that_lead(
    learner: Any, db: Any, hidden_fields: Any
) -> None:
    """A drill whose page keeps the frame's lead (the payouts) answers a review's htmx answer
    with that lead swapped too (not a 500: its template has no lead block of its own)."""
    client, user_id = learner
    attempts.record_attempt(
        db, user_id=user_id, token="p", rules="vegas-6d-s17", correct=False,
        drill="payout-math", question=PAYOUT, answer="1", right_answer="22.50",
    )  # fmt: skip
    listed = client.get("/mistakes").get_data(as_text=True)
    _, fields = review_form(listed, "payout-math")
    started = client.post("/mistakes/review", data=fields)
    asked = client.get(started.headers["Location"]).get_data(as_text=True)
    sent = {**hidden_fields(asked), "answer": "22.50"}
    done = client.post(action_of(asked), data=sent, headers={"HX-Request": "true"})
    assert done.status_code == 200, done.get_data(as_text=True)[-600:]
    panel = done.get_data(as_text=True)
    assert "Review done: <strong>1 of 1</strong> right this time." in panel
    lead = re.search(r'<p class="lead" id="drill-lead">(.*?)</p>', asked, re.S)
    assert lead is not None
    assert f'<p class="lead" id="drill-lead" hx-swap-oob="true">{lead.group(1)}</p>' in panel
