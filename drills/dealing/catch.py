"""Catch the dealer: a round is dealt and settled before you, and now and then the dealer makes a
mistake in it (:mod:`drills.dealing.catch_round`); call "Foul" when he does, "Next" when he
did not. A run of rounds at a rate and a speed the learner sets is played on its own pages
(:mod:`trainer.web.views.catch_dealer`); a single round is asked on the drill's page like any drill.

A call is graded by the mistake planted in the round, which the server works out again from the
round's notation: a foul called on a mistake is *caught*, "Next" past one *missed*, a foul on
a round played right a *false call*.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from drills.base import (
    AsksOnItsPage,
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidOptionError,
    LearnerState,
    NamesItsRules,
    Question,
)
from drills.caches import Caches
from drills.dealing.catch_round import (
    KINDS,
    NO_FIXED_DEALER,
    CatchRound,
    deal_round,
    dealer_played,
    paid_text,
    read_round,
)
from drills.dealing.table_payouts import hand_views
from trainer.engine.deck.hand import Hand
from trainer.engine.rulebook.rule_words import dealer_lines, payout_lines
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, money, quoted, say

DEFAULT_RATE = 30
CALLS = {"foul": N_("Foul"), "next": N_("Next")}  # said in the learner's language where shown
# A call's verdict in words, for the run's summary (:func:`verdict` names it).
VERDICT_WORDS = {
    "caught": N_("caught"),
    "missed": N_("missed"),
    "false call": N_("false call"),
    "right": N_("right"),
}
_RATE_RE = re.compile(r"[0-9]{1,3}")


def verdict(planted: bool, call: str) -> str:
    """A call's verdict: ``caught``, ``missed``, ``false call`` or ``right`` (no mistake, none
    called)."""
    if planted:
        return "caught" if call == "foul" else "missed"
    return "false call" if call == "foul" else "right"


def read_rate(text: str | None) -> int:
    """The planted-mistake rate a page option names (percent, 0 to 100; absent: the default).

    :raises InvalidOptionError: for anything else.
    """
    if text is None or text == "":
        return DEFAULT_RATE
    if not _RATE_RE.fullmatch(text) or int(text) > 100:
        raise InvalidOptionError(say("The rate is a whole percentage, 0 to 100."), field="rate")
    return int(text)


def _boxes(round_: CatchRound) -> list[dict[str, Any]]:
    boxes = []
    for number, (seat, paid) in enumerate(zip(round_.result.seats, round_.paid, strict=True), 1):
        hands = hand_views(seat)
        boxes.append(
            {
                "number": number,
                "stakes": " + ".join(map(money, seat.stakes)),
                "insurance": money(seat.insurance) if seat.insurance else None,
                "hands": hands,
                "paid": paid_text(paid),
            }
        )
    return boxes


def round_view(round_: CatchRound) -> dict[str, Any]:
    """What the page shows of a round: the rules that bind the dealer, his cards and the total
    he announced, every box and what he paid it."""
    rules = round_.rules
    lines = dealer_lines(rules)
    dealer = Hand(round_.dealer)
    return {
        "number": round_.number,
        "rules_lines": lines + [line for line in payout_lines(rules) if line not in lines],
        "dealer": dealer,
        "hand": dealer,
        "said": round_.said,
        "bust": round_.said > 21,
        "dealer_natural": round_.result.dealer_natural,
        # Every box settled before his turn (busts, naturals, surrenders): he draws nothing.
        "no_draw": not round_.result.dealer_natural and not dealer_played(round_.result),
        "boxes": _boxes(round_),
        # The calls as stored ("foul"), as their buttons name them (the mistakes page's).
        "answer_words": {call: _call_words(call) for call in CALLS},
    }


def _call_words(call: str) -> str:
    """A call as its button names it, in the learner's words and quoted (“Next”, «Дальше»)."""
    return quoted(say(CALLS[call]))


def _question(round_: CatchRound) -> Question:
    return Question(
        notation=round_.notation,
        prompt=say("Did the dealer make a mistake in this round?"),
        view=round_view(round_),
    )


class CatchTheDealer(Drill, AsksOnItsPage, NamesItsRules):
    slug = "catch-the-dealer"
    title = N_("Catch the dealer")
    description = N_(
        "Rounds are dealt and settled before you, and now and then the dealer slips: a wrong "
        "total, a draw on 17 or a stand on 16, a box paid wrong, a natural paid as a plain "
        "win, a soft hand read as hard. Call the foul before the next round."
    )
    template = "drills/catch_the_dealer.html"
    situation_template = "drills/_catch_situation.html"
    brisk_ms = 4_000
    slow_ms = 15_000
    calls = CALLS

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        rate = read_rate(learner.options.get("rate"))
        if rules.banker_best:
            raise InvalidOptionError(say(NO_FIXED_DEALER), "rate", status=200)  # beside it
        return self.question(
            f"{rules.notation()}|{rng.getrandbits(40)}|{rate}|1", rules, caches=caches
        )

    def skill(self, notation: str, rules: Rules) -> str:
        """Catching one kind of mistake (``"catch-the-dealer draw-on-17"``), or letting a round
        played right pass (``"catch-the-dealer none"``)."""
        return f"{self.slug} {deal_round(*read_round(notation)).mistake or 'none'}"

    def answer_words(self, answer: str) -> str:
        """A call (``"foul"``, ``"next"``) as its button names it, quoted (“Foul”, «Ошибка»)."""
        return _call_words(answer) if answer in CALLS else answer

    def skill_words(self, key: str) -> str:
        """``"Catching a draw on 17"``, or ``"A round dealt right, let pass"``."""
        slug, _, mistake = key.partition(" ")
        if slug != self.slug or (mistake != "none" and mistake not in KINDS):
            return super().skill_words(key)
        if mistake == "none":
            return say("A round dealt right, let pass")
        return say("Catching %(mistake)s", mistake=say(KINDS[mistake]))

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        return _question(deal_round(*read_round(notation)))

    def rules_for(self, notation: str, rules: Rules) -> Rules:
        return read_round(notation)[0]

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("call", ""))[:10]

    def answered(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> tuple[Question, Grade]:
        round_ = deal_round(*read_round(notation))
        return _question(round_), self._grade(round_, answer_text)

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        return self._grade(deal_round(*read_round(notation)), answer_text)

    def _grade(self, round_: CatchRound, answer_text: str) -> Grade:
        call = (answer_text or "").strip().lower()
        if call not in CALLS:
            raise InvalidAnswerError(
                say("Call Foul (the dealer made a mistake) or Next (he did not).")
            )
        planted = round_.mistake is not None
        said = verdict(planted, call)
        # The verdict's heading says caught, missed, a false call or right (the page writes it
        # from the call and the right one); the why is the slip itself, or how the round was
        # played right, and the kind of mistake follows behind Details.
        what = (
            " " + say("The mistake was %(kind)s.", kind=say(KINDS[round_.mistake]))
            if round_.mistake
            else ""
        )
        return Grade(
            correct=said in ("caught", "right"),
            answer=call,
            right_answer="foul" if planted else "next",
            explanation=f"{round_.words}{what}",
        )


DRILL = CatchTheDealer()
