"""The payout-math drill: a settled situation is shown; the learner types one amount."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from drills.base import (
    AsksOnItsPage,
    Drill,
    Grade,
    LearnerState,
    NamesItsRules,
    Question,
    share_or_bets,
)
from drills.caches import Caches
from drills.payout.deal import make_question
from drills.payout.explain import ask_text, explain, situation_view
from drills.payout.kinds import FIRST_KINDS, KINDS, MIXES, Kind, kinds_for, title_of
from drills.payout.money import money_text, read_amount
from drills.payout.play import read_question, read_question_played
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, say


class PayoutMath(Drill, AsksOnItsPage, NamesItsRules):
    slug = "payout-math"
    title = N_("Payout math")
    description = N_(
        "A hand is settled before you: naturals at 3:2, 6:5 and 2:1, insurance and even money, "
        "surrender, split and doubled boxes, the bonuses of club and home twenty-one (21 with "
        "five or six cards, 7-7-7, 8-7-6) and the Russian banking game's double payouts. "
        "Type the amount, to the cent."
    )
    template = "drills/payout_math.html"
    situation_template = "drills/_payout_situation.html"

    @property
    def mixes(self) -> dict[str, tuple[str, tuple[str, ...]]]:
        """The page's question mixes, their labels in the learner's language."""
        return {value: (say(label), kinds) for value, (label, kinds) in MIXES.items()}

    @property
    def kinds(self) -> dict[str, Kind]:
        """The kinds of question, their titles in the learner's language."""
        return {slug: replace(kind, title=title_of(kind)) for slug, kind in KINDS.items()}

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        kinds = kinds_for(learner.options.get("mix"))
        wide = kinds in (kinds_for(None), kinds_for("casino"))
        if wide and len(learner.recent) < len(FIRST_KINDS):
            kinds = FIRST_KINDS  # a newcomer's first answers (every kind, a casino's): plain ones
        question = make_question(rng.choice(kinds), rng)
        return self.question(str(question), rules, caches=caches)

    def skill(self, notation: str, rules: Rules) -> str:
        """The payout kind (``"natural-6-5"``): the notation's first field."""
        return notation.split("|", 1)[0]

    def skill_words(self, key: str) -> str:
        """The payout kind's title (``"A natural at 6:5"``)."""
        return title_of(KINDS[key]) if key in KINDS else key

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        question, result, _ = read_question_played(notation)
        return Question(
            notation=str(question),
            prompt=ask_text(question),
            view=situation_view(question, result),
        )

    def rules_for(self, notation: str, rules: Rules) -> Rules:
        """The rules the question is played under (its notation names them)."""
        return read_question(notation).rules

    def cost_said(self, cost: Fraction, question: str = "") -> str:
        return share_or_bets(cost)  # the chips paid wrong, in bets past one

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        question, result, amount = read_question_played(notation)
        answer = read_amount(answer_text, signed=question.ask.signed)
        given = Fraction(answer)
        stake = sum(question.bets, Fraction(0))
        return Grade(
            correct=given == amount,
            answer=money_text(given),
            right_answer=money_text(amount),
            explanation=explain(question, result, amount),
            ev_cost=abs(given - amount) / stake,
        )


DRILL = PayoutMath()
