"""A dealt table and a settled round in words and plain data, for the dealer's drills' pages."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from trainer.engine.deck.cards import Card
from trainer.engine.play.round import Outcome, RoundResult

_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_words(card: Card) -> str:
    """``"10♥"``: the card as a learner reads it."""
    return card.rank.label + (_SIGNS[card.suit.symbol] if card.suit else "")


def cards_words(cards: Iterable[Card]) -> str:
    return " ".join(card_words(card) for card in cards) or "no cards"


def amount(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def outcome_words(outcome: Outcome, net: Fraction, bet: Fraction) -> str:
    """How a hand ended and what it won or lost: ``"wins 10"``, ``"bet withdrawn"``."""
    return {
        Outcome.BLACKJACK: f"a natural, paid {amount(net)}",
        Outcome.WIN: f"wins {amount(net)}",
        Outcome.PUSH: "ties: the bet goes back",
        Outcome.LOSE: f"loses {amount(-net)}",
        Outcome.BUST: f"busts and loses {amount(-net)}",
        Outcome.SURRENDER: f"surrenders, loses {amount(-net)}",
        Outcome.WITHDRAWN: f"bet of {amount(bet)} withdrawn: neither lost nor paid",
    }[outcome]


def result_view(result: RoundResult) -> dict[str, Any]:
    """A settled round as data: every hand, the dealer's, and one line per seat."""
    seats = []
    lines = []
    for number, seat in enumerate(result.seats, start=1):
        hands = []
        for hand in seat.hands:
            words = outcome_words(hand.outcome, hand.net, hand.bet)
            hands.append({"cards": hand.cards, "total": hand.total, "words": words})
            total = f" = {hand.total}" if hand.cards else ""
            lines.append(f"seat {number} {cards_words(hand.cards)}{total} {words}")
        seats.append({"number": number, "hands": hands, "net": seat.net})
    natural = " (a natural)" if result.dealer_natural else ""
    if not natural and len(result.dealer_cards) == 2 and result.dealer_total == 21:
        natural = " (not counted as a natural)"  # 000: a natural not announced in time
    lines.append(f"the dealer {cards_words(result.dealer_cards)} = {result.dealer_total}{natural}")
    return {
        "seats": seats,
        "dealer": result.dealer_cards,
        "dealer_total": result.dealer_total,
        "dealer_natural": result.dealer_natural,
        "dealer_note": natural.strip(" ()"),
        "bank_net": result.bank_net,
        "lines": lines,
    }
