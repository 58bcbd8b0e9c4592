"""Classes: a coach, the learners who joined with an invite, and what the coach sets them.

- ``GET /classes``: the learner's classes: those they coach, those they are in (with what each
  coach sees, and a button to leave), a form to start a class and one to join with a code.
- ``POST /classes``: start a class (an account only, not a guest); its starter is its coach.
- ``GET /classes/<id>``: the coach's page: each learner's path step, figures, practice time,
  streak, costliest mistakes and assignments; the class's heat maps; invites; assignments.
- ``GET /classes/<id>/export.csv``: the class as CSV. ``GET /classes/<id>/learners/<uid>``: one
  learner's figures per drill since joining.
- ``POST /classes/<id>/invites``, ``.../invites/<iid>/revoke``: make invites (each lets one
  learner in), revoke an unused one. ``GET|POST /join/<code>``: the invite's page, and joining.
- ``POST /classes/<id>/leave``: a member leaves; from then the coach sees nothing of them.
- ``POST /classes/<id>/assignments``, ``.../assignments/<aid>/remove``: set or remove one.
- ``POST /classes/<id>/drill-mistakes``: the coach drills the class's common mistakes of a drill.
- ``POST /classes/<id>/checkout-criteria``: the coach sets the class's stricter criteria for a
  checkout (its clock as a share of the default's, the errors allowed); members take the
  checkout under them (``checkouts.learners_criteria``). ``.../checkout-criteria/clear``
  drops them: the members take that checkout under the defaults again.
- ``GET /classes/<id>/delete``: what deleting the class removes, and the button that does it;
  ``POST`` to it deletes the class, its invites, assignments, criteria and memberships (the
  coach's view of the learners), never the learners' own answers. Each current member is told
  on their home and classes pages (one line: the class's name, the day it closed, their own
  work kept) until they dismiss it: ``POST /classes/closures/<id>/dismiss`` (their own only).

Every coach's page and export is read through :func:`coached_or_404`: another coach's class, a
learner not in the class or who left, is a 404. Pages and exports are ``private, no-store``.
"""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction

from flask import Blueprint, abort, make_response, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import path as steps
from drills import registry
from drills.checkouts import criteria as checkout_criteria
from drills.counting.preferences import system_choices
from trainer.clock import stamp
from trainer.engine.counting import SYSTEMS
from trainer.engine.rulebook.rules import preset_names
from trainer.store import class_criteria, class_work, classes, reviews, users
from trainer.store.classes import Class, ClassError, InviteRefusedError
from trainer.web import coaching
from trainer.web.rules_form import preset_menu
from trainer.web.security import safe_next
from trainer.web.support import clock_now, current_user, digits, get_db, render
from trainer.web.time_zone import learner_today, local_day
from trainer.web.views.strategy_quiz import heat_at_once
from trainer.words import N_, say

bp = Blueprint("classes", __name__)

_PRIVATE = "private, no-store"
_CODE_MAX = 64
_DRILLS_SET = ("hand-totals", "basic-strategy", "payout-math", "running-count", "true-count",
               "deck-estimation", "deviations", "bet-sizing", "table-play", "procedure",
               "irregularities", "table-payouts")  # fmt: skip


def _account_or_403() -> users.User:
    """The signed-in learner with an account; a guest or a visitor gets a readable 403."""
    user = current_user()
    if user is None or user.is_guest:
        abort(403, description=say("Classes are for learners with an account: sign up first."))
    return user


def coached_or_404(class_id: int) -> tuple[users.User, Class]:
    """The class, if the signed-in learner coaches it; anything else is a 404."""
    user = current_user()
    found = classes.coached_class(get_db(), class_id, user.id) if user else None
    if user is None or found is None:
        abort(404)
    return user, found


def _private(response: Response) -> Response:
    response.headers["Cache-Control"] = _PRIVATE
    return response


def _now() -> str:
    return stamp(clock_now())


# -- the learner's classes --------------------------------------------------------------------


@bp.get("/classes")
def index() -> Response:
    user = current_user()
    db = get_db()
    account = user is not None and not user.is_guest
    coached = classes.classes_coached(db, user.id) if user and account else []
    joined = classes.memberships(db, user.id) if user and account else []
    return _private(
        render(
            "classes/index.html",
            account=account,
            coached=[(c, classes.member_count(db, c.id)) for c in coached],
            joined=joined,
            closures=class_closures(user),
            name_max=classes.NAME_MAX,
            section="classes",
        )
    )


@bp.post("/classes")
def create() -> Response:
    user = _account_or_403()
    try:
        name = classes.clean_name(request.form.get("name", "")[:200], say("The class's name"))
        coach = classes.clean_name(request.form.get("coach_name", "")[:200], say("Your name"))
        made = classes.create_class(get_db(), user.id, name, coach, at=_now())
    except ClassError as error:
        abort(400, description=say("No class was started: %(error)s", error=str(error)))
    return redirect(url_for("classes.page", class_id=made.id), code=303)


# -- joining and leaving ----------------------------------------------------------------------


def _code(text: str) -> str:
    """An invite code as typed or linked: letters, digits, - and _, bounded; else a 404."""
    code = text.strip()
    if (
        not code
        or len(code) > _CODE_MAX
        or not all(c.isascii() and (c.isalnum() or c in "-_") for c in code)
    ):
        abort(404, description=say("No class has this invite: check the code you were given."))
    return code


@bp.post("/join")
def join_by_code() -> Response:
    """The code typed into the classes page: on to its invite's page."""
    _account_or_403()
    code = request.form.get("code", "")[: _CODE_MAX * 2].strip()
    if "/join/" in code:  # the whole link pasted
        code = code.rsplit("/join/", 1)[1]
    return redirect(url_for("classes.invite", code=_code(code)), code=303)


def _refused(error: InviteRefusedError) -> Response:
    """An invite that joins no class: a readable page (404 for a code no class has, 410 for
    one used or revoked), nothing stored."""
    if isinstance(error, classes.UnknownInviteError):
        abort(404, description=str(error))
    return _private(
        render("classes/refused.html", message=str(error), section="classes", status=410)
    )


@bp.get("/join/<key:code>")
def invite(code: str) -> Response:
    user = current_user()
    if user is None or user.is_guest:  # the link opened before signing in: the way in
        return _private(render("classes/sign_in_first.html", section="classes", status=403))
    try:
        _invite, found = classes.invited_class(get_db(), _code(code))
    except InviteRefusedError as error:
        return _refused(error)
    return _private(
        render(
            "classes/join.html",
            found=found,
            code=code,
            name_max=classes.NAME_MAX,
            section="classes",
        )
    )


@bp.post("/join/<key:code>")
def join(code: str) -> Response:
    user = _account_or_403()
    if request.form.get("consent") != "yes":
        abort(400, description=say("Nothing was changed: tick the box to show you agree."))
    try:
        name = classes.clean_name(request.form.get("name", "")[:200], say("Your name"))
        joined = classes.join(get_db(), _code(code), user.id, name, at=_now())
    except InviteRefusedError as error:
        return _refused(error)
    except ClassError as error:
        abort(400, description=say("You did not join: %(error)s", error=str(error)))
    return redirect(url_for("classes.index", joined=joined.id, _anchor="joined"), code=303)


@bp.post("/classes/<rowid:class_id>/leave")
def leave(class_id: int) -> Response:
    user = _account_or_403()
    if not classes.leave(get_db(), class_id, user.id, at=_now()):
        abort(404)
    return redirect(url_for("classes.index", left=1), code=303)


# -- the coach's pages ------------------------------------------------------------------------


@bp.get("/classes/<rowid:class_id>")
def page(class_id: int) -> Response:
    _user, found = coached_or_404(class_id)
    return _class_page(found)


def _class_page(found: Class, status: int = 200, **refused: object) -> Response:
    """The coach's page of ``found``; ``refused``, an assignment form refused (its ``error``,
    the ``field`` to blame, what was ``typed``), shown in the form again."""
    chosen = request.args.get("rules", "")[:200] or None
    report = coaching.learners_and_class(found, clock_now())
    strategy = coaching.strategy_heat(found.id, chosen)
    if strategy["rules"] is not None:  # at once: the plays wait for their chart, not the coach
        then = url_for("classes.page", class_id=found.id, rules=strategy["notation"])
        strategy.update(heat_at_once(strategy["rules"], strategy["tally"], then))
    return _private(
        render(
            "classes/class.html",
            found=found,
            **report,
            strategy=strategy,
            index_plays=coaching.skill_heat(found.id, "deviations"),
            payouts=coaching.skill_heat(found.id, "payout-math"),
            speeds=coaching.speed_heat(found.id),
            common=coaching.common_drills(found.id),
            checkouts=coaching.last_checkouts(found.id, clock_now()),
            checkout_criteria=_checkout_criteria_rows(found.id),
            least_percent=checkout_criteria.LEAST_TIME_PERCENT,
            words=coaching.assignment_words,
            invites=[i for i in classes.invites_of(get_db(), found.id) if i.open],
            max_members=classes.MAX_MEMBERS,
            choices=_assignment_choices(),
            today=learner_today(clock_now()),  # the coach's own day, not UTC's
            default_due=(learner_today(clock_now()) + timedelta(days=7)).isoformat(),
            refused=refused,
            section="classes",
            status=status,
        )
    )


@bp.get("/classes/<rowid:class_id>/export.csv")
def export(class_id: int) -> Response:
    _user, found = coached_or_404(class_id)
    report = coaching.learners_and_class(found, clock_now())
    response = make_response(coaching.class_csv(report["rows"], report["assignments"]))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="class-{found.id}.csv"'
    return _private(response)


@bp.get("/classes/<rowid:class_id>/learners/<rowid:user_id>")
def learner(class_id: int, user_id: int) -> Response:
    _user, found = coached_or_404(class_id)
    member = classes.current_member(get_db(), found.id, user_id)
    if member is None:  # never joined, or left: their work is not the coach's to read
        abort(404)
    row = coaching.learner_row(member, clock_now(), class_work.assignments_of(get_db(), [found.id]))
    return _private(
        render("classes/learner.html", found=found, row=row, drills=registry(), section="classes")
    )


@bp.post("/classes/<rowid:class_id>/invites")
def make_invites(class_id: int) -> Response:
    _user, found = coached_or_404(class_id)
    count = _bounded(
        request.form.get("count", "1"), say("The number of invites"), 1, classes.MAX_MEMBERS
    )
    try:
        classes.make_invites(get_db(), found.id, count, at=_now())
    except ClassError as error:
        abort(400, description=say("No invite was made: %(error)s", error=str(error)))
    return redirect(url_for("classes.page", class_id=found.id, _anchor="invites"), code=303)


@bp.post("/classes/<rowid:class_id>/invites/<rowid:invite_id>/revoke")
def revoke(class_id: int, invite_id: int) -> Response:
    _user, found = coached_or_404(class_id)
    if not classes.revoke_invite(get_db(), found.id, invite_id, at=_now()):
        abort(404)
    return redirect(url_for("classes.page", class_id=found.id, _anchor="invites"), code=303)


@bp.post("/classes/<rowid:class_id>/drill-mistakes")
def drill_mistakes(class_id: int) -> Response:
    user, found = coached_or_404(class_id)
    slug = request.form.get("drill", "")[:40]
    if slug not in registry():
        abort(400, description=say("Choose a drill whose mistakes to drill."))
    try:
        batch = class_work.drill_common_mistakes(get_db(), found.id, user.id, slug)
    except reviews.InvalidReviewError:
        abort(400, description=say("The class has no mistakes in this drill to drill again."))
    return redirect(url_for("drills.ask", slug=slug, review=batch.id), code=303)


# -- stricter checkout criteria --------------------------------------------------------------


def _checkout_criteria_rows(class_id: int) -> list[dict[str, object]]:
    """Each checkout with the most errors a class may allow and what this class sets (or None)."""
    set_now = class_criteria.criteria_of_class(get_db(), class_id)
    return [
        {"kind": kind, "title": checkout_criteria.title_of(kind),
         "most_errors": checkout_criteria.most_errors(kind), "set": set_now.get(kind)}
        for kind in checkout_criteria.KINDS
    ]  # fmt: skip


@bp.post("/classes/<rowid:class_id>/checkout-criteria")
def set_checkout_criteria(class_id: int) -> Response:
    _user, found = coached_or_404(class_id)
    kind = request.form.get("kind", "")[:40]
    if kind not in checkout_criteria.KINDS:
        abort(400, description=say("Choose the checkout from the list."))
    percent = _bounded(
        request.form.get("time_percent", ""),
        say("The clock's share of the default"),
        checkout_criteria.LEAST_TIME_PERCENT,
        100,
    )
    errors = _bounded(
        request.form.get("errors", ""),
        say("The errors allowed"),
        0,
        checkout_criteria.most_errors(kind),
    )
    stricter = class_criteria.Stricter(percent, errors)
    class_criteria.set_criteria(get_db(), found.id, kind, stricter, at=_now())
    return redirect(
        url_for("classes.page", class_id=found.id, _anchor="checkout-criteria"), code=303
    )


@bp.post("/classes/<rowid:class_id>/checkout-criteria/clear")
def clear_checkout_criteria(class_id: int) -> Response:
    _user, found = coached_or_404(class_id)
    kind = request.form.get("kind", "")[:40]
    if kind not in checkout_criteria.KINDS:
        abort(400, description=say("Choose the checkout from the list."))
    if not class_criteria.clear_criteria(get_db(), found.id, kind):
        abort(404, description=say("This class sets no criteria of its own for that checkout."))
    return redirect(
        url_for("classes.page", class_id=found.id, _anchor="checkout-criteria"), code=303
    )


# -- a class closed by its coach, as its members are told -------------------------------------


def class_closures(user: users.User | None) -> list[dict[str, object]]:
    """The classes the learner was in that their coach deleted, not dismissed yet: each one's
    name and the day it closed (in the learner's time zone), for one line on the home and
    classes pages."""
    if user is None or user.is_guest:
        return []
    return [
        {"id": closure.id, "name": closure.class_name, "day": local_day(closure.closed_at)}
        for closure in classes.closures_of(get_db(), user.id)
    ]


@bp.post("/classes/closures/<rowid:closure_id>/dismiss")
def dismiss_closure(closure_id: int) -> Response:
    """The member has read that a class closed: the line goes. Another learner's is a 404."""
    user = _account_or_403()
    if not classes.dismiss_closure(get_db(), user.id, closure_id, at=_now()):
        abort(404)
    return redirect(safe_next(request.form.get("next"), url_for("classes.index")), code=303)


# -- deleting the class -----------------------------------------------------------------------


# One rule for both methods: a second rule for the same path would make a bad id a 405 for the
# method the first rule does not take, instead of a 404 (RowIdConverter refuses it in both).
@bp.route("/classes/<rowid:class_id>/delete", methods=["GET", "POST"])
def delete(class_id: int) -> Response:
    """GET: what deleting the class removes, and the button; POST: the deletion."""
    user, found = coached_or_404(class_id)
    if request.method == "GET":
        contents = classes.class_contents(get_db(), found.id)
        return _private(
            render("classes/delete.html", found=found, contents=contents, section="classes")
        )
    if not classes.delete_class(get_db(), found.id, user.id, at=_now()):
        abort(404)
    return redirect(url_for("classes.index", deleted=1), code=303)


# -- assignments ------------------------------------------------------------------------------


_ASSIGNMENT_FORM = ("target", "rules", "system", "speed", "answers", "percent", "due")


def _assignment_choices() -> dict[str, object]:
    drills = registry()
    return {
        "targets": [
            (f"step:{s.key}", say("Step: %(step)s", step=say(s.title))) for s in steps.STEPS
        ]
        + [(f"drill:{slug}", drills[slug].title) for slug in _DRILLS_SET if slug in drills],
        "presets": preset_menu(),
        "systems": system_choices(),
    }


def _bounded(text: str, what: str, low: int, high: int) -> int:
    """A whole number from a form, from ``low`` to ``high``; a readable 400 otherwise."""
    found = _whole(text, low, high)
    if found is None:
        abort(400, description=_not_whole(what, low, high))
    return found


def _whole(text: str, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high`` typed in ``text``; else ``None``."""
    text = (text or "").strip()
    if not digits(text) or len(text) > 6 or not low <= int(text) <= high:
        return None
    return int(text)


def _not_whole(what: str, low: int, high: int) -> str:
    return say(
        "%(what)s is a whole number from %(low)s to %(high)s.", what=what, low=low, high=high
    )


class _FieldRefused(Exception):
    """An assignment form's field refused: its name and why (the form is shown again)."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(why)
        self.field = field


def _assignment_fields() -> dict[str, object]:
    """The assignment form's fields, each checked and bounded.

    :raises _FieldRefused: naming the first field refused and why.
    """
    form = request.form
    kind, _, target = form.get("target", "")[:60].partition(":")
    if not (
        (kind == "step" and target in steps.BY_KEY) or (kind == "drill" and target in _DRILLS_SET)
    ):
        raise _FieldRefused("target", say("Choose what to practise from the list."))
    rules = form.get("rules", "")[:60] or None
    if rules is not None and rules not in preset_names():
        raise _FieldRefused("rules", say("Choose the rules from the list, or any rules."))
    system = form.get("system", "")[:30] or None
    if system is not None and system not in SYSTEMS:
        raise _FieldRefused("system", say("Choose the counting system from the list, or any."))
    speed = form.get("speed", "").strip()[:8] or None
    if speed is not None:
        try:
            value = Fraction(speed)
        except (ValueError, ZeroDivisionError):
            value = Fraction(-1)
        if not Fraction(1, 4) <= value <= 10 or value.denominator > 100:
            why = say("The speed is cards a second, from 0.25 to 10, like 2.")
            raise _FieldRefused("speed", why)
    bounded = {}
    for name, what, high in (("answers", N_("The number of answers"), 1000),
                             ("percent", N_("The share right"), 100)):  # fmt: skip
        bounded[name] = _whole(form.get(name, ""), 1, high)
        if bounded[name] is None:
            raise _FieldRefused(name, _not_whole(say(what), 1, high))
    due_text = form.get("due", "")[:10]
    try:
        due = date.fromisoformat(due_text)
    except ValueError:
        raise _FieldRefused("due", say("The due date is a day like 2026-12-31.")) from None
    today = learner_today(clock_now())  # the coach's own day, as the form's earliest
    if not today <= due <= today + timedelta(days=366):
        raise _FieldRefused("due", say("The due date is from today to a year from now."))
    return {
        "kind": kind, "target": target, "rules": rules, "system": system, "speed": speed,
        **bounded, "due": due.isoformat(),
    }  # fmt: skip


@bp.post("/classes/<rowid:class_id>/assignments")
def assign(class_id: int) -> Response:
    _user, found = coached_or_404(class_id)
    try:
        fields = _assignment_fields()
    except _FieldRefused as refused:  # the form again, as typed (an error page lost it: a walk)
        typed = {k: request.form.get(k, "")[:60] for k in _ASSIGNMENT_FORM}
        why = say("Nothing was set: %(error)s", error=str(refused))
        return _class_page(found, 400, error=why, field=refused.field, typed=typed)
    try:
        class_work.add_assignment(get_db(), found.id, fields, at=_now())
    except ClassError as error:
        abort(400, description=say("Nothing was set: %(error)s", error=str(error)))
    return redirect(url_for("classes.page", class_id=found.id, _anchor="assignments"), code=303)


@bp.post("/classes/<rowid:class_id>/assignments/<rowid:assignment_id>/remove")
def unassign(class_id: int, assignment_id: int) -> Response:
    _user, found = coached_or_404(class_id)
    if not class_work.remove_assignment(get_db(), found.id, assignment_id):
        abort(404)
    return redirect(url_for("classes.page", class_id=found.id, _anchor="assignments"), code=303)


def learner_assignments(user: users.User | None) -> list[dict[str, object]]:
    """The assignments of the classes the learner is in, with their progress, for Today."""
    if user is None or user.is_guest:
        return []
    db = get_db()
    joined = classes.memberships(db, user.id)
    by_class = {found.id: (member, found) for member, found in joined}
    today = clock_now().date()
    shown = []
    for assignment in class_work.assignments_of(db, list(by_class)):
        member, found = by_class[assignment.class_id]
        shown.append({"assignment": assignment, "words": coaching.assignment_words(assignment),
                      "class": found, "progress": coaching.progress(member, assignment, today),
                      "drills": coaching.assignment_drills(assignment)})  # fmt: skip
    return shown
