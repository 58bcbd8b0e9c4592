"""The dealer's procedure where the source texts prescribe it: when he may look at his hole card,
which card he may burn, and what he offers a box before it plays.

The round (:meth:`~trainer.engine.play.round.Round`'s peek) and the shoe (its burn) ask these, and
the dealer's procedure drill reads the same answers, so the rule is written once:

- 000: "Если показанная карта сдающего оказывается десяткой, фигурой или тузом, он имеет право
  заглянуть в свою закрытую карту ... если в показе у него вышла другая карта, он не имеет права
  на просмотр своей закрытой карты до подхода очереди делать прикуп": he looks only under a ten,
  a face or an ace (``hole_card = "peek"``); without a hole card (003) there is nothing to look at.
- 002: "Туза "сжигать" нельзя, и если сдатчик предъявляет эту карту, колоду снова тасуют и
  снимают": an ace may not be burned (``burn_ace_reshuffles``).
- 003: "Дилер не предлагает сделать SURRENDER"; "Дилер предлагает сделать DOUBLE на 9,10,11";
  insurance against an ace up, and even money to a natural against it.
"""

from __future__ import annotations

from enum import Enum

from trainer.engine.deck.cards import Card
from trainer.engine.rulebook.legality import DOUBLE_TOTALS, why_not_double
from trainer.engine.rulebook.rules import Rules

__all__ = ["Offer", "dealer_offers", "may_burn", "may_look_at_hole_card"]


def may_look_at_hole_card(rules: Rules, up: int) -> bool:
    """000: the dealer may look at his hole card before play only under a ten-value card or an
    ace (``up`` is the up card's value, 1 for an ace); otherwise not until his own turn. A table
    without a hole card (003) has none to look at."""
    return rules.hole_card == "peek" and up in (1, 10)


def may_burn(rules: Rules, card: Card) -> bool:
    """002: the card turned up to be burned may be burned unless it is an ace; an ace sends the
    pack back to be shuffled and cut again (``burn_ace_reshuffles``)."""
    return not (rules.burn_ace_reshuffles and card.value == 1)


class Offer(Enum):
    """What the dealer offers a box on its first two cards; the value is the drill's word."""

    INSURANCE = "insurance"
    EVEN_MONEY = "even-money"
    DOUBLE = "double"


def dealer_offers(
    rules: Rules, up: int, total: int, soft: bool, *, natural: bool
) -> tuple[Offer, ...]:
    """What the dealer offers a box holding two cards (``total``, ``soft``, ``natural``) against
    an up card of value ``up``, before it plays (003).

    Insurance against an ace where the table has it, even money instead to a natural; a double
    where the table limits doubling to a range of totals (003: "предлагает сделать DOUBLE на
    9,10,11") and the hand is in it. Surrender is never offered: a player asks for it
    ("Дилер не предлагает сделать SURRENDER").
    """
    offers: list[Offer] = []
    if rules.insurance and up == 1:
        offers.append(Offer.EVEN_MONEY if natural else Offer.INSURANCE)
    in_range = (
        rules.double_on in DOUBLE_TOTALS and not soft and total in DOUBLE_TOTALS[rules.double_on]
    )
    if in_range and not natural and why_not_double(rules, 2, total, soft) is None:
        offers.append(Offer.DOUBLE)
    return tuple(offers)
