"""The path on the home page: the one question a newcomer answers, the steps in order with the
learner's mastery of each, Continue, and the placement check.

- ``POST /path/start``: where the learner starts (:data:`drills.path.STARTS`). Kept in the
  session until the learner has a row (a visitor becomes a guest on their first answer), then
  stored for them (:mod:`trainer.store.paths`).
- ``GET /path/placement``: a short mixed quiz drawn from the drills (:data:`drills.path.PLACEMENT`),
  its questions kept in the session so the form carries only the answers.
- ``POST /path/placement``: graded by the drills, nothing stored as an attempt; the steps whose
  every question was right are marked known and skipped (stored as the start is). The result
  is kept in the session of whoever took it, and a plain form goes on (303) to
  ``GET /path/placement/<check>``, which shows it (Post/Redirect/Get: a reload or the back
  button sends nothing again; anyone else is a 404); htmx gets the page with no redirect.
"""

from __future__ import annotations

import secrets
from contextlib import suppress
from functools import partial
from typing import Any

from flask import Blueprint, abort, redirect, request, session, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from drills import AskedAtTable, DrillError, get_drill
from drills import path as steps
from drills.strategy_chart import choice_words
from trainer import words
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.store import attempts, paths, users
from trainer.web import mastery
from trainer.web.caches import app_caches
from trainer.web.preferences import options_for
from trainer.web.support import (
    PATH_KEY,
    current_rules,
    current_user,
    get_db,
    is_htmx,
    make_rng,
    render,
)
from trainer.web.views.chart_jobs import chart_or_pending
from trainer.web.views.count_jobs import study_or_start

bp = Blueprint("path", __name__, url_prefix="/path")

# The session's key for the placement check's questions while it is open (PATH_KEY: the start
# and known steps until the learner has a row).
PLACEMENT_KEY = "placement"
# The session's key for the last placement check's result, shown at its own GET address.
RESULT_KEY = "placement_result"
# Mastery rows of the progress page (trainer/web/mastery.py) by the step they measure.
_MASTERY_STEPS = {
    "Basic strategy": "basic",
    "Deviations": "deviations",
    "Counting speed": "running",
}


def current_place(user: users.User | None) -> paths.Place | None:
    """The learner's start and known steps: stored for a learner with a row (the session's,
    kept before they had one, moved there first), else the session's."""
    kept = session.get(PATH_KEY)
    place = None
    if isinstance(kept, dict) and kept.get("start") in steps.STARTS:
        place = paths.Place(
            kept["start"], steps.known_text(steps.read_known(kept.get("known", "")))
        )
    if user is None:
        return place
    stored = paths.get_place(get_db(), user.id)
    if place is not None:
        session.pop(PATH_KEY, None)
        if stored is None:
            paths.set_place(get_db(), user.id, place)
            stored = place
    return stored


def keep_place(user: users.User | None, place: paths.Place) -> None:
    if user is None:
        session[PATH_KEY] = {"start": place.start, "known": place.known}
    else:
        paths.set_place(get_db(), user.id, place)


def path_context(user: users.User | None, stats: dict[str, attempts.DrillStats]) -> dict[str, Any]:
    """What the home page shows of the path: the walk, Continue's address, each step's mastery
    and drills."""
    place = current_place(user)
    start = place.start if place else None
    rules = current_rules()
    walk, answers, tallies = _walk(place, user if stats else None)
    by_step: dict[str, list[mastery.Mastery]] = {}
    if user and stats:
        for row in mastery.mastery(user.id, stats, tallies):
            key = _MASTERY_STEPS.get(row.area)
            if key:
                by_step.setdefault(key, []).append(row)
    current = walk.current
    return {
        "path": walk,
        "path_start": start,
        "path_starts": steps.STARTS,
        "path_mastery": by_step,
        "path_links": {step.key: _step_links(step, rules) for step in steps.STEPS},
        "path_teaches": {"basic": _basic_words(rules)},
        "path_continue": _continue_url(current.step, answers) if current else None,
        "path_titles": {slug: steps.title(slug) for step in steps.STEPS for slug in step.drills},
        "path_placement_size": len(steps.PLACEMENT),
        "path_recent": steps.RECENT_ANSWERS,
    }


def _walk(
    place: paths.Place | None, user: users.User | None
) -> tuple[steps.Walk, dict[str, tuple[int, int]], list[Any]]:
    """The learner's walk along the path, with the figures it read (``user``'s answers: none
    for a learner without a row or an answer)."""
    answers = (
        attempts.recent_tallies(get_db(), user.id, steps.BAR_DRILLS, steps.RECENT_ANSWERS)
        if user
        else {}
    )
    tallies = mastery.count_tallies(user.id) if user else []
    known = steps.read_known(place.known) if place else frozenset()
    figures = steps.Figures(answers, mastery.fastest_count(tallies))
    return steps.walk(place.start if place else None, known, figures), answers, tallies


def passed_steps(user: users.User | None) -> frozenset[str] | None:
    """The path's steps the learner has learnt (:func:`drills.path.passed`), or None for a
    learner who has not said where they start."""
    place = current_place(user)
    if place is None:
        return None
    return steps.passed(_walk(place, user)[0])


def _continue_url(step: steps.Step, answers: dict[str, tuple[int, int]]) -> str:
    slug = steps.continue_drill(step, answers)
    if isinstance(get_drill(slug), AskedAtTable):
        return url_for("table.setup")
    return url_for("drills.ask", slug=slug, **_options(step))


def _options(step: steps.Step) -> dict[str, Any]:
    """The query options the step's links open its drills with."""
    return dict(step.options)


def _basic_words(rules: Rules) -> str:
    """What the basic-strategy step teaches at the learner's game: the plays its rules have (at
    004 the path read "surrender and insurance" where the game has neither, nor a dealer's
    card: a walk)."""
    if rules.deal_faces == "all-down":
        return words.say(
            "Draw or stand on your own two cards, no banker card shown: the game's chart of one "
            "column, against the banker who plays his best."
        )
    if rules.surrender != "none" and rules.insurance:
        return words.say(steps.BY_KEY["basic"].teaches)
    return words.say(
        "The best play of every hand against the dealer's card: hard, soft and pairs, as these "
        "rules allow them."
    )


def _step_links(step: steps.Step, rules: Rules) -> list[tuple[str, str]]:
    """The step's drills, each one click away (basic strategy by its parts too, those the
    learner's game has), with the step's options."""
    theirs = set(steps.game_drills(rules))  # a game's own drills with that game alone
    links = [
        (steps.title(slug), url_for("drills.ask", slug=slug, **_options(step)))
        for slug in step.drills
        if slug not in steps.GAME_DRILLS or slug in theirs
    ]
    if step.key == "basic":
        quiz = partial(url_for, "drills.ask", slug="basic-strategy")
        links += [
            (words.say("Hard totals only"), quiz(mix="hard")),
            (words.say("Soft totals only"), quiz(mix="soft")),
        ]
        if rules.max_split_hands != 1 and rules.deal_faces != "all-down":
            links.append((words.say("Pairs only"), quiz(mix="pairs")))
        if rules.surrender != "none":
            links.append((words.say("Every hand, surrender included"), quiz(mix="cells")))
        elif rules.deal_faces != "all-down":
            links.append((words.say("Every hand"), quiz(mix="cells")))
        if rules.insurance:
            links.append((words.say("Insurance by the count"), quiz(insurance="count")))
    if step.key == "table":
        links.insert(0, (words.say("Sit at a table"), url_for("table.setup")))
    return links


@bp.post("/start")
def start() -> Response:
    try:
        chosen = steps.read_start(request.form.get("start", "")[:20])
    except steps.UnknownStartError as error:
        abort(400, description=words.say("Nothing was changed: %(error)s.", error=str(error)))
    user = current_user()
    place = current_place(user)
    known = place.known if place else ""
    keep_place(user, paths.Place(chosen, known))
    return redirect(url_for("pages.home", _anchor="continue"), code=303)


@bp.get("/placement")
def placement() -> Response:
    rules = current_rules()
    chart_or_pending(rules, then=url_for("path.placement"))  # a new chart: a job works it out
    drawn = steps.draw_placement(make_rng(), rules, options_for("counting"), caches=app_caches())
    if drawn.pending is not None:  # asked without them; their study is started meanwhile
        with suppress(HTTPException):  # too much new work from this learner: asked later
            study_or_start(drawn.pending.rules, drawn.pending.system)
    asked = [[step, drill.slug, question.notation] for step, drill, question in drawn.asked]
    check = secrets.token_urlsafe(8)
    session[PLACEMENT_KEY] = {"check": check, "rules": rules.notation(), "asked": asked}
    return render(
        "path/placement.html",
        shown=[(drill, question) for _step, drill, question in drawn.asked],
        waiting=[steps.BY_KEY[key] for key in drawn.waiting],
        check=check,
        rules=rules,
        section="home",
    )


@bp.post("/placement")
def grade_placement() -> Response:
    kept = session.get(PLACEMENT_KEY)
    if not isinstance(kept, dict) or request.form.get("check", "")[:40] != kept.get("check"):
        abort(
            400,
            description=words.say(
                "This placement check is not the one open now (it was sent already, or a newer "
                "one was started): start it again from the home page."
            ),
        )
    try:
        rules = Rules.parse(str(kept["rules"]))
    except InvalidRulesError:
        abort(
            400, description=words.say("The placement check's rules are unknown: start it again.")
        )
    try:
        graded = steps.grade_placement(kept["asked"], request.form, rules, caches=app_caches())
    except steps.PlacementAnswerError as error:
        return _sent_again(kept["asked"], rules, str(kept["check"]), error)
    session.pop(PLACEMENT_KEY, None)
    known = steps.placed([(placed.step, placed.correct) for placed in graded])
    user = current_user()
    place = current_place(user)
    start = place.start if place else "new"
    before = steps.read_known(place.known) if place else frozenset()
    keep_place(user, paths.Place(start, steps.known_text(before | known)))
    check = str(kept["check"])
    session[RESULT_KEY] = {
        "check": check,
        "owner": user.id if user is not None else None,
        "rules": rules.notation(),
        "known": sorted(known),
        "graded": [_kept_grade(placed) for placed in graded],
    }
    if is_htmx():  # the block htmx swaps in, no redirect (as an answer's verdict)
        return placement_result(check)
    return redirect(url_for("path.placement_result", check=check), code=303)


def _sent_again(
    asked: list[list[str]], rules: Rules, check: str, error: steps.PlacementAnswerError
) -> Response:
    """The check again as it was sent (400, nothing kept): each answer in its place, and the
    one its drill could not read named above the questions and beside its own."""
    shown = []
    for _step, slug, notation in asked:
        drill = get_drill(slug)
        shown.append((drill, drill.question(notation, rules, caches=app_caches())))
    message = words.say(
        "Question %(number)s: %(error)s Nothing was kept; answer it and send the check again.",
        number=words.number(error.number),
        error=str(error.error),
    )
    sent = {name: value[:40] for name, value in request.form.items() if name.startswith("q")}
    return render(
        "path/placement.html",
        status=400,
        shown=shown,
        waiting=[],
        check=check,
        rules=rules,
        sent=sent,
        error=message,
        error_at=error.number,
        section="home",
    )


@bp.get("/placement/<key:check>")
def placement_result(check: str) -> Response:
    """The placement check's result (where its answer goes, 303: a reload or the back button
    sends nothing again), kept in the session of the learner who took it: anyone else's, or
    an older check's, is a 404."""
    found = session.get(RESULT_KEY)
    user = current_user()
    if (
        not isinstance(found, dict)
        or found.get("check") != check
        or found.get("owner") != (user.id if user is not None else None)
    ):
        abort(404)
    try:
        rules = Rules.parse(str(found["rules"]))
        graded = [_shown_kept(item, rules) for item in found["graded"]]
    except (InvalidRulesError, DrillError, KeyError, TypeError, ValueError):
        abort(404)  # kept by an older version of the app, or tampered with: not shown
    known = set(found.get("known") or ())
    return render(
        "path/placement_done.html",
        graded=graded,
        known=[step for step in steps.STEPS if step.key in known],
        section="home",
    )


def _kept_grade(placed: steps.PlacedAnswer) -> list[Any]:
    """A graded placement answer as its result page keeps it in the session: its step, drill
    and question's notation, and (None: left blank) the answer, the right one and whether it
    was right."""
    grade = placed.grade
    return [
        placed.step,
        placed.drill.slug,
        placed.question.notation,
        grade.answer if grade else None,
        grade.right_answer if grade else None,
        placed.correct,
    ]


def _shown_kept(item: list[Any], rules: Rules) -> dict[str, Any]:
    """A kept placement answer (:func:`_kept_grade`) as the results show it: a play by its
    name, not its key. :raises DrillError: for a drill or question the app no longer knows."""
    _step, slug, notation, answer, right, correct = item
    drill = get_drill(str(slug))
    question = drill.question(str(notation), rules, caches=app_caches())
    # A key's play in a verdict's words ("stand", lower case); any other answer in the drill's
    # own words ("hard 21" and "22.50" reached a Russian page as written: a walk).
    names = {key: choice_words(label) for key, label, _legal in question.view.get("keys", ())}

    def said(text: Any) -> str:
        return "" if text is None else names.get(text) or drill.answer_words(str(text))

    return {
        "drill": drill,
        "question": question,
        "blank": answer is None,
        "correct": bool(correct),
        "said": said(answer),
        "right": said(right),
    }
