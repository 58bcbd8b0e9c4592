"""Payouts at the table: a whole table of up to seven boxes is settled before you, as a dealer
settles it; type what each box gets (a win, a loss as a negative amount, 0 for a push), against
the clock.

A question is a :class:`~drills.dealing.table_round.TableQuestion` (its notation names the
rules, every box's stakes, the cards in deal order and every decision), dealt by
:func:`~drills.dealing.table_deal.deal_table` under the learner's rules: naturals at the rules'
ratio, insurance and even money, surrender, split and doubled hands, co-bettors, 002's bonus
hands and 004's double payouts, as the rules have them. On every answer the server plays the
notation again through the engine and reads each box's net off its settlement.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from drills.base import (
    AsksOnItsPage,
    Drill,
    Grade,
    InvalidAnswerError,
    LearnerState,
    NamesItsRules,
    Question,
    share_or_bets,
)
from drills.caches import Caches
from drills.dealing.table_deal import deal_table
from drills.dealing.table_round import MAX_BOXES, TableQuestion, read_played, read_table
from drills.payout.explain import hand_notes, hand_why
from drills.payout.money import read_amount, signed_text
from trainer.engine.deck.hand import Hand
from trainer.engine.play.round import RoundResult
from trainer.engine.play.settlement import Bonus, Outcome, SeatResult
from trainer.engine.rulebook.rule_words import payout_lines, short_summary
from trainer.engine.rulebook.rules import Rules, find_preset, preset_names
from trainer.words import N_, money, plural, say
from trainer.words import number as number_of

BOX_FIELDS = tuple(f"box{n}" for n in range(1, MAX_BOXES + 1))
_FIELD_LIMIT = 20
_BOX_COUNTS = {str(n): n for n in range(1, MAX_BOXES + 1)}
# Chips a dealer pays with, largest first (a 2.50 chip and a half-chip pay 3:2 and 6:5 on odd bets).
_CHIPS = (Fraction(100), Fraction(25), Fraction(5), Fraction(5, 2), Fraction(1), Fraction(1, 2))


def chips_for(amount: Fraction) -> str:
    """The chips to pay an amount with, largest first: ``4 x 5 + 1 x 2.50`` (in the learner's
    language: ``4 × 5 + 1 × 2,50``)."""
    parts = []
    left = abs(amount)
    for chip in _CHIPS:
        count = int(left // chip)
        if count:
            # TRANSLATORS: so many chips of a value, as a dealer counts a payment out.
            parts.append(say("%(count)s x %(chip)s", count=number_of(count), chip=money(chip)))
            left -= count * chip
    if left:
        parts.append(money(left))
    return " + ".join(parts) or say("nothing")


def _signed(amount: Fraction) -> str:
    """An amount a learner reads, signed ("+7.50", "−10", "0"; "+7,50" in Russian)."""
    return f"+{money(amount)}" if amount > 0 else money(amount)


# A bonus hand of 002 as a hand's note names it.
_BONUS_NOTES = {
    Bonus.FIVE_CARD_21: N_("bonus: 21 with five cards"),
    Bonus.SIX_CARD_21: N_("bonus: 21 with six cards"),
    Bonus.SEVEN_SEVEN_SEVEN: N_("bonus: 7-7-7"),
    Bonus.SIX_SEVEN_EIGHT: N_("bonus: 8-7-6"),
}


def _hand_notes(hand: Any, count: int, index: int) -> str:
    notes = [hand_notes(hand, index, count)] if hand_notes(hand, index, count) else []
    if hand.natural and not hand.split:
        notes.append(say("a natural"))
    if hand.bonus is not None:
        notes.append(say(_BONUS_NOTES[hand.bonus]))
    return say(", ").join(notes)


def hand_views(seat: SeatResult) -> list[dict[str, Any]]:
    """What a page shows of each hand of a settled box: cards, total, stake, notes."""
    return [
        {
            "cards": Hand(hand.cards),
            "total": hand.total,
            "stake": money(hand.bet),
            "notes": _hand_notes(hand, len(seat.hands), index),
        }
        for index, hand in enumerate(seat.hands)
    ]


def _box_view(number: int, seat: SeatResult) -> dict[str, Any]:
    bettors = [say("The player")] + [
        say("Co-bettor %(number)s", number=number_of(n)) for n in range(1, len(seat.stakes))
    ]
    hands = hand_views(seat)
    natural = bool(seat.hands) and seat.hands[0].natural and not seat.hands[0].split
    return {
        "number": number,
        "field": BOX_FIELDS[number - 1],
        "bets": list(zip(bettors, map(money, seat.stakes), strict=True)),
        "hands": hands,
        "insurance": money(seat.insurance) if seat.insurance else None,
        "even_money": natural and bool(seat.insurance),
    }


def table_view(question: TableQuestion, result: RoundResult) -> dict[str, Any]:
    """What the page shows: the dealer's cards, every box settled, the payout rules."""
    rules = question.rules
    return {
        "rules_lines": payout_lines(rules),
        "dealer": Hand(result.dealer_cards),
        "hand": Hand(result.dealer_cards),
        "dealer_total": result.dealer_total,
        "dealer_natural": result.dealer_natural,
        "boxes": [_box_view(n, seat) for n, seat in enumerate(result.seats, 1)],
    }


def _hand_working(rules: Rules, result: RoundResult, seat: SeatResult) -> list[str]:
    """How each hand of a box is settled: its total, stake, the rule and its net (the chips it
    is paid with where they are not whole)."""
    parts = []
    for index, hand in enumerate(seat.hands):
        several = len(seat.hands) > 1
        if hand.outcome is Outcome.WITHDRAWN:
            parts.append(say("hand %(number)s was taken back: 0", number=number_of(index + 1))
                         if several else say("the hand was taken back: 0"))  # fmt: skip
            continue
        values = {"total": number_of(hand.total), "stake": money(hand.bet),
                  "why": hand_why(rules, result, hand), "net": _signed(hand.net)}  # fmt: skip
        if hand.net > 0 and hand.net.denominator != 1:
            values["chips"] = chips_for(hand.net)
            text = (say("hand %(number)s (%(total)s, stake %(stake)s): %(why)s: %(net)s (paid in"
                        " chips: %(chips)s)", number=number_of(index + 1), **values) if several
                    else say("the hand (%(total)s, stake %(stake)s): %(why)s: %(net)s (paid in"
                             " chips: %(chips)s)", **values))  # fmt: skip
        else:
            text = (say("hand %(number)s (%(total)s, stake %(stake)s): %(why)s: %(net)s",
                        number=number_of(index + 1), **values) if several
                    else say("the hand (%(total)s, stake %(stake)s): %(why)s: %(net)s",
                             **values))  # fmt: skip
        parts.append(text)
    return parts


def box_explanation(rules: Rules, result: RoundResult, seat: SeatResult) -> str:
    """How one box's net comes out of the rules, hand by hand, in the engine's words (the
    learner's language)."""
    parts = _hand_working(rules, result, seat)
    if seat.insurance:
        values = {"stake": money(seat.insurance), "net": _signed(seat.insurance_net)}
        parts.append(say("insurance of %(stake)s pays 2:1: %(net)s", **values)
                     if result.dealer_natural
                     else say("insurance of %(stake)s is lost: %(net)s", **values))  # fmt: skip
    if len(seat.stakes) > 1:
        shares = ", ".join(_signed(share) for share in seat.shares)
        parts.append(say("shared pro rata by its bettors (player first, insurance his):"
                         " %(shares)s", shares=shares))  # fmt: skip
    return "; ".join(parts)


class TablePayouts(Drill, AsksOnItsPage, NamesItsRules):
    slug = "table-payouts"
    title = N_("Payouts at the table")
    description = N_(
        "A whole table is settled before you, up to seven boxes: naturals at your rules' ratio, "
        "insurance and even money, surrender, split and doubled hands, co-bettors, bonus hands. "
        "Pay every box as a dealer does, against the clock."
    )
    template = "drills/table_payouts.html"
    situation_template = "drills/_table_payouts_situation.html"
    brisk_ms = 10_000
    slow_ms = 40_000
    box_fields = BOX_FIELDS

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        boxes = _BOX_COUNTS.get(learner.options.get("boxes", ""), 0) or rng.randint(3, MAX_BOXES)
        return self.question(str(deal_table(rng, rules, boxes)), rules, caches=caches)

    def skill(self, notation: str, rules: Rules) -> str:
        """Paying a table under these rules' preset: ``"table-payouts casino-boxes"``."""
        return f"{self.slug} {read_table(notation).rules.name}"

    def skill_words(self, key: str) -> str:
        """``"Paying a table (Las Vegas, ...)"``."""
        slug, _, preset = key.partition(" ")
        if slug != self.slug or preset not in preset_names():
            return super().skill_words(key)
        return say("Paying a table (%(rules)s)", rules=short_summary(find_preset(preset)))

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        question, result = read_played(notation)
        count = len(result.seats)
        return Question(
            notation=str(question),
            prompt=plural(
                "Pay the table: what does each of the %(count)s box get?",
                "Pay the table: what does each of the %(count)s boxes get?",
                count,
            )
            if count > 1
            else say("Pay the box: what does it get?"),
            view=table_view(question, result),
        )

    def rules_for(self, notation: str, rules: Rules) -> Rules:
        """The rules the table is dealt under (its notation names them)."""
        return read_table(notation).rules

    def answer_text(self, form: Mapping[str, str]) -> str:
        """The boxes' amounts in order, ``;`` between them (each field bounded first)."""
        amounts = []
        for name in BOX_FIELDS:
            if name not in form:
                break
            amounts.append(str(form.get(name, ""))[:_FIELD_LIMIT].replace(";", " "))
        return ";".join(amounts)

    def wrong_line(self, grade: Grade) -> str:
        """A wrong answer's verdict line: the first box paid wrong, what it gets and what it was
        paid, then how many more were paid wrong (the lines per box follow under it)."""
        paid, owed = (
            [Fraction(read_amount(text, signed=True)) for text in stored.split("; ")]
            for stored in (grade.answer, grade.right_answer)
        )
        wrong = [n for n, (a, b) in enumerate(zip(paid, owed, strict=True)) if a != b]
        if not wrong:
            return say("Not quite.")
        first = wrong[0]
        line = say(
            "Not quite: box %(box)s gets %(right)s, not %(answer)s.",
            box=number_of(first + 1),
            right=_signed(owed[first]),
            answer=_signed(paid[first]),
        )
        if len(wrong) == 1:
            return line
        more = plural("%(count)s more box paid wrong.", "%(count)s more boxes paid wrong.",
                      len(wrong) - 1)  # fmt: skip
        return f"{line} {more}"

    def wrong_why(self, grade: Grade, notation: str) -> str:
        """A wrong answer's one sentence of why: how the first box paid wrong comes out (the
        verdict's line names it; every box's line is behind Details)."""
        paid, owed = (
            [Fraction(read_amount(text, signed=True)) for text in stored.split("; ")]
            for stored in (grade.answer, grade.right_answer)
        )
        wrong = [n for n, (a, b) in enumerate(zip(paid, owed, strict=True)) if a != b]
        if not wrong:
            return ""
        question, result = read_played(notation)
        why = box_explanation(question.rules, result, result.seats[wrong[0]])
        return say("%(why)s.", why=why[:1].upper() + why[1:])

    def cost_said(self, cost: Fraction, question: str = "") -> str:
        return share_or_bets(cost)  # the chips paid wrong, in bets past one

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        question, result = read_played(notation)
        texts = (answer_text or "").split(";")
        if len(texts) != len(result.seats):
            raise InvalidAnswerError(
                plural(
                    "Pay every box: %(count)s amount, one per box, not %(given)s.",
                    "Pay every box: %(count)s amounts, one per box, not %(given)s.",
                    len(result.seats),
                    given=number_of(len(texts)),
                )  # fmt: skip
            )
        given = []
        for number, text in enumerate(texts, 1):
            try:
                given.append(Fraction(read_amount(text, signed=True)))
            except InvalidAnswerError as error:
                raise InvalidAnswerError(
                    say("Box %(box)s: %(error)s", box=number_of(number), error=str(error)),
                    field=BOX_FIELDS[number - 1],
                ) from None
        right = [seat.net for seat in result.seats]
        lines = []
        paid = zip(given, right, result.seats, strict=True)
        for number, (amount, owed, seat) in enumerate(paid, 1):
            values = {"box": number_of(number), "owed": _signed(owed),
                      "why": box_explanation(question.rules, result, seat)}  # fmt: skip
            lines.append(
                say("Box %(box)s: %(owed)s, right: %(why)s.", **values)
                if amount == owed
                else say(
                    "Box %(box)s: %(owed)s, not %(given)s: %(why)s.",
                    given=_signed(amount),
                    **values,
                )  # fmt: skip
            )
        stake = sum((sum(seat.stakes, Fraction(0)) for seat in result.seats), Fraction(0))
        return Grade(
            correct=given == right,
            answer="; ".join(map(signed_text, given)),
            right_answer="; ".join(map(signed_text, right)),
            explanation="\n".join(lines),
            ev_cost=sum((abs(a - b) for a, b in zip(given, right, strict=True)), Fraction(0))
            / stake,
        )


DRILL = TablePayouts()
