"""What the payout page shows of a settled round, and how its amount comes out of the rules."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drills.payout.kinds import KINDS, seat_of, title_of
from drills.payout.question import ASK_TEXT, Ask, PayoutQuestion
from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.engine.play.round import RoundResult
from trainer.engine.play.settlement import HandResult, HandSettlement, Outcome, settle_hand
from trainer.engine.rulebook.rule_words import payout_lines
from trainer.engine.rulebook.rules import Rules
from trainer.words import money, number, say


def _signed(amount: Fraction) -> str:
    """A net amount as the learner's language writes money, its sign always shown ("+22,50")."""
    return f"+{money(amount)}" if amount > 0 else money(amount)


def hand_notes(hand: Any, index: int, count: int) -> str:
    """A settled hand's notes: split, doubled, surrendered."""
    notes = []
    if count > 1:
        notes.append(
            say(
                "hand %(number)s of %(count)s after splitting",
                number=number(index + 1),
                count=number(count),
            )
        )
    if hand.doubled:
        notes.append(say("doubled"))
    if hand.outcome is Outcome.SURRENDER:
        notes.append(say("surrendered"))
    return say(", ").join(notes)


def situation_view(question: PayoutQuestion, result: RoundResult) -> dict[str, Any]:
    """What the page shows: the cards, the stakes, the rules in play and what is asked."""
    rules = question.rules
    kind = KINDS[question.kind]
    seat = seat_of(result)
    bettors = [say("You")] + [
        say("Co-bettor %(number)s", number=number(n)) for n in range(1, len(question.bets))
    ]
    hands = [
        {
            "cards": Hand(hand.cards),
            "total": hand.total,
            "stake": money(hand.bet),
            "notes": hand_notes(hand, index, len(seat.hands)),
        }
        for index, hand in enumerate(seat.hands)
    ]
    return {
        "kind": kind.slug,
        "kind_title": title_of(kind),
        "rules": rules,
        "rules_lines": payout_lines(rules),
        "dealer": Hand(result.dealer_cards),
        "dealer_total": result.dealer_total,
        "dealer_natural": result.dealer_natural,
        "bets": list(zip(bettors, (money(bet) for bet in question.bets), strict=True)),
        "shared": len(question.bets) > 1,  # a box with co-bettors: its hand is the box's
        "hands": hands,
        "hand": hands[0]["cards"],
        "insurance": money(seat.insurance) if seat.insurance else None,
        "even_money": question.kind == "even-money",
        "ask": question.ask.value,
        "ask_text": ask_text(question),
        "signed": question.ask.signed,
    }


def settled_again(
    rules: Rules, hand: HandResult, dealer_cards: tuple[Card, ...], dealer_natural: bool
) -> HandSettlement:
    """One hand of a settled round settled again, against ``dealer_cards``: its net and the
    rule that settled it, in the engine's words."""
    return settle_hand(
        rules,
        hand.cards,
        dealer_cards,
        hand.bet,
        split=hand.split,
        doubled=hand.doubled,
        surrendered=hand.outcome is Outcome.SURRENDER,
        dealer_natural=dealer_natural,
    )


def hand_why(rules: Rules, result: RoundResult, hand: HandResult) -> str:
    """The rule that settled one hand of a settled round, in the engine's words."""
    return settled_again(rules, hand, result.dealer_cards, result.dealer_natural).why


def explain(question: PayoutQuestion, result: RoundResult, amount: Fraction) -> str:
    """How the amount comes out of the rules, hand by hand, in the engine's own words."""
    rules = question.rules
    seat = seat_of(result)
    parts = []
    for index, hand in enumerate(seat.hands):
        why = hand_why(rules, result, hand)
        values = {
            "total": number(hand.total),
            "stake": money(hand.bet),
            "why": why,
            "net": _signed(hand.net),
        }
        parts.append(
            say("Hand %(number)s (%(total)s, stake %(stake)s): %(why)s: %(net)s.",
                number=number(index + 1), **values)
            if len(seat.hands) > 1
            # A box with co-bettors: its hand, not the learner's, their stake a share of it
            # ("Your hand (17, stake 60)" beside the learner's 30 of the 60: a walk).
            else say("The box's hand (%(total)s, stake %(stake)s): %(why)s: %(net)s.", **values)
            if len(question.bets) > 1
            else say("Your hand (%(total)s, stake %(stake)s): %(why)s: %(net)s.", **values)
        )  # fmt: skip
    if seat.insurance:
        values = {"stake": money(seat.insurance), "net": _signed(seat.insurance_net)}
        parts.append(
            say("Insurance of %(stake)s: the dealer has a natural, so it pays 2:1: %(net)s.",
                **values)
            if result.dealer_natural
            else say("Insurance of %(stake)s: the dealer has no natural, so it is lost: %(net)s.",
                     **values)
        )  # fmt: skip
    why = _adding_up(question, seat) if len(seat.hands) > 1 or seat.insurance else ""
    ask = question.ask
    if ask in (Ask.SHARE2, Ask.SHARE3):
        index = 1 if ask is Ask.SHARE2 else 2
        total = sum(question.bets, Fraction(0))
        why = say(
            "The box's result is shared pro rata: %(net)s × %(share)s/%(box)s = %(amount)s.",
            net=_signed(seat.net),
            share=money(question.bets[index]),
            box=money(total),
            amount=money(amount),
        )
    elif ask is Ask.BACK:  # the amount asked, as a return, not the net's loss (a walk)
        stake = money(seat.hands[0].bet)
        why = say("A surrender gives back half the stake of %(stake)s: %(amount)s.",
                  stake=stake, amount=money(amount))  # fmt: skip
        # The hand's settlement is that return again, as a loss (−62.50 beside 62.50: a walk
        # read the sign flip between the why and its details): said once.
        parts = []
    elif ask is Ask.INSURANCE:
        why = parts.pop()  # the insurance's own sentence: the amount asked
        parts.append(say("The insurance bet pays %(amount)s.", amount=money(amount)))
    elif ask is Ask.PAY:
        parts.append(say("The dealer pays %(amount)s.", amount=money(amount)))
    # The visible why (the first sentence) adds up to the amount asked: where hands or an
    # insurance bet are summed, the sum comes first and each part follows behind Details.
    return " ".join(([why] if why else []) + parts)


def _adding_up(question: PayoutQuestion, seat: Any) -> str:
    """One sentence summing a box's parts: "In all +15: your hand +22.50, the insurance
    −7.50"."""
    pieces = [
        say("hand %(number)s %(net)s", number=number(index + 1), net=_signed(hand.net))
        if len(seat.hands) > 1
        else say("your hand %(net)s", net=_signed(hand.net))
        for index, hand in enumerate(seat.hands)
    ]
    if seat.insurance:
        pieces.append(say("the insurance %(net)s", net=_signed(seat.insurance_net)))
    return say("In all %(net)s: %(parts)s.", net=_signed(seat.net), parts=say(", ").join(pieces))


def ask_text(question: PayoutQuestion) -> str:
    """The question's wording; with co-bettors, the net is the whole box's."""
    if question.ask is Ask.NET and len(question.bets) > 1:
        return say(
            "What is the whole box's net result, all its bettors together? (a loss is negative)"
        )
    return say(ASK_TEXT[question.ask])
