"""Every drill in the registry, one road: ask, grade, store, show the next question.

``GET /drills/<slug>`` shows a question; its form carries the question's notation, the rules
preset, a submission token, the time it was asked and a seal over them (:func:`sealed_or_400`: an
answer to a question the page did not ask is refused). ``POST /drills/<slug>/answer`` re-derives
the right answer from the notation (the drill's ``grade``), stores the attempt once per token,
and shows the feedback with the next question. htmx requests get only the ``panel`` block; a
plain form's answer, once stored, goes on (303) to ``GET /drills/<slug>/answered/<attempt id>``,
its verdict for its own learner alone (Post/Redirect/Get, :mod:`trainer.web.verdicts`). An
answer whose figures are not worked out yet (a deviation's EVs) waits for them, kept, at
``/drills/<slug>/waiting/<token>`` (:mod:`trainer.web.answer_waits`). A counting session's
checkpoints take the road's other half, :mod:`trainer.web.session_answers`.

Re-drilling: ``GET /drills/<slug>?review=<batch id>`` asks the questions of a stored review
batch (``trainer.store.reviews``, made on the mistakes page) in order, under the rules each was
first asked with; the form then carries ``review`` and ``review_item`` (``_hidden_fields.html``),
and the answer is graded and stored as usual, then marks its item answered. The server asks only
the batch's next question and refuses an answer to any other. After the last one the learner
gets the batch's score and fresh questions.

Long because it is the one road every drill's answer takes: the question, the answer, its wait
for figures (and asking for them again) and its verdict share the token, the rules an item was
asked under and the page, and split apart they would call back into one another.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, abort, current_app, g, redirect, request, url_for
from jinja2_fragments.flask import render_block
from markupsafe import escape
from werkzeug.wrappers import Response

from drills import (
    AskedAtTable,
    AskedInSessions,
    AsksOnItsPage,
    Drill,
    DrillError,
    Grade,
    InvalidAnswerError,
    InvalidOptionError,
    InvalidQuestionError,
    LearnerState,
    NamesItsRules,
    PastAttempt,
    Question,
    UnknownDrillError,
    capable,
    get_drill,
    path,
    preferences_of,
    registry,
    rules_for,
)
from trainer.engine.rulebook.rule_words import PRESET_TEXTS
from trainer.engine.rulebook.rules import InvalidRulesError, Rules
from trainer.store import attempts, drill_rounds, reviews, schedules, users
from trainer.store.db import utc_now
from trainer.web import answer_waits
from trainer.web.caches import app_caches
from trainer.web.error_words import error_said
from trainer.web.kept import oob_footer
from trainer.web.preferences import errors_in, options_for, preferences_error_page
from trainer.web.recording import record
from trainer.web.security import SEAL_FIELD, question_seal, safe_next, seal_matches
from trainer.web.support import (
    clock_now,
    current_rules,
    current_user,
    current_user_or_guest,
    dealer_of,
    digits,
    drill_totals,
    feedback_data,
    get_db,
    is_htmx,
    limit_uncached_work,
    make_rng,
    name_no_game,
    name_the_dealer,
    render,
    request_game,
    rules_from_form,
)
from trainer.web.table_drill_round import why_words
from trainer.web.verdicts import Answered, answered_again, see_verdict, stored_attempt_or_404
from trainer.words import N_, number, quoted, say

bp = Blueprint("drills", __name__, url_prefix="/drills")

_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
_RECENT = 200
# What an answer sent to the road for a drill asked elsewhere (not ``AsksOnItsPage``) is told.
_ASKED_ELSEWHERE = {
    AskedInSessions: N_(
        "A counting session's checkpoints are answered on the session's own page; "
        "nothing was stored."
    ),
    AskedAtTable: N_("A table's decisions are answered at the table; nothing was stored."),
}
# Who asked a question an answer names (the drill road's, the quiz's own pages').
_NOT_ASKED = {
    "drill": N_("That is not a question this drill asks: %(error)s."),
    "quiz": N_("That is not a question this quiz asks: %(error)s."),
}
# What a learner reloads to answer again, by the page the answer came from.
_RELOAD = {
    "the drill": N_("This answer has no valid submission token; reload the drill."),
    "the quiz": N_("This answer has no valid submission token; reload the quiz."),
    "the run": N_("This answer has no valid submission token; reload the run."),
    "the table": N_("This answer has no valid submission token; reload the table."),
}
# What an answer whose seal does not match its question (a form changed by hand) is told.
_NOT_THIS_PAGE = {
    "the drill": N_(
        "This answer's question is not one this page asked, so nothing was stored; reload the "
        "drill."
    ),
    "the quiz": N_(
        "This answer's question is not one this page asked, so nothing was stored; reload the quiz."
    ),
    "the run": N_(
        "This call's round is not one this page dealt, so nothing was stored; reload the run."
    ),
}
_ASKED_AT_MOST = 15  # digits of a time in ms (until the year 33658)


def get_drill_or_404(slug: str) -> Drill:
    try:
        return get_drill(slug)
    except UnknownDrillError:
        abort(404, description=say("There is no drill called %(slug)s.", slug=quoted(slug)))


def fresh_question(drill: Drill, user: users.User | None, rules: Rules) -> Question | None:
    """A new question for its page (:raises InvalidOptionError:); None if asked elsewhere."""
    if not isinstance(drill, AsksOnItsPage):
        return None
    asked = drill.new_question(make_rng(), rules, learner_state(user, drill), caches=app_caches())
    own = rules_for(drill, asked.notation, rules)
    if PRESET_TEXTS.get(own.name) == request_game():
        return asked
    # A question of another game's text (000's irregularities, a casino procedure): said again
    # in its game's words, not the learner's game's (a walk found «Вам (банкомёту)» there).
    with dealer_of(own):
        return drill.question(asked.notation, rules, caches=app_caches())


def learner_state(user: users.User | None, drill: Drill) -> LearnerState:
    if user is None:  # a new visitor: no history yet
        return LearnerState(options=dict(request.args))
    recent = attempts.list_attempts(get_db(), user.id, drill=drill.slug, limit=_RECENT)
    return LearnerState(user_id=user.id, recent=past_attempts(recent), options=dict(request.args))


def with_preferences(drill: Drill) -> Response | None:
    """A page of a drill that follows the learner's preferences (``FollowsPreferences``) but
    whose URL does not carry them: redirected to the same page with them, so its questions and
    its answer form follow them."""
    wanted = options_for(preferences_of(drill))
    if all(request.args.get(name) == value for name, value in wanted.items()):
        return None
    query = {**request.args.to_dict(), **wanted}
    return redirect(f"{request.path}?{urlencode(query)}", code=303)


def past_attempts(found: Iterable[attempts.Attempt]) -> tuple[PastAttempt, ...]:
    """Stored attempts as a drill sees them in ``LearnerState.recent``."""
    return tuple(
        PastAttempt(a.question, a.answer, a.correct, a.ev_cost, a.created_at) for a in found
    )


@bp.get("/")
def index() -> Response:
    name_no_game()
    return render("drills/index.html", groups=path.grouped(registry()), section="drills")


@bp.get("/<slug>")
def ask(slug: str) -> Response:
    drill = get_drill_or_404(slug)
    if request.args.get("review"):
        return _review_page(drill, review_batch_or_404(drill, request.args["review"]))
    user = current_user()  # a new visitor becomes a guest on their first answer, not here
    rules = current_rules()
    wrong = errors_in(preferences_of(drill), request.args)
    if wrong:  # named in the address but unknown: said so, not replaced by the saved ones
        lead = say(
            "The address of %(drill)s names counting preferences the trainer does not have, so "
            "no question was asked: the reason is beside the field. Choose yours, and the drill "
            "follows them.",
            drill=say(drill.title),
        )
        return preferences_error_page(wrong, url_for("drills.ask", slug=drill.slug), lead)
    moved = with_preferences(drill)
    if moved is not None:
        return moved
    try:
        question = fresh_question(drill, user, rules)
    except InvalidOptionError as error:
        return _option_error_page(drill, user, rules, error, status=error.status)
    return page(drill, user, rules, question)


def _option_error_page(
    drill: Drill,
    user: users.User | None,
    rules: Rules,
    error: InvalidOptionError,
    status: int = 400,
    **shown: Any,
) -> Response:
    """The drill's page without a question: what is wrong with its options, beside the field
    (a 400, nothing stored; after an answer, which was stored, its feedback too). Where the
    learner's game is not one the drill practises (a 200), the page names the dealer as the
    catalogue does: catch the dealer refused at 004 is still the casino's dealer's drill."""
    if status == 200:
        name_no_game()
        shown = {"page_rules": None, **shown}
    return page(
        drill,
        user,
        rules,
        None,
        status=status,
        setup_error=str(error),
        setup_field=error.field,
        **shown,
    )


@bp.post("/<slug>/answer")
def answer(slug: str) -> Response:
    return take_answer(get_drill_or_404(slug), request.form)


@bp.get("/<slug>/waiting/<key:token>")
def waiting(slug: str, token: str) -> Response:
    """An answer kept while its figures are worked out (:mod:`trainer.web.answer_waits`): the
    waiting page until they are there (or it says working them out failed), then the answer
    taken like any other (stored once) and on to its verdict; an answer taken already goes on
    to its verdict."""
    drill = get_drill_or_404(slug)
    found = answer_waits.kept(drill, token) if _TOKEN_RE.fullmatch(token) else None
    if found is None:
        return answer_waits.taken_or_404(drill, token)
    notation, rules = found.form.get("question", ""), stored_rules(found.rules)
    shown = answer_waits.figures_page(drill, notation, rules, found.since, token=token)
    if shown is not None:
        return shown
    taken = take_answer(drill, found.form)
    answer_waits.forget(token)
    return taken


@bp.post("/<slug>/figures-again")
def figures_again(slug: str) -> Response:
    """Ask again for the figures of an answer (kept under ``token``, or stored: ``attempt``)
    whose job ended without them; on (303) to its waiting page or verdict."""
    drill = get_drill_or_404(slug)
    token, attempt = request.form.get("token", "")[:64], request.form.get("attempt", "")[:12]
    if token:
        found = answer_waits.kept(drill, token) if _TOKEN_RE.fullmatch(token) else None
        if found is None:  # taken meanwhile: on to its verdict (another's: a 404)
            return answer_waits.taken_or_404(drill, token)
        notation, rules = found.form.get("question", ""), stored_rules(found.rules)
        back = url_for("drills.waiting", slug=drill.slug, token=token)
    elif digits(attempt):
        stored = stored_attempt_or_404(int(attempt))
        if stored.drill != drill.slug:
            abort(404)
        notation, rules = stored.question, stored_rules(stored.rules)
        back = url_for("drills.verdict", slug=drill.slug, attempt_id=stored.id, rules=stored.rules)
    else:
        abort(400, description=say("Nothing was asked for again: the form names no answer."))
    answer_waits.try_again(drill, notation, rules, token or None)
    return redirect(safe_next(request.form.get("next"), back), code=303)


def take_answer(drill: Drill, form: Mapping[str, str]) -> Response:
    """One answer form's answer to ``drill`` (sent now, or kept while its figures were worked
    out): graded, stored once and shown (:func:`see_verdict`); a malformed one, a 400."""
    if not isinstance(drill, AsksOnItsPage) and not form.get("review"):
        said = (text for kind, text in _ASKED_ELSEWHERE.items() if isinstance(drill, kind))
        abort(400, description=say(next(said)))
    token = submission_token_or_400(form)
    asked_at = asked_at_or_400(form.get("asked_at", ""))
    notation = form.get("question", "")
    batch = item = None
    if form.get("review"):
        batch = review_batch_or_404(drill, form["review"])
        item = review_item_or_400(batch, form.get("review_item", ""), notation, token)
        rules = item_rules(item)
    else:
        rules = rules_from_form(form.get("rules"))
    sealed_or_400(drill, form, notation, rules, token=token, asked_at=asked_at)
    # Graded in its own rules' words (a review's, another text's: not the learner's table's).
    name_the_dealer(_own_rules(drill, notation, rules))
    sent = utc_now()
    if answer_waits.well_formed(drill, notation, form, rules) and not answer_waits.figures_ready(
        drill, notation, rules
    ):  # never worked out in a request (a malformed answer: its 400 below, no job asked)
        return answer_waits.wait(drill, form, token, rules, sent)
    answered = answer_once(drill, notation, form, rules, token=token, asked_at=asked_at)
    if answered.grade is None or answered.attempt is None:
        return page(
            drill,
            current_user(),
            rules,
            answered.question,
            status=400,
            error=answered.error,
            token=token,
            asked_at=asked_at,
            review=review_context(batch, item),
        )
    if batch is not None and item is not None:
        reviews.mark_answered(get_db(), item.id, answered.attempt.id)
    values = {"slug": drill.slug, "rules": rules.notation()}
    if batch is not None:
        values["review"] = str(batch.id)
    shown = partial(verdict_page, drill, answered, rules, batch)
    return see_verdict(answered, shown, "drills.verdict", values)


@bp.get("/<slug>/answered/<rowid:attempt_id>")
def verdict(slug: str, attempt_id: int) -> Response:
    """The verdict on one of the learner's answers (where a plain form's answer goes, 303),
    with the next question; anyone else's answer is a 404."""
    drill = get_drill_or_404(slug)
    batch = None
    if request.args.get("review"):
        batch = review_batch_or_404(drill, request.args["review"])
    rules = rules_from_form(request.args["rules"]) if "rules" in request.args else None
    found = stored_attempt_or_404(attempt_id)
    graded_under = rules or stored_rules(found.rules)
    name_the_dealer(_own_rules(drill, found.question, graded_under))  # graded again in its words
    if found.drill == drill.slug:  # its figures gone from the cache since: worked out again
        shown = answer_waits.figures_page(
            drill, found.question, graded_under, None, attempt_id=found.id
        )
        if shown is not None:
            return shown
    answered = answered_or_404(drill, attempt_id, rules)
    return verdict_page(drill, answered, rules or current_rules(), batch)


def _own_rules(drill: Drill, notation: str, rules: Rules) -> Rules:
    """The rules the question ``notation`` is under (:func:`~drills.rules_for`: a question of
    another text names its own), whose words it is said in; ``rules`` where it cannot say."""
    try:
        return rules_for(drill, notation, rules)
    except InvalidQuestionError:
        return rules


def verdict_page(
    drill: Drill, answered: Answered, rules: Rules, batch: reviews.ReviewBatch | None = None
) -> Response:
    """An answer's feedback, then the review batch's next question or a fresh one under
    ``rules`` (the page's)."""
    user = current_user_or_guest()
    feedback = answered.feedback
    if batch is not None:
        return _review_page(drill, review_batch_or_404(drill, str(batch.id)), **feedback)
    name_the_dealer(rules)  # the next question's words (the verdict's were its own rules')
    try:
        following = fresh_question(drill, user, rules)
    except InvalidOptionError as error:  # options changed in the answer form's address
        return _option_error_page(drill, user, rules, error, 200, **feedback)
    return page(drill, user, rules, following, **feedback)


def answered_or_404(drill: Drill, attempt_id: int, rules: Rules | None = None) -> Answered:
    """The current learner's stored answer ``attempt_id`` to ``drill``, graded again (under
    ``rules``, by default those it was stored with), for its verdict's GET address: anyone
    else's, or none, is a 404."""
    found = stored_attempt_or_404(attempt_id)
    if found.drill != drill.slug:
        abort(404)
    question, grade = stored_answer(drill, found, rules or stored_rules(found.rules))
    return Answered(question, grade, found, created=not answered_again())


# -- re-drilling a review batch -----------------------------------------------------------------


def item_rules(item: reviews.ReviewItem) -> Rules:
    """The rules a review question was first asked under."""
    return stored_rules(item.rules)


def stored_rules(notation: str) -> Rules:
    """The rules an attempt was stored with (their notation), or the learner's current rules
    if those can no longer be played."""
    try:
        return Rules.parse(notation)
    except InvalidRulesError:
        return current_rules()


def stored_why(drill: Drill | None, attempt: attempts.Attempt, rules: Rules) -> str | None:
    """A stored answer's verdict's one sentence of why, graded again as it was graded (the
    mistakes page: a walk found the table's plays listed with no reason; nothing is stored);
    None where it cannot be."""
    if drill is None:
        return None
    try:
        return drill.grade(attempt.question, attempt.answer, rules, caches=app_caches()).why
    except DrillError:
        return None


def review_batch_or_404(drill: Drill, batch_id: str) -> reviews.ReviewBatch:
    """The current learner's review batch for this drill; anything else is a 404."""
    user = current_user()
    if user is None or not digits(batch_id) or len(batch_id) > 12:
        abort(404, description=say("There is no such review."))
    batch = reviews.get_batch(get_db(), user.id, int(batch_id))
    if batch is None or batch.drill != drill.slug:
        abort(404, description=say("There is no such review."))
    return batch


def review_item_or_400(
    batch: reviews.ReviewBatch, item_id: str, notation: str, token: str
) -> reviews.ReviewItem:
    """The batch's item this answer is for: its next one, or (a resent answer) the one it
    answered; anything else is a 400."""
    item = next((i for i in batch.items if str(i.id) == item_id), None)
    if item is None or item.question != notation:
        abort(400, description=say("That is not the question this review asked."))
    if item.attempt_id is not None:
        user = current_user()
        earlier = attempts.find_attempt(get_db(), user.id, token) if user else None
        if earlier is None or earlier.id != item.attempt_id:
            abort(400, description=say("You have answered this question of the review already."))
    elif item != batch.next_item:
        abort(400, description=say("That is not the question this review asks now."))
    return item


def review_context(
    batch: reviews.ReviewBatch | None, item: reviews.ReviewItem | None
) -> dict[str, Any] | None:
    if batch is None or item is None:
        return None
    drill_round = drill_rounds.round_of(get_db(), batch)
    why = None
    if drill_round is not None and item.position < len(drill_round.reasons):
        why = why_words(drill_round.reasons[item.position], clock_now())
    return {
        "batch": batch.id,
        "item": item.id,
        "position": item.position + 1,
        "count": len(batch.items),
        "practice": batch.purpose == "practice",
        "drill_round": drill_round.table_id if drill_round else None,
        "why": why,
    }


def _soonest_due(drill: Drill, user: users.User, batch: reviews.ReviewBatch) -> str | None:
    """When the first of a finished batch's items falls due again (a stored time): "scheduled
    again" alone left a learner asking when (a walk)."""
    keys = []
    for item in batch.items:
        try:  # (one its drill no longer asks has no schedule to say: left out)
            keys.append(drill.skill(item.question, item_rules(item)))
        except InvalidQuestionError:
            continue
    dues = schedules.dues_of(get_db(), user.id, drill.slug, keys)
    return min(dues.values(), default=None)


def _review_page(drill: Drill, batch: reviews.ReviewBatch, **feedback: Any) -> Response:
    """The batch's next question, or, once all are answered, its score and a fresh question."""
    user = current_user_or_guest()
    item = batch.next_item
    if item is not None:
        rules = item_rules(item)
        name_the_dealer(rules)  # asked in its own rules' words, whatever the learner's table
        try:
            question = drill.question(item.question, rules, caches=app_caches())
        except InvalidQuestionError:
            abort(400, description=say("This review holds a question its drill no longer asks."))
        return page(drill, user, rules, question, review=review_context(batch, item), **feedback)
    answered = reviews.batch_attempts(get_db(), batch)
    drill_round = drill_rounds.round_of(get_db(), batch)
    done: dict[str, Any] = {
        "right": sum(a.correct for a in answered),
        "count": len(batch.items),
        "practice": batch.purpose == "practice",
        "drill_round": drill_round.table_id if drill_round else None,
        "next_due": _soonest_due(drill, user, batch),
    }
    rules = current_rules()
    name_the_dealer(rules)  # the learner's table's words again, after the batch's questions
    following = fresh_question(drill, user, rules)
    return page(drill, user, rules, following, review_done=done, **feedback)


# -- answers given at a table (trainer/web/views/table.py: each step's answers, by drill) ---------


def grade_answers(answers: Iterable[tuple[Drill, str, str]], rules: Rules) -> list[Grade]:
    """Grade each (drill, notation, answer text); :raises InvalidAnswerError: (none stored)."""
    return [drill.grade(n, text, rules, caches=app_caches()) for drill, n, text in answers]


def record_answers(
    user: users.User, graded: Iterable[tuple[Drill, str, Grade, str]], rules: Rules, ms: int | None
) -> None:
    """Store each (drill, notation, grade, token) once per token, in the step's transaction."""
    for drill, notation, grade, token in graded:
        skill, text = drill.skill(notation, rules), rules.notation()
        record(user, drill, notation, grade, rules=text, token=token, response_ms=ms, skill=skill)


# -- the pieces of the road (the basic-strategy quiz's own pages take them too) ---------------


def now_ms() -> int:
    return int(time.time() * 1000)


def submission_token_or_400(form: Mapping[str, str], *, reload: str = "the drill") -> str:
    """The answer form's submission token; a 400 if it has none that could be one."""
    token = form.get("token", "")
    if not _TOKEN_RE.fullmatch(token):
        abort(400, description=say(_RELOAD[reload]))
    return token


def asked_at_or_400(text: str) -> int:
    """The time (ms) the answer form says its question was asked; a 400 saying what is wrong if
    it says none, or none that could be one."""
    if not text:
        abort(400, description=say("This answer form is missing the time its question was asked."))
    if not digits(text):
        abort(400, description=say("The time this answer form says its question was asked is "
                                   "not a whole number; reload the page."))  # fmt: skip
    if len(text) > _ASKED_AT_MOST:
        abort(400, description=say("The time this answer form says its question was asked has "
                                   "more than %(most)s digits; reload the page.",
                                   most=number(_ASKED_AT_MOST)))  # fmt: skip
    return int(text)


def sealed_or_400(
    drill: Drill,
    form: Mapping[str, str],
    notation: str,
    rules: Rules,
    *,
    token: str,
    asked_at: int,
    reload: str = "the drill",
) -> None:
    """A 400 (nothing stored) unless the form's seal is the one its page was asked with
    (:func:`~trainer.web.security.question_seal`): the question, its rules and the time it
    was asked are the server's, not whatever the form was changed to say."""
    sent = form.get(SEAL_FIELD, "")[:128]
    if not seal_matches(sent, drill.slug, token, notation, rules.notation(), asked_at):
        abort(400, description=say(_NOT_THIS_PAGE[reload]))


def read_answer(
    drill: Drill, notation: str, form: Mapping[str, str], rules: Rules, *, asker: str = "drill"
) -> tuple[Question, Grade | None, str | None]:
    """The question ``notation`` names and the grade of the form's answer to it, or (for a
    malformed answer) the question, None and what is wrong with the answer. A question the
    drill never asks is a 400."""
    caches = app_caches()
    try:
        try:
            return (*drill.answered(notation, drill.answer_text(form), rules, caches=caches), None)
        except InvalidAnswerError as error:
            g.refused_field = error.field  # the question form's focus (one field of several)
            return drill.question(notation, rules, caches=caches), None, str(error)
    except InvalidQuestionError as error:
        why = error_said(error, say("its notation cannot be read"))
        abort(400, description=say(_NOT_ASKED[asker], error=why.removesuffix(".")))


def answer_once(
    drill: Drill,
    notation: str,
    form: Mapping[str, str],
    rules: Rules,
    *,
    token: str,
    asked_at: int,
    stored_as: Rules | None = None,
    asker: str = "drill",
) -> Answered:
    """Grade and store an answer once per submission token. A resent answer gets its stored
    grade (counted once); a malformed one, what is wrong (nothing is written, not even a
    guest). ``stored_as``: the rules to store the answer under, if not the drill's
    :func:`~drills.rules_for`."""
    limit_uncached_work(drill, notation)  # dealt now, once (then cached): bounded
    asked, grade, error = read_answer(drill, notation, form, rules, asker=asker)
    if grade is None:
        return Answered(asked, None, error=error)
    stored = stored_as or rules_for(drill, asked.notation, rules)
    attempt, created = record(
        current_user_or_guest(),
        drill,
        asked.notation,
        grade,
        rules=stored.notation(),
        token=token,
        response_ms=now_ms() - asked_at,
        skill=drill.skill(asked.notation, stored),
    )
    if not created:  # a resent answer (a double click, a form sent again): its stored grade
        return Answered(*stored_answer(drill, attempt, rules), attempt)
    return Answered(asked, grade, attempt, created=True)


def stored_answer(drill: Drill, attempt: attempts.Attempt, rules: Rules) -> tuple[Question, Grade]:
    """The question and grade of a stored attempt: what a resent answer (a double click, a form
    sent again) shows. A drill's normalised answer is one its grade() reads again; a stored
    question the drill no longer asks is a 400."""
    if attempt.drill != drill.slug:
        abort(
            400,
            description=say(
                "This answer's submission token was used for another drill's question; reload "
                "the drill. Nothing was stored."
            ),
        )
    try:
        return drill.answered(attempt.question, attempt.answer, rules, caches=app_caches())
    except (InvalidQuestionError, InvalidAnswerError) as error:
        why = error_said(error, say("its notation cannot be read")).removesuffix(".")
        abort(400, description=say("That answer was stored for a question no longer asked: "
                                   "%(error)s.", error=why))  # fmt: skip


def question_context(
    drill: Drill,
    user: users.User | None,
    rules: Rules,
    question: Question | None,
    *,
    error: str | None = None,
    token: str | None = None,
    asked_at: int | None = None,
) -> dict[str, Any]:
    """What a drill page's question form and figures need: a new submission token and time
    asked unless the answer is being asked again (``error``), the seal over them and the
    question (:func:`sealed_or_400`), and the learner's stats."""
    token = token or secrets.token_urlsafe(18)
    asked_at = asked_at if asked_at is not None else now_ms()
    seal = None
    if question is not None:
        seal = question_seal(drill.slug, token, question.notation, rules.notation(), asked_at)
    return {
        "drill": drill,
        "rules": rules,
        # The rules the question itself is under (a payout question names its own).
        "question_rules": rules_for(drill, question.notation, rules) if question else None,
        "question": question,
        "token": token,
        "asked_at": asked_at,
        "seal": seal,
        "error": error,
        "form": request.form if error else {},
        **figures(drill, user, rules),
        "section": "counting" if drill.slug in path.COUNTING_DRILLS else "drills",
    }


def figures(drill: Drill, user: users.User | None, rules: Rules) -> dict[str, Any]:
    """The learner's figures a drill page shows (``stats``): of the answers stored under the
    page's rules (``stats_by_game``) where its questions are played under them, else of
    every answer to the drill (a question that names its own rules: payouts, the dealing
    drills)."""
    # (Of every game where the rules do not matter: a hand's total. A review asks under each
    # answer's own rules, and a hand-totals review's figures read "1 answered", then "no
    # answers yet" under the learner's own: a walk.)
    by_game = drill.rules_matter and not capable(drill, NamesItsRules)
    if user is None:
        return {"stats": None, "stats_by_game": by_game}
    stored = rules.notation() if by_game else None
    return {"stats": drill_totals(user.id, drill.slug, stored), "stats_by_game": by_game}


def page(
    drill: Drill,
    user: users.User | None,
    rules: Rules,
    question: Question | None,
    *,
    status: int = 200,
    error: str | None = None,
    token: str | None = None,
    asked_at: int | None = None,
    panel: Callable[[str, dict[str, Any], int], Response] | None = None,
    **shown: Any,
) -> Response:
    """A drill's page (its ``panel`` block for htmx, or what ``panel`` makes of its template,
    context and status): the question form and figures
    (:func:`question_context`) and what else the template shows, by name: ``answered``,
    ``grade``, ``response_ms``, ``repeated`` (the feedback on the last answer), ``review`` and
    ``review_done`` (a review batch), or a page's own."""
    context = question_context(
        drill, user, rules, question, error=error, token=token, asked_at=asked_at
    )
    if question is not None and error is None:  # its figures worked out before it is answered
        answer_waits.ask_ahead(drill, question.notation, context["question_rules"] or rules)
    # The footer names the question's rules beside the learner's table when they differ.
    # (A page may name none: a drill refusing the learner's game names the catalogue's dealer.)
    context.update(_FEEDBACK_NONE, page_rules=context["question_rules"] or rules)
    context.update(shown)
    context.update(feedback_data(drill, shown))
    if not drill.rules_matter:  # no rules named above the question, nor under its verdict
        context.update(question_rules=None, answered_rules=None)
    if panel is not None and is_htmx():
        response = panel(drill.template, context, status)
    else:
        response = render(drill.template, block="panel", status=status, **context)
    if is_htmx():  # the panel's next question may be under other rules: the footer says so
        # (drawn from the environment alone: the page's context processors are not needed)
        footer = oob_footer(context["page_rules"], current_rules())
        response.set_data(response.get_data() + footer + _oob_lead(drill, context))
    return response


def _oob_lead(drill: Drill, context: dict[str, Any]) -> bytes:
    """A review's lead, swapped out of band with its panel: its questions come from any game,
    and the learner's own follows the last, so the lead above the panel goes with them (it
    spoke of 004's banker over a 002 hand: a walk). Nothing outside a review."""
    if not (context.get("review") or context.get("review_done")):
        return b""
    if "lead" in current_app.jinja_env.get_template(drill.template).blocks:
        lead = render_block(drill.template, "lead", **context)
    else:  # (the frame's own lead, drills/_page.html: a template's blocks are its own)
        lead = str(escape(drill.description))
    return f'<p class="lead" id="drill-lead" hx-swap-oob="true">{lead}</p>'.encode()


# Every drill template may read these; a page without feedback has none of them.
_FEEDBACK_NONE: dict[str, Any] = {
    "answered": None,
    "answered_rules": None,
    "grade": None,
    "response_ms": None,
    "repeated": False,
    "review": None,
    "review_done": None,
}
