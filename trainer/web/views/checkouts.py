"""Checkouts: formal tests with fixed pass criteria, against the server's clock, with no hints;
stored apart from practice (:mod:`trainer.store.checkouts`).

``GET /checkouts/`` lists them with the learner's certificates; ``GET /checkouts/<kind>`` names
a checkout's criteria and rules, and ``POST`` to it deals a run. ``GET /checkouts/runs/<id>``
shows the run: the next part's start, the item asked now with the part's deadline (a time,
which JavaScript counts down), or the outcome. ``POST .../start`` starts the part's clock,
``POST .../answer`` takes the answer to the item asked now: one for another item, another
learner's run, a part not started or after the deadline is refused (a 400 or 404 page) and
nothing is stored. A passed run's certificate is public at ``/certificates/<signed link>``;
it shows the name its holder chooses, never their username: ``POST
.../certificate-name`` (the holder's own run; from the run's page or the certificate's).

The counting and true count checkouts' cards are served one at a time: the page holds only the
card served last, and ``POST .../card`` serves the next once the one before is out and its moment
has come (card ``n`` is due ``n`` cards' time after the first, served with the part's start, by
the server's clock), stored with the run (``checkout_cards``). JavaScript
(``static/js/checkout_deal.js``) asks for each at the checkout's pace; without it the page
reloads itself for the next (``GET`` with ``?card=N``), held until that card's moment, and Next
card stays for a browser that does not reload: never ahead of the same moments.
"""

from __future__ import annotations

import random
import sqlite3
import time
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any, NoReturn

from flask import Blueprint, abort, g, redirect, request, url_for
from werkzeug.wrappers import Response

from drills.base import DrillError, InvalidAnswerError, Question
from drills.checkouts import criteria as checkout_criteria
from drills.checkouts.criteria import KINDS, Criteria, criteria_for
from drills.checkouts.plan import (
    Answered,
    Item,
    Standing,
    answer_words,
    card_refusal,
    counting_system,
    deal_at,
    deal_items,
    figures,
    grade_item,
    show_item,
    standing,
)
from drills.method3_figures import GamePendingError
from trainer.engine.rulebook.rules import Rules
from trainer.store import checkouts as stored
from trainer.store import class_criteria, classes, users
from trainer.web import certificates
from trainer.web.caches import app_caches
from trainer.web.held_waits import held
from trainer.web.preferences import current_counting_preferences
from trainer.web.support import (
    clock_now,
    current_rules,
    current_user,
    get_db,
    is_htmx,
    make_rng,
    name_the_dealer,
    render,
)
from trainer.web.time_zone import learner_zone, local_day
from trainer.web.views.chart_jobs import chart_or_pending
from trainer.words import cards_a_second, number, say

bp = Blueprint("checkouts", __name__)


def now_ms() -> int:
    """The server's time (the app's clock, which a test may move), in ms since the epoch."""
    return int(clock_now().timestamp() * 1000)


def _learner_or_403() -> users.User:
    user = current_user()
    if user is None or user.is_guest:
        abort(403, description=say("A checkout needs an account: sign up or sign in first."))
    return user


def _kind_or_404(kind: str) -> str:
    if kind not in KINDS:
        abort(404, description=say("There is no such checkout."))
    return kind


def learners_criteria(kind: str, user: users.User | None) -> Criteria:
    """The criteria ``user`` takes the checkout ``kind`` under: the defaults, or a class's
    stricter ones (the one place to pass them: ``criteria_for(kind, stricter)``): the strictest
    of every class the learner is in now, so leaving a class leaves its criteria behind."""
    if user is None or user.is_guest:
        return criteria_for(kind)
    strictest = class_criteria.strictest_for(get_db(), user.id, kind)
    if strictest is None:
        return criteria_for(kind)
    own = checkout_criteria.class_criteria(
        kind,
        max(strictest.time_percent, checkout_criteria.LEAST_TIME_PERCENT),
        min(strictest.errors, checkout_criteria.most_errors(kind)),
    )
    return criteria_for(kind, own)


@bp.get("/checkouts/")
def index() -> Response:
    user = current_user()
    signed_in = user is not None and not user.is_guest
    held = stored.certificates_of(get_db(), user.id) if signed_in and user else []
    return render(
        "checkouts/index.html",
        section="checkouts",
        kinds=[(kind, checkout_criteria.title_of(kind)) for kind in KINDS],
        certificates=[(c, _certificate_link(c)) for c in held],
        checkout_titles=checkout_criteria.TITLES,
        signed_in=signed_in,
    )


@bp.get("/checkouts/<kind>")
def start_page(kind: str) -> Response:
    kind = _kind_or_404(kind)
    prefs = current_counting_preferences()
    system = f"{counting_system(kind, prefs)} {prefs.convention} {prefs.resolution}"
    user = current_user()
    criteria = learners_criteria(kind, user)
    return render(
        "checkouts/start.html",
        section="checkouts",
        kind=kind,
        title=checkout_criteria.title_of(kind),
        description=say(checkout_criteria.DESCRIPTIONS[kind]),
        lines=checkout_criteria.criteria_lines(criteria),
        class_set=criteria != criteria_for(kind),
        rules_words=checkout_criteria.taken_under(current_rules().notation(), system, kind),
        signed_in=user is not None and not user.is_guest,
    )


@bp.post("/checkouts/<kind>")
def start(kind: str) -> Response:
    kind = _kind_or_404(kind)
    user = _learner_or_403()
    rules = current_rules()
    prefs = current_counting_preferences()
    criteria = learners_criteria(kind, user)
    rng = random.Random(make_rng().getrandbits(64))
    if kind in ("basic-strategy", "deviations", "true-count"):
        # Rules never worked out before: their chart's job page, then back to the start page
        # (the count's study, where it is missing, shows its own: StudyPendingError's page).
        chart_or_pending(rules, then=url_for("checkouts.start_page", kind=kind))
    items = deal_items(criteria, rng, rules, prefs, caches=app_caches())
    run_id = stored.create_run(
        get_db(),
        user.id,
        kind=kind,
        rules=rules.notation(),
        system=f"{counting_system(kind, prefs)} {prefs.convention} {prefs.resolution}",
        criteria=criteria.to_json(),
        items=[[[item.sort, item.notation] for item in part] for part in items],
        now_ms=now_ms(),
    )
    return redirect(url_for("checkouts.run_page", run_id=run_id), code=303)


class _Run:
    """A stored run read back: its criteria, items, starts, answers and where it stands."""

    def __init__(self, run: stored.StoredRun, now: int) -> None:
        self.stored = run
        self.criteria = Criteria.from_json(run.criteria)
        self.items = tuple(tuple(Item(s, n) for s, n in part) for part in run.items)
        self.rules = Rules.parse(run.rules)
        self.starts = stored.part_starts(get_db(), run.id)
        self.answers = [
            Answered(a.part, a.item, a.sort, a.correct, a.answered_ms)
            for a in stored.run_answers(get_db(), run.id)
        ]
        self.now = now
        self.standing: Standing = standing(
            self.criteria, self.items, self.starts, self.answers, now
        )


def _run_or_404(run_id: int) -> _Run:
    """The learner's own run; another learner's (or none) is a 404 that says nothing of it."""
    user = current_user()
    run = stored.get_run(get_db(), run_id, user.id) if user is not None else None
    if run is None:
        abort(404, description=say("You have no checkout run with that number."))
    return _Run(run, now_ms())


def _deadline_words(deadline_ms: int) -> str:
    moment = datetime.fromtimestamp(deadline_ms / 1000, UTC).astimezone(learner_zone())
    return moment.strftime("%H:%M:%S")


@bp.get("/checkouts/runs/<rowid:run_id>")
def run_page(run_id: int) -> Response:
    """The run's page; ``?card=N`` (the no-JavaScript deal's reload) serves card ``N`` first
    where it is the next and its moment has come (:func:`_serve_when_due`)."""
    run = _run_or_404(run_id)
    card = request.args.get("card", "")[:4]
    if card.isdecimal() and card.isascii():
        run = _serve_when_due(run, int(card))
    return _show(run)


def _serve_when_due(run: _Run, card: int) -> _Run:
    """Without JavaScript the page reloads itself at once for its next card (``<meta
    http-equiv="refresh">`` counts whole seconds only, too slow for 2 cards a second): the
    reload is held here until the card's moment by the server's clock, at most a card's time,
    and then serves it, never before. Any other card (one out already, or beyond the next), or
    one still not due after the wait, is served nothing: the page as it stands, which reloads
    again. The wait is held only within bounds (:func:`trainer.web.held_waits.held`: one per
    run, a few across the server), else not at all. The run, read at the moment the page is
    shown."""
    at = run.standing
    if at.over or at.part not in run.starts:
        return run
    question = show_item(run.items[at.part][at.item], run.rules, caches=app_caches())
    deal = _deal(run, question)
    if deal is None or card_refusal(deal["state"], card) not in ("", "early"):
        return run
    wait = deal["state"].next_ms or 0
    if 0 < wait <= deal["state"].card_ms:
        with held(run.stored.id) as holding:  # else served at once, and reloaded again
            if holding:
                time.sleep(wait / 1000)
                run = _Run(run.stored, now_ms())
                deal = _deal(run, question)
    if deal is not None and not card_refusal(deal["state"], card):
        stored.serve_card(get_db(), run.stored, at.part, at.item, card, run.now)
    return run


def _show(
    run: _Run,
    *,
    status: int = 200,
    error: str = "",
    deal_error: str = "",
    refused: str = "",
    name_error: str = "",
) -> Response:
    """The run's page as it stands: ``error`` an answer's (beside its field), ``deal_error``
    a card's, ``refused`` a form's refused as a whole (said at the top: an answer after the
    clock ran out goes to the run's result, not to a bare error page), ``name_error`` the
    certificate's name (beside its field)."""
    name_the_dealer(run.rules)  # its questions and answers in its game's words
    at = run.standing
    certificate, naming = None, None
    user = current_user()
    if at.outcome == "passed":
        certificate = _certify(run)
        held = stored.certificate_of_run(get_db(), run.stored.id)
        naming = name_form(held, user) if held is not None and user is not None else None
        if naming is not None and name_error:  # what was typed, with what is wrong with it
            typed = request.form.get("name", "")[:200]  # its control characters left out
            naming.update(value="".join(c for c in typed if c.isprintable()), error=name_error)
    question = None
    if not at.over and at.part in run.starts:
        item = run.items[at.part][at.item]
        question = show_item(item, run.rules, caches=app_caches())
    response = render(
        "checkouts/run.html",
        status=status,
        section="checkouts",
        page_rules=run.rules,
        run=run,
        at=at,
        title=checkout_criteria.title_of(run.stored.kind),
        part=run.criteria.parts[at.part] if at.part < len(run.items) else None,
        item=run.items[at.part][at.item] if question else None,
        question=question,
        deadline=_deadline_words(at.deadline_ms) if at.deadline_ms else "",
        remaining_ms=max((at.deadline_ms or 0) - run.now, 0),
        figures=_figures(run),
        certificate=certificate,
        naming=naming,
        mistakes=_mistakes(run) if at.over else [],
        error=error,
        deal_error=deal_error,
        refused=refused,
        form=request.form if not deal_error else {},
        deal=_deal(run, question),
    )
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _figures(run: _Run) -> list[dict[str, Any]]:
    """Each part's figures as the run's page shows them: a part whose clock ran out took all
    its time (it read "0.0 s", its last answer's time, where it had none)."""
    shown = [asdict(f) for f in figures(run.criteria, run.items, run.starts, run.answers)]
    at = run.standing
    if at.outcome == "clock" and at.part < len(shown):
        shown[at.part]["seconds"] = shown[at.part]["allowed"]
    return shown


def _deal(run: _Run, question: Question | None) -> dict[str, Any] | None:
    """The deal of the item asked now, where the checkout deals its cards one at a time: the
    card served last (the only one the page holds), where the deal stands by the server's
    clock, and the pace in words. None for an item with no cards. The page holds no card the
    server has not served: the next comes from ``POST .../card`` once it is due."""
    if question is None or not question.view.get("cards"):
        return None
    at = run.standing
    pace = checkout_criteria.deal_pace(run.criteria, at.part)
    if pace is None:
        return None
    cards = question.view["cards"]
    served = stored.served_cards(get_db(), run.stored.id, at.part, at.item)
    if not served:  # an item dealt after its part's start: its first card is served now
        stored.serve_card(get_db(), run.stored, at.part, at.item, 0, run.now)
        served = [run.now]
    deal = deal_at(len(cards), round(1000 / pace), served, run.now)
    return {
        "state": deal,
        "card": cards[deal.served - 1],
        "pace": cards_a_second(pace, 1),
        "shown": number(deal.served),
        "total": number(deal.total),
    }


def _mistakes(run: _Run) -> list[dict[str, str]]:
    """A finished run's wrong answers, each with the right one: its part, the question's
    number, what was answered and what was right, in words."""
    shown = []
    for answer in stored.run_answers(get_db(), run.stored.id):
        if answer.correct:
            continue
        item = run.items[answer.part][answer.item]
        shown.append(
            {
                "part": run.criteria.parts[answer.part].title,
                "number": str(answer.item + 1),
                "answer": answer_words(item, answer.answer, run.rules, caches=app_caches()),
                "right": answer_words(item, answer.right_answer, run.rules, caches=app_caches()),
            }
        )
    return shown


def _refuse(message: str) -> NoReturn:
    abort(400, description=message)


def _posted_place(run: _Run) -> tuple[int, int]:
    part_text = request.form.get("part", "")[:4]
    item_text = request.form.get("item", "0")[:4]
    if not (part_text.isdecimal() and item_text.isdecimal() and part_text.isascii()):
        _refuse(say("That answer names no part of this checkout."))
    return int(part_text), int(item_text)


@bp.post("/checkouts/runs/<rowid:run_id>/start")
def start_part(run_id: int) -> Response:
    run = _run_or_404(run_id)
    part, _ = _posted_place(run)
    at = run.standing
    if at.over:
        _refuse(say("This checkout is over: start a new one from its page."))
    if part != at.part or part in run.starts:
        _refuse(say("That part is not the one to start now: this checkout goes in order."))
    first = run.items[part][0]
    deals = bool(
        checkout_criteria.deal_pace(run.criteria, part)
        and show_item(first, run.rules, caches=app_caches()).view.get("cards")
    )
    # A dealt item's first card is served with the start: the part's clock and the deal's
    # both run from that moment, by the server's clock.
    stored.start_part(get_db(), run.stored, part, run.now, first_card=deals)
    return redirect(url_for("checkouts.run_page", run_id=run_id), code=303)


def _card_refusals(deal: dict[str, Any], card: int) -> dict[str, str]:
    return {
        "early": say(
            "Card %(card)s is not due yet: this checkout deals %(pace)s. Press Next card again.",
            card=number(card + 1),
            pace=deal["pace"],
        ),
        "order": say("That is not the next card: the cards come one at a time, in order."),
        "dealt": say("Every card of this deal is out: your answer."),
    }


@bp.post("/checkouts/runs/<rowid:run_id>/card")
def next_card(run_id: int) -> Response:
    """The next card of the deal asked now, once the one before is served and its moment has
    come by the server's clock: for htmx (JavaScript's deal) the deal's fragment, else the run's
    page. Any other card is refused (a 400 that says why), and another learner's run is a 404."""
    run = _run_or_404(run_id)
    part, index = _posted_place(run)
    card_text = request.form.get("card", "")[:4]
    if not (card_text.isdecimal() and card_text.isascii()):
        _refuse(say("That asks for no card of this deal."))
    at = run.standing
    if at.over:
        _refuse(say("This checkout is over: start a new one from its page."))
    if (part, index) != (at.part, at.item) or part not in run.starts:
        _refuse(say("That card is not for the question asked now: a checkout goes in order."))
    question = show_item(run.items[part][index], run.rules, caches=app_caches())
    deal = _deal(run, question)
    if deal is None:
        _refuse(say("This question deals no cards."))
    card = int(card_text)
    refusal = card_refusal(deal["state"], card)
    error = _card_refusals(deal, card).get(refusal, "")
    if not refusal:
        stored.serve_card(get_db(), run.stored, part, index, card, run.now)
    if not is_htmx():
        if error:
            return _show(run, status=400, deal_error=error)
        return redirect(url_for("checkouts.run_page", run_id=run_id), code=303)
    response = render(
        "checkouts/_deal.html",
        status=400 if error else 200,
        run=run,
        at=at,
        deal=_deal(run, question),
        deal_error=error,
    )
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/checkouts/runs/<rowid:run_id>/answer")
def answer(run_id: int) -> Response:
    run = _run_or_404(run_id)
    part, index = _posted_place(run)
    at = run.standing
    if at.outcome == "clock":  # the run's result, with why the answer was not taken
        late = say(
            "That answer came after the clock ran out (the deadline was %(deadline)s): it "
            "was not recorded, and this checkout is not passed.",
            deadline=_deadline_words(at.deadline_ms or 0),
        )
        return _show(run, status=400, refused=late)
    if at.over:
        return _show(run, status=400, refused=say("This checkout is over: start a new one "
                                                  "from its page."))  # fmt: skip
    if (part, index) != (at.part, at.item) or part not in run.starts:
        _refuse(say("That answer is not for the question asked now: a checkout goes in order."))
    item = run.items[part][index]
    try:
        grade = grade_item(item, request.form, run.rules, caches=app_caches())
    except InvalidAnswerError as error:
        g.refused_field = error.field  # the question form's focus (one field of several)
        return _show(run, status=400, error=str(error))
    except GamePendingError:  # its game gone from the cache since: a job works it out again
        raise
    except DrillError:
        _refuse(say("This checkout's question cannot be read: start a new one."))
    answered = stored.StoredAnswer(
        part, index, item.sort, grade.answer, grade.right_answer, grade.correct, run.now
    )
    try:
        stored.record_answer(get_db(), run.stored, answered)
    except sqlite3.IntegrityError:  # the same item answered at once from two tabs: one counts
        _refuse(say("That answer is not for the question asked now: a checkout goes in order."))
    after = _Run(run.stored, run.now)
    if after.standing.outcome == "passed":
        _certify(after)  # issued with the last answer, whether or not its page is read
    return redirect(url_for("checkouts.run_page", run_id=run_id), code=303)


def _certify(run: _Run) -> str:
    """The link of the passed run's certificate (made once, when first shown), issued with no
    name: its holder chooses the one it shows (:func:`name_certificate`)."""
    shown = [asdict(f) for f in figures(run.criteria, run.items, run.starts, run.answers)]
    made = stored.issue_certificate(get_db(), run.stored, holder="", figures=shown, now_ms=run.now)
    return _certificate_link(made)


def _certificate_link(certificate: stored.StoredCertificate) -> str:
    """The certificate's link, signing the name it shows now."""
    token = certificates.link_token(certificate, stored.shown_name(get_db(), certificate.code))
    return url_for("checkouts.certificate", token=token, _external=True)


def name_form(certificate: stored.StoredCertificate, user: users.User) -> dict[str, Any]:
    """What the holder's form to name the certificate shows: the name it shows now, and what
    the field holds: that name, else the name they gave in a class (a suggestion, never set
    until they press the button)."""
    name = stored.shown_name(get_db(), certificate.code)
    joined = classes.memberships(get_db(), user.id)
    suggested = name or (joined[-1][0].name if joined else "")
    return {"name": name, "value": suggested, "run_id": certificate.run_id,
            "most": classes.NAME_MAX}  # fmt: skip


@bp.post("/checkouts/runs/<rowid:run_id>/certificate-name")
def name_certificate(run_id: int) -> Response:
    """The holder sets the name their certificate shows (or none): another learner's run, or
    a run without a certificate, is a 404; a bad name a readable 400; nothing stored then."""
    run = _run_or_404(run_id)
    held = stored.certificate_of_run(get_db(), run.stored.id)
    if held is None:
        abort(404, description=say("This run has no certificate: only a passed run has one."))
    name = ""
    if request.form.get("no_name") != "yes":
        try:
            name = classes.clean_name(
                request.form.get("name", "")[:200], say("The name on your certificate")
            )
        except classes.ClassError as error:  # said beside the field, on the run's page
            said = say("The name was not changed: %(error)s", error=str(error))
            return _show(run, status=400, name_error=said)
    try:
        stored.name_certificate(get_db(), held.code, held.user_id, name, now_ms=run.now)
    except stored.NamingError:
        said = say("The name was not changed: a certificate's name is changed at most "
                   "%(most)s times.", most=stored.MAX_NAMINGS)  # fmt: skip
        return _show(run, status=400, name_error=said)
    if request.form.get("then") == "certificate":
        return redirect(_certificate_link(held), code=303)
    return redirect(url_for("checkouts.run_page", run_id=run_id, _anchor="certificate"), code=303)


@bp.get("/certificates/<signed:token>")
def certificate(token: str) -> Response:
    found = certificates.read_token(token)
    if found is None:
        abort(
            404,
            description=say(
                "This is not a certificate of this trainer: the link was not signed here, or it "
                "was changed after it was."
            ),
        )
    code, digest = found
    held = stored.certificate_by_code(get_db(), code)
    if held is None:
        abort(
            410,
            description=say(
                "This certificate was withdrawn: the learner who held it deleted their account."
            ),
        )
    name = stored.shown_name(get_db(), held.code)
    renamed = certificates.digest(held, name) != digest
    if renamed and digest not in {
        certificates.digest(held, n) for n in stored.names_shown(get_db(), held)
    }:
        abort(404, description=say("This certificate no longer says what was signed."))
    user = current_user()
    holder = user is not None and user.id == held.user_id
    issued = datetime.fromtimestamp(held.issued_ms / 1000, UTC)
    criteria = Criteria.from_json(stored.run_criteria(get_db(), held.run_id))
    response = render(
        "checkouts/certificate.html",
        held=held,
        figures=held.figures,
        title=checkout_criteria.title_of(held.kind),
        rules_words=checkout_criteria.taken_under(held.rules, held.system, held.kind),
        lines=checkout_criteria.criteria_lines(criteria),
        issued=local_day(issued),
        link=_certificate_link(held) if renamed else request.url,
        shown_name=name,  # (not ``name``: base.html sets its own)
        renamed=renamed,
        naming=name_form(held, user) if holder and user is not None else None,
    )
    if holder:  # its holder's page holds their form: never kept by a cache
        response.headers["Cache-Control"] = "private, no-store"
    return response
