"""A learner's own record: progress per drill, their mistakes, and every attempt (HTML, CSV, JSON).

- ``GET /progress``: per drill, answers, accuracy, mean response time, and a 30-day trend drawn
  as a server-rendered SVG chart (answers and accuracy per day) with a data table beside it.
- ``GET /mistakes``: the wrong answers, newest first or the most expensive first, filtered by
  drill, rules preset and date range (a GET form; htmx swaps just the results). Each shows the
  question as its drill draws it, the answer given, the right one and its cost.
- ``POST /mistakes/review``: "drill these again": stores the mistakes of one drill that one page
  of the list shows (the page's filter and number, read again: :func:`review_groups`), each
  question once, in the order their items fall due for review, as a review batch and sends the
  learner to ``/drills/<slug>?review=<batch id>``. The button says how many questions that is.

Only the current learner's attempts are ever read; another learner's id in a URL is a 404.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction
from typing import Any

from flask import Blueprint, abort, make_response, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import Drill, DrillError, Question, registry
from drills.base import AnswersByKey, cost_of_bet
from drills.dealing.table_words import card_words
from drills.method3_figures import GamePendingError
from drills.strategy_chart import choice_words, stored_play_words
from drills.table_dealing import kind_of
from drills.table_session import DISTRACTIONS, PACES
from trainer.engine.deck.cards import Card
from trainer.engine.rulebook.rules import Rules
from trainer.store import attempts, reviews, schedules, tables
from trainer.web import mastery, thresholds
from trainer.web.caches import app_caches
from trainer.web.charts import Day, describe, last_days, trend_chart
from trainer.web.rules_form import readable_rules
from trainer.web.security import safe_next
from trainer.web.support import (
    clock_now,
    current_user,
    dealer_of,
    get_db,
    learner_or_404,
    render,
)
from trainer.web.time_zone import learner_zone
from trainer.web.views.chart_jobs import ask_for_chart
from trainer.web.views.drills import stored_rules, stored_why
from trainer.words import N_, plural, quoted, say
from trainer.words import number as format_number

bp = Blueprint("history", __name__)

MISTAKES_PER_PAGE = 50
_FILTER_FIELDS = ("drill", "rules", "since", "until", "sort")
_TREND_DAYS = 30
_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@bp.get("/progress")
def progress() -> Response:
    user = current_user()
    stats = attempts.drill_stats(get_db(), user.id) if user else {}
    zone = learner_zone()  # the learner's days, midnight to midnight where they are
    today = clock_now().astimezone(zone).date()
    since = today - timedelta(days=today.weekday(), weeks=mastery.WEEKS - 1)
    figures = (
        reviews.daily_figures(get_db(), user.id, since.isoformat(), zone, until=today)
        if user
        else {}
    )
    drills = registry()
    recent, weekly = [], []
    for slug in stats:
        title = drills[slug].title if slug in drills else slug
        by_day = figures.get(slug, {})
        days = [_day(by_day, day) for day in last_days(today, _TREND_DAYS)]
        if any(d.attempts for d in days):  # a drill not used lately is not drawn empty
            heading = plural(
                "%(title)s: the last %(count)s day",
                "%(title)s: the last %(count)s days",
                _TREND_DAYS,
                title=title,
            )
            recent.append(_trend(slug, title, days, heading))
        weeks = mastery.weeks(today, by_day)
        if any(w.attempts for w in weeks):
            title_weeks = plural(
                "%(title)s: the last %(count)s week",
                "%(title)s: the last %(count)s weeks",
                mastery.WEEKS,
                title=title,
            )
            weekly.append(_trend(slug, title, weeks, title_weeks, unit="week", every=2))
    return render(
        "history/progress.html",
        user=user,
        drills=drills,
        stats=stats,
        trends=recent,
        weekly=weekly,
        mastery=mastery.mastery(user.id, stats) if user and stats else [],
        next_step=mastery.next_step(user.id) if user and stats else None,
        thresholds=thresholds.weekly_view(user.id) if user else [],
        cost_text=cost_text,
        conditions=_by_condition(user.id, drills) if user else [],
        section="progress",
    )


def _by_condition(user_id: int, drills: dict[str, Any]) -> list[dict[str, Any]]:
    """The learner's accuracy at the table under each pace and distraction, drill by drill,
    where some table of theirs had either (nothing to compare otherwise)."""
    rows = tables.accuracy_by_condition(get_db(), user_id)
    if not any(r["pace"] or r["distraction"] != "none" for r in rows):
        return []
    return [
        {
            "drill": drills[r["drill"]].title if r["drill"] in drills else r["drill"],
            "pace": PACES.get(str(r["pace"]), PACES["0"]),
            "distraction": DISTRACTIONS.get(r["distraction"], DISTRACTIONS["none"]),
            "attempts": r["attempts"],
            "share": round(100 * (r["correct"] or 0) / r["attempts"]),
        }
        for r in rows
    ]


def _day(by_day: dict[str, reviews.DayFigures], day: date) -> Day:
    figures = by_day.get(day.isoformat())
    return Day(day, figures.attempts, figures.correct) if figures else Day(day, 0, 0)


def _trend(
    slug: str, title: str, days: list[Day], heading: str, unit: str = "day", every: int = 7
) -> dict[str, Any]:
    """One drill's trend chart, its summary and the figures for its table."""
    chart_id = f"{'weeks' if unit == 'week' else 'trend'}-{slug}"
    return {
        "slug": slug,
        "title": title,
        "chart_id": chart_id,
        "chart": trend_chart(days, title=heading, chart_id=chart_id, unit=unit, label_every=every),
        "summary": describe(days, unit),
        "days": [d for d in days if d.attempts],
        "unit": unit,
    }


def _read_filter(args: Any) -> reviews.MistakeFilter:
    """The mistakes page's filter from a query or form; a readable 400 for a bad value."""
    drill = (args.get("drill") or "").strip() or None
    rules = (args.get("rules") or "").strip() or None
    since = (args.get("since") or "").strip() or None
    until = (args.get("until") or "").strip() or None
    sort = (args.get("sort") or "newest").strip()
    if drill is not None and drill not in registry():
        abort(400, description=say("There is no drill called %(drill)s to filter by.",
                                   drill=quoted(drill)))  # fmt: skip
    for name, value in ((N_("From"), since), (N_("To"), until)):
        if value is not None:
            if not _DATE_RE.fullmatch(value):
                abort(400, description=say("%(field)s: %(value)s is not a date like 2026-11-29.",
                                           field=say(name), value=quoted(value)))  # fmt: skip
            try:
                date.fromisoformat(value)
            except ValueError:
                abort(400, description=say("%(field)s: %(value)s is not a day of the calendar.",
                                           field=say(name), value=quoted(value)))  # fmt: skip
    if since and until and since > until:
        abort(400, description=say("The date range ends before it starts."))
    if sort not in reviews.SORTS:
        abort(400, description=say("Sort by newest or cost, not %(sort)s.", sort=quoted(sort)))
    return reviews.MistakeFilter(drill=drill, rules=rules, since=since, until=until, sort=sort)


def cost_text(cost: Fraction | None, drill: Drill | None = None, question: str = "") -> str:
    """A mistake's cost as its drill says it (``drill.cost_said``): a play's as a share of the
    bet, whatever its size (``"50.00% of the bet"``, ``"150.16% of the bet"``, as the verdicts
    say it), a bet's in table minimums, a payout slip's in bets past one; a dash for none (the
    mistakes page leaves a drill's answer without a money cost uncosted); in the learner's
    words."""
    if cost is None:
        return "–"
    if cost == 0:
        return say("nothing")
    return drill.cost_said(cost, question) if drill is not None else cost_of_bet(cost)


def _page_number(text: str | None) -> int:
    """The mistakes page asked for (from 1); a readable 400 for anything else."""
    text = (text or "1").strip()
    if not text.isdecimal() or not text.isascii() or len(text) > 6 or int(text) < 1:
        abort(400, description=say("Page %(page)s is not a page number like 2.",
                                   page=quoted(text[:12])))  # fmt: skip
    return int(text)


@bp.get("/mistakes")
def mistakes() -> Response:
    user = current_user()
    chosen = _read_filter(request.args)
    number = _page_number(request.args.get("page"))
    db = get_db()
    found, total = (
        reviews.mistakes_page(db, user.id, chosen, page=number, per_page=MISTAKES_PER_PAGE)
        if user
        else ([], 0)
    )
    pages = max(1, -(-total // MISTAKES_PER_PAGE))
    if number > pages:
        abort(
            400,
            description=plural(
                "There is no page %(page)s of these mistakes: they fill %(count)s page.",
                "There is no page %(page)s of these mistakes: they fill %(count)s pages.",
                pages,
                page=format_number(number),
            ),
        )
    wrong = [attempt for attempt, _ in found]
    drill_slugs, rule_names = reviews.mistake_choices(db, user.id) if user else ([], [])
    drills = registry()
    shown = [_mistake_row(drills, a, rank) for a, rank in found]
    # A mistake taken back at the table cost nothing there (its summary says so): said here.
    # A count checked at the table is the counting drill's question, filed under its title: a
    # walk found its table mistakes under "Counting through a shoe", never opened. Named so.
    at_table = tables.table_token_states(db, user.id, [a.token for a in wrong]) if user else {}
    taken_back = {token for token, state in at_table.items() if state == "withdrawn"}
    # A mistake answered right since (a review of it, or the question asked again) says so: a
    # walk re-drilled all nineteen and found the page as it was.
    since = reviews.answered_right_since(db, user.id, wrong) if user else {}
    for row in shown:
        row["taken_back"] = row["attempt"].token in taken_back
        row["at_table"] = row["attempt"].token in at_table
        row["right_since"] = since.get(row["attempt"].id)
    for rules in {row["waits_on"] for row in shown} - {None}:
        ask_for_chart(rules)  # a job works the game out (within the limits); the next load shows it
    groups = {slug: len(asked) for slug, asked in review_groups(wrong, drills).items()}
    return render(
        "history/mistakes.html",
        block="results",
        user=user,
        mistakes=shown,
        drills=drills,
        chosen=chosen,
        drill_choices=[slug for slug in drill_slugs if slug in drills],
        rule_choices=rule_names,
        review_groups=groups,
        total=total,
        page_number=number,
        pages=pages,
        page_query={k: v for k, v in request.args.items() if k in _FILTER_FIELDS},
        cost_text=cost_text,
        section="mistakes",
    )


def _mistake_row(drills: dict[str, Any], a: Any, rank: Any) -> dict[str, Any]:
    """One mistake as the page lists it: the question in words, the answers, the rules; for a
    question whose game is being worked out (:func:`_shown`), the progress page's address."""
    rules = stored_rules(a.rules)
    with dealer_of(rules):  # in the words of the game it was answered under, not the table's
        question, waits_on = _shown(drills, a)
        keys = _answer_keys(drills.get(a.drill), question, a)
        asked = _asked_words(drills, a)
        said = _said(drills.get(a.drill), question, keys, a.answer)
        right = _said(drills.get(a.drill), question, keys, a.right_answer)
        kind = _dealing_kind(a) if a.drill == "table-dealing" else None
        why = stored_why(drills.get(a.drill), a, rules) if question is not None else None
    waiting = None
    if waits_on is not None:
        here = safe_next(request.full_path.rstrip("?"), url_for("history.mistakes"))
        waiting = url_for("chart_jobs.progress", rules=waits_on.notation(), next=here)
    return {
        "attempt": a,
        "question": question,
        "waits_on": waits_on,
        "waiting": waiting,
        "asked": asked,
        "drill": drills.get(a.drill),
        "rules": readable_rules(a.rules),
        "answered_rules": rules,
        "said": said,
        "right": right,
        "rank": rank,
        "kind": kind,
        "why": why,
    }


# What a table-dealing mistake was, named beside its drill's title: the drill holds the
# dealer's draws and doubles and a punter's redoubles (a walker read a redouble filed under
# "Table dealing" alone as misfiled).
_DEALING_KINDS = {
    "draw": N_("the dealer's draw or stand"),
    "double": N_("the dealer doubling the bets"),
    "redouble": N_("a punter's redouble"),
}


def _dealing_kind(a: Any) -> str | None:
    try:
        return say(_DEALING_KINDS[kind_of(a.question)])
    except (DrillError, KeyError):
        return None


@bp.post("/mistakes/review")
def review() -> Response:
    """Drill again the mistakes of one drill (``drill``) that a page of the list showed: the
    page ``page`` of the filter sent, every drill's mistakes listed on it (``all_drills``) or
    that drill's alone; stored as a batch and started."""
    user = current_user()
    chosen = _read_filter(request.form)
    if chosen.drill is None:
        abort(400, description=say("Choose the drill whose mistakes to drill again."))
    listed = replace(chosen, drill=None) if request.form.get("all_drills") else chosen
    number = _page_number(request.form.get("page"))
    found, _ = (
        reviews.mistakes_page(get_db(), user.id, listed, page=number, per_page=MISTAKES_PER_PAGE)
        if user
        else ([], 0)
    )
    wrong = review_groups([attempt for attempt, _ in found], registry()).get(chosen.drill, [])
    if user is None or not wrong:
        abort(400, description=say("There are no mistakes like that to drill again."))
    ordered = by_schedule(user.id, registry()[chosen.drill], wrong)
    batch = reviews.create_batch(get_db(), user.id, chosen.drill, ordered)
    return redirect(url_for("drills.ask", slug=batch.drill, review=batch.id), code=303)


def review_groups(
    wrong: list[attempts.Attempt], drills: Mapping[str, Drill]
) -> dict[str, list[attempts.Attempt]]:
    """A page's mistakes as the questions its "drill these again" buttons ask, drill by drill
    (a drill no longer offered has none): each question under its rules once, the first shown
    of it kept, at most :data:`reviews.MAX_BATCH`. The page counts them on its buttons and
    :func:`review` asks them: one list for both."""
    groups: dict[str, list[attempts.Attempt]] = {}
    seen: set[tuple[str, str, str]] = set()
    for attempt in wrong:
        key = (attempt.drill, attempt.question, attempt.rules)
        if attempt.drill in drills and key not in seen:
            seen.add(key)
            groups.setdefault(attempt.drill, []).append(attempt)
    return {slug: found[: reviews.MAX_BATCH] for slug, found in groups.items()}


def by_schedule(
    user_id: int, drill: Drill, wrong: list[attempts.Attempt]
) -> list[attempts.Attempt]:
    """The mistakes in the order their items fall due (the most overdue first; a question
    whose item is not scheduled, or no longer read, last), newest first among equals."""
    skills: dict[int, str] = {}
    for attempt in wrong:
        try:
            skills[attempt.id] = drill.skill(attempt.question, stored_rules(attempt.rules))
        except DrillError:
            continue
    dues = schedules.dues_of(get_db(), user_id, drill.slug, sorted(set(skills.values())))
    never = "9999"  # after every stored time
    return sorted(wrong, key=lambda a: dues.get(skills.get(a.id, ""), never))


def _said(
    drill: Drill | None, question: Question | None, keys: Mapping[str, str], answer: str
) -> str:
    """An answer in the learner's words: the question's own words for it (a catch-the-dealer
    call, a dealing answer), else its key's ("H": "hit"), else the drill's words for an answer
    it writes ("soft 17", "aces +2, ..."), else the play an old attempt stored in English
    ("Hit"), else as stored."""
    for name in ("answer_words", "said"):
        words = question.view.get(name) if question else None
        if isinstance(words, dict) and answer in words:
            return str(words[answer])
    if answer in keys:
        return choice_words(keys[answer])
    said = drill.answer_words(answer) if drill is not None else answer
    return said if said != answer else stored_play_words(answer)


def _answer_keys(
    drill: Drill | None, question: Question | None, attempt: attempts.Attempt
) -> Mapping[str, str]:
    """The keys an attempt's answers were given with and the buttons' words ("H": "Hit"), so
    that the page says "hit", not the stored key: the question's own, or where its game is
    still being worked out (no question yet), those its drill names from the notation alone
    (:class:`drills.base.AnswersByKey`); none where the answer was typed."""
    if question is None:
        if not isinstance(drill, AnswersByKey):
            return {}
        try:
            return drill.answer_keys(attempt.question, stored_rules(attempt.rules))
        except DrillError:
            return {}
    shown = question.view.get("keys")  # (key, label, legal) per button
    keys = {str(key): str(label) for key, label, *_ in shown} if isinstance(shown, list) else {}
    played = getattr(question.view.get("play"), "keys", None)
    return {**keys, **played} if isinstance(played, dict) else keys


def _shown(
    drills: dict[str, Drill], attempt: attempts.Attempt
) -> tuple[Question | None, Rules | None]:
    """The question as its drill shows it, or None if the drill is gone or cannot read it; and
    where it reads a game not worked out yet (004's banker, 002's method 3: never worked out
    in a request), that game's rules, else None."""
    drill = drills.get(attempt.drill)
    if drill is None:
        return None, None
    rules = stored_rules(attempt.rules)
    try:
        return drill.question(attempt.question, rules, caches=app_caches()), None
    except GamePendingError as pending:
        return None, pending.rules
    except DrillError:
        return None, None


@bp.get("/learners/<rowid:user_id>/attempts")
def learner_attempts(user_id: int) -> Response:
    user = learner_or_404(user_id)
    rows = attempts.list_attempts(get_db(), user.id)
    drills = registry()
    words = {a.id: _attempt_words(drills, a) for a in rows}
    return render(
        "history/attempts.html",
        user=user,
        attempts=rows,
        asked={a_id: asked for a_id, (asked, *_) in words.items()},
        said={a_id: (said, right) for a_id, (_, said, right) in words.items()},
        drills=drills,
        section="progress",
    )


def _attempt_words(drills: dict[str, Drill], a: attempts.Attempt) -> tuple[str, str, str]:
    """What an attempt asked, its answer and the right one, in the words of the game it was
    answered under ("сдатчик" for 002's), not the learner's table's."""
    with dealer_of(stored_rules(a.rules)):
        return (
            _asked_words(drills, a),
            _stored_words(drills, a, a.answer),
            _stored_words(drills, a, a.right_answer),
        )


def _stored_words(drills: dict[str, Drill], attempt: attempts.Attempt, answer: str) -> str:
    """A stored answer in the learner's words, from the answer alone (the answers page reads no
    question again): its drill's words for it ("soft 17", a call), else its button's words
    where it is a key the drill names from the question alone ("S": "stand"), else an old
    attempt's English play ("Hit"), else as stored."""
    drill = drills.get(attempt.drill)
    said = drill.answer_words(answer) if drill is not None else answer
    if said != answer:
        return said
    keys = _answer_keys(drill, None, attempt)  # a button's key ("S"): its words, not the key
    return choice_words(keys[answer]) if answer in keys else stored_play_words(answer)


# A card in a stored question ("AS", "TD"): shown with its suit's sign ("A♠", "10♦").
_CARD_CODE_RE = re.compile(r"(?<![\w-])(10|[2-9TJQKA])([SHDC])(?![\w-])")
_CARDS_SHOWN = 8


def _asked_words(drills: dict[str, Drill], attempt: attempts.Attempt) -> str:
    """What an attempt's question asked, in plain words: its skill as its drill names it, and
    the first cards it showed as a learner reads them ("hard 14: J♣ 4♥"), never its notation:
    that stays in the downloads."""
    drill = drills.get(attempt.drill)
    if drill is None:
        return ""
    try:
        words = drill.skill_words(drill.skill(attempt.question, stored_rules(attempt.rules)))
    except (DrillError, ValueError):
        words = drill.title
    found = _CARD_CODE_RE.findall(attempt.question)
    if not found:
        return words
    shown = " ".join(card_words(Card.parse(rank + suit)) for rank, suit in found[:_CARDS_SHOWN])
    return f"{words}: {shown}" + (" …" if len(found) > _CARDS_SHOWN else "")


@bp.get("/learners/<rowid:user_id>/attempts.csv")
def learner_attempts_csv(user_id: int) -> Response:
    user = learner_or_404(user_id)
    response = make_response(attempts.to_csv(attempts.list_attempts(get_db(), user.id)))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="attempts-{user.id}.csv"'
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/learners/<rowid:user_id>/attempts.json")
def learner_attempts_json(user_id: int) -> Response:
    user = learner_or_404(user_id)
    response = make_response(attempts.to_json(attempts.list_attempts(get_db(), user.id)))
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = f'attachment; filename="attempts-{user.id}.json"'
    response.headers["Cache-Control"] = "private, no-store"
    return response
