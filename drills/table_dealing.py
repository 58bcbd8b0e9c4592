"""The learner holding the deal or the bank (002 home, 004): the dealer's draws, graded.

At the dealer's turn the learner draws or stands "as he likes"; the right choice is the one
worth more to the bank by :func:`trainer.engine.dealer_choice.draw_evs`, from what the dealer
sees (his cards, every card shown, the punters' face-down cards as cards he has not seen).
The cost of a wrong choice is the bank's expected money it gave up. These grades are shown at
the table and counted in its summary; they are not attempts of a drill (no drill asks a
dealer's draw away from the table yet).

The dealer's doubling (002 deal method 3: after his first card, before the players' second)
is a step the learner takes and is shown, but not graded: its EV needs the whole round's
expectation from one card, which the engine does not compute yet.
"""

from __future__ import annotations

from fractions import Fraction

from drills.base import Grade
from trainer.engine.dealer_choice import StandingHand, draw_evs, unseen_values
from trainer.engine.round import Round
from trainer.engine.rules import Rules
from trainer.engine.settlement import is_natural
from trainer.engine.table_game import Ask

__all__ = ["WORDS", "dealer_grade", "standing_hands"]

WORDS = {"draw": "draw", "stand": "stand"}
_LETTER = {"H": "draw", "S": "stand"}


def standing_hands(round_: Round) -> list[StandingHand]:
    """The punters' hands still standing against the dealer, as the dealer sees them."""
    standing = []
    for seat in range(round_.seat_count):
        faces = round_.shown_in_play(seat)
        hands = round_.hands(seat)
        for hand, shown, stake in zip(hands, faces, round_.stakes(seat), strict=True):
            cards = hand.cards
            split = len(hands) > 1
            if hand.total > 21 or is_natural(cards, split=split):
                continue  # a bust or a natural is shown and settled at once
            seen = tuple(card for card, up in zip(cards, shown, strict=True) if up)
            standing.append(StandingHand(seen, len(cards) - len(seen), stake, split))
    return standing


def dealer_grade(rules: Rules, ask: Ask, step: str) -> Grade | None:
    """The grade of the dealer's choice ``step`` (``draw`` or ``stand``) where ``ask`` stops
    at the dealer's turn; None for any other step."""
    round_ = ask.round
    if ask.kind != "draw" or round_ is None or step not in WORDS:
        return None
    hands = standing_hands(round_)
    evs = draw_evs(rules, round_.dealer_cards, hands, unseen_values(rules, ask.seen))
    right = "draw" if evs["H"] > evs["S"] else "stand"
    chosen, best = evs["H" if step == "draw" else "S"], max(evs.values())
    cost = Fraction(f"{best - chosen:.6f}")
    return Grade(
        correct=step == right or cost == 0,
        answer=step,
        right_answer=right,
        explanation=(
            f"On your {round_.dealer_total} against {len(hands)} hand"
            f"{'s' if len(hands) != 1 else ''} still standing, standing is worth "
            f"{evs['S']:+.2f} to the bank and drawing (then choosing best) {evs['H']:+.2f}, "
            "counting the punters' face-down cards among the cards you have not seen."
        ),
        ev_cost=cost,
    )


def dealer_step(ask_kind: str, letter: str) -> str | None:
    """The step a dealer's key sends where the table waits at ``ask_kind``."""
    if ask_kind == "deal":
        return "deal"
    if ask_kind == "double":
        return {"D": "double 1", "N": "double 0"}.get(letter)
    if ask_kind == "draw":
        return _LETTER.get(letter)
    return None
