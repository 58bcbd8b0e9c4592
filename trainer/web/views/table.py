"""Sit at a table: whole rounds from a real shoe, each of the learner's decisions graded.

``GET /table`` sets a table up (rules, seats, boxes, money, count, what is graded, the mode);
``POST /table`` stores it (:mod:`trainer.store.tables`) and goes to ``/table/<id>``, which shows
the table where it stands: the engine replays the stored seed and steps
(:mod:`trainer.engine.play.table_game`), so a reload, the back button, a second tab or a restart
finds the same round. ``POST /table/<id>/step`` plays one step: it must come from the page
drawn at the table's current step (``at``), is replayed by the engine before anything is
stored (an illegal one is a 400, nothing stored), graded through the drills
(:mod:`drills.table_session`) and stored with its attempts in one transaction. In training
mode a wrong decision is held: shown with the right play, its EV and its cost, then kept or
taken back (``POST /table/<id>/held``). htmx gets the ``table`` block only.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from drills import Grade, InvalidAnswerError, get_drill
from drills.counting.preferences import convention_choices, resolution_choices, system_choices
from drills.counting.session import counted_once
from drills.counting.tray import tray_of
from drills.table_session import (
    DEFAULT_STOP_AT,
    DISTRACTIONS,
    GRADED,
    MODES,
    PACES,
    UNPRICED,
    Asked,
    InvalidTableSpecError,
    TableSpec,
    read_digits,
    step_asks,
    wonging_of,
)
from drills.table_settings import settings_words
from drills.table_sums import ASK_NAMES, insured_share, step_ev, sums_of
from trainer import words
from trainer.engine.play.table_game import Ask, InvalidStepError, TableGame
from trainer.engine.play.table_steps import END
from trainer.engine.rulebook.rules import Rules
from trainer.store import tables, users
from trainer.store.db import transaction
from trainer.web import table_form, table_reveal, table_verdict, table_view
from trainer.web.caches import app_caches
from trainer.web.preferences import current_counting_preferences
from trainer.web.rules_form import (
    option_fields,
    plain_words,
    preset_menu,
    read_rules,
    read_rules_kept,
)
from trainer.web.security import sealed_response_ms, time_seal
from trainer.web.support import (
    current_rules,
    current_user,
    current_user_or_guest,
    get_db,
    is_htmx,
    name_the_dealer,
    random_bits,
    render,
)
from trainer.web.table_drill_round import offers
from trainer.web.table_end import cover_words
from trainer.web.table_form import PLAY_LETTERS, count_answers, read_step
from trainer.web.table_view import RoundView
from trainer.web.views import drills as drill_road
from trainer.web.views import path as path_view
from trainer.web.views.chart_jobs import ChartPendingError, chart_or_pending
from trainer.web.views.chart_jobs import pending_page as chart_pending_page
from trainer.web.views.count_jobs import pending_page, study_or_start

bp = Blueprint("table", __name__, url_prefix="/table")
_ByField = dict[str, str]  # a form's fields' words (what is wrong with each, or what was typed)


TEMPLATE = "table/table.html"
_NAMES = tuple(ASK_NAMES)


@dataclass
class Seated:
    """A stored table replayed to where it stands."""

    user: users.User
    stored: tables.StoredTable
    spec: TableSpec
    steps: list[tables.Step]
    game: TableGame
    ask: Ask
    held: tables.Step | None

    @property
    def at(self) -> int:
        return len(self.steps)

    @property
    def rules(self) -> Rules:
        return self.spec.rules


def replay(spec: TableSpec, seed: int, steps: list[str]) -> tuple[TableGame, Ask]:
    """The table as its steps left it (a chart not worked out yet: its job's progress page,
    :class:`~trainer.web.views.chart_jobs.ChartPendingError`)."""
    game = TableGame(spec.setup(seed), chart_or_pending(spec.rules))
    return game, game.play(steps, spec.bankroll)


def seated_or_404(table_id: str) -> Seated:
    """The learner's own table, replayed; anyone else's (or none) is a 404."""
    user = current_user()
    stored = tables.get_table(get_db(), table_id[:40], user.id) if user else None
    if user is None or stored is None:
        abort(404, description=words.say("There is no such table of yours."))
    rules = Rules.parse(stored.rules)
    name_the_dealer(rules)  # the table's game's words on its pages, whatever the learner plays
    spec = TableSpec.from_stored(rules, stored.setup)
    steps = tables.steps_of(get_db(), stored.id)
    held = steps[-1] if steps and steps[-1].state == "held" else None
    played = [s.step for s in steps if s.state == "played"]
    game, ask = replay(spec, stored.seed, played)
    return Seated(user, stored, spec, steps, game, ask, held)


# -- setting a table up ------------------------------------------------------------------------


@bp.get("/")
def setup() -> Response:
    user = current_user()
    mine = tables.list_tables(get_db(), user.id) if user else []
    # A link may name the game (?preset=, ?rules=) and, from the rules page, the seat to take.
    seat = request.args.get("punter_seat", "")[:2]
    form = {"punter_seat": seat} if seat in {str(n) for n in range(7)} else None
    return _setup_page(read_rules(request.args, default=current_rules()), mine=mine, form=form)


def _setup_page(
    rules: Rules,
    *,
    status: int = 200,
    error: InvalidTableSpecError | None = None,
    form: Any = None,
    refused: dict[str, str] | None = None,
    **shown: Any,
) -> Response:
    prefs = current_counting_preferences()
    name_the_dealer(rules)  # the seats' "from the dealer's left" in the words of these rules
    return render(
        "table/setup.html",
        status=status,
        rules=rules,
        presets=preset_menu(),
        fields=option_fields(rules, refused=refused),
        systems=system_choices(),
        conventions=convention_choices(),
        resolutions=resolution_choices(),
        graded_choices=GRADED,
        paces=PACES,
        distractions=DISTRACTIONS,
        modes=MODES,
        unpriced=UNPRICED,
        stop_default=words.said_numbers(table_view.decimal(DEFAULT_STOP_AT)),
        prefs=prefs,
        defaults=table_form.setup_defaults(rules, path_view.passed_steps(current_user())),
        setup_form=form if form is not None else (request.form if error else {}),
        setup_error=str(error) if error else None,
        setup_field=error.field if error else None,
        table_rules=rules,  # the footer names the rules being set up, as the form shows them
        players_deal=rules.table_rotation != "none",  # 002 home, 004: who deals, where to start
        takes_co_bettors=rules.box_bettors > 1,  # 003's casino boxes
        section="table",
        **{"mine": [], **shown},
    )


def _under_new_rules(rules: Rules) -> MultiDict[str, str]:
    """The set-up form sent, its money moved to ``rules`` where the learner left the drawn
    rules' defaults: another preset picked (and the form sent at once, without drawing it
    again) has its own limits, which the old preset's unit may be outside of."""
    form = request.form.copy()
    drawn = read_rules({"rules": form.get("rules", "")}, default=current_rules())
    if drawn.name != rules.name:
        old, new = table_form.money_defaults(drawn), table_form.money_defaults(rules)
        for name in ("bankroll", "unit"):
            if form.get(name, "").strip() == old[name]:
                form[name] = new[name]
    return form


@bp.post("/")
def start() -> Response:
    rules, refused = read_rules_kept(request.form, default=current_rules())
    form = _under_new_rules(rules)
    if refused is not None:  # the form again, the rule's change left out and said
        error = InvalidTableSpecError(refused.said, "rules")
        return _setup_page(rules, status=400, error=error, form=form, refused=refused.typed)
    if form.get("rules_only"):  # the rules changed: the form again, under them
        return _setup_page(rules, form=form)
    try:
        spec = TableSpec.from_form(rules, form)
    except (InvalidTableSpecError, ValueError) as error:
        found = (
            error
            if isinstance(error, InvalidTableSpecError)
            else InvalidTableSpecError(plain_words(str(error)))
        )
        return _setup_page(rules, status=400, error=found, form=form)
    # A study not worked out yet is started now (a 429 past the learner's share of new work,
    # nothing stored); the table is stored first, so that the progress page goes on to it.
    study = study_or_start(rules, spec.system) if spec.needs_study else None
    try:
        chart = chart_or_pending(rules)
    except ChartPendingError as pending:
        chart, chart_job = None, pending.job
    user = current_user_or_guest()
    stored = tables.create_table(
        get_db(),
        user_id=user.id,
        rules=rules.notation(),
        setup=json.loads(spec.to_json()),
        seed=random_bits(48),  # the shoe: pinned by RNG_SEED in tests
    )
    url = url_for("table.show", table_id=stored.id)
    if study is not None and study[0] is None:
        return pending_page(rules, spec.system, study[1], then=url)
    if chart is None:
        return chart_pending_page(rules, chart_job, then=url)
    return redirect(url, code=303)


# -- the table ---------------------------------------------------------------------------------


@bp.get("/<key:table_id>")
def show(table_id: str) -> Response:
    """The table; after a plain form's step (post, redirect, get) that step's feedback
    (``shown``: its number) or a mistake taken back (``back``)."""
    seated = seated_or_404(table_id)
    shown = read_digits(request.args.get("shown", ""), 6)
    if shown is None and seated.held is not None:  # a mistake waiting: what it was
        shown = seated.held.n
    feedback = _step_feedback(seated, shown) if shown is not None else None
    return table_page(seated, feedback=feedback, taken_back=bool(request.args.get("back")))


def _step_feedback(seated: Seated, n: int) -> list[dict[str, Any]] | None:
    """The training-mode feedback of step ``n``, the table's last, graded again as it was when
    it was played (the answers from its stored attempts, or its own text)."""
    last = seated.steps[-1] if seated.steps else None
    if last is None or last.n != n or seated.spec.mode != "training":
        return None
    before = [s.step for s in seated.steps[:-1] if s.state == "played"]
    game, ask = replay(seated.spec, seated.stored.seed, before)
    try:
        grades = _grades(seated, game, ask, last.step, answers_of(seated, last))
    except InvalidAnswerError:
        return None
    return table_verdict.feedback_view(grades) or None


def table_page(
    seated: Seated,
    *,
    status: int = 200,
    dealt: bool = False,
    before: RoundView | None = None,
    **shown: Any,
) -> Response:
    """The table where it stands (its ``table`` block for htmx); after a step (``dealt``) at a
    paced table, the cards it brought since the felt ``before`` it marked to come one by one."""
    game, ask = seated.game, seated.ask
    current = ask.round  # the round in play (a held mistake's too)
    played = table_view.last_round(game, ask)
    settled = table_view.round_view(game, played.round, played.record.number) if played else None
    round_shown = table_reveal.round_on_felt(game, ask)  # `previous`: settled, above the next
    if dealt and seated.spec.pace and round_shown is not None:
        round_shown = table_reveal.with_reveal(seated.rules, before, round_shown)
    previous = settled if current is not None and seated.held is None else None
    last_boxes = game.rounds[-1].learner if game.rounds else range(0)  # none: watched
    context: dict[str, Any] = {
        "seated": seated,
        "spec": seated.spec,
        "settings": settings_words(seated.spec),
        "ask": ask,
        "round": round_shown,
        "previous": previous,
        "money": table_view.money_view(game, seated.spec.bankroll),
        "unit": table_view.money(seated.spec.unit),
        "token": (token := secrets.token_urlsafe(18)),
        "asked_at": (asked_at := drill_road.now_ms()),
        "asked_seal": time_seal("table", token, asked_at),
        **dict.fromkeys(("error", "field_errors", "feedback")),  # field_errors: by field name
        "repeated": False,
        "summary": summary_of(seated) if ask.kind == "over" else None,
        "drill_round": offers(seated.user.id, seated.stored.id) if ask.kind == "over" else [],
        "cover": cover_words(seated.spec, game, seated.stored) if ask.kind == "over" else None,
        "held_feedback": held_feedback(seated),
        "ask_names": ASK_NAMES,
        **table_form.bet_keys(seated.spec, game.learner_net),
        **table_view.step_keys(ask),
        "burned": table_view.burned_shown(game),
        **_count_asked(seated.spec, ask),
        # A pack run out inside the last round: the cards out of the pile its discards made.
        "refilled": len(game.table.shoe.out_of_pile()) if game.table.shoe.refills else 0,
        "spent": game.spent,
        "ends_here": table_form.ends_here(ask) and not seated.held,  # a button to end it
        "held_word": table_view.held_word(seated.held.step if seated.held else None),
        "early": ask.kind == "play" and ask.early,
        "wong_in": bool(last_boxes),  # back-counting: the learner played the last round
        "boxes_default": len(last_boxes) or seated.spec.boxes,
        "page_rules": seated.rules,
        "table_rules": seated.rules,  # the footer names the shoe in play, not the chosen rules
        "section": "table",
        **shown,
    }
    return render(TEMPLATE, block="table", status=status, titled=True, **context)


def _count_asked(spec: TableSpec, ask: Ask) -> dict[str, Any]:
    """What a count check asks: a true count (``asks_true``), and whether the decks left are
    judged from the tray (``tray``: drawn to scale with the discards in it, burned ones too)."""
    names = {a.name for a in step_asks(spec, ask, caches=app_caches())}
    judged = "decks" in names
    return {
        "asks_true": "tc" in names or judged,
        "tray": tray_of(spec.rules.decks, ask.tray_layers) if judged else None,
        "tray_hidden": "tray" in spec.graded,  # its size is judged by eye, not read
    }


def _refused(seated: Seated, message: str, fields: _ByField | None = None, **kept: Any) -> Response:
    """The table as it is, with what was wrong with the step sent (nothing stored); ``fields``,
    what is wrong with each field of a count check, said beside it instead; ``kept``, the
    amounts ``typed`` (kept in their fields) and the field ``blamed`` (the focus goes to it)."""
    return table_page(seated, status=400, error=message, field_errors=fields or {}, **kept)


@bp.post("/<key:table_id>/step")
def step(table_id: str) -> Response:
    seated = seated_or_404(table_id)
    form = request.form
    token = drill_road.submission_token_or_400(form, reload="the table")
    refused = _out_of_turn(seated, form, token)
    if refused is not None:
        return refused
    try:
        text, answers = read_step(seated.ask, form, seated.spec)
        after = replay(seated.spec, seated.stored.seed, [*_played(seated), text])
    except InvalidStepError as error:
        why = plain_words(str(error))
        # The amounts typed stay in their fields (a bet of 80 on box 1, box 2 left empty, was
        # erased with the refusal: a walk).
        typed = {k: form.get(k, "")[:12] for k in form if re.fullmatch(r"bet[0-7]", k)}
        message = words.say("That cannot be played. %(why)s", why=why)
        return _refused(seated, message, typed=typed, blamed=error.field)
    try:  # ending the table grades nothing
        grades = _grades(seated, seated.game, seated.ask, text, answers) if text != END else []
    except InvalidAnswerError as error:
        fields = table_form.count_field_errors(seated.spec, seated.ask, answers, seated.rules)
        return _refused(seated, str(error), fields)
    try:
        _store(seated, text, token, grades, sealed_response_ms(form, "table", token))
    except tables.StaleStepError:
        return _refused(seated_or_404(table_id), table_view.refusal("played"))
    steps = tables.steps_of(get_db(), seated.stored.id)
    if not is_htmx():  # a plain form: post, redirect, get (Back asks to send nothing again)
        # Training mode: to the step's verdict (its anchor), not the next hand below it.
        shown: dict[str, Any] = (
            {"shown": steps[-1].n, "_anchor": "verdict"} if seated.spec.mode == "training" else {}
        )
        return redirect(url_for("table.show", table_id=table_id, **shown), code=303)
    feedback = table_verdict.feedback_view(grades) if seated.spec.mode == "training" else None
    if steps[-1].state == "held":  # the table stays where it was, the mistake shown
        now = replace(seated, steps=steps, held=steps[-1])
    else:  # where the step's own replay left it (no need to replay it again)
        now = replace(seated, steps=steps, game=after[0], ask=after[1])
    felt = table_reveal.round_on_felt(seated.game, seated.ask)  # as the learner saw it
    return table_page(now, feedback=feedback, dealt=True, before=felt)


def _grades(
    seated: Seated, game: TableGame, ask: Ask, text: str, answers: dict[str, str]
) -> list[tuple[Asked, Grade]]:
    """The graded questions of the step ``text`` where ``game`` waits at ``ask``, by the
    drills (each an attempt; the dealer's choices by ``table-dealing``).

    :raises InvalidAnswerError: for an answer a drill cannot grade.
    """
    wonging = wonging_of(seated.spec, game, ask, text)  # what the bet step did, the round before
    net = game.learner_net  # the learner's bankroll then: a stake, boxes sized on it
    asks = step_asks(
        seated.spec,
        ask,
        seated.spec.bankroll + net,
        caches=app_caches(),
        wonging=wonging,
        answers=answers,
    )
    found = drill_road.grade_answers(
        [(get_drill(a.drill), a.notation, answers.get(a.name, "")) for a in asks], seated.rules
    )
    share = insured_share(ask, text)  # part of the insurance: its cost is that part's
    kept = counted_once({a.name: grade for a, grade in zip(asks, found, strict=True)})
    return [
        (
            replace(a, stake=a.stake * share) if a.name == "insurance" else a,
            kept["rc"] if a.name == "rc" else grade,
        )
        for a, grade in zip(asks, found, strict=True)
        if a.name in kept  # a count check's true count, left out after a wrong running count
    ]


def _out_of_turn(seated: Seated, form: Any, token: str) -> Response | None:
    """The page to show for a step that is not the one the table waits for: sent again (its
    step is shown played once), from an old page or another tab, or of the wrong kind."""
    at = read_digits(form.get("at", ""), 6)
    if at is None:
        return _refused(seated, table_view.refusal("no step"))
    if any(s.token == token for s in seated.steps):  # a double click, a form sent again
        return table_page(seated, repeated=True)
    if at != seated.at:
        return _refused(seated, table_view.refusal("stale"))
    if seated.held is not None:
        return _refused(seated, words.say("Keep your play or take it back first."))
    if form.get("kind") != seated.ask.kind:
        not_now = words.say("The table is not asking for that now.")
        return _refused(seated, f"{not_now} {table_view.waits_for(seated.ask)}")
    return None


def _store(
    seated: Seated,
    text: str,
    token: str,
    grades: list[tuple[Asked, Grade]],
    response_ms: int | None,
) -> None:
    """Store the step and its graded answers in one transaction (a training-mode mistake held).

    :raises StaleStepError: when another request stored a step first.
    """
    wrong = [grade for _, grade in grades if not grade.correct]
    # Training mode stops only for a mistake worth stopping for (the learner's threshold).
    hold = seated.spec.mode == "training" and seated.spec.worth_stopping(wrong)
    # A decision chosen again after taking one back is shown graded, and stored only where it
    # is wrong again (a right one, the answer just shown, is no fresh answer for the history;
    # a mistake made again is, and the summary prices it where it is kept).
    retry = bool(seated.steps) and seated.steps[-1].state == "withdrawn" and not hold
    cost = sum(((g.ev_cost or 0) * a.stake for a, g in grades), Fraction(0))
    ev = step_ev(seated.spec, seated.ask, [a for a, _ in grades], caches=app_caches())
    db = get_db()
    with transaction(db):
        stored = tables.add_step(
            db,
            seated.stored.id,
            after=seated.at,
            step=text,
            token=token,
            held=hold,
            cost=str(cost),
            ev=ev,
        )
        graded = [
            (get_drill(a.drill), a.notation, g, step_token(seated.stored.id, stored.n, a.name))
            for a, g in grades
        ]
        drill_road.record_answers(
            seated.user, graded if not retry else [], seated.rules, response_ms
        )


@bp.post("/<key:table_id>/held")
def held(table_id: str) -> Response:
    """Keep the mistake just shown (it is played) or take it back (choose again)."""
    seated = seated_or_404(table_id)
    at = read_digits(request.form.get("at", ""), 6)
    choice = request.form.get("choice", "")
    if seated.held is None or at != seated.held.n:
        return _refused(seated, words.say("There is no play waiting to be kept or taken back."))
    if choice not in ("keep", "back"):
        return _refused(seated, words.say("Keep the play or take it back."))
    tables.resolve_held(get_db(), seated.stored.id, seated.held.n, keep=choice == "keep")
    if not is_htmx():  # post, redirect, get
        back: dict[str, Any] = {"back": 1} if choice == "back" else {}
        return redirect(url_for("table.show", table_id=table_id, **back), code=303)
    felt = table_reveal.round_on_felt(seated.game, seated.ask)
    now = seated_or_404(table_id)
    return table_page(now, taken_back=choice == "back", dealt=True, before=felt)


def _played(seated: Seated) -> list[str]:
    return [s.step for s in seated.steps if s.state == "played"]


@bp.get("/<key:table_id>/rounds/<rowid:number>")
def round_page(table_id: str, number: int) -> Response:
    """One round played, every card turned, with the learner's graded answers in it."""
    seated = seated_or_404(table_id)
    if not 1 <= number <= len(seated.game.rounds):
        missing = words.say("This table has played no round %(number)s.", number=str(number))
        abort(404, description=missing)
    played = seated.game.rounds[number - 1]
    errors = [e for e in summary_of(seated)["errors"] if e["round"] == number]
    return render(
        "table/round.html",
        seated=seated,
        spec=seated.spec,
        round=table_view.round_view(seated.game, played.round, number),
        errors=errors,
        page_rules=seated.rules,
        section="table",
    )


# -- a step's form, the tokens its attempts are stored under, and its answers ---------------------


def step_token(table_id: str, n: int, name: str) -> str:
    """The submission token of the attempt ``name`` of step ``n``: one per table, step and ask,
    so a step's answers are stored once."""
    return f"t{table_id}-{n:05d}-{_NAMES.index(name)}"


def _graded(seated: Seated) -> dict[int, dict[str, Any]]:
    """The table's graded attempts, by step ``n`` and then ask name."""
    found = tables.table_attempts(get_db(), seated.user.id, f"t{seated.stored.id}-")
    graded: dict[int, dict[str, Any]] = {}
    for step in seated.steps:
        for name in _NAMES:
            row = found.get(step_token(seated.stored.id, step.n, name))
            if row is not None:
                graded.setdefault(step.n, {})[name] = row
    return graded


def answers_of(seated: Seated, step: tables.Step) -> dict[str, str]:
    """A stored step's answers by ask name, as :func:`read_step` read them: from its attempts,
    or (a decision chosen again after one taken back, whose attempts are the first choice's)
    from the step's own text."""
    answers = {name: row["answer"] for name, row in _graded(seated).get(step.n, {}).items()}
    parts = step.step.split(" ")
    if parts[0] == "count":  # its text has every count typed: a true count left out after a
        # wrong running count has no attempt (a check graded again without it was refused, and
        # a plain form's verdict, or a reload's, was not shown)
        return {**answers, **count_answers(step.step)}
    if answers:
        return answers
    if parts[0] == "watch":
        return {"wong": "W"}
    if parts[0] == "bet" and seated.spec.wong:
        money = table_view.money_notation
        placed = {f"bet{box}": money(Fraction(bet)) for box, bet in enumerate(parts[1:])}
        return {"wong": "P", "boxes": str(len(parts) - 1), **placed}
    if parts[0] == "bet" and seated.spec.deals:  # a punter's stake
        return {"stake": table_view.money_notation(Fraction(parts[1]))}
    if parts[0] == "bet":
        notation = table_view.money_notation
        return {f"bet{box}": notation(Fraction(bet)) for box, bet in enumerate(parts[1:])}
    if parts[0] == "insure":
        return {"insurance": "I" if parts[1:2] in (["1"], ["part"]) else "N"}
    dealt = {"draw": ("dealer", "H"), "stand": ("dealer", "S"), "double 1": ("double", "D")}
    dealt["double 0"] = ("double", "N")
    dealt["redouble 1"], dealt["redouble 0"] = ("redouble", "D"), ("redouble", "N")
    if step.step in dealt:
        name, letter = dealt[step.step]
        return {name: letter}
    return {"play": step.step} if step.step in PLAY_LETTERS else answers


def held_feedback(seated: Seated) -> list[dict[str, Any]]:
    """The held mistake's grades, as shown when it was made (from its stored attempts)."""
    if seated.held is None:
        return []
    return table_verdict.stored_verdicts(_graded(seated).get(seated.held.n, {}))


# -- the shoe's summary --------------------------------------------------------------------------


def summary_of(seated: Seated) -> dict[str, Any]:
    """The shoe's summary as the page shows it (its sums: :func:`drills.table_sums.sums_of`)."""
    sums = sums_of(seated.rules, seated.game, seated.steps, _graded(seated))
    return table_view.summary_view(seated.spec, seated.game, sums)
