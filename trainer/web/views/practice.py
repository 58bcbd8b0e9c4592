"""Today: what is due for review, the daily goal and the streak, and one button to practise.

- The home page shows :func:`today` for a learner with a history (a guest's too).
- ``POST /practice``: what to practise next (or the one ``item`` names, the learner's own): the
  drill of the most overdue item, another drill than the last answer's when one has items due,
  so practice moves from drill to drill; that drill's due items, most overdue first, are asked
  again as one review batch of purpose ``practice`` (each answer graded, stored and
  rescheduled by the drill road, like any other), and its end offers the next drill's. Counting
  at a speed is practised with a new session, so a drill with only such items due opens its
  set-up page. With nothing due, the learner's drill left longest gets new questions.
- ``POST /today/goal``: the daily goal, answers or minutes a day, in bounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import Drill, DrillError, registry
from trainer.store import attempts, goals, reviews, schedules, users
from trainer.store.db import first_row
from trainer.web.support import clock_now, current_user, get_db
from trainer.web.time_zone import learner_zone
from trainer.web.views.drills import stored_rules
from trainer.words import N_, quoted, say

bp = Blueprint("practice", __name__)

# The most due items Today lists by name.
LISTED = 50


@dataclass(frozen=True)
class DueDrill:
    slug: str
    title: str
    due: int


def today(user: users.User, now: datetime) -> dict[str, Any]:
    """What Today shows the learner at ``now`` (one with a history: the home page asks)."""
    db = get_db()
    drills = registry()
    counts = schedules.due_by_drill(db, user.id, now)
    by_drill = [DueDrill(s, d.title, counts[s]) for s, d in drills.items() if counts.get(s)]
    goal = goals.get_goal(db, user.id)
    zone = learner_zone()  # the learner's days, midnight to midnight where they are
    day = now.astimezone(zone).date()
    since = day - timedelta(days=goals.STREAK_DAYS)
    activity = goals.daily_activity(db, user.id, since, zone, today=day)
    done = activity.done(goal, day)
    due = schedules.due_items(db, user.id, now, limit=LISTED)
    return {
        "due_drills": by_drill,
        "due_total": sum(counts.values()),
        "due_items": due,
        "due_words": {item.id: item_words(item) for item in due},
        "drill_titles": {slug: drill.title for slug, drill in drills.items()},
        "next_review": None if counts else schedules.next_review(db, user.id),
        "goal": goal,
        "goal_done": done,
        "goal_met": done >= goal.amount,
        "streak": goals.streak(activity, goals.goals_by_day(db, user.id, zone), day),
        "goal_bounds": goals.GOAL_BOUNDS,
    }


def item_words(item: schedules.Item) -> str:
    """The item in plain words (its drill's :meth:`~drills.Drill.skill_words`)."""
    drill = registry().get(item.drill)
    return drill.skill_words(item.item) if drill is not None else item.item


# What a form's whole number is, in the refusal of one that is not.
_NOT_WHOLE = {
    "goal": N_("The goal is a whole number, like 20; %(typed)s is not."),
    "item": N_("An item is a whole number, like 20; %(typed)s is not."),
}


class NotWholeError(ValueError):
    """A form's field that is no whole number: the message says so, quoting what was typed."""


def read_whole(text: str, what: str) -> int:
    """A whole number from a form's field ``what`` (at most six digits, a sign allowed).

    :raises NotWholeError: otherwise.
    """
    text = text.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isdecimal() or not digits.isascii() or len(digits) > 6:
        raise NotWholeError(say(_NOT_WHOLE[what], typed=quoted(text[:20])))
    return int(text)


def _bounded_int(text: str, what: str) -> int:
    """:func:`read_whole`, or a 400 that says why."""
    try:
        return read_whole(text, what)
    except NotWholeError as error:
        abort(400, description=str(error))


@bp.post("/practice")
def start() -> Response:
    """Practise the next item due (or the learner's item ``item``), or new questions."""
    user = current_user()
    if user is None:
        return redirect(url_for("drills.index"), code=303)
    db = get_db()
    item = None
    if request.form.get("item"):
        item_id = _bounded_int(request.form["item"], "item")
        item = schedules.get_item(db, user.id, item_id) if item_id > 0 else None
        if item is None:
            abort(400, description=say("There is no such item to practise; nothing was changed."))
    else:
        item = next_item(user.id, clock_now())
    drills = registry()
    if item is None or item.drill not in drills:
        return redirect(url_for("drills.ask", slug=fresh_drill(user.id)), code=303)
    if request.form.get("item"):
        return practise(user.id, drills[item.drill], [item])
    due = schedules.due_items(db, user.id, clock_now(), drill=item.drill, limit=reviews.MAX_BATCH)
    return practise(user.id, drills[item.drill], due or [item])


def next_item(user_id: int, now: datetime) -> schedules.Item | None:
    """The most overdue item, from another drill than the last answer's when one is due."""
    due = schedules.due_items(get_db(), user_id, now, limit=LISTED)
    last = first_row(
        get_db(), "SELECT drill FROM attempts WHERE user_id = ? ORDER BY id DESC LIMIT 1", [user_id]
    )
    other = [item for item in due if last is None or item.drill != last["drill"]]
    return next(iter(other or due), None)


def fresh_drill(user_id: int) -> str:
    """New questions: the learner's drill practised longest ago, or the first drill."""
    row = first_row(
        get_db(),
        "SELECT drill, max(last_review) AS latest FROM review_schedules WHERE user_id = ?"
        " GROUP BY drill ORDER BY latest LIMIT 1",
        [user_id],
    )
    drills = registry()
    if row and row["drill"] in drills:
        return str(row["drill"])
    return next(iter(drills))


def practise(user_id: int, drill: Drill, items: list[schedules.Item]) -> Response:
    """Ask the items of one drill again, in order: each by its newest question, in one batch;
    or, when none can be asked alone (counting at a speed), a new session of the drill."""
    asked = [answered for item in items if (answered := asked_again(user_id, drill, item))]
    if not asked:
        return redirect(url_for("drills.ask", slug=drill.slug), code=303)
    batch = reviews.create_batch(get_db(), user_id, drill.slug, asked, purpose="practice")
    return redirect(url_for("drills.ask", slug=drill.slug, review=batch.id), code=303)


def asked_again(user_id: int, drill: Drill, item: schedules.Item) -> attempts.Attempt | None:
    """The item's newest answer, when its question asks the item alone (a checkpoint does; a
    counting session's speed is not one question)."""
    try:
        asks_again = drill.skill(item.question, stored_rules(item.rules)) == item.item
    except DrillError:
        asks_again = False
    return attempts.get_attempt(get_db(), user_id, item.last_attempt_id) if asks_again else None
