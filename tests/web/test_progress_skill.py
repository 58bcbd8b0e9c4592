"""The progress page shows skill: cells mastered of the chart's, the counting speed reached at
90%, accuracy per drill; week-by-week trends and no chart for a drill not used in its span;
the next step, from the EV costs of recent mistakes."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction
from typing import Any

import pytest

from drills.strategy_cells import cells_for
from trainer.clock import stamp
from trainer.engine.rulebook.rules import find_preset
from trainer.store import attempts, schedules
from trainer.web.charts import Day, describe

# The indices and edge by count these pages grade by (worked out once per run).
pytestmark = pytest.mark.usefixtures("count_studies")

NOW = datetime.now(UTC)


def answer(db: Any, user_id: int, n: int, *, skill: str | None = None, **fields: Any) -> None:
    at = fields.pop("at", NOW)
    values: dict[str, Any] = {"drill": "basic-strategy", "question": "TS 6H v 9D",
                              "rules": "vegas-6d-s17", "answer": "S", "right_answer": "H",
                              "correct": False, "ev_cost": Fraction(1, 10), **fields}  # fmt: skip
    schedules.record_scheduled(db, skill=skill, now=at, timing=schedules.Pace(),
                               user_id=user_id, token=f"t-{n}", **values)  # fmt: skip


def item(db: Any, user_id: int, drill: str, key: str, **columns: Any) -> None:
    row = {"state": 2, "stability": 10.0, "reviews": 4, "lapses": 0, **columns}
    db.execute(
        "INSERT INTO review_schedules (user_id, drill, item, question, rules, state, step,"
        " stability, difficulty, due, last_review, reviews, lapses, last_attempt_id)"
        " VALUES (?, ?, ?, 'x', 'vegas-6d-s17', ?, NULL, ?, 5, ?, ?, ?, ?, 1)",
        [user_id, drill, key, row["state"], row["stability"], stamp(NOW), stamp(NOW),
         row["reviews"], row["lapses"]],
    )  # fmt: skip


def test_mastery_per_area(learner: Any, db: Any) -> None:
    client, user_id = learner
    answer(db, user_id, 0, correct=True, answer="H")
    for key in ("hard 16 v 10", "soft 18 v 9", "pairs 8-8 v A"):
        item(db, user_id, "basic-strategy", f"vegas-6d-s17: {key}")
    item(db, user_id, "basic-strategy", "vegas-6d-s17: hard 12 v 2", stability=2.0)  # not yet
    item(db, user_id, "running-count", "hi-lo 6d at 2 cards/s", reviews=10, lapses=1)
    item(db, user_id, "running-count", "hi-lo 6d at 3 cards/s", reviews=10, lapses=3)
    answer(db, user_id, 1, drill="running-count", question="rc hi-lo 6d: 5H", answer="+1",
           right_answer="+1", correct=True, ev_cost=None)  # fmt: skip
    page = client.get("/progress").get_data(as_text=True)
    # Whose answers the drills' rows count: a walk read 26 bet-sizing answers against 4 given.
    assert "a bet, a play or a count at the table counts with the drill that asks" in page
    cells = len(cells_for(find_preset("vegas-6d-s17")))
    assert re.search(
        rf"Basic strategy</th><td>3 of {cells} chart cells</td><td>under Las Vegas, 6 "
        "decks",
        page,
    )
    assert "Counting speed</th><td>2 cards a second</td><td>Hi-Lo, at 90% right" in page


def test_deviations_known_are_counted_of_all_the_famous_indices(learner: Any, db: Any) -> None:
    client, user_id = learner
    answer(db, user_id, 0, correct=True, answer="H")
    for key in ("hard 16 v 10", "insurance v A", "hard 15 v A", "hard 14 v 9"):
        item(db, user_id, "deviations", f"vegas-6d-s17: hi-lo {key}")
    item(db, user_id, "deviations", "vegas-6d-s17: hi-lo hard 12 v 4", stability=2.0)  # not yet
    item(db, user_id, "deviations", "vegas-6d-s17 surrender=none: hi-lo hard 16 v 10")
    page = client.get("/progress").get_data(as_text=True)
    # 18 and the Fab 4 (one of them, 15 v 10, an Illustrious 18 cell too); 14 v 9 is neither.
    assert re.search(
        r"Deviations</th><td>3 of 21 indices</td><td>the Illustrious 18 and Fab 4,"
        r" Hi-Lo count, under Las Vegas.*?; of 1 other index met, 1 mastered",
        page,
    )
    assert re.search(r"Deviations</th><td>1 of 18 indices</td><td>the Illustrious 18, Hi-Lo count,"
                     r" under Las Vegas.*?Surrender: none\)</td>", page)  # fmt: skip


def test_a_drill_not_used_lately_is_not_drawn_empty(learner: Any, db: Any) -> None:
    client, user_id = learner
    answer(db, user_id, 0, at=NOW - timedelta(days=45))
    answer(db, user_id, 1, drill="hand-totals", question="AS 6H", answer="hard 7",
           right_answer="soft 17", ev_cost=None)  # fmt: skip
    page = client.get("/progress").get_data(as_text=True)
    titles = re.findall(r'<title id="[^"]+-title">([^<]+)</title>', page)
    assert sorted(titles) == [
        "Basic strategy: the last 12 weeks",
        "Hand totals: the last 12 weeks",
        "Hand totals: the last 30 days",
    ]
    assert "Deck estimation" not in page  # never used: not drawn at all


def test_the_next_step_is_the_skill_whose_mistakes_cost_most(learner: Any, db: Any) -> None:
    client, user_id = learner
    cell = "vegas-6d-s17: hard 16 v 9"
    answer(db, user_id, 0, skill=cell)  # hard 16 v 9: 0.1 + 0.1
    answer(db, user_id, 1, question="9C 7D v 9H", skill=cell)
    answer(db, user_id, 2, question="8S 8H v 6D", answer="H", right_answer="P",
           ev_cost=Fraction(15, 100), skill="vegas-6d-s17: pairs 8-8 v 6")  # fmt: skip
    answer(db, user_id, 3, drill="payout-math", ev_cost=Fraction(1),  # not EV in bets
           question="natural-3-2|vegas-6d-s17|15|AS 9H KD 7C|-|pay", answer="1",
           right_answer="22.50")  # fmt: skip
    page = client.get("/progress").get_data(as_text=True)
    step = page[
        page.index('id="next-step-heading"') : page.index(
            "</section>", page.index('id="next-step-heading"')
        )
    ]
    named = "hard 16 against a 9 (Las Vegas, 6 decks, dealer stands on soft 17)"
    assert f"Practise <strong>{named}</strong> in “Basic strategy”: your" in step
    # As each verdict says a cost ("It costs 10.00% of the bet"), not "0.20 of a bet".
    assert re.search(r"2 recent mistakes there cost\s+20.00% of the bet", step)
    (item_id,) = db.execute("SELECT id FROM review_schedules WHERE item = ?", [cell]).fetchone()
    assert f'name="item" value="{item_id}"' in step


def test_the_next_step_leaves_out_a_mistake_answered_right_since(learner: Any, db: Any) -> None:
    """A hand answered right after its mistakes is not the next step (a walk, having just
    answered it right, was told to practise it): the costliest skill not mended since is."""
    client, user_id = learner
    cell = "vegas-6d-s17: hard 16 v 9"
    answer(db, user_id, 0, skill=cell, ev_cost=Fraction(1))  # the costliest, then mended
    answer(db, user_id, 1, question="8S 8H v 6D", answer="H", right_answer="P",
           skill="vegas-6d-s17: pairs 8-8 v 6")  # fmt: skip
    answer(db, user_id, 2, skill=cell, correct=True, answer="H", ev_cost=None)
    page = client.get("/progress").get_data(as_text=True)
    step = page[page.index('id="next-step-heading"') :]
    step = step[: step.index("</section>")]
    assert "pairs 8-8 against a 6" in step and "hard 16" not in step, step


def test_no_next_step_without_costly_mistakes(learner: Any, db: Any) -> None:
    client, user_id = learner
    answer(db, user_id, 0, correct=True, answer="H", ev_cost=None)
    assert "Next step" not in client.get("/progress").get_data(as_text=True)
    assert attempts.drill_stats(db, user_id)["basic-strategy"].attempts == 1


def test_one_mistake_is_said_without_its_count_and_the_weeks_run_to_this_sunday(
    learner: Any, db: Any
) -> None:
    client, user_id = learner
    answer(db, user_id, 0, skill="vegas-6d-s17: hard 16 v 9")
    page = client.get("/progress").get_data(as_text=True)
    assert re.search(r"your recent mistake there cost\s+10.00% of the bet", page)
    assert "1 recent mistake" not in page
    weeks = [Day(date(2026, 11, 23) + timedelta(weeks=n), n, n) for n in range(2)]
    # The last week, of Monday Nov 30, runs to Sunday Dec 6: answers on Dec 5 fall inside it.
    assert "weeks from Nov 23, 2026 to Dec 6, 2026" in describe(weeks, "week")
