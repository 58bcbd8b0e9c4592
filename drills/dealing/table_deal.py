"""Dealing a whole table for the dealer's drills: each box given something to settle that its
rules pay (a natural, a pair to split, a hand to double, one to surrender, a bonus hand, a box
with co-bettors), the round played through the engine step by step, and the cards it drew and
the decisions it took written down as a :class:`~drills.dealing.table_round.TableQuestion`.

The cards come from a shuffled pack; a box's plan puts the card it needs next on top just
before the engine draws it, so every card is one the pack held and every step one the engine
took.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from drills.dealing.table_round import TableQuestion, apply_move, start
from drills.payout.money import money_text
from trainer.engine.deck.cards import pack
from trainer.engine.deck.shoe import ArrangedCards, ShoeExhaustedError
from trainer.engine.play.round import Action, Phase, Round
from trainer.engine.rulebook.rules import Rules

_ATTEMPTS = 200
_STAKES = (5, 10, 15, 25, 35, 45, 7, 9, 13, 17, 21, 50, 75, 3, 1, 2)
_LETTERS = {
    Action.HIT: "h",
    Action.STAND: "s",
    Action.DOUBLE: "d",
    Action.SPLIT: "p",
    Action.SURRENDER: "r",
}


def _pack(rng: random.Random, decks: int) -> ArrangedCards:
    """A shuffled pack the round draws from; a plan may put a card of a value on top."""
    cards = pack(decks)
    rng.shuffle(cards)
    return ArrangedCards(reversed(cards))  # the shuffled list's last card on top


@dataclass
class _Plan:
    """What one box is dealt for: its first two cards' values and the cards it draws."""

    kind: str
    first: tuple[int, ...] = ()  # the box's two cards; () any two
    draws: list[int] = field(default_factory=list)  # values its first hand draws, in order


def _choice_of_plans(rules: Rules, plain: int) -> list[str]:
    kinds = ["plain"] * plain + ["natural", "natural"]
    if rules.max_split_hands > 1:
        kinds.append("split")
    if rules.double_on != "none":
        kinds.append("double")
    if rules.surrender != "none":
        kinds.append("surrender")
    if rules.five_card_21_pays is not None or rules.seven_seven_seven_pays is not None:
        kinds += ["bonus", "bonus"]
    if rules.box_bettors > 1:
        kinds += ["co-bettors", "co-bettors"]
    return kinds


def _bonus_values(rng: random.Random, rules: Rules) -> tuple[int, ...]:
    """Cards making 21 with the last card only, paid as a bonus under these rules."""
    if rules.seven_seven_seven_pays is not None and rng.random() < 0.25:
        return (7, 7, 7)
    if rules.six_seven_eight_pays is not None and rng.random() < 0.25:
        values = [6, 7, 8]
        rng.shuffle(values)
        return tuple(values)
    size = 6 if rules.six_card_21_pays is not None and rng.random() < 0.3 else 5
    while True:
        values = [rng.choice((1, 2, 2, 3, 3, 4, 4, 5, 5, 6)) for _ in range(size - 1)]
        rest = 21 - _best(values)
        if 2 <= rest <= 10 and all(_best(values[:n]) < 21 for n in range(2, size)):
            values.append(rest)
            if _best(values) == 21:
                return tuple(values)


def _best(values: Sequence[int]) -> int:
    hard = sum(values)
    return hard + 10 if 1 in values and hard <= 11 else hard


def _plan(kind: str, rng: random.Random, rules: Rules) -> _Plan:
    if kind == "natural":
        pair = [1, 10]
        rng.shuffle(pair)
        return _Plan(kind, tuple(pair))
    if kind == "split":
        value = rng.choice((2, 3, 4, 6, 7, 8, 8, 9, 1))
        return _Plan(kind, (value, value))
    if kind == "double":
        low, high = {"9-11": (9, 11), "10-11": (10, 11)}.get(rules.double_on, (9, 11))
        total = rng.randint(low, high)
        first = rng.randint(max(2, total - 9), min(9, total - 2))
        return _Plan(kind, (first, total - first))
    if kind == "surrender":
        return _Plan(kind, rng.choice(((10, 6), (10, 5), (9, 7), (9, 6))))
    if kind == "bonus":
        values = _bonus_values(rng, rules)
        return _Plan(kind, values[:2], list(values[2:]))
    return _Plan(kind)


def _stakes(rng: random.Random, rules: Rules, kind: str) -> tuple[Fraction, ...]:
    high = rules.max_bet if rules.max_bet is not None else Fraction(500)
    fits = [Fraction(s) for s in _STAKES if rules.min_bet <= s <= high] or [rules.min_bet]
    if kind != "co-bettors":
        return (rng.choice(fits),)
    count = rng.randint(2, min(3, rules.box_bettors))
    for _ in range(20):
        stakes = tuple(rng.choice(fits) for _ in range(count))
        if sum(stakes) <= high:
            return stakes
    return (fits[0],)


@dataclass
class _Dealing:
    """A round being dealt: the rules, the pack, each box's plan, and the decisions so far."""

    rules: Rules
    rng: random.Random
    pack: ArrangedCards
    plans: list[_Plan]
    moves: list[str] = field(default_factory=list)

    def play(self, round_: Round, move: str) -> None:
        apply_move(round_, move)
        self.moves.append(move)


def _arrange_deal(dealing: _Dealing, up: int, hole: int | None) -> list[int | None]:
    """The values of the deal's cards in the order the engine draws them (None: any card)."""
    first = [plan.first[0] if plan.first else None for plan in dealing.plans]
    second = [plan.first[1] if plan.first else None for plan in dealing.plans]
    if dealing.rules.hole_card == "none":
        return [*first, up, *second]
    return [*first, up, *second, hole]


def _dealer_cards(rng: random.Random, rules: Rules) -> tuple[int, int | None]:
    """The dealer's up card and hole card (None: any), a natural now and then."""
    if rules.insurance and rng.random() < 0.3:
        up = 1
    else:
        up = rng.choice((2, 3, 4, 5, 6, 6, 5, 7, 8, 9, 10, 10, 10, 1))
    if rng.random() < 0.12 and up in (1, 10):
        return up, 11 - up
    hole = rng.choice([v for v in (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 1) if v + up != 11])
    return up, hole


def deal_table(rng: random.Random, rules: Rules, boxes: int, *, plain: int = 1) -> TableQuestion:
    """A fresh table of ``boxes`` boxes under ``rules``, dealt and played by the engine; a box
    is dealt a plain hand ``plain`` times as often as for a natural (half as often by default).

    :raises RuntimeError: when no round could be dealt (rules whose pack is too small).
    """
    for _ in range(_ATTEMPTS):
        kinds = _choice_of_plans(rules, plain)
        plans = [_plan(rng.choice(kinds), rng, rules) for _ in range(boxes)]
        stakes = tuple(_stakes(rng, rules, plan.kind) for plan in plans)
        dealing = _Dealing(rules, rng, _pack(rng, rules.decks), plans)
        up, hole = _dealer_cards(rng, rules)
        try:
            dealing.pack.arrange(_arrange_deal(dealing, up, hole))
            round_ = start(rules, dealing.pack, stakes)
            _play_round(dealing, round_)
        except (LookupError, ShoeExhaustedError):  # the pack ran out (of a value): deal again
            continue
        dealt = tuple(dealing.pack.dealt)
        return TableQuestion(rules.notation(), stakes, dealt, tuple(dealing.moves))
    raise RuntimeError(f"could not deal a table under {rules.notation()}")  # pragma: no cover


def _play_round(dealing: _Dealing, round_: Round) -> None:
    rng = dealing.rng
    seats = range(round_.seat_count)
    while round_.phase is not Phase.DONE:
        phase = round_.phase
        if phase is Phase.PLAYER_TURNS:
            dealing.play(round_, _turn(dealing, round_))
        elif phase is Phase.INSURANCE:
            stakes = [_insurance(dealing, round_, seat) for seat in seats]
            dealing.play(round_, "ins=" + ":".join(stakes))
        elif phase is Phase.EARLY_SURRENDER:
            wanted = [_surrenders(dealing, round_, seat) for seat in seats]
            dealing.play(round_, "es=" + ":".join("1" if yes else "0" for yes in wanted))
        elif phase is Phase.DEALER_DOUBLE:
            dealing.play(round_, "dd=1" if rng.random() < 0.3 else "dd=0")
        elif phase is Phase.REDOUBLE:
            dealing.play(round_, "rd=" + ":".join(rng.choice("0011") for _ in seats))
        else:  # pragma: no cover - misdeals are never dealt here
            raise RuntimeError(f"a dealt table stopped at {phase.value}")


def _insurance(dealing: _Dealing, round_: Round, seat: int) -> str:
    limit = round_.max_insurance(seat)
    hand = round_.hands(seat)[0]
    wants = 0.6 if hand.is_two_card_21 else 0.3  # even money is insurance on a natural
    return money_text(limit) if limit and dealing.rng.random() < wants else "0"


def _surrenders(dealing: _Dealing, round_: Round, seat: int) -> bool:
    hand = round_.hands(seat)[0]
    return dealing.plans[seat].kind == "surrender" and len(hand.cards) == 2


def _turn(dealing: _Dealing, round_: Round) -> str:
    """The decision for the hand to act: its plan's, else a plain player's."""
    seat = round_.current_seat or 0
    plan = dealing.plans[seat]
    legal = round_.legal_actions()
    hands = round_.hands(seat)
    total, soft = round_.current_total, round_.current_is_soft
    first_cards = len(round_.current_cards) == 2 and len(hands) == 1
    wanted: Action | None = None
    if plan.kind == "split" and first_cards and Action.SPLIT in legal:
        value = round_.current_cards[0].value
        if value != 1 and 9 - value >= 2:
            dealing.pack.put_on_top(dealing.rng.randint(max(2, 9 - value), min(10, 11 - value)))
        wanted = Action.SPLIT
    elif plan.kind == "surrender" and first_cards and Action.SURRENDER in legal:
        wanted = Action.SURRENDER
    elif plan.kind == "bonus" and plan.draws and len(hands) == 1 and Action.HIT in legal:
        dealing.pack.put_on_top(plan.draws.pop(0))
        wanted = Action.HIT
    elif total in (9, 10, 11) and not soft and Action.DOUBLE in legal:
        wanted = Action.DOUBLE if plan.kind in ("double", "split") or total == 11 else None
    if wanted is None:
        wanted = _plain(round_, total, soft)
    action = wanted if wanted in legal else Action.STAND
    return _LETTERS[action]


def _plain(round_: Round, total: int, soft: bool) -> Action:
    """A plain player's decision: draw to 12, to 17 against a high card (or none shown,
    004 as dealt: to 16), to soft 18."""
    if round_.rules.deal_faces == "all-down":
        return Action.HIT if total < 16 or (soft and total < 18) else Action.STAND
    up = round_.up_card.value
    if total < 12 or (soft and total < 18):
        return Action.HIT
    if total < 17 and (up >= 7 or up == 1):
        return Action.HIT
    return Action.STAND
