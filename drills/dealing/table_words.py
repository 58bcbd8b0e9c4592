"""A dealt table and a settled round in words and plain data, for the dealer's drills' pages."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from trainer.engine.deck.cards import Card
from trainer.engine.play.round import Outcome, RoundResult
from trainer.words import N_, say
from trainer.words import number as written

_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_words(card: Card) -> str:
    """``"10♥"``: the card as a learner reads it."""
    return card.rank.label + (_SIGNS[card.suit.symbol] if card.suit else "")


def cards_words(cards: Iterable[Card]) -> str:
    return " ".join(card_words(card) for card in cards) or say("no cards")


def amount(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def outcome_words(outcome: Outcome, net: Fraction, bet: Fraction) -> str:
    """How a hand ended and what it won or lost: ``"wins 10"``, ``"bet withdrawn"``."""
    said = {
        Outcome.BLACKJACK: (N_("a natural, paid %(amount)s"), net),
        Outcome.WIN: (N_("wins %(amount)s"), net),
        Outcome.PUSH: (N_("ties: the bet goes back"), net),
        Outcome.LOSE: (N_("loses %(amount)s"), -net),
        Outcome.BUST: (N_("busts and loses %(amount)s"), -net),
        Outcome.SURRENDER: (N_("surrenders, loses %(amount)s"), -net),
        Outcome.WITHDRAWN: (N_("bet of %(amount)s withdrawn: neither lost nor paid"), bet),
    }
    words, value = said[outcome]
    return say(words, amount=written(value, 0 if value.denominator == 1 else 2))


def result_view(result: RoundResult) -> dict[str, Any]:
    """A settled round as data: every hand, the dealer's, and one line per seat."""
    seats = []
    lines = []
    for number, seat in enumerate(result.seats, start=1):
        hands = []
        for hand in seat.hands:
            words = outcome_words(hand.outcome, hand.net, hand.bet)
            hands.append({"cards": hand.cards, "total": hand.total, "words": words})
            cards = cards_words(hand.cards)
            values = {"seat": written(number), "cards": cards, "outcome": words}
            lines.append(
                say("seat %(seat)s %(cards)s = %(total)s %(outcome)s", **values,
                    total=written(hand.total))
                if hand.cards
                else say("seat %(seat)s %(cards)s %(outcome)s", **values)
            )  # fmt: skip
        seats.append({"number": number, "hands": hands, "net": seat.net})
    note = say("a natural") if result.dealer_natural else ""
    if not note and len(result.dealer_cards) == 2 and result.dealer_total == 21:
        note = say("not counted as a natural")  # 000: a natural not announced in time
    dealer = {"cards": cards_words(result.dealer_cards), "total": written(result.dealer_total)}
    lines.append(
        say("the dealer %(cards)s = %(total)s (%(note)s)", **dealer, note=note)
        if note
        else say("the dealer %(cards)s = %(total)s", **dealer)
    )
    return {
        "seats": seats,
        "dealer": result.dealer_cards,
        "dealer_total": result.dealer_total,
        "dealer_natural": result.dealer_natural,
        "dealer_note": note,
        "bank_net": result.bank_net,
        "lines": lines,
    }
