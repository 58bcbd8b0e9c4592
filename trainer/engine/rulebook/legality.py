"""Which decisions the rules allow: pure functions of (rules, hand, situation), written once.

The round (:class:`~trainer.engine.play.round.Round`) and the strategy engine
(:mod:`trainer.engine.strategy.ev`) both ask these functions, so a chart never prices a
decision the table refuses, nor leaves out one it allows. Each ``why_not_...`` returns ``None``
where the decision is allowed, and otherwise the reason, naming the rule option that forbids
it (the text of the round's :class:`~trainer.engine.play.round.IllegalActionError`).

A hand is described by plain values, so the round passes its hand in play and the strategy
engine its card counts without building anything:

- ``cards``: how many cards the hand holds;
- ``total`` and ``soft``: its best total, and whether an ace counts 11 in it;
- ``split``: the hand came from a split; ``split_ace``: it is a split ace;
- ``acted``: a decision has been taken on it already;
- ``hands_on_box``: how many hands its box holds (1 before any split);
- ``up``: the value of the dealer's up card (1 for an ace, 10 for a ten-value card).
"""

from __future__ import annotations

from trainer.engine.rulebook.rules import Rules

__all__ = [
    "DOUBLE_TOTALS",
    "NATURAL_EARLY",
    "early_surrender_offered",
    "split_limit",
    "why_not_double",
    "why_not_hit",
    "why_not_split",
    "why_not_surrender",
]

# The hard totals a ``double_on`` range allows, and the words for them.
DOUBLE_TOTALS: dict[str, tuple[int, ...]] = {"9-11": (9, 10, 11), "10-11": (10, 11)}
_DOUBLE_WORDS = {"9-11": "9, 10 and 11", "10-11": "10 and 11"}
# A natural asked early surrender (before the peek) has two plays only: it stands (it is paid
# after the peek, a push against the dealer's natural) or it surrenders half the bet.
NATURAL_EARLY = "natural: a natural is paid after the peek; it stands, or surrenders early"


def why_not_hit(rules: Rules, cards: int, *, split_ace: bool = False) -> str | None:
    """Why a hand of ``cards`` cards may not take another, or ``None`` when it may.

    (Reaching 21 ends a hand in play; that is the round's business, not a rule of drawing.)
    """
    if split_ace and rules.split_aces_one_card:
        return "split_aces_one_card: a split ace takes one card only"
    limit = rules.max_draws
    if limit is not None and cards - 2 >= limit:
        return f"max_draws: at most {limit} cards may be drawn to a hand"
    return None


def why_not_double(
    rules: Rules,
    cards: int,
    total: int,
    soft: bool,
    *,
    split: bool = False,
    split_ace: bool = False,
) -> str | None:
    """Why a hand may not double (one card more, twice the stake), or ``None`` when it may."""
    if rules.double_on == "none":
        return "double_on: this table has no doubling"
    if cards != 2:
        return "double: a hand may double on its first two cards only"
    if split and not rules.double_after_split:
        return "double_after_split: no doubling after a split"
    if split_ace and rules.split_aces_one_card:
        return "split_aces_one_card: a split ace takes one card only"
    allowed = DOUBLE_TOTALS.get(rules.double_on)
    if allowed is not None and (soft or total not in allowed):
        return f"double_on: doubling is allowed on {_DOUBLE_WORDS[rules.double_on]} only"
    return why_not_hit(rules, cards)


def split_limit(rules: Rules, value: int) -> int:
    """How many hands a pair of this value (1 = ace .. 10) may become on one box (1: none)."""
    if rules.max_split_hands < 2:
        return 1
    if value == 1 and not rules.resplit_aces:
        return 2
    return rules.max_split_hands


def why_not_split(
    rules: Rules,
    cards: int,
    first: int,
    second: int,
    *,
    same_rank: bool,
    hands_on_box: int = 1,
) -> str | None:
    """Why a hand may not be split, or ``None`` when it may.

    ``first`` and ``second`` are the values of its two cards, ``same_rank`` whether they are of
    one rank (a king and a queen are one value, two ranks). A pair of aces only ever comes from
    the deal or from splitting aces, so a box of more than one hand holding one has split aces.
    """
    if rules.max_split_hands < 2:
        return "max_split_hands: this table has no splitting"
    if cards != 2:
        return "split: only a hand of two cards may be split"
    if rules.split_by == "rank":
        if not same_rank:
            return "split_by: only two cards of the same rank may be split"
    elif first != second:
        return "split_by: only two cards of the same value may be split"
    if hands_on_box >= rules.max_split_hands:
        return f"max_split_hands: at most {rules.max_split_hands} hands from one box"
    if hands_on_box >= split_limit(rules, first):
        return "resplit_aces: aces may be split only once"
    return None


def why_not_surrender(
    rules: Rules,
    cards: int,
    up: int,
    *,
    acted: bool = False,
    split: bool = False,
    hands_on_box: int = 1,
) -> str | None:
    """Why a hand may not surrender (give up half its stake), or ``None`` when it may."""
    if rules.surrender == "none":
        return "surrender: this table has no surrender"
    if split or hands_on_box > 1:
        return "surrender: no surrender after a split"
    if acted or cards != 2:
        return "surrender: only as the first decision on the first two cards"
    if not rules.surrender_vs_ace and up == 1:
        return "surrender_vs_ace: no surrender against an ace"
    return None


def early_surrender_offered(rules: Rules, up: int) -> bool:
    """Whether the round stops for early surrender before the dealer checks for a natural.

    Only a peek game has that step, and only where the dealer will peek (a ten or an ace up).
    """
    return rules.surrender == "early" and rules.hole_card == "peek" and up in (1, 10)
