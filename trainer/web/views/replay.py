"""Replays: a shoe the learner played at a table or counted through, step by step, forward and
back, with their decisions, the count and the right play at each step
(:mod:`drills.replay`); and the same replay shared as a link.

``GET /replays/`` lists the learner's shoes; ``GET /replays/table/<id>?step=n`` and
``GET /replays/count/<id>?step=n`` replay one of theirs (anyone else's is a 404). ``POST
.../share`` makes a link (``/replays/shared/<token>``) that shows the shoe and the decisions
and nothing else of the learner; ``POST .../withdraw`` withdraws it, and the link then says so
(a 410). The step is in the URL, so every step is a page of its own: the links to the next and
the previous step work with JavaScript off, and ``static/js/replay.js`` adds their keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from drills import AskedInSessions, UnknownDrillError, get_drill
from drills.counting.notation import format_count
from drills.counting.preferences import STEPS
from drills.counting.session import Answered, CountingSession, answer_token
from drills.replay import (
    STEP_WORDS,
    Counts,
    StepOutOfRangeError,
    ask_label,
    count_step,
    judged_step,
    read_step_number,
    table_counts,
)
from drills.table_session import TableSpec, wonging_of
from drills.table_sums import ASK_NAMES, in_minimums
from trainer.engine.counting import estimate_decks
from trainer.engine.rulebook.rules import Rules
from trainer.store import counting as counting_store
from trainer.store import replays, tables, users
from trainer.web import session_answers, table_verdict, table_view
from trainer.web.caches import app_caches
from trainer.web.support import current_user, get_db, name_the_dealer, render
from trainer.web.views import drills as drill_road
from trainer.web.views import table as table_views
from trainer.web.views.chart_jobs import ChartPendingError
from trainer.web.views.chart_jobs import pending_page as chart_pending_page
from trainer.words import number as number_words
from trainer.words import say, trimmed

bp = Blueprint("replay", __name__, url_prefix="/replays")

TEMPLATE = "replay/replay.html"
# A dealer's or a punter's choice at 002 home and 004, as the verdicts' words name it.
_CHOICES = {"double 1": "double", "double 0": "no double", "redouble 1": "redouble"}
_CHOICES.update({"redouble 0": "no redouble", "draw": "draw", "stand": "stand"})


@dataclass(frozen=True)
class Source:
    """The shoe a replay page shows: whose, which, and how the page is reached (the owner's
    own URL, or a share's)."""

    kind: str
    source_id: str
    owner: users.User
    token: str = ""  # a shared link's: the page shows nothing of the owner

    def url(self, step: int) -> str:
        if self.token:
            return url_for("replay.shared", token=self.token, step=step)
        return _own_url(self.kind, self.source_id, str(step))


def _mine_or_404() -> users.User:
    user = current_user()
    if user is None:
        abort(404, description=say("There is no such shoe of yours."))
    return user


@bp.get("/")
def index() -> Response:
    """The learner's shoes to replay: their tables and counting sessions, newest first."""
    user = current_user()
    db = get_db()
    mine_tables = tables.list_tables(db, user.id, limit=20) if user else []
    sessions = counting_store.list_sessions(db, user.id, limit=20) if user else []
    titles = {}
    for stored in sessions:
        try:
            titles[stored.drill] = get_drill(stored.drill).title
        except UnknownDrillError:
            titles[stored.drill] = ""
    return render("replay/index.html", tables=mine_tables, sessions=sessions, titles=titles,
                  section="replays")  # fmt: skip


@bp.get("/table/<key:table_id>")
def table(table_id: str) -> Response:
    user = _mine_or_404()
    stored = tables.get_table(get_db(), table_id, user.id)
    if stored is None:
        abort(404, description=say("There is no such shoe of yours."))
    return _table_page(Source("table", stored.id, user), stored)


@bp.get("/count/<key:session_id>")
def count(session_id: str) -> Response:
    user = _mine_or_404()
    stored = counting_store.get_session(get_db(), session_id, user.id)
    if stored is None:
        abort(404, description=say("There is no such shoe of yours."))
    return _count_page(Source("count", stored.id, user), stored)


@bp.get("/shared/<key:token>")
def shared(token: str) -> Response:
    """A shared replay: the shoe and the decisions, nothing else of the learner; withdrawn,
    a page that says so (410)."""
    found = replays.find_share(get_db(), token)
    owner = users.get_user(get_db(), found.user_id) if found else None
    if found is None or owner is None:
        abort(404, description=say("There is no replay at this link."))
    if not found.live:
        return render("replay/withdrawn.html", status=410, section="replays")
    source = Source(found.kind, found.source_id, owner, token)
    if found.kind == "table":
        stored_table = tables.get_table(get_db(), found.source_id, owner.id)
        if stored_table is None:
            abort(404, description=say("There is no replay at this link."))
        return _table_page(source, stored_table)
    stored_session = counting_store.get_session(get_db(), found.source_id, owner.id)
    if stored_session is None:
        abort(404, description=say("There is no replay at this link."))
    return _count_page(source, stored_session)


def _owned_or_404(kind: str, source_id: str) -> users.User:
    user = _mine_or_404()
    db = get_db()
    if kind == "table":
        mine = tables.get_table(db, source_id, user.id) is not None
    elif kind == "count":
        mine = counting_store.get_session(db, source_id, user.id) is not None
    else:
        mine = False
    if not mine:
        abort(404, description=say("There is no such shoe of yours."))
    return user


@bp.post("/table/<key:table_id>/share")
def share_table(table_id: str) -> Response:
    """Share the table's shoe as a link (the live one, made now if there is none)."""
    return _shared("table", table_id, share=True)


@bp.post("/table/<key:table_id>/withdraw")
def withdraw_table(table_id: str) -> Response:
    """Withdraw the table's link: it says so from now on."""
    return _shared("table", table_id, share=False)


@bp.post("/count/<key:session_id>/share")
def share_count(session_id: str) -> Response:
    return _shared("count", session_id, share=True)


@bp.post("/count/<key:session_id>/withdraw")
def withdraw_count(session_id: str) -> Response:
    return _shared("count", session_id, share=False)


def _shared(kind: str, source_id: str, *, share: bool) -> Response:
    """Share or withdraw the learner's own shoe, then back to its replay (at the step shown)."""
    user = _owned_or_404(kind, source_id)
    if share:
        replays.share(get_db(), user.id, kind, source_id)
    else:
        replays.withdraw(get_db(), user.id, kind, source_id)
    return redirect(_own_url(kind, source_id, request.form.get("step", "")) + "#share", 303)


def _own_url(kind: str, source_id: str, step: str = "") -> str:
    keep: dict[str, Any] = {}
    if step.isascii() and step.isdecimal() and len(step) <= 5:
        keep["step"] = step
    if kind == "table":
        return url_for("replay.table", table_id=source_id, **keep)
    return url_for("replay.count", session_id=source_id, **keep)


def _step_or_400(total: int) -> int:
    try:
        return read_step_number(request.args.get("step"), total)
    except StepOutOfRangeError as error:
        # its own words, not the error's English ("this shoe has no step 999")
        description = say(
            "This shoe has no step %(step)s: its steps go from 1 to %(last)s.",
            step=number_words(error.number),
            last=number_words(total),
        )
        abort(404, description=description)
    except ValueError:
        abort(400, description=say("A step is a whole number from 1 to %(last)s.", last=total))


def _page(source: Source, number: int, total: int, **frame: Any) -> Response:
    share = None
    if not source.token:
        share = replays.live_share(get_db(), source.owner.id, source.kind, source.source_id)
    nav = {
        "first": source.url(1) if number > 1 else "",
        "previous": source.url(number - 1) if number > 1 else "",
        "next": source.url(number + 1) if number < total else "",
        "last": source.url(total) if number < total else "",
    }
    return render(
        TEMPLATE,
        source=source,
        shared_view=bool(source.token),
        share=share,
        step_number=number,
        total=total,
        nav=nav,
        jump=source.url(number).split("?")[0],
        section="replays",
        page_rules=frame.get("rules"),
        **frame,
    )


def _counts_view(counts: Counts, convention: str, resolution: str) -> dict[str, Any]:
    """The count's facts as the replay shows them; with a true count, the decks left as the
    learner estimates them (``divided_by``), which the true count divides by: "+7" over "1.35
    decks" read as a true count of +5, where the table's was +4 (over 1.5: a walk)."""
    divided_by = ""
    if counts.true is not None and resolution in STEPS:
        divided_by = trimmed(estimate_decks(counts.decks_left, resolution))
    return {
        "running": format_count(counts.running),
        "true": format_count(counts.true) if counts.true is not None else "",
        "convention": convention,
        "resolution": resolution,
        "decks_left": trimmed(counts.decks_left),
        "divided_by": divided_by,
        "seen": counts.cards_seen,
    }


# -- a table ------------------------------------------------------------------------------------


def _table_page(source: Source, stored: tables.StoredTable) -> Response:
    rules = Rules.parse(stored.rules)
    name_the_dealer(rules)  # its past decisions in its game's words, not the learner's table's
    spec = TableSpec.from_stored(rules, stored.setup)
    steps = tables.steps_of(get_db(), stored.id)
    played = [s for s in steps if s.state == "played"]
    if not played:
        return _page(source, 0, 0, rules=rules, empty=True)
    number = _step_or_400(len(played))
    step = played[number - 1]
    try:
        # The whole shoe first: while it is in play the replay keeps its counts to itself (the
        # table asks for them, and grades bets and plays by them).
        over = table_views.replay(spec, stored.seed, [s.step for s in played])[1].kind == "over"
        game, ask = table_views.replay(spec, stored.seed, [s.step for s in played[: number - 1]])
    except ChartPendingError as pending:
        return chart_pending_page(rules, pending.job, then=request.full_path)
    found = tables.table_attempts(get_db(), source.owner.id, f"t{stored.id}-")
    rows = {}
    for name in ASK_NAMES:
        token = table_views.step_token(stored.id, step.n, name)
        if token in found:
            rows[name] = found[token]
    seated = table_views.Seated(source.owner, stored, spec, steps, game, ask, None)
    answers = table_views.answers_of(seated, step)
    bankroll = spec.bankroll + game.learner_net
    wonging = wonging_of(spec, game, ask, step.step)
    judged = judged_step(spec, ask, answers, rows, bankroll, caches=app_caches(), wonging=wonging)
    before = played[number - 2].n if number > 1 else -1
    taken_back = sum(1 for s in steps if before < s.n < step.n and s.state == "withdrawn")
    on_felt = ask.round
    settled = table_view.last_round(game, ask) if on_felt is None else None
    return _page(
        source,
        number,
        len(played),
        rules=rules,
        spec=spec,
        round_number=ask.number,
        felt=table_view.round_view(game, on_felt, ask.number) if on_felt is not None else None,
        settled=(
            table_view.round_view(game, settled.round, settled.record.number) if settled else None
        ),
        counts=_counts_view(table_counts(spec, ask), spec.convention, spec.resolution)
        if over
        else None,
        system=spec.system,
        decisions=[_verdict(j) for j in judged],
        step_words=_step_words(step.step) if not judged else "",
        taken_back=taken_back,
    )


def _verdict(judged: Any) -> dict[str, Any]:
    name = table_verdict.verdict_name(judged.name, judged.question)
    line = table_verdict.verdict(  # a bet priced in table minimums, as the table priced it
        name,
        judged.answer,
        judged.right,
        judged.correct,
        judged.ev_cost,
        Fraction(0),
        "",
        minimums=in_minimums(judged.name),  # ("0.06 bets" here, "6.33% of the minimum" there)
    )
    return {**line, "graded_then": judged.graded_then}


def _step_words(step: str) -> str:
    """A table step no drill graded, in words."""
    parts = step.split(" ")
    if parts[0] == "bet":
        amounts = ", ".join(table_view.money(Fraction(p)) for p in parts[1:])
        return say(STEP_WORDS["bet"], amounts=amounts)
    if parts[0] in ("H", "S", "D", "P", "R"):
        return say("Your play: %(play)s.", play=table_verdict.answer_words("play", parts[0]))
    if parts[0] == "insure":
        answer = "N" if parts[1:2] == ["0"] else "I"
        return say("Insurance: %(answer)s.", answer=table_verdict.answer_words("insurance", answer))
    if parts[0] in STEP_WORDS:
        return say(STEP_WORDS[parts[0]])
    if step in _CHOICES:
        choice = table_verdict.answer_words("dealer", _CHOICES[step])
        return say("Your choice: %(choice)s.", choice=choice)
    return say("A step of yours that nothing grades.")  # never its notation


# -- a counting session -------------------------------------------------------------------------


def _count_page(source: Source, stored: counting_store.StoredSession) -> Response:
    try:
        drill = get_drill(stored.drill)
    except UnknownDrillError:
        abort(404, description=say("That counting session's drill is no longer offered."))
    if not isinstance(drill, AskedInSessions):
        abort(404, description=say("That drill is not asked in sessions."))
    session: CountingSession = drill.read_session(stored.spec)
    rules = drill_road.stored_rules(session.rules)
    asks = drill.session_asks(session, stored.id)
    grades = session_answers.session_grades(drill, source.owner, asks, rules)
    answers: dict[tuple[int, str], Answered] = {}
    shown = 0  # the steps up to the last checkpoint answered: the cards after it are unseen
    for index, spec in enumerate(session.checkpoints):
        for ask in spec.asks:
            grade = grades.get(answer_token(stored.id, index, ask))
            if grade is not None:
                answers[index, ask] = Answered(grade.answer, grade.right_answer, grade.correct)
                shown = spec.after + 1
    if not shown:
        return _page(source, 0, 0, rules=rules, counted=session, empty=True)
    number = _step_or_400(shown)
    replayed = count_step(session, number - 1, answers)
    step = session.steps[number - 1]
    first_card = replayed.counts.cards_seen - len(step.cards) + 1
    return _page(
        source,
        number,
        shown,
        rules=rules,
        counted=session,
        step=step,
        step_title=step.title or say("Card %(number)s", number=number_words(first_card)),
        counts=_counts_view(replayed.counts, session.convention, session.resolution),
        system=session.counting_system,
        checkpoint_answers=[
            {
                "label": ask_label(j.name),
                "answer": j.answer,
                "right": j.right,
                "correct": j.correct,
            }  # fmt: skip
            for j in replayed.asked
        ],
    )
