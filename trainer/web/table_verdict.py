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
from drills.base import cost_of_bet
from drills.counting.session import TC_LEFT_OUT
from drills.table_session import Asked
from drills.table_sums import ASK_NAMES, SEATED_WONG, ask_name, in_minimums
from trainer.engine.deck.hand import Hand, InvalidHandError
from trainer.web.mastery import SMALLEST_COST
from trainer.web.table_errors import cost_text
from trainer.web.table_view import money
from trainer.words import N_, number, said_numbers, say, signed

__all__ = ["answer_words", "feedback_view", "first_sentence", "stored_verdicts", "verdict"]


def feedback_view(grades: list[tuple[Asked, Grade]]) -> list[dict[str, Any]]:
    """A step's graded answers as training mode shows them: each a verdict (:func:`verdict`)
    with what it cost."""
    shown = []
    for asked, grade in grades:
        cost = (grade.ev_cost or Fraction(0)) * asked.stake
        name = verdict_name(asked.name, asked.notation)
        shown.append(
            verdict(
                name,
                grade.answer,
                grade.right_answer,
                grade.correct,
                grade.ev_cost,
                cost,
                grade.explanation,
                minimums=in_minimums(asked.name),
            )  # fmt: skip
        )
        # A check's true count left out after a wrong running count (counted_once: its
        # explanation says so last) is said in the line too, not only in the details.
        if name == "rc" and not grade.correct and grade.explanation.endswith(say(TC_LEFT_OUT)):
            shown[-1]["lead"] += " " + say(_TC_NOT_GRADED)
    return shown


_TC_NOT_GRADED = N_("True count not graded.")


def verdict_name(name: str, question: str) -> str:
    """The ask's name as its verdict says it: insurance on a natural (``"AS KH v AD
    insurance"``) is even money; a back-counter's choice while seated (``"enter in ..."``) is
    to stay or leave."""
    if ask_name(name, question) == SEATED_WONG:
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
            verdict_name(name, row.get("question", "")),
            row["answer"],
            row["right_answer"],
            bool(row["correct"]),
            Fraction(row["ev_cost"]) if row["ev_cost"] else None,
            Fraction(0),
            "",
            minimums=in_minimums(name),
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
_OWN_NAMES = {"even money": N_("Even money"), "stay or leave": SEATED_WONG}
# A back-counter's choices, stored as their keys (drills.back_count).
_WONG_WORDS = {"C": N_("coming in"), "W": N_("watching"), "S": N_("staying"), "L": N_("leaving")}
_EVEN_MONEY_WORDS = {"I": N_("taking even money"), "N": N_("playing the natural out")}


def answer_words(name: str, answer: str) -> str:
    """An answer of the ask ``name`` as a learner says it: ``stand``, ``declining it``,
    ``+3`` (a count), ``10`` (a bet), ``1.5`` (decks left; ``1,5`` in Russian)."""
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
    # Else a number (decks left, a bet) in the learner's writing: "0,5" in Russian.
    return say(_ANSWER_WORDS[answer]) if answer in _ANSWER_WORDS else said_numbers(answer)


# Asks answered by one of two choices (insurance, the dealer's draw, doubling, redoubling):
# a wrong answer's line names the right choice only ("not redoubling was right, not
# redoubling" would read as a riddle).
_YES_OR_NO = frozenset(
    ("insurance", "even money", "dealer", "double", "redouble", "wong", "stay or leave")
)


def _price(ev_cost: Fraction, cost: Fraction, minimums: bool = False, share: bool = False) -> str:
    """What a mistake cost, in bets of its hand (or in table minimums, where it is priced in
    them: :func:`drills.table_sums.in_minimums`) as the summary says it
    (:func:`trainer.web.table_errors.cost_text`), and in chips where that is another figure (a
    bet of 10 units: "0.34 bets, 3.40 in chips"; at a stake of one unit the two are one number,
    said once; in table minimums alone: "14% of the minimum"). A hand's play (``share``) as a
    share of its bet, as the quiz's verdict and the mistakes page say the same play's cost
    (:func:`drills.base.cost_of_bet`: "0.21 bets" here beside "21.00% of the bet" there read as
    two units, a walk): "21.00% of the bet, 1.05 in chips"."""
    share = share and not minimums
    said = cost_of_bet(ev_cost) if share else cost_text(ev_cost, minimums)
    # In minimums the chips are the same figure again (the line is some 15 words); so are a
    # stake of one unit's in bets.
    same = not share and money(cost) == number(float(ev_cost), 2)
    if minimums or ev_cost < SMALLEST_COST or not cost or same:
        return said
    return say("%(bets)s, %(money)s in chips", bets=said, money=money(cost))


# A hand's own plays, priced as a share of its bet as the quiz prices them.
_HAND_PLAYS = frozenset(("play", "insurance", "even money"))


def _repeats(what: str, answer: str) -> bool:
    """Whether an answer's words already say the ask's name ("doubling the bets")."""
    return what.casefold() in answer.casefold()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _yes_or_no_lead(what: str, right: str, price: str) -> str:
    """One of two choices: the right one says which was made; where it repeats the ask's name
    ("Doubling the bets: doubling the bets was right") the name is left out. The cost is the
    choice's ("it cost" read as the right play's cost: a walk)."""
    if _repeats(what, right):
        if price:
            return say("%(right)s was right; your choice cost %(price)s.", right=_capital(right),
                       price=price)  # fmt: skip
        return say("%(right)s was right.", right=_capital(right))
    if price:
        return say("%(what)s: %(right)s was right; your choice cost %(price)s.", what=what,
                   right=right, price=price)  # fmt: skip
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
    *,
    minimums: bool = False,
) -> dict[str, Any]:
    """One graded answer as a verdict: a first line that says whether it was right, the right
    answer and what the mistake cost (at most about 15 words; in table minimums where it is
    priced in them, ``minimums``); for a mistake one sentence of why; the rest of the
    explanation (its EVs, the ramp, the method) kept for "details". ``plain``: the first line
    of a right answer without "right", for a verdict whose every answer is right."""
    what = say(ASK_NAMES.get(name) or _OWN_NAMES[name])
    price = _price(ev_cost, cost, minimums, name in _HAND_PLAYS) if ev_cost else ""
    said, was = answer_words(name, answer), answer_words(name, right)
    # A right answer's line without "right" again, where the verdict's heading says it for all
    # of them (a walker read "Right. Play: stand, right.").
    plain = None
    if correct and _repeats(what, said):
        lead = say("%(answer)s, right.", answer=_capital(said))
        plain = say("%(answer)s.", answer=_capital(said))
    elif correct:
        lead = say("%(what)s: %(answer)s, right.", what=what, answer=said)
        plain = say("%(what)s: %(answer)s.", what=what, answer=said)
    elif name in _YES_OR_NO:  # one of two choices: the right one says which was made
        lead = _yes_or_no_lead(what, was, price)
    elif price:
        lead = say("%(what)s: %(right)s was right, not %(answer)s; it cost %(price)s.",
                   what=what, right=was, answer=said, price=price)  # fmt: skip
    else:
        lead = say("%(what)s: %(right)s was right, not %(answer)s.", what=what, right=was,
                   answer=said)  # fmt: skip
    # A right play other than the chart's (worth more for these very cards) says why, as a
    # mistake does: the chart said otherwise (a walker read "Play: hit, right." on 10-2 v 4).
    if correct and (answer == right or name != "play"):
        why, rest = "", explanation.strip()
    else:
        why, rest = first_sentence(explanation)
    return {
        "name": name,
        "correct": correct,
        "lead": lead,
        "plain": plain or lead,
        "why": why,
        "details": rest,
        "cost": money(cost) if ev_cost else "",
    }
