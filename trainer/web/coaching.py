"""What a coach's class page shows, worked out from the store's reads of the members' work
since they joined (:mod:`trainer.store.class_work`): each learner's path step, figures,
practice time, streak and costliest mistakes; the class's heat maps (strategy cells, index
plays, payouts, counting speeds), each under its rules; who is on track with each assignment;
and the class as CSV.

Nothing here reads a learner's history before joining or anything of a learner who left: the
store's queries see to it, and this module only puts their figures together.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from fractions import Fraction
from typing import Any

from drills import DrillError, registry
from drills import path as steps
from drills.base import share_or_bets
from drills.checkouts.criteria import KINDS as CHECKOUT_KINDS
from drills.checkouts.criteria import Criteria, taken_under, title_of
from drills.checkouts.plan import Answered, Item, standing
from drills.skill_words import decks_words, system_words
from drills.strategy_cells import accuracy_band, cell_words, tally_by_cell
from trainer.clock import stamp
from trainer.engine.rulebook.rule_words import short_summary
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.store import checkouts, class_work, classes, goals, paths, schedules, users
from trainer.store.class_work import Assignment, CheckoutTaken, Totals
from trainer.store.classes import Class, Member
from trainer.web.mastery import (
    SPEED_ACCURACY,
    SPEED_CHECKPOINTS,
    Accuracy,
    Mastery,
    mastery_rows,
)
from trainer.web.support import get_db
from trainer.web.time_zone import find_zone, local_day
from trainer.words import cards_a_second, number, plural, say

# Mistakes shown per learner, and rows per heat-map table.
COSTLIEST_SHOWN = 3
ROWS_SHOWN = 12
WEEK = timedelta(days=7)
# An assignment's newest answers read at most (its target is at most 1,000 answers).
_ANSWERS_READ = 2_000


@dataclass(frozen=True)
class Progress:
    """A member's progress with one assignment."""

    state: str  # "done", "on-track", "behind", "overdue"
    answers: int  # counted toward it (of the target)
    right: int

    @property
    def percent(self) -> int:
        """The share of the counted answers that were right, in whole per cent (0 for none)."""
        return round(100 * self.right / self.answers) if self.answers else 0


@dataclass
class LearnerRow:
    member: Member
    step: str  # the path step to continue with, in words ("" when every step is done)
    totals: dict[str, Totals]
    week_minutes: int
    total_minutes: int
    streak: int
    costliest: list[dict[str, Any]] = field(default_factory=list)
    progress: dict[int, Progress] = field(default_factory=dict)
    mastery: list[Mastery] = field(default_factory=list)

    @property
    def answers(self) -> int:
        return sum(t.answers for t in self.totals.values())

    @property
    def right(self) -> int:
        return sum(t.right for t in self.totals.values())


def readable(notation: str) -> str:
    try:
        return short_summary(Rules.parse(notation))
    except InvalidRulesError:
        return notation


def _rules(notation: str) -> Rules | None:
    try:
        return Rules.parse(notation)
    except InvalidRulesError:
        return None


# -- one learner ----------------------------------------------------------------------------


def learner_row(
    member: Member, now: datetime, assignments: Sequence[Assignment], speed: float = 0.0
) -> LearnerRow:
    """A member's row of the class page: everything from their work since joining (``speed``:
    their :func:`fastest_counts`), their days counted as Today counts them: midnight to
    midnight in the time zone they chose (UTC where they chose none)."""
    db = get_db()
    totals = class_work.member_totals(db, member)
    zone = member_zone(member)
    today = now.astimezone(zone).date()
    activity = class_work.member_activity(db, member, today, zone)
    end = stamp(datetime.combine(today + timedelta(days=1), time(0), tzinfo=zone))
    week = stamp(datetime.combine(today - WEEK + timedelta(days=1), time(0), tzinfo=zone))
    row = LearnerRow(
        member=member,
        step=path_step(member, totals, speed),
        totals=totals,
        week_minutes=class_work.member_minutes(db, member, week, end),
        total_minutes=class_work.member_minutes(db, member, member.joined_at, end),
        streak=goals.streak(activity, goals.goals_by_day(db, member.user_id, zone), today),
    )
    row.costliest = costliest(member)
    row.mastery = member_mastery(member, totals)
    row.progress = {a.id: progress(member, a, now.date()) for a in assignments}
    return row


def member_zone(member: Member) -> tzinfo:
    """The time zone the member chose on their account page (used, never shown), else UTC."""
    user = users.get_user(get_db(), member.user_id)
    return (find_zone(user.time_zone) if user else None) or UTC


def path_step(member: Member, totals: dict[str, Totals], speed: float) -> str:
    """The path step the member would continue with, judged by their work since joining and
    the start they chose (and steps their placement check showed they know)."""
    place = paths.get_place(get_db(), member.user_id)
    start = place.start if place else None
    known = steps.read_known(place.known) if place else frozenset()
    answers = {slug: (t.answers, t.right) for slug, t in totals.items()}
    walk = steps.walk(start, known, steps.Figures(answers, speed))
    current = walk.current
    return say(current.step.title) if current else ""


def fastest_counts(class_id: int) -> dict[int, float]:
    """Per member, the fastest running count kept at 90% right since joining (enough
    checkpoints at that speed), in cards a second."""
    best: dict[int, float] = {}
    for tally in class_work.count_tallies(get_db(), class_id):
        if tally.answers < SPEED_CHECKPOINTS:
            continue
        if Fraction(tally.right, tally.answers) >= SPEED_ACCURACY:
            best[tally.user_id] = max(best.get(tally.user_id, 0.0), float(tally.speed))
    return best


# The drills whose items are replayed for a member's mastery since joining.
_REPLAYED = ("basic-strategy", "deviations")


def member_mastery(member: Member, totals: dict[str, Totals]) -> list[Mastery]:
    """The member's mastery as their progress page measures it (chart cells and index plays
    mastered, the counting speed kept at 9 in 10 right, the accuracy drills' share right),
    counted from their answers since joining alone: each item's schedule replayed from those
    answers (:func:`trainer.store.schedules.replayed_tallies`), as if they began then."""
    drills = registry()
    skills: dict[tuple[str, str, str], str | None] = {}
    reviewed = []
    for answered in class_work.member_answers(get_db(), member, _REPLAYED):
        drill = drills.get(answered.drill)
        key = (answered.drill, answered.question, answered.rules)
        if drill is None:
            continue
        if key not in skills:
            rules = _rules(answered.rules)
            try:
                skills[key] = drill.skill(answered.question, rules) if rules else None
            except (DrillError, ValueError):
                skills[key] = None
        if (item := skills[key]) is not None:
            at = datetime.fromisoformat(answered.created_at)
            reviewed.append(schedules.Reviewed(answered.drill, item, answered.correct,
                                               answered.response_ms, at, drill))  # fmt: skip
    replayed = schedules.replayed_tallies(reviewed)
    counts = [
        schedules.ItemTally(
            "running-count",
            f"{t.system} {t.decks}d at {float(t.speed):g} cards/s",
            t.answers,
            t.answers - t.right,
            False,
        )  # fmt: skip
        for t in class_work.member_count_tallies(get_db(), member)
    ]
    return mastery_rows(
        [t for t in replayed if t.drill == "basic-strategy"],
        [t for t in replayed if t.drill == "deviations"] + counts,
        {slug: Accuracy(t.answers, t.right, t.mean_ms) for slug, t in totals.items()},
    )


def costliest(member: Member) -> list[dict[str, Any]]:
    """The member's costliest mistakes since joining (EV in bets), each in words; ``rules``
    names the rules where the skill's words do not."""
    drills = registry()
    shown = []
    for slug, question, notation, cost, count in class_work.member_costly(get_db(), member):
        drill, rules = drills.get(slug), _rules(notation)
        if drill is None or rules is None:
            continue
        try:
            skill = drill.skill_words(drill.skill(question, rules))
        except (DrillError, ValueError):
            continue
        named = readable(notation)  # said once: most skills' words name their rules already
        shown.append({"drill": drill.title, "skill": skill, "cost": share_or_bets(cost),
                      "count": count, "rules": "" if named in skill else named})  # fmt: skip
        if len(shown) == COSTLIEST_SHOWN:
            break
    return shown


# -- assignments ----------------------------------------------------------------------------


def assignment_drills(assignment: Assignment) -> list[str]:
    """The drills an assignment is judged on: its drill, or its step's drills with a bar (the
    running count's step: its running-count drill)."""
    if assignment.kind == "drill":
        return [assignment.target]
    step = steps.BY_KEY.get(assignment.target)
    if step is None:
        return []
    return [bar.drill for bar in step.bars] or list(step.drills[:1])


def progress(member: Member, assignment: Assignment, today: date) -> Progress:
    """How far the member is with the assignment: for each of its drills, their newest
    answers since it was set (under its rules; for a count, at its system and speed or
    faster), up to its target; the worst of its drills."""
    found = [
        _drill_progress(member, assignment, slug, today) for slug in assignment_drills(assignment)
    ]
    order = ["overdue", "behind", "on-track", "done"]
    if not found:
        return Progress("behind", 0, 0)
    return min(found, key=lambda p: (order.index(p.state), p.answers))


def _drill_progress(member: Member, assignment: Assignment, slug: str, today: date) -> Progress:
    db = get_db()
    counted = class_work.newest_answers(
        db, member, slug, assignment.created_at, rules=assignment.rules, limit=_ANSWERS_READ
    )
    if slug == "running-count" and (assignment.system or assignment.speed):
        counted = _at_speed(member, assignment, counted)
    counted = counted[: assignment.answers]
    made, right = len(counted), sum(r for r, _ in counted)
    good = right * 100 >= assignment.percent * made
    if made == assignment.answers and good:
        return Progress("done", made, right)
    due = date.fromisoformat(assignment.due)
    if today > due:
        return Progress("overdue", made, right)
    start = date.fromisoformat(assignment.created_at[:10])
    span = max((due - start).days + 1, 1)
    elapsed = Fraction(min(max((today - start).days, 0), span), span)
    on_pace = made >= assignment.answers * elapsed
    return Progress("on-track" if on_pace and good else "behind", made, right)


def _at_speed(
    member: Member, assignment: Assignment, counted: list[tuple[int, str]]
) -> list[tuple[int, str]]:
    """The checkpoints of sessions in the assignment's system, at its speed or faster."""
    ids = {token[3:].rsplit("-", 2)[0] for _, token in counted if token.startswith("cs-")}
    sessions = class_work.session_speeds(get_db(), member.user_id, sorted(ids))
    wanted = Fraction(assignment.speed) if assignment.speed else Fraction(0)
    kept = []
    for right, token in counted:
        found = sessions.get(token[3:].rsplit("-", 2)[0]) if token.startswith("cs-") else None
        if found is None:
            continue
        system, speed = found
        if (assignment.system is None or system == assignment.system) and speed >= wanted:
            kept.append((right, token))
    return kept


def assignment_words(assignment: Assignment) -> str:
    """What an assignment asks, in one sentence: "Running count, Hi-Lo at 2 cards a second or
    faster: 90% right of the newest 50 answers"."""
    drills = registry()
    if assignment.kind == "step":
        step = steps.BY_KEY.get(assignment.target)
        what = say("The path's step %(step)s", step=say(step.title)) if step else assignment.target
    else:
        drill = drills.get(assignment.target)
        what = drill.title if drill else assignment.target
    parts = [what]
    if assignment.rules:
        parts.append(say("under %(rules)s", rules=readable(assignment.rules)))
    if assignment.system:
        parts.append(system_words(assignment.system))
    if assignment.speed:
        shown = cards_a_second(Fraction(assignment.speed))  # "1.5 cards a second", 3/7's "0.43"
        parts.append(say("at %(speed)s or faster", speed=shown))
    target = plural(
        "%(percent)s%% right of the newest %(count)s answer",
        "%(percent)s%% right of the newest %(count)s answers",
        assignment.answers,
        percent=number(assignment.percent),
    )
    if assignment.percent == 100:
        target = plural(
            "no error in %(count)s answer", "no error in %(count)s answers", assignment.answers
        )
    return say("%(what)s: %(target)s", what=", ".join(parts), target=target)


# -- the class's heat maps ------------------------------------------------------------------


def strategy_heat(class_id: int, chosen: str | None) -> dict[str, Any]:
    """The class's basic-strategy answers per chart cell under one rule set (``chosen``, or
    the one the class answered most under), the rule sets answered under, and the cells most
    often wrong."""
    by_rules: dict[str, list[class_work.QuestionTally]] = {}
    for answered in class_work.class_tally(get_db(), class_id, "basic-strategy"):
        by_rules.setdefault(answered.rules, []).append(answered)
    seen = sorted(by_rules, key=lambda n: -sum(t.answers for t in by_rules[n]))
    notation = chosen if chosen in by_rules else (seen[0] if seen else None)
    rules = _rules(notation) if notation else None
    if rules is None or notation is None:
        return {"rules": None, "choices": []}
    tally = tally_by_cell(((t.question, t.right, t.answers) for t in by_rules[notation]), rules)
    worst = sorted(
        ((cell, right, total) for cell, (right, total) in tally.items() if right < total),
        key=lambda item: (Fraction(item[1], item[2]), -item[2]),
    )
    return {
        "rules": rules,
        "notation": notation,
        "choices": [(n, readable(n)) for n in seen],
        "tally": tally,
        "worst": [
            _row(cell_words(cell), right, total) for cell, right, total in worst[:ROWS_SHOWN]
        ],
    }


def _row(words: str, right: int, total: int) -> dict[str, Any]:
    return {"words": words, "right": right, "total": total, "band": accuracy_band(right, total),
            "percent": round(100 * right / total) if total else 0}  # fmt: skip


def skill_heat(class_id: int, slug: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """The class's answers to ``slug`` (index plays, payouts) per skill, grouped under the
    rules they were answered under, the skills most often wrong first."""
    drill = registry().get(slug)
    if drill is None:
        return []
    grouped: dict[str, dict[str, list[int]]] = {}
    for tally in class_work.class_tally(get_db(), class_id, slug):
        rules = _rules(tally.rules)
        if rules is None:
            continue
        try:
            words = drill.skill_words(drill.skill(tally.question, rules))
        except (DrillError, ValueError):
            continue
        sums = grouped.setdefault(tally.rules, {}).setdefault(words, [0, 0])
        sums[0] += tally.right
        sums[1] += tally.answers
    shown = []
    for notation, skills in sorted(
        grouped.items(), key=lambda g: -sum(s[1] for s in g[1].values())
    ):
        rows = sorted(
            (_row(words, right, total) for words, (right, total) in skills.items()),
            key=lambda row: (row["percent"], -row["total"]),
        )
        shown.append((readable(notation), rows[:ROWS_SHOWN]))
    return shown


def speed_heat(class_id: int) -> list[dict[str, Any]]:
    """The class's running-count checkpoints per system, shoe and speed: right of answered,
    and how many learners counted there; the least accurate first."""
    grouped: dict[tuple[str, int, Fraction], list[Any]] = {}
    for tally in class_work.count_tallies(get_db(), class_id):
        sums = grouped.setdefault((tally.system, tally.decks, tally.speed), [0, 0, set()])
        sums[0] += tally.right
        sums[1] += tally.answers
        sums[2].add(tally.user_id)
    rows = []
    for (system, decks, speed), (right, total, learners) in grouped.items():
        words = say(
            "%(system)s, %(decks)s, at %(speed)s",
            system=system_words(system),
            decks=decks_words(f"{decks}d"),
            speed=cards_a_second(speed),
        )
        row = _row(words, right, total)
        row["learners"] = len(learners)
        rows.append(row)
    rows.sort(key=lambda row: (row["percent"], -row["total"]))
    return rows[:ROWS_SHOWN]


def common_drills(class_id: int) -> list[tuple[str, str, int]]:
    """The drills the class has mistakes to drill again in: (slug, title, questions)."""
    drills = registry()
    found: list[tuple[str, str, int]] = []
    for slug in ("basic-strategy", "deviations", "payout-math", "hand-totals", "true-count"):
        questions = class_work.common_mistakes(get_db(), class_id, slug)
        if questions and slug in drills:
            found.append((slug, drills[slug].title, len(questions)))
    return found


# -- the last checkouts ---------------------------------------------------------------------


def last_checkouts(class_id: int, now: datetime) -> list[dict[str, Any]]:
    """The members' last checkouts since joining (the checkouts are built apart, migration
    0022: until their tables are in this instance's schema, there are none to show), each
    passed, not passed, or not finished: dealt or under way, not over by ``now``."""
    shown = []
    for taken in class_work.last_checkouts(get_db(), class_id):
        when = datetime.fromtimestamp(taken.taken_ms / 1000, UTC)
        state = "passed" if taken.passed else _run_state(taken, int(now.timestamp() * 1000))
        under = taken_under(taken.rules, taken.system, taken.kind)
        shown.append({"name": taken.name, "kind": checkout_title(taken.kind), "under": under,
                      "day": local_day(when), "passed": taken.passed,
                      "state": state})  # fmt: skip
    return shown


def _run_state(taken: CheckoutTaken, now_ms: int) -> str:
    """Where a run without a certificate stands by ``now_ms``: ``failed`` once it is over (too
    many errors, or a clock run out), else ``unfinished`` (only dealt, or under way now)."""
    db = get_db()
    run = checkouts.get_run(db, taken.run_id, taken.user_id)
    if run is None:
        return "failed"
    answers = [Answered(a.part, a.item, a.sort, a.correct, a.answered_ms)
               for a in checkouts.run_answers(db, run.id)]  # fmt: skip
    items = tuple(tuple(Item(sort, notation) for sort, notation in part) for part in run.items)
    at = standing(
        Criteria.from_json(run.criteria), items, checkouts.part_starts(db, run.id), answers, now_ms
    )
    return "failed" if at.over else "unfinished"


def checkout_title(kind: str) -> str:
    """A checkout's name in words (``drills.checkouts.criteria.title_of``)."""
    return title_of(kind) if kind in CHECKOUT_KINDS else kind


# -- the export -----------------------------------------------------------------------------

CSV_FIELDS = (
    "learner", "joined", "path_step", "answers", "right", "percent_right", "minutes_last_7_days",
    "minutes_since_joining", "streak_days", "costliest_mistake", "mastery_since_joining",
)  # fmt: skip


def class_csv(rows: Sequence[LearnerRow], assignments: Sequence[Assignment]) -> str:
    """The class as CSV: a row per learner, their figures since joining and each
    assignment's state (no account details: the name each gave on joining)."""
    out = io.StringIO()
    heads = [*CSV_FIELDS, *(f"assignment_{a.id}_{a.target}_due_{a.due}" for a in assignments)]
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(heads)
    for row in rows:
        worst = row.costliest[0] if row.costliest else None
        writer.writerow(
            [
                _cell(row.member.name), row.member.joined_at[:10], row.step, row.answers,
                row.right, round(100 * row.right / row.answers) if row.answers else "",
                row.week_minutes, row.total_minutes, row.streak,
                _cell(f"{worst['drill']}: {worst['skill']} ({worst['cost']})") if worst else "",
                _cell("; ".join(f"{m.area}: {m.figure}" for m in row.mastery)),
                *(_progress_cell(row.progress.get(a.id), a) for a in assignments),
            ]
        )  # fmt: skip
    return out.getvalue()


def _progress_cell(found: Progress | None, assignment: Assignment) -> str:
    if found is None:
        return ""
    return f"{found.state} {found.answers}/{assignment.answers} {found.percent}%"


def _cell(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula (a name typed as ``=HYPERLINK(...)``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def learners_and_class(found: Class, now: datetime) -> dict[str, Any]:
    """Everything the class page and its export show."""
    db = get_db()
    members = classes.members_of(db, found.id)
    assignments = class_work.assignments_of(db, [found.id])
    speeds = fastest_counts(found.id)
    rows = [learner_row(m, now, assignments, speeds.get(m.user_id, 0.0)) for m in members]
    return {"members": members, "rows": rows, "assignments": assignments}
