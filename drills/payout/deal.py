"""Making payout questions: stakes and cards arranged so the engine deals a round of the kind
asked."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from drills.base import InvalidQuestionError
from drills.payout.kinds import BOXES, CLUB, HOME, KINDS, RUSSIAN, SIX_FIVE, TWO_ONE, VEGAS
from drills.payout.money import money_text
from drills.payout.play import play_move, read_question_played, start_round
from drills.payout.question import NO_KIND, PayoutQuestion, rules_of
from trainer.engine.deck.cards import Card, pack
from trainer.engine.deck.hand import Hand
from trainer.engine.deck.shoe import ArrangedCards
from trainer.engine.play.round import Action, Phase, Round
from trainer.engine.rulebook.rules import Rules

_ATTEMPTS = 400  # tries at dealing a situation of the kind asked before giving up

_BETS = {
    VEGAS: (15, 25, 35, 45, 55, 75, 125, 7, 9, 13, 17, 21),
    SIX_FIVE: (10, 15, 25, 35, 45, 12, 7, 18, 22, 55),
    TWO_ONE: (10, 15, 25, 35, 45, 12, 17, 55),
    CLUB: (5, 10, 15, 20, 25, 7, 12, 30),
    HOME: (5, 10, 15, 20, 25, 7, 12, 30),
    BOXES: (10, 15, 20, 25, 35, 50, 75),
    RUSSIAN: (5, 10, 15, 20, 25, 7, 12, 50),
}
_CO_BETS = ((20, 10), (30, 20, 10), (50, 25, 25), (40, 20), (60, 30, 30), (20, 20), (30, 15, 15))


class _Pool:
    """The pack a question is dealt from; cards are taken by value."""

    def __init__(self, rng: random.Random, decks: int) -> None:
        self.rng = rng
        self.cards = pack(decks)
        rng.shuffle(self.cards)

    def take(self, value: int) -> Card:
        for index, card in enumerate(self.cards):
            if card.value == value:
                return self.cards.pop(index)
        raise LookupError(value)  # one deck runs out of a value a plan asks for five times


@dataclass
class _Plan:
    """A situation to deal: the player's first cards and draws, the dealer's first two."""

    player: list[int]
    up: int
    hole: int | None = None  # None: any card but one making a natural
    draws: tuple[int, ...] = ()  # cards the player's first hand draws, in order
    dealer_draws: tuple[int, ...] = ()
    insure: Fraction | None = None
    moves: Callable[[Round, random.Random], str] | None = None  # None: stand


def _natural_pair(rng: random.Random) -> list[int]:
    pair = [1, 10]
    rng.shuffle(pair)
    return pair


def _non_natural_hole(rng: random.Random, up: int) -> int:
    values = [v for v in range(1, 11) if {up, v} != {1, 10}]
    weights = [4 if v == 10 else 1 for v in values]
    return rng.choices(values, weights)[0]


def _plan(kind: str, rng: random.Random) -> _Plan:
    up = rng.choice([2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 1])
    if kind in ("natural-3-2", "natural-6-5", "natural-2-1", "russian-natural"):
        return _Plan(_natural_pair(rng), up)
    if kind == "insurance-wins":
        return _Plan(_two_card_hand(rng, 4, 20), 1, 10, insure=Fraction(1, 2))
    if kind == "insurance-loses":
        return _Plan(_two_card_hand(rng, 12, 20), 1, insure=rng.choice([Fraction(1, 2)] * 3))
    if kind == "even-money":
        return _Plan(_natural_pair(rng), 1, rng.choice([10, 10, 2, 5, 7, 9]), insure=Fraction(1, 2))
    if kind == "surrender":
        return _Plan(rng.choice([[10, 6], [10, 5], [9, 7], [9, 6]]), rng.choice([9, 10, 10, 1]),
                     moves=lambda r, g: "r")  # fmt: skip
    if kind == "split-double":
        pair = rng.choice([2, 3, 4, 6, 7, 8, 9])
        target = rng.choice([t for t in (9, 10, 11) if 2 <= t - pair <= 10])
        return _Plan([pair, pair], rng.choice([2, 3, 4, 5, 6, 7]), draws=(target - pair,),
                     moves=_split_play)  # fmt: skip
    if kind == "five-card-21":
        return _bonus_hand(rng, 5)
    if kind == "six-card-21":
        return _bonus_hand(rng, 6)
    if kind == "seven-seven-seven":
        return _Plan([7, 7], up, draws=(7,), moves=_hit_to_21)
    if kind == "eight-seven-six":
        values = [6, 7, 8]
        rng.shuffle(values)
        return _Plan(values[:2], up, draws=(values[2],), moves=_hit_to_21)
    if kind == "russian-bust":
        up, hole = rng.choice([(10, 6), (10, 5), (9, 7), (10, 2), (8, 6), (7, 5), (6, 10)])
        bust = rng.choice([v for v in range(2, 11) if up + hole + v > 21])
        return _Plan(_two_card_hand(rng, 13, 20), up, hole, dealer_draws=(bust,))
    if kind == "co-bettors":
        return _Plan(_two_card_hand(rng, 5, 20), rng.choice([2, 3, 4, 5, 6, 7, 8, 9, 10]),
                     moves=_simple_play)  # fmt: skip
    raise InvalidQuestionError.said_as(NO_KIND)


def _two_card_hand(rng: random.Random, low: int, high: int) -> list[int]:
    while True:
        cards = [rng.randint(1, 10), rng.randint(1, 10)]
        total = _best(cards)
        if low <= total <= high and total != 21:
            return cards


def _bonus_hand(rng: random.Random, size: int) -> _Plan:
    """``size`` card values making 21 only with the last card (no earlier total of 21 or more)."""
    while True:
        values = [rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8]) for _ in range(size)]
        totals = [_best(values[: n + 1]) for n in range(1, size)]
        if totals[-1] == 21 and all(total < 21 for total in totals[:-1]):
            up = rng.choice([2, 3, 4, 5, 6, 7, 8, 9, 10, 1])
            return _Plan(values[:2], up, draws=tuple(values[2:]), moves=_hit_to_21)


_CARD_OF_VALUE = {card.value: card for card in map(Card.parse, "A23456789T")}


def _best(values: Sequence[int]) -> int:
    """The best total of these card values (an ace is 1)."""
    return Hand(tuple(_CARD_OF_VALUE[value] for value in values)).total


def _hit_to_21(round_: Round, rng: random.Random) -> str:
    return "h"


def _split_play(round_: Round, rng: random.Random) -> str:
    legal = round_.legal_actions()
    total = round_.current_total
    if Action.SPLIT in legal and len(round_.hands(0)) == 1:
        return "p"
    if Action.DOUBLE in legal and total in (9, 10, 11):
        return "d"
    if Action.SPLIT in legal and rng.random() < 0.3:
        return "p"
    if Action.HIT in legal and (total < 12 or (total < 17 and rng.random() < 0.4)):
        return "h"
    return "s"


def _simple_play(round_: Round, rng: random.Random) -> str:
    legal = round_.legal_actions()
    total = round_.current_total
    if Action.DOUBLE in legal and total in (10, 11) and rng.random() < 0.7:
        return "d"
    if Action.SURRENDER in legal and total in (15, 16) and rng.random() < 0.3:
        return "r"
    if Action.HIT in legal and (total < 12 or (total < 17 and rng.random() < 0.5)):
        return "h"
    return "s"


def _arrange(rules: Rules, plan: _Plan, pool: _Pool) -> list[Card]:
    """The cards in deal order for one seat: the deal, the player's draws, the dealer's draws."""
    p1, p2 = (pool.take(value) for value in plan.player)
    up = pool.take(plan.up)
    hole_value = plan.hole if plan.hole is not None else _non_natural_hole(pool.rng, plan.up)
    hole = pool.take(hole_value)
    draws = [pool.take(value) for value in plan.draws]
    dealer_draws = [pool.take(value) for value in plan.dealer_draws]
    if rules.hole_card == "none":
        return [p1, up, p2, *draws, hole, *dealer_draws]
    return [p1, up, p2, hole, *draws, *dealer_draws]


def make_question(kind_slug: str, rng: random.Random) -> PayoutQuestion:
    """A fresh question of one kind, dealt with ``rng`` and played through the engine."""
    kind = KINDS[kind_slug]
    for _ in range(_ATTEMPTS):
        rules_text = rng.choice(kind.rules)
        rules = rules_of(rules_text)
        plan = _plan(kind_slug, rng)
        pool = _Pool(rng, rules.decks)
        try:
            arranged = _arrange(rules, plan, pool)
        except LookupError:  # a one-deck game (002 home) cannot deal this plan: plan again
            continue
        if kind_slug == "co-bettors":
            bets = tuple(Fraction(b) for b in rng.choice(_CO_BETS))
        else:
            bets = (Fraction(rng.choice(_BETS[rules_text])),)
        source = ArrangedCards(arranged + pool.cards)  # the arranged cards, then the pool
        moves: list[str] = []
        round_ = start_round(rules, source, bets)
        while round_.phase is not Phase.DONE:
            if round_.phase is Phase.INSURANCE:
                stake = bets[0] * plan.insure if plan.insure is not None else Fraction(0)
                move = f"ins={money_text(stake)}"
            elif plan.moves is None:
                move = "s"
            else:
                move = plan.moves(round_, rng)
            play_move(round_, move)
            moves.append(move)
        question = PayoutQuestion(
            kind_slug, rules_text, bets, tuple(source.dealt), tuple(moves), rng.choice(kind.asks)
        )
        try:
            read_question_played(str(question))
        except InvalidQuestionError:
            continue
        return question
    raise RuntimeError(f"could not deal a {kind_slug} question")  # pragma: no cover
