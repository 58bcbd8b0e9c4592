"""Settling one hand: every payout the source texts name, as a pure function of the cards.

:func:`settle_hand` is what :class:`~trainer.engine.play.round.Round` uses at the end of a round,
and what a payout drill can call directly to make (and grade) a question: given the rules, the hand,
the dealer's cards and the stake, it says the outcome, the exact net (a ``Fraction``) and the bonus.

The payouts (``RULES.md``):

- a natural (two cards, not after a split, making 21) pays ``rules.blackjack_pays`` (3:2, 6:5,
  2:1) unless the dealer has one too: then it pushes, or loses where ties go to the dealer (002
  home) or where a banker's dealt 21 takes every stake (004, ``dealer_natural_takes_all``);
- a dealer natural collects ``rules.dealer_blackjack_collects`` (002 home: 2:1) from every other
  hand; without a hole card it takes the doubled and split stakes too, or the original bet only
  (``no_hole_card_loses``); with a peek only the original bet was ever out (000);
- the bonus hands of 002 (21 on five or six cards, 7-7-7, 8-7-6) pay their ratio when the hand is
  21 and wins: a dealer natural beats it, and a dealer's 21 ties it, and a tie "pays nothing"
  (002: "не платит ничего тому, у кого равное с ним число очков"), premium hand or not; the
  option ``tie_pays_bonus`` pays the premium on a tie where ties push (an earlier reading);
- a busted dealer pays every standing hand ``rules.dealer_bust_pays`` (004: 2:1);
- otherwise the higher total wins 1:1, a tie pushes or goes to the dealer (``rules.ties``);
- a bust loses at once, whatever the dealer does later; a surrender loses half (a late surrender
  without a hole card only if the dealer's second card makes no natural: it is void against one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import NamedTuple, Protocol

from trainer.engine.deck.cards import Card
from trainer.engine.deck.hand import Hand
from trainer.engine.rulebook.interpretations import INTERPRETATIONS
from trainer.engine.rulebook.rules import Rules, format_ratio
from trainer.engine.words import N_, say

__all__ = [
    "Bonus",
    "HandResult",
    "HandSettlement",
    "Outcome",
    "RoundResult",
    "SeatResult",
    "bonus_of",
    "hand_total",
    "insurance_net",
    "is_natural",
    "settle_hand",
    "settle_round",
]

# ``settle_core``, ``payouts``, ``Money`` and friends are the round's fast path (not exported).


class Outcome(Enum):
    """How a hand ended; the value is the replay format's result word."""

    BLACKJACK = "blackjack"
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"
    BUST = "bust"
    SURRENDER = "surrender"
    WITHDRAWN = "withdrawn"  # 000's irregularities: the bet was taken back


class Bonus(Enum):
    """A bonus hand of 002; the value is the replay format's bonus name."""

    FIVE_CARD_21 = "five-card-21"
    SIX_CARD_21 = "six-card-21"
    SEVEN_SEVEN_SEVEN = "seven-seven-seven"
    SIX_SEVEN_EIGHT = "six-seven-eight"

    def pays(self, rules: Rules) -> Fraction | None:
        """The ratio these rules pay for this bonus, or ``None`` when they pay none."""
        if self is Bonus.FIVE_CARD_21:
            return rules.five_card_21_pays
        if self is Bonus.SIX_CARD_21:
            return rules.six_card_21_pays
        if self is Bonus.SEVEN_SEVEN_SEVEN:
            return rules.seven_seven_seven_pays
        return rules.six_seven_eight_pays


@dataclass(frozen=True, slots=True)
class HandSettlement:
    """The settled result of one hand: outcome, signed net chips (bonus included), bonus, and
    ``why``: the rule that decided it, in words (for a payout drill's explanation)."""

    outcome: Outcome
    net: Fraction
    bonus: Bonus | None = None
    why: str = ""


def hand_total(cards: Sequence[Card]) -> int:
    """The best total: one ace counts 11 where that does not bust the hand."""
    hard = 0
    ace = False
    for card in cards:
        value = card.value
        hard += value
        if value == 1:
            ace = True
    return hard + 10 if ace and hard <= 11 else hard


def is_natural(cards: Sequence[Card], *, split: bool = False) -> bool:
    """Two cards making 21, not after a split (003: A+T after a split is 21, not a natural)."""
    if split or len(cards) != 2:
        return False
    a, b = cards[0].value, cards[1].value
    return (a == 1 and b == 10) or (a == 10 and b == 1)


_SIX_SEVEN_EIGHT = [6, 7, 8]


def bonus_of(rules: Rules, cards: Sequence[Card]) -> Bonus | None:
    """The bonus a 21 of these cards earns under these rules (002), or ``None``.

    7-7-7 and 8-7-6 are exactly those three cards; five and six cards mean exactly that many.
    """
    count = len(cards)
    if count < 3 or hand_total(cards) != 21:
        return None
    if count == 3:
        values = sorted(card.value for card in cards)
        if values == [7, 7, 7] and rules.seven_seven_seven_pays is not None:
            return Bonus.SEVEN_SEVEN_SEVEN
        if values == _SIX_SEVEN_EIGHT and rules.six_seven_eight_pays is not None:
            return Bonus.SIX_SEVEN_EIGHT
    elif count == 5 and rules.five_card_21_pays is not None:
        return Bonus.FIVE_CARD_21
    elif count == 6 and rules.six_card_21_pays is not None:
        return Bonus.SIX_CARD_21
    return None


def insurance_net(stake: Money, dealer_natural: bool) -> Money:
    """Insurance pays 2:1 when the dealer has a natural and loses the stake otherwise."""
    return stake * 2 if dealer_natural else -stake


# Money inside the engine is exact: an int where the amount is whole (speed 2 in
# trainer.engine.play.round), else a Fraction.
Money = int | Fraction


class _Fractions(dict[Money, Fraction]):
    """Amounts as Fractions, remembering the whole ones: Fractions are immutable, so the stakes,
    nets and bankrolls met round after round are made once and shared."""

    def __missing__(self, amount: Money) -> Fraction:
        fraction = Fraction(amount)
        if type(amount) is int:
            if len(self) >= 4096:
                self.clear()
            self[amount] = fraction
        return fraction


# ``exact(amount)``: an amount as a ``Fraction`` (the public type of every stake and net). A dict
# lookup rather than a function (speed 3 in trainer.engine.play.round).
exact: Callable[[Money], Fraction] = _Fractions().__getitem__


def whole_or_fraction(amount: Fraction) -> Money:
    """An exact amount as an int where it is whole (the engine's fast money)."""
    numerator, denominator = amount.as_integer_ratio()  # one call, not two properties
    return numerator if denominator == 1 else amount


def _times(amount: Money, ratio: Money) -> Money:
    """An amount times a payout ratio, exactly: an int where whole (3:2 on 10 chips is 15)."""
    if isinstance(ratio, int):
        return amount * ratio
    numerator, denominator = ratio.as_integer_ratio()
    if type(amount) is int:
        whole, rest = divmod(amount * numerator, denominator)
        if not rest:
            return whole
    return whole_or_fraction(ratio * amount)


def half(amount: Money) -> Money:
    if type(amount) is int and not amount & 1:
        return amount // 2
    return Fraction(amount) / 2


class Payouts:
    """The rules' payout ratios, read once (ints where whole): the settlement's fast path."""

    __slots__ = (
        "rules",
        "blackjack",
        "collects",
        "bust",
        "original_only",
        "ties_dealer",
        "tie_voids_bonus",
        "takes_all",
        "surrender_void",
        "bonuses",
        "bonus_pays",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.blackjack = whole_or_fraction(rules.blackjack_pays)
        self.collects = whole_or_fraction(rules.dealer_blackjack_collects)
        self.bust = whole_or_fraction(rules.dealer_bust_pays)
        self.original_only = rules.hole_card == "none" and rules.no_hole_card_loses == "original"
        self.ties_dealer = rules.ties == "dealer"
        self.tie_voids_bonus = self.ties_dealer or not rules.tie_pays_bonus
        self.takes_all = rules.dealer_natural_takes_all
        # Late surrender without a hole card: the surrender stands only if the dealer's second
        # card makes no natural (as if he had peeked); early surrender stands whatever comes.
        self.surrender_void = rules.hole_card == "none" and rules.surrender == "late"
        self.bonus_pays = {
            bonus: whole_or_fraction(pays)
            for bonus in Bonus
            if (pays := bonus.pays(rules)) is not None
        }
        self.bonuses = bool(self.bonus_pays)


_PAYOUTS: dict[int, Payouts] = {}


def payouts(rules: Rules) -> Payouts:
    """The payout table of these rules (cached; the cache holds the rules, so ids stay unique)."""
    cached = _PAYOUTS.get(id(rules))
    if cached is not None and cached.rules is rules:
        return cached
    if len(_PAYOUTS) > 256:
        _PAYOUTS.clear()
    table = _PAYOUTS[id(rules)] = Payouts(rules)
    return table


def settle_core(
    pay: Payouts,
    cards: Sequence[Card],
    total: int,
    natural: bool,
    dealer_total: int,
    dealer_natural: bool,
    stake: Money,
    doubled: bool,
    surrendered: bool,
    original: Money | None,
) -> tuple[Outcome, Money, Bonus | None, str]:
    """:func:`settle_hand` without the checks, on precomputed totals (the round's fast path)."""
    if surrendered:
        if dealer_natural and pay.surrender_void:
            return Outcome.LOSE, -_times(stake, pay.collects), None, "surrender-void"
        return Outcome.SURRENDER, -half(stake), None, "surrender"
    if total > 21:
        return Outcome.BUST, -stake, None, "bust"
    if dealer_natural:
        if natural:
            if pay.takes_all:
                return Outcome.LOSE, -stake, None, "takes-all"
            if pay.ties_dealer:
                return Outcome.LOSE, -stake, None, "naturals-tie-to-dealer"
            return Outcome.PUSH, 0, None, "naturals-push"
        at_risk = stake
        if pay.original_only:
            at_risk = (half(stake) if doubled else stake) if original is None else original
            if at_risk == 0:
                return Outcome.PUSH, 0, None, "dealer-natural-original"
            return Outcome.LOSE, -_times(at_risk, pay.collects), None, "dealer-natural-original"
        return Outcome.LOSE, -_times(at_risk, pay.collects), None, "dealer-natural"
    if natural:
        return Outcome.BLACKJACK, _times(stake, pay.blackjack), None, "natural"
    if total == 21 and pay.bonuses and len(cards) >= 3:
        bonus = bonus_of(pay.rules, cards)
        if bonus is not None and dealer_total == 21 and pay.tie_voids_bonus:
            if pay.ties_dealer:
                return Outcome.LOSE, -stake, None, "bonus-tie-to-dealer"
            return Outcome.PUSH, 0, None, "bonus-tie"
        if bonus is not None:
            ratio = pay.bonus_pays[bonus]
            if dealer_total > 21 and pay.bust > ratio:
                ratio = pay.bust
            return Outcome.WIN, _times(stake, ratio), bonus, "bonus"
    if dealer_total > 21:
        return Outcome.WIN, _times(stake, pay.bust), None, "dealer-bust"
    if total > dealer_total:
        return Outcome.WIN, stake, None, "higher"
    if total < dealer_total:
        return Outcome.LOSE, -stake, None, "lower"
    if pay.ties_dealer:
        return Outcome.LOSE, -stake, None, "tie-to-dealer"
    return Outcome.PUSH, 0, None, "tie"


def settle_hand(
    rules: Rules,
    cards: Sequence[Card],
    dealer_cards: Sequence[Card],
    stake: Fraction | int,
    *,
    split: bool = False,
    doubled: bool = False,
    surrendered: bool = False,
    dealer_natural: bool | None = None,
    original: Fraction | int | None = None,
) -> HandSettlement:
    """Settle one hand against the dealer's final cards.

    :param stake: the final stake on the hand (a doubled stake included).
    :param split: the hand came from a split (so two cards making 21 are not a natural).
    :param doubled: the stake was doubled (half of it is the hand's original bet).
    :param dealer_natural: whether the dealer's natural counts; ``None`` works it out from the
        cards, ``False`` is 000's unannounced natural, which counts as a plain 21.
    :param original: the part of the stake a dealer natural takes under
        ``no_hole_card_loses = "original"`` (for the second hand of a split, 0); by default the
        hand's undoubled stake.
    :raises ValueError: when the hand has fewer than two cards, the dealer none, or the stake
        is not a positive amount.
    """
    if len(cards) < 2:
        raise ValueError(f"a hand to settle needs two cards or more, not {len(cards)}")
    if not dealer_cards:
        raise ValueError("the dealer has no cards to settle against")
    if isinstance(stake, bool) or not isinstance(stake, int | Fraction) or stake <= 0:
        raise ValueError(f"a stake must be a positive amount, not {stake!r}")
    if original is not None and (
        isinstance(original, bool) or not isinstance(original, int | Fraction) or original < 0
    ):
        raise ValueError(f"the original bet must be an amount of 0 or more, not {original!r}")
    if dealer_natural is None:
        dealer_natural = is_natural(dealer_cards)
    outcome, net, bonus, code = settle_core(
        payouts(rules),
        cards,
        hand_total(cards),
        is_natural(cards, split=split),
        hand_total(dealer_cards),
        dealer_natural,
        whole_or_fraction(Fraction(stake)),
        doubled,
        surrendered,
        None if original is None else whole_or_fraction(Fraction(original)),
    )
    return HandSettlement(outcome, exact(net), bonus, _why(rules, code, bonus))


def _why(rules: Rules, code: str, bonus: Bonus | None) -> str:
    """The rule behind a settlement, in plain words (the learner's language), with the rules'
    own ratios."""
    if code == "natural":
        return say("a natural pays %(ratio)s", ratio=format_ratio(rules.blackjack_pays))
    if code == "dealer-natural":
        collects = format_ratio(rules.dealer_blackjack_collects)
        return say("the dealer's natural wins and collects %(ratio)s", ratio=collects)
    if code == "bonus" and bonus is not None:
        values = {"hand": say(_BONUS_WORDS[bonus]), "ratio": format_ratio(bonus.pays(rules))}
        if rules.tie_pays_bonus:
            return say("%(hand)s pays %(ratio)s, as it is not beaten", **values)
        return say("%(hand)s pays %(ratio)s, as it wins", **values)
    if code in _NAMED:
        words, key = _NAMED[code]
        return say("%(rule)s (%(interpretation)s)", rule=say(words),
                   interpretation=INTERPRETATIONS[key].naming())  # fmt: skip
    if code == "dealer-bust":
        rule = say("a busted dealer pays %(ratio)s", ratio=format_ratio(rules.dealer_bust_pays))
        if rules.dealer_bust_pays == 1:
            return rule
        # 004's reading: double to the punters still standing (one past 21 lost at once).
        return say("%(rule)s (%(interpretation)s)", rule=rule,
                   interpretation=INTERPRETATIONS["004-busted-banker"].naming())  # fmt: skip
    return say(_WHY[code])


_BONUS_WORDS = {
    Bonus.FIVE_CARD_21: N_("a 21 with five cards"),
    Bonus.SIX_CARD_21: N_("a 21 with six cards"),
    Bonus.SEVEN_SEVEN_SEVEN: N_("7-7-7"),
    Bonus.SIX_SEVEN_EIGHT: N_("8-7-6"),
}

# The verdicts that rest on an interpretation of a text, and the one each names.
_NAMED = {
    "bonus-tie": (N_("a tie pays nothing, premium hand or not"), "002-tie-premium"),
    "bonus-tie-to-dealer": (
        N_("a tie goes to the dealer, premium hand or not"),
        "002-tie-premium",
    ),
    "naturals-tie-to-dealer": (
        N_("two naturals tie, and a tie goes to the dealer"),
        "002-home-ties",
    ),
}

_WHY = {
    "surrender": N_("a surrendered hand loses half its stake"),
    "surrender-void": N_(
        "a late surrender without a hole card is void against the dealer's natural"
    ),
    "bust": N_("a hand that busts loses at once, whatever the dealer does later"),
    "takes-all": N_("the banker's dealt 21 takes every stake, dealt 21s too"),
    "naturals-push": N_("a natural against the dealer's natural is a push"),
    "dealer-natural-original": N_(
        "without a hole card, the dealer's natural takes the original bet only"
    ),
    "higher": N_("the higher total wins 1:1"),
    "lower": N_("the lower total loses the stake"),
    "tie-to-dealer": N_("a tie goes to the dealer"),
    "tie": N_("equal totals push"),
}


# -- a whole round --------------------------------------------------------------------------------
# Named tuples, not frozen dataclasses (speed 4 in trainer.engine.play.round). They are read by
# field name only, never unpacked or indexed.


class HandResult(NamedTuple):
    """One settled hand."""

    cards: tuple[Card, ...]
    total: int
    bet: Fraction  # the final stake, doubled stakes included
    outcome: Outcome
    net: Fraction  # signed chips won (+) or lost (-), bonus included
    bonus: Bonus | None
    natural: bool  # dealt a natural (paid or not): 002 home passes the deal on it
    doubled: bool
    split: bool

    @property
    def hand(self) -> Hand:
        return Hand(self.cards)


class SeatResult(NamedTuple):
    """One seat (box): its hands, insurance, net, and the net of each bettor on the box."""

    hands: tuple[HandResult, ...]
    insurance: Fraction  # the insurance stake (0 when none)
    insurance_net: Fraction
    net: Fraction  # the hands' nets plus insurance_net
    stakes: tuple[Fraction, ...]  # the box's bettors' stakes, owner first (003)
    shares: tuple[Fraction, ...]  # each bettor's net: the hands pro rata, insurance to the owner


class RoundResult(NamedTuple):
    """A settled round. Chip conservation: ``bank_net == -sum(seat.net for seat in seats)``."""

    dealer_cards: tuple[Card, ...]
    dealer_total: int
    dealer_natural: bool  # a natural that counted (000: an unannounced one does not)
    seats: tuple[SeatResult, ...]
    bank_net: Fraction

    @property
    def dealer_hand(self) -> Hand:
        return Hand(self.dealer_cards)


class PlayedHand(Protocol):
    """What the settlement reads of a hand in play
    (:class:`trainer.engine.play.boxes.HandInPlay`)."""

    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def total(self) -> int: ...
    @property
    def stake(self) -> Money: ...
    @property
    def doubled(self) -> bool: ...
    @property
    def split(self) -> bool: ...
    @property
    def surrendered(self) -> bool: ...


class PlayedBox(Protocol):
    """What the settlement reads of a box (:class:`trainer.engine.play.boxes.Box`)."""

    @property
    def hands(self) -> Sequence[PlayedHand]: ...
    @property
    def stakes(self) -> tuple[Money, ...]: ...
    @property
    def total_stake(self) -> Money: ...
    @property
    def insurance(self) -> Money: ...
    @property
    def withdrawn(self) -> bool: ...


def settle_round(
    rules: Rules,
    boxes: Sequence[PlayedBox],
    dealer_cards: tuple[Card, ...],
    dealer_total: int,
    dealer_natural: bool,
) -> RoundResult:
    """Settle every box of a played round against the dealer's final hand."""
    pay = payouts(rules)
    zero = exact(0)
    seats = []
    bank: Money = 0
    for box in boxes:
        hands, hands_net = _settle_hands(pay, box, dealer_total, dealer_natural)
        insured = box.insurance
        stakes = box.stakes
        if len(hands) == 1 and not insured and len(stakes) == 1:
            # The common case: one hand, one bettor, no insurance.
            bank -= hands_net
            net = hands[0].net
            seats.append(SeatResult((hands[0],), zero, zero, net, (exact(stakes[0]),), (net,)))
            continue
        ins_net: Money = insurance_net(insured, dealer_natural) if insured else 0
        seat_net = hands_net + ins_net
        bank -= seat_net
        seats.append(
            SeatResult(
                tuple(hands),
                exact(insured),
                exact(ins_net),
                exact(seat_net),
                tuple(exact(stake) for stake in stakes),
                _shares(stakes, hands_net, ins_net),
            )
        )
    return RoundResult(dealer_cards, dealer_total, dealer_natural, tuple(seats), exact(bank))


def _settle_hands(
    pay: Payouts, box: PlayedBox, dealer_total: int, dealer_natural: bool
) -> tuple[list[HandResult], Money]:
    hands = []
    hands_net: Money = 0
    first = box.hands[0]
    for hand in box.hands:
        cards = hand.cards
        total = hand.total
        natural = is_natural(cards, split=hand.split)
        net: Money
        if box.withdrawn or len(cards) < 2:
            outcome, net, bonus = Outcome.WITHDRAWN, 0, None
        else:
            original: Money | None = None
            if hand.split:
                original = box.total_stake if hand is first else 0
            outcome, net, bonus, _ = settle_core(
                pay,
                cards,
                total,
                natural,
                dealer_total,
                dealer_natural,
                hand.stake,
                hand.doubled,
                hand.surrendered,
                original,
            )
        hands_net += net
        hands.append(
            HandResult(
                cards,
                total,
                exact(hand.stake),
                outcome,
                exact(net),
                bonus,
                natural,
                hand.doubled,
                hand.split,
            )
        )
    return hands, hands_net


def _shares(stakes: tuple[Money, ...], hands_net: Money, ins_net: Money) -> tuple[Fraction, ...]:
    """Each bettor's net on a box: the hands' net pro rata to the stakes, insurance to the owner."""
    if len(stakes) <= 1:
        return (exact(hands_net + ins_net),)
    total = sum(stakes)
    shares = [Fraction(hands_net) * stake / total for stake in stakes]
    shares[0] += ins_net
    return tuple(shares)
