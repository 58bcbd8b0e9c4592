"""A table's verdicts: each graded answer of a step in the issue's shape, a first line that
says right or wrong, the right answer and what the mistake cost (at most about 15 words), one
sentence of why for a mistake, and the rest of the drill's explanation (its EVs, the ramp's
risk of ruin against Kelly, the method) kept for a "Details" disclosure. Words only: the
grades come from the drills, the money from :mod:`trainer.web.table_view`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from drills import Grade
from drills.table_session import Asked
from drills.table_sums import ASK_NAMES
from trainer.engine.deck.hand import Hand, InvalidHandError
from trainer.web.mastery import SMALLEST_COST
from trainer.web.table_view import money
from trainer.words import N_, bets, say, signed

__all__ = ["answer_words", "feedback_view", "first_sentence", "stored_verdicts", "verdict"]


def feedback_view(grades: list[tuple[Asked, Grade]]) -> list[dict[str, Any]]:
    """A step's graded answers as training mode shows them: each a verdict (:func:`verdict`)
    with what it cost."""
    shown = []
    for asked, grade in grades:
        cost = (grade.ev_cost or Fraction(0)) * asked.stake
        name = _named(asked.name, asked.notation)
        shown.append(
            verdict(
                name,
                grade.answer,
                grade.right_answer,
                grade.correct,
                grade.ev_cost,
                cost,
                grade.explanation,
            )  # fmt: skip
        )
    return shown


def _named(name: str, question: str) -> str:
    """The ask's name as its verdict says it: insurance on a natural (``"AS KH v AD
    insurance"``) is even money; a back-counter's choice while seated (``"enter in ..."``) is
    to stay or leave."""
    if name == "wong" and question.startswith("enter in "):
        return "stay or leave"
    if name != "insurance":
        return name
    try:
        natural = Hand.parse(question.split(" v ", 1)[0]).is_two_card_21
    except InvalidHandError:
        return name
    return "even money" if natural else name


def stored_verdicts(rows: dict[str, Any]) -> list[dict[str, Any]]:
    """A step's stored attempts (by ask name) as verdicts' first lines."""
    return [
        verdict(
            _named(name, row.get("question", "")),
            row["answer"],
            row["right_answer"],
            bool(row["correct"]),
            Fraction(row["ev_cost"]) if row["ev_cost"] else None,
            Fraction(0),
            "",
        )
        for name, row in rows.items()
    ]


# The answers the table's drills store, in the words of a verdict's first line.
_ANSWER_WORDS = {
    "H": N_("hit"),
    "S": N_("stand"),
    "D": N_("double"),
    "P": N_("split"),
    "R": N_("surrender"),
    "draw": N_("drawing"),
    "stand": N_("standing"),
    "double": N_("doubling the bets"),
    "no double": N_("not doubling"),
    "redouble": N_("redoubling"),
    "no redouble": N_("not redoubling"),
}
_INSURANCE_WORDS = {"I": N_("taking it"), "N": N_("declining it")}
# An insurance ask on a natural; a back-counter's choice while seated (watching: "wong").
_OWN_NAMES = {"even money": N_("Even money"), "stay or leave": N_("Stay or leave")}
# A back-counter's choices, stored as their keys (drills.back_count).
_WONG_WORDS = {"C": N_("coming in"), "W": N_("watching"), "S": N_("staying"), "L": N_("leaving")}
_EVEN_MONEY_WORDS = {"I": N_("taking even money"), "N": N_("playing the natural out")}


def answer_words(name: str, answer: str) -> str:
    """An answer of the ask ``name`` as a learner says it: ``stand``, ``declining it``,
    ``+3`` (a count), ``10`` (a bet)."""
    if name in ("rc", "tc"):
        try:
            return signed(int(answer))
        except ValueError:
            return answer
    if name == "insurance":
        return say(_INSURANCE_WORDS.get(answer, answer))
    if name == "even money":
        return say(_EVEN_MONEY_WORDS.get(answer, answer))
    if name in ("wong", "stay or leave"):
        return say(_WONG_WORDS[answer]) if answer in _WONG_WORDS else answer
    return say(_ANSWER_WORDS[answer]) if answer in _ANSWER_WORDS else answer


# Asks answered by one of two choices (insurance, the dealer's draw, doubling, redoubling):
# a wrong answer's line names the right choice only ("not redoubling was right, not
# redoubling" would read as a riddle).
_YES_OR_NO = frozenset(
    ("insurance", "even money", "dealer", "double", "redouble", "wong", "stay or leave")
)


def _yes_or_no_lead(what: str, right: str, ev_cost: Fraction | None, cost: Fraction) -> str:
    if ev_cost and ev_cost < SMALLEST_COST:
        return say("%(what)s: %(right)s was right; it cost under %(bets)s.", what=what,
                   right=right, bets=bets(0.01))  # fmt: skip
    if ev_cost and not cost:
        return say("%(what)s: %(right)s was right; it cost %(bets)s.", what=what, right=right,
                   bets=bets(float(ev_cost)))  # fmt: skip
    if ev_cost:
        return say("%(what)s: %(right)s was right; it cost %(bets)s (%(money)s).", what=what,
                   right=right, bets=bets(float(ev_cost)), money=money(cost))  # fmt: skip
    return say("%(what)s: %(right)s was right.", what=what, right=right)


def first_sentence(text: str) -> tuple[str, str]:
    """``text`` cut after its first sentence (a full stop, then a space and a capital, a
    bracket, a sign or a digit): that sentence, and the rest."""
    found = re.search(r"[.!?](?=\s+[A-ZА-ЯЁ(+\-\u2212\d])", text)
    if found is None:
        return text.strip(), ""
    return text[: found.end()].strip(), text[found.end() :].strip()


def verdict(
    name: str,
    answer: str,
    right: str,
    correct: bool,
    ev_cost: Fraction | None,
    cost: Fraction,
    explanation: str,
) -> dict[str, Any]:
    """One graded answer as a verdict: a first line that says whether it was right, the right
    answer and what the mistake cost (at most about 15 words); for a mistake one sentence of
    why; the rest of the explanation (its EVs, the ramp, the method) kept for "details"."""
    what = say(ASK_NAMES.get(name) or _OWN_NAMES[name])
    said, was = answer_words(name, answer), answer_words(name, right)
    if correct:
        lead = say("%(what)s: %(answer)s, right.", what=what, answer=said)
    elif name in _YES_OR_NO:  # one of two choices: the right one says which was made
        lead = _yes_or_no_lead(what, was, ev_cost, cost)
    elif ev_cost and ev_cost < SMALLEST_COST:  # "0 bets" would read as free
        lead = say("%(what)s: %(right)s was right, not %(answer)s; it cost under %(bets)s.",
                   what=what, right=was, answer=said, bets=bets(0.01))  # fmt: skip
    elif ev_cost and not cost:  # a stored attempt's, without its stake
        lead = say("%(what)s: %(right)s was right, not %(answer)s; it cost %(bets)s.",
                   what=what, right=was, answer=said, bets=bets(float(ev_cost)))  # fmt: skip
    elif ev_cost:
        lead = say(
            "%(what)s: %(right)s was right, not %(answer)s; it cost %(bets)s (%(money)s).",
            what=what,
            right=was,
            answer=said,
            bets=bets(float(ev_cost)),
            money=money(cost),
        )
    else:
        lead = say("%(what)s: %(right)s was right, not %(answer)s.", what=what, right=was,
                   answer=said)  # fmt: skip
    why, rest = ("", explanation.strip()) if correct else first_sentence(explanation)
    return {
        "name": name,
        "correct": correct,
        "lead": lead,
        "why": why,
        "details": rest,
        "cost": money(cost) if ev_cost else "",
    }
