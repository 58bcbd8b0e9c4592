"""The mistakes page in pages of 50: newest or costliest first, filters kept from page to page,
a page past the end or a bad page number a readable 400; cost compared like with like across
drills; the dealer's card labelled in every strategy row."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from trainer.store import attempts

PAYOUT = "natural-3-2|vegas-6d-s17|15|AS 9H KD 7C|-|pay"


def store(db: Any, user_id: int, n: int, **fields: Any) -> None:
    values: dict[str, Any] = {
        "drill": "hand-totals",
        "question": "AS 6H",
        "rules": "vegas-6d-s17",
        "answer": "hard 7",
        "right_answer": "soft 17",
        "correct": False,
        **fields,
    }
    attempts.record_attempt(db, user_id=user_id, token=f"t-{n}", **values)


def rows(page: str) -> list[str]:
    return page.split('<li class="mistake">')[1:]


def test_mistakes_come_fifty_a_page(learner: Any, db: Any) -> None:
    client, user_id = learner
    for n in range(120):
        store(db, user_id, n, question=f"AS {'23456789'[n % 8]}H")
    first = client.get("/mistakes").get_data(as_text=True)
    assert len(rows(first)) == 50
    assert re.search(r"120 wrong answers, newest first\.\s+Page 1 of 3\.", first)
    assert 'rel="next" href="/mistakes?page=2' in first
    third = client.get("/mistakes?page=3&drill=hand-totals").get_data(as_text=True)
    assert len(rows(third)) == 20
    assert 'href="/mistakes?page=2&amp;drill=hand-totals"' in third  # the filter is kept
    assert "Next page" not in third


@pytest.mark.parametrize(
    ("page", "said"),
    [
        ("4", "There is no page 4 of these mistakes: they fill 3 pages."),
        ("0", "is not a page number"),
        ("-1", "is not a page number"),
        ("two", "is not a page number"),
        ("9" * 40, "is not a page number"),
    ],
)
def test_a_page_that_is_not_there_is_a_readable_400(
    learner: Any, db: Any, page: str, said: str
) -> None:
    client, user_id = learner
    for n in range(101):
        store(db, user_id, n)
    response = client.get(f"/mistakes?page={page}")
    assert response.status_code == 400
    assert said in response.get_data(as_text=True)


def test_cost_is_compared_within_each_drill(learner: Any, db: Any) -> None:
    """Strategy costs are small fractions of a bet, payout slips large ones: across drills the
    costliest of each drill comes first, not every payout slip before any strategy error."""
    client, user_id = learner
    strategy = {"drill": "basic-strategy", "answer": "H", "right_answer": "S"}
    for n, cost in enumerate((Fraction(1, 50), Fraction(1, 10), Fraction(1, 100))):
        store(db, user_id, n, question="TS 6H v 9D", ev_cost=cost, **strategy)
    for n, cost in enumerate((Fraction(1, 2), Fraction(1), Fraction(3, 4)), start=10):
        store(db, user_id, n, drill="payout-math", question=PAYOUT, answer="1",
              right_answer="22.50", ev_cost=cost)  # fmt: skip
    store(db, user_id, 20)  # hand totals: no cost
    page = client.get("/mistakes?sort=cost").get_data(as_text=True)
    costs = [
        found[1] if (found := re.search(r"Cost: ([^<]*)", row)) else None for row in rows(page)
    ]
    assert costs == [
        "100.00% of the bet",  # payout's costliest
        "10.00% of the bet",  # strategy's costliest
        "75.00% of the bet",
        "2.00% of the bet",
        "50.00% of the bet",
        "1.00% of the bet",
        None,  # no cost, left out (it read "Cost: –")
    ]
    # Each cost's place in its own drill: the costliest costs at least as much as all of them.
    ranks = [re.search(r"at least as much as (\d+)%", row) for row in rows(page)]
    assert [int(r[1]) if r else None for r in ranks] == [100, 100, 67, 67, 33, 33, None]
    assert "are not one measure" in page
    one_drill = client.get("/mistakes?sort=cost&drill=basic-strategy").get_data(as_text=True)
    assert [re.search(r"Cost: ([^<]*)", r)[1] for r in rows(one_drill)] == [  # type: ignore[index]
        "10.00% of the bet",
        "2.00% of the bet",
        "1.00% of the bet",
    ]
    assert "are not one measure" not in one_drill


def test_the_dealers_card_is_labelled_in_every_strategy_row(learner: Any, db: Any) -> None:
    client, user_id = learner
    for n in range(3):
        store(db, user_id, n, drill="basic-strategy", question="TS 6H v 9D", answer="H",
              right_answer="S", ev_cost=Fraction(1, 20))  # fmt: skip
    found = rows(client.get("/mistakes").get_data(as_text=True))
    assert len(found) == 3
    assert all("Dealer&#39;s up card</p>" in row or "Dealer's up card</p>" in row for row in found)


def test_a_cost_reads_as_a_share_of_the_bet_whatever_its_size(app: Any) -> None:
    """One measure a page: a cost over one bet read "1 bet" (rounded) where the rows beside it
    read "20.8% of the bet"; a drill priced in the table minimum says so, as its verdict does."""
    from drills import get_drill
    from drills.bet_sizing import cost_words
    from trainer.engine.rulebook.rules import find_preset
    from trainer.web.views.history import cost_text

    with app.test_request_context():
        assert cost_text(Fraction(26, 125)) == "20.80% of the bet"
        assert cost_text(Fraction(26, 25)) == "104.00% of the bet"
        assert cost_text(Fraction(1, 2), get_drill("bet-sizing")) == "50% of the minimum"
        # Over one minimum, a number of them ("1,250% of the minimum" was hard to read), as
        # the verdict says it.
        assert cost_text(Fraction(25, 2), get_drill("bet-sizing")) == "12.5 table minimums"
        assert cost_words(Fraction(125, 2), find_preset("vegas-6d-s17")).endswith(
            ", 12.5 table minimums."
        )
        assert cost_text(Fraction(1), get_drill("punter-stake")) == "100% of the minimum"
        assert cost_text(Fraction(2), get_drill("punter-stake")) == "2 table minimums"
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert cost_text(Fraction(25, 2), get_drill("bet-sizing")) == "12,5 минимума стола"
        assert cost_text(Fraction(5), get_drill("bet-sizing")) == "5 минимумов стола"


def test_a_cost_reads_the_same_in_the_verdict_and_on_the_mistakes_page(app: Any) -> None:
    """An insurance mistake read "3.40%" in the quiz's verdict and "3.4%" on the mistakes
    page: one figure, to two places, as the EVs beside it in the verdict ("−3.40%")."""
    from drills.base import Grade
    from trainer.web.verdicts import verdict_line
    from trainer.web.views.history import cost_text

    cost = Fraction(17, 500)
    wrong = Grade(correct=False, answer="N", right_answer="I", explanation="", ev_cost=cost)
    with app.test_request_context():
        assert cost_text(cost) == "3.40% of the bet"
        assert str(verdict_line(wrong, wrong="Not quite.", cost=cost)).endswith(
            " It costs 3.40% of the bet."
        )
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert cost_text(cost) == "3,40\u00a0% ставки"


def test_a_past_answer_reads_as_its_verdict_and_its_button_said_it(learner: Any, db: Any) -> None:
    """An amount read "You said 1000" where its verdict said "not 1,000"; a catch-the-dealer call
    «ошибка» (the stored word, lower case) where its button said «Ошибка», and a cost "–"
    where the drill has none: now as the verdict and the button say them, the cost left out."""
    client, user_id = learner
    store(db, user_id, 1, drill="catch-the-dealer", question="vegas-6d-s17|649562111997|30|1",
          answer="foul", right_answer="next")  # fmt: skip
    store(db, user_id, 2, drill="payout-math", question=PAYOUT, answer="1000",
          right_answer="22.50", ev_cost=Fraction(1, 2))  # fmt: skip
    paid, call = rows(client.get("/mistakes").get_data(as_text=True))
    assert "You said <strong>1,000</strong>; right: <strong>22.50</strong>." in paid, paid
    assert "You said <strong>“Foul”</strong>; right: <strong>“Next”</strong>." in call, call
    assert "Cost" not in call
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru"
    paid, call = rows(client.get("/mistakes").get_data(as_text=True))
    # «Вы ответили прикупать; правильно: стоять» read oddly (a walk): the answer named, then
    # the right one.
    assert "Ваш ответ: <strong>1\u00a0000</strong>; верно: <strong>22,50</strong>." in paid
    assert "<strong>«Ошибка»</strong>; верно: <strong>«Дальше»</strong>." in call


def test_a_packs_count_is_named_as_the_table_names_it(learner: Any, db: Any) -> None:
    # The table's summary said "Counting through a pack" at 002, the mistakes page "Counting
    # through a shoe" for the same drill (a walk).
    client, user_id = learner
    for token, rules, decks in (("pack", "permanent-bank", 2), ("shoe", "vegas-6d-s17", 6)):
        attempts.record_attempt(
            db, user_id=user_id, token=token, rules=rules, correct=False, drill="shoe-count",
            question=f"rc hi-lo {decks}d: 5H KD 2C", answer="+3", right_answer="+1",
        )  # fmt: skip
    page = client.get("/mistakes").get_data(as_text=True)
    titles = re.findall(r'<li class="mistake">\s*<p><strong>([^<]*)</strong>', page)
    assert sorted(titles) == ["Counting through a pack", "Counting through a shoe"], titles


def test_a_mistake_answered_right_since_says_so(learner: Any, db: Any) -> None:
    """A mistake whose question was answered right later, under the same rules, is marked
    answered right since (a walk re-drilled nineteen and found the page as it was); one
    answered right only under other rules, or whose question was not answered again, is not."""
    client, user_id = learner
    store(db, user_id, 1, question="AS 6H", created_at="2026-12-01T10:00:00+00:00")
    store(db, user_id, 2, question="AS 7H", created_at="2026-12-01T10:01:00+00:00")
    store(db, user_id, 3, question="AS 8H", created_at="2026-12-01T10:02:00+00:00")
    right = {"answer": "soft 17", "correct": True}
    store(db, user_id, 4, question="AS 6H", **right, created_at="2026-12-02T09:30:00+00:00")
    store(db, user_id, 5, question="AS 7H", rules="russian-bank", **right)
    store(db, user_id, 6, question="AS 9H", **right)
    shown = rows(client.get("/mistakes").get_data(as_text=True))
    assert len(shown) == 3
    marked = [row for row in shown if "Answered right since: " in row]
    assert len(marked) == 1 and 'aria-label="6 of hearts"' in marked[0], marked
    assert "Answered right since: Dec 2, 2026, 9:30\u202fAM (UTC)." in marked[0], marked


def test_a_mistake_that_cost_nothing_is_not_said_in_a_losss_colour(learner: Any, db: Any) -> None:
    # "Cost: nothing" read in red beside the mistakes that cost something (a walk).
    client, user_id = learner
    for n, cost in enumerate((Fraction(0), Fraction(1, 20))):
        store(db, user_id, n, drill="basic-strategy", question="TS 6H v 9D", answer="H",
              right_answer="S", ev_cost=cost)  # fmt: skip
    page = client.get("/mistakes").get_data(as_text=True)
    assert re.findall(r'<span class="cost free">Cost: nothing</span>', page)
    assert len(re.findall(r'<span class="cost">Cost: ', page)) == 1
