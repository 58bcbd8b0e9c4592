"""Catch the dealer, a run of rounds: its set-up, a round per page, the learner's call on each,
and the run's summary.

``GET /dealing/catch`` sets a run up (its rate of planted mistakes, its speed in seconds a round,
its number of rounds). ``GET /dealing/catch/run?rules=&rate=&speed=&rounds=&seed=`` shows the
run's next round (a run without a seed is given one and redirected, so its address names it);
with JavaScript the page moves on by itself when the round's time is up, calling "Next".
``POST /dealing/catch/run`` takes a call on one round (the round its page dealt, and when: its
form is sealed, :func:`~trainer.web.views.drills.sealed_or_400`). The run keeps nothing of its
own: its rounds are dealt again from the address (:func:`drills.dealing.catch_round.deal_round`) and
its progress is the learner's stored answers to its rounds, so the next round is the first
not answered, and a call on a round answered already (the next one dealt) is refused: nothing
is stored. Each call is an answer of the ``catch-the-dealer`` drill, stored through the drill
road's :func:`~trainer.web.views.drills.answer_once`.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from drills.dealing import catch
from drills.dealing.catch_round import MAX_ROUNDS, NO_FIXED_DEALER, round_notation
from trainer.engine.rulebook.rules import Rules
from trainer.store import attempts, users
from trainer.store.db import transaction
from trainer.web.caches import app_caches
from trainer.web.security import question_seal
from trainer.web.support import (
    current_rules,
    current_user,
    get_db,
    make_rng,
    name_no_game,
    render,
    rules_from_form,
)
from trainer.web.verdicts import see_verdict
from trainer.web.views.drills import (
    answer_once,
    answered_or_404,
    asked_at_or_400,
    now_ms,
    sealed_or_400,
    stored_answer,
    submission_token_or_400,
)
from trainer.words import N_, say

bp = Blueprint("catch_dealer", __name__, url_prefix="/dealing/catch")

DRILL = catch.DRILL
_NUMBER_RE = re.compile(r"[0-9]{1,15}")
# What a run may be set to: (lowest, highest, default), and the field's words.
_BOUNDS = {
    "rate": (0, 100, catch.DEFAULT_RATE, N_("The rate is a whole percentage, 0 to 100.")),
    "speed": (2, 60, 8, N_("A round lasts 2 to 60 seconds.")),
    "rounds": (1, MAX_ROUNDS, 10, N_("A run has 1 to %(most)s rounds.")),
}
_RECENT = 1_000  # a learner's latest answers to the drill read for a run's progress


@dataclass(frozen=True)
class Run:
    """A run as its address names it: the rules, the seed, and its three settings."""

    rules: Rules
    seed: int
    rate: int
    speed: int
    rounds: int

    def notation(self, number: int) -> str:
        return round_notation(self.rules, self.seed, self.rate, number)

    @property
    def query(self) -> dict[str, str]:
        return {
            "rules": self.rules.notation(),
            "rate": str(self.rate),
            "speed": str(self.speed),
            "rounds": str(self.rounds),
            "seed": str(self.seed),
        }


def _setting(values: Mapping[str, str], name: str) -> tuple[int | None, str | None]:
    """One setting read from a form or the address, bounded: the value, or what is wrong."""
    low, high, default, words = _BOUNDS[name]
    text = values.get(name, "")
    if text == "":
        return default, None
    if not _NUMBER_RE.fullmatch(text) or not low <= int(text) <= high:
        return None, say(words, most=str(MAX_ROUNDS))
    return int(text), None


def read_settings(values: Mapping[str, str]) -> tuple[dict[str, int], dict[str, str]]:
    """The run's settings, and what is wrong with any of them, by field."""
    found: dict[str, int] = {}
    errors: dict[str, str] = {}
    for name in _BOUNDS:
        value, error = _setting(values, name)
        if error is not None:
            errors[name] = error
        elif value is not None:
            found[name] = value
    return found, errors


def _unplayable(errors: Mapping[str, str]) -> str:
    return say("This run cannot be played: %(why)s", why=" ".join(errors.values()))


def run_or_400(values: Mapping[str, str]) -> Run:
    """The run an address or a form names; a 400 naming what is wrong."""
    settings, errors = read_settings(values)
    seed = values.get("seed", "")
    if errors:
        abort(400, description=_unplayable(errors))
    if not _NUMBER_RE.fullmatch(seed):
        abort(400, description=say("This run names no seed (a whole number); start it again."))
    rules = rules_from_form(values.get("rules"))
    if rules.banker_best:
        abort(400, description=say(NO_FIXED_DEALER))
    return Run(rules, int(seed), **settings)


def answered_rounds(user: users.User | None, run: Run) -> dict[int, attempts.Attempt]:
    """The run's rounds the learner has answered, by number."""
    if user is None:
        return {}
    prefix = run.notation(0)[:-1]
    found: dict[int, attempts.Attempt] = {}
    for attempt in attempts.list_attempts(get_db(), user.id, drill=DRILL.slug, limit=_RECENT):
        number = attempt.question.removeprefix(prefix)
        if attempt.question.startswith(prefix) and _NUMBER_RE.fullmatch(number):
            found.setdefault(int(number), attempt)
    return found


def next_round(answered: Mapping[int, Any], rounds: int) -> int:
    """The first round not answered (``rounds + 1`` when all are)."""
    return next((n for n in range(1, rounds + 1) if n not in answered), rounds + 1)


@bp.get("")
def setup() -> Response:
    values = request.args
    settings, errors = read_settings(values) if values else ({}, {})
    if current_rules().banker_best:  # said at once, before any run is asked for
        name_no_game()  # the casino dealer's drill, not 004's банкомёт's
        errors = {**errors, "rules": say(NO_FIXED_DEALER)}
    if values and not errors:
        query = {"rules": current_rules().notation(), **{k: str(v) for k, v in settings.items()}}
        return redirect(f"{url_for('catch_dealer.run')}?{urlencode(query)}", code=303)
    return render(
        "dealing/catch_setup.html",
        status=400 if set(errors) - {"rules"} else 200,  # the game alone: nothing sent wrong
        drill=DRILL,
        bounds=_BOUNDS,
        values=values,
        errors=errors,
        rules=current_rules(),
        section="drills",
    )


@bp.get("/run")
def run() -> Response:
    if not request.args.get("seed"):
        settings, errors = read_settings(request.args)
        if errors:
            abort(400, description=_unplayable(errors))
        query = {**request.args.to_dict(), "seed": str(make_rng().getrandbits(40))}
        return redirect(f"{url_for('catch_dealer.run')}?{urlencode(query)}", code=303)
    return run_page(run_or_400(request.args))


def run_page(run: Run, *, status: int = 200, **shown: Any) -> Response:
    """The run's page (its ``panel`` for htmx): the last call's feedback, then the next round
    or, once every round is called, the summary."""
    user = current_user()
    answered = answered_rounds(user, run)
    number = next_round(answered, run.rounds)
    question = (
        DRILL.question(run.notation(number), run.rules, caches=app_caches())
        if number <= run.rounds
        else None
    )
    calls = [
        (n, *stored_answer(DRILL, answered[n], run.rules))
        for n in sorted(answered)
        if n <= run.rounds
    ]
    token, asked_at = shown.pop("token", None) or secrets.token_urlsafe(18), now_ms()
    seal = None
    if question is not None:  # the round this page asks, sealed (sealed_or_400)
        asked = run.notation(number)
        seal = question_seal(DRILL.slug, token, asked, run.rules.notation(), asked_at)
    return render(
        "dealing/catch_run.html",
        block="panel",
        status=status,
        drill=DRILL,
        run=run,
        number=number,
        question=question,
        summary=summary(calls) if question is None else None,
        tally=tally(calls),
        token=token,
        asked_at=asked_at,
        seal=seal,
        section="drills",
        **{"grade": None, "answered": None, "error": None, "repeated": False, **shown},
    )


def _verdict_of(question: Any, grade: Any) -> str:
    planted = grade.right_answer == "foul"
    return catch.verdict(planted, grade.answer)


def tally(calls: list[tuple[int, Any, Any]]) -> dict[str, int]:
    """How many rounds so far were caught, missed, false calls, and right."""
    counts = dict.fromkeys(("caught", "missed", "false call", "right"), 0)
    for _, question, grade in calls:
        counts[_verdict_of(question, grade)] += 1
    return counts


def summary(calls: list[tuple[int, Any, Any]]) -> list[dict[str, Any]]:
    """Each round of the run: its number, the call, its verdict and what happened."""
    return [
        {
            "number": number,
            "call": say(catch.CALLS[grade.answer]),
            "verdict": say(catch.VERDICT_WORDS[_verdict_of(question, grade)]),
            "explanation": grade.explanation,
        }
        for number, question, grade in calls
    ]


@bp.post("/run")
def call() -> Response:
    form = request.form
    run = run_or_400(form)
    text = form.get("round", "")
    if not _NUMBER_RE.fullmatch(text) or not 1 <= int(text) <= run.rounds:
        abort(400, description=say("A call names a round of the run, 1 to %(last)s.",
                                   last=str(run.rounds)))  # fmt: skip
    number = int(text)
    token = submission_token_or_400(form, reload="the run")
    asked_at = asked_at_or_400(form.get("asked_at", ""))
    notation = run.notation(number)
    sealed_or_400(
        DRILL, form, notation, run.rules, token=token, asked_at=asked_at, reload="the run"
    )
    called = DRILL.answer_text(form)
    with transaction(get_db()):  # one call per round, even from two tabs at once
        refused = _refusal(run, number, token, called)
        if refused is not None:
            return run_page(run, status=400, error=refused)
        answered = answer_once(DRILL, notation, form, run.rules, token=token, asked_at=asked_at)
    if answered.grade is None:
        return run_page(run, status=400, error=answered.error, token=token)
    shown = partial(run_page, run, **answered.feedback)
    return see_verdict(answered, shown, "catch_dealer.verdict", run.query)


@bp.get("/run/answered/<rowid:attempt_id>")
def verdict(attempt_id: int) -> Response:
    """The run after one of its calls (where a plain form's call goes, 303): its verdict, then
    the next round or the summary; a call of another run, or anyone else's, is a 404."""
    run = run_or_400(request.args)
    answered = answered_or_404(DRILL, attempt_id, run.rules)
    if not answered.attempt or answered.attempt.question not in {
        run.notation(n) for n in range(1, run.rounds + 1)
    }:
        abort(404)
    return run_page(run, **answered.feedback)


def _refusal(run: Run, number: int, token: str, called: str) -> str | None:
    """Why a call on round ``number`` is not taken (nothing is stored), or None: the round is
    gone (answered, the next one dealt) or not dealt yet. The same call sent again is taken
    (and counted once)."""
    user = current_user()
    earlier = attempts.find_attempt(get_db(), user.id, token) if user else None
    if (
        earlier is not None
        and earlier.question == run.notation(number)
        and earlier.answer == called
    ):
        return None
    current = next_round(answered_rounds(user, run), run.rounds)
    if number < current:
        return say(
            "Round %(number)s is gone: the call came after it was answered and the next round "
            "dealt. Nothing was stored; call the round on screen now.",
            number=str(number),
        )
    if number > current:
        return say("Round %(number)s has not been dealt yet; nothing was stored.",
                   number=str(number))  # fmt: skip
    return None
