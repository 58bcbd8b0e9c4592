"""Today on the home page, on a fixed clock: exactly the items due, the daily goal and its
streak, "Practise now" asking a due item again; bad input (a goal out of bounds, a forged item
id) is a readable 400 and changes nothing."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from drills import registry
from drills.hand_totals import read_hand, right_answer
from tests.conftest import app_config
from trainer import create_app, store
from trainer.clock import Clock
from trainer.store import goals, schedules

START = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
_OTHER_KIND = {"hard": "soft", "soft": "hard"}
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


@pytest.fixture
def clock() -> Clock:
    return Clock(fixed=START)


@pytest.fixture
def clocked(tmp_path: Path, clock: Clock) -> Any:
    return create_app(app_config(tmp_path, CLOCK=clock))


@pytest.fixture
def learner(clocked: Any) -> Any:
    return clocked.test_client()


def hidden(page: str) -> dict[str, str]:
    return dict(_HIDDEN.findall(page))


def answer_hand(client: Any, *, right: bool | Callable[[str], bool]) -> str:
    """One hand-totals answer through the drill road, right or wrong (``right`` may say which
    by the item asked): the item it schedules, its right answer ("soft 17", "bust")."""
    page = client.get("/drills/hand-totals").get_data(as_text=True)
    form = hidden(page)
    item = right_answer(read_hand(form["question"]))
    kind, _, total = item.partition(" ")
    if not (right(item) if callable(right) else right):  # bust as hard 22, soft as hard
        kind, total = ("hard", "22") if kind == "bust" else (_OTHER_KIND[kind], total)
    form.update(kind=kind, total=total)
    assert (
        client.post("/drills/hand-totals/answer", data=form, follow_redirects=True).status_code
        == 200
    )
    return item


def answer_items(client: Any, *, items: int, wrong_first: bool) -> list[str]:
    """Hands answered until ``items`` skills have been asked, each hand of the first skill
    wrong given ``wrong_first`` and every other hand right: the skills, in the order asked."""
    asked: list[str] = []

    def right(item: str) -> bool:  # the first skill asked is missed every time
        return not wrong_first or bool(asked) and item != asked[0]

    for _ in range(200):  # a shuffled pack gives another total long before this
        item = answer_hand(client, right=right)
        if item not in asked:
            asked.append(item)
        if len(asked) == items:
            return asked
    raise AssertionError(f"only {asked} asked in 200 hands")


def today_of(client: Any) -> str:
    page = client.get("/").get_data(as_text=True)
    start = page.find('id="today"')
    return page[start : page.find("</section>", start)] if start >= 0 else ""


def db_of(app: Any) -> Any:
    return store.open_db(app.config["DATABASE"])


def test_a_new_visitor_has_no_today(learner: Any) -> None:
    assert today_of(learner) == ""


def test_today_lists_exactly_the_items_due(clocked: Any, learner: Any, clock: Clock) -> None:
    missed, *known = answer_items(learner, items=3, wrong_first=True)
    db = db_of(clocked)
    (user_id,) = db.execute("SELECT id FROM users").fetchone()
    clock.advance(timedelta(hours=2))
    due = schedules.due_items(db, user_id, clock.now())
    everything = schedules.due_items(db, user_id, clock.now() + timedelta(days=365))
    assert [item.item for item in due] == [missed]  # the skill missed is due again today
    assert sorted(item.item for item in everything) == sorted([missed, *known])
    shown = today_of(learner)
    listed = re.findall(r"<li>Hand totals: ([^<]+)</li>", shown)
    words = registry()["hand-totals"].skill_words
    assert sorted(listed) == sorted(words(item.item) for item in due)  # in plain words
    assert f"{len(due)} item{'s' if len(due) != 1 else ''} due for review" in shown
    assert "Streak: <strong>0 days</strong>" in shown
    db.close()


def test_the_streak_counts_days_the_goal_was_met(clocked: Any, learner: Any, clock: Clock) -> None:
    answer_hand(learner, right=True)
    form = hidden(learner.get("/").get_data(as_text=True))
    response = learner.post("/today/goal", data={**form, "kind": "answers", "amount": "5"})
    assert response.status_code == 303
    for _ in range(4):
        answer_hand(learner, right=True)
    assert "Daily goal of 5 answers met: <strong>5</strong> today." in today_of(learner)
    clock.advance(timedelta(days=1))
    assert "Streak: <strong>1 day</strong>" in today_of(learner)  # yesterday's stands
    for _ in range(5):
        answer_hand(learner, right=False)
    assert "Streak: <strong>2 days</strong>" in today_of(learner)


def test_raising_the_goal_today_keeps_the_days_met_under_the_old_one(
    clocked: Any, learner: Any, clock: Clock
) -> None:
    answer_hand(learner, right=True)
    form = hidden(learner.get("/").get_data(as_text=True))
    learner.post("/today/goal", data={**form, "kind": "answers", "amount": "5"})
    for _ in range(4):
        answer_hand(learner, right=True)
    clock.advance(timedelta(days=1))
    form = hidden(learner.get("/").get_data(as_text=True))
    response = learner.post("/today/goal", data={**form, "kind": "answers", "amount": "50"})
    assert response.status_code == 303
    shown = today_of(learner)
    assert "0 of 50</strong> answers today" in shown
    assert "Streak: <strong>1 day</strong>" in shown  # yesterday met its goal of 5


@pytest.mark.parametrize(
    ("kind", "amount", "said"),
    [
        ("answers", "0", "5 to 500, not 0"),
        ("answers", "-4", "5 to 500, not -4"),
        ("answers", "99999999", "whole number"),
        ("minutes", "600", "5 to 240, not 600"),
        ("hours", "10", "a number of answers or minutes"),
        ("answers", "ten", "whole number"),
    ],
)
def test_a_bad_goal_is_refused_and_nothing_changes(
    clocked: Any, learner: Any, kind: str, amount: str, said: str
) -> None:
    answer_hand(learner, right=True)
    form = hidden(learner.get("/").get_data(as_text=True))
    response = learner.post("/today/goal", data={**form, "kind": kind, "amount": amount})
    assert response.status_code == 400
    assert said in response.get_data(as_text=True)
    assert f"{said}.." not in response.get_data(as_text=True)  # one full stop, the page's
    # On the home page, beside the goal's field, what was typed kept (it was a page apart).
    page = html.unescape(response.get_data(as_text=True))
    assert said in page.split('id="goal-error"', 1)[1].split("</p>", 1)[0]
    field = page.split('id="goal-amount"', 1)[1].split(">", 1)[0]
    assert f'value="{amount}"' in field and 'aria-describedby="goal-error"' in field
    if kind in ("answers", "minutes"):  # the kind sent with it, kept too
        assert f'<option value="{kind}" selected>' in page
    db = db_of(clocked)
    assert db.execute("SELECT count(*) FROM practice_goals").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM goal_changes").fetchone()[0] == 0
    (user_id,) = db.execute("SELECT id FROM users").fetchone()
    assert goals.get_goal(db, user_id) == goals.DEFAULT_GOAL
    db.close()


def test_practise_now_asks_a_due_item_and_reschedules_it(
    clocked: Any, learner: Any, clock: Clock
) -> None:
    answer_hand(learner, right=False)
    clock.advance(timedelta(days=1))
    db = db_of(clocked)
    (item,) = schedules.due_items(db, 1, clock.now())
    response = learner.post("/practice", data=hidden(learner.get("/").get_data(as_text=True)))
    assert response.status_code == 303
    page = learner.get(response.headers["Location"]).get_data(as_text=True)
    assert "Practising what is due" in page
    form = hidden(page)
    assert form["question"] == item.question
    kind, _, total = right_answer(read_hand(form["question"])).partition(" ")
    form.update(kind=kind, total=total)
    done = learner.post("/drills/hand-totals/answer", data=form, follow_redirects=True).get_data(
        as_text=True
    )
    assert "Practise what is due next" in done and "1 of 1</strong> right" in done
    assert schedules.due_items(db, 1, clock.now()) == []
    (again,) = schedules.due_items(db, 1, clock.now() + timedelta(days=30))
    assert (again.id, again.reviews) == (item.id, 2)
    # Said when it comes back ("scheduled again" alone left a learner asking when), at the
    # time its schedule holds, in the page's zone (UTC for a browser that names none).
    due = datetime.fromisoformat(again.due.replace("Z", "+00:00"))
    when = f"{due:%b} {due.day}, {due.year}, {due.hour % 12 or 12}:{due:%M}"
    assert f"The first falls due again on {when}" in done  # "on" a date and time (a walk)
    db.close()


def test_practise_now_asks_a_drills_due_items_in_one_batch_most_overdue_first(
    clocked: Any, learner: Any, clock: Clock
) -> None:
    asked: set[str] = set()
    while len(asked) < 3:  # each skill missed, a minute apart
        asked.add(answer_hand(learner, right=False))
        clock.advance(timedelta(minutes=1))
    clock.advance(timedelta(days=1))
    db = db_of(clocked)
    due = schedules.due_items(db, 1, clock.now())
    assert len(due) > 1
    response = learner.post("/practice", data=hidden(learner.get("/").get_data(as_text=True)))
    page = learner.get(response.headers["Location"]).get_data(as_text=True)
    for n, item in enumerate(due):
        assert f"question <strong>{n + 1}</strong> of {len(due)}" in page
        form = hidden(page)
        assert form["question"] == item.question  # the most overdue first
        kind, _, total = right_answer(read_hand(form["question"])).partition(" ")
        page = learner.post(
            "/drills/hand-totals/answer",
            data={**form, "kind": kind, "total": total},
            follow_redirects=True,
        )
        page = page.get_data(as_text=True)
    assert f"{len(due)} of {len(due)}</strong> right" in page
    assert schedules.due_items(db, 1, clock.now()) == []
    db.close()


@pytest.mark.parametrize("item", ["999", "-1", "1e3", "x" * 40, "0"])
def test_a_forged_item_is_refused_and_nothing_is_stored(
    clocked: Any, learner: Any, item: str
) -> None:
    answer_hand(learner, right=False)
    form = hidden(learner.get("/").get_data(as_text=True))
    response = learner.post("/practice", data={**form, "item": item})
    assert response.status_code == 400
    db = db_of(clocked)
    assert db.execute("SELECT count(*) FROM review_batches").fetchone()[0] == 0
    db.close()


def test_another_learners_item_is_refused(clocked: Any, learner: Any) -> None:
    answer_hand(learner, right=False)
    other = clocked.test_client()
    answer_hand(other, right=False)
    db = db_of(clocked)
    (theirs,) = db.execute("SELECT id FROM review_schedules WHERE user_id = 2").fetchone()
    form = hidden(learner.get("/").get_data(as_text=True))
    assert learner.post("/practice", data={**form, "item": str(theirs)}).status_code == 400
    db.close()
