"""The kinds of payout question: the rules each is played under, its source, and the test a
settled round must pass to be one of its kind; the page's mixes of kinds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from drills.payout.question import Ask, PayoutQuestion
from trainer.engine.play.round import RoundResult, SeatResult
from trainer.engine.play.settlement import Bonus, Outcome
from trainer.engine.rulebook.rule_words import PRESET_TEXTS
from trainer.words import N_, dealing_at, say

VEGAS = "vegas-6d-s17"
SIX_FIVE = "vegas-6d-s17 blackjack_pays=6:5"
TWO_ONE = "single-deck blackjack_pays=2:1"
CLUB = "twenty-one-club"
# 002's home game pays the bonus hands too (РАСЧЕТЫ is for club and home alike); its own deal
# method 3 stops for the dealer's double, which a payout question does not ask about.
HOME = "twenty-one-home deal_method=1"
BOXES = "casino-boxes"
RUSSIAN = "russian-bank"


@dataclass(frozen=True)
class Kind:
    """A kind of question: its title, the rules it is played under, its source, and the test
    a settled round must pass to be a question of this kind."""

    slug: str
    title: str
    rules: tuple[str, ...]
    source: str
    asks: tuple[Ask, ...]
    fits: Callable[[RoundResult, PayoutQuestion], bool]


def title_of(kind: Kind) -> str:
    """A kind's title in the learner's language, its dealer named as the game it is played at
    names him (a list of every kind read «Страховка против блэк джека банкомёта» where the
    learner's own game was the Russian bank, which has no insurance: a walk)."""
    with dealing_at(PRESET_TEXTS.get(kind.rules[0].split()[0])):
        return say(kind.title)


def seat_of(result: RoundResult) -> SeatResult:
    return result.seats[0]


def _natural(result: RoundResult, _: PayoutQuestion) -> bool:
    hand = seat_of(result).hands[0]
    return hand.outcome is Outcome.BLACKJACK and not seat_of(result).insurance


def _insured(result: RoundResult, _: PayoutQuestion) -> bool:
    seat = seat_of(result)
    return bool(seat.insurance) and not seat.hands[0].natural


def _insurance_wins(result: RoundResult, q: PayoutQuestion) -> bool:
    return _insured(result, q) and result.dealer_natural


def _insurance_loses(result: RoundResult, q: PayoutQuestion) -> bool:
    return _insured(result, q) and not result.dealer_natural


def _even_money(result: RoundResult, q: PayoutQuestion) -> bool:
    seat = seat_of(result)
    return seat.hands[0].natural and seat.insurance * 2 == sum(q.bets)


def _surrendered(result: RoundResult, _: PayoutQuestion) -> bool:
    return seat_of(result).hands[0].outcome is Outcome.SURRENDER


def _split_and_doubled(result: RoundResult, _: PayoutQuestion) -> bool:
    hands = seat_of(result).hands
    return len(hands) >= 2 and any(hand.doubled for hand in hands)


def _bonus(bonus: Bonus) -> Callable[[RoundResult, PayoutQuestion], bool]:
    def fits(result: RoundResult, _: PayoutQuestion) -> bool:
        return seat_of(result).hands[0].bonus is bonus

    return fits


def _banker_busts(result: RoundResult, _: PayoutQuestion) -> bool:
    hand = seat_of(result).hands[0]
    return result.dealer_total > 21 and hand.outcome is Outcome.WIN and hand.total <= 21


def _co_bettors(result: RoundResult, q: PayoutQuestion) -> bool:
    return len(q.bets) >= 2


_KIND_LIST = (
    Kind("natural-3-2", N_("A natural at 3:2"), (VEGAS,), "RULES.md, 003: natural pays 3:2",
         (Ask.PAY,), _natural),
    Kind("natural-6-5", N_("A natural at 6:5"), (SIX_FIVE,), "RULES.md: blackjack_pays option 6:5",
         (Ask.PAY,), _natural),
    Kind("natural-2-1", N_("A natural at 2:1"), (TWO_ONE,),
         "RULES.md: blackjack_pays option 2:1 (single-deck scenario)", (Ask.PAY,), _natural),
    Kind("insurance-wins", N_("Insurance against a dealer natural"), (VEGAS,),
         "RULES.md, 003: insurance pays 2:1", (Ask.INSURANCE, Ask.NET), _insurance_wins),
    Kind("insurance-loses", N_("Insurance when the dealer has no natural"), (VEGAS,),
         "RULES.md, 003: insurance loses its stake", (Ask.NET,), _insurance_loses),
    Kind("even-money", N_("Even money on a natural"), (VEGAS,),
         "RULES.md, 003: natural vs ace: even money 1:1", (Ask.PAY,), _even_money),
    Kind("surrender", N_("Surrender"), (VEGAS,), "RULES.md, 003: surrender loses half",
         (Ask.BACK, Ask.NET), _surrendered),
    Kind("split-double", N_("A box after splits and doubles"), (VEGAS, BOXES),
         "RULES.md, 003: split to 4 hands, double after split", (Ask.NET,), _split_and_doubled),
    Kind("five-card-21", N_("21 with five cards"), (CLUB, HOME), "002: 21 with five cards pays 2x",
         (Ask.PAY,), _bonus(Bonus.FIVE_CARD_21)),
    Kind("six-card-21", N_("21 with six cards"), (CLUB, HOME), "002: 21 with six cards pays 3x",
         (Ask.PAY,), _bonus(Bonus.SIX_CARD_21)),
    Kind("seven-seven-seven", N_("7-7-7"), (CLUB, HOME), "002: 7-7-7 pays 3x",
         (Ask.PAY,), _bonus(Bonus.SEVEN_SEVEN_SEVEN)),
    Kind("eight-seven-six", N_("8-7-6"), (CLUB, HOME), "002: 8-7-6 pays 2x",
         (Ask.PAY,), _bonus(Bonus.SIX_SEVEN_EIGHT)),
    Kind("russian-natural", N_("A dealt 21 pays 2x (the Russian banking game)"), (RUSSIAN,),
         "004: a dealt 21 pays double", (Ask.PAY,), _natural),
    Kind("russian-bust", N_("The busted banker pays 2x (the Russian banking game)"), (RUSSIAN,),
         "004: a busted banker pays every stake double", (Ask.PAY,), _banker_busts),
    Kind("co-bettors", N_("A box with co-bettors (casino blackjack with boxes)"), (BOXES,),
         "003: up to three bettors on a box, settled pro rata", (Ask.SHARE2, Ask.SHARE3, Ask.NET),
         _co_bettors),
)  # fmt: skip
KINDS: dict[str, Kind] = {kind.slug: kind for kind in _KIND_LIST}

# The page's question mixes: option value -> (label, kinds); the labels and the kinds' titles are
# marked here and said where shown.
MIXES: dict[str, tuple[str, tuple[str, ...]]] = {
    "all": (N_("Every kind"), tuple(KINDS)),
    "casino": (
        N_("A casino's payouts: naturals, insurance, even money, surrender, splits and doubles"),
        (
            *("natural-3-2", "natural-6-5", "natural-2-1", "insurance-wins", "insurance-loses"),
            *("even-money", "surrender", "split-double"),
        ),
    ),
    "naturals": (N_("Naturals: 3:2, 6:5, 2:1"), ("natural-3-2", "natural-6-5", "natural-2-1")),
    "insurance": (
        N_("Insurance, even money, surrender"),
        ("insurance-wins", "insurance-loses", "even-money", "surrender"),
    ),
    "splits": (N_("Splits and doubles"), ("split-double",)),
    "bonuses": (
        N_("Bonus hands of club and home twenty-one"),
        ("five-card-21", "six-card-21", "seven-seven-seven", "eight-seven-six"),
    ),
    "seeds": (
        N_("The historical games: club twenty-one, boxes, the Russian bank"),
        ("five-card-21", "seven-seven-seven", "russian-natural", "russian-bust", "co-bettors"),
    ),
}


# A learner's first payouts under "Every kind", one for each of their first answers to this
# drill: one box, one stake, casino rules (a co-bettor's box or the Russian bank's double pay
# as a first question put a newcomer off). After these, every kind.
FIRST_KINDS = ("natural-3-2", "natural-6-5", "even-money", "surrender")


def kinds_for(option: str | None) -> tuple[str, ...]:
    """The kinds a page option asks for: a mix, one kind, or (unknown or absent) every kind."""
    if option in MIXES:
        return MIXES[option][1]
    if option in KINDS:
        return (option,)
    return MIXES["all"][1]
