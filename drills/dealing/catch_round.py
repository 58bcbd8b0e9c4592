"""A round for "Catch the dealer": dealt and played right by the engine, then, at the rate the
learner set, one step of the dealer's perturbed: a wrong total announced, a draw on 17, a
stand on a stiff total, a box paid wrong, a natural paid as a plain win, a soft hand read as
hard.

A round is named by its notation, ``<rules>|<seed>|<rate>|<number>`` (the run's seed, the
planted-mistake rate in percent, the round's number in the run): everything in it is drawn
from a generator seeded by those, so the server deals the same round, and plants the same
mistake, whenever it reads the notation.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from drills.base import InvalidQuestionError
from drills.dealing.table_deal import deal_table
from drills.dealing.table_round import TableQuestion, replay, rules_of
from drills.dealing.table_words import cards_words
from drills.payout.explain import settled_again
from drills.refusals import PARTS
from trainer.engine.deck.cards import Card, pack
from trainer.engine.deck.hand import Hand
from trainer.engine.play.round import RoundResult
from trainer.engine.play.settlement import Outcome, SeatResult, hand_total
from trainer.engine.rulebook.rules import Rules, format_ratio
from trainer.words import N_, money, say
from trainer.words import number as written

MAX_ROUNDS = 50
_SEED_RE = re.compile(r"[0-9]{1,15}")
_NUMBER_RE = re.compile(r"[0-9]{1,3}")
_ATTEMPTS = 80
_STANDING = (Outcome.WIN, Outcome.LOSE, Outcome.PUSH)

# The mistakes a dealer is caught at, in words (said in the learner's language where shown).
KINDS = {
    "wrong-total": N_("a wrong total announced"),
    "draw-on-17": N_("a draw on 17"),
    "stand-on-stiff": N_("a stand on 16 or less"),
    "wrong-payout": N_("a box paid wrong"),
    "missed-natural": N_("a natural paid as a plain win"),
    "misread-soft": N_("a soft hand read as hard"),
}


@dataclass(frozen=True)
class CatchRound:
    """One round as the learner sees it dealt, and the mistake planted in it (or none)."""

    rules: Rules
    seed: int
    rate: int
    number: int
    table: TableQuestion  # the round as the engine played it, right
    result: RoundResult
    dealer: tuple[Card, ...]  # the dealer's cards as he played them
    said: int  # the total he announced
    paid: tuple[Fraction, ...]  # what each box was paid (+) or had taken (-)
    mistake: str | None  # a KINDS key, or None
    words: str  # what the mistake was, or how the round was played right

    @property
    def notation(self) -> str:
        return round_notation(self.rules, self.seed, self.rate, self.number)


def round_notation(rules: Rules, seed: int, rate: int, number: int) -> str:
    return f"{rules.notation()}|{seed}|{rate}|{number}"


# A game whose banker draws as he judges best (text 004's) has no fixed rule to slip from.
NO_FIXED_DEALER = N_(
    "Catch the dealer is for a dealer who draws by a fixed rule; in this game the banker draws "
    "as he judges best for the bank (text 004), so no draw of his is a slip to catch. Choose "
    "another game on the Rules page."
)


def read_round(notation: str) -> tuple[Rules, int, int, int]:
    """The rules, seed, rate and round number a notation names, each bounded.

    :raises InvalidQuestionError: naming the field that is wrong, or rules whose banker plays
        his best (:data:`NO_FIXED_DEALER`).
    """
    fields = (notation or "")[:400].split("|")
    if len(fields) != 4:
        raise InvalidQuestionError.said_as(PARTS)
    rules_text, seed, rate, number = fields
    if not _SEED_RE.fullmatch(seed):
        raise InvalidQuestionError.said_as(
            N_("the run's seed is a whole number of at most %(digits)s digits"),
            digits=written(15),
        )
    if not _NUMBER_RE.fullmatch(rate) or int(rate) > 100:
        raise InvalidQuestionError.said_as(
            N_("the rate of mistakes is a whole percentage, %(least)s to %(most)s"),
            least=written(0),
            most=written(100),
        )
    if not _NUMBER_RE.fullmatch(number) or not 1 <= int(number) <= MAX_ROUNDS:
        raise InvalidQuestionError.said_as(
            N_("a run has rounds 1 to %(most)s"), most=written(MAX_ROUNDS)
        )
    rules = rules_of(rules_text)
    if rules.banker_best:
        raise InvalidQuestionError.said_as(NO_FIXED_DEALER)
    return rules, int(seed), int(rate), int(number)


def _rest_of_pack(rng: random.Random, rules: Rules, table: TableQuestion) -> list[Card]:
    """The cards not dealt in the round, shuffled: where a dealer's extra draws come from."""
    left = Counter(pack(rules.decks))
    left.subtract(Counter(table.cards))
    cards = sorted(left.elements(), key=str)
    rng.shuffle(cards)
    return cards


def _box_nets(rules: Rules, result: RoundResult, dealer: tuple[Card, ...]) -> list[Fraction]:
    """Each box's net against these dealer cards (the dealer's natural as it was)."""
    nets = []
    for seat in result.seats:
        net = seat.insurance_net
        for hand in seat.hands:
            if hand.outcome is Outcome.WITHDRAWN:
                continue
            net += settled_again(rules, hand, dealer, result.dealer_natural).net
        nets.append(net)
    return nets


def dealer_played(result: RoundResult) -> bool:
    """Whether the dealer played his hand out against standing hands (no natural of his)."""
    if result.dealer_natural:
        return False
    hands = (hand for seat in result.seats for hand in seat.hands)
    return any(hand.outcome in _STANDING and not hand.natural for hand in hands)


def _cards(cards: tuple[Card, ...]) -> str:
    """The cards as a learner reads them, ranks with suit symbols (``3♣ K♥ 4♥``)."""
    return cards_words(cards)


def _signed(amount: Fraction) -> str:
    """A box's net as a learner reads it, signed, in the learner's language ("+7.50",
    "−10"; "+7,50" in Russian)."""
    return f"+{money(amount)}" if amount > 0 else money(amount)


# A planted mistake: the dealer's cards as he played them, the total he announced, what each box
# was paid, and what the mistake was in words.
Planted = tuple[tuple[Card, ...], int, list[Fraction], str]


class _Planting:
    """The ways to plant a mistake in one right round; each says None where it does not fit."""

    def __init__(self, rules: Rules, rng: random.Random, table: TableQuestion) -> None:
        self.rules, self.rng, self.table = rules, rng, table
        self.result = replay(table)[1]
        self.rest = _rest_of_pack(rng, rules, table)
        self.dealer = self.result.dealer_cards
        self.total = self.result.dealer_total

    def plant(self, kind: str) -> Planted | None:
        """The dealer's cards, his announced total, the boxes' payments and the words."""
        planted: Planted | None = getattr(self, "_" + kind.replace("-", "_"))()
        return planted

    def _dealt(self, cards: tuple[Card, ...], words: str) -> Planted:
        return cards, hand_total(cards), _box_nets(self.rules, self.result, cards), words

    def _draw_on_17(self) -> Planted | None:
        if not dealer_played(self.result) or self.total != 17:
            return None
        cards = (*self.dealer, self.rest[0])
        shown = _cards(self.dealer)
        if self.rules.dealer_hits_soft_17:
            words = say("The dealer drew on 17 (%(cards)s): he hits soft 17 only.", cards=shown)
        else:
            words = say("The dealer drew on 17 (%(cards)s): he stands on all 17s.", cards=shown)
        return self._dealt(cards, words)

    def _stand_on_stiff(self) -> Planted | None:
        if not dealer_played(self.result):
            return None
        stands = self.rules.dealer_stands_on
        for size in range(2, len(self.dealer)):
            cards = self.dealer[:size]
            if 12 <= hand_total(cards) < stands:
                words = say("The dealer stood on %(total)s (%(cards)s): he draws below"
                            " %(stands)s.", total=written(hand_total(cards)),
                            cards=_cards(cards), stands=written(stands))  # fmt: skip
                return self._dealt(cards, words)
        return None

    def _misread_soft(self) -> Planted | None:
        if not dealer_played(self.result) or not Hand(self.dealer).is_soft or self.total < 17:
            return None
        if self.total == 17 and self.rules.dealer_hits_soft_17:
            return None
        cards = self.dealer
        extra = iter(self.rest)
        while sum(card.value for card in cards) < 17:  # every ace read as 1
            cards = (*cards, next(extra))
        hard = sum(card.value for card in self.dealer)
        words = say("The dealer read his soft %(total)s (%(cards)s) as %(hard)s and drew on:"
                    " a soft %(total)s stands.", total=written(self.total),
                    cards=_cards(self.dealer), hard=written(hard))  # fmt: skip
        return self._dealt(cards, words)

    def _wrong_total(self) -> Planted | None:
        said = [self.total + d for d in (-2, -1, 1, 2) if 12 <= self.total + d <= 21]
        if not said or self.result.dealer_natural:
            return None
        told = self.rng.choice(said)
        nets = [seat.net for seat in self.result.seats]
        words = say(
            "The dealer announced %(told)s; his cards (%(cards)s) make %(total)s.",
            told=written(told),
            cards=_cards(self.dealer),
            total=written(self.total),
        )
        return self.dealer, told, nets, words

    def _wrong_payout(self) -> Planted | None:
        seats = [n for n, seat in enumerate(self.result.seats) if _plain_box(seat)]
        if not seats:
            return None
        index = self.rng.choice(seats)
        seat = self.result.seats[index]
        stake = seat.hands[0].bet
        wrong = [seat.net + d for d in (-stake, stake, -stake / 2, stake / 2) if d]
        nets = [s.net for s in self.result.seats]
        nets[index] = self.rng.choice(wrong)
        # In what the dealer does, as the round shows it ("takes 90"): a net "paid −90; it is
        # owed −45" read as a negative payment (a walk).
        words = say("Box %(box)s: the dealer %(paid)s; right: %(owed)s.",
                    box=written(index + 1), paid=paid_text(nets[index]),
                    owed=paid_text(seat.net))  # fmt: skip
        return self.dealer, self.total, nets, words

    def _missed_natural(self) -> Planted | None:
        if self.rules.blackjack_pays == 1:
            return None
        nets = [seat.net for seat in self.result.seats]
        for index, seat in enumerate(self.result.seats):
            for hand in seat.hands:
                if hand.outcome is Outcome.BLACKJACK:
                    nets[index] += hand.bet - hand.net
                    ratio = format_ratio(self.rules.blackjack_pays)
                    words = say("Box %(box)s's natural was paid 1:1, as a plain win"
                                " (%(paid)s); a natural pays %(ratio)s: %(owed)s.",
                                box=written(index + 1), paid=_signed(nets[index]),
                                ratio=ratio, owed=_signed(seat.net))  # fmt: skip
                    return self.dealer, self.total, nets, words
        return None


def _plain_box(seat: SeatResult) -> bool:
    return bool(seat.hands) and all(
        hand.outcome in (*_STANDING, Outcome.BUST) and not hand.natural for hand in seat.hands
    )


def _right_words(result: RoundResult) -> str:
    # Each box as the dealer settled it ("box 1: takes 35"): "21, and box 1 0" read as a sum.
    paid = say("; ").join(
        say("box %(box)s: %(paid)s", box=written(n), paid=paid_text(seat.net))
        for n, seat in enumerate(result.seats, 1)
    )
    return say("The dealer played this round right: %(total)s; %(paid)s.",
               total=written(result.dealer_total), paid=paid)  # fmt: skip


def deal_round(rules: Rules, seed: int, rate: int, number: int) -> CatchRound:
    """The round ``number`` of the run ``seed`` at ``rate`` percent of rounds with a mistake."""
    rng = random.Random(f"catch-the-dealer {rules.notation()} {seed} {number}")
    planted = rng.randrange(100) < rate
    wanted = rng.choice(list(KINDS))  # each kind as often: dealt again until it fits
    fallback: tuple[TableQuestion, RoundResult, str, Planted] | None = None
    for _ in range(_ATTEMPTS):
        # Mostly plain hands: the dealer plays his hand out against them.
        table = deal_table(rng, rules, rng.randint(1, 3), plain=6)
        planting = _Planting(rules, rng, table)
        result = planting.result
        if not planted:
            nets = tuple(seat.net for seat in result.seats)
            return CatchRound(rules, seed, rate, number, table, result, result.dealer_cards,
                              result.dealer_total, nets, None, _right_words(result))  # fmt: skip
        planted_as = planting.plant(wanted)
        if planted_as is not None:
            fallback = (table, result, wanted, planted_as)
            break
        if fallback is None:
            fallback = next(
                ((table, result, kind, p) for kind in KINDS if (p := planting.plant(kind))),
                None,
            )
    if fallback is not None:
        table, result, kind, (dealer, said, paid, words) = fallback
        return CatchRound(rules, seed, rate, number, table, result, dealer, said, tuple(paid),
                          kind, words)  # fmt: skip
    raise RuntimeError(f"no mistake could be planted under {rules.notation()}")  # pragma: no cover


def paid_text(amount: Fraction) -> str:
    """What the dealer did with a box: ``pays 15``, ``takes 10``, ``push``."""
    if amount > 0:
        return say("pays %(amount)s", amount=money(amount))
    if amount < 0:
        return say("takes %(amount)s", amount=money(-amount))
    return say("leaves the stake: a push")
