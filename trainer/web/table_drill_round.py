"""Errors come back between shoes: the drill round a played-out table offers, of each kind of
question the table asked (its hands and index plays, its counts), from the review schedule the
rest of the app uses.

A drill round asks, per drill, the learner's mistakes whose item is due (older mistakes, each
item by its newest mistake) and this shoe's mistakes, the most overdue first, at most
:data:`DRILL_ROUND` of them. It is a review batch (:mod:`trainer.store.drill_rounds`): answered on
the drill road, graded and rescheduled like any answer, never in the shoe's figures, and each
question says why it came back (:func:`why_words`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from drills import Drill, DrillError, registry
from trainer.clock import stamp
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.store import attempts, reviews, schedules, tables
from trainer.store.attempts import Attempt
from trainer.store.drill_rounds import Reason
from trainer.web.support import clock_now, get_db
from trainer.web.time_zone import learner_zone
from trainer.words import plural, say

__all__ = [
    "DRILL_ROUND",
    "asked_drills",
    "offers",
    "round_questions",
    "table_prefix",
    "why_words",
]

DRILL_ROUND = 10  # questions in the drill round offered between shoes, per drill
_LOOKED_AT = 300  # the newest mistakes of a drill looked at for items due
_NEVER = "9999"  # after every stored time: a mistake whose item is not scheduled


def table_prefix(table_id: str) -> str:
    """The start of every token of an answer given at the table (its attempts' tokens)."""
    return f"t{table_id}-"


def round_questions(
    user_id: int, drill: Drill, table_id: str, now: datetime
) -> list[tuple[Attempt, Reason]]:
    """The mistakes a drill round of ``drill`` asks after the table ``table_id``, all of them
    (the round asks the first :data:`DRILL_ROUND`), the most overdue first: the newest mistake
    of each item due at ``now`` that was not missed in this shoe, and this shoe's mistakes."""
    db = get_db()
    chosen = reviews.MistakeFilter(drill=drill.slug)
    wrong = reviews.find_mistakes(db, user_id, chosen, limit=_LOOKED_AT)  # newest first
    skills: dict[int, str] = {}
    for attempt in wrong:
        try:
            skills[attempt.id] = drill.skill(attempt.question, Rules.parse(attempt.rules))
        except (DrillError, InvalidRulesError):
            continue  # a question its drill no longer reads: not asked again
    dues = schedules.dues_of(db, user_id, drill.slug, sorted(set(skills.values())))
    prefix = table_prefix(table_id)
    due_by = stamp(now)
    shoe = [a for a in wrong if a.id in skills and a.token.startswith(prefix)]
    missed_now = {skills[a.id] for a in shoe}
    # This shoe's mistakes, less those a drill round has asked since (their item reviewed off
    # the table and not due again yet): a second round does not ask at once what one just did.
    drilled = {
        skill
        for skill in missed_now
        if dues.get(skill, _NEVER) > due_by and _reviewed_off(user_id, drill, skill, prefix)
    }
    shoe = [a for a in shoe if skills[a.id] not in drilled]
    older: dict[str, Attempt] = {}
    for attempt in wrong:
        skill = skills.get(attempt.id)
        if skill is None or skill in missed_now or attempt.token.startswith(prefix):
            continue
        if dues.get(skill, _NEVER) <= due_by:
            older.setdefault(skill, attempt)  # the newest mistake of the item
    found = [(a, Reason("missed", a.created_at)) for a in older.values()]
    asked: set[tuple[str, str]] = set()
    for attempt in reversed(shoe):  # in the shoe's order, each question once
        if (attempt.question, attempt.rules) not in asked:
            asked.add((attempt.question, attempt.rules))
            found.append((attempt, Reason("shoe", attempt.created_at)))
    found.sort(key=lambda pair: dues.get(skills[pair[0].id], _NEVER))  # stable: ties kept
    return found


def _reviewed_off(user_id: int, drill: Drill, skill: str, prefix: str) -> bool:
    """Whether the item ``skill`` was last reviewed by an answer given off the table (the
    table's answers' tokens start with ``prefix``)."""
    item = schedules.find_item(get_db(), user_id, drill.slug, skill)
    last = attempts.get_attempt(get_db(), user_id, item.last_attempt_id) if item else None
    return last is not None and not last.token.startswith(prefix)


def asked_drills(user_id: int, table_id: str) -> list[str]:
    """The drills of the questions the learner was asked at the table (by their attempts)."""
    found = tables.table_attempts(get_db(), user_id, table_prefix(table_id))
    return sorted({row["drill"] for row in found.values()})


def offers(user_id: int, table_id: str) -> list[dict[str, Any]]:
    """A drill round of each drill the table asked with anything to ask now: its slug and
    title, how many of this shoe's mistakes and of the older mistakes due it holds, and how
    many it asks. This shoe's most mistaken drill first."""
    drills = registry()
    now = clock_now()
    found = []
    for slug in asked_drills(user_id, table_id):
        if slug not in drills:
            continue
        questions = round_questions(user_id, drills[slug], table_id, now)
        shoe = sum(reason.kind == "shoe" for _, reason in questions)
        if questions:
            found.append({
                "slug": slug,
                "title": drills[slug].title,
                "shoe": shoe,
                "due": len(questions) - shoe,
                "size": min(len(questions), DRILL_ROUND),
            })  # fmt: skip
    return sorted(found, key=lambda offer: (-offer["shoe"], -offer["due"]))


def why_words(reason: Reason, now: datetime) -> str:
    """Why a question of a drill round came back, in plain words: missed in the shoe just
    played, or an older mistake due for review, missed so many days ago (the learner's days)."""
    if reason.kind == "shoe":
        return say("You got this wrong at the table you have just played.")
    zone = learner_zone()
    then = datetime.fromisoformat(reason.at).astimezone(zone).date()
    days = max(0, (now.astimezone(zone).date() - then).days)
    if days == 0:
        return say("Due for review: you missed this earlier today.")
    if days == 1:
        return say("Due for review: you missed this yesterday.")
    return plural(
        "Due for review: you missed this %(count)s day ago.",
        "Due for review: you missed this %(count)s days ago.",
        days,
    )
