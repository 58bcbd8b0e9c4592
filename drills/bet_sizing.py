"""Bet sizing: a count, a bankroll and a risk of ruin; the learner names the bet by their ramp.

The ramp is the engine's Kelly-proportional one (:func:`trainer.engine.indices.bet_ramp`) for
the page's rules, the learner's counting system, the bankroll and the risk: at each count a bet
proportional to the edge there, rounded to table units (the table minimum), within the table's
limits, the minimum where the player has no edge.

Notation: the system, the bankroll, the risk of ruin (a fraction) and the count::

    hi-lo bankroll 10000 risk 0.05 tc +3
    ko bankroll 2000 risk 0.1 rc +4        # an unbalanced system bets by its running count

The bankroll and the risk are the learner's choice (``learner.options``: ``bankroll``, by
default 2,000 table minimums, and ``risk``, by default 0.05; ``5%`` reads as 0.05).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache
from typing import Any

from drills.base import (
    AsksOnItsPage,
    Drill,
    FollowsPreferences,
    Grade,
    InvalidAnswerError,
    InvalidOptionError,
    InvalidQuestionError,
    LearnerState,
    Question,
)
from drills.caches import Caches
from drills.count_study import read_system, signed, signed_notation, study_for
from drills.counting.preferences import CountPreferences
from drills.refusals import NO_RAMP, count_kind
from drills.skill_words import system_words
from trainer.engine.counting import CountingSystem
from trainer.engine.indices import BetRamp, EdgeTable, InvalidRampError, bet_ramp
from trainer.engine.indices.edge import MAX_BANKROLL, ROUND_VARIANCE, check_ramp
from trainer.engine.rulebook.rules import Rules
from trainer.words import (
    N_,
    N_plural,
    counted,
    money,
    number,
    percent,
    plain_amount,
    quoted,
    say,
    share_percent,
    trimmed,
)
from trainer.words import signed as signed_number

__all__ = [
    "DRILL",
    "BetSizing",
    "bet_cost",
    "default_bankroll",
    "ramp_rows",
    "read_bankroll",
    "read_risk",
]

SLUG = "bet-sizing"
DEFAULT_RISK = Fraction(1, 20)
_BANKROLL_UNITS = 2000  # the default bankroll, in table minimums
_NOTATION_RE = re.compile(
    r"(?P<system>[a-z0-9-]{1,20}) bankroll (?P<bankroll>[0-9]{1,10}) risk (?P<risk>0\.[0-9]{1,4})"
    r" (?P<kind>tc|rc) (?P<count>[+-]?[0-9]{1,2})"
)
_MONEY_RE = re.compile(r"[0-9]{1,10}(?:\.[0-9]{1,2})?")


def default_bankroll(rules: Rules) -> Fraction:
    return _BANKROLL_UNITS * rules.min_bet


def read_bankroll(text: str, rules: Rules) -> Fraction:
    """A bankroll as the learner writes it (a whole amount).

    :raises InvalidOptionError: naming the field, for anything that makes no ramp.
    """
    cleaned = plain_amount(text)  # "10 000" in Russian, "10,000" in English
    if re.fullmatch(r"[0-9]{11,}", cleaned):  # a whole amount, only too big for a ramp
        raise InvalidOptionError(
            say("The bankroll %(bankroll)s is more than a ramp is worked out for (at most "
                "%(most)s).", bankroll=cleaned[:16], most=money(MAX_BANKROLL)),
            field="bankroll",
        )  # fmt: skip
    if cleaned[:1] in "-\u2212" and re.fullmatch(r"[0-9]{1,10}", cleaned[1:]):
        raise InvalidOptionError(  # "must be a whole amount" of -5000 read wrong (a walk)
            say("The bankroll is an amount above zero, not %(typed)s.", typed=quoted(text[:16])),
            field="bankroll",
        )
    if not re.fullmatch(r"[0-9]{1,10}", cleaned):
        raise InvalidOptionError(
            say(
                "The bankroll must be a whole amount, such as 10000, not %(typed)s.",
                typed=quoted(text[:16]),
            ),  # fmt: skip
            field="bankroll",
        )
    try:
        return check_ramp(rules, cleaned, 0.5)
    except InvalidRampError:
        least, most = money(rules.min_bet), money(MAX_BANKROLL)
        raise InvalidOptionError(
            say("The bankroll must be at least the table minimum (%(least)s) and at most "
                "%(most)s.", least=least, most=most),
            field="bankroll",
        ) from None  # fmt: skip


def read_risk(text: str) -> Fraction:
    """A risk of ruin as a fraction (``0.05``) or a percentage (``5%``), to four places.

    :raises InvalidOptionError: naming the field, for anything not above 0 and below 1.
    """
    cleaned = plain_amount(text)  # "0,05" in Russian
    as_percent = cleaned.endswith("%")
    try:
        if not cleaned.isascii():  # Decimal reads any script's digits; a risk is 0-9
            raise InvalidOperation(cleaned)
        value = Decimal(cleaned.removesuffix("%").strip()[:10])
    except InvalidOperation:
        value = Decimal("NaN")
    if value.is_finite() and as_percent:
        value /= 100
    if not value.is_finite() or not 0 < value < 1 or value != round(value, 4):
        raise InvalidOptionError(
            say("The risk of ruin must be above 0 and below 1, to at most four places "
                "(%(fraction)s, or %(percent)s), not %(typed)s.", fraction=number(0.05, 2),
                percent=percent(Fraction(1, 20)), typed=quoted(text[:16])),
            field="risk",
        )  # fmt: skip
    return Fraction(value)


def _risk_text(risk: Fraction) -> str:
    return format(Decimal(risk.numerator) / Decimal(risk.denominator), "f")


def _money(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def _places(value: Fraction) -> int:
    """The decimal places ``value`` needs (2.5: 1), at most 3."""
    return next((p for p in range(3) if (value * 10**p).denominator == 1), 3)


def _written(value: Fraction) -> str:
    """An amount as the learner's language writes it ("10,000", "10 000")."""
    return number(value, 0 if value.denominator == 1 else 2)


def ramp_rows(ramp: BetRamp) -> list[tuple[str, str]]:
    """The ramp in a few rows: (counts, bet), counts sharing a bet run together."""
    rows: list[tuple[list[int], Fraction]] = []
    for count, bet in ramp.bets:
        if rows and rows[-1][1] == bet:
            rows[-1][0].append(count)
        else:
            rows.append(([count], bet))
    out = []
    for index, (counts, bet) in enumerate(rows):
        if len(rows) == 1:
            where = say("every count")
        elif index == 0:
            where = say("%(count)s or less", count=signed(counts[-1]))
        elif index == len(rows) - 1:
            where = say("%(count)s or more", count=signed(counts[0]))
        elif len(counts) == 1:
            where = signed(counts[0])
        else:
            where = say("%(low)s to %(high)s", low=signed(counts[0]), high=signed(counts[-1]))
        out.append((where, _written(bet)))
    return out


def _asked_counts(ramp: BetRamp, table: EdgeTable) -> list[int]:
    """The counts worth asking: from a little below the first raise to just past the top bet."""
    counts = [count for count, _ in ramp.bets]
    minimum = ramp.bets[0][1]
    raised = [count for count, bet in ramp.bets if bet > minimum]
    if not raised:
        return counts
    top = max(bet for _, bet in ramp.bets)
    first_top = next(count for count, bet in ramp.bets if bet == top)
    step = counts[1] - counts[0] if len(counts) > 1 else 1
    return [c for c in counts if raised[0] - 2 * step <= c <= first_top + step]


class BetSizing(Drill, AsksOnItsPage, FollowsPreferences):
    slug = SLUG
    title = N_("Bet sizing")
    description = N_(
        "A count and your bankroll: name the bet your ramp makes there, the Kelly ramp computed "
        "for your rules, counting system and risk of ruin."
    )
    template = "drills/bet_sizing.html"
    situation_template = "drills/_bet_situation.html"
    preferences = "counting"

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        system = CountPreferences.from_options(learner.options).counting_system
        options = learner.options
        bankroll = read_bankroll(options.get("bankroll") or str(default_bankroll(rules)), rules)
        risk = read_risk(options.get("risk") or _risk_text(DEFAULT_RISK))
        table = study_for(rules, system, caches=caches).edge
        ramp = bet_ramp(table, bankroll, float(risk))
        counts = _asked_counts(ramp, table)
        if options.get("telling") == "1":  # the placement check: a count the ramp raises at
            raised = [c for c in counts if ramp.bet_at(c) > ramp.bets[0][1]]  # (a newcomer
            counts = raised or counts  # answers the table minimum at any count)
        count = rng.choice(counts)
        kind = "tc" if system.balanced else "rc"
        notation = (
            f"{system.slug} bankroll {_money(bankroll)} risk {_risk_text(risk)} "
            f"{kind} {signed_notation(count)}"
        )
        return self.question(notation, rules, caches=caches)

    def skill(self, notation: str, rules: Rules) -> str:
        """The ramp's step: the system and the count (``"hi-lo tc +3"``)."""
        words = notation.split()
        return " ".join([words[0], *words[-2:]])

    def skill_words(self, key: str) -> str:
        """``"The bet at a Hi-Lo true count of +3"``."""
        words = key.split()
        if len(words) != 3 or words[1] not in ("tc", "rc"):
            return super().skill_words(key)
        message = (
            N_("The bet at a %(system)s true count of %(count)s")
            if words[1] == "tc"
            else N_("The bet at a %(system)s running count of %(count)s")
        )
        return say(message, system=system_words(words[0]), count=words[2])

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        system, bankroll, risk, count = read_question(notation, rules)
        limits = _limits(rules)
        view: dict[str, Any] = {
            "system": system.name,
            "balanced": system.balanced,
            "count": signed(count),
            "bankroll": _written(bankroll),  # "10 000" in Russian, read back by read_bankroll
            "risk": percent(risk, _places(risk * 100)),  # "5 %" in Russian
            "limits": limits,
            "unit": _written(rules.min_bet),
            # Where the page links to the whole ramp (the index chart's, by the same choice).
            "ramp_query": {
                "system": system.slug,
                "bankroll": _money(bankroll),
                "risk": _risk_text(risk),
            },
        }
        return Question(notation=notation, prompt=say("Your bet at this count?"), view=view)

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("answer", ""))[:16]

    def cost_said(self, cost: Fraction, question: str = "") -> str:
        return minimums(cost)  # its verdict's measure (:func:`cost_words`)

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        system, bankroll, risk, count = read_question(notation, rules)
        cleaned = plain_amount(answer_text)  # "12,50" in Russian, "1,000" in English
        if not _MONEY_RE.fullmatch(cleaned):
            raise InvalidAnswerError(
                say(
                    "Answer with an amount, such as 25; %(answer)s is not one.",
                    answer=quoted(answer_text),
                )  # fmt: skip
            )
        answer = Fraction(cleaned)
        _check_placeable(answer, rules, answer_text)
        table = study_for(rules, system, caches=caches).edge
        ramp = bet_ramp(table, bankroll, float(risk))
        right = ramp.bet_at(count)
        lost = bet_cost(table, count, answer, right)
        explanation = explain(ramp, table, count, rules)
        if answer > right and not lost:  # wrong, and yet it costs nothing: say why first
            explanation = f"{say(OVER_THE_RAMP)} {explanation}"
        return Grade(
            correct=answer == right,
            answer=_money(answer),
            right_answer=_money(right),
            explanation=explanation,
            ev_cost=lost / rules.min_bet,
            cost_words=cost_words(lost, rules),
        )


def _limits(rules: Rules) -> str:
    """The table's limits in words ("5 to 1,000", "5, no maximum")."""
    low, high = rules.min_bet, rules.max_bet
    if high is None:
        return say("%(low)s, no maximum", low=_written(low))
    return say("%(low)s to %(high)s", low=_written(low), high=_written(high))


def _check_placeable(answer: Fraction, rules: Rules, typed: str) -> None:
    """Refuse a bet the table would not take: outside its limits, or not in units of its
    minimum (the page says both).

    :raises InvalidAnswerError: saying which, in the learner's words.
    """
    low, high = rules.min_bet, rules.max_bet
    if answer < low or (high is not None and answer > high) or answer % low:
        raise InvalidAnswerError(
            say(
                "This table takes bets of %(limits)s, in units of %(unit)s: %(answer)s is not one.",
                limits=_limits(rules),
                unit=_written(low),
                answer=quoted(typed[:16]),
            )
        )


# Why a bet over the ramp's, where the count gives the edge, is wrong and yet costs nothing.
OVER_THE_RAMP = N_(
    "More than the ramp's bet where the count gives you the edge gives up no expectation (so it "
    "costs nothing here), but it risks more of your bankroll than the ramp would."
)


def cost_words(lost: Fraction, rules: Rules) -> str:
    """A bet's cost as its verdict's first line says it (short: the line is some 15 words):
    the money given up a round, and that in table minimums, the ramp's betting unit (a
    bet-sizing cost is "of a bet" of that minimum, not of the bet made): :func:`minimums`."""
    money = float(lost)
    return say(
        "Cost: %(money)s chips a round, %(minimums)s.",
        money=number(money, 2 if money >= 0.01 or money == 0 else 4),
        minimums=minimums(lost / rules.min_bet),
    )


def minimums(cost: Fraction) -> str:
    """A cost in table minimums as the verdict and the mistakes page say it: a share of the
    minimum up to one ("50% of the minimum"), a number of them over it ("12.5 table minimums",
    where "1,250% of the minimum" was hard to read)."""
    if cost <= 1:
        return say("%(percent)s%% of the minimum", percent=share_percent(cost))
    return counted(cost, N_plural("%(count)s table minimum", "%(count)s table minimums"))


def bet_cost(table: EdgeTable, count: int, bet: Fraction, right: Fraction) -> Fraction:
    """The expectation a bet gives up beside the ramp's, in money: ``(right - bet) x edge`` at
    the count where that is a loss (more than the ramp where the player has no edge, less where
    he has one); a bet above the ramp's where the count gives an edge loses no expectation
    (it stakes more of the bankroll than the ramp would), so it costs 0 here."""
    row = min(table.counts, key=lambda c: abs(c.count - count))
    lost = (right - bet) * Fraction(f"{row.indices:.6f}")
    return max(lost, Fraction(0))


def explain(ramp: BetRamp, table: EdgeTable, count: int, rules: Rules) -> str:
    """How the ramp makes its bet at ``count``, and the whole ramp."""
    row = min(table.counts, key=lambda c: abs(c.count - count))
    bet = ramp.bet_at(count)
    ideal = ramp.kelly_fraction * float(ramp.bankroll) * row.indices / ROUND_VARIANCE
    edge = signed_number(row.indices * 100, 2)
    values = {"count": signed_number(count), "bet": _written(bet), "edge": edge}
    if row.indices <= 0:
        first = say(_NO_EDGE[table.system.balanced], **values)
        how = ""
    else:
        first = say(_EDGE[table.system.balanced], **values)
        # What the fraction is, and that the ideal is rounded: a walk read 0.6676 unexplained
        # and 84.0 made a bet of 80 unsaid.
        how = " " + say(
            "Sized by Kelly: %(kelly)s × %(bankroll)s × %(edge)s%% / %(variance)s (the variance "
            "of a round) = %(ideal)s, rounded to the nearest %(unit)s within the table's limits; "
            "%(kelly)s is the share of the full Kelly bet that keeps the risk of ruin at "
            "%(risk)s%%.",
            risk=trimmed(ramp.risk * 100, 2),
            # To four places: "0.67" for the 0.6676 of a 5% risk, the sum shown came out
            # 279.4 worked by hand against the 278.4 said (a walk).
            kelly=number(ramp.kelly_fraction, 4),
            bankroll=_written(ramp.bankroll),
            edge=number(row.indices * 100, 3),
            variance=number(ROUND_VARIANCE, 1),
            ideal=number(ideal, 1),
            unit=_written(rules.min_bet),
        )
    rows = say("; ").join(
        say("%(counts)s: %(bet)s", counts=where, bet=amount) for where, amount in ramp_rows(ramp)
    )
    figures = {"sd": number(ramp.sd_per_100), "ruin": number(ramp.risk_of_ruin * 100, 1)}
    if ramp.loses:
        whole = say(
            "The whole ramp: %(rows)s. It does not beat the game: it loses %(loss)s per 100 "
            "rounds (standard deviation %(sd)s), so its risk of ruin is %(ruin)s%%.",
            rows=rows,
            loss=number(-ramp.win_per_100, 2),
            **figures,
        )
    else:
        whole = say(
            "The whole ramp: %(rows)s. It wins %(win)s per 100 rounds (standard deviation "
            "%(sd)s), with a risk of ruin of %(ruin)s%%.",
            rows=rows,
            win=number(ramp.win_per_100, 2),
            **figures,
        )
    riskier = why_riskier(ramp, rules, table)
    return f"{first}{how} {whole}" + (f" {riskier}" if riskier else "")


# The first sentence, by whether the system's count is a true count (balanced) or running.
_EDGE = {
    True: N_(
        "At a true count of %(count)s the ramp bets %(bet)s: the edge there is %(edge)s%% of the "
        "bet."
    ),
    False: N_(
        "At a running count of %(count)s the ramp bets %(bet)s: the edge there is %(edge)s%% of "
        "the bet."
    ),
}
_NO_EDGE = {
    True: N_(
        "At a true count of %(count)s the ramp bets %(bet)s: the player has no edge there "
        "(%(edge)s%%): the table minimum."
    ),
    False: N_(
        "At a running count of %(count)s the ramp bets %(bet)s: the player has no edge there "
        "(%(edge)s%%): the table minimum."
    ),
}


def aimed_percent(ramp: BetRamp) -> str:
    """The risk of ruin the ramp was sized for, as a percentage ("5", "2.5")."""
    return number(ramp.risk * 100, 0 if (ramp.risk * 100) == int(ramp.risk * 100) else 2)


def _near_aim(ramp: BetRamp) -> bool:
    return ramp.risk_of_ruin <= ramp.risk * 1.1


def bankroll_for(table: EdgeTable, ramp: BetRamp) -> Fraction | None:
    """The least bankroll (to two significant figures, up) whose own ramp's risk of ruin
    comes within a tenth of the one ``ramp`` was sized for; None past the largest bankroll a
    ramp is worked out for, or for a game the ramp does not beat."""
    return None if ramp.loses else _bankroll_for(table, ramp.bankroll, ramp.risk)


@lru_cache(maxsize=256)  # some 30 ramps worked out (1.6 ms): once, not at every bet graded
def _bankroll_for(table: EdgeTable, bankroll: Fraction, risk: float) -> Fraction | None:
    def near(money: Fraction) -> bool:
        return _near_aim(bet_ramp(table, money, risk))

    low = high = bankroll
    while not near(high):
        if high * 2 > MAX_BANKROLL:
            return None
        low, high = high, high * 2
    for _ in range(14):  # to a hundredth of a percent of it
        middle = (low + high) / 2
        low, high = (low, middle) if near(middle) else (middle, high)
    step = 10 ** max(len(str(math.ceil(high))) - 2, 0)
    return Fraction(math.ceil(high / step) * step)


def why_riskier(ramp: BetRamp, rules: Rules, table: EdgeTable | None = None) -> str:
    """Why the ramp's own risk of ruin is above the one it was sized for, where it is (else
    nothing), and (given its ``table``) the bankroll that would bring it there."""
    if _near_aim(ramp) or ramp.loses:  # (a loss is said as one)
        return ""
    why = say(
        "That is above the %(aimed)s%% it was sized for: it cannot bet less than the table "
        "minimum (%(minimum)s) where the player has no edge, and it bets whole minimums, which "
        "weigh the more the fewer table minimums the bankroll holds (here %(minimums)s); a "
        "bigger bankroll brings it back toward %(aimed)s%%.",
        aimed=aimed_percent(ramp),
        minimum=_written(rules.min_bet),
        minimums=number(ramp.bankroll / rules.min_bet),
    )
    needed = bankroll_for(table, ramp) if table is not None else None
    if needed is None:
        return why
    # What to do about it (a walk read 22.7% beside the 5% chosen, and no way to it).
    enough = say("A bankroll of %(bankroll)s would bring its own ramp to about %(aimed)s%%.",
                 bankroll=_written(needed), aimed=aimed_percent(ramp))  # fmt: skip
    return f"{why} {enough}"


def read_question(notation: str, rules: Rules) -> tuple[CountingSystem, Fraction, Fraction, int]:
    """The system, bankroll, risk and count of a bet-sizing question.

    :raises InvalidQuestionError: for a notation this drill could not have written.
    """
    match = _NOTATION_RE.fullmatch(notation or "")
    if match is None:
        raise InvalidQuestionError.said_as(
            N_("a bet-sizing question names the counting system, the bankroll, the risk of ruin "
               "and the count")
        )  # fmt: skip
    system = read_system(match["system"])
    if (match["kind"] == "tc") != system.balanced:
        raise count_kind(system)
    try:
        bankroll = read_bankroll(match["bankroll"], rules)
        risk = read_risk(match["risk"])
    except InvalidOptionError as error:
        raise InvalidQuestionError.caused_by(error, NO_RAMP) from None
    return system, bankroll, risk, int(match["count"])


DRILL = BetSizing()
